// The browser benchmark command itself works: a quick run (built-in auctions, few samples)
// in headless Chromium writes its JSON and SVG, times every operation of both libraries,
// and both libraries agree on the legal calls. Timings are not checked (noisy machine).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { builtIn, canonicalCall } from "../bench/auctions.mjs";
import { percentile } from "../bench/chart.mjs";

const www = fileURLToPath(new URL("..", import.meta.url));

test("percentiles are nearest-rank", () => {
  const xs = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(xs, 0.5), 50);
  assert.equal(percentile(xs, 0.99), 99);
  assert.equal(percentile([7], 0.99), 7);
});

test("corpus calls are read in the package's notation", () => {
  assert.deepEqual(["2N", "p", "D", "r", "7nt", "8C"].map(canonicalCall), ["2NT", "P", "X", "XX", "7NT", null]);
});

test("the built-in auctions are legal and complete for the package", async () => {
  const { Table } = await import("bridge-laws");
  const seats = ["N", "E", "S", "W"];
  const { auctions } = builtIn();
  assert.equal(auctions.length, 50);
  for (const a of auctions) {
    const t = new Table({ dealer: a.dealer, vulnerability: a.vul, regulation: "online" });
    a.calls.forEach((call, i) => {
      const seat = seats[(seats.indexOf(a.dealer) + i) % 4];
      assert.equal(t.apply({ seat, type: "call", call }).ok, true, `${a.id} call ${i} ${call}`);
    });
    assert.notEqual(t.view("director").phase, "auction", `${a.id} ends`);
    t.free();
  }
});

test("the browser benchmark command writes its JSON and chart", { timeout: 60000 }, () => {
  const out = mkdtempSync(path.join(os.tmpdir(), "bench-browser-"));
  execFileSync("node", ["bench/browser.bench.mjs", "--quick", "--built-in", "--loads", "1", "--out", out], { cwd: www, stdio: "pipe" });
  const r = JSON.parse(readFileSync(path.join(out, "browser.json"), "utf8"));
  assert.deepEqual(r.operations.map((o) => o.name),
    ["apply", "legalCalls", "view", "stateHash", "new Table", "toJSON", "Table.fromJSON", "SeatTable.receive", "push each", "push each: script", "push each: style and layout", "push", "push script"]);
  for (const o of r.operations) assert.ok(o.ours.median > 0 && o.ours.p99 >= o.ours.median, o.name);
  for (const name of ["apply", "legalCalls"]) {
    const o = r.operations.find((x) => x.name === name);
    assert.ok(o.peer.median > 0 && o.ratio > 0, `${name} has the peer beside it`);
  }
  assert.equal(r.auctions, 50);
  assert.deepEqual(r.droppedAuctions, { ours: 0, peer: 0 });
  assert.equal(r.legalCallsAgree, r.positions, "both libraries offer the same calls");
  assert.equal(r.refusedWhileTimed, 0);
  // A seat's page: one push per call of each board replayed (checked in the page to rebuild the view).
  assert.equal(r.pushes.pushes, r.calls);
  assert.ok(r.startup.cold.scriptToTable.median > 0);
  assert.match(readFileSync(path.join(out, "browser.svg"), "utf8"), /^<svg [^>]*>[\s\S]*apply[\s\S]*<\/svg>\n$/);
  rmSync(out, { recursive: true, force: true });
});

test("the paired push benchmark times two builds of the elements in one page and gives their ratio", { timeout: 60000 }, () => {
  const elements = path.join(www, "node_modules", "bridge-laws", "elements");
  const out = execFileSync("node", ["bench/paired.bench.mjs", "--a", elements, "--b", elements, "--seconds", "1", "--elements", "auction,announcer"], {
    cwd: www,
    stdio: "pipe",
    env: { ...process.env, BENCH_CORPUS: path.join(os.tmpdir(), "no-corpus-here.jsonl") },
  }).toString();
  const [, boards, pushes] = /(\d+) boards, \d+ batches, (\d+) pushes each/.exec(out) ?? [];
  assert.equal(Number(boards), 50, "the built-in boards without the corpus");
  assert.ok(Number(pushes) > 0, out);
  const median = (which) => Number(new RegExp(`^${which} \\(.*\\): median ([\\d.]+) µs a push$`, "m").exec(out)?.[1]);
  assert.ok(median("a") > 0 && median("b") > 0, out);
  const ratio = Number(/b \/ a, median of the batches: ([\d.]+)/.exec(out)?.[1]);
  assert.ok(ratio > 0, out);
});

test("the writes benchmark times each write in the auction's grid, and the page's own floor, with its layout", { timeout: 60000 }, () => {
  const out = execFileSync("node", ["bench/writes.bench.mjs", "--rounds", "1"], { cwd: www, stdio: "pipe" }).toString();
  const rows = out.split("\n").filter((l) => /^\| [a-z]/.test(l) && !l.startsWith("| a write"));
  assert.equal(rows.length, 6, out);
  assert.equal(rows.filter((r) => r.startsWith("| the page's floor")).length, 2, out);
  for (const row of rows) assert.ok(Number(/\| ([\d.]+) \|$/.exec(row)?.[1]) > 0, row);
});
