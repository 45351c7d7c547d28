// Browser benchmark, one command (`npm run bench:browser` in www/): the npm package's web
// build (pkg/web) and the pure TypeScript package @bridge-tools/core, side by side in one
// headless Chromium page served from 127.0.0.1, on the same auctions (the shared corpus when
// present, else a built-in set). Reports median and p99 per operation, the ratio to the peer,
// and the time from script start to the first table; writes JSON and an SVG chart.
//
//   node bench/browser.bench.mjs [--quick] [--built-in] [--out DIR] [--auctions N]
//                                [--budget-ms MS] [--loads N] [--pkg DIR] [--only a,b]
// --quick: a smoke run (few samples); --built-in: the built-in auctions even if the corpus is
// there; --budget-ms: time per operation and library; --loads: page loads for the first table;
// --pkg: another build of the package (say main's, built in a scratch worktree) to measure
// beside this one; --only: those operations alone (their names as printed), no first table;
// --elements TAGS: the pushes drawn by those elements alone (say bl-auction); --metrics: the
// style recalculations and layouts of the run (CDP Performance.getMetrics), counts and times;
// --trace: Chrome's trace of the run, the work of each style recalculation and layout counted
// (elements restyled, layout objects dirty: load-independent), medians and means, the boards
// drawn whole before the timed pushes counted apart;
// --profile FILE: Chrome's CPU profile of the run (CDP) written to FILE, its top functions by
// self time printed.
// Builds nothing: pkg/ comes from scripts/build-pkg.sh.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { builtIn, loadCorpus } from "./auctions.mjs";
import { renderChart, summarize } from "./chart.mjs";
import { servePages } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const www = path.resolve(here, "..");
const repo = path.resolve(www, "..");
let pkgDir = path.join(repo, "pkg");
let pkgWeb = path.join(pkgDir, "web");

