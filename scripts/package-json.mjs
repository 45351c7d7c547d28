// Completes the package.json that wasm-pack wrote for the bundler build in pkg/ so that one
// package serves bundlers (default), Node.js (pkg/node, CommonJS) and plain ES modules
// (pkg/web, "bridge-laws/web").
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "pkg";
const file = join(dir, "package.json");
const pkg = JSON.parse(readFileSync(file, "utf8"));
const name = pkg.main.replace(/\.js$/, ""); // "bridge_laws"

pkg.files = [...new Set([...(pkg.files ?? []), "node/", "web/"])];
pkg.exports = {
  ".": {
    types: `./${name}.d.ts`,
    node: `./node/${name}.js`,
    default: `./${name}.js`,
  },
  "./web": { types: `./web/${name}.d.ts`, default: `./web/${name}.js` },
  "./node": { types: `./node/${name}.d.ts`, default: `./node/${name}.js` },
  "./package.json": "./package.json",
};
writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
// The sub-builds need their own module type: the top level is "type": "module".
writeFileSync(join(dir, "node", "package.json"), '{ "type": "commonjs" }\n');
writeFileSync(join(dir, "web", "package.json"), '{ "type": "module" }\n');
console.log(`[package-json] ${file}: exports . (bundler, node), ./web, ./node`);
