// The demo in the player's language: a labelled language choice in the header
// switches every element and every text of the page to French and back, without reloading
// and without losing the table; the choice is kept (localStorage) and defaults from the
// browser's languages.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { bid, openTable, start, viewAs, typeCall, eastOnline } from "./harness.mjs";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

/** Texts a French page must no longer show (the English of the page, the elements and the engine). */
const ENGLISH = /\b(Auction|Dealer|North|South|East|West|Director|Review the auction|Call the Director|Warnings|refused|Insufficient bid|Law \d)\b/;

test("the language choice switches the table to French and back, keeping the table; a refusal is French", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  const choice = page.getByRole("combobox", { name: "Language" });
  assert.equal(await choice.inputValue(), "en");
  assert.deepEqual(await page.$$eval("#language option", (os) => os.map((o) => [o.value, o.lang])), [["en", "en"], ["fr", "fr"], ["nl", "nl"]]);
  await bid(page, "N", "1S");
  const before = await page.evaluate(() => window.__table.stateHash());
  await viewAs(page, "E");

  // Keyboard: the choice is reached and changed without the mouse.
  await choice.focus();
  await page.selectOption("#language", "fr");
  await page.waitForFunction(() => document.documentElement.lang === "fr");
  assert.equal(await page.evaluate(() => window.__table.stateHash()), before, "the table is the same table");
  assert.equal(await page.evaluate(() => performance.getEntriesByType("navigation").length), 1, "no reload");
  assert.equal(await page.getByRole("combobox", { name: "Langue" }).inputValue(), "fr");
  // Every element takes the locale; the page's own texts are French.
  assert.deepEqual(await page.$$eval("bl-bidding-box, bl-auction, bl-decision, bl-feed, bl-announcer, bl-hand", (els) => [...new Set(els.map((e) => e.getAttribute("locale")))]), ["fr"]);
  assert.match(await page.locator("#compass").innerText(), /Nord[\s\S]*donneur/i);
  assert.match(await page.locator("#setup").innerText(), /Donneur[\s\S]*Nouvelle donne/i);
  assert.match(await page.locator("#viewer-switch").innerText(), /Arbitre/);
  assert.match(await page.locator("#actions").innerText(), /Appeler l'Arbitre/);
  assert.match(await page.locator("#auction").innerText(), /Nord/);
  assert.equal(await page.title(), "bridge-laws · table de démonstration");

  // East's 1♥ over 1♠: refused in French, beside the box and in the live region.
  await typeCall(page, "E", "1h");
  const refusal = page.locator('#box-panel .box-refusal[data-code="INSUFFICIENT_BID"]');
  await refusal.waitFor();
  const text = await refusal.innerText();
  assert.match(text, /Enchère insuffisante\s:\sun cœur ne surclasse pas la dernière enchère/, text);
  assert.match(text, /Loi 27/, text);
  await page.waitForFunction(() => /Enchère insuffisante/.test(document.querySelector("bl-announcer")?.textContent ?? ""));
  const shown = await page.locator("main").innerText();
  assert.doesNotMatch(shown, ENGLISH, "no English left on the French table");

  // A refusal of a panel's action is a French toast (an answer nobody asked for).
  await page.evaluate(() => window.__app.ctx().act({ type: "explain", index: 0, text: "x" }));
  const toast = page.locator("#toasts .toast");
  await toast.waitFor();
  assert.match(await toast.innerText(), /Refusé|Non envoyé/);
  assert.doesNotMatch(await toast.innerText(), ENGLISH);

  // Kept across a reload; then back to English.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
  assert.equal(await page.locator("#language").inputValue(), "fr");
  await page.selectOption("#language", "en");
  await page.waitForFunction(() => document.documentElement.lang === "en");
  await bid(page, "N", "1S");
  await typeCall(page, "E", "1h");
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /Insufficient bid: one heart does not outrank the last bid/);
  assert.match(await page.locator("#compass").innerText(), /North/);
  assert.equal(await page.evaluate(() => localStorage.getItem("bridge-laws.demo.locale")), "en");
  await page.done("language-switch");
});

