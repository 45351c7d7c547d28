// bridge-laws/elements as a site gets it from the package: Node resolves and imports it (no
// DOM: the elements are defined only where there is one), its UI labels are all in the
// English catalog and all used, and a site's TypeScript using it compiles strictly; and
// `<bl-hand>` (drawn on a stand-in for the few DOM calls it makes) shows the hands the engine
// shows and offers the cards it answers (`legal_cards`), deciding none itself.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pkg = dirname(require.resolve("bridge-laws/package.json"));

test("Node resolves bridge-laws/elements through the package link and imports it without a DOM", async () => {
  const el = await import("bridge-laws/elements");
  for (const name of ["BiddingBox", "Auction", "Feed", "Decision", "Hand", "Announcer", "fromTable", "fromSeatTable"]) {
    assert.ok(el[name], `${name} is exported`);
  }
  const m = el.messages("en");
  assert.equal(m.format("ui.call.2H"), "two hearts");
  assert.equal(m.format("ui.auction.call.explained", { seat: "East", call: "two hearts", explanation: "transfer to spades" }),
    "East: two hearts, alerted: transfer to spades");
  assert.equal(m.format("no.such.key"), "no.such.key", "an unknown key falls back to itself");
});

test("every UI label the elements use is in ui/en.json, and every one there is used", () => {
  const catalog = JSON.parse(readFileSync(join(pkg, "elements/i18n/ui/en.json"), "utf8"));
  // The elements and their vocabulary (i18n/vocabulary.js: the words of calls and cards).
  const code = ["elements", "elements/i18n"].flatMap((dir) => readdirSync(join(pkg, dir)).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(pkg, dir, f), "utf8"))).join("\n");
  const literal = new Set([...code.matchAll(/"(ui\.[a-z_.]+)"/g)].map((m) => m[1]));
  const families = [...code.matchAll(/`(ui\.[a-z_.]+\.)\$\{/g)].map((m) => m[1]);
  for (const key of literal) assert.ok(key in catalog, `${key} has an English message`);
  for (const family of families) assert.ok(Object.keys(catalog).some((k) => k.startsWith(family)), `${family}… has messages`);
  const unused = Object.keys(catalog).filter((k) => !literal.has(k) && !families.some((f) => k.startsWith(f)));
  assert.deepEqual(unused, []);
  // Every call and card has its words: 38 calls, 13 ranks (and 13 ranks as shown), 4 suits.
  assert.equal(Object.keys(catalog).filter((k) => /^ui\.call\.([1-7](C|D|H|S|NT)|P|X|XX)$/.test(k)).length, 38);
  assert.equal(Object.keys(catalog).filter((k) => /^ui\.rank\.[2-9TJQKA]$/.test(k)).length, 13);
  assert.equal(Object.keys(catalog).filter((k) => k.startsWith("ui.rank.short.")).length, 13);
});

test("a site's TypeScript using the elements compiles strictly (bundler resolution, skipLibCheck off)", () => {
  const dir = mkdtempSync(join(here, ".types-"));
  try {
    const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, types: [], target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2022", "DOM"] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["main.ts"] }));
    writeFileSync(join(dir, "main.ts"), `
import { Table, parseCall } from "bridge-laws";
import { fromTable, type BiddingBox, type Hand } from "bridge-laws/elements";
const source = fromTable(new Table({ dealer: "N", vulnerability: "None", regulation: "online" }), "S", parseCall);
document.querySelector<BiddingBox>("bl-bidding-box")!.source = source;
const hand = document.querySelector<Hand>("bl-hand")!;
hand.cards = ["SA", "HK"];
source.viewer = "N";
void source.act({ type: "call", call: "1NT" }).then((out) => out?.ok);
`);
    const run = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A stand-in for the few DOM calls `<bl-hand>` makes (Node has no DOM): each node keeps its tag, attributes and children. */
function withDom(run) {
  const node = (tag) => ({
    tag, attrs: {}, children: [], className: "", dataset: {},
    setAttribute(k, v) { this.attrs[k] = v; },
    addEventListener() {},
    appendChild(c) { this.children.push(c); return c; },
    // The elements clone the nodes they make often (a call, a card) from one built once.
    cloneNode(deep) { return copy(this, deep); },
  });
  const copy = (n, deep) => Object.assign(n.tag ? node(n.tag) : { text: n.text, children: [] }, {
    attrs: { ...n.attrs }, className: n.className, dataset: { ...n.dataset },
    children: deep ? n.children.map((c) => copy(c, true)) : [],
  });
  const was = globalThis.document;
  globalThis.document = { createElement: node, createTextNode: (text) => ({ text, children: [] }) };
  try {
    return run();
  } finally {
    globalThis.document = was;
  }
}

/** 2S by North; West's insufficient 2H declined and replaced by a pass (L27B2): East leads,
 *  and declarer requires diamonds (L26B, require_or_prohibit). `deal`: East's 13 cards given
 *  to the engine (none: a table without the deal). */
async function requiredDiamonds(deal) {
  const { Table } = await import("bridge-laws");
  const regulation = { preset: "face_to_face", lead_restriction: "require_or_prohibit" };
  const table = new Table({ dealer: "N", vulnerability: "None", regulation, ...(deal ? { deal: { E: deal } } : {}) });
  const calls = [["N", "1C"], ["E", "P"], ["S", "1D"], ["W", "1H"], ["N", "1S"], ["E", "P"], ["S", "2S"], ["W", "2H"]];
  for (const [seat, call] of calls) assert.ok(table.apply({ seat, type: "call", call }).ok, `${seat} ${call}`);
  assert.ok(table.apply({ seat: "N", type: "decline" }).ok);
  for (const [seat, call] of [["W", "P"], ["N", "P"], ["E", "P"], ["S", "P"]]) assert.ok(table.apply({ seat, type: "call", call }).ok, `${seat} ${call}`);
  assert.ok(table.apply({ seat: "N", type: "restrict_lead", suit: "D", require: true }).ok);
  return table;
}

/** What a `<bl-hand seat>` draws for `viewer` of `table` (the page's `cards`, if given): its
 *  cards as `{card: offered}` and its words. */
async function handDrawn(table, viewer, seat, cards) {
  const { parseCall } = await import("bridge-laws");
  const { Hand, fromTable } = await import("bridge-laws/elements");
  return withDom(() => {
    const hand = new Hand();
    // What a connected <bl-hand> has from its DOM base.
    Object.assign(hand, { isConnected: true, dataset: {}, dispatchEvent() {},
      replaceChildren(...c) { this.drawn = c; } });
    // What the browser calls for the `seat` attribute.
    hand.attributeChangedCallback("seat", null, seat);
    hand.source = fromTable(table, viewer, parseCall);
    if (cards) hand.cards = cards;
    const shown = {};
    const words = [];
    const walk = (n) => {
      const card = n.attrs?.["data-card"];
      if (card) shown[card] = n.tag === "button" && !("disabled" in n.attrs);
      if (n.text) words.push(n.text);
      for (const c of n.children ?? []) walk(c);
    };
    hand.drawn.forEach(walk);
    return { shown, words: words.join("") };
  });
}

const HOLDS_DIAMONDS = ["SA", "SK", "HK", "HQ", "HJ", "D7", "D2", "C3", "C4", "C5", "C6", "C7", "C8"];
const VOID_IN_DIAMONDS = ["SA", "SK", "SQ", "HK", "HQ", "HJ", "C2", "C3", "C4", "C5", "C6", "C7", "C8"];

test("<bl-hand> shows the engine's hand and offers exactly its legal_cards: a leader who holds the suit declarer required that suit alone", async () => {
  const table = await requiredDiamonds(HOLDS_DIAMONDS);
  const legal = table.view("E").legal_cards;
  assert.deepEqual([...legal].sort(), ["D2", "D7"], "the engine answers diamonds alone");
  const { shown } = await handDrawn(table, "E", "E");
  assert.deepEqual(Object.keys(shown).sort(), [...HOLDS_DIAMONDS].sort(), "the thirteen cards the engine holds, none set by the page");
  assert.deepEqual(Object.keys(shown).filter((c) => shown[c]).sort(), ["D2", "D7"]);
});

test("<bl-hand> offers a leader void in the required suit every card, as the engine answers", async () => {
  const table = await requiredDiamonds(VOID_IN_DIAMONDS);
  const { shown } = await handDrawn(table, "E", "E");
  assert.deepEqual(Object.keys(shown).filter((c) => shown[c]).sort(), [...table.view("E").legal_cards].sort());
  assert.equal(Object.values(shown).filter(Boolean).length, 13);
});

test("<bl-hand> shows no card of a hand the engine does not show the viewer, whatever the page set", async () => {
  const table = await requiredDiamonds(HOLDS_DIAMONDS);
  for (const viewer of ["W", "N", "S"]) {
    const { shown, words } = await handDrawn(table, viewer, "E", HOLDS_DIAMONDS);
    assert.deepEqual(shown, {}, `${viewer} sees none of East's cards`);
    assert.match(words, /13 cards, not shown to you/);
  }
  assert.equal(Object.keys((await handDrawn(table, "director", "E")).shown).length, 13, "the Director sees them");
});

