// Runs in the benchmark page (served by browser.bench.mjs): the npm package's web build and
// @bridge-tools/core side by side, on the same auctions, timed with performance.now().
// The page is cross-origin isolated (COOP/COEP headers), so Chromium's timer resolution is
// 5 µs rather than 100 µs; every sample is still a batch of at least `minSampleMs`.
import init, { SeatTable, Table, parseCall } from "/pkg/web/bridge_laws.js";
import { Auction } from "/peer/core.mjs";
import { patchOf, same } from "./patch.mjs";

const SEATS = ["N", "E", "S", "W"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const seatAt = (dealer, i) => SEATS[(SEATS.indexOf(dealer) + i) % 4];

// --- @bridge-tools/core: an auction is an array of {call}; legality from its documented
// functions (isAuctionEnded, isFinalDoubleValid, isFinalRedoubleValid, calculateRecentBid,
// bidToNumber — "used when building bidding boxes to ensure there are no invalid bids").
const ALL_BIDS = [];
for (let level = 1; level <= 7; level++) for (const suit of STRAINS) ALL_BIDS.push({ call: { level, suit } });
const PEER_PASS = { call: "P" };
const PEER_DOUBLE = { call: "X" };
const PEER_REDOUBLE = { call: "XX" };
const toPeer = (call) =>
  call === "P" ? PEER_PASS : call === "X" ? PEER_DOUBLE : call === "XX" ? PEER_REDOUBLE : ALL_BIDS[bidIndex(call)];
const bidIndex = (call) => (Number(call[0]) - 1) * 5 + STRAINS.indexOf(call.slice(1));
const peerName = (c) => (typeof c.call === "string" ? c.call : `${c.call.level}${c.call.suit}`);

/** @bridge-tools/core: may `next` be called now? */
function peerIsLegal(auction, next) {
  if (Auction.isAuctionEnded(auction)) return false;
  const call = next.call;
  if (call === "P") return true;
  if (call === "X") return Auction.isFinalDoubleValid(auction);
  if (call === "XX") return Auction.isFinalRedoubleValid(auction);
  const recent = Auction.calculateRecentBid(auction);
  return recent === null || Auction.bidToNumber(call) > Auction.bidToNumber(recent.bid);
}

/** @bridge-tools/core: the calls a bidding box offers now. */
function peerLegalCalls(auction) {
  if (Auction.isAuctionEnded(auction)) return [];
  const out = [PEER_PASS];
  if (Auction.isFinalDoubleValid(auction)) out.push(PEER_DOUBLE);
  if (Auction.isFinalRedoubleValid(auction)) out.push(PEER_REDOUBLE);
  const recent = Auction.calculateRecentBid(auction);
  const from = recent === null ? 0 : Auction.bidToNumber(recent.bid) + 1;
  for (let i = from; i < ALL_BIDS.length; i++) out.push(ALL_BIDS[i]);
  return out;
}

// --- sampling ---------------------------------------------------------------------------
/**
 * Times `run(ctx)` (which returns how many operations it did) on batches prepared by
 * `prepare(n)` outside the timed region; the batch size doubles until one sample lasts
 * `minSampleMs`, then samples are taken until `budgetMs` (at least `minSamples`).
 * Returns per-operation microseconds of every sample.
 */
function sample({ prepare, run, cleanup = () => {} }, { budgetMs, minSampleMs, minSamples, maxSamples }) {
  let n = 1;
  // Warm-up and calibration (JIT tiers, wasm tier-up, the first allocations). A batch size
  // is kept only when two batches in a row last `minSampleMs`: one slow batch (a garbage
  // collection, a tier-up) would otherwise leave batches too short for the 5 µs timer, and
  // a median of 0.
  let long = 0;
  for (;;) {
    const ctx = prepare(n);
    const t0 = performance.now();
    run(ctx);
    const dt = performance.now() - t0;
    cleanup(ctx);
    long = dt >= minSampleMs ? long + 1 : 0;
    if (long >= 2 || n >= 1 << 20) break;
    if (long === 0) n *= dt > 0 ? Math.min(16, Math.max(2, Math.ceil(minSampleMs / dt))) : 16;
  }
  const perOp = [];
  const start = performance.now();
  let sink = 0;
  while (perOp.length < maxSamples && (perOp.length < minSamples || performance.now() - start < budgetMs)) {
    const ctx = prepare(n);
    const t0 = performance.now();
    const ops = run(ctx);
    const dt = performance.now() - t0;
    cleanup(ctx);
    sink += ops;
    perOp.push((dt * 1000) / ops);
  }
  return { batch: n, samples: perOp, sink };
}

/**
 * Times `run(ctx)` on contexts made one at a time by `setup()` outside the timed region (a
 * context that cannot be batched: the page's one set of elements bound to one table); one
 * sample sums the timed runs until they last `minSampleMs`. Per-operation microseconds.
 */
function sampleEach({ setup, run, teardown = () => {} }, { budgetMs, minSampleMs, minSamples, maxSamples }) {
  const once = () => {
    let ops = 0;
    let ms = 0;
    while (ms < minSampleMs) {
      const ctx = setup();
      const t0 = performance.now();
      ops += run(ctx);
      ms += performance.now() - t0;
      teardown(ctx);
    }
    return (ms * 1000) / ops;
  };
  for (let k = 0; k < 5; k++) once(); // warm-up
  const perOp = [];
  const start = performance.now();
  while (perOp.length < maxSamples && (perOp.length < minSamples || performance.now() - start < budgetMs)) perOp.push(once());
  return { batch: 0, samples: perOp, sink: 0 };
}

/** Cycles through `items`, handing out `n` at a time. */
function cycler(items) {
  let next = 0;
  return (n) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = items[next];
      next = (next + 1) % items.length;
    }
    return out;
  };
}

