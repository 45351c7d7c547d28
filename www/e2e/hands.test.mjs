// The hands as the engine holds them (TableOptions.deal, `view.hands`, `legal_cards`,
// `may_play`), played through the demo: each viewer's page shows the cards the engine shows
// him and no other (his own; dummy's once the opening lead is faced, L41D; every hand to the
// Director; spectators' per the regulation), offers exactly the cards the engine answers
// (following suit, L44C; declarer's from dummy, L45) and no other, and gives dummy no play
// control. The engine's view is read through `window.__table` only to compare the page with it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, viewOf } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

// North declares 3NT, South dummy, East on lead.
const DEAL = {
  N: ["SA", "SK", "SQ", "S2", "HA", "HK", "H2", "DA", "DK", "D2", "C4", "C3", "C2"],
  E: ["SJ", "ST", "S9", "HQ", "HJ", "HT", "H9", "DQ", "DJ", "DT", "CA", "CK", "CQ"],
  S: ["S8", "S7", "S6", "S5", "H8", "H7", "H6", "D9", "D8", "D7", "CJ", "CT", "C9"],
  W: ["S4", "S3", "H5", "H4", "H3", "D6", "D5", "D4", "D3", "C8", "C7", "C6", "C5"],
};
const SEATS = ["N", "E", "S", "W"];
const VIEWERS = [...SEATS, "director", "spectator"];
const AUCTION = [["N", "1NT"], ["E", "P"], ["S", "3NT"], ["W", "P"], ["N", "P"], ["E", "P"]];

/** A demo table dealt `DEAL` (through the page's own `newBoard`, as its form does), bid to 3NT by North. */
async function dealtTable(regulation) {
  const page = await openTable(env, { regulation, dealer: "N" });
  await page.evaluate(([deal, regulation]) => window.__app.newBoard({ dealer: "N", vulnerability: "None", regulation, deal }), [DEAL, regulation]);
  for (const [s, c] of AUCTION) await bid(page, s, c);
  return page;
}

/** The cards each `<bl-hand>` of the page shows, by seat (a hand not shown: absent). */
function shownHands(page) {
  return page.$$eval("bl-hand", (hands) => Object.fromEntries(hands
    .map((h) => [h.getAttribute("seat"), [...h.querySelectorAll(".hand-card")].map((c) => c.dataset.card).sort()])
    .filter(([, cards]) => cards.length)));
}

/** The cards the page offers the viewer to choose, in every hand. */
function offeredCards(page) {
  return page.$$eval("bl-hand button.hand-card:not(:disabled)", (bs) => bs.map((b) => b.dataset.card).sort());
}

/** The engine's hands for `viewer`, each sorted. */
async function engineHands(page, viewer) {
  const hands = (await viewOf(page, viewer)).hands ?? {};
  return Object.fromEntries(Object.entries(hands).map(([s, cards]) => [s, [...cards].sort()]));
}

/** Every viewer's page shows exactly the hands the engine shows him; returns the seats each sees. */
async function assertHandsAreTheView(page) {
  const seen = {};
  for (const v of VIEWERS) {
    await viewAs(page, v);
    const shown = await shownHands(page);
    assert.deepEqual(shown, await engineHands(page, v), `${v}'s page shows the engine's hands`);
    seen[v] = Object.keys(shown).sort().join("");
  }
  return seen;
}

/** At every viewer's page: the cards offered are exactly the engine's `legal_cards` (none
 *  where `may_play` is false), and no card is typed in a field. Returns the viewer who plays. */
async function assertOfferIsTheView(page) {
  let player = null;
  for (const v of VIEWERS) {
    await viewAs(page, v);
    const view = await viewOf(page, v);
    assert.deepEqual(await offeredCards(page), view.may_play ? [...view.legal_cards].sort() : [], `${v} is offered exactly the engine's cards`);
    assert.equal(await page.locator("#play form.play-card, #play form.lead").count(), 0, `${v} types no card: the engine holds the hands`);
    if (view.may_play) player = v;
  }
  return player;
}

test("each viewer sees the hands the engine shows him: his own, dummy's once the lead is faced, the Director all, spectators none (face to face)", async () => {
  const page = await dealtTable("face_to_face");
  assert.deepEqual(await assertHandsAreTheView(page), { N: "N", E: "E", S: "S", W: "W", director: "ENSW", spectator: "" });
  await viewAs(page, "E");
  assert.deepEqual((await shownHands(page)).E, [...DEAL.E].sort(), "East's own thirteen cards, as dealt");
  assert.match(await page.locator('bl-hand[seat="W"]').innerText(), /13 cards, not shown to you/);

  await page.locator('bl-hand[seat="E"] button.hand-card[data-card="HQ"]').click();
  assert.deepEqual(await assertHandsAreTheView(page), { N: "N", E: "E", S: "S", W: "W", director: "ENSW", spectator: "" }, "nothing more while the lead is face down");
  await viewAs(page, "E");
  await page.click('#play button:has-text("Face the lead")');
  assert.deepEqual(await assertHandsAreTheView(page), { N: "NS", E: "ES", S: "S", W: "SW", director: "ENSW", spectator: "S" }, "dummy's hand to all once the lead is faced");
  await viewAs(page, "E");
  assert.equal((await shownHands(page)).E.includes("HQ"), false, "the card led left East's hand");
  await page.done("hands-seen-face-to-face");
});

