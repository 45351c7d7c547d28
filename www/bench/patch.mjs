// The pushes a server sends (src/push.rs), remade in JS for the benches and the page tests: the
// patch from one viewer's view to the next. The lists a patch sends by position
// (`ViewPatch::LISTS`); every other field but the viewer, events and warnings is sent whole
// when it changed (`ViewPatch::WHOLE`).
const LISTS = new Set(["calls", "withdrawn", "questions", "open_rulings", "ledger"]);

/** Whether two values write the same JSON. */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The patch from `before` to `after` (one viewer's views), as `ViewBase::diff` makes it. */
export function patchOf(before, after) {
  const patch = {};
  for (const k of Object.keys(after)) {
    if (k === "viewer" || k === "events" || k === "warnings") continue;
    if (LISTS.has(k)) {
      const set = [];
      after[k].forEach((item, i) => {
        if (i >= before[k].length || !same(before[k][i], item)) set.push([i, item]);
      });
      if (set.length || before[k].length !== after[k].length) patch[k] = { len: after[k].length, set };
    } else if (!same(before[k], after[k])) {
      patch[k] = after[k];
    }
  }
  return patch;
}