test("with nothing chosen, the page speaks the browser's first language it knows", async () => {
  const context = await env.browser.newContext({ locale: "fr-CA", viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(env.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), "fr");
  assert.equal(await page.locator("#language").inputValue(), "fr");
  assert.match(await page.locator("#compass").innerText(), /Nord/);
  await context.close();
  const de = await env.browser.newContext({ locale: "de-DE" });
  const other = await de.newPage();
  await other.goto(env.url);
  await other.waitForSelector('body[data-ready="true"]');
  assert.equal(await other.evaluate(() => document.documentElement.lang), "en", "a language the demo does not speak: English");
  await de.close();
});

test("online in French: the lost connection and an action not sent are told in French (NOT_CONNECTED from the catalog)", async () => {
  // A stand-in server (as fault 11's): East's view from the package in Node, then the socket dropped.
  const { table, context, page, drop } = await eastOnline(env, { locale: "fr-FR" });
  assert.match(await page.locator("#online-who").innerText(), /^Table t1 · vous êtes Est$/);
  drop();
  await page.waitForSelector('body[data-conn="reconnecting"]');
  assert.equal(await page.locator("#conn-banner").innerText(), "Connexion perdue — reconnexion…");
  await page.locator('#actions button:has-text("Appeler l\'Arbitre")').click();
  const toast = page.locator('#toasts .toast[data-code="NOT_CONNECTED"]');
  await toast.waitFor();
  assert.match(await toast.innerText(), /Non envoyé[\s\S]*Hors connexion\s: l'action n'a pas été envoyée\./);
  // Back to English on the same page: the banner and the toast showing are worded again.
  await page.selectOption("#language", "en");
  assert.equal(await page.locator("#conn-banner").innerText(), "Connection lost — reconnecting…");
  assert.match(await toast.innerText(), /Not sent[\s\S]*Not connected: the action was not sent\./);
  assert.match(await page.locator("#online-who").innerText(), /you are East/);
  await context.close();
  table.free();
});

/** Words and marks of English bridge no French page shows (whole words); a Dutch page says
 *  "of" (or). */
const ENGLISH_BRIDGE = /(?<!\p{L})(NT|Pass|Dbl|Rdbl|double|redouble|pass|by|the|of|and|North|South|East|Director|Law|Auction|Review|refused|waiting|your|you)(?!\p{L})/u;
const ENGLISH_IN_DUTCH = new RegExp(ENGLISH_BRIDGE.source.replace("|of|", "|"), "u");

/** What the page shows and what its live region says, as text. */
async function pageText(page) {
  return `${await page.locator("main").innerText()}\n${await page.locator('bl-announcer [role="log"]').textContent()}`;
}

test("a whole auction in French: SA, Passe, Contre, Surcontre shown; 1SA, contre, surcontre, passe and 2C (two hearts) typed; no English anywhere", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.selectOption("#language", "fr");
  await page.waitForFunction(() => document.documentElement.lang === "fr");
  await viewAs(page, "N");
  const shown = (call) => page.locator(`#box-panel .box-call[data-call="${call}"] [aria-hidden="true"]`).innerText();
  assert.deepEqual([await shown("1NT"), await shown("P"), await shown("X"), await shown("XX")], ["1SA", "Passe", "Contre", "Surcontre"]);
  assert.equal(await page.locator('#box-panel .box-call[data-call="1NT"]').getAttribute("aria-label"), "un sans-atout");
  for (const [seat, text] of [["N", "1SA"], ["E", "contre"], ["S", "surcontre"], ["W", "passe"]]) await typeCall(page, seat, text);
  // North, at his turn, has the auction reviewed: the double reads "Contre", not "Dbl".
  await viewAs(page, "N");
  await page.locator('#actions button:has-text("Récapitulation des annonces")').click();
  const review = await page.locator("#actions .review").innerText();
  assert.match(review, /Est\s*(contre\s*)?Contre/, review);
  assert.doesNotMatch(review, /Dbl|Rdbl/, review);
  for (const [seat, text] of [["N", "2C"], ["E", "passe"], ["S", "passe"], ["W", "passe"]]) await typeCall(page, seat, text);
  const v = await page.evaluate(() => window.__table.view("director"));
  assert.deepEqual(v.calls.map((c) => c.call), ["1NT", "X", "XX", "P", "2H", "P", "P", "P"], "“2C” is two hearts (cœur) in French");
  await viewAs(page, "E");
  const grid = await page.locator("#auction").innerText();
  for (const word of ["1SA", "Contre", "Surcontre", "Passe"]) assert.ok(grid.includes(word), `the grid shows ${word}: ${grid}`);
  const text = await pageText(page);
  assert.match(text, /Fin des annonces : Nord joue deux cœurs/, "the contract is spoken in words");
  assert.doesNotMatch(text, ENGLISH_BRIDGE, "no English on the French table");
  await page.done("language-french-auction");
});

