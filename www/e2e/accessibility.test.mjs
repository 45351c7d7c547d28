// Every state of the demo passes axe-core (no serious or critical violation), and a
// whole board is played with the keyboard alone, reading only the accessibility tree (the
// focused control's role and name) and the page's one live region.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import AxeBuilder from "@axe-core/playwright";
import { bid, openTable, start, viewAs } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

/** The serious and critical violations axe-core finds on the page as it is. */
async function violations(page, state) {
  // Only the violations are collected (the passes would cost most of the time).
  const result = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${state}: ${v.id} (${v.impact}) — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}

test("axe-core finds no serious or critical violation in any state of the table", async () => {
  const found = [];
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  found.push(...(await violations(page, "new board")));
  await viewAs(page, "N");
  await page.check("#box-panel .box-alert");
  await page.fill("#box-panel .box-explanation", "15-17 balanced");
  await bid(page, "N", "1NT");
  await viewAs(page, "E");
  found.push(...(await violations(page, "an alerted, explained call, opponent to call")));
  await page.click('#auction .bid[data-index="0"] button.ask');
  await viewAs(page, "N");
  found.push(...(await violations(page, "a question to answer")));
  await page.locator('#actions button:has-text("Call the Director")').click();
  await viewAs(page, "director");
  found.push(...(await violations(page, "the Director called")));
  for (const [s, c] of [["E", "P"], ["S", "3NT"], ["W", "P"], ["N", "P"], ["E", "P"]]) await bid(page, s, c);
  await viewAs(page, "E");
  found.push(...(await violations(page, "the opening lead, from the hand")));
  await page.locator('bl-hand[seat="E"] button.hand-card:not(:disabled)').first().click();
  await page.click('#play button:has-text("Face the lead")');
  await viewAs(page, "N");
  found.push(...(await violations(page, "play, dummy faced")));
  await page.setViewportSize({ width: 390, height: 844 });
  found.push(...(await violations(page, "phone")));
  await page.done("a11y-online-states");

  const f2f = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await bid(f2f, "N", "1S");
  await viewAs(f2f, "E");
  await f2f.fill("#box-panel .call-input", "1h");
  await f2f.press("#box-panel .call-input", "Enter");
  await viewAs(f2f, "S");
  found.push(...(await violations(f2f, "an insufficient bid awaiting South's decision")));
  await f2f.fill("#box-panel .call-input", "9z");
  await f2f.press("#box-panel .call-input", "Enter");
  await f2f.locator("#box-panel .box-refusal").waitFor();
  found.push(...(await violations(f2f, "a refusal beside the box")));
  await viewAs(f2f, "director");
  found.push(...(await violations(f2f, "the Director's panel")));
  await f2f.done("a11y-f2f-states");

  const context = await env.browser.newContext();
  const lobby = await context.newPage();
  await lobby.goto(`${env.url}?online`);
  await lobby.waitForSelector('body[data-ready="true"]');
  found.push(...(await violations(lobby, "the online lobby")));
  await context.close();
  assert.deepEqual(found, []);
});

test("axe-core finds no serious or critical violation in French and Dutch either, an answered question included", async () => {
  const found = [];
  for (const [language, answer] of [["en", "Answer to the question"], ["fr", "Réponse à la question"], ["nl", "Antwoord op de vraag"]]) {
    const page = await openTable(env, { regulation: "online", dealer: "N" });
    await page.selectOption("#language", language);
    await page.waitForFunction((l) => document.documentElement.lang === l, language);
    found.push(...(await violations(page, `${language}: new board`)));
    await viewAs(page, "N");
    await page.check("#box-panel .box-alert");
    await page.fill("#box-panel .box-explanation", "15-17");
    await bid(page, "N", "1NT");
    await viewAs(page, "E");
    await page.click('#auction .bid[data-index="0"] button.ask');
    found.push(...(await violations(page, `${language}: a question asked`)));
    await viewAs(page, "N");
    await page.getByRole("textbox", { name: answer }).fill("15-17 balanced");
    await page.getByRole("textbox", { name: answer }).press("Enter");
    await viewAs(page, "E");
    await page.locator("#questions .question.answered").waitFor();
    found.push(...(await violations(page, `${language}: the question answered`)));
    await viewAs(page, "director");
    found.push(...(await violations(page, `${language}: the Director`)));
    for (const [seat, call] of [["E", "P"], ["S", "P"], ["W", "P"]]) await bid(page, seat, call);
    await viewAs(page, "E");
    found.push(...(await violations(page, `${language}: the opening lead`)));
    await page.setViewportSize({ width: 390, height: 844 });
    found.push(...(await violations(page, `${language}: phone`)));
    await page.done(`a11y-states-${language}`);
  }
  assert.deepEqual(found, []);
});

/** The focused control as the accessibility tree gives it ("- button \"one club\""), or "". */
async function focused(page) {
  const f = page.locator(":focus");
  return (await f.count()) ? (await f.ariaSnapshot()).split("\n")[0] : "";
}