test("spectators see every hand where the regulation lets them (online)", async () => {
  const page = await dealtTable("online");
  await viewAs(page, "spectator");
  assert.deepEqual(await shownHands(page), Object.fromEntries(SEATS.map((s) => [s, [...DEAL[s]].sort()])));
  assert.equal(await offeredCards(page).then((c) => c.length), 0, "and choose none");
  await page.done("hands-spectator-online");
});

test("the cards offered are the engine's legal_cards at every turn (following suit), and one not offered cannot be chosen", async () => {
  const page = await dealtTable("online");
  assert.equal(await assertOfferIsTheView(page), "E", "East alone chooses: his opening lead");
  await viewAs(page, "E");
  await page.locator('bl-hand[seat="E"] button.hand-card[data-card="HQ"]').click();
  await page.click('#play button:has-text("Face the lead")');

  // Dummy's card is due: declarer chooses it among dummy's hearts, and nothing else.
  assert.equal(await assertOfferIsTheView(page), "N", "declarer plays dummy's card");
  await viewAs(page, "N");
  assert.deepEqual(await offeredCards(page), ["H6", "H7", "H8"], "dummy must follow to the heart lead (L44C)");
  assert.equal(await page.locator('bl-hand[seat="N"] button.hand-card').count(), 0, "declarer's own hand is not due");
  // A spade of dummy's is drawn but not offered: pressing it plays nothing.
  const spade = page.locator('bl-hand[seat="S"] button.hand-card[data-card="S8"]');
  assert.equal(await spade.isDisabled(), true);
  await spade.click({ force: true });
  assert.equal((await viewOf(page, "director")).play.current.length, 1, "no card was played");
  await page.locator('bl-hand[seat="S"] button.hand-card[data-card="H6"]').click();

  // West, then declarer, then (after the trick) declarer leads: each offered what the engine answers.
  const plays = [["W", "H3"], ["N", "HA"], ["N", "C2"], ["E", "CA"]];
  for (const [seat, card] of plays) {
    assert.equal(await assertOfferIsTheView(page), seat, `${seat} plays next`);
    await viewAs(page, seat);
    await page.locator(`bl-hand button.hand-card[data-card="${card}"]:not(:disabled)`).click();
  }
  const v = await viewOf(page, "director");
  assert.deepEqual(v.play.tricks[0].cards.map(([, c]) => c), ["HQ", "H6", "H3", "HA"]);
  assert.deepEqual(v.play.current.map(([, c]) => c), ["C2", "CA"]);
  await viewAs(page, "N");
  assert.deepEqual(await offeredCards(page), ["C9", "CJ", "CT"], "dummy's clubs, to follow the club lead");
  await page.done("hands-follow-suit");
});

test("dummy has no play control: no card offered, no card field, no hint, at any turn", async () => {
  const page = await dealtTable("online");
  await viewAs(page, "E");
  await page.locator('bl-hand[seat="E"] button.hand-card').first().click();
  await page.click('#play button:has-text("Face the lead")');
  for (const seat of ["N", "W", "N"]) {
    // Dummy's page, whoever is due (his own hand's card included: declarer plays it, L45).
    await viewAs(page, "S");
    assert.equal((await viewOf(page, "S")).may_play, false);
    assert.equal(await page.locator("bl-hand button.hand-card").count(), 0, "dummy's page offers no card");
    assert.equal(await page.locator("#play form, #play input").count(), 0, "nor a card field");
    assert.doesNotMatch(await page.locator("#play").innerText(), /to play|Choose a card/);
    assert.equal(await page.locator('#play button:has-text("End play")').count(), 0, "nor ends play (may_end_play)");
    // The card due is played by the player the engine names.
    await viewAs(page, seat);
    assert.match(await page.locator("#play").innerText(), /Choose a card in (South|West|North)’s hand/);
    await page.locator("bl-hand button.hand-card:not(:disabled)").first().click();
  }
  await page.done("hands-dummy-no-control");
});

test("at a table given the deal a page's own cards are neither drawn nor offered: the engine's hands alone", async () => {
  // A partial deal: the engine holds North's hand alone; East, on lead, is shown no hand.
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.evaluate((north) => window.__app.newBoard({ dealer: "N", vulnerability: "None", regulation: "online", deal: { N: north } }), DEAL.N);
  for (const [s, c] of AUCTION) await bid(page, s, c);
  await viewAs(page, "E");
  const view = await viewOf(page, "E");
  assert.equal(view.dealt, true, "the view says the table is dealt");
  assert.equal(view.hands, undefined, "and shows East no hand");
  // The page gives East's <bl-hand> his cards: ignored at a dealt table.
  await page.evaluate((east) => { document.querySelector('bl-hand[seat="E"]').cards = east; }, DEAL.E);
  assert.deepEqual(await shownHands(page), {}, "no card drawn");
  assert.deepEqual(await offeredCards(page), [], "none offered");
  assert.match(await page.locator('bl-hand[seat="E"]').innerText(), /13 cards, not shown to you/);
  // A whole deal: East's page given West's cards still draws East's own.
  const whole = await dealtTable("online");
  await viewAs(whole, "E");
  await whole.evaluate((west) => { document.querySelector('bl-hand[seat="E"]').cards = west; }, DEAL.W);
  assert.deepEqual((await shownHands(whole)).E, [...DEAL.E].sort(), "the engine's hand, not the page's");
  assert.deepEqual(await offeredCards(whole), [...(await viewOf(whole, "E")).legal_cards].sort());
  await page.done("hands-page-cards-ignored");
  await whole.done("hands-page-cards-ignored-whole");
});