test("Dutch is a third language: Pas, Doublet, Redoublet and SA shown, K R H S typed, the table in Dutch", async () => {
  const page = await openTable(env, { regulation: "online", dealer: "N" });
  await page.selectOption("#language", "nl");
  await page.waitForFunction(() => document.documentElement.lang === "nl");
  assert.equal(await page.getByRole("combobox", { name: "Taal" }).inputValue(), "nl");
  await viewAs(page, "N");
  const shown = (call) => page.locator(`#box-panel .box-call[data-call="${call}"] [aria-hidden="true"]`).innerText();
  assert.deepEqual([await shown("3NT"), await shown("P"), await shown("X"), await shown("XX")], ["3SA", "Pas", "Doublet", "Redoublet"]);
  for (const [seat, text] of [["N", "1K"], ["E", "1R"], ["S", "1H"], ["W", "1S"], ["N", "1SA"], ["E", "doublet"], ["S", "pas"], ["W", "pas"], ["N", "pas"]]) await typeCall(page, seat, text);
  const v = await page.evaluate(() => window.__table.view("director"));
  assert.deepEqual(v.calls.map((c) => c.call), ["1C", "1D", "1H", "1S", "1NT", "X", "P", "P", "P"]);
  await viewAs(page, "S");
  assert.match(await page.locator("#compass").innerText(), /Noord/);
  const text = await pageText(page);
  assert.match(text, /Het bieden is afgelopen: Noord speelt één sans atout gedoubleerd/);
  assert.doesNotMatch(text, ENGLISH_IN_DUTCH, "no English on the Dutch table");
  await page.done("language-dutch-auction");
});

test("the Director's strain buttons read as French players write them (T K C P SA), named in words", async () => {
  const page = await openTable(env, { regulation: "face_to_face", dealer: "N" });
  await page.selectOption("#language", "fr");
  await page.waitForFunction(() => document.documentElement.lang === "fr");
  // North opens 1♣, South alerts it and passes out of rotation: the Director may find the pass artificial.
  await page.evaluate(() => {
    const t = window.__table;
    t.apply({ seat: "N", type: "call", call: "1C" });
    t.apply({ seat: "S", type: "alert", index: 0 });
    t.apply({ seat: "S", type: "call", call: "P" });
    window.__app.changed();
  });
  await viewAs(page, "director");
  const chips = page.locator('#director-panel .ruling-card[data-ruling="artificial"] .chip');
  assert.deepEqual(await chips.allInnerTexts(), ["T", "K", "C", "P", "SA"]);
  assert.deepEqual(await chips.evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label"))), ["trèfle", "carreau", "cœur", "pique", "sans-atout"]);
  assert.deepEqual(await chips.evaluateAll((cs) => cs.map((c) => c.dataset.strain)), ["C", "D", "H", "S", "NT"], "each still acts on its strain");
  await page.done("language-director-strains");
});
