// The message catalogs of elements/src/i18n: every public code, event kind and decision kind
// the engine can emit (listed by the engine itself: `bridge-laws codes`) and every error code
// of the reference server (read from its code, server/src/protocol.rs) has a message in every
// shipped catalog, with exactly the parameters the helpers provide; the French catalog
// speaks the Laws' own French. The TypeScript is compiled to a directory under
// www/node_modules first (so that it resolves intl-messageformat from here).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";

const www = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(www, "..");
const src = join(root, "elements", "src", "i18n");
const codesDir = join(src, "codes");
const uiDir = join(src, "ui");
/** The demo's own texts (`ui.demo.*`), added to the elements' catalogs by www/src/i18n.ts. */
const demoDir = join(www, "src", "i18n");

/** What the engine can emit, from its own enums (`bridge-laws codes`). */
function engineCatalog() {
  const bin = process.env.BRIDGE_LAWS_BIN;
  const out = bin
    ? execFileSync(bin, ["codes"], { encoding: "utf8" })
    : execFileSync("cargo", ["run", "--quiet", "--profile", "test", "--bin", "bridge-laws", "--", "codes"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
  return JSON.parse(out);
}

const read = (dir) =>
  Object.fromEntries(
    readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8"))]),
  );

/** The arguments a message declares (every `{name…}` at any depth of its ICU syntax tree). */
function argumentsOf(message, locale) {
  const names = new Set();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (typeof n.value === "string" && n.type !== 0 && n.type !== 7) names.add(n.value); // 0 literal, 7 pound
      for (const option of Object.values(n.options ?? {})) walk(option.value);
      if (Array.isArray(n.children)) walk(n.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

let engine, catalogs, ui, demo, i18n, tmp;

before(() => {
  engine = engineCatalog();
  catalogs = read(codesDir);
  ui = read(uiDir);
  demo = read(demoDir);
  tmp = mkdtempSync(join(www, "node_modules", ".i18n-test-"));
  cpSync(src, join(tmp, "src", "i18n"), { recursive: true });
  writeFileSync(join(tmp, "tsconfig.json"), readFileSync(join(root, "elements", "tsconfig.json")));
  execFileSync(join(www, "node_modules", ".bin", "tsc"), ["-p", join(tmp, "tsconfig.json")], { stdio: "inherit" });
  // Bundlers import JSON as is; Node needs the import attribute.
  const dist = join(tmp, "dist", "i18n");
  for (const dir of ["codes", "ui"]) cpSync(join(src, dir), join(dist, dir), { recursive: true });
  const index = join(dist, "index.js");
  writeFileSync(index, readFileSync(index, "utf8").replace(/(from "\.\/[^"]+\.json");/g, '$1 with { type: "json" };'));
});

after(() => tmp && rmSync(tmp, { recursive: true, force: true }));

const load = async () => (i18n ??= await import(pathToFileURL(join(tmp, "dist", "i18n", "index.js")).href));

/** Every key the engine's output needs in a catalog. */
function engineKeys() {
  return [
    ...engine.codes.map((c) => c.code),
    ...engine.events.map((e) => `event.${e.kind}`),
    ...engine.decisions.map((d) => `decision.${d}`),
    ...engine.severities.map((s) => `severity.${s}`),
    ...["N", "E", "S", "W"].map((s) => `seat.${s}`),
  ];
}

test("the engine lists its codes, event kinds and decisions; English, French and every catalog file are shipped", async () => {
  assert.ok(engine.codes.length >= 60, `${engine.codes.length} codes`);
  assert.ok(engine.codes.some((c) => c.code === "IRREG_CALL_OUT_OF_ROTATION"));
  assert.ok(engine.events.some((e) => e.kind === "change_offered" && e.fields.includes("index")));
  assert.ok(engine.decisions.includes("insufficient_bid"));
  assert.ok("en" in catalogs && "fr" in catalogs);
  const { locales } = await load();
  assert.deepEqual(locales().sort(), Object.keys(catalogs).sort(), "every codes/<locale>.json is registered in index.ts");
  assert.deepEqual(Object.keys(ui).sort(), Object.keys(catalogs).sort(), "each language has its ui/<locale>.json");
});

test("every public code, event kind, decision kind and seat has a message in every shipped catalog", () => {
  for (const [locale, cat] of Object.entries(catalogs)) {
    const missing = engineKeys().filter((k) => typeof cat[k] !== "string" || cat[k].trim() === "");
    assert.deepEqual(missing, [], `codes/${locale}.json lacks messages`);
  }
});

test("every catalog has the same keys as the English one, for codes, UI labels and the demo's texts", () => {
  assert.deepEqual(Object.keys(demo).sort(), Object.keys(catalogs).sort(), "the demo speaks every shipped language");
  for (const dir of [catalogs, ui, demo]) {
    const en = Object.keys(dir.en).sort();
    for (const [locale, cat] of Object.entries(dir)) assert.deepEqual(Object.keys(cat).sort(), en, `${locale} differs from en`);
  }
});

test("every message parses and declares the same parameters in every catalog", () => {
  for (const [locale, cat] of Object.entries({ ...catalogs })) {
    for (const [key, message] of Object.entries({ ...cat, ...ui[locale], ...demo[locale] })) {
      const en = catalogs.en[key] ?? ui.en[key] ?? demo.en[key];
      assert.deepEqual(argumentsOf(message, locale), argumentsOf(en, "en"), `${locale} ${key}: ${message}`);
    }
  }
});

test("every parameter a message declares is one the engine provides, and every one provided is used", async () => {
  const { CODE_PARAMS, EVENT_FIELDS_NOT_PARAMS } = await load();
  const codes = new Map(engine.codes.map((c) => [c.code, c]));
  // Where each parameter comes from: a warning's `seat` (and, from it and the reader, `you`);
  // a warning's `call`, or the refused action's own.
  const source = { seat: engine.warning_fields.includes("seat"), you: engine.warning_fields.includes("seat"), call: engine.warning_fields.includes("call") };
  for (const [code, params] of Object.entries(CODE_PARAMS)) {
    assert.ok(codes.has(code), `CODE_PARAMS names ${code}, which the engine does not emit`);
    assert.ok(!codes.get(code).input, `${code} is an input error: its message takes no parameter`);
    for (const p of params) assert.equal(source[p], true, `${code}: the engine provides no ${p}`);
  }
  assert.ok(!engine.rejection_fields.includes("seat"), "a rejection names no seat: its messages speak to the actor");
  for (const [locale, cat] of Object.entries(catalogs)) {
    for (const { code } of engine.codes) {
      assert.deepEqual(argumentsOf(cat[code], locale), [...(CODE_PARAMS[code] ?? [])].sort(), `${locale} ${code}`);
    }
    for (const e of engine.events) {
      const provided = e.fields.filter((f) => !EVENT_FIELDS_NOT_PARAMS.includes(f)).sort();
      assert.deepEqual(argumentsOf(cat[`event.${e.kind}`], locale), provided, `${locale} event.${e.kind}`);
    }
    for (const d of engine.decisions) assert.deepEqual(argumentsOf(cat[`decision.${d}`], locale), ["call", "seat"], `${locale} decision.${d}`);
  }
});

test("every code, event and decision formats in every locale from what the engine gives, never falling back", async () => {
  const { messages, warningMessage, rejectionMessage, eventMessage, decisionMessage, CODE_PARAMS } = await load();
  for (const locale of Object.keys(catalogs)) {
    const m = messages(locale);
    assert.equal(m.locale, locale);
    for (const { code } of engine.codes) {
      const params = CODE_PARAMS[code] ?? [];
      const engineText = `engine text of ${code}`;
      const texts = params.includes("you")
        ? ["S", "N", "director"].map((viewer) => warningMessage(m, { code, seat: "S", call: "2H", message: engineText }, viewer))
        : [rejectionMessage(m, { code, message: engineText }, { seat: "S", call: "2H" })];
      for (const t of texts) {
        assert.notEqual(t, engineText, `${locale} ${code} fell back to the engine's message`);
        assert.doesNotMatch(t, /[{}]/, `${locale} ${code}: ${t}`);
      }
      if (params.includes("you")) {
        assert.notEqual(texts[0], texts[1], `${locale} ${code}: the player concerned reads it as the others do`);
        assert.equal(texts[1], texts[2], `${locale} ${code}: another seat and the Director read the same`);
        assert.ok(texts[1].includes(m.format("seat.S")), `${locale} ${code} does not name the player: ${texts[1]}`);
      }
      for (const t of params.includes("call") ? texts : []) assert.ok(t.includes(i18n.callName(m, "2H")), `${locale} ${code}: ${t}`);
    }
    for (const e of engine.events) {
      const t = eventMessage(m, e.sample);
      assert.notEqual(t, e.kind.replace(/_/g, " "), `${locale} event.${e.kind} fell back`);
      assert.doesNotMatch(t, /[{}]|undefined|NaN/, `${locale} event.${e.kind}: ${t}`);
    }
    for (const kind of engine.decisions) {
      const t = decisionMessage(m, { kind, seat: "W", call: "1NT" });
      assert.ok(t.includes(m.format("seat.W")) && t.includes(i18n.callName(m, "1NT")), `${locale} decision.${kind}: ${t}`);
    }
  }
});

test("a missing parameter falls back to the engine's English message, a missing key to English then the key", async () => {
  const { messages, warningMessage, addCatalog } = await load();
  const fr = messages("fr");
  assert.equal(warningMessage(fr, { code: "ANSWER_PENDING", seat: null, message: "engine" }, "N"), "engine");
  assert.equal(fr.format("no.such.key"), "no.such.key");
  assert.equal(messages("fr-CA").locale, "fr");
  assert.equal(messages("de").locale, "en");
  addCatalog("de", { "seat.N": "Nord (de)" });
  const de = messages("de-AT");
  assert.equal(de.locale, "de");
  assert.equal(de.format("seat.N"), "Nord (de)");
  assert.equal(de.format("seat.S"), "South");
});

test("an offer to change a call names its cause: a late alert is not called a correction", async () => {
  const { messages, changeOfferMessage, changeOfferCause } = await load();
  const offer = { kind: "change_offered", seat: "E", index: 0 };
  const lateAlert = [{ kind: "call", seat: "N", call: "2C", index: 0 }, { kind: "call", seat: "E", call: "P", index: 1 },
    { kind: "disclosure", index: 0, by: "N", disclosure: "alert", alert: true, text: "strong" }, offer];
  const corrected = [{ kind: "disclosure", index: 0, by: "N", disclosure: "alert", alert: true, text: "weak" },
    { kind: "call", seat: "E", call: "P", index: 1 }, { kind: "correction", index: 0, by: "N", text: "strong" },
    { kind: "director_summoned", by: "N", law: "20F4", reason: "" }, offer];
  assert.equal(changeOfferCause(lateAlert, "E", 0), "late_alert");
  assert.equal(changeOfferCause(corrected, "E", 0), "correction");
  assert.equal(changeOfferCause([offer], "E", 0), "other");
  const en = messages("en");
  const fr = messages("fr");
  assert.equal(changeOfferMessage(en, lateAlert, "E", 0, "P"), "Law 21B1: you may change your pass after the late alert.");
  assert.doesNotMatch(changeOfferMessage(en, lateAlert, "E", 0, "P"), /corrected/);
  assert.match(changeOfferMessage(en, corrected, "E", 0, "P"), /now that the explanation was corrected/);
  assert.match(changeOfferMessage(fr, lateAlert, "E", 0, "P"), /alerte tardive/);
  assert.match(changeOfferMessage(fr, corrected, "E", 0, "P"), /l'explication a été corrigée/);
  for (const locale of Object.keys(catalogs)) assert.deepEqual(argumentsOf(catalogs[locale]["offer.change"], locale), ["call", "cause"]);
});

test("a pending decision is worded for whose decision it is: a call in turn is no decision (fault 4)", async () => {
  const { messages, pendingMessage } = await load();
  // East called out of rotation at North's turn: South (East's LHO) accepts or declines,
  // North may only call in rotation (L28B), West waits (tests/decisions.rs).
  const choices = [{ by: "S", options: ["accept", "decline"] }, { by: "N", options: ["call"] }];
  const out = (options) => ({ kind: "out_of_rotation", seat: "E", call: "1C", options, choices });
  for (const locale of Object.keys(catalogs)) {
    const m = messages(locale);
    const north = pendingMessage(m, out(["call"]));
    const south = pendingMessage(m, out(["accept", "decline"]));
    const west = pendingMessage(m, out([]));
    assert.notEqual(north, m.format("pending.decide", { seat: "x", call: "y", accept: "yes", call_over: "yes" }));
    assert.ok(north.includes("28B") && north.includes(m.format("seat.S")), `${locale}: ${north}`);
    assert.doesNotMatch(north, /decision|décider sur/, `${locale}: North has nothing to decide: ${north}`);
    assert.ok(south.includes(m.format("seat.E")) && south.includes(i18n.callName(m, "1C")), `${locale}: ${south}`);
    assert.ok(west.includes(m.format("seat.S")) && west.includes(m.format("seat.N")), `${locale}: ${west}`);
    // An insufficient bid: LHO may accept, decline, or accept by calling (L27A1).
    const lho = pendingMessage(m, { kind: "insufficient_bid", seat: "E", call: "1H", options: ["accept", "decline", "call"], choices: [{ by: "S", options: ["accept", "decline", "call"] }] });
    assert.notEqual(lho, south.replace(i18n.callName(m, "1C"), i18n.callName(m, "1H")), `${locale}: calling over it is offered`);
    for (const key of Object.keys(catalogs.en).filter((k) => k.startsWith("pending."))) {
      assert.deepEqual(argumentsOf(catalogs[locale][key], locale), argumentsOf(catalogs.en[key], "en"), `${locale} ${key}`);
    }
  }
  const en = messages("en");
  assert.equal(pendingMessage(en, out(["call"])),
    "It is your turn to call: your call cancels East's one club out of rotation (Law 28B). South decides whether to accept it.");
  assert.equal(pendingMessage(en, { kind: "replacement", seat: "E", call: "1H", options: ["call"], choices: [{ by: "E", options: ["call"] }] }),
    "Replace your one heart with a legal call.");
  assert.equal(pendingMessage(en, { kind: "undo", seat: "N", call: "1H", options: [], choices: [{ by: "director", options: ["ruling"] }] }),
    "Waiting for the Director.");
});

test("calls, cards and contracts are spoken in each language", async () => {
  const { messages, callName, cardName, contractName } = await load();
  const en = messages("en");
  const fr = messages("fr");
  assert.deepEqual(["P", "X", "XX", "1H", "2H", "1NT", "3NT", "7C"].map((c) => callName(en, c)),
    ["pass", "double", "redouble", "one heart", "two hearts", "one no trump", "three no trump", "seven clubs"]);
  assert.deepEqual(["P", "X", "XX", "1H", "2H", "1NT", "3NT", "7C"].map((c) => callName(fr, c)),
    ["passe", "contre", "surcontre", "un cœur", "deux cœurs", "un sans-atout", "trois sans-atout", "sept trèfles"]);
  assert.equal(cardName(fr, "SA"), "as de pique");
  assert.equal(cardName(en, "HT"), "ten of hearts");
  assert.equal(contractName(fr, "4HX"), "quatre cœurs contré");
  assert.equal(contractName(en, "3NTXX"), "three no trump redoubled");
});

test("the French catalog uses the Laws' own French terms", () => {
  const fr = catalogs.fr;
  // The FFB's French text of the Laws (Code International 2017): a call is a "déclaration"
  // (déclaration hors tour, changement de déclaration), the auction "les annonces", a law
  // "Loi 27", the Director "l'Arbitre", an adjusted score "marque ajustée".
  const terms = {
    IRREG_CALL_OUT_OF_ROTATION: "déclaration hors tour",
    "decision.out_of_rotation": "Déclaration hors tour",
    IRREG_INSUFFICIENT_BID: "enchère insuffisante",
    INSUFFICIENT_BID: "Enchère insuffisante",
    IRREG_INADMISSIBLE_DOUBLE: "surcontre inadmissible",
    IRREG_CALL_AFTER_FINAL_PASS: "dernier Passe",
    IRREG_BARRED_CALL: "obligé de passer",
    MUST_PASS: "obligé de passer",
    "decision.change_of_call": "Changement de déclaration",
    UNDO_DISABLED: "déclaration non intentionnelle",
    LATE_ALERT: "Alerte tardive",
    CHECK_OWN_EXPLANATIONS: "explication",
    CORRECT_PARTNER_NOW: "entame",
    NOT_YOUR_LEAD: "entame",
    UI_FROM_PARTNER: "information non autorisée",
    UI_WITHDRAWN_CALL: "information non autorisée",
    AI_WITHDRAWN_CALL: "information autorisée",
    SINGLE_CALL_QUESTION: "information non autorisée",
    REVIEW_NOT_YOUR_TURN: "récapitulation des annonces",
    DUMMY_MAY_NOT_ASK: "mort",
    LEAD_RESTRICTION: "déclarant",
    ADJUSTMENT_POSSIBLE: "marque ajustée",
    "event.director_summoned": "Arbitre",
    "seat.N": "Nord", "seat.E": "Est", "seat.S": "Sud", "seat.W": "Ouest",
    "call.P": "passe", "call.X": "contre", "call.XX": "surcontre",
    director: "Arbitre",
    law: "Loi",
  };
  for (const [key, term] of Object.entries(terms)) assert.ok(fr[key].includes(term), `fr ${key} should say “${term}”: ${fr[key]}`);
  // The text a reader sees: without argument names (`{seat`, `{you, select,`) and select keys (`yes {`).
  const prose = (message) => message.replace(/\{\s*\w+\s*(,\s*\w+\s*,?)?/g, "").replace(/\b\w+\s*\{/g, "");
  // Whole words, accented letters included ("appelé" is not "appel").
  const english = /(?<!\p{L})(Directeur|directeur|[Aa]rticle|appels?|Law|call|bid|dummy|declarer|Director)(?!\p{L})|score ajusté/u;
  for (const [key, message] of Object.entries({ ...fr, ...ui.fr, ...demo.fr })) {
    assert.doesNotMatch(prose(message), english, `fr ${key} is not the Laws' French: ${message}`);
    const en = catalogs.en[key] ?? ui.en[key] ?? demo.en[key];
    if (/Director/.test(en)) assert.match(message, /Arbitre/, `fr ${key} should name the Arbitre`);
  }
});

/** The reference server's error codes, from its own code (`ErrorCode::as_str`). */
function serverCodes() {
  const text = readFileSync(join(root, "server", "src", "protocol.rs"), "utf8");
  return [...text.matchAll(/ErrorCode::\w+ => "([A-Z_]+)"/g)].map((m) => m[1]);
}

test("every error code of the server has a message in every catalog, without parameters", async () => {
  const { messages, rejectionMessage, CODE_PARAMS } = await load();
  const codes = serverCodes();
  assert.ok(codes.length >= 15 && ["NOT_OWNER", "UNRESPONSIVE", "TOO_MANY_CONNECTIONS", "RATE_LIMITED", "TOKEN_EXPIRED", "TOO_SLOW"].every((c) => codes.includes(c)),
    `the server's codes are read from server/src/protocol.rs: ${codes}`);
  const engineCodes = new Set(engine.codes.map((c) => c.code));
  for (const code of codes) {
    assert.ok(!engineCodes.has(code), `${code} is both the server's and the engine's`);
    assert.equal(CODE_PARAMS[code], undefined, `${code} takes no parameter`);
    for (const [locale, cat] of Object.entries(catalogs)) {
      assert.equal(typeof cat[code], "string", `codes/${locale}.json lacks ${code}`);
      assert.deepEqual(argumentsOf(cat[code], locale), [], `${locale} ${code}`);
      // As a page shows a server error (`{code, message}`): the catalog's words, not the server's.
      const text = rejectionMessage(messages(locale), { code, message: "server text" });
      assert.ok(text !== "server text" && text !== code, `${locale} ${code} fell back: ${text}`);
    }
  }
});

test("a warning about one call names the player and the call, from what the engine gives", async () => {
  const { messages, warningMessage } = await load();
  const { Table } = await import("bridge-laws");
  // Face to face an insufficient bid is accepted and flagged (L27): East's 1♣ over 1♥.
  const t = new Table({ dealer: "N", vulnerability: "None", regulation: "face_to_face" });
  assert.equal(t.apply({ seat: "N", type: "call", call: "1H" }).ok, true);
  const out = t.apply({ seat: "E", type: "call", call: "1C" });
  const w = out.warnings.find((x) => x.code === "IRREG_INSUFFICIENT_BID");
  assert.ok(w, JSON.stringify(out));
  assert.equal(w.call, "1C");
  assert.equal(w.seat, "E");
  assert.equal(warningMessage(messages("en"), w, "director"), "East's one club is an insufficient bid: the left-hand opponent may accept it; otherwise it must be replaced.");
  assert.match(warningMessage(messages("en"), w, "E"), /^Your one club is an insufficient bid/);
  assert.match(warningMessage(messages("fr"), w, "S"), /^Est a fait une enchère insuffisante \(un trèfle\)/);
  t.free();
  // A warning about no one call has no `call`: West's question about the whole auction
  // (what follows it: a reminder to answer, a caution) names no call.
  const q = new Table({ dealer: "N", vulnerability: "None", regulation: "face_to_face" });
  for (const [seat, call] of [["N", "1H"], ["E", "P"], ["S", "2H"]]) q.apply({ seat, type: "call", call });
  const asked = q.apply({ seat: "W", type: "ask" });
  const plain = asked.ok ? [...asked.warnings, ...q.view("director").warnings] : [];
  assert.ok(plain.length > 0, JSON.stringify(asked));
  for (const x of plain) assert.equal("call" in x, false, x.code);
  q.free();
});

test("the demo's texts are its own keys, each used by the page, and every key it uses has a message", () => {
  for (const key of Object.keys(demo.en)) {
    assert.match(key, /^ui\.demo\./, `${key}: the demo adds keys of its own, it never rewords the elements'`);
    assert.ok(!(key in ui.en) && !(key in catalogs.en), `${key} is already the elements'`);
  }
  const pageDir = join(www, "src");
  const code = [...readdirSync(pageDir).filter((f) => f.endsWith(".ts")).map((f) => readFileSync(join(pageDir, f), "utf8")), readFileSync(join(www, "index.html"), "utf8")].join("\n");
  const literal = new Set([...code.matchAll(/"(ui\.demo\.[A-Za-z_.]+[A-Za-z_])"/g)].map((m) => m[1]));
  const families = [...code.matchAll(/`(ui\.demo\.[a-z_.]*?)\$\{/g)].map((m) => m[1]);
  for (const key of literal) assert.ok(key in demo.en, `${key} has no English message`);
  for (const family of families) assert.ok(Object.keys(demo.en).some((k) => k.startsWith(family)), `${family}… has no messages`);
  const unused = Object.keys(demo.en).filter((k) => !literal.has(k) && !families.some((f) => k.startsWith(f)));
  assert.deepEqual(unused, [], "every demo message is used");
  // Each family's members: the values the page formats into the key.
  for (const [family, members] of Object.entries({
    "ui.demo.phase.": ["auction", "clarification", "play", "passed_out", "ended"],
    "ui.demo.conn.": ["connecting", "reconnecting", "failed", "connected"],
    "ui.demo.viewer.": ["director", "spectator"],
    "ui.demo.setup.vulnerability.": ["None", "NS", "EW", "All"],
  })) for (const m of members) assert.equal(typeof demo.en[family + m], "string", `${family}${m}`);
  for (const on of ["unintended", "comparable", "misinformation", "intent", "artificial"]) {
    const values = on === "intent" ? ["accept", "own_turn"] : ["true", "false"];
    for (const v of values) for (const k of [`ui.demo.ruling.${on}.${v}`, `ui.demo.ruling.${on}.${v}.effect`]) assert.equal(typeof demo.en[k], "string", k);
  }
});

test("the demo's texts format in every language from the parameters the page gives", async () => {
  const { messages, addCatalog } = await load();
  for (const [locale, cat] of Object.entries(demo)) addCatalog(locale, cat);
  const fr = messages("fr");
  const en = messages("en");
  assert.equal(fr.format("ui.demo.tag.barred", { bar: "next_turn" }), "obligé de passer au prochain tour");
  assert.equal(en.format("ui.demo.over.contract", { contract: "four hearts", by: "yes", seat: "South", tricks: 1 }), "Contract four hearts by South — 1 trick played.");
  assert.equal(fr.format("ui.demo.over.contract", { contract: "quatre cœurs", by: "no", seat: "", tricks: 3 }), "Contrat quatre cœurs — 3 levées jouées.");
  const restriction = { law: "26B", seat: "Ouest", lead: "opening", state: "may_require", suits: "cœur", due: "yes" };
  assert.match(fr.format("ui.demo.restriction", restriction), /^Loi 26B .*entame de Ouest — le déclarant peut imposer ou interdire une couleur parmi cœur\s; l'entame attend\.$/);
  for (const [locale, cat] of Object.entries(demo)) {
    for (const key of Object.keys(cat)) {
      const params = Object.fromEntries(argumentsOf(cat[key], locale).map((a) => [a, a === "tricks" || a === "n" || a === "ns" || a === "ew" ? 2 : "x"]));
      const text = messages(locale).format(key, params);
      assert.notEqual(text, key, `${locale} ${key} does not format`);
      assert.doesNotMatch(text, /[{}]/, `${locale} ${key}: ${text}`);
    }
  }
});

test("French players read SA, Passe, Contre, Surcontre and type 1SA, passe, contre, surcontre, 2C for two hearts", async () => {
  const { messages, callShown, canonicalCall, parseCallIn, cardShown, canonicalCard, strainLetter, STRAINS } = await load();
  const { parseCall } = await import("bridge-laws");
  const fr = messages("fr");
  assert.deepEqual(["1NT", "3NT", "P", "X", "XX", "2H"].map((c) => callShown(fr, c)), ["1SA", "3SA", "Passe", "Contre", "Surcontre", "2♥"]);
  assert.deepEqual(STRAINS.map((s) => strainLetter(fr, s)), ["T", "K", "C", "P", "SA"]);
  const typed = { "1SA": "1NT", "1 sa": "1NT", passe: "P", Contre: "X", surcontre: "XX", "2C": "2H", "2T": "2C", "3K": "3D", "4P": "4S", "2 cœurs": "2H", "7 sans-atout": "7NT" };
  for (const [text, call] of Object.entries(typed)) {
    assert.equal(canonicalCall(fr, text), call, `fr “${text}”`);
    assert.equal(parseCallIn(fr, text, parseCall), call, `fr “${text}” read by the package`);
  }
  // What the French words leave is read by the package as it is (symbols, English letters).
  assert.equal(parseCallIn(fr, "2♥", parseCall), "2H");
  assert.equal(parseCallIn(fr, "1n", parseCall), "1NT");
  assert.throws(() => parseCallIn(fr, "8SA", parseCall), (e) => e.code === "BAD_INPUT");
  // English keeps its own letters: "2c" is clubs there.
  assert.equal(parseCallIn(messages("en"), "2c", parseCall), "2C");
  assert.equal(cardShown(fr, "SK"), "♠R");
  assert.deepEqual(["PR", "C10", "KV", "TA"].map((t) => canonicalCard(fr, t)), ["SK", "HT", "DJ", "CA"]);
});

test("Dutch players read SA, Pas, Doublet, Redoublet and type K R H S for the suits", async () => {
  const { messages, callShown, canonicalCall, cardShown, callName, strainLetter, STRAINS } = await load();
  const nl = messages("nl");
  assert.equal(nl.locale, "nl");
  assert.deepEqual(["1NT", "P", "X", "XX"].map((c) => callShown(nl, c)), ["1SA", "Pas", "Doublet", "Redoublet"]);
  assert.deepEqual(STRAINS.map((s) => strainLetter(nl, s)), ["K", "R", "H", "S", "SA"]);
  assert.deepEqual(["2K", "2R", "2H", "2S", "3SA", "pas", "doublet", "redoublet"].map((t) => canonicalCall(nl, t)), ["2C", "2D", "2H", "2S", "3NT", "P", "X", "XX"]);
  assert.equal(callName(nl, "3NT"), "drie sans atout");
  assert.equal(cardShown(nl, "HQ"), "♥V");
});

test("every call and card each language shows is read back as itself when typed, and no spelling names two calls", async () => {
  const { messages, callShown, canonicalCall, cardShown, canonicalCard, VOCABULARY_KEYS, STRAINS, OTHER_CALLS, SUITS, RANKS } = await load();
  const calls = [...OTHER_CALLS, ...[1, 2, 3, 4, 5, 6, 7].flatMap((l) => STRAINS.map((s) => `${l}${s}`))];
  for (const locale of Object.keys(catalogs)) {
    const m = messages(locale);
    for (const key of VOCABULARY_KEYS) assert.equal(typeof ui[locale][key], "string", `ui/${locale}.json lacks ${key}`);
    for (const call of calls) assert.equal(canonicalCall(m, callShown(m, call)), call, `${locale} ${call} shown as ${callShown(m, call)}`);
    for (const s of SUITS) for (const r of RANKS) assert.equal(canonicalCard(m, cardShown(m, `${s}${r}`)), `${s}${r}`, `${locale} ${s}${r}`);
    const fold = (w) => w.normalize("NFC").toLowerCase().replace(/[\s.\-_]+/g, "");
    for (const group of [OTHER_CALLS, STRAINS]) {
      const seen = new Map();
      for (const c of group) for (const w of ui[locale][`ui.typed.${c}`].split("|").map(fold)) {
        assert.ok(!seen.has(w) || seen.get(w) === c, `${locale}: “${w}” is both ${seen.get(w)} and ${c}`);
        seen.set(w, c);
      }
    }
  }
});

/** Sample values for a message's parameters: each select's every branch in turn. */
function samples(message, locale) {
  const selects = new Map();
  const args = new Set();
  const walk = (nodes) => {
    for (const n of nodes) {
      if (typeof n.value === "string" && n.type !== 0 && n.type !== 7) args.add(n.value);
      if (n.type === 5 && n.options) selects.set(n.value, [...(selects.get(n.value) ?? []), ...Object.keys(n.options)]);
      for (const option of Object.values(n.options ?? {})) walk(option.value);
      if (Array.isArray(n.children)) walk(n.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  const numeric = new Set(["count", "tricks", "n", "ns", "ew", "index", "restated", "number", "level", "board"]);
  const base = Object.fromEntries([...args].map((a) => [a, numeric.has(a) ? 2 : "«x»"]));
  const variants = [base];
  for (const [name, options] of selects) for (const o of options) if (o !== "other") variants.push({ ...base, [name]: o });
  return variants;
}

// English words no French or Dutch page shows (whole words; names and terms both languages
// share — "West", "alert", "dummy" in Dutch, "information" in French — are not listed).
const ENGLISH_WORDS = ["the", "and", "of", "you", "your", "is", "are", "was", "call", "calls", "bid", "bids", "pass", "double", "redouble", "Dbl",
  "Rdbl", "Law", "Director", "declarer", "lead", "trick", "tricks", "North", "South", "East", "refused", "waiting", "partner", "auction",
  "board", "hand", "card", "cards", "spades", "hearts", "diamonds", "clubs", "no trump", "NT"];
/** Words Dutch shares with English. */
const DUTCH_TOO = new Set(["is", "was", "hand", "partner", "of"]);
const englishIn = (locale) =>
  new RegExp(`(?<!\\p{L})(${ENGLISH_WORDS.filter((w) => !(locale === "nl" && DUTCH_TOO.has(w))).join("|")})(?!\\p{L})`, "u");
/** Messages that read the same in English: symbols, numbers, parameters only, or shared words. */
const SAME_AS_ENGLISH = new Set(["ui.live.warning", "ui.feed.times", "ui.decision.party", "ui.auction.auto.short", "ui.demo.event.quoted",
  "ui.demo.toast.announce", "ui.demo.toast.announce.law", "ui.demo.call_option", "ui.auction.call", "ui.demo.setup.vulnerability.NS",
  "severity.infraction", "severity.info", "ui.severity.infraction", "ui.severity.info", "call.bid", "ui.demo.felt.board",
  "ui.suit.letter.H", "ui.suit.letter.S", "ui.rank.6", "ui.demo.tag.dummy", "ui.demo.online.table", "ui.demo.section.table",
  "ui.demo.questions.title", "ui.demo.ruling.comparable.true"]);
const SHORT = /^ui\.rank\.short\.|^seat\.W$/;

test("every string a French or Dutch page can show is in its language: every branch of every message, formatted", () => {
  for (const locale of Object.keys(catalogs).filter((l) => l !== "en")) {
    const ENGLISH = englishIn(locale);
    const all = { ...catalogs[locale], ...ui[locale], ...demo[locale] };
    const english = { ...catalogs.en, ...ui.en, ...demo.en };
    for (const [key, message] of Object.entries(all)) {
      if (key.startsWith("ui.typed.")) continue;
      for (const params of samples(message, locale)) {
        const text = new IntlMessageFormat(message, locale).format(params);
        const prose = String(text).replace(/«x»/g, "");
        assert.doesNotMatch(prose, ENGLISH, `${locale} ${key} speaks English: ${text}`);
      }
      if (!SAME_AS_ENGLISH.has(key) && !SHORT.test(key) && !(locale === "nl" && /^seat\.|^ui\.demo\.tag\.dummy/.test(key))) {
        assert.notEqual(message, english[key], `${locale} ${key} is the English text`);
      }
    }
  }
});

test("the live region's persons agree with their verbs: “you” for the viewer, his name for the others", () => {
  for (const [locale, cat] of Object.entries(ui)) {
    const seat = catalogs[locale]["seat.S"];
    for (const [key, message] of Object.entries(cat)) {
      if (!argumentsOf(message, locale).includes("you")) continue;
      const params = Object.fromEntries(argumentsOf(message, locale).map((a) => [a, a === "seat" ? seat : a === "about" ? "call" : "«x»"]));
      const mine = new IntlMessageFormat(message, locale).format({ ...params, you: "yes" });
      const theirs = new IntlMessageFormat(message, locale).format({ ...params, you: "no" });
      assert.ok(!mine.includes(seat), `${locale} ${key} names the viewer: ${mine}`);
      assert.ok(theirs.includes(seat), `${locale} ${key} does not name the player: ${theirs}`);
      assert.doesNotMatch(mine, /You[’']s|Vous a |U heeft/, `${locale} ${key}: ${mine}`);
    }
  }
});

test("a withdrawn call's reason is said in every language (the engine's reasons, from src/withdrawal.rs)", async () => {
  const { messages, withdrawalReason } = await load();
  const text = readFileSync(join(root, "src", "withdrawal.rs"), "utf8");
  const reasons = [...text.matchAll(/Withdrawal::\w+ => \{?\s*"([^"]+)"/g)].map((m) => m[1]);
  const variants = text.match(/pub enum Withdrawal \{([\s\S]*?)\n\}/)[1].match(/^\s+[A-Z]\w*,$/gm).length;
  assert.equal(reasons.length, variants, `a reason for each of the ${variants} withdrawals, read from src/withdrawal.rs: ${reasons}`);
  for (const locale of Object.keys(catalogs)) {
    for (const r of reasons) {
      assert.equal(typeof catalogs[locale][`withdrawal.${r}`], "string", `codes/${locale}.json lacks withdrawal.${r}`);
      if (locale !== "en") assert.notEqual(withdrawalReason(messages(locale), r), r, `${locale}: ${r}`);
    }
  }
  assert.equal(withdrawalReason(messages("fr"), "unintended call replaced"), "déclaration non intentionnelle remplacée");
});

test("a late alert names the player whose call was alerted late, not the one who alerted it", async () => {
  const { messages, warningMessage } = await load();
  const { Table } = await import("bridge-laws");
  // Face to face: South opens 1♣ (artificial), West passes, North fails to alert, then alerts it late.
  const t = new Table({ dealer: "S", vulnerability: "None", regulation: "face_to_face" });
  for (const [seat, call] of [["S", "1C"], ["W", "P"], ["N", "1H"]]) assert.equal(t.apply({ seat, type: "call", call }).ok, true);
  const out = t.apply({ seat: "N", type: "alert", index: 0 });
  const late = out.ok ? out.warnings.find((w) => w.code === "LATE_ALERT") : undefined;
  assert.ok(late, JSON.stringify(out));
  assert.equal(late.seat, "S", "the warning concerns the caller, South");
  assert.equal(warningMessage(messages("fr"), late, "E"), "Alerte tardive sur la déclaration de Sud (un trèfle) : les adversaires peuvent changer une déclaration faite depuis.");
  assert.equal(warningMessage(messages("en"), late, "E"), "Late alert of South's one club: the opponents may change a call made since.");
  t.free();
});

test("a language is added by its catalogs alone: the same locales in every catalog folder, registered once, offered by the demo from its folder", () => {
  const folders = [codesDir, uiDir, demoDir].map((d) => readdirSync(d).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort());
  assert.deepEqual(folders[1], folders[0]);
  assert.deepEqual(folders[2], folders[0]);
  // (That `locales()` is exactly codes/'s files is the first test's.)
  assert.ok(folders[0].includes("nl"), "Dutch is shipped");
  // The files outside the catalogs that name Dutch: the one registration of the elements' catalogs.
  const files = (dir) => readdirSync(dir, { recursive: true }).filter((f) => /\.(ts|html|mjs|js)$/.test(f)).map((f) => join(dir, f));
  const code = [...files(join(root, "elements", "src")), ...files(join(www, "src")), join(www, "index.html")];
  const naming = code.filter((f) => /["'/]nl(["'.]|\.json)|Nederlands/.test(readFileSync(f, "utf8"))).map((f) => f.slice(root.length + 1));
  assert.deepEqual(naming, [join("elements", "src", "i18n", "index.ts")]);
  const demoCode = readFileSync(join(www, "src", "i18n.ts"), "utf8");
  assert.match(demoCode, /import\.meta\.glob/, "the demo's languages are its folder's catalogs");
  for (const l of folders[0]) assert.equal(typeof demo[l]["ui.demo.language.self"], "string", `${l} names itself`);
});
