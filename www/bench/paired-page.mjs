// Runs in the paired page (served by paired.bench.mjs): two builds of the elements, `bl-*`
// (a) and `bx-*` (b), each with the elements `tags` names, told the same boards' pushes in turn.
import init, { SeatTable, Table, parseCall } from "/pkg/web/bridge_laws.js";
import { patchOf } from "./patch.mjs";

const SEATS = ["N", "E", "S", "W"];

/** One board as `viewer` receives it: his view at the start, then each call's push. */
function board(a, viewer) {
  const t = new Table({ dealer: a.dealer, vulnerability: a.vul, regulation: "online" });
  const start = { viewer, version: t.streamVersion(viewer), view: t.view(viewer), updates: [] };
  let version = start.version;
  let before = start.view;
  for (let i = 0; i < a.calls.length; i++) {
    const ok = t.apply({ seat: SEATS[(SEATS.indexOf(a.dealer) + i) % 4], type: "call", call: a.calls[i] }).ok;
    if (!ok) return (t.free(), null);
    const after = t.view(viewer);
    start.updates.push({ entries: t.eventsSince(viewer, version), patch: patchOf(before, after) });
    version = t.streamVersion(viewer);
    before = after;
  }
  t.free();
  return start;
}

const median = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];

window.runPaired = (auctions, ms, layout, tags) => {
  // With `layout`: each push's style and layout forced at once (read after it), the board
  // drawn whole laid out before its pushes are timed.
  let sink = 0;
  const boards = auctions.map((a, k) => board(a, SEATS[k % 4])).filter(Boolean);
  const send = () => Promise.resolve(undefined);
  const sets = [
    { mod: window.pairedA, els: [], each: [] },
    { mod: window.pairedB, els: [], each: [] },
  ];
  ["a", "b"].forEach((id, i) => {
    const prefix = i === 0 ? "bl" : "bx";
    const host = document.getElementById(id);
    for (const tag of tags) sets[i].els.push(host.appendChild(document.createElement(`${prefix}-${tag}`)));
  });
  /** One board pushed to one set's elements: the time of its pushes (the set-up untimed). */
  const once = (set, b) => {
    const st = new SeatTable(b.viewer, b.version, b.view);
    const source = set.mod.fromSeatTable(st, send, parseCall);
    for (const e of set.els) {
      if (e.localName.endsWith("-hand")) e.setAttribute("seat", b.viewer);
      e.source = source;
    }
    if (layout) sink += document.body.offsetHeight;
    const t0 = performance.now();
    let at = t0;
    for (const u of b.updates) {
      st.receive(u);
      source.changed();
      if (layout) sink += document.body.offsetHeight;
      const now = performance.now();
      set.each.push(now - at);
      at = now;
    }
    const dt = at - t0;
    for (const e of set.els) e.source = null;
    st.free();
    return dt;
  };
  for (let w = 0; w < 100; w++) for (const set of sets) once(set, boards[w % boards.length]);
  for (const set of sets) set.each = [];
  const perA = [];
  const perB = [];
  let pushes = 0;
  const start = performance.now();
  for (let k = 0; performance.now() - start < ms; k++) {
    let ta = 0;
    let tb = 0;
    let n = 0;
    for (let j = 0; j < 20; j++) {
      const b = boards[(k * 20 + j) % boards.length];
      n += b.updates.length;
      if (k % 2 === 0) {
        ta += once(sets[0], b);
        tb += once(sets[1], b);
      } else {
        tb += once(sets[1], b);
        ta += once(sets[0], b);
      }
    }
    perA.push((ta * 1000) / n);
    perB.push((tb * 1000) / n);
    pushes += n;
  }
  return {
    userAgent: navigator.userAgent,
    boards: boards.length,
    batches: perA.length,
    pushes,
    a: median(perA),
    b: median(perB),
    ratio: median(perB.map((x, i) => x / perA[i])),
    // Each push timed alone: the median push of each build.
    eachA: median(sets[0].each) * 1000,
    eachB: median(sets[1].each) * 1000,
  };
};

try {
  await init();
  window.pairedA = await import("/a/index.js");
  window.pairedB = await import("/b/index.js");
  window.pairedReady = true;
} catch (e) {
  window.pairedError = String(e);
  throw e;
}
