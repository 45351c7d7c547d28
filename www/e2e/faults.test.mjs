// The faults of the table page, one test each: 1 (calling the Director is seen by the
// caller and the Director), 2 (readable warnings; the refusal beside the box names the call),
// 5 (no dash under a seat yet to call), 6 (the review goes stale with the next call),
// 9 (a phone: nothing covers the auction or the decision; the typed field is there),
// 10 (the turn in words, no dot), 11 (online, the box is dead while the connection is lost).
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { bid, openTable, start, viewAs, viewOf, typeCall, eastOnline, offered } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

test("fault 1: calling the Director shows the caller it was done and the Director who called", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1C");
  await viewAs(page, "E");
  await page.locator('#actions button:has-text("Call the Director")').click();
  assert.match(await page.locator("#actions .summoned").innerText(), /You called the Director/);
  assert.match(await page.locator("bl-feed .feed-director").innerText(), /You called the Director/);
  await viewAs(page, "director");
  assert.match(await page.locator("#director-panel .summons").innerText(), /East called you/);
  assert.doesNotMatch(await page.locator("#director-panel").innerText(), /^No ruling is awaited\.$/m);
  await viewAs(page, "S");
  assert.match(await page.locator("bl-feed .feed-director").innerText(), /East called the Director/, "the table is told too (L9B1a)");
  await page.done("fault-1-director");
});

test("fault 2: warnings show no raw code and name the seat; a refusal beside the box names the call", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await typeCall(page, "S", "p"); // out of rotation: North was to call
  await viewAs(page, "S");
  const feed = await page.locator("bl-feed").innerText();
  assert.doesNotMatch(feed, /\b[A-Z]{2,}_[A-Z_]+\b/, `no raw code in the feed: ${feed}`);
  assert.match(feed, /South/, "the seat concerned, spelled out");

  const online = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(online, "N", "1S");
  await typeCall(online, "E", "1h");
  const refusal = online.locator("#box-panel .box-refusal");
  const text = await refusal.innerText();
  assert.match(text, /one heart refused \(Law 27/, "names the call, in words, with its law");
  assert.doesNotMatch(text, /INSUFFICIENT_BID/);
  const r = await refusal.boundingBox();
  const grid = await online.locator("#box-panel .box").boundingBox();
  assert.ok(r && grid && Math.abs(r.y + r.height - grid.y) < 40, "just above the calls");
  await page.done("fault-2-feed");
  await online.done("fault-2-refusal");
});

test("fault 5: a seat yet to call shows nothing; a seat skipped by an accepted call shows a dash", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await typeCall(page, "E", "1d"); // out of rotation: North has not called
  await viewAs(page, "W");
  assert.equal(await page.locator("#auction td.skipped").count(), 0, "North has not called: no dash under him");
  await viewAs(page, "S");
  await page.locator('#decision button:has-text("Accept")').click();
  await viewAs(page, "W");
  assert.equal(await page.locator("#auction td.skipped").count(), 1, "accepted (L29A): North was skipped");
  assert.match(await page.locator("#auction td.skipped").innerText(), /skipped/);
  await page.done("fault-5-dash");
});

test("fault 6: the review goes when a call is made after it, and a new one lists the auction as it stands", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  for (const [s, c] of [["N", "1C"], ["E", "P"], ["S", "1H"], ["W", "P"]]) await bid(page, s, c);
  await viewAs(page, "N");
  assert.ok((await viewOf(page, "N")).may_review, "North may have the auction reviewed at his turn (L20B)");
  await page.locator('#actions button:has-text("Review the auction")').click();
  assert.equal(await page.locator("#actions .review li").count(), 4);
  assert.match(await page.locator('bl-announcer [role="log"]').textContent(), /Review for you: North: one club; East: pass; South: one heart; West: pass/,
    "the review is read aloud");
  await bid(page, "N", "2S");
  await viewAs(page, "N");
  assert.equal(await page.locator("#actions .review").count(), 0, "the four-call review is gone after 2♠");
  for (const [s, c] of [["E", "P"], ["S", "3S"], ["W", "P"]]) await bid(page, s, c);
  await viewAs(page, "N");
  await page.locator('#actions button:has-text("Review the auction")').click();
  assert.equal(await page.locator("#actions .review li").count(), 8, "a new review lists all eight calls");
  await page.done("fault-6-review");
});

