// What players tripped over on the table page: the irregular call in the grid, the "?"
// on the call it asks about, honest hints, notices that become old, forms shown only when
// they apply, the bidding box on a phone, and the Director's rulings as buttons.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { assertBoxIsTheView, bid, offered, openTable, start, viewAs, viewOf, typeCall } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

/** The seat whose column holds each non-empty cell of the grid, row by row. */
function gridColumns(page) {
  return page.$$eval("#auction tbody tr", (rows) =>
    rows.map((r) => [...r.children].map((td) => (td.querySelector(".bid") ? td.querySelector(".bid").getAttribute("data-label").split(":")[0] : ""))));
}

test("an irregular call stays in the grid, in its caller's column, until it is ruled on", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1S");
  await typeCall(page, "E", "1h");
  await viewAs(page, "W");
  const irregular = page.locator('#auction .bid.irregular[data-irregular="insufficient_bid"]');
  assert.equal(await irregular.count(), 1, "East's insufficient 1H is on the table");
  assert.match(await irregular.getAttribute("data-label"), /East: one heart, irregular \(Law 27A\)/);
  assert.deepEqual(await gridColumns(page), [["", "North", "East", ""]], "under East, beside North's 1S");
  assert.equal(await page.locator("#auction td.next").count(), 0, "no 'next call' marker while a decision is pending");

  await viewAs(page, "S");
  await page.locator('#decision button:has-text("Decline")').click();
  await viewAs(page, "W");
  assert.equal(await page.locator("#auction .bid.irregular").count(), 0, "once withdrawn it leaves the grid");
  assert.match(await page.locator("#auction .withdrawn").innerText(), /East/, "and is listed as withdrawn");
  await page.done("page-irregular-call-in-grid");
});

test("a call out of rotation accepted stays under its caller and the skipped seat shows a dash", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await typeCall(page, "E", "1d"); // out of rotation: North was to call
  await viewAs(page, "S");
  await page.locator('#decision button:has-text("Accept")').click();
  const v = await viewOf(page, "director");
  assert.deepEqual(v.calls.map((c) => [c.seat, c.call]), [["E", "1D"]]);
  await viewAs(page, "W");
  assert.deepEqual(await gridColumns(page), [["", "", "East", ""]], "East's 1D under East, not under North");
  assert.equal(await page.locator("#auction td.next").getAttribute("aria-label"), "South to call");
  await page.done("page-out-of-rotation-columns");
});

test("the question mark sits on the opponent's call it asks about, and not on partner's", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1C");
  await bid(page, "E", "1H");
  await viewAs(page, "S");
  assert.equal(await page.locator('#auction .bid[data-index="1"] button.ask').count(), 1, "on East's 1H");
  assert.equal(await page.locator('#auction .bid[data-index="0"] button.ask:not([hidden])').count(), 0, "not on partner's 1C");
  assert.equal(await page.locator("#auction td.next").innerText(), "…", "the next-call marker is not a question mark");
  await page.click('#auction .bid[data-index="1"] button.ask');
  const q = (await viewOf(page, "S")).questions;
  assert.deepEqual(q.map((x) => [x.asker, x.index]), [["S", 1]], "the question is about that call");
  await page.done("page-ask-on-the-call");
});

test("the hint never says 'your call' when the box is dead", async () => {
  const page = await openTable(env, { regulation: "online_tournament", dealer: "N" });
  await bid(page, "N", "1H");
  // An undo ruled by the Director: East is next in rotation but must wait for the ruling.
  await viewAs(page, "N");
  await page.click("#actions details.more-undo > summary");
  await page.locator('#actions form.undo input[name="call"]').fill("1S");
  await page.locator('#actions form.undo button[type="submit"]').click();
  await viewAs(page, "E");
  const hint = await page.locator("#box-panel .box-hint").innerText();
  assert.deepEqual(await offered(page), [], "East may not call while the ruling is awaited");
  await assertBoxIsTheView(page);
  assert.doesNotMatch(hint, /your call/);
  assert.match(hint, /waiting for the Director/);

  await viewAs(page, "director");
  await page.click('.ruling-card[data-ruling="unintended"] button[data-value="true"]');
  await viewAs(page, "E");
  assert.equal(await page.locator("#box-panel .box-hint").innerText(), "your call");

  // After the final pass the opening leader is not told to call, and online the box goes.
  for (const [s, c] of [["E", "P"], ["S", "P"], ["W", "P"]]) await bid(page, s, c);
  await viewAs(page, "W");
  assert.equal((await viewOf(page, "W")).phase, "clarification");
  assert.equal(await page.locator("#box-panel").isHidden(), true, "no bidding box during the opening lead online");
  await page.done("page-honest-hints");
});

