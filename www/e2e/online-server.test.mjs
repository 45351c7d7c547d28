// Online tables end to end: the reference server (target/*/bridge-server, built by the
// test script) on 127.0.0.1 with a temp SQLite database serving www/dist, and five browser
// contexts — North, East, South, West and the Director — each on its own link, playing a
// board by clicking. Every WebSocket frame each context receives and each page's DOM are
// checked against the viewer's audience; the server is killed (SIGKILL) mid-auction and
// restarted on the same port and database, and every page resumes by version.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS, shot } from "./harness.mjs";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const dist = fileURLToPath(new URL("../dist", import.meta.url));

/** The newest built server binary (the test script builds it; this test does not). */
function serverBinary() {
  const found = ["debug", "release"]
    .map((p) => join(repo, "target", p, "bridge-server"))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  assert.ok(found.length, "bridge-server is not built: run `cargo build -p bridge-server` first");
  return process.env.BRIDGE_SERVER ?? found[0];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server; resolves once it prints "listening on". */
function startServer(port, db) {
  // --demo: the lobby creates tables without the admin token (docs/SERVER.md).
  const child = spawn(serverBinary(), ["--listen", `127.0.0.1:${port}`, "--db", `sqlite:${db}?mode=rwc`, "--www", dist, "--demo"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (d) => {
    err += d;
    serverLog += d;
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("listening on")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`bridge-server exited (${code}): ${err}`)));
  });
}

const VIEWERS = ["N", "E", "S", "W", "director"];
// Texts each with a known audience (SPEC §2, self-alerting: the caller explains to the
// opponents, never to his partner; the Director sees everything).
const SELF_ALERT = "Artificial: sixteen plus, any shape";
const ANSWER = "Could be only four hearts";
const CORRECTION = "Natural, five hearts, weak";
// South's opening lead: chosen from his hand (dealt by the server) as the page offers it.
let LEAD;

let dir, port, db, server, browser;
const pages = {};
const frames = {};
const sent = {};
const consoles = {};
let serverLog = "";

before(async () => {
  assert.ok(existsSync(join(dist, "index.html")), "www/dist is missing: run `npm run build` first");
  dir = mkdtempSync(join(tmpdir(), "bridge-online-"));
  db = join(dir, "tables.db");
  port = await freePort();
  server = await startServer(port, db);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});

after(async () => {
  await browser?.close();
  server?.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;

async function api(path, body, bearer) {
  const auth = bearer ? { authorization: `Bearer ${bearer}` } : {};
  const res = await fetch(base() + path, body ? { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...auth } } : { headers: auth });
  return { status: res.status, body: await res.json() };
}

/** Opens a viewer's link in its own browser context, recording every frame it receives. */
async function open(viewer, id, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  frames[viewer] = [];
  sent[viewer] = [];
  page.on("console", (m) => (consoles[viewer] ??= []).push(`${m.type()}: ${m.text()}`));
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => frames[viewer].push(String(f.payload)));
    ws.on("framesent", (f) => sent[viewer].push(String(f.payload)));
  });
  await page.goto(`${base()}/?table=${id}&token=${token}`);
  await page.waitForSelector(`body[data-ready="true"][data-viewer="${viewer}"]`);
  page.errors = errors;
  pages[viewer] = page;
  return page;
}

const received = (viewer) => frames[viewer].join("\n");
const domText = (viewer) => pages[viewer].evaluate(() => document.body.textContent + [...document.querySelectorAll("input")].map((i) => i.value).join(" "));

async function call(viewer, c) {
  // At his turn, as his page knows it (the previous call's push reached it): a press on a call
  // set aside makes none.
  await pages[viewer].waitForSelector('#box-panel .box-calls:not([aria-hidden="true"])');
  await pages[viewer].locator(`#box-panel .box-call[data-call="${c}"]`).click();
}

async function typeCall(viewer, text) {
  const page = pages[viewer];
  await page.fill("#box-panel .call-input", text);
  await page.press("#box-panel .call-input", "Enter");
}

