// Time from script start to the first table, in headless Chromium: a page whose module script
// imports the package's web build (pkg/web), fetches and instantiates the .wasm (streaming
// compilation: the server sends `application/wasm`, so wasm-bindgen's `init` uses
// `WebAssembly.instantiateStreaming`) and creates a `Table` with one call applied.
// Three pages: "plain" (the fetch of the .wasm starts when the script runs), "preload"
// (`<link rel="preload" as="fetch">` in the head starts it with the page, in parallel with the
// glue JS), and "floor": the preload page with an empty module and an empty .wasm, what the
// browser itself costs for the same steps. With target/size-floor/floor.wasm present
// (scripts/size-floor.sh), a fourth, "engine": the preload page with the engine alone — no
// boundary, no glue beyond instantiating it — creating a table and applying the same call.
// Each is loaded RUNS times (default 25) cold (a fresh browser context: empty HTTP
// and code caches) and once more warm in the same context (cached with `max-age`). Prints the
// best, the median and the worst as JSON.
//   node www/perf/startup.mjs            (after scripts/build-pkg.sh)
// Informative: the test command enforces the size budget, not timings.
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_FLAGS } from "../e2e/harness.mjs";

const web = fileURLToPath(new URL("../../pkg/web/", import.meta.url));
const runs = Number(process.env.RUNS ?? 25);
const script = (glue, wasm, first) => `<script type="module">
const t0 = performance.now();
const m = await import("${glue}");
const tj = performance.now();
await m.default({ module_or_path: "${wasm}" });
const t1 = performance.now();
${first}
const t2 = performance.now();
window.result = { glue: tj - t0, wasm: t1 - tj, table: t2 - t1, loaded: t1 - t0, firstTable: t2 - t0, navToTable: t2 };
</script>`;
const table = `const table = new m.Table({ dealer: "N", vulnerability: "None", regulation: "online" });
table.apply({ seat: "N", type: "call", call: "1NT" });`;
// The floor: what the browser costs for the same steps with nothing of ours in them — an empty
// ES module whose init instantiates the empty wasm module (8 bytes) the same streaming way.
const floorJs = `export default async ({ module_or_path }) => WebAssembly.instantiateStreaming(fetch(module_or_path));
export const ping = () => 0;`;
const floorWasm = Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
const pages = {
  plain: `<!doctype html><meta charset="utf-8">${script("/bridge_laws.js", "/bridge_laws_bg.wasm", table)}`,
  preload: `<!doctype html><meta charset="utf-8">
<link rel="modulepreload" href="/bridge_laws.js">
<link rel="preload" href="/bridge_laws_bg.wasm" as="fetch" type="application/wasm" crossorigin>${script("/bridge_laws.js", "/bridge_laws_bg.wasm", table)}`,
  floor: `<!doctype html><meta charset="utf-8">
<link rel="modulepreload" href="/floor.js">
<link rel="preload" href="/floor.wasm" as="fetch" type="application/wasm" crossorigin>${script("/floor.js", "/floor.wasm", "m.ping();")}`,
};
const files = { "floor.js": floorJs, "floor.wasm": floorWasm };
// The engine alone (scripts/size-floor.sh): its exports take plain numbers — a table under the
// online preset, North dealer, then North's 1NT (call 7 of the 38, action kind 0).
const engineWasm = fileURLToPath(new URL("../../target/size-floor/floor.wasm", import.meta.url));
if (existsSync(engineWasm)) {
  files["engine.js"] = `let e;
export default async ({ module_or_path }) => { e = (await WebAssembly.instantiateStreaming(fetch(module_or_path))).instance.exports; };
export const first = () => { if (e.floor_apply(e.floor_new(0, 0, 0), 0, 0, 7, 0) !== 0) throw new Error("1NT refused"); };`;
  files["engine.wasm"] = readFileSync(engineWasm);
  pages.engine = `<!doctype html><meta charset="utf-8">
<link rel="modulepreload" href="/engine.js">
<link rel="preload" href="/engine.wasm" as="fetch" type="application/wasm" crossorigin>${script("/engine.js", "/engine.wasm", "m.first();")}`;
}
const types = { js: "text/javascript", wasm: "application/wasm" };
const server = createServer((req, res) => {
  const page = pages[req.url.slice(1)];
  if (page) return res.writeHead(200, { "content-type": "text/html" }).end(page);
  try {
    const body = files[req.url.slice(1)] ?? readFileSync(web + req.url.slice(1));
    const type = types[req.url.split(".").pop()] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, "cache-control": "max-age=600" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const samples = {};
for (const name of Object.keys(pages)) {
  samples[`${name}_cold`] = [];
  samples[`${name}_warm`] = [];
}
const load = async (p, url) => {
  await p.goto(url);
  const r = await p.waitForFunction(() => window.result).then((h) => h.jsonValue());
  return r;
};
for (let i = 0; i < runs; i++) {
  for (const name of Object.keys(pages)) {
    const context = await browser.newContext();
    const p = await context.newPage();
    samples[`${name}_cold`].push(await load(p, base + name));
    samples[`${name}_warm`].push(await load(p, base + name));
    await context.close();
  }
}
await browser.close();
server.close();
const stat = (list, key) => {
  const v = list.map((s) => s[key]).sort((a, b) => a - b);
  return { min: +v[0].toFixed(2), median: +v[Math.floor(v.length / 2)].toFixed(2), max: +v[v.length - 1].toFixed(2) };
};
const out = { runs, wasm_bytes: readFileSync(web + "bridge_laws_bg.wasm").length, ms: {} };
if (files["engine.wasm"]) out.engine_wasm_bytes = files["engine.wasm"].length;
for (const [name, list] of Object.entries(samples)) {
  out.ms[name] = {
    js_glue_import: stat(list, "glue"),
    wasm_fetch_compile_instantiate: stat(list, "wasm"),
    first_table_and_call: stat(list, "table"),
    script_start_to_first_table: stat(list, "firstTable"),
    navigation_to_first_table: stat(list, "navToTable"),
  };
}
console.log(JSON.stringify(out, null, 1));
