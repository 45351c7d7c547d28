// Time from script start to the first table, in headless Chromium, cold (a fresh browser
// context per run, so nothing is cached): a page whose module script imports the package's
// web build (pkg/web), fetches and instantiates the .wasm (streaming compile) and creates a
// `Table`. Prints the best, the median and the worst of RUNS runs (default 25) as JSON.
//   node www/perf/startup.mjs            (after scripts/build-pkg.sh)
// Informative: the test command enforces the size budget, not timings.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "../e2e/harness.mjs";

const web = fileURLToPath(new URL("../../pkg/web/", import.meta.url));
const runs = Number(process.env.RUNS ?? 25);
const page = `<!doctype html><meta charset="utf-8"><script type="module">
const t0 = performance.now();
const m = await import("/bridge_laws.js");
const tj = performance.now();
await m.default({ module_or_path: "/bridge_laws_bg.wasm" });
const t1 = performance.now();
const table = new m.Table({ dealer: "N", vulnerability: "None", regulation: "online" });
table.apply({ seat: "N", type: "call", call: "1NT" });
const t2 = performance.now();
window.result = { glue: tj - t0, wasm: t1 - tj, table: t2 - t1, loaded: t1 - t0, firstTable: t2 - t0, navToTable: t2 };
</script>`;
const types = { js: "text/javascript", wasm: "application/wasm" };
const server = createServer((req, res) => {
  if (req.url === "/") return res.writeHead(200, { "content-type": "text/html" }).end(page);
  try {
    const body = readFileSync(web + req.url.slice(1));
    res.writeHead(200, { "content-type": types[req.url.split(".").pop()] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const samples = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const p = await context.newPage();
  await p.goto(url);
  samples.push(await p.waitForFunction(() => window.result).then((h) => h.jsonValue()));
  await context.close();
}
await browser.close();
server.close();
const stat = (key) => {
  const v = samples.map((s) => s[key]).sort((a, b) => a - b);
  return { min: +v[0].toFixed(2), median: +v[Math.floor(v.length / 2)].toFixed(2), max: +v[v.length - 1].toFixed(2) };
};
console.log(JSON.stringify({ runs, wasm_bytes: readFileSync(web + "bridge_laws_bg.wasm").length, ms: { js_glue_import: stat("glue"), wasm_fetch_compile_instantiate: stat("wasm"), first_table_and_call: stat("table"), script_start_to_loaded: stat("loaded"), script_start_to_first_table: stat("firstTable"), navigation_to_first_table: stat("navToTable") } }, null, 1));
