// Input a site sends from JavaScript, through the package's own glue (the Node build): every
// export checks its arguments' JS types and sizes, and a wrong one is the coded
// BridgeLawsError BAD_INPUT — never a RuntimeError from inside the module, a plain TypeError,
// a silent coercion ("0", NaN, 2 ** 32 read as board 0) or a raw exception from a hostile
// object. tests/js_api/arguments.rs checks the same from Rust, in Node and Chromium.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Table, SeatTable, parseCall, formatCall } from "bridge-laws";

const PBN = '[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Auction "S"]\n1NT Pass 3NT AP\n';
const BAD_INPUT = { name: "BridgeLawsError", code: "BAD_INPUT" };

/** Values of every JS type a caller may pass by mistake or on purpose. */
function hostile() {
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  return [
    undefined,
    null,
    42,
    NaN,
    -1,
    2 ** 32,
    "0",
    "",
    true,
    10n,
    Symbol("s"),
    () => 1,
    [],
    {},
    new Proxy({}, { ownKeys() { throw new Error("ownKeys"); } }),
    new Proxy({ seat: "N", type: "call", call: "1C" }, { get() { throw new Error("get"); } }),
    revocable.proxy,
    { get seat() { throw new Error("getter"); }, type: "call", call: "1C" },
  ];
}

/** Calls `f`; it may return, or throw BAD_INPUT, nothing else. */
function returnsOrBadInput(f, what) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof Error, `${what}: threw a non-Error ${String(e)}`);
    assert.equal(e.name, "BridgeLawsError", `${what}: ${e.name}: ${e.message}`);
    assert.equal(e.code, "BAD_INPUT", `${what}: ${e.message}`);
  }
}

test("fromPbn and fromLin refuse a text that is not a string with BAD_INPUT, not a trap", () => {
  for (const from of [Table.fromPbn, Table.fromLin]) {
    assert.throws(() => from(42), BAD_INPUT);
    assert.throws(() => from(), BAD_INPUT);
    assert.throws(() => from(null), BAD_INPUT);
    assert.throws(() => from({ toString: () => PBN }), BAD_INPUT);
  }
  assert.equal(Table.fromPbn(PBN).view("director").contract, "3NT", "the module still works");
});

test("a board index that is not a whole number from 0 is refused, not coerced", () => {
  for (const index of [NaN, 2 ** 32, "0", 1.5, -1, Infinity, {}, true, 10n]) {
    assert.throws(() => Table.fromPbn(PBN, index), BAD_INPUT, String(index));
    assert.throws(() => Table.fromLin("mb|1C|", index), BAD_INPUT, String(index));
  }
  assert.equal(Table.fromPbn(PBN, 0).view("director").contract, "3NT");
  assert.equal(Table.fromPbn(PBN, undefined).view("director").contract, "3NT");
  assert.throws(() => Table.fromPbn(PBN, 1), { code: "BAD_INPUT", message: /holds no board 1/ });
});

test("options whose getter throws, or a Proxy whose ownKeys throws, are BAD_INPUT", () => {
  const getter = { dealer: "N", vulnerability: "None", get board() { throw new Error("no board"); } };
  assert.throws(() => new Table(getter), { ...BAD_INPUT, message: /reading `board` threw: no board/ });
  const proxy = new Proxy({ dealer: "N", vulnerability: "None" }, { ownKeys() { throw new Error("no keys"); } });
  assert.throws(() => new Table(proxy), { ...BAD_INPUT, message: /keys threw: no keys/ });
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  const before = table.stateHash();
  assert.throws(() => table.apply(new Proxy({}, { ownKeys() { throw new Error("x"); } })), BAD_INPUT);
  assert.equal(table.stateHash(), before);
});

