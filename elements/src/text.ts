// The words a player reads or hears for seats, calls and cards, from the message catalog,
// with the suit symbols shown and the words spoken.
import type { Call, Card, Seat } from "bridge-laws";
import { h } from "./dom.js";
import type { Messages, Params } from "./i18n/index.js";

const SEAT_EN: Record<Seat, string> = { N: "North", E: "East", S: "South", W: "West" };
const SYMBOL: Record<string, string> = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };

/** A catalog message, or `fallback` while the catalog has none (the key came back) or cannot
 *  format it with these parameters (a catalog that wants one the engine did not give). */
export function say(m: Messages, key: string, params: Params | undefined, fallback: string): string {
  try {
    const s = m.format(key, params);
    return s === key ? fallback : s;
  } catch {
    return fallback;
  }
}

/** "North" (key `seat.N`). */
export const seatName = (m: Messages, seat: Seat): string => say(m, `seat.${seat}`, undefined, SEAT_EN[seat]);

/** A ruling's answer in words ("yes", "no", "accepted it", "called in turn"). */
export const rulingValue = (m: Messages, value: unknown): string => m.format(`ui.ruling.value.${String(value)}`);

/** "two hearts", "pass". */
export const callWords = (m: Messages, call: Call): string => m.format(`ui.call.${call}`);

/** "queen of hearts". */
export const cardWords = (m: Messages, card: Card): string =>
  m.format("ui.card", { rank: m.format(`ui.rank.${card[1]}`), suit: m.format(`ui.suit.${card[0]}`) });

function split(call: Call): { level: string; strain: string } | null {
  const b = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  return b ? { level: b[1], strain: b[2] } : null;
}

/** The call as it is shown (2♥, Pass): symbols hidden from screen readers, which read the words. */
export function callNode(m: Messages, call: Call): HTMLElement {
  const b = split(call);
  const shown = b
    ? [b.level, h("span", { class: `suit suit-${b.strain}` }, SYMBOL[b.strain])]
    : [m.format(`ui.call.short.${call}`)];
  return h("span", { class: `call call-${call.toLowerCase()}` },
    h("span", { class: "sr-only" }, callWords(m, call)),
    h("span", { "aria-hidden": "true" }, shown));
}

/** A card as it is shown (♥Q), read as "queen of hearts". */
export function cardNode(m: Messages, card: Card): HTMLElement {
  const rank = card[1] === "T" ? "10" : card[1];
  return h("span", { class: "card" },
    h("span", { class: "sr-only" }, cardWords(m, card)),
    h("span", { "aria-hidden": "true" }, h("span", { class: `suit suit-${card[0]}` }, SYMBOL[card[0]]), rank));
}

/** A seat's partner and left-hand opponent. */
export const SEATS: Seat[] = ["N", "E", "S", "W"];
export const partner = (s: Seat): Seat => SEATS[(SEATS.indexOf(s) + 2) % 4];
export const isSeat = (v: unknown): v is Seat => typeof v === "string" && (SEATS as string[]).includes(v);
