// Online undo (Law 25A with an opponent's consent): the request waits for an opponent,
// partner may not consent, and on consent LHO's call over it is cancelled too.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

test("an undo is granted when an opponent consents", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1H");
  await bid(page, "E", "1S");

  await viewAs(page, "N");
  await page.click("#actions details.more-undo > summary");
  const undo = page.locator("#actions form.undo");
  await undo.locator('input[name="call"]').fill("1NT");
  await undo.locator('button[type="submit"]').click();

  await viewAs(page, "S");
  assert.equal(await page.locator('#decision .decision[data-kind="undo"]').count(), 1, "South sees the request");
  assert.equal(await page.locator("#decision .decision.for-me").count(), 0, "but may not consent for his partner");
  const refused = await page.evaluate(() => window.__table.apply({ seat: "S", type: "respond", accept: true }));
  assert.equal(refused.rejection?.code, "NOT_ENTITLED");

  await viewAs(page, "E");
  await page.locator('#decision button:has-text("Agree to the undo")').click();
  const v = await viewOf(page, "E");
  assert.deepEqual(v.calls.map((c) => c.call), ["1NT"]);
  assert.equal(v.turn, "E");
  assert.ok(v.withdrawn.length >= 1, "the withdrawn calls stay in the record");
  await page.done("online-undo-with-consent");
});

test("the Director panel is visible to the Director only and gives rulings", async () => {
  const page = await openTable(env, { regulation: "online_tournament", dealer: "N" });
  await bid(page, "N", "1H");
  await viewAs(page, "N");
  await page.click("#actions details.more-undo > summary");
  await page.locator('#actions form.undo input[name="call"]').fill("1S");
  await page.locator('#actions form.undo button[type="submit"]').click();
  assert.equal(await page.locator("#director .panel").count(), 0);

  await viewAs(page, "director");
  const panel = page.locator("#director-panel");
  const card = panel.locator('.ruling-card[data-ruling="unintended"]');
  assert.match(await card.innerText(), /unintended/i);
  assert.match(await card.innerText(), /Law 25A/);
  assert.equal(await panel.locator("select").count(), 0, "rulings are buttons, not raw select boxes");
  await card.locator('button[data-value="true"]').click();
  assert.deepEqual((await viewOf(page, "director")).calls.map((c) => c.call), ["1S"]);
  await page.done("director-ruling-undo");
});
