// Completes the package.json that wasm-pack wrote for the bundler build in pkg/ so that one
// package serves bundlers (default), Node.js (pkg/node, CommonJS, for `require` and `import`)
// and plain ES modules (pkg/web, "bridge-laws/web"), with types that match each build.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const dir = process.argv[2] ?? "pkg";
const file = join(dir, "package.json");
const pkg = JSON.parse(readFileSync(file, "utf8"));
const name = pkg.main.replace(/^\.\//, "").replace(/\.js$/, ""); // "bridge_laws"

// wasm-bindgen's snippets are inlined into the glue (below): not files of the package.
const notSnippet = (f) => !/^(\.\/)?snippets\b/.test(f);
pkg.files = [...new Set([...(pkg.files ?? []).filter(notSnippet), "node/", "web/"])];
if (Array.isArray(pkg.sideEffects)) pkg.sideEffects = pkg.sideEffects.filter(notSnippet);
// Every condition names its own .d.ts: Node resolves "bridge-laws" to the CommonJS build, so
// TypeScript (module "node16"/"nodenext") must see that build's declarations, which the
// "type": "commonjs" of node/package.json marks as CommonJS — a top-level "types" in front of
// "node" gave it the ES-module declarations of the bundler build ("masquerading as ESM").
pkg.exports = {
  ".": {
    node: { types: `./node/${name}.d.ts`, default: `./node/${name}.js` },
    types: `./${name}.d.ts`,
    default: `./${name}.js`,
  },
  "./web": { types: `./web/${name}.d.ts`, default: `./web/${name}.js` },
  "./node": { types: `./node/${name}.d.ts`, default: `./node/${name}.js` },
  "./package.json": "./package.json",
};
// The custom elements (elements/, compiled by build-pkg.sh into pkg/elements): ES modules with
// no runtime dependency; their declarations name the package's types by a relative path (not
// by "bridge-laws", which a project resolves only through the package's own exports), and
// their JSON catalogs are imported with the attribute Node and browsers require.
const elements = join(dir, "elements");
if (existsSync(elements)) {
  pkg.files = [...new Set([...pkg.files, "elements/"])];
  pkg.exports["./elements"] = { types: "./elements/index.d.ts", default: "./elements/index.js" };
  // Importing the elements defines them (customElements.define): a bundler must keep them.
  if (Array.isArray(pkg.sideEffects)) pkg.sideEffects = [...new Set([...pkg.sideEffects, "./elements/*.js"])];
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  for (const file of walk(elements)) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const text = readFileSync(file, "utf8");
    const up = relative(join(file, ".."), dir) || ".";
    const fixed = text
      .replace(/from "bridge-laws";/g, `from "${up}/${name}.js";`)
      // The message formatter is bundled beside the elements (build-pkg.sh): no dependency
      // for a site's bundler or Node to resolve through a link.
      .replace(/from "intl-messageformat";/g, `from "${relative(join(file, ".."), join(elements, "vendor")) || "."}/intl-messageformat.js";`)
      .replace(/(import \w+ from "[^"]+\.json");/g, '$1 with { type: "json" };');
    if (fixed !== text) writeFileSync(file, fixed);
  }
}
// Tools that predate "exports" (TypeScript's "node10" resolution, old bundlers) read these.
pkg.main = `./${name}.js`;
pkg.module = `./${name}.js`;
pkg.types = `./${name}.d.ts`;
writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
// The sub-builds need their own module type: the top level is "type": "module".
writeFileSync(join(dir, "node", "package.json"), '{ "type": "commonjs" }\n');
writeFileSync(join(dir, "web", "package.json"), '{ "type": "module" }\n');

// The module's JS (src/wasm/receive.js, `SeatTable.receive`'s merge) comes from wasm-bindgen as
// an ES-module "snippet" file that each build's glue imports: pkg/node's CommonJS glue
// `require`s it (Node 20 cannot require an ES module), and a page serving pkg/web would have
// to serve it too. It is inlined into each build's glue instead — its functions in a closure
// where the glue imported them — and the snippets removed, so the package's files are the
// same three builds as before. Every import of a snippet must be one of the forms below.
for (const sub of [".", "node", "web"]) {
  const root = join(dir, sub);
  const snippets = join(root, "snippets");
  if (!existsSync(snippets)) continue;
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  for (const glue of [`${name}.js`, `${name}_bg.js`].map((f) => join(root, f)).filter(existsSync)) {
    let text = readFileSync(glue, "utf8");
    for (const file of walk(snippets)) {
      const path = `./${relative(root, file).split("\\").join("/")}`;
      const source = readFileSync(file, "utf8");
      const names = [...source.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
      if (!names.length || /^export (?!function )/m.test(source)) throw new Error(`${file}: a snippet exports only functions`);
      const body = `${source.replace(/^export function /gm, "function ")}\nreturn { ${names.join(", ")} };`;
      const quoted = `(?:'${path}'|"${path}"|String\\.raw\`${path}\`)`;
      // `import { a } from "…";` and `const { a } = require(…);` (the glue's calls into it).
      text = text.replace(new RegExp(`^(?:import \\{ ([\\w, ]+) \\} from ${quoted};?|const \\{ ([\\w, ]+) \\} = require\\(${quoted}\\);)$`, "gm"), (_, a, b) => `const { ${a ?? b} } = (() => {\n${body}\n})();`);
      // `import * as x from "…"` and `const x = require(…);` (the module's own imports).
      text = text.replace(new RegExp(`^(?:import \\* as (\\w+) from ${quoted};?|const (\\w+) = require\\(${quoted}\\);)$`, "gm"), (_, a, b) => `const ${a ?? b} = (() => {\n${body}\n})();`);
    }
    if (text.includes("snippets/")) throw new Error(`${glue}: an import of a snippet not inlined`);
    writeFileSync(glue, text);
  }
  rmSync(snippets, { recursive: true });
}

// wasm-bindgen declares `[Symbol.dispose]()` on every class (for `using`): a project whose
// `lib` lacks "esnext.disposable" (the default for every `target` up to ES2023) fails to
// compile the package under `skipLibCheck: false`. The reference brings that one lib in.
const reference = '/// <reference lib="esnext.disposable" />\n';
for (const sub of [".", "node", "web"]) {
  const dts = join(dir, sub, `${name}.d.ts`);
  const text = readFileSync(dts, "utf8");
  if (!text.includes(reference)) writeFileSync(dts, reference + text);
}
console.log(`[package-json] ${file}: exports . (bundler, node), ./web, ./node${existsSync(elements) ? ", ./elements" : ""}; .d.ts reference esnext.disposable`);