/** Presses `key` until the focused control's role and name match `re` (at most `max` presses; none if it already does). */
async function focusOn(page, re, { key = "Tab", max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (re.test(await focused(page))) return;
    await page.keyboard.press(key);
  }
  assert.fail(`no control matching ${re} reached with ${key}; last: ${await focused(page)}`);
}

/** The live region's lines, read from the accessibility tree. */
async function heard(page) {
  const tree = await page.locator('bl-announcer [role="log"]').ariaSnapshot();
  return tree.split("\n").map((l) => l.replace(/^\s*- (paragraph: )?/, "").replace(/^"|"$/g, "")).filter((l) => l && l !== "log:" && l !== "log");
}

/** The lines heard by each viewer, split at "Now seen as …". */
function byViewer(lines) {
  const out = [];
  for (const line of lines) {
    const m = /^Now seen as (.+)$/.exec(line);
    if (m) out.push({ viewer: m[1], lines: [] });
    else if (out.length) out.at(-1).lines.push(line);
  }
  return out;
}

/** A call of the bidding box, as the accessibility tree names it. */
const CALL = /^- button "((one|two|three|four|five|six|seven) (clubs?|diamonds?|hearts?|spades?|no trump)|pass|double|redouble)"/;

/** Moves with the arrow keys in the bidding box to the call named `name` and makes it. */
async function call(page, name) {
  await focusOn(page, CALL, { key: "Tab", max: 80 });
  // The roving call: Home, then right until the call.
  await page.keyboard.press("Home");
  for (let i = 0; i < 40 && !(await focused(page)).includes(`"${name}"`); i++) await page.keyboard.press("ArrowRight");
  assert.match(await focused(page), new RegExp(`button "${name}"`));
  await page.keyboard.press("Enter");
}

/** Collects every line the live region says from now on (a line dropped from the region
 *  later, once read, is still counted). */
async function listen(page) {
  await page.evaluate(() => {
    window.__heard = [];
    const log = document.querySelector('bl-announcer [role="log"]');
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.nodeName === "P") window.__heard.push(n.textContent);
        else if (n.nodeType === 1) for (const p of n.querySelectorAll("p")) window.__heard.push(p.textContent);
      }
    }).observe(log, { childList: true, subtree: true });
  });
  let seen = 0;
  /** The lines said since the last call. */
  return async () => {
    const all = await page.evaluate(() => window.__heard);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
}

/** After a step: the live region said each of `said` (in order, among what it said since the
 *  last step), and the focus landed on a control matching `landing` — never on the page. */
async function expectStep(page, since, step, said, landing) {
  const lines = await since();
  let at = 0;
  for (const re of said) {
    const found = lines.findIndex((l, i) => i >= at && re.test(l));
    assert.ok(found >= 0, `${step}: “${re.source}” is said — heard: ${JSON.stringify(lines)}`);
    at = found + 1;
  }
  const f = await focused(page);
  assert.notEqual(f, "", `${step}: the focus is on a control, not on the page`);
  assert.match(f, landing, `${step}: the focus lands on the next control`);
  return lines;
}