function parseArgs(argv) {
  const quick = argv.includes("--quick");
  const value = (flag, fallback) => {
    const i = argv.indexOf(flag);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  return {
    quick,
    builtIn: argv.includes("--built-in"),
    // A quick or partial run never overwrites the committed results.
    out: path.resolve(value("--out", quick || argv.includes("--only") ? path.join(os.tmpdir(), "bridge-laws-bench-quick") : path.join(here, "results"))),
    auctions: Number(value("--auctions", quick ? 100 : 2000)),
    budgetMs: Number(value("--budget-ms", quick ? 100 : 2000)),
    startupLoads: Number(value("--loads", quick ? 2 : 20)),
    pkg: value("--pkg", null),
    only: value("--only", null)?.split(",").map((s) => s.trim()) ?? null,
    elements: value("--elements", null)?.split(",").map((s) => s.trim()) ?? null,
    metrics: argv.includes("--metrics"),
    trace: argv.includes("--trace"),
    profile: value("--profile", null),
    corpus: process.env.BENCH_CORPUS ?? path.resolve(repo, "..", "shared", "corpus", "auctions.jsonl"),
    chromium: process.env.CHROMIUM ?? "/usr/bin/chromium",
  };
}

// --- a static server for exactly the files the pages need ------------------------------
// The first table: the module script imports the package's glue (as a site's bundle would
// hold it), and from its first statement instantiates the wasm (streaming compilation of the
// response, `application/wasm`) and makes a table. The page preloads the .wasm
// (`<link rel="preload" as="fetch">`), so its download runs beside the glue's, as
// docs/PERFORMANCE.md recommends.
const STARTUP_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>first table</title>
<script>window.__t0 = performance.now();</script>
<link rel="preload" href="/pkg/web/bridge_laws_bg.wasm" as="fetch" type="application/wasm" crossorigin>
<script type="module">
import init, { Table } from "/pkg/web/bridge_laws.js";
const scriptStart = performance.now();
await init();
const initialised = performance.now();
const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
const firstTable = performance.now();
const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"));
window.__startup = { pageStart: window.__t0, scriptStart, wasmFetched: wasm ? wasm.responseEnd : null, initialised, firstTable, legal: table.legalCalls("N").length };
</script></head><body></body></html>`;

const BENCH_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>bridge-laws browser benchmark</title>
<script type="module" src="/bench/page.mjs"></script></head><body><main id="table"></main></body></html>`;

/** The two pages and exactly the files they need, cached by the browser (the warm loads). */
function serve() {
  const require = createRequire(import.meta.url);
  const peer = path.join(path.dirname(require.resolve("@bridge-tools/core/package.json")), "dist", "index.mjs");
  const files = new Map([
    ["/bench/page.mjs", path.join(here, "page.mjs")],
    ["/bench/patch.mjs", path.join(here, "patch.mjs")],
    ["/peer/core.mjs", peer],
    ["/pkg/web/bridge_laws.js", path.join(pkgWeb, "bridge_laws.js")],
    ["/pkg/web/bridge_laws_bg.wasm", path.join(pkgWeb, "bridge_laws_bg.wasm")],
  ]);
  // The elements (pushes rendered), with their catalogs and bundled formatter.
  const elements = path.join(pkgDir, "elements");
  const fileOf = (url) => (url.startsWith("/pkg/elements/") ? path.join(elements, url.slice("/pkg/elements/".length)) : files.get(url) ?? null);
  return servePages({ "/startup.html": STARTUP_HTML, "/bench.html": BENCH_HTML }, fileOf, { "Cache-Control": "max-age=600" });
}

// --- measurement --------------------------------------------------------------------------
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Time to the first table: `cold` in a fresh context each time (empty caches), `warm` as a
 * second visit in the same context. Milliseconds from navigation start (timeOrigin). */
async function startup(browser, base, loads) {
  const cold = [];
  const warm = [];
  const load = async (page) => {
    await page.goto(`${base}/startup.html`);
    await page.waitForFunction(() => window.__startup);
    return page.evaluate(() => window.__startup);
  };
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    cold.push(await load(page));
    warm.push(await load(page));
    await context.close();
  }
  return { cold, warm };
}

