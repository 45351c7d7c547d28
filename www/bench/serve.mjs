// The benches' one-page servers: a page's HTML at one path, and the files `fileOf` maps a path
// to (null: not served), on 127.0.0.1 at a free port; cross-origin isolated (COOP/COEP), so
// that Chromium's `performance.now()` has 5 µs resolution, not 100.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };
const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** Serves `html` at `pagePath` and the files `fileOf(url)` names; resolves to the listening server. */
export async function servePage(pagePath, html, fileOf) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1").pathname;
    if (url === pagePath) return void res.writeHead(200, { "Content-Type": "text/html", ...ISOLATED }).end(html);
    const file = url.includes("..") ? null : fileOf(url);
    let body = null;
    try {
      if (file) body = readFileSync(file);
    } catch {}
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream", ...ISOLATED }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
