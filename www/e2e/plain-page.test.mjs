// A plain page, no bundler: the package's web build and bridge-laws/elements served as files,
// one module script — the README's "a page with the table's elements" without Vite.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import { extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import ts from "typescript";
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
  window.__Table = Table;
</script></body></html>`;
/** The README's page (its `index.html` elements and its `main.ts`, types stripped), with the
 *  package's web build and elements as files. */
function readmePage() {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const html = readme.match(/`index\.html`\n```html\n([\s\S]*?)```/)[1].replace(/<script[^>]*><\/script>/, "");
  const main = ts.transpileModule(readme.match(/```ts\n([\s\S]*?)```/)[1], { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
    .replace(/import \{ ([^}]*) \} from "bridge-laws";/, 'import init, { $1 } from "/pkg/web/bridge_laws.js"; await init();')
    .replace(/from "bridge-laws\/elements"/, 'from "/pkg/elements/index.js"');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>readme</title></head><body>${html}<script type="module">${main}</script></body></html>`;
}
const TYPES = { ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

let server, browser, url;
before(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    if (path === "/readme") return res.writeHead(200, { "content-type": "text/html" }).end(readmePage());
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
  assert.equal(await page.locator("bl-bidding-box .box-calls").getAttribute("aria-hidden"), "true", "North waits for East");
  assert.match(await page.locator('bl-announcer [role="log"]').textContent(), /You: one no trump/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the README's first page is playable: the dealer's box is live, and each call hands the box to the next player", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${url}readme`);
  const live = () => page.locator("bl-bidding-box .box-calls").evaluate((c) => !c.inert && c.querySelectorAll(".box-call:not(:disabled)").length > 0);
  await page.locator("bl-bidding-box .box-call").first().waitFor();
  assert.equal(await live(), true, "the box is live at the first call (not “waiting for North”)");
  assert.doesNotMatch(await page.locator("bl-bidding-box .box-hint").innerText(), /waiting/);
  for (const call of ["1C", "P", "1H", "P"]) {
    await page.locator(`bl-bidding-box .box-call[data-call="${call}"]:not(:disabled)`).click();
    assert.equal(await live(), true, `after ${call} the next player can call`);
  }
  assert.equal(await page.locator("bl-auction .bid").count(), 4, "four calls made on the README's page");
  assert.deepEqual(errors, []);
  await page.close();
});

/** The nodes of Chrome's own accessibility tree (what a screen reader is given; Playwright's
 * snapshot keeps inert and `display: none` content), as role, name and description. */
async function axNodes(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value, name: n.name?.value ?? "", description: n.description?.value ?? "" }));
}

/** The names of the buttons in Chrome's accessibility tree. */
async function axButtons(page) {
  return (await axNodes(page)).filter((n) => n.role === "button").map((n) => n.name);
}

