// What one write costs in the auction as a seat's page draws it, with the style and layout it
// forces (read at once, as `push` in browser.bench.mjs does): a call's words written in its
// cell, a cell's box given one text, a call's cell cloned into a box. The floor under any way
// of drawing a push: a push makes at least one such write in each element it changes. Beside
// them, the page's own floor: one text and four texts written in plain boxes laid out apart
// (`contain: strict`, outside the elements), then one layout — what a push that wrote four
// texts and nothing else (the call, the next-call mark, the hint, one line) would cost.
//
//   node bench/writes.bench.mjs [--pkg DIR] [--rounds 3]
// Builds nothing: pkg/ comes from scripts/build-pkg.sh.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { servePage } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const pkg = path.resolve(arg("--pkg", path.join(here, "..", "..", "pkg")));
const rounds = Number(arg("--rounds", 3));
// South's page online, ten calls in: the grid as a push finds it mid-auction.
const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><main id="m"><bl-auction></bl-auction></main>
<div id="floor">${[0, 1, 2, 3].map(() => `<div style="contain: strict; width: 12em; height: 2em"><span>x</span></div>`).join("")}</div><script type="module">
import init, { SeatTable, Table, parseCall } from "/pkg/web/bridge_laws.js";
import { fromSeatTable } from "/pkg/elements/index.js";
await init();
const table = new Table({ dealer: "N", vulnerability: "None", regulation: "online" });
const seat = new SeatTable("S", table.streamVersion("S"), table.view("S"));
const source = fromSeatTable(seat, () => Promise.resolve(undefined), parseCall);
document.querySelector("bl-auction").source = source;
const order = ["N", "E", "S", "W"];
["1C", "1H", "P", "1S", "P", "2S", "P", "P", "3C", "P"].forEach((call, i) => {
  const from = table.streamVersion("S");
  if (!table.apply({ seat: order[i % 4], type: "call", call }).ok) throw new Error("refused: " + call);
  seat.receive({ entries: table.eventsSince("S", from), view: table.view("S") });
  source.changed();
});
window.ready = true;
</script></html>`;

const server = await servePage("/", PAGE, (url) => (url.startsWith("/pkg/") ? path.join(pkg, url.slice("/pkg/".length)) : null));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 20000 });
  const rows = await page.evaluate((rounds) => {
    const main = document.getElementById("m");
    const boxes = [...document.querySelectorAll("bl-auction .slot")];
    const words = [...document.querySelectorAll("bl-auction .slot .sr-only")].map((s) => s.firstChild);
    const cell = boxes[5].firstElementChild.cloneNode(true);
    const plain = [...document.querySelectorAll("#floor span")].map((s) => s.firstChild);
    const TEXTS = ["North: one heart", "East: two spades", "South to call", "waiting for West", "1♥", "2♠"];
    let sink = 0;
    // Median µs of 15 samples of 100 writes, each followed by the style and layout it forces.
    const time = (write) => {
      for (let i = 0; i < 200; i++) (write(i), (sink += main.offsetHeight));
      const samples = [];
      for (let k = 0; k < 15; k++) {
        const t0 = performance.now();
        for (let i = 0; i < 100; i++) (write(i), (sink += main.offsetHeight));
        samples.push((performance.now() - t0) * 10);
      }
      return samples.sort((a, b) => a - b)[7];
    };
    const writes = {
      "nothing written (the layout read alone)": () => {},
      "a call's words written in its cell (one text)": (i) => (words[2].data = i & 1 ? "North: one heart" : "East: two spades"),
      "a cell's box given one text": (i) => (boxes[7].textContent = i & 1 ? "1♥" : "2♠"),
      "a call's cell cloned into a box": () => boxes[6].replaceChildren(cell.cloneNode(true)),
      "the page's floor: one text in a plain box laid out apart": (i) => (plain[0].data = TEXTS[i % 6]),
      "the page's floor: four texts in four such boxes, one layout": (i) => plain.forEach((t, k) => (t.data = TEXTS[(i + k) % 6])),
    };
    const out = Object.keys(writes).map((name) => ({ name, us: [] }));
    for (let r = 0; r < rounds; r++) Object.values(writes).forEach((w, i) => out[i].us.push(time(w)));
    return { out, sink };
  }, rounds);
  console.log("| a write, with its style and layout | µs, median of each round |\n|---|---|");
  for (const r of rows.out) console.log(`| ${r.name} | ${r.us.map((u) => u.toFixed(1)).join(", ")} |`);
} finally {
  await browser.close();
  server.close();
}