test("fault 9: on a phone the decision, the auction and the box are all on screen, none covering another", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await page.setViewportSize({ width: 390, height: 844 });
  await bid(page, "N", "1S");
  await typeCall(page, "E", "1h"); // insufficient: South accepts or declines
  await viewAs(page, "S");
  const rect = (sel) => page.locator(sel).boundingBox();
  const [header, viewers, decision, auction, box] = await Promise.all([rect(".topbar"), rect("#viewers"), rect("#decision"), rect(".auction-panel"), rect("#box-panel")]);
  assert.ok(header.height + viewers.height < 844 * 0.25, `header and viewer tabs take under a quarter (${header.height + viewers.height}px)`);
  const disjoint = (a, b) => a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
  assert.ok(disjoint(decision, auction) && disjoint(decision, box) && disjoint(auction, box), "nothing overlaps");
  assert.ok(decision.y < auction.y && auction.y < box.y, "the decision first, then the auction, then the box");
  assert.ok(decision.y + decision.height <= 844, "South sees the decision without scrolling");
  for (const sel of ['#decision button:has-text("Decline")', '#auction .bid.irregular']) {
    const c = await rect(sel);
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("#decision, #auction")?.id, [c.x + c.width / 2, c.y + c.height / 2]);
    assert.ok(hit, `${sel} is not covered`);
  }
  const typed = page.locator("#box-panel .call-input");
  assert.equal(await typed.isVisible(), true, "the typed-call field is there on a phone");
  for (const v of ["N", "E", "S", "W", "director", "spectator"]) await page.locator(`#viewer-switch [data-viewer="${v}"]`).click({ trial: true });
  await page.done("fault-9-phone");
});

test("fault 10: the turn is said in words (no unexplained dot)", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "E" });
  assert.equal(await page.locator(".turn-dot").count(), 0);
  assert.match(await page.locator(".seat.turn").innerText(), /East[\s\S]*to call/i);
  await page.done("fault-10-turn");
});

test("fault 11: online, the box is not live while the connection is lost", async () => {
  // A stand-in server: the view comes from the package in Node; the socket is then dropped.
  const { table, context, page, drop } = await eastOnline(env, { viewport: { width: 1200, height: 900 } });
  const live = async () => (await offered(page)).length;
  assert.ok((await live()) > 0, "East's box is live while connected");
  assert.equal(await page.locator("#box-panel .box-hint").innerText(), "your call");
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(serious.map((v) => v.id), [], "the online page passes axe-core too");
  drop();
  await page.waitForSelector('body[data-conn="reconnecting"]');
  assert.equal(await live(), 0, "no call is offered while the connection is lost");
  assert.equal(await page.locator("#box-panel .box-calls").getAttribute("aria-hidden"), "true", "the calls are set aside");
  assert.match(await page.locator("#box-panel .box-hint").innerText(), /connection lost/);
  assert.equal(await page.locator("#box-panel .call-input").isDisabled(), true);
  assert.match(await page.locator('bl-announcer [role="log"]').textContent(), /Connection lost/);
  await context.close();
  table.free();
});

test("fault 10: at a table without the deal, the opening lead is offered only in the suits of legal_leads (a Law 26B restriction)", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  for (const [s, c] of [["N", "1NT"], ["E", "P"], ["S", "3NT"], ["W", "P"], ["N", "P"], ["E", "P"]]) await bid(page, s, c);
  // East's view as the engine gives it at a table without the deal (no `dealt`, `hands` nor
  // `legal_cards`: the page's cards), with the suits a restriction would leave (hearts, clubs).
  const offered = await page.evaluate(() => {
    const { dealt, hands, legal_cards, ...rest } = window.__table.view("E");
    const view = { ...rest, legal_leads: ["H", "C"] };
    const source = { viewer: "E", connected: true, lastAct: null, view: () => view, act: async () => ({ ok: true }), parseCall: (t) => t, subscribe: () => () => {} };
    const hand = document.createElement("bl-hand");
    hand.setAttribute("seat", "E");
    document.body.append(hand);
    hand.cards = ["SA", "SK", "HQ", "H2", "DJ", "D3", "C9", "C4", "C5", "S2", "H5", "D7", "C8"];
    hand.source = source;
    const enabled = [...hand.querySelectorAll("button.hand-card:not(:disabled)")].map((b) => b.dataset.card);
    hand.remove();
    return enabled;
  });
  assert.deepEqual(offered.map((c) => c[0]).sort(), ["C", "C", "C", "C", "H", "H", "H"], `only hearts and clubs: ${offered}`);
  await page.done("fault-10-legal-leads");
});

// The faults a table on one device still showed (a table players trust in every detail).

test("what one player typed in the call box is not in the next player's box, and a call by button clears a refused typed one", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await viewAs(page, "N");
  await page.fill("#box-panel .call-input", "3nt");
  await page.fill("#box-panel .box-explanation", "my secret");
  await viewAs(page, "E");
  assert.equal(await page.locator("#box-panel .call-input").inputValue(), "", "East does not see North's typed call");
  assert.equal(await page.locator("#box-panel .box-explanation").inputValue(), "", "nor his explanation");
  await viewAs(page, "N");
  await page.fill("#box-panel .call-input", "8nt");
  await page.press("#box-panel .call-input", "Enter");
  await page.locator("#box-panel .box-refusal").waitFor();
  await bid(page, "N", "1C");
  assert.equal(await page.locator("#box-panel .call-input").inputValue(), "", "the refused “8nt” is gone with the call made by button");
  assert.equal(await page.locator("#box-panel .box-refusal").isHidden(), true);
  await page.done("fault-typed-call-per-player");
});

