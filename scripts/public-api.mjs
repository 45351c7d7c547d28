// The crate's public face, read from its rustdoc (`cargo doc --no-deps`): every documented
// item by path, with its variants, fields, inherent methods and associated constants, one a
// line. `node scripts/public-api.mjs` compares it with docs/public-api.txt and fails on any
// difference, so the face changes only on purpose; `--bless` rewrites the list. Hidden
// internals (#[doc(hidden)]) are not in the docs, so not in the list.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const doc = "target/doc/bridge_laws";
const list = "docs/public-api.txt";
execFileSync("cargo", ["doc", "--quiet", "--no-deps", "--lib"], {
  stdio: "inherit",
  env: { ...process.env, RUSTDOCFLAGS: "-D warnings" },
});

const items = [];
const all = readFileSync(`${doc}/all.html`, "utf8");
const pages = [...all.matchAll(/href="((?:[a-z_0-9]+\/)*(?:struct|enum|fn|trait|type|constant|macro|static|union)\.[A-Za-z_0-9]+\.html)"/g)]
  .map((m) => m[1]);
for (const page of [...new Set(pages)].sort()) {
  const [, kind, name] = page.match(/(?:^|\/)(struct|enum|fn|trait|type|constant|macro|static|union)\.([A-Za-z_0-9]+)\.html$/);
  const path = ["bridge_laws", ...page.split("/").slice(0, -1), name].join("::");
  items.push(`${kind} ${path}`);
  const html = readFileSync(`${doc}/${page}`, "utf8");
  // Variants and fields, then what the inherent impls define (trait impls are left out:
  // their methods are the trait's).
  for (const m of html.matchAll(/id="(variant|structfield)\.([A-Za-z_0-9]+)"/g)) items.push(`  ${m[1]} ${path}::${m[2]}`);
  const start = html.indexOf('id="implementations-list"');
  if (start >= 0) {
    const ends = ['id="trait-implementations"', 'id="synthetic-implementations"', 'id="blanket-implementations"']
      .map((s) => html.indexOf(s, start)).filter((i) => i >= 0);
    const inherent = html.slice(start, ends.length ? Math.min(...ends) : undefined);
    for (const m of inherent.matchAll(/id="(method|associatedconstant|associatedtype)\.([A-Za-z_0-9]+)"/g)) {
      items.push(`  ${m[1]} ${path}::${m[2]}`);
    }
  }
  if (kind === "trait") {
    for (const m of html.matchAll(/id="(tymethod|method|associatedconstant|associatedtype)\.([A-Za-z_0-9]+)"/g)) {
      items.push(`  ${m[1]} ${path}::${m[2]}`);
    }
  }
}
const text = [...new Set(items)].join("\n") + "\n";
if (process.argv.includes("--bless")) {
  writeFileSync(list, text);
  console.log(`[public-api] ${list}: ${items.length} lines written`);
} else {
  const kept = existsSync(list) ? readFileSync(list, "utf8") : "";
  if (kept === text) {
    console.log(`[public-api] the face is ${list} (${text.split("\n").length - 1} lines)`);
  } else {
    const a = new Set(kept.split("\n")), b = new Set(text.split("\n"));
    for (const l of kept.split("\n")) if (l && !b.has(l)) console.log(`- ${l.trim()}`);
    for (const l of text.split("\n")) if (l && !a.has(l)) console.log(`+ ${l.trim()}`);
    console.log(`[public-api] the face differs from ${list}: if on purpose, run node scripts/public-api.mjs --bless`);
    process.exit(1);
  }
}
