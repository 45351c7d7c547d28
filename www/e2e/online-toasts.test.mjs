// The online page's toasts in the player's language: a server error (`error` on
// the socket, or the lobby's HTTP refusal) shows the catalog's words for its code in the
// browser's language, never the server's English. The server is stood in for by routes
// (Playwright's `routeWebSocket` and `route`), so no server binary is needed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { start } from "./harness.mjs";

const catalog = (locale) => JSON.parse(readFileSync(new URL(`../../elements/src/i18n/codes/${locale}.json`, import.meta.url), "utf8"));
const SERVER_TEXT = "too many messages from this connection";

let env;
before(async () => (env = await start()));
after(async () => env?.close());

/** A page in `locale` whose socket answers `join` with the server's `RATE_LIMITED` error. */
async function joinRefused(locale) {
  const context = await env.browser.newContext({ locale });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.onMessage((data) => {
      if (JSON.parse(String(data)).type === "join") {
        ws.send(JSON.stringify({ type: "error", code: "RATE_LIMITED", message: SERVER_TEXT }));
      }
    });
  });
  await page.goto(`${env.url}?table=T1&token=secret`);
  const toast = page.locator('#toasts .toast[data-code="RATE_LIMITED"] p');
  await toast.waitFor();
  const text = await toast.innerText();
  await context.close();
  return text;
}

test("a server error on the socket is toasted in the player's language, not the server's English", async () => {
  const fr = await joinRefused("fr-FR");
  assert.equal(fr, catalog("fr").RATE_LIMITED);
  const en = await joinRefused("en-GB");
  assert.equal(en, catalog("en").RATE_LIMITED);
  assert.notEqual(fr, en);
  assert.ok(![fr, en].includes(SERVER_TEXT), "the server's own text is not shown for a code the catalog knows");
});

test("the lobby's refused table creation is toasted in the player's language", async () => {
  const context = await env.browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.route("**/api/tables", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ code: "RATE_LIMITED", message: SERVER_TEXT }) }));
  await page.goto(`${env.url}?online`);
  await page.click("#lobby-form button[type=submit]");
  const toast = page.locator('#toasts .toast[data-code="RATE_LIMITED"] p');
  await toast.waitFor();
  assert.equal(await toast.innerText(), catalog("fr").RATE_LIMITED);
  await context.close();
});
