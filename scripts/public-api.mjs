// The crate's public face, read from its rustdoc (`cargo doc --no-deps`): every documented
// item by path with its declaration, then its variants, fields (with their types), inherent
// methods and associated items (with their signatures), one a line. `node
// scripts/public-api.mjs` compares it with docs/public-api.txt and fails on any difference,
// so the face changes only on purpose; `--bless` rewrites the list. Hidden internals
// (#[doc(hidden)]) are not in the docs, so not in the list. Signatures are rustdoc's code
// headers as text (tags stripped, whitespace normalised): rustdoc's JSON output needs a
// nightly toolchain. scripts/public-api.test.mjs checks that a changed signature is caught.
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const KINDS = "struct|enum|fn|trait|type|constant|macro|static|union";

/** Builds the crate's docs into target/doc (warnings are errors). */
export function buildDocs() {
  execFileSync("cargo", ["doc", "--quiet", "--no-deps", "--lib"], {
    stdio: "inherit",
    env: { ...process.env, RUSTDOCFLAGS: "-D warnings" },
  });
}

/** An HTML fragment as the Rust it shows: tags stripped, entities decoded, one space apart. */
export function text(html) {
  return html
    .replace(/<\/div>|<br\s*\/?>|<(?:div|span) class="where">/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/ⓘ/g, "")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/([(<\[]) /g, "$1")
    .replace(/,? ([)>\]])/g, "$1")
    .trim()
    .replace(/,$/, "");
}

// The code shown after the anchor at `at`: a code header (variants, methods, associated
// items) or a `<code>` (fields).
function codeAfter(html, at) {
  const re = /<h[34] class="code-header">([\s\S]*?)<\/h[34]>|<code>([\s\S]*?)<\/code>/g;
  re.lastIndex = at;
  const m = re.exec(html);
  return m ? text(m[1] ?? m[2]) : "";
}

// An item's declaration: a function's, constant's or alias's whole; a type's or trait's
// head (its members get lines of their own), with a note when it keeps fields private.
function declaration(html, kind) {
  const m = html.match(/<pre class="rust item-decl"><code>([\s\S]*?)<\/code><\/pre>/);
  if (!m) return "";
  const decl = text(m[1]);
  if (!["struct", "enum", "union", "trait", "macro"].includes(kind)) return decl;
  const open = decl.search(/ \{|\(/);
  const head = open >= 0 && decl[open] === " " ? decl.slice(0, open) : decl.replace(/;$/, "");
  return /private fields|fields omitted/.test(decl) && open >= 0 && decl[open] === " "
    ? `${head} { /* private fields */ }`
    : head;
}

/** The face read from a rustdoc directory (target/doc/bridge_laws): its lines, in order. */
export function face(doc) {
  const items = [];
  const all = readFileSync(`${doc}/all.html`, "utf8");
  const pageRe = new RegExp(`href="((?:[a-z_0-9]+/)*(?:${KINDS})\\.[A-Za-z_0-9]+\\.html)"`, "g");
  const pages = [...all.matchAll(pageRe)].map((m) => m[1]);
  for (const page of [...new Set(pages)].sort()) {
    const [, kind, name] = page.match(new RegExp(`(?:^|/)(${KINDS})\\.([A-Za-z_0-9]+)\\.html$`));
    const path = ["bridge_laws", ...page.split("/").slice(0, -1), name].join("::");
    const html = readFileSync(`${doc}/${page}`, "utf8");
    items.push(`${kind} ${path}: ${declaration(html, kind)}`);
    // Variants (with their fields) and fields, then what the inherent impls define (trait
    // impls are left out: their methods are the trait's).
    for (const m of html.matchAll(/id="(variant|structfield)\.([A-Za-z_0-9]+)(?:\.field\.([A-Za-z_0-9]+))?"/g)) {
      const [, what, member, field] = m;
      const code = codeAfter(html, m.index);
      if (field) items.push(`    field ${path}::${member}::${code}`);
      else if (what === "variant") items.push(`  variant ${path}::${code}`);
      else items.push(`  structfield ${path}::${code}`);
    }
    const members = (from) =>
      [...from.matchAll(/id="(tymethod|method|associatedconstant|associatedtype)\.([A-Za-z_0-9]+)"/g)].map(
        (m) => `  ${m[1]} ${path}::${m[2]}: ${codeAfter(from, m.index)}`,
      );
    // Methods a type lends through `Deref` are its target's (a slice's change with the
    // toolchain): the line names the target only.
    const start = html.indexOf('id="implementations-list"');
    if (start >= 0) {
      const ends = ['id="deref-methods', 'id="trait-implementations"', 'id="synthetic-implementations"', 'id="blanket-implementations"']
        .map((s) => html.indexOf(s, start))
        .filter((i) => i >= 0);
      items.push(...members(html.slice(start, ends.length ? Math.min(...ends) : undefined)));
    }
    for (const m of html.matchAll(/id="deref-methods[^"]*" class="section-header"><span>([\s\S]*?)<\/span>/g)) {
      items.push(`  deref ${path}: ${text(m[1]).replace(/^Methods from /, "")}`);
    }
    if (kind === "trait") {
      const end = html.indexOf('id="implementors"');
      items.push(...members(end >= 0 ? html.slice(0, end) : html));
    }
  }
  return [...new Set(items)];
}

/** What differs between the kept list and the face read now: `- line` and `+ line`. */
export function differences(kept, now) {
  const a = new Set(kept), b = new Set(now);
  return [
    ...kept.filter((l) => l && !b.has(l)).map((l) => `- ${l.trim()}`),
    ...now.filter((l) => l && !a.has(l)).map((l) => `+ ${l.trim()}`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const list = "docs/public-api.txt";
  buildDocs();
  const now = face("target/doc/bridge_laws");
  if (process.argv.includes("--bless")) {
    writeFileSync(list, now.join("\n") + "\n");
    console.log(`[public-api] ${list}: ${now.length} lines written`);
  } else {
    const kept = existsSync(list) ? readFileSync(list, "utf8").split("\n").filter(Boolean) : [];
    const diff = differences(kept, now);
    if (diff.length === 0 && kept.length === now.length) {
      console.log(`[public-api] the face is ${list} (${now.length} lines)`);
    } else {
      for (const l of diff) console.log(l);
      console.log(`[public-api] the face differs from ${list}: if on purpose, run node scripts/public-api.mjs --bless`);
      process.exit(1);
    }
  }
}