test("a whole board by keyboard alone: every step announced, every focus landing on the next control", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  const since = await listen(page);
  await page.locator("#new-board").focus();
  await focusOn(page, /checkbox "Follow the turn"/);
  await page.keyboard.press("Space");

  // North opens 1♣: he hears it made, then East's box is live.
  await call(page, "one club");
  await expectStep(page, since, "North's 1♣", [/^Now seen as East$/, /^North: one club$/, /^Your turn to call$/], CALL);
  // East alerts and explains his 1♥ before making it.
  await focusOn(page, /checkbox "Alert this call"/);
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  assert.match(await focused(page), /textbox "Explanation of your call"/);
  await page.keyboard.type("transfer to spades");
  await focusOn(page, /^- button "one heart"|^- button "one diamond"/, { key: "Shift+Tab" });
  await page.keyboard.press("ArrowRight");
  assert.match(await focused(page), /button "one heart"/);
  await page.keyboard.press("Enter");
  await expectStep(page, since, "East's alerted 1♥", [/^Now seen as South$/, /^East: one heart$/, /^East explained one heart: transfer to spades$/, /^Your turn to call$/], CALL);

  // South asks about East's 1♥ from its "?" in the grid: the question is confirmed to him.
  await focusOn(page, /button "Ask East’s side about one heart"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await expectStep(page, since, "South's question", [/^You asked a question about one heart$/], /button/);
  await call(page, "pass");
  await expectStep(page, since, "South's pass", [/^Now seen as West$/, /^South: pass$/, /^Your turn to call$/], CALL);

  // East, asked, answers (follow the turn off, the viewer switched by keyboard).
  await focusOn(page, /checkbox "Follow the turn"/, { key: "Shift+Tab" });
  await page.keyboard.press("Space");
  await focusOn(page, /button "East"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await expectStep(page, since, "East's seat", [/^Now seen as East$/, /^South asks about your side’s one heart: please answer$/], /button "East"/);
  await focusOn(page, /textbox "Answer to the question"/);
  await page.keyboard.type("Natural, five or more hearts");
  await page.keyboard.press("Enter");
  await expectStep(page, since, "East's answer", [/^You explained one heart: Natural, five or more hearts$/], /button|textbox|checkbox/);
  await focusOn(page, /button "West"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await expectStep(page, since, "West's seat", [/^Now seen as West$/], /button "West"/);
  await focusOn(page, /checkbox "Follow the turn"/);
  await page.keyboard.press("Space");

  // The rest of the auction: West passes, North 1NT, then three passes.
  await call(page, "pass");
  await expectStep(page, since, "West's pass", [/^Now seen as North$/, /^West: pass$/, /^Your turn to call$/], CALL);
  await call(page, "one no trump");
  await expectStep(page, since, "North's 1NT", [/^Now seen as East$/, /^North: one no trump$/, /^Your turn to call$/], CALL);
  await call(page, "pass");
  await expectStep(page, since, "East's pass", [/^Now seen as South$/, /^East: pass$/, /^Your turn to call$/], CALL);
  await call(page, "pass");
  await expectStep(page, since, "South's second pass", [/^Now seen as West$/, /^South: pass$/, /^Your turn to call$/], CALL);
  await call(page, "pass");
  // The auction's end in words, the contract spoken; the focus goes on to the play.
  await expectStep(page, since, "the last pass", [/^You: pass$/, /^The auction is over: North plays one no trump$/], /button/);

  // East is on lead: a card from his hand (every suit offered), then faced.
  await focusOn(page, /^- button "\w+ of (spades|hearts|diamonds|clubs)"/, { key: "Tab", max: 200 });
  const lead = (await focused(page)).match(/"(.+)"/)[1];
  await page.keyboard.press("Enter");
  await expectStep(page, since, "East's lead", [/^You made your opening lead face down$/], /button/);
  await focusOn(page, /button "Face the lead"/);
  await page.keyboard.press("Enter");
  await expectStep(page, since, "the lead faced", [new RegExp(`led the ${lead}$`)], /button/);
  // The play is not the subject here: North (declarer) ends it (claim agreed).
  await focusOn(page, /button "End play/);
  await page.keyboard.press("Enter");

  const lines = await heard(page);
  const seen = byViewer(lines);
  const of = (viewer) => seen.filter((s) => s.viewer === viewer).flatMap((s) => s.lines);
  assert.doesNotMatch(of("West").join("\n"), /transfer to spades/, "West, East's partner, is never told it (self-alerting)");
  assert.doesNotMatch(lines.join("\n"), /\b[1-7](C|D|H|S|NT)\b|You[’']s|by You/, "no call as a code, no “You’s”");
  // Once, in order: each viewer hears each call once, in the order made.
  for (const { viewer, lines: ls } of seen) {
    const calls = ls.filter((l) => /^(North|East|South|West|You): /.test(l));
    assert.equal(new Set(calls).size, calls.length, `${viewer} hears no call twice: ${calls}`);
  }
  assert.equal((await page.evaluate(() => window.__table.view("director").phase)), "ended", "the board was played to its end");
  await page.done("a11y-keyboard-board");
});

test("by keyboard alone: a typed call, decline an insufficient bid, review, call the Director", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await page.locator("#new-board").focus();
  await focusOn(page, /checkbox "Follow the turn"/);
  await page.keyboard.press("Space");
  await call(page, "one spade");
  // East types an insufficient 1♥ (face to face it is recorded, and South decides).
  await focusOn(page, /textbox "Type a call"/);
  await page.keyboard.type("1h");
  await page.keyboard.press("Enter");
  await focusOn(page, /checkbox "Follow the turn"/, { key: "Shift+Tab" });
  await page.keyboard.press("Space");
  await focusOn(page, /button "South"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  assert.match((await heard(page)).join("\n"), /Your decision on East’s one heart \(Law 27A\): accept or decline/);
  await focusOn(page, /button "Decline"/);
  await page.keyboard.press("Enter");
  await focusOn(page, /button "East"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await focusOn(page, /textbox "Type a call"/);
  await page.keyboard.type("2h");
  await page.keyboard.press("Enter");
  await focusOn(page, /button "South"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await focusOn(page, /button "Review the auction"/);
  await page.keyboard.press("Enter");
  await focusOn(page, /button "Call the Director"/);
  await page.keyboard.press("Enter");
  const text = (await heard(page)).join("\n");
  assert.match(text, /East’s one heart is withdrawn/);
  assert.match(text, /Review for you: North: one spade; East: two hearts/);
  assert.match(text, /You called the Director/);
  assert.match(await focused(page), /button "Call the Director"/, "the focus stays on the button pressed, drawn again");
  const v = await page.evaluate(() => window.__table.view("director"));
  assert.deepEqual(v.calls.map((c) => c.call), ["1S", "2H"]);
  assert.ok(v.events.some((e) => e.kind === "director_summoned" && e.by === "S"));
  await page.done("a11y-keyboard-decline-review-director");
});
