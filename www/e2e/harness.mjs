// Shared set-up for the end-to-end tests: the built demo (www/dist) served by `vite
// preview` on 127.0.0.1 at a free port, and headless Chromium driven by playwright-core.
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { preview } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = fileURLToPath(new URL("../test-results/", import.meta.url));

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the preview server and the browser; `close()` stops both. */
export async function start() {
  assert.ok(existsSync(`${root}/dist/index.html`), "www/dist is missing: run `npm run build` first");
  const port = await freePort();
  const server = await preview({ root, logLevel: "warn", preview: { host: "127.0.0.1", port, strictPort: true } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  return {
    url: `http://127.0.0.1:${port}/`,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** A fresh page with a new board; page errors fail the test in `done()`. */
export async function openTable(env, { regulation = "online", dealer = "N", vulnerability = "None" } = {}) {
  // A context per page (axe-core's Playwright runner needs one).
  const context = await env.browser.newContext({ viewport: { width: 1440, height: 1000 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(env.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption("#regulation", regulation);
  await page.selectOption("#dealer", dealer);
  await page.selectOption("#vulnerability", vulnerability);
  await page.click("#new-board");
  page.done = async (name) => {
    await shot(page, name);
    assert.deepEqual(errors, [], "no errors in the page");
    await context.close();
  };
  return page;
}

export async function viewAs(page, viewer) {
  await page.click(`#viewer-switch [data-viewer="${viewer}"]`);
  await page.waitForSelector(`body[data-viewer="${viewer}"]`);
}

/** Makes a call from the bidding box as `seat` (switching the viewer to him), after checking
 * that the box offers exactly his legal calls. */
export async function bid(page, seat, call) {
  await viewAs(page, seat);
  await assertBoxIsTheView(page);
  assert.ok((await offered(page)).includes(call), `${call} is offered to ${seat}`);
  await page.locator(`#box-panel .box-call[data-call="${call}"]`).click();
}

/** Types a call at the keyboard as `seat` (switching the viewer to him): the way to make a
 * call the box does not offer. */
export async function typeCall(page, seat, text) {
  await viewAs(page, seat);
  await page.fill("#box-panel .call-input", text);
  await page.press("#box-panel .call-input", "Enter");
}

/** An online page for East at a stand-in server that seats him after North's 1C and answers
 * no reconnection: `drop()` closes the socket. Close `context` and free `table` when done. */
export async function eastOnline(env, contextOptions = {}) {
  const { Table } = createRequire(import.meta.url)("bridge-laws");
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  table.apply({ seat: "N", type: "call", call: "1C" });
  const view = table.view("E");
  const context = await env.browser.newContext(contextOptions);
  const page = await context.newPage();
  let sockets = 0;
  let close;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (++sockets > 1) return; // the reconnection is never answered
    close = () => ws.close();
    ws.onMessage((m) => {
      if (JSON.parse(String(m)).type === "join") ws.send(JSON.stringify({ type: "joined", viewer: "E", version: table.streamVersion("E"), view, regulation: view.regulation }));
    });
  });
  await page.goto(`${env.url}?table=t1&token=x`);
  await page.waitForSelector('body[data-conn="open"]');
  return { table, context, page, drop: () => close() };
}

/** The offered calls in the bidding box, in box order: none while its calls are set aside (the
 * viewer waits: no call can be tabbed to or pressed), else its enabled buttons. */
export function offered(page) {
  return page.$eval("#box-panel .box-calls", (calls) => (calls.getAttribute("aria-hidden") === "true" ? [] : [...calls.querySelectorAll(".box-call:not(:disabled)")].map((b) => b.dataset.call)));
}

/** The box's contract with the viewer's view (read through window.__table): while he has no
 * call to make its calls are set aside; at his turn they are not, and exactly his legal calls are
 * enabled. */
export async function assertBoxIsTheView(page) {
  const viewer = await page.getAttribute("body", "data-viewer");
  const legal = (await viewOf(page, viewer)).legal_calls;
  const box = await page.$eval("#box-panel .box-calls", (calls) => ({
    waiting: calls.getAttribute("aria-hidden") === "true",
    tabbable: [...calls.querySelectorAll(".box-call")].filter((b) => b.tabIndex >= 0).length,
    enabled: [...calls.querySelectorAll(".box-call:not(:disabled)")].map((b) => b.dataset.call),
  }));
  assert.equal(box.waiting, legal.length === 0, `${viewer}'s calls are set aside exactly when he has none to make (${legal})`);
  assert.equal(box.tabbable, legal.length ? 1 : 0, `one call in the tab order at ${viewer}'s turn, none while he waits`);
  if (legal.length) assert.deepEqual([...box.enabled].sort(), [...legal].sort(), `${viewer}'s box enables exactly his legal calls`);
}

/** The calls in the auction grid, as the current viewer sees them. */
export function gridCalls(page) {
  return page.$$eval("#auction .bid", (cells) => cells.map((c) => c.querySelector(".sr-only, .call")?.textContent ?? ""));
}

/** The live table's view for `viewer`, read through the page's window.__table hook. */
export function viewOf(page, viewer) {
  return page.evaluate((v) => window.__table.view(v), viewer);
}

export async function shot(page, name) {
  mkdirSync(results, { recursive: true });
  await page.screenshot({ path: `${results}${name}.png`, fullPage: true });
}