test("face to face, after the final pass the box says the auction is over", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  for (const [s, c] of [["N", "1NT"], ["E", "P"], ["S", "P"], ["W", "P"]]) await bid(page, s, c);
  await viewAs(page, "E");
  assert.equal(await page.locator("#box-panel .box-hint").innerText(), "the auction is over");
  await page.done("page-f2f-auction-over");
});

test("the single-call caution is news once; repeated questions do not repeat it", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1C");
  await bid(page, "E", "P");
  await bid(page, "S", "1D");
  await viewAs(page, "W");
  await page.click('#auction .bid[data-index="0"] button.ask');
  const fresh = '#feed .feed-new [data-code="SINGLE_CALL_QUESTION"]';
  assert.equal(await page.locator(fresh).count(), 1, "the caution is shown after the first question");
  assert.match(await page.locator(fresh).innerText(), /one club/, "it names the call asked about");
  await page.click('#auction .bid[data-index="2"] button.ask');
  const engine = (await viewOf(page, "W")).warnings.filter((w) => w.code === "SINGLE_CALL_QUESTION");
  assert.equal(engine.length, 2, "the engine cautions at each single-call question (SPEC §5.5)");
  assert.equal(await page.locator(fresh).count(), 0, "the page does not repeat it as news");
  assert.equal(await page.locator('#feed .feed-old [data-code="SINGLE_CALL_QUESTION"]').count(), 2, "both stay listed under Earlier");
  await page.done("page-caution-once");
});

test("old notices clear: they become 'Earlier' when the player acts, or on 'Mark as read'", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1S");
  await typeCall(page, "E", "1h");
  await viewAs(page, "E");
  const irregularity = '#feed .feed-new [data-code="IRREG_INSUFFICIENT_BID"]';
  assert.equal(await page.locator(irregularity).count(), 1, "East is told of his irregularity");
  await page.click("#feed .feed-dismiss");
  assert.equal(await page.locator(irregularity).count(), 0, "Mark as read moves it out of the news");
  assert.equal(await page.locator('#feed .feed-old [data-code="IRREG_INSUFFICIENT_BID"]').count(), 1, "it stays under Earlier");
  assert.equal(await page.locator("#feed .feed-dismiss").isHidden(), true);

  // A refusal beside the box goes when the next action succeeds.
  await viewAs(page, "S");
  await page.evaluate(() => document.querySelector("#box-panel .call-input").value = "");
  await page.fill("#box-panel .call-input", "9z");
  await page.press("#box-panel .call-input", "Enter");
  await page.locator('#box-panel .box-refusal[data-code="BAD_INPUT"]').waitFor();
  await page.locator('#decision button:has-text("Accept")').click();
  assert.equal(await page.locator("#box-panel .box-refusal").isHidden(), true, "the stale refusal is gone");
  await page.done("page-old-notices");
});