test("<bl-hand> at a table without the deal decides no Law 26B requirement: the page's cards offered in every suit of legal_leads", async () => {
  const table = await requiredDiamonds(null);
  assert.deepEqual(table.view("E").legal_leads, ["C", "D", "H", "S"], "the engine, without the hands, lists every suit");
  const { shown } = await handDrawn(table, "E", "E", ["SA", "HK", "D7", "D2", "C3"]);
  assert.deepEqual(shown, { SA: true, HK: true, D7: true, D2: true, C3: true });
  // Whom the page shows its own cards is the page's: the element hides none, offers none to West.
  assert.deepEqual((await handDrawn(table, "W", "E", ["SA", "HK"])).shown, { SA: false, HK: false });
});

test("<bl-hand> at a table given the deal draws none of a page's cards: East, shown no hand by a partial deal, sees none", async () => {
  // The engine holds West's hand alone: East's view has no hands, yet the table is dealt.
  const { Table } = await import("bridge-laws");
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online", deal: { W: VOID_IN_DIAMONDS } });
  for (const [seat, call] of [["N", "1NT"], ["E", "P"], ["S", "P"], ["W", "P"]]) assert.ok(table.apply({ seat, type: "call", call }).ok);
  assert.equal(table.view("E").dealt, true);
  assert.equal(table.view("E").hands, undefined);
  const { shown, words } = await handDrawn(table, "E", "E", HOLDS_DIAMONDS);
  assert.deepEqual(shown, {}, "the page's cards neither drawn nor offered");
  assert.match(words, /13 cards, not shown to you/);
});