test("the box's calls are set aside while the viewer waits, and exactly the lawful ones are enabled at his turn", async () => {
  const page = await browser.newPage();
  await page.goto(url);
  // The calls offered: none while the calls are set aside, else the enabled buttons — which must
  // be exactly the view's legal calls.
  const offered = () => page.evaluate(() => {
    const calls = document.querySelector("bl-bidding-box .box-calls");
    const enabled = [...calls.querySelectorAll(".box-call:not(:disabled)")].map((b) => b.dataset.call);
    const legal = window.__source.view().legal_calls;
    const aside = calls.getAttribute("aria-hidden") === "true";
    return { aside, enabled: aside ? [] : enabled, legal: enabled.filter((c) => legal.includes(c)).length === legal.length && enabled.length === legal.length, none: legal.length === 0 };
  });
  const north = await offered();
  assert.equal(north.aside, false);
  assert.equal(north.legal, true, `North's box is his legal calls: ${north.enabled}`);
  // By keyboard: the call made, the calls are set aside and the focus stays on the box's group
  // (whose description says whom he waits for), not thrown to the page's start.
  await page.locator('bl-bidding-box .box-call[data-call="1NT"]:not(:disabled)').focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__source.view().calls.length === 1);
  assert.equal(await page.evaluate(() => document.activeElement?.matches("bl-bidding-box .box[role=group]")), true, "the focus stays on the box");
  const waiting = await offered();
  assert.equal(waiting.aside, true, "North waits for East: the calls are set aside");
  assert.deepEqual(waiting.enabled, []);
  assert.equal(waiting.none, true, "and the view offers North nothing");
  // None of the calls is in Chrome's accessibility tree; the box's name and hint say whom he waits for.
  const spoken = await axButtons(page);
  assert.ok(spoken.includes("Bid"), `the page's other buttons are there: ${spoken}`);
  assert.deepEqual(spoken.filter((name) => /^(one|two|three|four|five|six|seven) |^(pass|double|redouble)$/.test(name)), [], "no call is spoken while North waits");
  const group = (await axNodes(page)).find((n) => n.role === "group" && n.name.startsWith("Bidding box"));
  assert.equal(group?.description, "waiting for East", "the box's group is described by its hint");
  assert.match(await page.locator("bl-bidding-box .box-hint").innerText(), /waiting for East/);
  // A call can be neither tabbed to, nor focused or made by a press (2C, enabled at North's
  // last turn, left as it was).
  assert.equal(await page.locator("bl-bidding-box .box-call").evaluateAll((bs) => bs.filter((b) => b.tabIndex >= 0).length), 0, "no call in the tab order");
  const twoClubs = page.locator('bl-bidding-box .box-call[data-call="2C"]');
  const at = await twoClubs.boundingBox();
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  assert.equal(await twoClubs.evaluate((b) => document.activeElement === b), false, "a press on a waiting call takes no focus");
  assert.equal(await page.evaluate(() => window.__source.view().calls.length), 1, "a click on a waiting box makes no call");
  await page.evaluate(() => (window.__source.viewer = "E"));
  const east = await offered();
  assert.equal(east.aside, false);
  assert.equal(east.legal, true, `East's box is his legal calls: ${east.enabled}`);
  assert.ok(east.enabled.includes("2C") && east.enabled.includes("X") && !east.enabled.includes("1NT") && !east.enabled.includes("1S"), `East's box: ${east.enabled}`);
  await page.locator('bl-bidding-box .box-call[data-call="2C"]').click();
  await page.evaluate(() => (window.__source.viewer = "S"));
  const south = await offered();
  assert.equal(south.aside, false);
  assert.equal(south.legal, true, `South's box is his legal calls: ${south.enabled}`);
  assert.ok(south.enabled.includes("2D") && south.enabled.includes("X") && !south.enabled.includes("2C") && !south.enabled.includes("XX"), `South's box: ${south.enabled}`);
  // His turn: the calls are in the accessibility tree again, the unlawful ones announced disabled.
  assert.ok((await axButtons(page)).includes("two diamonds"));
  assert.match(await page.locator("bl-bidding-box .box").ariaSnapshot(), /button "two clubs" \[disabled\]/);
  await page.close();
});

