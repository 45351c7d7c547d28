// The auctions the browser benchmark replays: real ones from the shared corpus
// (../shared/corpus/auctions.jsonl, one deal per line: {dealer, vul, calls, raw_ok, …}, the
// format the CLI's corpus replayer, src/bin/bridge-laws/corpus.rs, reads) when it is present, else a built-in set of 50 legal auctions.
import { existsSync, readFileSync } from "node:fs";

const SEATS = ["N", "E", "S", "W"];
const STRAINS = ["C", "D", "H", "S", "NT"];
const VULS = ["None", "NS", "EW", "All"];

/** "2n", "2N", "2nt" → "2NT"; "p"/"pass" → "P"; "d"/"x" → "X"; "r"/"xx" → "XX"; else null. */
export function canonicalCall(text) {
  const t = String(text).trim().toUpperCase();
  if (t === "P" || t === "PASS") return "P";
  if (t === "X" || t === "D" || t === "DBL") return "X";
  if (t === "XX" || t === "R" || t === "RDBL") return "XX";
  const m = /^([1-7])(C|D|H|S|N|NT)$/.exec(t);
  if (!m) return null;
  return m[1] + (m[2] === "N" ? "NT" : m[2]);
}

/**
 * Up to `limit` sound auctions of the corpus, taken at an even stride over the whole file
 * (so every source is represented). Returns null when the file is absent.
 */
export function loadCorpus(path, limit) {
  if (!existsSync(path)) return null;
  const deals = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let d;
    try {
      d = JSON.parse(line);
    } catch {
      continue;
    }
    if (!d.raw_ok || !SEATS.includes(d.dealer) || !VULS.includes(d.vul) || !Array.isArray(d.calls)) continue;
    const calls = d.calls.map(canonicalCall);
    if (calls.length === 0 || calls.includes(null)) continue;
    deals.push({ id: d.id, dealer: d.dealer, vul: d.vul, calls });
  }
  const stride = Math.max(1, deals.length / limit);
  const picked = [];
  for (let i = 0; picked.length < limit && Math.floor(i) < deals.length; i += stride) picked.push(deals[Math.floor(i)]);
  return { source: path, available: deals.length, auctions: picked };
}

// A few classic auctions written out, then a seeded generator of legal auctions (the same
// 50 every run): passes, bids above the last bid, doubles and redoubles only where legal.
const CLASSIC = [
  ["1NT", "P", "3NT", "P", "P", "P"],
  ["P", "P", "P", "P"],
  ["1C", "P", "1H", "P", "1S", "X", "XX", "2D", "2NT", "P", "3NT", "P", "P", "P"],
  ["1S", "2H", "2S", "3H", "4S", "X", "P", "P", "XX", "P", "P", "P"],
  ["2C", "P", "2D", "P", "2NT", "P", "3C", "P", "3S", "P", "6NT", "P", "P", "P"],
  ["P", "1D", "1S", "X", "2S", "3H", "P", "4H", "P", "P", "X", "P", "P", "P"],
  ["3S", "X", "4S", "5H", "X", "P", "P", "P"],
  ["1H", "P", "2H", "P", "P", "3C", "P", "P", "3H", "P", "P", "P"],
];

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generated(rand) {
  const calls = [];
  let last = -1; // index of the last bid in 0..34
  let lastBidder = -1; // call index of the last bid
  let doubled = 0; // 0, 1 doubled, 2 redoubled
  let passes = 0;
  for (;;) {
    const i = calls.length;
    const opponents = lastBidder >= 0 && (i - lastBidder) % 2 === 1;
    const r = rand();
    let call;
    if (last >= 0 && doubled === 0 && opponents && r < 0.08) {
      call = "X";
      doubled = 1;
    } else if (doubled === 1 && !opponents && r < 0.3) {
      call = "XX";
      doubled = 2;
    } else if (last < 34 && r < (last < 0 ? 0.7 : 0.45)) {
      const next = Math.min(34, last + 1 + Math.floor(rand() * rand() * 6));
      call = `${Math.floor(next / 5) + 1}${STRAINS[next % 5]}`;
      last = next;
      lastBidder = i;
      doubled = 0;
    } else {
      call = "P";
    }
    calls.push(call);
    passes = call === "P" ? passes + 1 : 0;
    if ((last < 0 && passes === 4) || (last >= 0 && passes === 3)) return calls;
  }
}

export function builtIn(count = 50) {
  const rand = mulberry32(20170);
  const auctions = [];
  for (let k = 0; k < count; k++) {
    const calls = k < CLASSIC.length ? CLASSIC[k] : generated(rand);
    auctions.push({ id: `built-in#${k}`, dealer: SEATS[k % 4], vul: VULS[(k >> 2) % 4], calls });
  }
  return { source: "built-in (www/bench/auctions.mjs)", available: auctions.length, auctions };
}
