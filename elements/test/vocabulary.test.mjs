// The one vocabulary of calls and cards, as built into the package (pkg/elements): how a call,
// a card and a contract split into their parts, how each locale shows them, and how a call or
// a card typed in a locale's words reads back. Node, no DOM.
import assert from "node:assert/strict";
import { test } from "node:test";
import { built } from "./built.mjs";

const v = await import(built("i18n/vocabulary.js"));
const { messages, BOX_CALLS } = await import(built("index.js"));
const en = messages("en");
const fr = messages("fr");

test("the calls are the 35 bids in box order, then pass, double and redouble", () => {
  assert.equal(v.CALLS.length, 38);
  assert.deepEqual(v.CALLS.slice(0, 6), ["1C", "1D", "1H", "1S", "1NT", "2C"]);
  assert.deepEqual(v.CALLS.slice(-4), ["7NT", "P", "X", "XX"]);
  assert.equal(BOX_CALLS, v.CALLS, "the bidding box lays out the vocabulary's calls");
  assert.ok(v.CALLS.every(v.isCall));
});

test("a call splits into its level and strain, and only a canonical one does", () => {
  assert.deepEqual(v.bidParts("2H"), { level: 2, strain: "H" });
  assert.deepEqual(v.bidParts("7NT"), { level: 7, strain: "NT" });
  for (const no of ["P", "8C", "0S", "2N", "2h", "", null, 2]) assert.equal(v.bidParts(no), null, String(no));
  assert.ok(v.isOtherCall("XX") && !v.isOtherCall("2H") && !v.isCall("dbl"));
});

test("a card splits into its suit and rank, a contract into its bid and doubling", () => {
  assert.deepEqual(v.cardParts("HQ"), { suit: "H", rank: "Q" });
  assert.equal(v.cardParts("QH"), null);
  assert.deepEqual(v.contractParts("4HX"), { bid: "4H", doubling: "doubled" });
  assert.deepEqual(v.contractParts("3NTXX"), { bid: "3NT", doubling: "redoubled" });
  assert.deepEqual(v.contractParts("1C"), { bid: "1C", doubling: "undoubled" });
  assert.equal(v.contractParts("4HXXX"), null);
});

test("each locale shows calls, cards and contracts in its own letters, the suits by their symbols", () => {
  assert.deepEqual(["2H", "1NT", "P", "X", "XX"].map((c) => v.callShown(en, c)), ["2♥", "1NT", "Pass", "Dbl", "Rdbl"]);
  assert.deepEqual(["2H", "1NT", "P", "X"].map((c) => v.callShown(fr, c)), ["2♥", "1SA", "Passe", "Contre"]);
  assert.equal(v.cardShown(en, "HT"), "♥10");
  assert.equal(v.cardShown(fr, "SK"), "♠R");
  assert.equal(v.contractShown(fr, "3NTX"), "3SAX");
});

test("a call typed in the locale's words reads as the canonical call, anything else is left to parseCall", () => {
  assert.equal(v.canonicalCall(fr, "2c"), "2H", "C is cœur in French");
  assert.equal(v.canonicalCall(fr, "1 SA"), "1NT");
  assert.equal(v.canonicalCall(fr, "contre"), "X");
  assert.equal(v.canonicalCall(en, "2h"), "2H");
  assert.equal(v.canonicalCall(en, "8h"), null);
  const seen = [];
  assert.equal(v.parseCallIn(fr, "passe", (t) => (seen.push(t), t)), "P");
  assert.equal(v.parseCallIn(en, "two of them", (t) => (seen.push(t), t)), "two of them");
  assert.deepEqual(seen, ["P", "two of them"]);
});

test("a card typed suit first in the locale's letters reads as the canonical card", () => {
  assert.equal(v.canonicalCard(fr, "PR"), "SK");
  assert.equal(v.canonicalCard(fr, "C10"), "HT");
  assert.equal(v.canonicalCard(en, "sk"), "SK");
  assert.equal(v.canonicalCard(en, " zz "), "zz");
});
