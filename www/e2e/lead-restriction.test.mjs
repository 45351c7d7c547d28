// Law 26B: declarer's choice of a lead restriction (restrict_lead), played through
// the demo face to face as the players would: offered to declarer alone and only while the
// view's `lead_restriction.due` (tests/scenarios/l26b-prohibit-rectify.json's board), and not
// yet when the opening leader offended (l26b-opening-leaders-offence-binds-partners-first-lead).
// The engine's view is read through `window.__table` only to compare the page with it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { bid, openTable, start, typeCall, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

const SUIT = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** The restriction buttons the play panel shows the current viewer, by kind ("Prohibit",
 * "Require") and suit letter, and whether the "No restriction" button is there. */
async function choiceButtons(page) {
  const texts = await page.$$eval("#play button", (bs) => bs.map((b) => b.textContent.trim()));
  const byName = Object.fromEntries(Object.entries(SUIT).map(([s, n]) => [n, s]));
  const of = (kind) => texts.flatMap((t) => (t.startsWith(`${kind} `) ? [byName[t.slice(kind.length + 1)] ?? t] : [])).sort();
  return { prohibit: of("Prohibit"), require: of("Require"), none: texts.includes("No restriction") };
}

const NO_CHOICE = { prohibit: [], require: [], none: false };

/** The serious and critical violations axe-core finds on the page as it is. */
async function violations(page) {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

/** The suits of the cards East's hand offers as his opening lead, one letter a card. */
function offeredLeadSuits(page) {
  return page.$$eval('bl-hand[seat="E"] button.hand-card:not(:disabled)', (bs) => bs.map((b) => b.dataset.card[0]));
}

test("declarer alone is offered the Law 26B choice while it is due, and a prohibited suit cannot then be led", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  for (const [s, c] of [["N", "1C"], ["E", "P"], ["S", "1D"], ["W", "1H"], ["N", "1S"], ["E", "P"]]) await bid(page, s, c);
  await viewAs(page, "N");
  assert.deepEqual(await choiceButtons(page), NO_CHOICE, "no choice during the auction");
  await bid(page, "S", "2S");
  // West's insufficient 2H (L27): North declines it and West replaces it by a pass (L27B2).
  await typeCall(page, "W", "2h");
  await viewAs(page, "N");
  await page.locator('#decision .decision[data-kind="insufficient_bid"] button:has-text("Decline")').click();
  for (const [s, c] of [["W", "P"], ["N", "P"], ["E", "P"]]) await bid(page, s, c);

  // The auction is over: 2S by North, East (the offender's partner) on lead, the choice due.
  const r = (await viewOf(page, "N")).lead_restriction;
  assert.ok(r, "the engine restricts the lead");
  assert.equal(r.declarer, "N");
  assert.equal(r.leader, "E");
  assert.equal(r.due, true, "declarer's choice is due now");
  assert.ok(r.restrictable.length > 0 && !r.restrictable.includes("H"), `restrictable: ${r.restrictable}`);
  await viewAs(page, "N");
  const offered = await choiceButtons(page);
  assert.deepEqual(offered.prohibit, [...r.restrictable].sort(), "a Prohibit button for each restrictable suit, no other");
  assert.deepEqual(offered.require, r.may_require ? [...r.restrictable].sort() : [], "Require buttons only when the engine allows");
  assert.equal(offered.none, true, "declarer may also leave the lead free");
  assert.match(await page.locator("#play").innerText(), /the lead waits/);
  assert.deepEqual(await violations(page), [], "axe-core: no serious or critical violation with declarer's choice offered");
  for (const v of ["E", "S", "W", "director", "spectator"]) {
    await viewAs(page, v);
    assert.deepEqual(await choiceButtons(page), NO_CHOICE, `${v} is not offered declarer's choice`);
  }
  await viewAs(page, "E");
  assert.deepEqual(await offeredLeadSuits(page), [], "the opening leader waits for declarer's choice");

  // North prohibits spades.
  await viewAs(page, "N");
  await page.locator('#play button:has-text("Prohibit spades")').click();
  const after = await viewOf(page, "N");
  assert.equal(after.lead_restriction.due, false, "the choice is no longer due");
  assert.equal(after.lead_restriction.prohibited, "S");
  for (const v of ["N", "E", "S"]) {
    await viewAs(page, v);
    assert.deepEqual(await choiceButtons(page), NO_CHOICE, `no choice buttons for ${v} once chosen`);
    assert.match(await page.locator("#play").innerText(), /spades prohibited while he keeps the lead/, `${v} is told the choice`);
  }
  await viewAs(page, "E");
  const legal = (await viewOf(page, "E")).legal_leads;
  assert.ok(!legal.includes("S"), `legal_leads excludes spades: ${legal}`);
  const suits = await offeredLeadSuits(page);
  assert.ok(suits.length > 0, "East may now lead");
  assert.ok(!suits.includes("S"), `no spade is offered: ${suits}`);
  assert.ok(suits.every((s) => legal.includes(s)), `only the suits of legal_leads (${legal}): ${suits}`);
  const held = await page.$$eval('bl-hand[seat="E"] button.hand-card', (bs) => bs.map((b) => b.dataset.card[0]));
  assert.deepEqual(suits.sort(), held.filter((s) => legal.includes(s)).sort(), "every card of a legal suit is offered");

  assert.deepEqual(await violations(page), [], "axe-core: no serious or critical violation once spades are prohibited");
  await page.done("lead-restriction-prohibit-spades");
});

test("declarer is offered no Law 26B choice while it is not yet due (the opening leader offended: his partner's first lead in play)", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1S");
  // East's insufficient 1H: South declines it, East replaces it by a pass (L27B2), all pass.
  await typeCall(page, "E", "1h");
  await viewAs(page, "S");
  await page.locator('#decision .decision[data-kind="insufficient_bid"] button:has-text("Decline")').click();
  for (const [s, c] of [["E", "P"], ["S", "P"], ["W", "P"]]) await bid(page, s, c);

  const r = (await viewOf(page, "N")).lead_restriction;
  assert.ok(r, "the engine restricts West's first lead in play");
  assert.equal(r.declarer, "N");
  assert.equal(r.leader, "W");
  assert.equal(r.chosen, false);
  assert.equal(r.due, false, "declarer's choice is not due before West is on lead");
  for (const v of ["N", "E", "S", "W"]) {
    await viewAs(page, v);
    assert.deepEqual(await choiceButtons(page), NO_CHOICE, `${v} is offered no choice yet`);
    assert.match(await page.locator("#play").innerText(), /West's first lead in play — declarer may prohibit one of .* when it comes\./, `${v} is told the choice comes later`);
  }
  // East's opening lead is not restricted: every card of his hand is offered.
  await viewAs(page, "E");
  const legal = (await viewOf(page, "E")).legal_leads;
  assert.deepEqual([...legal].sort(), ["C", "D", "H", "S"]);
  const held = await page.locator('bl-hand[seat="E"] button.hand-card').count();
  assert.equal(await page.locator('bl-hand[seat="E"] button.hand-card:not(:disabled)').count(), held, "every card may be led");
  await page.done("lead-restriction-not-yet-due");
});
