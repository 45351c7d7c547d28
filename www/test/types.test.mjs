// The package as a TypeScript user compiles it: `tsc --strict` with `skipLibCheck: false`,
// no `lib` chosen (the default of the target, without "esnext.disposable") and no @types,
// under each module resolution a project may use. Each case is a small project written to a
// temporary directory under www/test/ (so that "bridge-laws" resolves to
// www/node_modules/bridge-laws, the package built by scripts/build-pkg.sh) and removed after.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

/** Compiles `files` ({name: source}) with `options` added to a strict base; returns tsc's output. */
function compile(options, files) {
  const dir = mkdtempSync(join(here, ".types-"));
  try {
    const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, types: [], target: "ES2022", ...options };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
    for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
    const run = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const use = `
const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
const out = table.apply({ seat: "N", type: "call", call: "1NT", alert: true, explanation: "15-17" });
const ok: boolean = out.ok;
const calls: string[] = table.legalCalls("E");
void [ok, calls];
`;

test("the package type-checks strictly with bundler resolution (what Vite projects use)", () => {
  const r = compile(
    { module: "ESNext", moduleResolution: "bundler" },
    {
      "main.ts": `import { Table } from "bridge-laws";\nimport init, { Table as WebTable } from "bridge-laws/web";\n${use}\nvoid [init, WebTable];\n`,
    },
  );
  assert.equal(r.status, 0, r.output);
});

test("the Node build type-checks strictly from an ES module and from CommonJS (nodenext)", () => {
  const r = compile(
    { module: "NodeNext", moduleResolution: "NodeNext" },
    {
      "esm.mts": `import { Table } from "bridge-laws";\n${use}`,
      "cjs.cts": `import bl = require("bridge-laws");\nconst { Table } = bl;\n${use}`,
      "node.mts": `import { Table } from "bridge-laws/node";\n${use}`,
    },
  );
  assert.equal(r.status, 0, r.output);
});

test("a wrong action is still a type error under those settings", () => {
  const r = compile(
    { module: "ESNext", moduleResolution: "bundler" },
    { "bad.ts": `import { Table } from "bridge-laws";\nnew Table({ dealer: "N", vulnerability: "None" }).apply({ seat: "N", type: "call", call: "8NT" });\n` },
  );
  assert.notEqual(r.status, 0, "8NT is no Call");
  assert.match(r.output, /8NT/);
});

test("the README's TypeScript example compiles strictly", () => {
  const readme = readFileSync(join(here, "..", "..", "README.md"), "utf8");
  const block = readme.match(/```ts\n([\s\S]*?)```/);
  assert.ok(block, "README.md has a ```ts example");
  const r = compile({ module: "ESNext", moduleResolution: "bundler" }, { "main.ts": block[1] });
  assert.equal(r.status, 0, r.output);
});
