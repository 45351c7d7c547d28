// The elements in headless Chromium, as a seat's page draws them push after push: a push
// redraws only what it changed (the bidding box of a player who waits is left as it was but
// for its hint, the auction's earlier rows are left alone), each element contains its own
// layout, and the live region's lines, which the browser neither styles nor lays out, are
// still in the accessibility tree a screen reader reads. A hand draws the engine's cards
// alone at a table given the deal, and a page's cards as the page keeps them without one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, test } from "node:test";
import { PKG, built } from "./built.mjs";
import { fromWww } from "./built.mjs";

const { chromium } = fromWww("playwright-core");
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".html": "text/html" };
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>elements</title></head><body><main>
<bl-auction></bl-auction><bl-bidding-box></bl-bidding-box><bl-decision></bl-decision><bl-feed></bl-feed><bl-announcer></bl-announcer>
</main><script type="module">
import init, { SeatTable, Table, parseCall } from "/pkg/web/bridge_laws.js";
import { fromSeatTable, fromTable } from "/pkg/elements/index.js";
await init();
// For the hands' tests: tables of their own.
window.lib = { Table, fromTable, parseCall };
// South's page online: the server's table, and what South is pushed after each call.
const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
const seat = new SeatTable("S", table.streamVersion("S"), table.view("S"));
const source = fromSeatTable(seat, () => Promise.resolve(undefined), parseCall);
for (const el of document.querySelectorAll("main > *")) el.source = source;
let order = ["N", "E", "S", "W"], next = 0;
window.call = (call) => {
  const version = seat.version ?? undefined;
  const from = table.streamVersion("S");
  if (!table.apply({ seat: order[next++ % 4], type: "call", call }).ok) throw new Error("refused: " + call);
  // The whole view as the push (a SeatTable folds a patch or a view alike).
  seat.receive({ entries: table.eventsSince("S", from), view: table.view("S") });
  source.changed();
};
window.ready = true;
</script></body></html>`;

let server;
let browser;
let page;

before(async () => {
  built("index.js");
  server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x").pathname;
    if (url === "/") return res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE);
    const file = path.join(PKG, url.replace(/^\/pkg\//, ""));
    if (!url.startsWith("/pkg/") || url.includes("..")) return res.writeHead(404).end();
    try {
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "text/plain" }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 10000 }).catch((e) => {
    throw new Error(`${e.message}; page errors: ${errors.join("; ")}`);
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** What `run` changes under `selector`: each mutation as "kind target" (the target's tag and class, or "#text"). */
function mutations(selector, run) {
  return page.evaluate(([selector, run]) => {
    const root = document.querySelector(selector);
    const seen = [];
    const name = (n) => (n.nodeType === 3 ? "#text" : `${n.localName}${n.className ? "." + String(n.className).split(" ").join(".") : ""}`);
    const mo = new MutationObserver((records) => {
      for (const r of records) seen.push({ kind: r.type, target: name(r.target), attribute: r.attributeName, row: r.target.closest?.("tr")?.rowIndex ?? r.target.parentElement?.closest("tr")?.rowIndex ?? null });
    });
    mo.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const c of run) window.call(c);
    const left = mo.takeRecords();
    mo.disconnect();
    for (const r of left) seen.push({ kind: r.type, target: name(r.target), attribute: r.attributeName, row: null });
    return seen;
  }, [selector, run]);
}

test("a push while the player waits changes his bidding box's hint and nothing else", async () => {
  // North deals: North's and East's calls come before South's turn.
  const seen = await mutations("bl-bidding-box", ["1C"]);
  assert.deepEqual(seen.map((m) => `${m.kind} ${m.target}`), ["characterData #text"], JSON.stringify(seen));
});

test("the player's turn again writes only the calls whose legality changed since his last, not every button", async () => {
  // East 1H: South's first turn; South passes, West passes, North bids 1S.
  await page.evaluate(() => ["1H", "P", "P", "1S"].forEach((c) => window.call(c)));
  const seen = await mutations("bl-bidding-box", ["P"]);
  // East passes: 1S no longer outbids, and South may not double his partner; the roving call
  // (out of the tab order while he waited) is 1NT; the calls come back into the
  // accessibility tree; the box says it is his turn; the hint.
  assert.deepEqual(seen.map((m) => `${m.target} ${m.attribute ?? ""}`.trim()).sort(),
    ["#text", "bl-bidding-box.my-turn class", "button.box-call disabled", "button.box-call disabled", "button.box-call tabindex", "div.box-calls aria-hidden"]);
});

test("a push redraws the auction's last rows alone, never its head or the rows before", async () => {
  await page.evaluate(() => ["2S", "P"].forEach((c) => window.call(c)));
  const seen = await mutations("bl-auction", ["3S"]);
  assert.ok(seen.length > 0);
  const rows = await page.evaluate(() => document.querySelectorAll("bl-auction tbody tr").length);
  for (const m of seen) assert.ok(m.row === null || m.row >= rows - 1, `row ${m.row} of ${rows} touched: ${JSON.stringify(m)}`);
  assert.ok(!seen.some((m) => m.target === "thead" || m.target === "caption"), JSON.stringify(seen));
});

test("a push writes the auction's call and next-call mark in the cells' boxes, laid out apart: no cell or row made", async () => {
  // East passes in the middle of a row (North dealt, West first): the mark moves to South's cell.
  const seen = await mutations("bl-auction", ["P"]);
  assert.ok(seen.some((m) => m.kind === "childList"), JSON.stringify(seen));
  for (const m of seen) {
    if (m.kind === "childList") assert.equal(m.target, "div.slot", JSON.stringify(m));
    else assert.match(`${m.target} ${m.attribute}`, /^td(\.[a-z-]+)* (class|aria-label)$/, JSON.stringify(m));
  }
  const boxes = await page.evaluate(() => [...document.querySelectorAll("bl-auction td > .slot")].map((b) => getComputedStyle(b).contain));
  assert.ok(boxes.length >= 8 && boxes.every((c) => /size layout style|strict/.test(c)), boxes.join(", "));
});

test("each call's words in the auction's grid are in the accessibility tree, hidden in place, not out of flow", async () => {
  const cells = await page.evaluate(() => [...document.querySelectorAll("bl-auction .bid[data-index] > .sr-only")]
    .map((sr) => ({ words: sr.textContent, position: getComputedStyle(sr).position, label: sr.parentElement.getAttribute("data-label") })));
  assert.ok(cells.length >= 4, JSON.stringify(cells));
  for (const c of cells) {
    assert.equal(c.position, "static", JSON.stringify(c));
    assert.equal(c.words, c.label, "the words read are the cell's label");
  }
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const heard = new Set(nodes.filter((n) => !n.ignored && n.role?.value === "StaticText").map((n) => n.name?.value));
  for (const c of cells) assert.ok(heard.has(c.words), `"${c.words}" is read`);
});

test("the bidding box's hint is written in a line laid out apart", async () => {
  const contain = await page.evaluate(() => getComputedStyle(document.querySelector("bl-bidding-box .box-hint-line")).contain);
  assert.match(contain, /size layout style|strict/);
});

test("every element contains its own layout and style", async () => {
  const contain = await page.evaluate(() => [...document.querySelectorAll("main > *")].map((el) => `${el.localName} ${getComputedStyle(el).contain}`));
  for (const c of contain) assert.match(c, /layout style$/, c);
});

test("the live region lays its lines out in blocks apart, and they are in the accessibility tree", async () => {
  const log = await page.evaluate(() => {
    const announcer = document.querySelector("bl-announcer");
    for (let i = 0; i < 25; i++) announcer.say(`line ${i} of the log`);
    const log = announcer.querySelector("[role=log]");
    return { blocks: [...log.children].map((b) => `${b.childElementCount} ${getComputedStyle(b).contain}`), last: log.lastElementChild.lastElementChild.textContent };
  });
  assert.equal(log.last, "line 24 of the log");
  assert.ok(log.blocks.length >= 3, log.blocks.join(", "));
  for (const b of log.blocks) assert.match(b, /^([1-9]|10) (strict|size layout paint style)$/, b);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const inLog = (n) => {
    for (let p = byId.get(n.parentId); p; p = byId.get(p.parentId)) if (p.role?.value === "log") return true;
    return false;
  };
  const heard = nodes.filter((n) => !n.ignored && n.role?.value === "StaticText" && inLog(n)).map((n) => n.name?.value);
  assert.ok(heard.includes("line 24 of the log") && heard.includes("line 0 of the log"), JSON.stringify(heard));
});

/** What a `<bl-hand seat>` draws for `viewer` of a table with `options` bid to 1NT by North
 *  (East on lead), the page having set `cards` on it, before and after `act` (an action of
 *  the table's, applied outside the source): its cards, whether they are shown, its words. */
function handAt(options, viewer, seat, cards, act) {
  return page.evaluate(([options, viewer, seat, cards, act]) => {
    const { Table, fromTable, parseCall } = window.lib;
    const table = new Table(options);
    for (const [s, call] of [["N", "1NT"], ["E", "P"], ["S", "P"], ["W", "P"]]) {
      if (!table.apply({ seat: s, type: "call", call }).ok) throw new Error("refused: " + call);
    }
    const source = fromTable(table, viewer, parseCall);
    const hand = document.createElement("bl-hand");
    hand.setAttribute("seat", seat);
    document.body.append(hand);
    hand.cards = cards;
    hand.source = source;
    const drawn = () => ({
      cards: [...hand.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
      offered: [...hand.querySelectorAll("button.hand-card:not(:disabled)")].map((c) => c.dataset.card),
      shown: hand.dataset.shown,
      words: hand.textContent,
    });
    const before = { ...drawn(), dealt: source.view().dealt ?? false, may_play: source.view().may_play };
    let after = null;
    if (act) {
      if (!table.apply(act).ok) throw new Error("refused: " + JSON.stringify(act));
      source.changed();
      after = drawn();
    }
    hand.remove();
    table.free();
    return { before, after };
  }, [options, viewer, seat, cards, act ?? null]);
}

const ONLINE = { dealer: "N", vulnerability: "None", regulation: "online" };
const NORTH = ["SA", "SK", "SQ", "HA", "HK", "HQ", "DA", "DK", "DQ", "CA", "CK", "CQ", "CJ"];
const EAST = ["SJ", "ST", "S9", "HJ", "HT", "H9", "DJ", "DT", "D9", "CT", "C9", "C8", "C7"];

test("<bl-hand> at a table given the deal draws and offers none of a page's cards: the engine shows East no hand, he is shown none", async () => {
  // A partial deal: North's hand alone. East, on lead, is shown no hand by the engine.
  const { before } = await handAt({ ...ONLINE, deal: { N: NORTH } }, "E", "E", EAST);
  assert.equal(before.dealt, true, "the view says the table is dealt");
  assert.equal(before.may_play, true, "East may lead");
  assert.deepEqual(before.cards, [], "none of the page's cards drawn");
  assert.deepEqual(before.offered, [], "nor offered");
  assert.equal(before.shown, "false");
  assert.match(before.words, /13 cards, not shown to you/);
});

test("<bl-hand> at a table given the deal draws the engine's hand, not the page's", async () => {
  const { before } = await handAt({ ...ONLINE, deal: { N: NORTH } }, "N", "N", EAST);
  assert.deepEqual([...before.cards].sort(), [...NORTH].sort(), "North's own cards, as the engine holds them");
});

test("<bl-hand> at a table without the deal draws the page's cards exactly as the page keeps them: it takes none out and hides none", async () => {
  // West's page, drawing East's hand as the page gave it (the page decides whom it shows).
  const { before, after } = await handAt(ONLINE, "W", "E", EAST, { seat: "E", type: "play", card: "SJ" });
  assert.equal(before.dealt, false);
  assert.deepEqual([...before.cards].sort(), [...EAST].sort(), "drawn to West as the page gave it");
  assert.deepEqual([...after.cards].sort(), [...EAST].sort(), "the card East played is still there until the page takes it out");
});
