// The page offers what the view answers and derives nothing of its own — the calls
// a player may explain in answer to a question about the auction are the view's
// `disclosable` (L20F: face to face, partner's calls), the calls he may correct its
// `correctable`.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

test("face to face, an answer about the whole auction offers only partner's calls, as the view's disclosable", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  for (const [seat, call] of [["N", "1H"], ["E", "P"], ["S", "2H"]]) await bid(page, seat, call);
  await viewAs(page, "W");
  await page.locator('#actions button:has-text("Ask about their auction")').click();
  await viewAs(page, "N");
  const view = await viewOf(page, "N");
  assert.ok(view.questions_to_answer.length > 0, "North is asked");
  assert.deepEqual(view.disclosable, [2], "North explains South's 2H, not his own 1H (L20F1)");
  const offered = await page.$$eval('#questions form.answer select[name="index"] option', (os) => os.map((o) => Number(o.value)));
  assert.deepEqual(offered, view.disclosable);
  // What is offered is accepted.
  const answer = page.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill("natural raise");
  await answer.locator('button[type="submit"]').click();
  assert.equal(await page.locator("#toasts .toast").count(), 0, "the answer is accepted");
  assert.deepEqual((await viewOf(page, "N")).questions_to_answer, []);
  await page.done("answers-disclosable");
});