test("a call's \"?\" is spoken exactly while the viewer may ask about it, one viewer throughout", async () => {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__source);
  // East's page, at a table where questions wait for one's own turn (online tournament); the
  // other seats' calls are made at the table behind it (as pushes would come).
  await page.evaluate(() => {
    window.__source.table = new window.__Table({ dealer: "N", vulnerability: "None", regulation: "online_tournament" });
    window.__source.viewer = "E";
  });
  const asks = async () => {
    const spoken = (await axButtons(page)).filter((n) => n.startsWith("Ask "));
    const visible = await page.$$eval("bl-auction button.ask", (bs) => bs.filter((b) => b.checkVisibility()).map((b) => Number(b.closest(".bid").dataset.index)));
    const askable = await page.evaluate(() => window.__source.view().askable);
    return { spoken, visible, askable };
  };
  const play = (seat, call) => page.evaluate(([seat, call]) => {
    const s = window.__source;
    if (!s.table.apply({ seat, type: "call", call }).ok) throw new Error(`${seat} ${call}`);
    s.changed();
  }, [seat, call]);
  await play("N", "1NT");
  let a = await asks();
  assert.deepEqual(a.askable, [0], "East may ask about 1NT at his turn");
  assert.deepEqual(a.visible, [0]);
  assert.deepEqual(a.spoken, ["Ask North’s side about one no trump"]);
  await play("E", "2C");
  a = await asks();
  assert.deepEqual([a.askable, a.visible, a.spoken], [[], [], []], "no \"?\" while South is to call");
  await play("S", "P");
  await play("W", "P");
  a = await asks();
  assert.deepEqual([a.askable, a.visible, a.spoken], [[], [], []], "nor while North is");
  await play("N", "2NT");
  a = await asks();
  assert.deepEqual(a.askable, [0, 2, 4], "East's turn: North's and South's calls");
  assert.deepEqual(a.visible, a.askable, "a \"?\" on each, none on his side's");
  assert.deepEqual(a.spoken, ["Ask North’s side about one no trump", "Ask South’s side about pass", "Ask North’s side about two no trump"]);
  await play("E", "P");
  a = await asks();
  assert.deepEqual([a.askable, a.visible, a.spoken], [[], [], []]);
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

test("a page playing board after board from pushes draws every push as a fresh page does", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.__Table);
  const differences = await page.evaluate(async () => {
    const { SeatTable, Table, parseCall } = await import("/pkg/web/bridge_laws.js");
    const { fromSeatTable } = await import("/pkg/elements/index.js");
    // Calls in turn from the dealer; `!` alerts and explains a call (online, self-alerting).
    const boards = [
      ["N", "1C", "1H!", "1S", "P", "2C", "P", "P", "P"],
      ["E", "P", "1NT", "P", "2C!", "P", "2D", "P", "P", "P"],
      ["S", "1D", "X", "XX", "P", "P", "1H", "P", "P", "P"],
      ["W", "1S", "P", "2S", "P", "P", "3H!", "P", "4S", "P", "P", "P"],
    ];
    const SEATS = ["N", "E", "S", "W"];
    const kept = document.body.appendChild(document.createElement("bl-auction"));
    const fresh = document.body.appendChild(document.createElement("bl-auction"));
    const send = () => Promise.resolve(undefined);
    // What a player sees and hears: a "?" hidden, or out of sight while the grid asks nothing,
    // is not there.
    const seen = (el) => {
      const table = el.querySelector("table").cloneNode(true);
      const asking = table.classList.contains("asking");
      for (const b of table.querySelectorAll("button.ask")) if (!asking || b.hidden) b.remove();
      if (!asking) for (const c of table.querySelectorAll(".askable")) c.classList.remove("askable");
      return table.outerHTML;
    };
    const out = [];
    // Each board twice, each time seen from another seat (a call is an opponent's or not).
    for (let round = 0; round < 8; round++) {
      const [dealer, ...calls] = boards[round % boards.length];
      const viewer = SEATS[(round + Math.floor(round / 4)) % 4];
      const t = new Table({ dealer, vulnerability: "None", regulation: "online" });
      const st = new SeatTable(viewer, 0, t.view(viewer));
      const source = fromSeatTable(st, send, parseCall);
      kept.source = source;
      let at = SEATS.indexOf(dealer);
      for (const [i, c] of calls.entries()) {
        const call = c.replace("!", "");
        const alert = c.endsWith("!") ? { alert: true, explanation: `meaning of ${call}` } : {};
        const ok = t.apply({ type: "call", seat: SEATS[at], call, ...alert }).ok;
        if (!ok) return [`round ${round}: ${call} refused`];
        at = (at + 1) % 4;
        st.receive({ entries: t.eventsSince(viewer, st.version), view: t.view(viewer) });
        source.changed();
        fresh.source = fromSeatTable(st, send, parseCall);
        if (seen(kept) !== seen(fresh)) out.push(`round ${round}, ${viewer} after call ${i + 1}:\n${seen(kept)}\n${seen(fresh)}`);
      }
      st.free();
      t.free();
    }
    return out;
  });
  assert.deepEqual(differences, []);
  assert.deepEqual(errors, []);
  await page.close();
});