test("after a new board a seat's fresh notice is news, not filed under Earlier", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await typeCall(page, "E", "1d"); // out of rotation: a notice to East
  await viewAs(page, "E");
  await page.locator("bl-feed .feed-dismiss").click();
  assert.equal(await page.locator("bl-feed .feed-new li[data-code]").count(), 0, "read");
  // North holds the device for the next board; East's call out of rotation again, made with
  // the table's own hook: East first looks at the new board with as many notices as he read.
  await viewAs(page, "N");
  await page.click("#new-board");
  await page.evaluate(() => {
    window.__table.apply({ seat: "E", type: "call", call: "1D" });
    window.__app.changed();
  });
  await viewAs(page, "E");
  assert.ok((await page.locator("bl-feed .feed-new li[data-code]").count()) > 0, "the new board's notice is new");
  assert.doesNotMatch(await page.locator("bl-feed .feed-new").innerText(), /Nothing new/);
  await page.done("fault-new-board-notice");
});

test("the Director-called item stands alone: no “Nothing for this viewer yet.” under it", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await bid(page, "N", "1C");
  await viewAs(page, "E");
  await page.locator('#actions button:has-text("Call the Director")').click();
  await page.locator("bl-feed .feed-director").waitFor();
  assert.doesNotMatch(await page.locator("bl-feed").innerText(), /Nothing for this viewer yet/);
  await page.done("fault-director-item-alone");
});

test("the review's alert mark is drawn by its call, not at the page's corner", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await viewAs(page, "N");
  await page.check("#box-panel .box-alert");
  await bid(page, "N", "1C");
  await bid(page, "E", "P");
  await bid(page, "S", "P");
  // West, an opponent of the alerted call, has the auction reviewed at his turn.
  await viewAs(page, "W");
  await page.locator('#actions button:has-text("Review the auction")').click();
  const line = await page.locator("#actions .review li").first().boundingBox();
  const mark = await page.locator("#actions .review li .alert-mark").first().boundingBox();
  const call = await page.locator("#actions .review li .call").first().boundingBox();
  assert.ok(mark.y >= line.y - 1 && mark.y + mark.height <= line.y + line.height + 1, `the mark is on its line: ${JSON.stringify({ line, mark })}`);
  assert.ok(mark.x >= call.x + call.width - 1 && mark.x - (call.x + call.width) < 24, `the mark is right after its call: ${JSON.stringify({ call, mark })}`);
  await page.done("fault-review-alert-mark");
});

test("on a phone a call with an explanation stays in its cell: not over the header, not into the box", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.setViewportSize({ width: 390, height: 844 });
  await viewAs(page, "N");
  await page.check("#box-panel .box-alert");
  await page.fill("#box-panel .box-explanation", "15-17 balanced, may hold a five-card major, denies a singleton");
  await bid(page, "N", "1NT");
  await viewAs(page, "E");
  const cell = await page.locator('#auction .bid[data-index="0"]').evaluate((bid) => {
    const box = (e) => e.getBoundingClientRect();
    const td = box(bid.closest("td"));
    // What is shown (the words for screen readers are clipped to a pixel).
    const inner = [...bid.querySelectorAll(":not(.sr-only)")].filter((e) => !e.closest(".sr-only")).map((e) => [e.className, box(e)]).filter(([, r]) => r.width > 0);
    return {
      td: { top: td.top, bottom: td.bottom, left: td.left, right: td.right },
      overflow: inner.filter(([, r]) => r.left < td.left - 1 || r.right > td.right + 1 || r.top < td.top - 1 || r.bottom > td.bottom + 1)
        .map(([c, r]) => `${c} ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)}`),
      head: box(bid.closest("table").querySelector("thead")).bottom,
      box: box(document.querySelector("#box-panel")).top,
      table: box(bid.closest("table")).bottom,
    };
  });
  assert.deepEqual(cell.overflow, [], `every part of the call is inside its cell: ${JSON.stringify(cell)}`);
  assert.ok(cell.td.top >= cell.head - 1, "below the header");
  assert.ok(cell.table <= cell.box + 1, "the grid ends above the box");
  await page.done("fault-phone-explained-call");
});

test("the Director's feed drops “the answer is his to give” once the answer is given", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await viewAs(page, "N");
  await page.check("#box-panel .box-alert");
  await bid(page, "N", "1NT");
  await viewAs(page, "E");
  await page.click('#auction .bid[data-index="0"] button.ask');
  await viewAs(page, "director");
  assert.match(await page.locator("bl-feed .feed-new").innerText(), /answer is his to give/, "the Director is reminded while it is due");
  await viewAs(page, "N");
  await page.getByRole("textbox", { name: "Answer to the question" }).fill("15-17");
  await page.getByRole("textbox", { name: "Answer to the question" }).press("Enter");
  await viewAs(page, "director");
  assert.doesNotMatch(await page.locator("bl-feed .feed-new").innerText(), /answer is his to give/);
  await page.done("fault-director-answer-given");
});
