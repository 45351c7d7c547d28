/**
 * The one vocabulary of calls and cards: how a call or a card is split into its parts, shown
 * ("2♥", "1SA", "Passe", "♥D") and read back when typed ("2c" is two hearts in French, "1sa",
 * "contre") in each locale — driven by the catalogs (`ui.strain.short.*`, `ui.call.short.*`,
 * `ui.suit.letter.*`, `ui.rank.short.*`, `ui.typed.*`), so that a new language brings its own
 * words with its catalog and no code. A typed call is turned into its canonical text here and
 * read by the package's `parseCall` (the one rule of what a call is).
 */
import type { Messages } from "./types.js";

/** A suit: clubs, diamonds, hearts, spades. */
export type Suit = "C" | "D" | "H" | "S";
/** A bid's denomination: a suit or no trump. */
export type Strain = Suit | "NT";
/** A card's rank, ten written `T`. */
export type Rank = "A" | "K" | "Q" | "J" | "T" | "9" | "8" | "7" | "6" | "5" | "4" | "3" | "2";
/** A contract's doubling, as the view's `contract_parts` gives it. */
export type Doubling = "undoubled" | "doubled" | "redoubled";

/** The suits, lowest first; the strains in box order. */
export const SUITS: readonly Suit[] = ["C", "D", "H", "S"];
export const STRAINS: readonly Strain[] = ["C", "D", "H", "S", "NT"];
/** The ranks, highest first (the order a hand is sorted in). */
export const RANKS: readonly Rank[] = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
/** The calls that are not bids. */
export const OTHER_CALLS = ["P", "X", "XX"] as const;
/** A pass, a double or a redouble. */
export type OtherCall = (typeof OTHER_CALLS)[number];
/** Every call in a bidding box's order: 1♣ … 7NT, then pass, double, redouble. */
export const CALLS: readonly string[] = Object.freeze([
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((level) => STRAINS.map((strain) => `${level}${strain}`)),
  ...OTHER_CALLS,
]);

/** Each suit's symbol: the same in every language. */
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = Object.freeze({ C: "♣", D: "♦", H: "♥", S: "♠" });
/** A doubling as a contract's text writes it ("4HX"). */
export const DOUBLING_SUFFIX: Readonly<Record<Doubling, string>> = Object.freeze({ undoubled: "", doubled: "X", redoubled: "XX" });

const isStrain = (s: string): s is Strain => s === "C" || s === "D" || s === "H" || s === "S" || s === "NT";
const isSuit = (s: string): s is Suit => s === "C" || s === "D" || s === "H" || s === "S";
const isRank = (r: string): r is Rank => (RANKS as readonly string[]).includes(r);

/** A canonical bid's level and strain ("2H" → 2, "H"); null for a pass, a double or anything else. */
export function bidParts(call: unknown): { level: number; strain: Strain } | null {
  if (typeof call !== "string" || call.length < 2 || call.length > 3) return null;
  const level = call.charCodeAt(0) - 48;
  const strain = call.slice(1);
  return level >= 1 && level <= 7 && isStrain(strain) ? { level, strain } : null;
}

/** Whether `call` is a pass, a double or a redouble. */
export const isOtherCall = (call: unknown): call is OtherCall => call === "P" || call === "X" || call === "XX";

/** Whether `call` is a canonical call ("1C" … "7NT", "P", "X", "XX"). */
export const isCall = (call: unknown): call is string => bidParts(call) !== null || isOtherCall(call);

/** A canonical card's suit and rank ("HQ" → "H", "Q"); null for anything else. */
export function cardParts(card: unknown): { suit: Suit; rank: Rank } | null {
  if (typeof card !== "string" || card.length !== 2) return null;
  const suit = card[0];
  const rank = card[1];
  return isSuit(suit) && isRank(rank) ? { suit, rank } : null;
}

/** A contract text's bid and doubling ("4HX" → "4H", "doubled"); null for anything else. */
export function contractParts(contract: unknown): { bid: string; doubling: Doubling } | null {
  if (typeof contract !== "string") return null;
  const doubling: Doubling = contract.endsWith("XX") ? "redoubled" : contract.endsWith("X") ? "doubled" : "undoubled";
  const bid = contract.slice(0, contract.length - DOUBLING_SUFFIX[doubling].length);
  return bidParts(bid) ? { bid, doubling } : null;
}

/** A catalog's word, or `fallback` while the catalog has none. */
function word(m: Messages, key: string, fallback: string): string {
  const s = m.format(key);
  return s === key ? fallback : s;
}

/** A strain as shown: a suit's symbol, no trump's letters in the locale ("NT", "SA"). */
export const strainShown = (m: Messages, strain: Strain): string =>
  strain === "NT" ? word(m, `ui.strain.short.${strain}`, "NT") : SUIT_SYMBOL[strain];

/** A pass, double or redouble as shown in the locale ("Pass" / "Passe", "Dbl" / "Contre"). */
export const otherCallShown = (m: Messages, call: OtherCall): string => word(m, `ui.call.short.${call}`, call);

