// bridge-laws/elements as a site gets it from the package: Node resolves and imports it (no
// DOM: the elements are defined only where there is one), its UI labels are all in the
// English catalog and all used, and a site's TypeScript using it compiles strictly.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pkg = dirname(require.resolve("bridge-laws/package.json"));

test("Node resolves bridge-laws/elements through the package link and imports it without a DOM", async () => {
  const el = await import("bridge-laws/elements");
  for (const name of ["BiddingBox", "Auction", "Feed", "Decision", "Hand", "Announcer", "fromTable", "fromSeatTable"]) {
    assert.ok(el[name], `${name} is exported`);
  }
  const m = el.messages("en");
  assert.equal(m.format("ui.call.2H"), "two hearts");
  assert.equal(m.format("ui.auction.call.explained", { seat: "East", call: "two hearts", explanation: "transfer to spades" }),
    "East: two hearts, alerted: transfer to spades");
  assert.equal(m.format("no.such.key"), "no.such.key", "an unknown key falls back to itself");
});

test("every UI label the elements use is in ui/en.json, and every one there is used", () => {
  const catalog = JSON.parse(readFileSync(join(pkg, "elements/i18n/ui/en.json"), "utf8"));
  const code = readdirSync(join(pkg, "elements")).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(pkg, "elements", f), "utf8")).join("\n");
  const literal = new Set([...code.matchAll(/"(ui\.[a-z_.]+)"/g)].map((m) => m[1]));
  const families = [...code.matchAll(/`(ui\.[a-z_.]+\.)\$\{/g)].map((m) => m[1]);
  for (const key of literal) assert.ok(key in catalog, `${key} has an English message`);
  for (const family of families) assert.ok(Object.keys(catalog).some((k) => k.startsWith(family)), `${family}… has messages`);
  const unused = Object.keys(catalog).filter((k) => !literal.has(k) && !families.some((f) => k.startsWith(f)));
  assert.deepEqual(unused, []);
  // Every call and card has its words: 38 calls, 13 ranks, 4 suits.
  assert.equal(Object.keys(catalog).filter((k) => /^ui\.call\.([1-7](C|D|H|S|NT)|P|X|XX)$/.test(k)).length, 38);
  assert.equal(Object.keys(catalog).filter((k) => k.startsWith("ui.rank.")).length, 13);
});

test("a site's TypeScript using the elements compiles strictly (bundler resolution, skipLibCheck off)", () => {
  const dir = mkdtempSync(join(here, ".types-"));
  try {
    const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, types: [], target: "ES2022", module: "ESNext", moduleResolution: "bundler", lib: ["ES2022", "DOM"] };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["main.ts"] }));
    writeFileSync(join(dir, "main.ts"), `
import { Table, parseCall } from "bridge-laws";
import { fromTable, type BiddingBox, type Hand } from "bridge-laws/elements";
const source = fromTable(new Table({ dealer: "N", vulnerability: "None", regulation: "online" }), "S", parseCall);
document.querySelector<BiddingBox>("bl-bidding-box")!.source = source;
const hand = document.querySelector<Hand>("bl-hand")!;
hand.cards = ["SA", "HK"];
source.viewer = "N";
void source.act({ type: "call", call: "1NT" }).then((out) => out?.ok);
`);
    const run = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
