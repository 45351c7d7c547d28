/** Names a screen reader speaks and a page shows: seats, calls, suits, cards, contracts. */
import type { Messages } from "./types.js";
import { bidParts, cardParts, contractParts, isOtherCall } from "./vocabulary.js";

/** "North" / "Nord"; `director` → "the Director" / "l'Arbitre". */
export function seatName(m: Messages, seat: string): string {
  return seat === "director" ? m.format("director") : m.format(`seat.${seat}`);
}

/** A canonical call spoken: "pass", "two hearts" / "passe", "deux cœurs" (else as given). */
export function callName(m: Messages, call: string): string {
  if (isOtherCall(call)) return m.format(`call.${call}`);
  const bid = bidParts(call);
  if (!bid) return call;
  const level = bid.level;
  return m.format("call.bid", { level: m.format("level", { level }), strain: m.format(`strain.${bid.strain}`, { level }) });
}

/** A suit's name ("C", "D", "H", "S"): "hearts" / "cœur". */
export function suitName(m: Messages, suit: string): string {
  return m.format(`suit.${suit}`);
}

/** A card ("SA", "HT"): "ace of spades" / "as de pique" (else as given). */
export function cardName(m: Messages, card: string): string {
  const c = cardParts(card);
  return c ? m.format("card", { rank: c.rank, suit: c.suit }) : card;
}

/** A contract ("4HX"): "four hearts doubled" / "quatre cœurs contré" (else as given). */
export function contractName(m: Messages, contract: string): string {
  const c = contractParts(contract);
  return c ? m.format("contract", { call: callName(m, c.bid), doubling: c.doubling }) : contract;
}

/** A call withdrawn's reason (the engine's English text, a fixed set) in the locale: its
 *  catalog's `withdrawal.<text>`, else as given. */
export function withdrawalReason(m: Messages, reason: string): string {
  const key = `withdrawal.${reason}`;
  const s = m.format(key);
  return s === key ? reason : s;
}

/** "Law 27B2" / "Loi 27B2" (empty for an input error, which cites no law). */
export function lawLabel(m: Messages, law: string): string {
  return law ? m.format("law", { law }) : "";
}
