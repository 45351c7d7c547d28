// Statistics of the browser benchmark's samples and its SVG chart (no dependency): one
// horizontal bar per library and operation at the median, a whisker to the p99, on a log
// axis in microseconds.

/** Nearest-rank percentile of an ascending array (p in 0..1). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1];
}

const round = (x) => (x === null || !Number.isFinite(x) ? null : Number(x.toPrecision(4)));

/** {samples, median, p99, min} of a list of numbers. */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: sorted.length, median: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), min: round(sorted[0] ?? null) };
}

const GOAL_FIRST_TABLE_MS = 10;

/** The JSON written by the benchmark: what the page measured, reduced to statistics. */
export function summarize({ run, startup, meta }) {
  const loads = (list) => ({
    scriptToTable: stats(list.map((s) => s.firstTable - s.scriptStart)),
    navigationToTable: stats(list.map((s) => s.firstTable)),
    loadGlue: stats(list.map((s) => s.scriptStart - s.pageStart)),
    initWasm: stats(list.map((s) => s.initialised - s.scriptStart)),
    fetchWasm: stats(list.filter((s) => s.wasmFetched !== null).map((s) => s.wasmFetched - s.scriptStart)),
    compileInstantiate: stats(list.filter((s) => s.wasmFetched !== null).map((s) => s.initialised - s.wasmFetched)),
    newTable: stats(list.map((s) => s.firstTable - s.initialised)),
  });
  const cold = loads(startup.cold);
  return {
    ...meta,
    browser: run.userAgent.match(/(Headless)?Chrom(e|ium)\/[\d.]+/)?.[0] ?? run.userAgent,
    userAgent: run.userAgent,
    crossOriginIsolated: run.crossOriginIsolated,
    timerResolutionUs: round(run.timerResolutionUs),
    unit: "µs per operation; median and p99 over samples, each sample a batch (see batch)",
    auctions: run.auctions,
    calls: run.calls,
    droppedAuctions: run.dropped,
    positions: run.positions,
    pushes: run.pushes,
    legalCallsAgree: run.legalCallsAgree,
    refusedWhileTimed: run.refusedWhileTimed,
    operations: run.operations.map((o) => {
      const ours = { ...stats(o.ours.samples), batch: o.ours.batch };
      const peer = o.peer ? { ...stats(o.peer.samples), batch: o.peer.batch } : null;
      return {
        name: o.name,
        what: o.what,
        ...(o.peerLabel ? { peerLabel: o.peerLabel } : {}),
        ours,
        peer,
        ratio: peer && peer.median > 0 ? round(ours.median / peer.median) : null,
        ...(peer ? {} : { peerNote: "no counterpart in @bridge-tools/core (it keeps no table: an auction is a plain array)" }),
      };
    }),
    startup: {
      unit: "ms",
      definitions: {
        scriptToTable: "first statement of the page's module script (the package's JS glue already imported, as in a bundle) to the first Table constructed: init() fetches, compiles and instantiates the wasm, then new Table",
        navigationToTable: "navigation start (performance.timeOrigin) to the first Table",
        loadGlue: "the page's first (inline) script to the module script's first statement: fetching the JS glue",
        initWasm: "await init(): fetch, compile and instantiate the .wasm",
        fetchWasm: "module script start to the end of the .wasm response (Resource Timing)",
        compileInstantiate: "end of the .wasm response to init() resolved: what is left of compiling and instantiating once the bytes are in",
        newTable: "the first new Table (the wasm functions it runs are compiled lazily on first call)",
        cold: "a new browser context per load: empty HTTP and code caches",
        warm: "the same page loaded again in that context",
      },
      loads: startup.cold.length,
      goalScriptToTableMs: GOAL_FIRST_TABLE_MS,
      goalMet: cold.scriptToTable.median !== null && cold.scriptToTable.median <= GOAL_FIRST_TABLE_MS,
      cold,
      warm: loads(startup.warm),
    },
  };
}

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2));

