// Issue 32: every state of the demo passes axe-core (no serious or critical violation), and a
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

test("a whole board by keyboard alone, read from the accessibility tree and the live region", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.locator("#new-board").focus();
  await focusOn(page, /checkbox "Follow the turn"/);
  await page.keyboard.press("Space");

  // North opens 1♣; East alerts and explains his 1♥ before making it.
  await call(page, "one club");
  await focusOn(page, /checkbox "Alert this call"/);
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  assert.match(await focused(page), /textbox "Explanation of your call"/);
  await page.keyboard.type("transfer to spades");
  await focusOn(page, /^- button "one heart"|^- button "one diamond"/, { key: "Shift+Tab" });
  await page.keyboard.press("ArrowRight");
  assert.match(await focused(page), /button "one heart"/);
  await page.keyboard.press("Enter");

  // South asks about East's 1♥ from its "?" in the grid, then passes.
  await focusOn(page, /button "Ask East’s side about one heart"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await call(page, "pass");

  // East, asked, answers (follow the turn off, the viewer switched by keyboard).
  await focusOn(page, /checkbox "Follow the turn"/, { key: "Shift+Tab" });
  await page.keyboard.press("Space");
  await focusOn(page, /button "East"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await focusOn(page, /textbox "Answer to the question"/);
  await page.keyboard.type("Natural, five or more hearts");
  await page.keyboard.press("Enter");
  await focusOn(page, /button "West"/, { key: "Shift+Tab" });
  await page.keyboard.press("Enter");
  await focusOn(page, /checkbox "Follow the turn"/);
  await page.keyboard.press("Space");

  // The rest of the auction: West 2♥? No: West passes, North 1NT, then three passes.
  await call(page, "pass");
  await call(page, "one no trump");
  for (let i = 0; i < 3; i++) await call(page, "pass");

  // East is on lead: a card from his hand (every suit offered), then faced.
  await focusOn(page, /^- button "\w+ of (spades|hearts|diamonds|clubs)"/);
  const lead = (await focused(page)).match(/"(.+)"/)[1];
  await page.keyboard.press("Enter");
  await focusOn(page, /button "Face the lead"/);
  await page.keyboard.press("Enter");
  // The play is not the subject here: North (declarer) ends it (claim agreed).
  await focusOn(page, /button "End play/);
  await page.keyboard.press("Enter");

  const lines = await heard(page);
  const seen = byViewer(lines);
  const of = (viewer) => seen.filter((s) => s.viewer === viewer).flatMap((s) => s.lines);
  const text = lines.join("\n");
  assert.match(text, /North: one club/);
  assert.match(of("South").join("\n"), /East explained one heart: transfer to spades/, "South is told East's explanation");
  assert.doesNotMatch(of("West").join("\n"), /transfer to spades/, "West, East's partner, is never told it (self-alerting)");
  assert.match(of("East").join("\n"), /South asks about your side’s one heart: please answer/, "East is told to answer");
  assert.match(text, /Your turn to call/);
  assert.match(text, /The auction is over: 1NT by North/);
  assert.match(of("East").join("\n"), /Your opening lead: choose a card/, "East is told he is on lead");
  assert.match(of("East").join("\n") + of("North").join("\n"), new RegExp(`led the ${lead}`), "the faced lead is told");
  // Once, in order: each viewer hears each call once, in the order made.
  for (const { viewer, lines: ls } of seen) {
    const calls = ls.filter((l) => /^(North|East|South|West|You): /.test(l));
    assert.equal(new Set(calls).size, calls.length, `${viewer} hears no call twice: ${calls}`);
  }
  const northCalls = lines.filter((l) => /^North: /.test(l));
  assert.ok(northCalls.indexOf("North: one club") < northCalls.indexOf("North: one no trump") || !northCalls.includes("North: one no trump"));
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
  assert.match(text, /Review for You: North: one spade; East: two hearts/);
  assert.match(text, /You called the Director/);
  const v = await page.evaluate(() => window.__table.view("director"));
  assert.deepEqual(v.calls.map((c) => c.call), ["1S", "2H"]);
  assert.ok(v.events.some((e) => e.kind === "director_summoned" && e.by === "S"));
  await page.done("a11y-keyboard-decline-review-director");
});
