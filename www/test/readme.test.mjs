// The README's JavaScript example is executed against the installed package, as a new
// user would run it (a copy placed next to this file so that "bridge-laws" resolves to
// www/node_modules/bridge-laws, the package built by scripts/build-pkg.sh).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

test("the README's JavaScript example runs and its assertions hold", () => {
  const readme = readFileSync(join(here, "..", "..", "README.md"), "utf8");
  const block = readme.match(/```js\n([\s\S]*?)```/);
  assert.ok(block, "README.md has a ```js example");
  const file = join(here, ".readme-example.mjs");
  writeFileSync(file, block[1]);
  try {
    const run = spawnSync(process.execPath, [file], { encoding: "utf8" });
    assert.equal(run.status, 0, `the example failed:\n${run.stderr}`);
  } finally {
    rmSync(file, { force: true });
  }
});