/** Waits until every page shows `count` calls in force (the auction grid). */
async function allSee(count) {
  for (const v of VIEWERS) {
    await pages[v].waitForFunction((n) => window.__online?.table?.view().calls.length === n, count);
  }
}

const view = (viewer) => pages[viewer].evaluate(() => window.__online.table.view());

async function playBoard() {
  // A table where irregularities are rectified (the Director rules), self-alerting.
  const created = await api("/api/tables", {
    options: { dealer: "N", vulnerability: "None", regulation: { preset: "online", irregularities: "rectify" } },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, tokens } = created.body;
  for (const v of VIEWERS) await open(v, id, tokens[v]);
  // The online page has no setup form and no viewer switch.
  assert.equal(await pages.N.locator("#setup").isVisible(), false);
  assert.equal(await pages.N.locator("#viewer-switch").isVisible(), false);

  // North opens 1H, alerting and explaining it himself.
  await pages.N.check("#box-panel .box-alert");
  await pages.N.fill("#box-panel .box-explanation", SELF_ALERT);
  await call("N", "1H");
  await allSee(1);
  assert.match(await pages.E.locator('#auction .bid[data-index="0"]').innerText(), /sixteen plus/);

  // East asks about 1H; North answers.
  await pages.E.locator('#auction .bid[data-index="0"] button.ask').click();
  const answer = pages.N.locator("#questions form.answer");
  await answer.locator('input[name="text"]').fill(ANSWER);
  await answer.locator('button[type="submit"]').click();
  await pages.E.waitForFunction((t) => document.body.textContent.includes(t), ANSWER);

  // East's insufficient 1D: South (his LHO) declines it, East replaces it with 1NT, and the
  // Director rules whether 1NT is comparable (Law 27B1b / 23A).
  await typeCall("E", "1d");
  await pages.S.locator('#decision .decision[data-kind="insufficient_bid"] button:has-text("Decline")').click();
  await typeCall("E", "1nt");
  const comparable = pages.director.locator('#director .ruling-card[data-ruling="comparable"]');
  await comparable.locator('button[data-value="true"]').click();
  // Every page has the ruling before the server is killed: 1NT made two calls already, and
  // an action still in flight at a SIGKILL is lost (its page learns so when it resumes), so
  // West would stay barred and be passed for automatically.
  for (const v of VIEWERS) {
    await pages[v].waitForFunction(() => window.__online.table.view().events.some((e) => e.kind === "ruling"));
  }
  await allSee(2);
  assert.deepEqual((await view("director")).calls.map((c) => c.call), ["1H", "1NT"]);

  // Mid-auction: the server dies (SIGKILL) and comes back on the same port and database.
  const beforeKill = Object.fromEntries(VIEWERS.map((v) => [v, frames[v].length]));
  server.kill("SIGKILL");
  await new Promise((r) => server.once("exit", r));
  for (const v of VIEWERS) await pages[v].waitForSelector('body[data-conn="reconnecting"]');
  assert.match(await pages.S.locator("#conn-banner").innerText(), /reconnecting/i);
  server = await startServer(port, db);
  for (const v of VIEWERS) await pages[v].waitForSelector('body[data-conn="open"]', { timeout: 20000 });
  for (const v of VIEWERS) {
    const resumed = frames[v].slice(beforeKill[v]).map((f) => JSON.parse(f)).find((m) => m.type === "joined");
    assert.ok(resumed && Array.isArray(resumed.entries), `${v} resumed with since (entries after his version)`);
  }
  await allSee(2);

  // One client drops alone (West; his retry is held back 4 s) while South passes: West
  // resumes by version and catches up with the call he missed.
  const westBefore = frames.W.length;
  await pages.W.evaluate(() => {
    window.__online.retries = 4;
    window.__online.ws.close();
  });
  await pages.W.waitForSelector('body[data-conn="reconnecting"]');
  // The auction goes on: South passes, West bids 3NT, all pass.
  await call("S", "P");
  await pages.director.waitForFunction(() => window.__online.table.view().calls.length === 3);
  await pages.W.waitForSelector('body[data-conn="open"]', { timeout: 20000 });
  const caughtUp = frames.W.slice(westBefore).map((f) => JSON.parse(f)).find((m) => m.type === "joined");
  assert.equal(caughtUp.entries.at(-1).event.kind, "call", "West's missed call came with his resume");
  await allSee(3);
  // A gap in the stream is refused, the client table left as it was.
  const gap = await pages.W.evaluate(() => {
    const t = window.__online.table;
    const before = t.version;
    try {
      t.receive({ entries: [{ version: before + 2 }], view: t.view() });
      return "accepted";
    } catch (e) {
      return t.version === before ? "refused" : "changed";
    }
  });
  assert.equal(gap, "refused");
  await call("W", "3NT");
  await call("N", "P");
  await call("E", "P");
  await call("S", "P");
  await pages.director.waitForFunction(() => window.__online.table.view().phase === "clarification");

  // North's explanation was mistaken: he corrects it; East may change his last call (L21B1a).
  await pages.N.click("#actions details.more-correct > summary");
  const correct = pages.N.locator("#actions form.correct");
  await correct.locator('select[name="index"]').selectOption("0");
  await correct.locator('input[name="text"]').fill(CORRECTION);
  await correct.locator('button[value="correct"]').click();
  const change = pages.E.locator("#actions form.change-call");
  await change.locator('input[name="call"]').fill("4D");
  await change.locator('button[type="submit"]').click();
  await pages.director.waitForFunction(() => window.__online.table.view().phase === "auction");
  await call("S", "P");
  await call("W", "P");
  await call("N", "P");
  await pages.director.waitForFunction(() => window.__online.table.view().phase === "clarification");
  // The Director answers each open ruling in turn (the first answer), one at a time: each
  // answer redraws his panel, so the next card is looked up afresh.
  const openRulings = () => pages.director.evaluate(() => window.__online.table.view().open_rulings.length);
  for (let left = await openRulings(); left > 0; left = await openRulings()) {
    await pages.director.locator("#director .ruling-card").first().locator("button.primary").click();
    await pages.director.waitForFunction((n) => window.__online.table.view().open_rulings.length < n, left);
  }
  const contract = await view("director");
  // East's pass was changed to 4D (L21B1a) and the auction went on from there.
  assert.deepEqual(contract.calls.map((c) => c.call), ["1H", "1NT", "P", "3NT", "P", "4D", "P", "P", "P"]);
  assert.equal(contract.contract, "4D");
  assert.equal(contract.declarer, "E");

  // The opening lead, face down: only the leader (South) and the Director may learn it.
  assert.equal(contract.turn, "S", "South (declarer's LHO) is on lead");
  await pages.S.waitForFunction(() => ((v) => v.turn === "S" && !v.pending)(window.__online.table.view()));
  // Hands (dealt by the server): each seat holds only his own, the Director all four.
  for (const v of VIEWERS) {
    const seats = await pages[v].evaluate(() => Object.keys(window.__online.hands).sort());
    assert.deepEqual(seats, v === "director" ? ["E", "N", "S", "W"] : [v], `${v} was given only the hands he may see`);
  }
  assert.equal(await pages.S.locator("#play form.lead").count(), 0, "no typed lead once the hand is known");
  const beforeLead = Object.fromEntries(VIEWERS.map((v) => [v, frames[v].length]));
  const offered = pages.S.locator('bl-hand[seat="S"] button.hand-card:not([disabled])');
  assert.equal(await offered.count(), 13, "every card of South's hand is offered (no restriction)");
  LEAD = await offered.first().getAttribute("data-card");
  await offered.first().click();
  await pages.director.waitForFunction(() => window.__online.table.view().play?.led);
  for (const v of ["N", "E", "W"]) {
    await pages[v].waitForFunction(() => window.__online.table.view().play?.led);
    assert.ok(!frames[v].slice(beforeLead[v]).join("\n").includes(`"${LEAD}"`), `${v} did not receive the face-down lead`);
    assert.ok(!(await domText(v)).includes("Lead face down:"), `${v}'s page does not show the face-down card`);
  }
  assert.ok(frames.director.slice(beforeLead.director).join("\n").includes(`"${LEAD}"`), "the Director was told the card");
  assert.match(await pages.S.locator(".felt-lead").innerText(), /Lead face down/);
  await pages.S.click('#play button:has-text("Face the lead")');
  for (const v of VIEWERS) await pages[v].waitForFunction(() => window.__online.table.view().phase === "play");
  // Dummy (West) is faced: his hand reaches every page, and no other hand does.
  for (const v of VIEWERS) {
    await pages[v].waitForFunction(() => !!window.__online.hands.W);
    const seats = await pages[v].evaluate(() => Object.keys(window.__online.hands).sort());
    assert.deepEqual(seats, v === "director" ? ["E", "N", "S", "W"] : [...new Set([v, "W"])].sort(), `${v} after the lead`);
  }
  assert.equal(await pages.S.locator(`bl-hand[seat="S"] [data-card="${LEAD}"]`).count(), 0, "the card led left South's hand");

  // Declarer (East) plays from dummy (West); the board is played to its end.
  // Declarer plays dummy's card by choosing it in dummy's hand.
  await pages.E.locator('bl-hand[seat="W"] button.hand-card:not([disabled])').first().click();
  await pages.director.waitForFunction(() => window.__online.table.view().play?.current.length === 2);
  await pages.E.click('#play button:has-text("End play")');
  for (const v of VIEWERS) await pages[v].waitForFunction(() => window.__online.table.view().phase === "ended");

  // Audiences: South never heard his partner's self-alert, answer or correction; no seat
  // ever received the state hash; the Director's last hash is the server's.
  for (const v of VIEWERS) {
    const secret = v === "S" ? [SELF_ALERT, ANSWER, CORRECTION] : [];
    const text = received(v);
    const dom = await domText(v);
    for (const s of secret) {
      assert.ok(!text.includes(s), `${v}'s socket never carried "${s}"`);
      assert.ok(!dom.includes(s), `${v}'s page never showed "${s}"`);
    }
    if (v !== "director") assert.ok(!text.includes("stateHash"), `${v} never received a state hash`);
    assert.deepEqual(pages[v].errors, [], `no errors in ${v}'s page`);
    await shot(pages[v], `online-server-${v}`);
  }
  // Every message each socket carried, structurally: every stream entry addressed to its
  // viewer, every view his own, every warning in a view addressed to him.
  for (const v of VIEWERS) {
    for (const frame of frames[v]) {
      const m = JSON.parse(frame);
      for (const e of m.entries ?? []) {
        const audience = (e.event ?? e.warning).audience;
        assert.ok(v === "director" || audience.includes(v), `${v} received entry ${e.version} addressed to ${audience}`);
      }
      if (m.view) {
        assert.equal(m.view.viewer, v, `${v} received ${m.view.viewer}'s view`);
        for (const w of m.view.warnings) assert.ok(v === "director" || w.audience.includes(v), `${v}'s view holds a warning for ${w.audience}`);
      }
    }
  }
  for (const v of ["E", "W", "director"]) {
    assert.ok(received(v).includes(SELF_ALERT), `${v} was told North's explanation`);
    assert.ok(received(v).includes(CORRECTION), `${v} was told North's correction`);
  }
  assert.ok(received("E").includes(ANSWER), "East, who asked, heard the answer");
  // "Next board" leads to the lobby (a server table holds one board).
  await pages.N.click('#play button:has-text("Next board")');
  await pages.N.waitForSelector('body[data-mode="lobby"]');
  // The status is the Director's (or the admin's) alone.
  assert.equal((await api(`/api/tables/${id}`, undefined, tokens.N)).status, 401, "a seat's token reads no status");
  const status = await api(`/api/tables/${id}`, undefined, tokens.director);
  const hash = await pages.director.evaluate(() => window.__online.stateHash);
  assert.equal(hash, status.body.stateHash, "the Director's state hash is the server's");
}

/** What each page and the server had when a step failed: printed before the failure. */
async function dump() {
  const tail = (list, n) => (list ?? []).slice(-n).map((f) => "    " + f.slice(0, 600)).join("\n");
  for (const v of VIEWERS) {
    const page = pages[v];
    if (!page) continue;
    const state = await page
      .evaluate(() => {
        const o = window.__online;
        const t = o?.table;
        return {
          status: o?.status,
          version: t?.version,
          calls: t?.view().calls.map((c) => c.call),
          turn: t?.view().turn,
          toasts: [...document.querySelectorAll("#toasts .toast")].map((e) => e.textContent),
        };
      })
      .catch((e) => ({ unreadable: String(e) }));
    console.error(`--- ${v}: ${JSON.stringify(state)} errors=${JSON.stringify(page.errors ?? [])}`);
    console.error(`  last frames received:\n${tail(frames[v], 6)}\n  last frames sent:\n${tail(sent[v], 4)}`);
    console.error(`  console:\n${tail(consoles[v], 8)}`);
  }
  console.error(`--- server stderr:\n${serverLog.slice(-3000)}`);
}

test("five browsers play a board through the server; nothing outside an audience reaches a page; a restart is survived", async () => {
  try {
    await playBoard();
  } catch (e) {
    await dump();
    throw e;
  }
});

test("the lobby creates a table and lists one link per viewer; a link joins as its viewer", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  await page.goto(`${base()}/?online`);
  await page.waitForSelector('body[data-ready="true"][data-mode="lobby"]');
  assert.equal(await page.locator("#setup").isVisible(), false, "no single-browser setup in the lobby");
  await page.selectOption('#lobby-form select[name="regulation"]', "online_rectify");
  await page.selectOption('#lobby-form select[name="dealer"]', "E");
  await page.click('#lobby-form button[type="submit"]');
  const links = page.locator("#lobby-links a[data-viewer]");
  await links.first().waitFor();
  assert.deepEqual(await links.evaluateAll((as) => as.map((a) => a.dataset.viewer)), ["N", "E", "S", "W", "director", "spectator"]);
  const href = await page.locator('#lobby-links a[data-viewer="W"]').getAttribute("href");
  await page.goto(new URL(href, base()).href);
  await page.waitForSelector('body[data-ready="true"][data-viewer="W"]');
  const v = await page.evaluate(() => window.__online.table.view());
  assert.equal(v.dealer, "E");
  assert.equal(await page.evaluate(() => window.__online.regulation.irregularities), "rectify");
  await context.close();
});

