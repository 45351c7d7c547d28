// The npm package as a site's back end would use it: `import "bridge-laws"` in Node.js
// resolves to the Node build (export condition "node"); "bridge-laws/web" initialises from
// bytes. Runs the public contract example of DESIGN.md.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import { Table, parseCall, formatCall } from "bridge-laws";

test("the DESIGN.md contract example runs against the Node build", () => {
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  const out = table.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation: "15-17" });
  assert.equal(out.ok, true);
  assert.ok(out.events.some((e) => e.kind === "call"));
  assert.ok(Array.isArray(out.warnings));
  assert.ok(table.legalCalls("E").includes("2C"));
  assert.equal(table.view("E").calls[0].disclosures[0].text, "15-17");
  assert.deepEqual(table.view("S").calls[0].disclosures, [], "partner does not see a self-alert");

  const refused = table.apply({ seat: "E", type: "call", call: "1S" });
  assert.deepEqual(Object.keys(refused.rejection).sort(), ["code", "law", "message"]);
  assert.equal(refused.rejection.code, "INSUFFICIENT_BID");

  const copy = Table.fromJSON(JSON.parse(JSON.stringify(table)));
  assert.equal(copy.stateHash(), table.stateHash());
  assert.equal(parseCall("1n"), "1NT");
  assert.equal(formatCall("2h"), "2♥");
});

test("the Node build loads with require and with import, the same CommonJS build", async () => {
  const require = createRequire(import.meta.url);
  const required = require("bridge-laws");
  const imported = await import("bridge-laws");
  assert.match(require.resolve("bridge-laws"), /[\\/]node[\\/]bridge_laws\.js$/);
  assert.equal(imported.Table, required.Table, "one module instance, not two builds");
  assert.equal(typeof require("bridge-laws/node").Table, "function");
  const table = new required.Table({ dealer: "S", vulnerability: "NS", regulation: "face_to_face" });
  assert.equal(table.apply({ seat: "S", type: "call", call: "1C" }).ok, true);
});

test("the module's own JS is inlined in every build's glue: require takes a push into a SeatTable", () => {
  // src/wasm/receive.js comes from wasm-bindgen as an ES-module snippet; package-json.mjs
  // inlines it, so CommonJS `require` (Node 20) loads it and no build ships a snippets folder.
  const require = createRequire(import.meta.url);
  const root = require.resolve("bridge-laws/package.json").replace(/package\.json$/, "");
  for (const sub of ["", "node/", "web/"]) {
    assert.equal(existsSync(`${root}${sub}snippets`), false, `${sub || "./"}snippets`);
  }
  const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
  assert.ok(!pkg.files.some((f) => f.includes("snippets")) && !pkg.sideEffects.some((f) => f.includes("snippets")));
  const { Table, SeatTable } = require("bridge-laws");
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  const east = new SeatTable("E", table.streamVersion("E"), table.view("E"));
  assert.equal(table.apply({ seat: "N", type: "call", call: "1C" }).ok, true);
  east.receive({ entries: table.eventsSince("E", 0), patch: { turn: "E", legal_calls: table.legalCalls("E") } });
  assert.equal(east.turn(), "E");
  assert.deepEqual(east.legalCalls(), table.legalCalls("E"));
  assert.throws(() => east.receive({ entries: [], patch: { legal_calls: [["1C"]] } }), { code: "BAD_INPUT" });
  assert.deepEqual(east.legalCalls(), table.legalCalls("E"), "refused unchanged");
});

test("a bad regulation setting says which setting and what it allows", () => {
  assert.throws(
    () => new Table({ dealer: "N", vulnerability: "None", regulation: { preset: "online", undo: "never" } }),
    (e) => e.code === "BAD_INPUT" && /regulation setting `undo` must be one of "off", "consent", "director"/.test(e.message),
  );
  assert.throws(
    () => new Table({ dealer: "N", vulnerability: "None", regulation: "chess" }),
    (e) => e.code === "BAD_INPUT" && /unknown regulation preset `chess`/.test(e.message),
  );
});

test("malformed input throws a BridgeLawsError with code BAD_INPUT", () => {
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  for (const bad of [null, "1NT", { seat: "N", type: "call", call: "8NT" }, { seat: "X", type: "review" }]) {
    assert.throws(() => table.apply(bad), (e) => e instanceof Error && e.name === "BridgeLawsError" && e.code === "BAD_INPUT");
  }
  assert.throws(() => new Table({ dealer: "N" }), { name: "BridgeLawsError", code: "BAD_INPUT" });
});

test("the web build initialises from bytes through the ./web export", async () => {
  const web = await import("bridge-laws/web");
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve("bridge-laws/web").replace(/bridge_laws\.js$/, "bridge_laws_bg.wasm"));
  web.initSync({ module: wasm });
  const t = new web.Table({ dealer: "E", vulnerability: "All", regulation: "screens" });
  assert.equal(t.view("director").turn, "E");
});
