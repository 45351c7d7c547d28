// A hostile page: the elements handed whatever a page may hand them — wrong types, getters and
// Proxies that throw, huge strings, unknown viewers, freed tables, codes named like Object's
// own properties. Each case, on a fresh page, must either work or throw a `BridgeLawsError`
// with a code; and after it, the page's other elements still draw every call (one made by
// another source of their table, and one element added later), nothing is wider than its box,
// no catalog key or "undefined" is shown, and every hidden part is out of sight.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import http from "node:http";
import { extname, join, normalize } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "./harness.mjs";

// The package's build (another one with BL_PKG=/abs/dir/, say main's to see what breaks there).
const pkg = process.env.BL_PKG ?? fileURLToPath(new URL("../../pkg/", import.meta.url));
const TAGS = ["bl-bidding-box", "bl-auction", "bl-decision", "bl-feed", "bl-hand", "bl-announcer"];

// The page: one board ("good") drawn by every element for North, a second board ("other") with
// its own elements for the cases to break, and the checks each case ends with. No site CSS:
// the elements' own styles only.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hostile</title><link rel="icon" href="data:,"></head><body>
<main id="good" style="width: 420px">${TAGS.map((t) => `<${t}${t === "bl-hand" ? ' seat="N"' : ""}></${t}>`).join("")}</main>
<section id="other" style="width: 420px"></section>
<section id="late" style="width: 420px"></section>
<script type="module">
  import init, { Table, SeatTable, parseCall } from "/pkg/web/bridge_laws.js";
  import * as E from "/pkg/elements/index.js";
  await init();
  const TAGS = ${JSON.stringify(TAGS)};
  const NORTH = ["SA", "SK", "SQ", "HA", "HK", "HQ", "DA", "DK", "DQ", "CA", "CK", "CQ", "CJ"];
  const online = { dealer: "N", vulnerability: "None", regulation: "online" };
  const table = new Table(online);
  const good = E.fromTable(table, "N", parseCall);
  for (const el of document.querySelectorAll("#good > *")) el.source = good;
  document.querySelector("#good bl-hand").cards = NORTH;
  const errors = [];
  addEventListener("error", (e) => errors.push(String(e.message)));
  addEventListener("unhandledrejection", (e) => errors.push(String(e.reason?.message ?? e.reason)));

  /** Six elements for \`source\` in #other (a hand for \`seat\`). */
  function others(source, seat = "N") {
    const els = TAGS.map((t) => document.createElement(t));
    els[4].setAttribute("seat", seat);
    document.querySelector("#other").append(...els);
    for (const el of els) el.source = source;
    return els;
  }

  /** A page's own source: a real source's view as \`edit\` changes it. */
  function edited(source, edit) {
    const listeners = new Set();
    return {
      get viewer() { return source.viewer; }, connected: true, lastAct: null,
      view: () => edit(structuredClone(source.view())),
      act: (a) => source.act(a), parseCall: source.parseCall,
      subscribe: (f) => (listeners.add(f), () => listeners.delete(f)),
      changed: () => listeners.forEach((f) => f()),
    };
  }

  /** What was thrown, as plain data. */
  function thrown(e) {
    return { name: e?.name, code: e?.code, message: String(e?.message ?? e).slice(0, 200) };
  }

  /** Runs a case: what it threw (null: nothing), and what it found wrong itself. */
  window.attempt = async (f) => {
    try {
      const problems = (await f()) ?? [];
      return { threw: null, problems };
    } catch (e) {
      return { threw: thrown(e), problems: [] };
    }
  };

  const RAW = /\\b(?:ui|seat|call|card|suit|strain|rank|event|decision|pending|offer|level)\\.[A-Za-z_][\\w.]*|\\bundefined\\b|\\[object |\\bNaN\\b|null pointer|\\bfunction \\w*\\(/;

  /** After a case: the good board still draws every change, nothing overflows or shows a key. */
  window.check = async () => {
    const problems = [];
    try {
      await checks(problems);
    } catch (e) {
      problems.push("the checks threw: " + thrown(e).name + " " + thrown(e).message);
    }
    problems.push(...errors.map((e) => "page error: " + e));
    return problems;
  };

  async function checks(problems) {
    const v = table.view("director");
    if (v.phase === "auction" && v.turn) {
      const legal = table.legalCalls(v.turn);
      const call = legal.find((c) => /^[1-7]/.test(c)) ?? legal[0];
      try {
        const out = await E.fromTable(table, v.turn, parseCall).act({ type: "call", call });
        if (!out?.ok) problems.push("a good call was refused: " + JSON.stringify(out));
      } catch (e) {
        problems.push("a good call threw: " + thrown(e).message);
      }
    }
    const calls = table.view("N").calls.length;
    const drawn = document.querySelectorAll("#good bl-auction .bid").length;
    if (drawn !== calls) problems.push(\`the good auction draws \${drawn} calls of \${calls}\`);
    const late = document.createElement("bl-auction");
    document.querySelector("#late").append(late);
    late.source = good;
    const lateDrawn = late.querySelectorAll(".bid").length;
    if (lateDrawn !== calls) problems.push(\`an auction added later draws \${lateDrawn} calls of \${calls}\`);
    const legal = table.legalCalls("N");
    const calls2 = document.querySelector("#good bl-bidding-box .box-calls");
    const enabled = calls2.inert || calls2.getAttribute("aria-hidden") === "true" ? [] : [...calls2.querySelectorAll(".box-call:not(:disabled)")].map((b) => b.dataset.call);
    if (enabled.sort().join() !== [...legal].sort().join()) problems.push(\`the good box offers \${enabled} where North may call \${legal}\`);
    const held = document.querySelectorAll("#good bl-hand .hand-card").length;
    if (held !== 13) problems.push(\`the good hand shows \${held} cards\`);
    const announcer = document.querySelector("#good bl-announcer");
    const lines = announcer.querySelector("[role=log]").textContent;
    const said = E.callWords(E.messages(announcer.getAttribute("locale") ?? "en"), table.view("N").calls.at(-1)?.call ?? "P");
    if (calls && !lines.includes(said)) problems.push("the good live region missed the last call: " + lines.slice(-200));
    for (const el of document.querySelectorAll(TAGS.join(","))) {
      const where = \`\${el.parentElement?.id} \${el.localName}\`;
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > Math.ceil(box.width) + 1) problems.push(\`\${where} overflows: \${el.scrollWidth} px in \${box.width}\`);
      const texts = [el.textContent, ...[...el.querySelectorAll("*")].flatMap((n) => ["aria-label", "title", "data-label", "placeholder"].map((a) => n.getAttribute(a) ?? ""))];
      const raw = texts.map((t) => RAW.exec(t)?.[0]).find(Boolean);
      if (raw) problems.push(\`\${where} shows "\${raw}"\`);
      for (const part of el.querySelectorAll("[hidden]")) {
        if (getComputedStyle(part).display !== "none") problems.push(\`\${where}: a hidden \${part.className || part.localName} is shown\`);
      }
    }
  }
  window.T = { E, Table, SeatTable, parseCall, table, good, online, NORTH, others, edited, thrown };
  document.body.dataset.ready = "true";
</script></body></html>`;
const TYPES = { ".js": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** How a case must end: it works, it throws a coded error, or either. */
const OK = "works";
const CODED = "coded";
const EITHER = "either";

/** A word with no space, `n` characters long. */
const WORD = (n) => `"${"x".repeat(n)}"`;

// Each case: its name, what it must do, and its code (run in the page with `T` in scope).
const CASES = [
  // Sources: unknown viewers, things that are not tables, freed tables.
  ["fromTable with an unknown viewer on a table shared with good sources", CODED, `T.E.fromTable(T.table, "Q", T.parseCall)`],
  ["fromTable with a null viewer", CODED, `T.E.fromTable(T.table, null, T.parseCall)`],
  ["fromTable with a number for a viewer", CODED, `T.E.fromTable(T.table, 42, T.parseCall)`],
  ["fromTable with a viewer whose toString throws", CODED, `T.E.fromTable(T.table, { toString() { throw new Error("boom"); } }, T.parseCall)`],
  ["fromTable with a viewer named like Object's own property", CODED, `T.E.fromTable(T.table, "constructor", T.parseCall)`],
  ["fromTable of null", CODED, `T.E.fromTable(null, "N", T.parseCall)`],
  ["fromTable of a plain object", CODED, `T.E.fromTable({}, "N", T.parseCall)`],
  ["fromTable of a Proxy that throws", CODED, `T.E.fromTable(new Proxy({}, { get() { throw new Error("trap"); } }), "N", T.parseCall)`],
  ["fromTable without a parseCall", CODED, `T.E.fromTable(T.table, "N", null)`],
  ["fromTable of a freed table", CODED, `const t = new T.Table(T.online); t.free(); T.E.fromTable(t, "N", T.parseCall)`],
  ["an unknown viewer set on a good source leaves it as it was", CODED, `try { T.good.viewer = "Q"; } finally { if (T.good.viewer !== "N") throw new Error("viewer changed"); }`],
  ["a viewer named __proto__", CODED, `const s = T.E.fromTable(T.table, "E", T.parseCall); T.others(s); s.viewer = "__proto__"`],
  ["a source switched to a plain object for a table", CODED, `const s = T.E.fromTable(new T.Table(T.online), "E", T.parseCall); T.others(s); s.table = {}`],
  ["a source switched to a freed table", CODED, `const s = T.E.fromTable(new T.Table(T.online), "E", T.parseCall); T.others(s); const t = new T.Table(T.online); t.free(); s.table = t`],
  ["a table freed under its elements, then changed()", CODED, `const t = new T.Table(T.online); const s = T.E.fromTable(t, "S", T.parseCall); T.others(s, "S"); t.free(); s.changed()`],
  ["a table freed under its elements, then a call by its source", OK, `const t = new T.Table(T.online); const s = T.E.fromTable(t, "N", T.parseCall); T.others(s); t.free();
    const out = await s.act({ type: "call", call: "1C" }); if (out.ok || typeof out.rejection.code !== "string") return ["not refused with a code: " + JSON.stringify(out)];`],
  ["a table freed under its elements, then a locale set", OK, `const t = new T.Table(T.online); const s = T.E.fromTable(t, "N", T.parseCall); const els = T.others(s); t.free(); for (const el of els) el.setAttribute("locale", "fr")`],
  ["a SeatTable freed under its elements, then changed()", CODED, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); const s = T.E.fromSeatTable(st, async () => undefined, T.parseCall); T.others(s, "E"); st.free(); s.changed()`],
  ["fromSeatTable of a freed SeatTable", CODED, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); st.free(); T.E.fromSeatTable(st, async () => undefined, T.parseCall)`],
  ["fromSeatTable without a send", CODED, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); T.E.fromSeatTable(st, null, T.parseCall)`],
  ["a connection that is neither open nor closed", CODED, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); const s = T.E.fromSeatTable(st, async () => undefined, T.parseCall); T.others(s, "E"); s.connected = "yes"`],
  ["a SeatSource given a plain object for a SeatTable", CODED, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); const s = T.E.fromSeatTable(st, async () => undefined, T.parseCall); T.others(s, "E"); s.seatTable = {}`],
  ["a send that throws", OK, `const st = new T.SeatTable("E", 0, new T.Table(T.online).view("E")); const s = T.E.fromSeatTable(st, () => { throw new Error("down"); }, T.parseCall); T.others(s, "E");
    const out = await s.act({ type: "call", call: "P" }); if (out?.ok !== false || typeof out.rejection.code !== "string") return ["not refused with a code: " + JSON.stringify(out)];`],
  ["an action that is null", OK, `const out = await T.good.act(null); if (out.ok || typeof out.rejection.code !== "string") return ["not refused with a code"];`],
  ["an action that is a Proxy that throws", OK, `const out = await T.good.act(new Proxy({}, { ownKeys() { throw new Error("trap"); } })); if (out.ok || typeof out.rejection.code !== "string") return ["not refused with a code"];`],
  // Sources given to elements.
  ["an element's source set to a plain object", CODED, `for (const el of document.querySelectorAll("#good > *")) { try { el.source = {}; } catch (e) { if (el.source !== T.good) throw new Error("source changed"); if (e.code !== "BAD_INPUT") throw e; continue; } throw new Error("accepted"); } throw T.E.badInput("all refused")`],
  ["an element's source set to a number", CODED, `document.querySelector("#good bl-auction").source = 42`],
  ["an element's source set to a string", CODED, `document.querySelector("#good bl-bidding-box").source = "N"`],
  ["an element's source set to a Proxy that throws", CODED, `document.querySelector("#good bl-feed").source = new Proxy({}, { get() { throw new Error("trap"); } })`],
  ["an element's source whose view throws", CODED, `document.querySelector("#good bl-auction").source = { viewer: "N", connected: true, lastAct: null, view() { throw new Error("gone"); }, act() {}, parseCall() {}, subscribe() { return () => {}; } }`],
  ["an element's source whose view is empty", CODED, `document.querySelector("#good bl-auction").source = T.edited(T.good, () => ({}))`],
  ["an element's source whose view is null", CODED, `document.querySelector("#good bl-bidding-box").source = T.edited(T.good, () => null)`],
  ["an element's source whose subscribe gives no unsubscribe", EITHER, `const s = T.edited(T.good, (v) => v); s.subscribe = () => 42; T.others(s); for (const el of document.querySelectorAll("#other > *")) el.source = null`],
  ["a source's view that goes bad after it was drawn", OK, `let bad = false; const s = T.edited(T.E.fromTable(new T.Table(T.online), "N", T.parseCall), (v) => (bad ? { calls: 7 } : v)); T.others(s); bad = true; s.changed()`],
  ["an element refreshed with a string for force", OK, `for (const el of document.querySelectorAll("#good > *")) el.refresh("yes")`],
  // Warnings and codes named like Object's own properties.
  ...["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"].map((code) => [
    `a warning whose code is "${code}"`, OK,
    `const s = T.edited(T.good, (v) => ({ ...v, warnings: [...v.warnings, { code: "${code}", law: "", severity: "caution", audience: "all", seat: "N", call: null, message: "A caution." }] }));
     const els = T.others(s); s.changed(); if (!document.querySelector("#other bl-feed").textContent.includes("A caution.")) return ["the feed does not show it"];`,
  ]),
  ["a warning naming no seat the engine knows", OK, `const s = T.edited(T.good, (v) => ({ ...v, warnings: [{ code: "UI_TEMPO", law: "16B", severity: "caution", audience: "all", seat: "constructor", call: null, message: "Tempo." }] })); T.others(s); s.changed()`],
  // A hand's cards.
  ...[["null", "null"], ["a number", "42"], ["nulls and numbers", "[null, 7]"], ["a string of cards", '"SAKQ"'], ["a card with many ranks", '["SAKQ"]'],
    ["a rank 1", '["S1"]'], ["an unknown suit", '["ZZ"]'], ["a lower-case card", '["sa"]'], ["a card twice", '["SA", "SA"]'],
    ["fourteen cards", '["SA","SK","SQ","SJ","ST","S9","S8","S7","S6","S5","S4","S3","S2","HA"]'], ["an array-like", "{ length: 2, 0: \"SA\", 1: \"SK\" }"],
    ["an iterator that throws", "{ [Symbol.iterator]() { return { next() { throw new Error(\"boom\"); } }; } }"],
    ["a Proxy whose get throws", "new Proxy([\"SA\"], { get() { throw new Error(\"trap\"); } })"],
    ["cards whose getter throws", "Object.defineProperty([\"SA\"], 0, { get() { throw new Error(\"getter\"); } })"]].map(([what, value]) => [
    `a hand's cards set to ${what}`, CODED,
    `const hand = document.querySelector("#good bl-hand"); try { hand.cards = ${value}; } finally { if (hand.cards.length !== 13) throw new Error("the cards changed"); }`,
  ]),
  ["a hand's seat set to an unknown seat", CODED, `document.querySelector("#good bl-hand").seat = "Q"`],
  ["a hand's seat attribute named like Object's own property", OK, `const s = T.E.fromTable(new T.Table(T.online), "N", T.parseCall); const [, , , , hand] = T.others(s); hand.setAttribute("seat", "constructor")`],
  // Texts of any length.
  ["a 500-character explanation with no space", OK, `const t = new T.Table(T.online); const s = T.E.fromTable(t, "N", T.parseCall); T.others(s, "E"); s.viewer = "E";
    const out = t.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation: ${WORD(500)} }); if (!out.ok) return ["refused: " + out.rejection.code]; s.changed()`],
  ["a 500-character explanation in the good board", OK, `T.table.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation: ${WORD(500)} }); T.good.changed(); T.good.viewer = "E"; T.good.viewer = "N"`],
  ["a 100 000-character explanation received in a push", OK, `const reg = { preset: "online", max_text: 100000, max_total_text: 1000000 }; const t = new T.Table({ ...T.online, regulation: reg });
    const st = new T.SeatTable("E", t.streamVersion("E"), t.view("E")); const s = T.E.fromSeatTable(st, async () => undefined, T.parseCall); T.others(s, "E");
    const version = t.streamVersion("E"); const out = t.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation: "y".repeat(100000) }); if (!out.ok) return ["refused: " + out.rejection.code];
    st.receive({ entries: t.eventsSince("E", version), view: t.view("E") }); s.changed()`],
  ["a 10 MB explanation in a page's own push", OK, `const t = new T.Table(T.online); t.apply({ seat: "N", type: "call", call: "1C" }); const big = "z".repeat(10 * 1024 * 1024); const s = T.edited(T.E.fromTable(t, "E", T.parseCall), (v) => ({ ...v, calls: v.calls.map((c) => ({ ...c, alerted: true, disclosures: [{ kind: "explanation", by: c.seat, text: big, superseded: false }] })) }));
    T.others(s); s.changed()`],
  ["a 20 000-character reason for calling the Director", OK, `const reg = { preset: "online", max_text: 100000, max_total_text: 1000000 }; const t = new T.Table({ ...T.online, regulation: reg }); const s = T.E.fromTable(t, "N", T.parseCall); T.others(s);
    const out = await s.act({ type: "director", reason: "w".repeat(20000) }); if (!out.ok) return ["refused: " + out.rejection.code];`],
  ["a 10 000-character call typed in the box", OK, `const s = T.E.fromTable(new T.Table(T.online), "N", T.parseCall); const [box] = T.others(s); box.querySelector(".call-input").value = "q".repeat(10000);
    box.querySelector(".box-typed button[type=submit]").click(); await new Promise((r) => setTimeout(r, 50)); if (box.querySelector(".box-refusal").hidden) return ["no refusal shown"];`],
  ["a page's parseCall that gives no call", OK, `const s = T.E.fromTable(new T.Table(T.online), "N", () => "ZZ"); const [box] = T.others(s); box.querySelector(".call-input").value = "zz";
    box.querySelector(".box-typed button[type=submit]").click(); await new Promise((r) => setTimeout(r, 50)); if (box.querySelector(".box-refusal").dataset.code !== "BAD_INPUT") return ["not refused as BAD_INPUT"];`],
  ["a page's parseCall that throws a TypeError", OK, `const s = T.E.fromTable(new T.Table(T.online), "N", () => null.x); const [box] = T.others(s); box.querySelector(".call-input").value = "1c";
    box.querySelector(".box-typed button[type=submit]").click(); await new Promise((r) => setTimeout(r, 50)); if (box.querySelector(".box-refusal").dataset.code !== "BAD_INPUT") return ["not refused as BAD_INPUT"];`],
  // Attributes and methods.
  ...["constructor", "__proto__", "", "x".repeat(10000), "fr-constructor"].map((locale) => [
    `a locale ${JSON.stringify(locale.slice(0, 14))}${locale.length > 14 ? "…" : ""}`, OK,
    `for (const el of document.querySelectorAll("#good > *")) el.setAttribute("locale", ${JSON.stringify(locale)})`,
  ]),
  ["the live region told a number", CODED, `document.querySelector("#good bl-announcer").say(42)`],
  ["the live region told an object by event", OK, `document.dispatchEvent(new CustomEvent("bl-announce", { detail: { text: {} } })); document.dispatchEvent(new CustomEvent("bl-announce", { detail: null }))`],
  ["a feed's notices set to null", CODED, `document.querySelector("#good bl-feed").notices = null`],
  ["a catalog added for a number", CODED, `T.E.addCatalog(42, {})`],
  ["a catalog that is null", CODED, `T.E.addCatalog("de", null)`],
  ["a catalog whose getter throws", CODED, `T.E.addCatalog("de", Object.defineProperty({}, "seat.N", { enumerable: true, get() { throw new Error("getter"); } }))`],
  ["a catalog with a __proto__ key, used", OK, `T.E.addCatalog("xx", JSON.parse('{"__proto__": {"ui.box.title": "Hacked"}}')); for (const el of document.querySelectorAll("#good > *")) el.setAttribute("locale", "xx"); if (document.body.textContent.includes("Hacked")) return ["a prototype's key was read"];`],
  ["elements taken out and put back during a push", OK, `const main = document.querySelector("#good"); const off = T.good.subscribe(() => { const a = main.querySelector("bl-auction"); a.remove(); main.prepend(a); });
    T.table.apply({ seat: "N", type: "call", call: "1C" }); T.good.changed(); off()`],
];

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

/** A fresh page, ready; its errors and console errors gathered. */
async function fresh() {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

test(`the page as it starts passes every check (the cases start from it)`, async () => {
  const { page, errors } = await fresh();
  assert.deepEqual(await page.evaluate("window.check()"), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test(`${CASES.length} hostile cases: each works or throws a coded error, and disturbs nothing else`, async () => {
  assert.ok(CASES.length >= 60, `${CASES.length} cases`);
  const bad = [];
  for (const [name, must, code] of CASES) {
    const { page, errors } = await fresh();
    const r = await page.evaluate(`window.attempt(async () => { ${code} })`);
    const wrong = [...r.problems];
    const coded = r.threw && r.threw.name === "BridgeLawsError" && typeof r.threw.code === "string" && r.threw.code.length > 0;
    if (must === CODED && !coded) wrong.push(r.threw ? `threw a raw ${r.threw.name}: ${r.threw.message}` : "did not throw");
    if (must === OK && r.threw) wrong.push(`threw ${r.threw.name} ${r.threw.code ?? ""}: ${r.threw.message}`);
    if (must === EITHER && r.threw && !coded) wrong.push(`threw a raw ${r.threw.name}: ${r.threw.message}`);
    wrong.push(...(await page.evaluate("window.check()")));
    wrong.push(...errors.map((e) => `page error: ${e.slice(0, 200)}`));
    if (wrong.length) bad.push(`${name}: ${[...new Set(wrong)].join("; ")}`);
    await page.close();
  }
  assert.deepEqual(bad, [], `${bad.length} of ${CASES.length} cases break:\n${bad.join("\n")}`);
});

/** The names of Chrome's accessibility tree (what a screen reader is given). */
async function axNames(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  return nodes.filter((n) => !n.ignored).map((n) => n.name?.value ?? "");
}

test("the box hides its out-of-rotation choice by its own styles: not shown, not spoken", async () => {
  const { page, errors } = await fresh();
  const intent = page.locator("#good bl-bidding-box .box-intent");
  assert.equal(await intent.evaluate((g) => g.hidden), true, "no call out of rotation: the choice is hidden");
  assert.equal(await intent.evaluate((g) => getComputedStyle(g).display), "none");
  assert.equal(await intent.isVisible(), false);
  const names = await axNames(page);
  assert.ok(names.some((n) => n.startsWith("Bidding box")), "the box is in the accessibility tree");
  assert.deepEqual(names.filter((n) => /out of rotation/i.test(n)), [], "the choice is not spoken");
  assert.deepEqual(errors, []);
  await page.close();
});