test("undo, late alert and correction forms appear only when they apply", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await viewAs(page, "N");
  for (const cls of ["undo", "disclose", "correct"]) {
    assert.equal(await page.locator(`#actions details.more-${cls}`).count(), 0, `no ${cls} form before North has called`);
  }
  await bid(page, "N", "1H");
  await viewAs(page, "N");
  assert.match(await page.locator("#actions details.more-undo > summary").innerText(), /Undo my\s+one heart.*Law 25A/s);
  assert.equal(await page.locator("#actions details.more-disclose").count(), 1, "a late alert of his own call is possible");
  // The correction form follows the view's `correctable` (the page derives nothing): a call of
  // his own he failed to alert or explain is his to correct (L20F4a), not an opponent's.
  assert.deepEqual((await viewOf(page, "N")).correctable, [0]);
  assert.equal(await page.locator("#actions details.more-correct").count(), 1, "his own call, unexplained: his to correct");
  assert.equal(await page.locator("#actions form.undo").isVisible(), false, "the form itself opens on demand");
  await viewAs(page, "E");
  assert.deepEqual((await viewOf(page, "E")).correctable, []);
  assert.equal(await page.locator("#actions details.more-correct").count(), 0, "not East's to correct");

  await bid(page, "E", "P");
  await bid(page, "S", "2H");
  await viewAs(page, "N");
  assert.equal(await page.locator("#actions details.more-undo").count(), 0, "partner has called since: no undo (L25A4)");

  // Once North has explained his call, he may correct it.
  await bid(page, "W", "P");
  await viewAs(page, "E");
  await page.click('#auction .bid[data-index="0"] button.ask');
  await viewAs(page, "N");
  const answer = page.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill("five hearts");
  await answer.locator('button[type="submit"]').click();
  assert.equal(await page.locator("#actions details.more-correct").count(), 1);
  await page.click("#actions details.more-correct > summary");
  assert.deepEqual(await page.$$eval("#actions form.correct select option", (os) => os.map((o) => Number(o.value))), (await viewOf(page, "N")).correctable,
    "the calls offered are the view's correctable");
  await page.done("page-forms-when-they-apply");
});

test("'Partner was wrong' is offered from the view's notable: to the partner who heard the explanation, not to its giver", async () => {
  // Face to face (L20F5): South explains North's 1H to East; North heard it and may note it
  // as wrong (to correct after the final pass); South gave it and corrects his own instead.
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1H");
  await viewAs(page, "E");
  await page.click('#auction .bid[data-index="0"] button.ask');
  await viewAs(page, "S");
  const answer = page.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill("five hearts");
  await answer.locator('button[type="submit"]').click();
  const note = '#actions form.correct button[value="note"]';
  assert.deepEqual((await viewOf(page, "S")).notable, []);
  assert.equal(await page.locator(note).count(), 0, "South gave the explanation: his to correct, not to note");
  await viewAs(page, "N");
  assert.deepEqual((await viewOf(page, "N")).notable, [0]);
  await page.click("#actions details.more-correct > summary");
  await page.click(note);
  assert.equal(await page.locator("#toasts .toast").count(), 0, "the note is accepted");
  const reminded = (await viewOf(page, "N")).warnings.filter((w) => w.code === "CORRECTION_TOO_EARLY" && w.seat === "N");
  assert.equal(reminded.length, 1, "North is told when he will correct it");
  await page.done("page-note-partner-mistake");
});

test("the Director says a pass out of rotation was artificial and what it specified (Law 30C, 29C)", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  // North opens 1C, South alerts it, then South passes out of rotation (East was to call):
  // a pass of partner's alerted call, which the Director may find artificial.
  const setup = await page.evaluate(() => {
    const t = window.__table;
    const outs = [
      t.apply({ seat: "N", type: "call", call: "1C" }),
      t.apply({ seat: "S", type: "alert", index: 0 }),
      t.apply({ seat: "S", type: "call", call: "P" }),
    ];
    window.__app.changed();
    return outs.map((o) => o.ok);
  });
  assert.deepEqual(setup, [true, true, true]);
  await viewAs(page, "director");
  assert.deepEqual((await viewOf(page, "director")).open_rulings, ["artificial"]);
  const card = page.locator('#director-panel .ruling-card[data-ruling="artificial"]');
  assert.match(await card.innerText(), /Law 29C/);
  await card.locator('.chip[data-strain="D"]').click();
  await card.locator('button[data-value="true"]').click();
  const after = await viewOf(page, "director");
  assert.deepEqual(after.open_rulings, [], "the ruling was given");
  assert.ok(after.events.some((e) => e.kind === "ruling" && e.on === "artificial" && e.value === true), "the table is told the ruling");
  // Law 31, not Law 30: West (South's LHO) declines the call out of rotation, the pass is
  // cancelled; South is not held to a pass at his next turn as Law 30A would hold him.
  await viewAs(page, "W");
  await page.locator('#decision button:has-text("Decline")').click();
  await bid(page, "E", "1H");
  const south = await viewOf(page, "S");
  assert.equal(south.turn, "S");
  assert.ok(south.legal_calls.includes("2D"), "South may call freely after RHO's bid (Law 31A2)");
  await page.done("page-director-artificial");
});