test("records the table could not reproduce throw naming the fault and its line", () => {
  assert.throws(() => Table.fromPbn('[Dealer "N"]\n[Auction "N"]\n1NT Pass\n8NT AP\n'), {
    ...BAD_INPUT,
    message: /line 4, column 1: unknown_token "8NT"/,
  });
  assert.throws(() => Table.fromLin(`md|3|mb|1N!|an|${"x".repeat(1 << 20)}|mb|p|mb|p|mb|p|`), {
    ...BAD_INPUT,
    message: /call 1 \(N 1NT\) refused/,
  });
  assert.throws(() => Table.fromPbn('[Dealer "N"]\n[Auction "N\n1C AP\n'), {
    ...BAD_INPUT,
    message: /line 2, column 1: unterminated_tag/,
  });
});

test("a 50 MB explanation is refused without being copied into the module", () => {
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  const explanation = "x".repeat(50 * 1024 * 1024);
  const start = performance.now();
  for (let i = 0; i < 10; i++) {
    assert.throws(
      () => table.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation }),
      { ...BAD_INPUT, message: /longer than 500 characters/ },
    );
  }
  // Copied in, each refusal took 400–600 ms; measured in JS, well under 1 ms.
  const each = (performance.now() - start) / 10;
  assert.ok(each < 50, `${each.toFixed(1)} ms a refusal`);
});

test("every export given a value of any type returns or throws BAD_INPUT, nothing else", () => {
  const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
  table.apply({ seat: "N", type: "call", call: "1NT" });
  const seat = new SeatTable("E", table.streamVersion("E"), table.view("E"));
  const exports = [
    ["new Table", (a) => new Table(a)],
    ["Table.fromJSON", (a) => Table.fromJSON(a)],
    ["Table.fromPbn", (a, b) => Table.fromPbn(a, b)],
    ["Table.fromLin", (a, b) => Table.fromLin(a, b)],
    ["parseCall", (a) => parseCall(a)],
    ["formatCall", (a) => formatCall(a)],
    ["new SeatTable", (a, b, c) => new SeatTable(a, b, c)],
    ["SeatTable#receive", (a) => seat.receive(a)],
    ["SeatTable#isLegal", (a) => seat.isLegal(a)],
  ];
  for (const name of Object.getOwnPropertyNames(Table.prototype)) {
    if (name === "constructor" || name === "free" || name.startsWith("__") || name.startsWith("[")) continue;
    exports.push([`Table#${name}`, (a, b) => table[name](a, b)]);
  }
  for (const [name, f] of exports) {
    for (const a of hostile()) {
      returnsOrBadInput(() => f(a, a, a), `${name}(${typeof a})`);
      returnsOrBadInput(() => f("N", a, a), `${name}("N", ${typeof a})`);
      returnsOrBadInput(() => f(PBN, a, a), `${name}(text, ${typeof a})`);
    }
  }
  assert.equal(table.apply({ seat: "E", type: "call", call: "2C" }).ok, true, "the table still plays");
});

test("records a table does not depend on import whole and report their faults with importNotes", () => {
  // A LIN explanation before any call, a card that is no card, a claim of 14 tricks.
  const lin = "md|3|an|stray|mb|1C|mb|p|mb|p|mb|p|pc|Z9|mc|14|";
  const table = Table.fromLin(lin);
  assert.deepEqual(table.view("director").calls.map((c) => c.call), ["1C", "P", "P", "P"]);
  const notes = table.importNotes();
  assert.deepEqual(notes.map((n) => n.code), ["explanation_without_call", "bad_card", "bad_claim"]);
  for (const n of notes) {
    assert.equal(n.line, 1);
    assert.ok(Number.isInteger(n.column) && n.column > 1 && lin.slice(n.column - 1).startsWith(n.text), JSON.stringify(n));
  }
  assert.deepEqual(Table.fromPbn(PBN).importNotes(), [], "a clean record has none");
  assert.deepEqual(new Table({ dealer: "N", vulnerability: "None", regulation: "online" }).importNotes(), []);
});
