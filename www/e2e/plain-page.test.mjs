// A plain page, no bundler: the package's web build and bridge-laws/elements served as files,
// one module script — the README's "a page with the table's elements" without Vite.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import { extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./harness.mjs";

const pkg = fileURLToPath(new URL("../../pkg/", import.meta.url));
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>plain</title></head><body>
<bl-auction></bl-auction> <bl-bidding-box></bl-bidding-box> <bl-feed></bl-feed> <bl-announcer></bl-announcer>
<script type="module">
  import init, { Table, parseCall } from "/pkg/web/bridge_laws.js";
  import { fromTable } from "/pkg/elements/index.js";
  await init();
  const source = fromTable(new Table({ dealer: "N", vulnerability: "None", regulation: "online" }), "N", parseCall);
  for (const el of document.querySelectorAll("bl-auction, bl-bidding-box, bl-feed, bl-announcer")) el.source = source;
  window.__source = source;
</script></body></html>`;
const TYPES = { ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

let server, browser, url;
before(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    const file = normalize(join(pkg, path.replace(/^\/pkg\//, "")));
    if (!path.startsWith("/pkg/") || !file.startsWith(pkg)) return res.writeHead(404).end();
    try {
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("a plain page without a bundler gets a lawful bidding box from one module script", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.locator('bl-bidding-box .box-call[data-call="1NT"]:not(:disabled)').click();
  assert.match(await page.locator("bl-auction .bid").first().getAttribute("data-label"), /North: one no trump/);
  assert.equal(await page.locator('bl-bidding-box .box-call:not(:disabled)').count(), 0, "North waits for East");
  assert.match(await page.locator('bl-announcer [role="log"]').textContent(), /You: one no trump/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the box's calls are disabled while the viewer waits, and only the lawful ones come back at his turn", async () => {
  const page = await browser.newPage();
  await page.goto(url);
  const offered = () => page.$$eval("bl-bidding-box .box-call:not(:disabled)", (bs) => bs.map((b) => b.dataset.call));
  await page.locator('bl-bidding-box .box-call[data-call="1NT"]:not(:disabled)').click();
  assert.deepEqual(await offered(), [], "North waits for East");
  // The calls are announced disabled and cannot be pressed.
  assert.match(await page.locator("bl-bidding-box .box").ariaSnapshot(), /button "two clubs" \[disabled\]/);
  assert.equal(await page.locator('bl-bidding-box .box-call[data-call="2C"]').isDisabled(), true);
  await page.evaluate(() => (window.__source.viewer = "E"));
  const east = await offered();
  assert.ok(east.includes("2C") && east.includes("X") && !east.includes("1NT") && !east.includes("1S"), `East's box: ${east}`);
  await page.locator('bl-bidding-box .box-call[data-call="2C"]').click();
  await page.evaluate(() => (window.__source.viewer = "S"));
  const south = await offered();
  assert.ok(south.includes("2D") && south.includes("X") && !south.includes("2C") && !south.includes("XX"), `South's box: ${south}`);
  await page.close();
});

test("the live region keeps its newest lines and drops the oldest", async () => {
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator('bl-bidding-box .box-call[data-call="1NT"]:not(:disabled)').click();
  const lines = await page.evaluate(() => {
    const announcer = document.querySelector("bl-announcer");
    for (let i = 0; i < 130; i++) announcer.say(`line ${i}`);
    return [...announcer.querySelectorAll('[role="log"] p')].map((p) => p.textContent);
  });
  assert.ok(lines.length >= 50 && lines.length < 100, `${lines.length} lines kept`);
  assert.deepEqual(lines.slice(-50), Array.from({ length: 50 }, (_, i) => `line ${80 + i}`));
  await page.close();
});