function timerResolutionUs() {
  let best = Infinity;
  for (let k = 0; k < 200; k++) {
    const a = performance.now();
    let b = performance.now();
    while (b === a) b = performance.now();
    best = Math.min(best, b - a);
  }
  return best * 1000;
}

/**
 * One board as `viewer` receives it: his view and version at the start, then after each call
 * the push a server makes (`{entries, patch}`: his new stream entries and his view's patch).
 * Checked: a SeatTable fed them holds exactly the table's view at the end.
 */
function pushesOf(a, viewer, opts) {
  const t = new Table(opts(a));
  const start = { viewer, version: t.streamVersion(viewer), view: t.view(viewer), updates: [] };
  let version = start.version;
  let before = start.view;
  for (const x of a.actions) {
    t.apply(x);
    const after = t.view(viewer);
    start.updates.push({ entries: t.eventsSince(viewer, version), patch: patchOf(before, after) });
    version = t.streamVersion(viewer);
    before = after;
  }
  const st = new SeatTable(viewer, start.version, start.view);
  for (const u of start.updates) st.receive(u);
  if (!same(st.view(), t.view(viewer))) throw new Error(`the pushes of auction ${a.id ?? "?"} do not rebuild ${viewer}'s view`);
  st.free();
  t.free();
  return start;
}