/** A call as plain text in the locale: "2♥", "1SA", "Passe" (else as given). */
export function callShown(m: Messages, call: string): string {
  const b = bidParts(call);
  if (b) return `${b.level}${strainShown(m, b.strain)}`;
  return isOtherCall(call) ? otherCallShown(m, call) : call;
}

/** A suit's letter as players of the locale write it ("C" / "T" for clubs, "H" / "C" for hearts). */
export const suitLetter = (m: Messages, suit: Suit): string => word(m, `ui.suit.letter.${suit}`, suit);

/** A strain's letters as players of the locale write it ("H", "NT" / "C", "SA"). */
export const strainLetter = (m: Messages, strain: Strain): string =>
  strain === "NT" ? strainShown(m, strain) : suitLetter(m, strain);

/** A rank as shown on a card in the locale ("K" / "R", "10"). */
export const rankShown = (m: Messages, rank: Rank): string => word(m, `ui.rank.short.${rank}`, rank === "T" ? "10" : rank);

/** A card as plain text in the locale: "♥D" (else as given). */
export function cardShown(m: Messages, card: string): string {
  const c = cardParts(card);
  return c ? `${SUIT_SYMBOL[c.suit]}${rankShown(m, c.rank)}` : card;
}

/** A contract as plain text in the locale: "4♥X", "3SAXX" (else as given). */
export function contractShown(m: Messages, contract: string): string {
  const c = contractParts(contract);
  return c ? `${callShown(m, c.bid)}${DOUBLING_SUFFIX[c.doubling]}` : contract;
}

/** What the player may type, lower case, with spaces and dots gone ("Sans Atout" → "sansatout"). */
const folded = (text: string): string => text.normalize("NFC").toLowerCase().replace(/[\s.\-_]+/g, "");

/** The spellings of `key` in the locale's catalog ("passe|p"): folded, the longest first. */
function spellings(m: Messages, key: string): string[] {
  const s = m.format(key);
  if (s === key) return [];
  return s.split("|").map(folded).filter((w) => w.length > 0).sort((a, b) => b.length - a.length);
}

/**
 * The canonical text of a call typed in the locale's words ("1SA" → "1NT", "2c" → "2H" in
 * French, "contre" → "X"), or null when it is not written in them (then the package reads it
 * as it is: "2♥", "1n", "dbl"). Every locale's words are its catalog's `ui.typed.*`.
 */
export function canonicalCall(m: Messages, text: string): string | null {
  if (typeof text !== "string") return null;
  const t = folded(text);
  if (!t) return null;
  for (const call of OTHER_CALLS) if (spellings(m, `ui.typed.${call}`).includes(t)) return call;
  const level = t.charCodeAt(0) - 48;
  if (!(level >= 1 && level <= 7)) return null;
  const rest = t.slice(1);
  for (const strain of STRAINS) if (spellings(m, `ui.typed.${strain}`).includes(rest)) return `${level}${strain}`;
  return null;
}

/**
 * A call typed by a player of the locale, read by `parse` (the package's `parseCall`, which
 * throws `BAD_INPUT` for what is no call): his own words first ("1SA", "passe", "2C" = two
 * hearts in French), else the package's spellings ("1n", "2♥", "dbl").
 */
export function parseCallIn<C>(m: Messages, text: string, parse: (text: string) => C): C {
  const canonical = canonicalCall(m, text);
  return parse(canonical ?? text);
}

/**
 * The canonical text of a card typed in the locale's letters, suit first ("PR" → "SK", "C10"
 * → "HT" in French; "SK", "H7", "♥Q" in English), else the text as given (the engine refuses
 * what is no card).
 */
export function canonicalCard(m: Messages, text: string): string {
  if (typeof text !== "string") return text;
  const t = folded(text);
  const suits = SUITS.flatMap((suit) => spellings(m, `ui.typed.${suit}`).map((w) => [w, suit] as const))
    .sort((a, b) => b[0].length - a[0].length);
  for (const [spelling, suit] of suits) {
    if (!t.startsWith(spelling)) continue;
    const rest = t.slice(spelling.length);
    const rank = RANKS.find((r) => folded(rankShown(m, r)) === rest) ?? RANKS.find((r) => r.toLowerCase() === rest);
    if (rank) return `${suit}${rank}`;
  }
  return text.trim();
}

/** The catalog keys this vocabulary reads (every shipped catalog has each: `www/test/i18n.test.mjs`). */
export const VOCABULARY_KEYS: readonly string[] = Object.freeze([
  ...["NT"].map((s) => `ui.strain.short.${s}`),
  ...OTHER_CALLS.map((c) => `ui.call.short.${c}`),
  ...SUITS.map((s) => `ui.suit.letter.${s}`),
  ...RANKS.map((r) => `ui.rank.short.${r}`),
  ...[...OTHER_CALLS, ...STRAINS].map((c) => `ui.typed.${c}`),
]);
