// Online (irregularities prevented): the bidding box offers only legal calls, an auction
// bid by clicking reaches a contract, and the play controls take the board to its end.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertBoxIsTheView, bid, offered, openTable, start, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

test("a whole auction bid by clicking only offered calls reaches a contract", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N", vulnerability: "NS" });

  await viewAs(page, "N");
  const opening = await offered(page);
  assert.equal(opening.length, 36, "P and the 35 bids; no X or XX at the start");
  assert.ok(!opening.includes("X") && !opening.includes("XX"));

  await bid(page, "N", "1S");
  await viewAs(page, "E");
  const overE = await offered(page);
  assert.ok(!overE.includes("1H"), "after 1S, 1H is not offered");
  assert.ok(!overE.includes("1S"), "after 1S, 1S is not offered");
  assert.ok(overE.includes("1NT") && overE.includes("X"), "1NT and a double are offered");
  assert.equal(await page.locator('#box-panel .box-call[data-call="1H"]').isDisabled(), true);

  await assertBoxIsTheView(page);
  await viewAs(page, "S");
  assert.deepEqual(await offered(page), [], "nothing is offered out of turn");
  await assertBoxIsTheView(page);

  await bid(page, "E", "P");
  await bid(page, "S", "2S");
  await bid(page, "W", "P");
  await bid(page, "N", "4S");
  await bid(page, "E", "X");
  await viewAs(page, "S");
  assert.ok((await offered(page)).includes("XX"), "South may redouble his side's doubled bid");
  await bid(page, "S", "P");
  await bid(page, "W", "P");
  await bid(page, "N", "P");

  const v = await viewOf(page, "spectator");
  assert.equal(v.phase, "clarification");
  assert.equal(v.contract, "4SX");
  assert.equal(v.declarer, "N");
  assert.match(await page.locator(".felt-contract").innerText(), /4.*X.*North/s);
  await page.done("online-auction-contract");
});

test("the opening lead is a card chosen from the hand; dummy is shown after it is faced; play from dummy", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  for (const [seat, call] of [["N", "1NT"], ["E", "P"], ["S", "3NT"], ["W", "P"], ["N", "P"], ["E", "P"]]) {
    await bid(page, seat, call);
  }
  await viewAs(page, "W");
  assert.equal(await page.locator('bl-hand[seat="E"] .hand-card').count(), 0, "West does not see East's cards");
  assert.equal(await page.locator('bl-hand[seat="S"] .hand-card').count(), 0, "nor dummy's before the lead");
  await viewAs(page, "E");
  const offered = page.locator('bl-hand[seat="E"] button.hand-card:not(:disabled)');
  assert.equal(await offered.count(), 13, "every card may be led (no restriction)");
  const lead = await offered.first().getAttribute("data-card");
  await offered.first().click();
  assert.equal((await viewOf(page, "E")).play.lead, lead, "the card chosen is led face down");
  await page.click('#play button:has-text("Face the lead")');
  assert.equal((await viewOf(page, "E")).phase, "play");
  await viewAs(page, "W");
  assert.equal(await page.locator('bl-hand[seat="S"] .hand-card').count(), 13, "dummy is shown to everyone once the lead is faced");
  assert.equal(await page.locator('bl-hand[seat="S"] button.hand-card').count(), 0, "but only declarer plays it");
  await viewAs(page, "N");
  const dummy = page.locator('bl-hand[seat="S"] button.hand-card');
  const suit = lead[0];
  const follow = page.locator(`bl-hand[seat="S"] button.hand-card[data-card^="${suit}"]`);
  await ((await follow.count()) ? follow.first() : dummy.first()).click();
  assert.equal((await viewOf(page, "director")).play.current.length, 2, "declarer played from dummy");
  assert.equal(await page.locator('bl-hand[seat="S"] .hand-card').count(), 12);
  await page.click('#play button:has-text("End play")');
  assert.equal((await viewOf(page, "director")).phase, "ended");
  await page.done("online-play-ended");
});

test("an insufficient bid is not offered online and the engine refuses it with its law", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1S");
  await viewAs(page, "E");
  assert.equal(await page.locator('#box-panel .box-call[data-call="1H"]').isDisabled(), true);

  const before = await page.evaluate(() => window.__table.stateHash());
  const out = await page.evaluate(() => window.__table.apply({ seat: "E", type: "call", call: "1H" }));
  assert.equal(out.ok, false);
  assert.equal(out.rejection.code, "INSUFFICIENT_BID");
  assert.match(out.rejection.law, /^27/);
  assert.equal(await page.evaluate(() => window.__table.stateHash()), before, "a refusal changes nothing");

  // Typed at the keyboard, the same call is refused and the refusal shown with its law.
  await page.fill("#box-panel .call-input", "1h");
  await page.press("#box-panel .call-input", "Enter");
  const toast = page.locator('#box-panel .box-refusal[data-code="INSUFFICIENT_BID"]');
  await toast.waitFor();
  assert.match(await toast.innerText(), /Law 27/);
  await page.done("online-insufficient-bid-refused");
});

test("keyboard bidding: a typed call is made, malformed text is refused beside the box", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await viewAs(page, "N");
  await page.fill("#box-panel .call-input", "1n");
  await page.press("#box-panel .call-input", "Enter");
  assert.deepEqual((await viewOf(page, "N")).calls.map((c) => c.call), ["1NT"]);
  await viewAs(page, "E");
  await page.fill("#box-panel .call-input", "8nt");
  await page.press("#box-panel .call-input", "Enter");
  await page.locator('#box-panel .box-refusal[data-code="BAD_INPUT"]').waitFor();
  await page.done("online-keyboard");
});