test("what a player is typing survives an update from the table, and is not shown to another viewer", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1C");
  await bid(page, "E", "1H");
  await viewAs(page, "S");
  await page.click('#auction .bid[data-index="1"] button.ask'); // South asks East about 1H
  await viewAs(page, "E");
  // East starts his answer and opens the undo form; then South passes: the table changes.
  await page.click("#actions details.more-undo > summary");
  const text = page.locator('#questions form.answer input[name="text"]');
  await text.fill("Natural, five");
  const out = await page.evaluate(() => {
    const out = window.__table.apply({ seat: "S", type: "call", call: "P" });
    window.__app.changed();
    return out.ok;
  });
  assert.equal(out, true, "South's pass was accepted");
  assert.equal((await viewOf(page, "director")).calls.length, 3, "the page was drawn again with South's pass");
  assert.equal(await text.inputValue(), "Natural, five", "the half-typed answer is still there");
  assert.equal(await text.evaluate((el) => el === document.activeElement), true, "and still has the focus");
  assert.equal(await page.locator("#actions details.more-undo").evaluate((d) => d.open), true,
    "the undo form he opened is still open (partner has not called: Law 25A)");
  // Another viewer never sees what East typed.
  await viewAs(page, "W");
  assert.ok(!(await page.evaluate(() => [...document.querySelectorAll("input")].map((i) => i.value).join(" "))).includes("Natural, five"));
  // Back to East: a fresh drawing for him (what he typed was his, on a page drawn for West since).
  await viewAs(page, "E");
  await text.fill("Natural, five or more");
  await page.locator('#questions form.answer button[type="submit"]').click();
  const answered = (await viewOf(page, "S")).questions[0];
  assert.equal(answered.answered, true, "the answer was sent");
  await page.done("page-typing-survives-updates");
});

test("on a phone the bidding box is on screen when it is your call", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.setViewportSize({ width: 390, height: 844 });
  await bid(page, "N", "1C");
  await viewAs(page, "E");
  const button = page.locator('#box-panel .box-call[data-call="1NT"]');
  const box = await button.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `1NT is within the first screen (at y=${box?.y})`);
  await button.click({ trial: true }); // not covered by anything
  await viewAs(page, "S");
  assert.equal(await page.locator("#box-panel.my-turn").count(), 0, "not South's call: the box does not cover the table");
  await page.done("page-phone-box");
});

test("the Director rules with labelled buttons; a comparable ruling can name the strains", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(page, "N", "1NT");
  await typeCall(page, "E", "1s"); // insufficient
  await viewAs(page, "S");
  await page.locator('#decision button:has-text("Decline")').click();
  await typeCall(page, "E", "2c"); // a replacement that may not be comparable
  const v = await viewOf(page, "director");
  await viewAs(page, "director");
  const panel = page.locator("#director-panel");
  assert.equal(await panel.locator("select").count(), 0, "no raw select boxes");
  assert.deepEqual(v.open_rulings, ["comparable"], "2C for 1S asks the Director whether it is comparable (L27B1b)");
  const card = panel.locator('.ruling-card[data-ruling="comparable"]');
  assert.match(await card.innerText(), /Law 23A/);
  await card.locator('.chip[data-strain="S"]').click();
  assert.equal(await card.locator('.chip[data-strain="S"]').getAttribute("aria-pressed"), "true");
  await card.locator('button[data-value="false"]').click();
  const after = await viewOf(page, "director");
  assert.deepEqual(after.open_rulings, [], "the ruling was given");
  assert.ok(after.barred.W, "not comparable: the offender's partner is barred (L27B2)");
  await page.done("page-director-buttons");
});
