// Online self-alerting: a self-alert reaches both opponents and never partner; a question
// about the alerted call is routed to the caller and his answer reaches the asker.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

async function alertedOpening(page) {
  await viewAs(page, "N");
  await page.check("#box-panel .box-alert");
  await page.fill("#box-panel .box-explanation", "15-17 balanced");
  await bid(page, "N", "1NT");
}

test("an online self-alert is seen by both opponents and not by partner", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await alertedOpening(page);
  const first = '#auction .bid[data-index="0"]';
  for (const seat of ["E", "W", "N"]) {
    await viewAs(page, seat);
    assert.equal(await page.locator(`${first}.alerted`).count(), 1, `${seat} sees the alert`);
    assert.match(await page.locator(first).innerText(), /15-17 balanced/, `${seat} sees the explanation`);
  }
  await viewAs(page, "S");
  assert.equal(await page.locator(`${first}.alerted`).count(), 0, "partner does not see the alert");
  assert.doesNotMatch(await page.locator(first).innerText(), /15-17/, "nor the explanation");
  assert.deepEqual((await viewOf(page, "S")).calls[0].disclosures, []);
  await page.done("online-self-alert-partner-view");
  // (the screenshot shows South's view: the 1NT is plain)
});

test("a question about a call is answered and the answer reaches the asker", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1NT");
  await bid(page, "E", "2C");
  await viewAs(page, "S");
  await page.click('#auction .bid[data-index="1"] button.ask'); // South asks about East's 2C
  assert.equal(await page.locator("#questions .question").count(), 1);

  await viewAs(page, "E");
  const answer = page.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill("majors, at least 4-4");
  await answer.locator('button[type="submit"]').click();

  await viewAs(page, "S");
  assert.match(await page.locator('#auction .bid[data-index="1"]').innerText(), /majors, at least 4-4/);
  assert.equal(await page.locator("#questions .question.answered").count(), 1);
  await page.done("online-question-answered");
});
