// A push on a seat's page, two builds of the elements paired in one headless Chromium page:
// the same 400 boards' pushes (one per call, each seat in turn) folded into a SeatTable and
// rendered by one build's six elements (or those --elements names), then the other's, board by board, the order
// alternating by batch of 20, so both see the same load. Prints each build's median µs per
// push over the batches, the median of the batches' ratios (b / a), and each build's median
// push (every push timed alone, with the timer's 5 µs): on a shared machine
// a change of a few per cent shows here when separate runs' medians move by more.
//
//   node bench/paired.bench.mjs --a DIR --b DIR [--seconds 30] [--pkg DIR] [--layout] [--elements TAGS]
// --a, --b: two `elements` directories of built packages (say main's pkg/elements and this
// one's); --pkg: the package whose wasm both use (default ../pkg); --layout: each push's
// style and layout forced and timed with it (read at once after it, as `push` in
// browser.bench.mjs); --elements: those elements alone (say auction,announcer). The second build's
// elements are copied to a scratch directory with their tag names renamed (`bl-` → `bx-`),
// so that both can be defined in one page. Builds nothing.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { builtIn, loadCorpus } from "./auctions.mjs";
import { servePage } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const pkg = path.resolve(arg("--pkg", path.join(repo, "pkg")));
const a = path.resolve(arg("--a", path.join(pkg, "elements")));
const b = path.resolve(arg("--b", path.join(pkg, "elements")));
const seconds = Number(arg("--seconds", 30));
const layout = process.argv.includes("--layout");
const tags = arg("--elements", "auction,bidding-box,decision,feed,announcer,hand").split(",").map((t) => t.trim().replace(/^bl-/, ""));

const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-paired-"));
const walk = (d) => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)]));
cpSync(a, path.join(scratch, "a"), { recursive: true });
cpSync(b, path.join(scratch, "b"), { recursive: true });
for (const f of walk(path.join(scratch, "b"))) {
  if (f.endsWith(".js") && !f.includes(`${path.sep}vendor${path.sep}`)) writeFileSync(f, readFileSync(f, "utf8").replace(/\bbl-/g, "bx-"));
}

const corpus = loadCorpus(process.env.BENCH_CORPUS ?? path.resolve(repo, "..", "shared", "corpus", "auctions.jsonl"), 2000);
const auctions = (corpus?.auctions ?? builtIn().auctions).slice(0, 400);
const PAGE = `<!doctype html><meta charset="utf-8"><main id="a"></main><main id="b"></main><script type="module" src="/paired-page.mjs"></script>`;
const server = await servePage("/paired.html", PAGE, (url) => {
  if (url === "/paired-page.mjs" || url === "/patch.mjs") return path.join(here, url.slice(1));
  if (url.startsWith("/pkg/web/")) return path.join(pkg, "web", url.slice("/pkg/web/".length));
  if (url.startsWith("/a/") || url.startsWith("/b/")) return path.join(scratch, url);
  return null;
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/paired.html`);
  await page.waitForFunction(() => window.pairedReady === true || window.pairedError);
  const r = await page.evaluate(({ auctions, ms, layout, tags }) => window.runPaired(auctions, ms, layout, tags), { auctions, ms: seconds * 1000, layout, tags });
  if (errors.length) throw new Error(errors.join("\n"));
  console.log(`${r.userAgent}; ${r.boards} boards, ${r.batches} batches, ${r.pushes} pushes each`);
  console.log(`a (${a}): median ${r.a.toFixed(1)} µs a push`);
  console.log(`b (${b}): median ${r.b.toFixed(1)} µs a push`);
  console.log(`b / a, median of the batches: ${r.ratio.toFixed(3)}`);
  console.log(`the median push, each timed alone: a ${r.eachA.toFixed(1)} µs, b ${r.eachB.toFixed(1)} µs`);
} finally {
  await browser.close();
  server.close();
  rmSync(scratch, { recursive: true, force: true });
}