function gitCommit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repo, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "Cargo.toml"], { cwd: repo, encoding: "utf8" }).trim();
    return dirty ? `${head} (src modified)` : head;
  } catch {
    return null;
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.pkg) {
    pkgDir = path.resolve(args.pkg);
    pkgWeb = path.join(pkgDir, "web");
  }
  const loadAtStart = Number(os.loadavg()[0].toFixed(2));
  if (!existsSync(path.join(pkgWeb, "bridge_laws.js"))) {
    console.error("pkg/web is missing: build the npm package first with scripts/build-pkg.sh");
    process.exit(2);
  }
  const data = (!args.builtIn && loadCorpus(args.corpus, args.auctions)) || builtIn();
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_FLAGS });
  let page;
  try {
    const first = args.only ? { cold: [], warm: [] } : await startup(browser, base, args.startupLoads);
    page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/bench.html`);
    await page.waitForFunction(() => window.benchReady === true, null, { timeout: 10000 });
    const cdp = args.profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
      await cdp.send("Profiler.start");
    }
    // --metrics: the renderer's own counters (CDP Performance.getMetrics) over the run: how
    // many style recalculations and layouts, and how long they took in all.
    const perf = args.metrics ? await page.context().newCDPSession(page) : null;
    if (perf) await perf.send("Performance.enable", { timeDomain: "threadTicks" });
    const metrics = async () => perf && Object.fromEntries((await perf.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    if (args.trace) await browser.startTracing(page, { categories: (process.env.BENCH_TRACE_CATEGORIES ?? "devtools.timeline,disabled-by-default-devtools.timeline").split(",") });
    const run = await page.evaluate((cfg) => window.runBench(cfg), {
      auctions: data.auctions,
      budgetMs: args.budgetMs,
      minSampleMs: 2,
      minSamples: args.quick ? 5 : 30,
      maxSamples: 2000,
      only: args.only,
      elements: args.elements,
    });
    if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
    if (perf) printMetrics(before, await metrics());
    if (args.trace) printTrace(JSON.parse((await browser.stopTracing()).toString("utf8")));
    if (cdp) writeProfile((await cdp.send("Profiler.stop")).profile, args.profile);
    const wasm = readFileSync(path.join(pkgWeb, "bridge_laws_bg.wasm"));
    const result = summarize({
      run,
      startup: first,
      meta: {
        date: new Date().toISOString(),
        command: `npm --prefix www run bench:browser${args.quick ? " -- --quick" : ""}`,
        commit: args.pkg ? `the package in ${args.pkg}` : gitCommit(),
        machine: { cpu: os.cpus()[0]?.model ?? "?", cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), os: `${os.type()} ${os.release()} ${os.arch()}`, loadAverage1mAtStart: loadAtStart },
        node: process.version,
        peer: `@bridge-tools/core ${JSON.parse(readFileSync(path.join(www, "node_modules", "@bridge-tools", "core", "package.json"), "utf8")).version}`,
        wasmBytes: { raw: wasm.length, gzip: gzipSync(wasm, { level: 9 }).length },
        corpus: { source: path.relative(www, data.source) || data.source, available: data.available, sampled: data.auctions.length },
        quick: args.quick,
      },
    });
    mkdirSync(args.out, { recursive: true });
    writeFileSync(path.join(args.out, "browser.json"), `${JSON.stringify(result, null, 2)}\n`);
    if (!args.only) writeFileSync(path.join(args.out, "browser.svg"), renderChart(result));
    print(result, args.out);
  } finally {
    await browser.close();
    server.close();
  }
}

/** The style and layout the run cost (CDP counters, thread time): counts, totals, means. */
function printMetrics(a, b) {
  const d = (k) => b[k] - a[k];
  const line = (what, count, seconds) =>
    `${what}: ${d(count)} times, ${(d(seconds) * 1000).toFixed(1)} ms, ${d(count) ? ((d(seconds) * 1e6) / d(count)).toFixed(1) : "—"} µs each`;
  console.log(line("style recalculations", "RecalcStyleCount", "RecalcStyleDuration"));
  console.log(line("layouts", "LayoutCount", "LayoutDuration"));
  console.log(`script ${(d("ScriptDuration") * 1000).toFixed(1)} ms, tasks ${(d("TaskDuration") * 1000).toFixed(1)} ms`);
}

/** The work of each style recalculation (elements restyled) and layout (objects dirty, of
 *  the objects laid out) in a trace, with their thread times: medians and means. */
function printTrace(trace) {
  if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify(trace));
  const events = trace.traceEvents ?? trace;
  const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1] : NaN);
  const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const all = events.filter((e) => (e.name === "UpdateLayoutTree" || e.name === "Layout") && e.ph === "X").sort((a, b) => a.ts - b.ts);
  // The style and layout of each board drawn whole (the last ones before the page's "board
  // drawn" mark) are counted apart: CDP's means (--metrics) mix them with the pushes'.
  const drawn = new Set();
  const marks = events.filter((e) => e.name === "TimeStamp" && e.args?.data?.message === "bench: board drawn").map((e) => e.ts);
  for (const name of ["UpdateLayoutTree", "Layout"]) {
    const xs = all.filter((e) => e.name === name);
    for (const ts of marks) {
      const before = xs.filter((e) => e.ts < ts).at(-1);
      if (before) drawn.add(before);
    }
  }
  const pushes = all.filter((e) => !drawn.has(e));
  const restyles = pushes.filter((e) => e.name === "UpdateLayoutTree");
  const layouts = pushes.filter((e) => e.name === "Layout");
  const line = (what, xs, unit) => `${what}: median ${median(xs).toFixed(1)}, mean ${mean(xs).toFixed(1)}${unit}`;
  const time = (e) => (e.tdur ?? e.dur) ?? 0;
  const drawnOf = (name) => [...drawn].filter((e) => e.name === name).map(time);
  console.log(`trace: ${restyles.length} style recalculations, ${layouts.length} layouts of the pushes; ${marks.length} boards drawn whole apart`);
  if (marks.length) {
    console.log(line("  boards drawn whole: recalculation thread time", drawnOf("UpdateLayoutTree"), " µs"));
    console.log(line("  boards drawn whole: layout thread time", drawnOf("Layout"), " µs"));
  }
  console.log(line("  elements restyled per recalculation", restyles.map((e) => e.args?.elementCount ?? 0), ""));
  console.log(line("  recalculation thread time", restyles.map(time), " µs"));
  console.log(line("  layout objects dirty per layout", layouts.map((e) => e.args?.beginData?.dirtyObjects ?? 0), ""));
  console.log(line("  layout objects in the tree laid out", layouts.map((e) => e.args?.beginData?.totalObjects ?? 0), ""));
  console.log(line("  layout thread time", layouts.map(time), " µs"));
  // A push's script (wall time from one push's layout to the next push's style, no board
  // drawn between them) and the whole push (layout end to layout end), tracing included.
  const script = [];
  const whole = [];
  for (let i = 0; i + 2 < all.length; i++) {
    const [l, r, next] = [all[i], all[i + 1], all[i + 2]];
    if (l.name !== "Layout" || r.name !== "UpdateLayoutTree" || drawn.has(l) || drawn.has(r) || marks.some((m) => m > l.ts && m < r.ts)) continue;
    script.push(r.ts - (l.ts + l.dur));
    if (next.name === "Layout" && !drawn.has(next)) whole.push(next.ts + next.dur - (l.ts + l.dur));
  }
  console.log(line("  a push's script (wall)", script, " µs"));
  console.log(line("  a push whole (wall, layout to layout)", whole, " µs"));
}

/** Writes a CPU profile and prints its 25 functions of most self time. */
function writeProfile(profile, file) {
  writeFileSync(file, JSON.stringify(profile));
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  let total = 0;
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}`;
    const us = dt.get(n.id) ?? 0;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  console.log(`CPU profile: ${file}; top functions by self time (${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
}

function print(r, out) {
  const f = (x) => (x === null ? "—" : x.toPrecision(3));
  console.log(`${r.browser}; ${r.machine.cpu}, ${r.machine.cores} cores; timer ${f(r.timerResolutionUs)} µs`);
  console.log(`${r.auctions} auctions, ${r.calls} calls (${r.corpus.source}); legalCalls agree with the peer at ${r.legalCallsAgree}/${r.positions} positions`);
  console.log("| operation | bridge-laws median µs | p99 µs | @bridge-tools/core median µs | p99 µs | ratio |\n|---|---|---|---|---|---|");
  for (const o of r.operations) {
    console.log(`| ${o.name} | ${f(o.ours.median)} | ${f(o.ours.p99)} | ${o.peer ? f(o.peer.median) : "—"} | ${o.peer ? f(o.peer.p99) : "—"} | ${o.ratio === null ? "no counterpart" : `${f(o.ratio)}×`} |`);
  }
  const s = r.startup;
  if (s.loads) console.log(`first table (ms, median / p99): script start → table cold ${f(s.cold.scriptToTable.median)} / ${f(s.cold.scriptToTable.p99)}, warm ${f(s.warm.scriptToTable.median)} / ${f(s.warm.scriptToTable.p99)}; navigation start → table cold ${f(s.cold.navigationToTable.median)}, warm ${f(s.warm.navigationToTable.median)}`);
  console.log(`wrote ${path.join(out, "browser.json")} and browser.svg`);
}

await main();
