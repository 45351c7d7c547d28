// The benches' servers: pages' HTML at their paths, and the files `fileOf` maps a path to
// (null: not served), on 127.0.0.1 at a free port; cross-origin isolated (COOP/COEP), so
// that Chromium's `performance.now()` has 5 µs resolution, not 100.
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };
const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** Serves `pages` (path → HTML) and the files `fileOf(url)` names, each response with
 *  `headers` too; resolves to the listening server. */
export async function servePages(pages, fileOf, headers = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1").pathname;
    const sent = { ...ISOLATED, ...headers };
    if (Object.hasOwn(pages, url)) return void res.writeHead(200, { ...sent, "Content-Type": "text/html" }).end(pages[url]);
    const file = url.includes("..") ? null : fileOf(url);
    let body = null;
    try {
      if (file) body = readFileSync(file);
    } catch {}
    if (!body) return void res.writeHead(404, sent).end();
    res.writeHead(200, { ...sent, "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** One page at `pagePath` (see `servePages`). */
export const servePage = (pagePath, html, fileOf) => servePages({ [pagePath]: html }, fileOf);
