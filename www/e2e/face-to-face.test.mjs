// Face to face (irregularities rectified, partner alerts): an insufficient bid accepted by
// LHO, and a correction after the final pass that lets an opponent change his call.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, viewOf, typeCall } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

test("face to face, an insufficient bid is recorded and LHO accepts it (L27A1)", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1S");
  await typeCall(page, "E", "1h");
  assert.equal(await page.locator('#feed .feed-new [data-code="IRREG_INSUFFICIENT_BID"]').count(), 1, "the irregularity is in the feed");

  await viewAs(page, "W");
  assert.equal(await page.locator("#decision .decision.for-me").count(), 0, "West is not entitled to decide");
  await viewAs(page, "S");
  const decision = page.locator('#decision .decision[data-kind="insufficient_bid"]');
  assert.match(await decision.innerText(), /Law 27/);
  await decision.locator('button:has-text("Accept")').click();

  const v = await viewOf(page, "S");
  assert.deepEqual(v.calls.map((c) => c.call), ["1S", "1H"]);
  assert.equal(v.turn, "S");
  assert.equal(v.pending, null);
  await page.done("face-to-face-insufficient-bid-accepted");
});

test("face to face, correcting an explanation after the final pass reopens the auction (L20F4a, L21B1)", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1NT");
  await bid(page, "E", "P");
  await bid(page, "S", "2D");
  await viewAs(page, "W");
  await page.click('#auction .bid[data-index="2"] button.ask'); // West asks about 2D; North must answer
  await viewAs(page, "N");
  const answer = page.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill("natural, weak");
  await answer.locator('button[type="submit"]').click();
  await bid(page, "W", "P");
  await bid(page, "N", "P");
  await bid(page, "E", "P");
  assert.equal((await viewOf(page, "N")).phase, "clarification");

  await viewAs(page, "N");
  await page.click("#actions details.more-correct > summary");
  const correct = page.locator("#actions form.correct");
  await correct.locator('select[name="index"]').selectOption("2");
  await correct.locator('input[name="text"]').fill("transfer to hearts");
  await correct.locator('button[value="correct"]').click();

  await viewAs(page, "E");
  const change = page.locator("#actions form.change-call");
  await change.waitFor();
  await change.locator('input[name="call"]').fill("X");
  await change.locator('button[type="submit"]').click();

  const v = await viewOf(page, "director");
  assert.equal(v.phase, "auction");
  assert.equal(v.turn, "S");
  assert.deepEqual(v.calls.map((c) => c.call), ["1NT", "P", "2D", "P", "P", "X"]);
  await page.done("face-to-face-correction-reopens-auction");
});
