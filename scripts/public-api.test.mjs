// The public-API check reads signatures: a change to a method's signature, a field's type or
// a function's parameters in the rustdoc output makes the face differ (run by scripts/test.sh
// after scripts/public-api.mjs has built the docs; builds them if absent).
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDocs, differences, face, text } from "./public-api.mjs";

const doc = "target/doc/bridge_laws";
if (!existsSync(`${doc}/all.html`)) buildDocs();

// The face of a copy of the docs where `page`'s HTML is edited by `edit`, against the real one.
function faceAfterEdit(page, edit) {
  const dir = mkdtempSync(join(tmpdir(), "public-api-"));
  try {
    cpSync(doc, dir, { recursive: true });
    const before = readFileSync(join(dir, page), "utf8");
    const after = edit(before);
    assert.notEqual(after, before, `the edit changes ${page}`);
    writeFileSync(join(dir, page), after);
    return differences(face(doc), face(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a code header reads as the Rust it shows", () => {
  assert.equal(
    text('pub fn <a class="fn">f</a>&lt;\'a&gt;(\n    x: &amp;\'a <a>str</a>,\n) -&gt; <a>Option</a>&lt;<a>u8</a>&gt;'),
    "pub fn f<'a>(x: &'a str) -> Option<u8>",
  );
});

test("every method and function line carries its signature", () => {
  const lines = face(doc);
  const fns = lines.filter((l) => /^(fn|  method|  tymethod) /.test(l));
  assert.ok(fns.length > 100, `${fns.length} functions and methods`);
  for (const l of fns) {
    const name = l.match(/::([A-Za-z_0-9]+): /)?.[1];
    assert.match(l, new RegExp(`: .*\\bfn ${name}\\b.*\\(`), l);
  }
  const fields = lines.filter((l) => /^ +(structfield|field) /.test(l));
  for (const l of fields) assert.match(l, /::[A-Za-z_0-9]+: \S/, l);
});

test("a method whose return type changes makes the face differ on that method", () => {
  const diff = faceAfterEdit("enum.Actor.html", (html) =>
    html.replace(/(id="method\.seat"[\s\S]*?-&gt; )<a class="enum"[^>]*>Option<\/a>/, "$1<a>Vec</a>"),
  );
  assert.deepEqual(diff, [
    "- method bridge_laws::Actor::seat: pub const fn seat(self) -> Option<Seat>",
    "+ method bridge_laws::Actor::seat: pub const fn seat(self) -> Vec<Seat>",
  ]);
});

test("a field whose type changes makes the face differ on that field", () => {
  const diff = faceAfterEdit("struct.Action.html", (html) =>
    html.replace(/(id="structfield\.at"[\s\S]*?<code>at: [\s\S]*?)>f64</, "$1>f32<"),
  );
  assert.deepEqual(diff, [
    "- structfield bridge_laws::Action::at: Option<f64>",
    "+ structfield bridge_laws::Action::at: Option<f32>",
  ]);
});

test("a function given another parameter makes the face differ on that function", () => {
  const diff = faceAfterEdit("records/fn.guess.html", (html) =>
    html.replace("pub fn guess(text: ", "pub fn guess(strict: bool, text: "),
  );
  assert.equal(diff.length, 2, diff.join("\n"));
  assert.match(diff[0], /^- fn bridge_laws::records::guess: pub fn guess\(text: &str\) -> Format$/);
  assert.match(diff[1], /^\+ fn bridge_laws::records::guess: pub fn guess\(strict: bool, text: &str\)/);
});