/** The SVG chart of a summarized result. */
export function renderChart(r) {
  const OURS = "#2563eb";
  const PEER = "#ea580c";
  const W = 820;
  const left = 150;
  const right = W - 90;
  const top = 78;
  const bar = 13;
  const rows = r.operations.map((o) => ({ o, lines: o.peer ? 2 : 1 }));
  const height = top + rows.reduce((s, x) => s + x.lines * (bar + 3) + 14, 0) + 78;
  const values = r.operations.flatMap((o) => [o.ours.median, o.ours.p99, o.peer?.median, o.peer?.p99]).filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...values))));
  const x = (v) => left + ((Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo)) * (right - left);

  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  out.push(`<text x="12" y="22" font-size="15" font-weight="600">${esc(`bridge-laws (npm, wasm) beside ${r.peer}, ${r.browser}`)}</text>`);
  out.push(`<text x="12" y="40" fill="#444">${esc(`${r.auctions} auctions, ${r.calls} calls; µs per operation, log scale; bar = median, whisker = p99; ${r.machine.cores} cores, ${r.machine.cpu}, load ${r.machine.loadAverage1mAtStart ?? "?"}`)}</text>`);
  out.push(`<rect x="12" y="50" width="12" height="10" fill="${OURS}"/><text x="28" y="59">bridge-laws</text>`);
  out.push(`<rect x="112" y="50" width="12" height="10" fill="${PEER}"/><text x="128" y="59">${esc(r.peer)}</text>`);
  for (let e = lo; e <= hi; e++) {
    const gx = x(10 ** e);
    out.push(`<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${height - 64}" stroke="#ddd"/>`);
    out.push(`<text x="${gx}" y="${height - 50}" text-anchor="middle" fill="#444">${e < 0 ? (10 ** e).toFixed(-e) : 10 ** e}</text>`);
  }
  out.push(`<text x="${(left + right) / 2}" y="${height - 34}" text-anchor="middle" fill="#444">µs per operation (ratio under a name: bridge-laws median ÷ peer median)</text>`);
  let y = top;
  for (const { o } of rows) {
    out.push(`<text x="${left - 8}" y="${y + bar - 2}" text-anchor="end">${esc(o.name)}</text>`);
    if (o.ratio !== null) out.push(`<text x="${left - 8}" y="${y + 2 * bar + 1}" text-anchor="end" fill="#555">${fmt(o.ratio)}×</text>`);
    const series = [[o.ours, OURS, ""]];
    if (o.peer) series.push([o.peer, PEER, o.peerLabel ? ` (${o.peerLabel})` : ""]);
    for (const [s, color, note] of series) {
      const xm = x(s.median);
      const xp = x(s.p99);
      const cy = y + bar / 2;
      out.push(`<rect x="${left}" y="${y}" width="${Math.max(1, xm - left).toFixed(1)}" height="${bar}" fill="${color}"/>`);
      out.push(`<line x1="${xm.toFixed(1)}" y1="${cy}" x2="${xp.toFixed(1)}" y2="${cy}" stroke="#111"/>`);
      out.push(`<line x1="${xp.toFixed(1)}" y1="${y + 2}" x2="${xp.toFixed(1)}" y2="${y + bar - 2}" stroke="#111"/>`);
      out.push(`<text x="${(Math.max(xm, xp) + 5).toFixed(1)}" y="${y + bar - 2}" fill="#222">${esc(fmt(s.median) + note)}</text>`);
      y += bar + 3;
    }
    y += 14;
  }
  const c = r.startup.cold.scriptToTable;
  const wm = r.startup.warm.scriptToTable;
  out.push(`<text x="12" y="${height - 12}" fill="#222">${esc(`Script start → first table: ${fmt(c.median)} ms median, ${fmt(c.p99)} ms p99 on a first visit; ${fmt(wm.median)} ms on a second (goal ≤ ${r.startup.goalScriptToTableMs} ms). ${r.date.slice(0, 10)}, ${r.commit ?? ""}`)}</text>`);
  out.push(`</svg>\n`);
  return out.join("\n");
}
