// Browser benchmark of the JS API: the built demo (www/dist) in headless Chromium, timing
// the package's Table as a site's page would call it (apply, legalCalls, view, stateHash,
// toJSON/fromJSON). Run: `npm run build && npm run bench:browser` (after scripts/build-pkg.sh).
import { start } from "../e2e/harness.mjs";

const env = await start();
try {
  const page = await env.browser.newPage();
  await page.goto(env.url);
  await page.waitForSelector('body[data-ready="true"]');
  const results = await page.evaluate(() => {
    const Table = window.__table.constructor;
    const AUCTION = ["1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P"];
    const SEATS = ["N", "E", "S", "W"];
    const bidAll = (t) => {
      AUCTION.forEach((call, i) => {
        const out = t.apply({ seat: SEATS[i % 4], type: "call", call, alert: true, explanation: "conventional" });
        if (!out.ok) throw new Error(`refused ${call}`);
      });
    };
    const time = (name, runs, f) => {
      for (let i = 0; i < Math.min(50, runs); i++) f(); // warm-up
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) f();
      const us = ((performance.now() - t0) * 1000) / runs;
      return { name, runs, microseconds: Math.round(us * 10) / 10 };
    };
    const opts = { dealer: "N", vulnerability: "None", regulation: "online" };
    const done = new Table(opts);
    bidAll(done);
    const mid = new Table(opts);
    AUCTION.slice(0, 6).forEach((call, i) => mid.apply({ seat: SEATS[i % 4], type: "call", call }));
    const snapshot = JSON.stringify(done);
    return [
      time("new Table + 14-call auction with self-alerts (apply)", 500, () => { const t = new Table(opts); bidAll(t); t.free(); }),
      time("legalCalls mid-auction", 5000, () => mid.legalCalls("S")),
      time("view for one seat after a full auction", 2000, () => done.view("E")),
      time("stateHash after a full auction", 2000, () => done.stateHash()),
      time("Table.fromJSON of a finished auction", 500, () => Table.fromJSON(snapshot).free()),
    ];
  });
  const ua = await page.evaluate(() => navigator.userAgent);
  console.log(`browser: ${ua}`);
  console.log("| operation | runs | µs per run |\n|---|---|---|");
  for (const r of results) console.log(`| ${r.name} | ${r.runs} | ${r.microseconds} |`);
} finally {
  await env.close();
}