test("a page resuming from a version the server does not hold starts over from a fresh view", async () => {
  // E.g. a server whose store was restored from an older copy: the page's `since` is past
  // the server's stream, which answers BAD_VERSION without joining it.
  const created = await api("/api/tables", { options: { dealer: "N", vulnerability: "None", regulation: "online" } });
  const { id, tokens } = created.body;
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const codes = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => codes.push(JSON.parse(String(f.payload)).code)));
  await page.goto(`${base()}/?table=${id}&token=${tokens.W}`);
  await page.waitForSelector('body[data-ready="true"][data-conn="open"][data-viewer="W"]');
  // The page's table claims a version far past the server's; its connection drops.
  await page.evaluate(() => {
    const o = window.__online;
    const real = o.table;
    o.table = new Proxy(real, {
      get: (t, p) => (p === "version" ? 10000 : typeof t[p] === "function" ? t[p].bind(t) : t[p]),
    });
    o.ws.close();
  });
  await page.waitForSelector('body[data-conn="reconnecting"]');
  await page.waitForSelector('body[data-conn="open"]', { timeout: 20000 });
  assert.ok(codes.includes("BAD_VERSION"), "the server refused to resume from version 10000");
  const after = await page.evaluate(() => ({ version: window.__online.table.version, dealer: window.__online.table.view().dealer }));
  assert.deepEqual(after, { version: 0, dealer: "N" }, "a fresh table from the server's view");
  assert.deepEqual(errors, []);
  await context.close();
});