// --- the benchmark ----------------------------------------------------------------------
window.runBench = async function runBench({ auctions: input, budgetMs, minSampleMs, minSamples, maxSamples, only, elements: tagsWanted }) {
  await init();
  const elements = await import("/pkg/elements/index.js");
  const opts = (a) => ({ dealer: a.dealer, vulnerability: a.vul, regulation: "online" });
  const action = (a, i) => ({ seat: seatAt(a.dealer, i), type: "call", call: a.calls[i] });

  // Keep the auctions both libraries replay call by call without a refusal.
  const dropped = { ours: 0, peer: 0 };
  const auctions = [];
  for (const a of input) {
    const t = new Table(opts(a));
    const actions = a.calls.map((_, i) => action(a, i));
    const ours = actions.every((x) => t.apply(x).ok);
    t.free();
    const peerCalls = a.calls.map(toPeer);
    const arr = [];
    const peer = peerCalls.every((c) => {
      const ok = peerIsLegal(arr, c);
      arr.push(c);
      return ok;
    });
    if (!ours) dropped.ours++;
    if (!peer) dropped.peer++;
    if (ours && peer) auctions.push({ ...a, actions, peerCalls });
  }
  if (auctions.length === 0) throw new Error("no auction replays in both libraries");

  // One position per auction, at a seeded random call: the table there (ours) and the
  // auction prefix (peer), and whose turn it is.
  let seed = 12345;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const positions = auctions.map((a) => {
    const at = Math.floor(rand() * a.calls.length);
    const table = new Table(opts(a));
    for (let i = 0; i < at; i++) table.apply(a.actions[i]);
    return { table, seat: seatAt(a.dealer, at), prefix: a.peerCalls.slice(0, at) };
  });
  // Cross-check: both libraries offer the same calls at every position.
  let legalAgree = 0;
  for (const p of positions) {
    const ours = [...p.table.legalCalls(p.seat)].sort().join(" ");
    const peer = peerLegalCalls(p.prefix).map(peerName).sort().join(" ");
    if (ours === peer) legalAgree++;
  }
  // Finished tables and their snapshots (toJSON / fromJSON).
  const finished = auctions.map((a) => {
    const t = new Table(opts(a));
    for (const x of a.actions) t.apply(x);
    return t;
  });
  const snapshots = finished.map((t) => JSON.parse(JSON.stringify(t)));

  const cfg = { budgetMs, minSampleMs, minSamples, maxSamples };
  const nextAuctions = cycler(auctions);
  const nextPosition = cycler(positions);
  const nextFinished = cycler(finished);
  const nextSnapshot = cycler(snapshots);
  const nextOptions = cycler(auctions.map(opts));
  const freeAll = (tables) => tables.forEach((t) => t.free());
  let refused = 0;
  let sink = 0; // results consumed, so that no call can be optimised away

  const ops = [];
  const wanted = (name) => !only || only.includes(name);
  const op = (name, ours, peer, what, peerLabel) =>
    wanted(name) && ops.push({ name, what, peerLabel, ours: sample(ours, cfg), peer: peer && sample(peer, cfg) });

  op(
    "apply",
    {
      prepare: (n) => nextAuctions(n).map((a) => ({ a, t: new Table(opts(a)) })),
      run: (batch) => {
        let calls = 0;
        for (const { a, t } of batch) {
          for (const x of a.actions) if (!t.apply(x).ok) refused++;
          calls += a.actions.length;
        }
        return calls;
      },
      cleanup: (batch) => batch.forEach(({ t }) => t.free()),
    },
    {
      prepare: (n) => nextAuctions(n).map((a) => ({ a, arr: [] })),
      run: (batch) => {
        let calls = 0;
        for (const { a, arr } of batch) {
          for (const c of a.peerCalls) {
            if (!peerIsLegal(arr, c)) refused++;
            arr.push(c);
          }
          calls += a.peerCalls.length;
        }
        return calls;
      },
    },
    "per call, replaying whole auctions; peer: its legality check of the call, then push",
    "legality check + push",
  );
  op(
    "legalCalls",
    {
      prepare: nextPosition,
      run: (batch) => {
        for (const p of batch) sink += p.table.legalCalls(p.seat).length;
        return batch.length;
      },
    },
    {
      prepare: nextPosition,
      run: (batch) => {
        for (const p of batch) sink += peerLegalCalls(p.prefix).length;
        return batch.length;
      },
    },
    "the seat to call, at a random point of each auction; peer: bidding box from its checks",
    "bidding box from its checks",
  );
  op(
    "view",
    {
      prepare: nextPosition,
      run: (batch) => {
        for (const p of batch) p.table.view(p.seat);
        return batch.length;
      },
    },
    null,
    "the seat to call, at a random point of each auction",
  );
  op(
    "stateHash",
    {
      prepare: nextPosition,
      run: (batch) => {
        for (const p of batch) p.table.stateHash();
        return batch.length;
      },
    },
    null,
    "at a random point of each auction",
  );
  op(
    "new Table",
    {
      prepare: (n) => ({ opts: nextOptions(n), made: [] }),
      run: (ctx) => {
        for (const o of ctx.opts) ctx.made.push(new Table(o));
        return ctx.made.length;
      },
      cleanup: (ctx) => freeAll(ctx.made),
    },
    null,
    "an empty table (freed outside the timed region)",
  );
  op(
    "toJSON",
    {
      prepare: nextFinished,
      run: (batch) => {
        for (const t of batch) t.toJSON();
        return batch.length;
      },
    },
    null,
    "a finished auction",
  );
  op(
    "Table.fromJSON",
    {
      prepare: (n) => ({ snaps: nextSnapshot(n), made: [] }),
      run: (ctx) => {
        for (const s of ctx.snaps) ctx.made.push(Table.fromJSON(s));
        return ctx.made.length;
      },
      cleanup: (ctx) => freeAll(ctx.made),
    },
    null,
    "a finished auction's snapshot (a plain object)",
  );

  // --- a seat's page online: the server's pushes folded into a SeatTable and rendered ----
  const boards = auctions.slice(0, 400).map((a, k) => pushesOf(a, SEATS[k % 4], opts));
  const pushes = boards.reduce((s, b) => s + b.updates.length, 0);
  const nextBoard = cycler(boards);
  const page = document.getElementById("table");
  const { fromSeatTable } = elements;
  const tags = tagsWanted ?? ["bl-auction", "bl-bidding-box", "bl-decision", "bl-feed", "bl-announcer", "bl-hand"];
  const els = tags.map((tag) => page.appendChild(document.createElement(tag)));
  const send = () => Promise.resolve(undefined);
  const seatTableOf = (b) => new SeatTable(b.viewer, b.version, b.view);
  let receiveName = "SeatTable.receive";
  if (wanted(receiveName)) {
    ops.push({
      name: receiveName,
      what: "a push (patch form: the viewer's entries and view patch after a call), folded into the viewer's SeatTable; the elements not told",
      ours: sample(
        {
          prepare: (n) => nextBoard(n).map((b) => ({ b, st: seatTableOf(b) })),
          run: (batch) => {
            let n = 0;
            for (const { b, st } of batch) {
              for (const u of b.updates) st.receive(u);
              n += b.updates.length;
            }
            return n;
          },
          cleanup: (batch) => batch.forEach(({ st }) => st.free()),
        },
        cfg,
      ),
      peer: null,
    });
  }
  let layoutSink = 0;
  // The next board bound to the page's elements and drawn whole, laid out before its timed
  // pushes (marked for `--trace`, which counts this style and layout apart from the pushes').
  const boardDrawn = () => {
    const b = nextBoard(1)[0];
    const st = seatTableOf(b);
    const source = fromSeatTable(st, send, parseCall);
    for (const e of els) {
      if (e.localName === "bl-hand") e.setAttribute("seat", b.viewer === "spectator" ? "N" : b.viewer);
      e.source = source;
    }
    layoutSink += page.offsetHeight;
    console.timeStamp("bench: board drawn");
    return { b, st, source };
  };
  const boardLeft = ({ st }) => {
    for (const e of els) e.source = null;
    st.free();
  };
  // A push as the page lives it: the script, then the style and layout it forces (read here
  // at once, `offsetHeight`, where the browser would do it before its next frame) — and the
  // script alone (the figure before it counted the layout).
  const pushOp = (name, layout, what) => ({
    name,
    what,
    ours: sampleEach(
      {
        setup: boardDrawn,
        run: layout
          ? ({ b, st, source }) => {
              for (const u of b.updates) {
                st.receive(u);
                source.changed();
                layoutSink += page.offsetHeight;
              }
              return b.updates.length;
            }
          : ({ b, st, source }) => {
              for (const u of b.updates) {
                st.receive(u);
                source.changed();
              }
              return b.updates.length;
            },
        teardown: boardLeft,
      },
      cfg,
    ),
    peer: null,
  });
  // Each push timed alone with the style and layout it forces (the timer's 5 µs are a few per
  // cent of one): its median is the median push, which the batched figure above (a mean over
  // each sample's pushes, garbage collection and the rows added included) is not. Each push's
  // two parts are kept apart too: its script (`receive`, the elements' redrawing, the DOM's
  // own work on a page laid out) and the style and layout read after it.
  const eachPush = ({ budgetMs, minSamples }) => {
    const [script, layout] = [[], []];
    const start = performance.now();
    while (script.length < minSamples || performance.now() - start < budgetMs) {
      const board = boardDrawn();
      const { b, st, source } = board;
      for (const u of b.updates) {
        const t0 = performance.now();
        st.receive(u);
        source.changed();
        const t1 = performance.now();
        layoutSink += page.offsetHeight;
        const t2 = performance.now();
        script.push((t1 - t0) * 1000);
        layout.push((t2 - t1) * 1000);
      }
      boardLeft(board);
    }
    const of = (samples) => ({ batch: 1, samples, sink: 0 });
    return [of(script.map((s, i) => s + layout[i])), of(script), of(layout)];
  };
  if (wanted("push each")) {
    const [whole, script, layout] = eachPush(cfg);
    ops.push({ name: "push each", what: "a push as `push` times it (with its style and layout), each push timed alone: the median push", ours: whole, peer: null });
    ops.push({ name: "push each: script", what: "the same pushes' script: SeatTable.receive and the elements' redrawing on the page laid out", ours: script, peer: null });
    ops.push({ name: "push each: style and layout", what: "the same pushes' style and layout, forced after the script", ours: layout, peer: null });
  }
  if (wanted("push")) {
    ops.push(pushOp("push", true,
      "a push handled by a seat's page: SeatTable.receive, then source.changed() and every element (auction, bidding box, decision, feed, announcer, hand) redrawing what changed, then the style and layout it forces"));
  }
  if (wanted("push script")) {
    ops.push(pushOp("push script", false,
      "the push's script alone: SeatTable.receive and the elements' redrawing, the style and layout left to the browser's frame"));
  }

  freeAll(positions.map((p) => p.table));
  freeAll(finished);
  const calls = auctions.reduce((s, a) => s + a.calls.length, 0);
  return {
    userAgent: navigator.userAgent,
    hardwareConcurrency: navigator.hardwareConcurrency,
    crossOriginIsolated: window.crossOriginIsolated,
    timerResolutionUs: timerResolutionUs(),
    auctions: auctions.length,
    calls,
    dropped,
    positions: positions.length,
    pushes: { boards: boards.length, pushes },
    legalCallsAgree: legalAgree,
    refusedWhileTimed: refused,
    sink: sink + layoutSink,
    operations: ops.map(({ name, what, peerLabel, ours, peer }) => ({
      name,
      what,
      peerLabel,
      ours: { batch: ours.batch, samples: ours.samples },
      peer: peer ? { batch: peer.batch, samples: peer.samples } : null,
    })),
  };
};
window.benchReady = true;
