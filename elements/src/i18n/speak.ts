/** Names a screen reader speaks and a page shows: seats, calls, suits, cards, contracts. */
import type { Messages } from "./types.js";

/** "North" / "Nord"; `director` → "the Director" / "l'Arbitre". */
export function seatName(m: Messages, seat: string): string {
  return seat === "director" ? m.format("director") : m.format(`seat.${seat}`);
}

/** A canonical call spoken: "pass", "two hearts" / "passe", "deux cœurs" (else as given). */
export function callName(m: Messages, call: string): string {
  if (call === "P" || call === "X" || call === "XX") return m.format(`call.${call}`);
  const bid = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (!bid) return call;
  const level = Number(bid[1]);
  return m.format("call.bid", { level: m.format("level", { level }), strain: m.format(`strain.${bid[2]}`, { level }) });
}

/** A suit's name ("C", "D", "H", "S"): "hearts" / "cœur". */
export function suitName(m: Messages, suit: string): string {
  return m.format(`suit.${suit}`);
}

/** A card ("SA", "HT"): "ace of spades" / "as de pique" (else as given). */
export function cardName(m: Messages, card: string): string {
  const c = /^([SHDC])([2-9TJQKA])$/.exec(card);
  return c ? m.format("card", { rank: c[2], suit: c[1] }) : card;
}

/** A contract ("4HX"): "four hearts doubled" / "quatre cœurs contré" (else as given). */
export function contractName(m: Messages, contract: string): string {
  const c = /^([1-7](?:C|D|H|S|NT))(XX|X)?$/.exec(contract);
  if (!c) return contract;
  const doubling = c[2] === "XX" ? "redoubled" : c[2] === "X" ? "doubled" : "undoubled";
  return m.format("contract", { call: callName(m, c[1]), doubling });
}

/** "Law 27B2" / "Article 27B2" (empty for an input error, which cites no law). */
export function lawLabel(m: Messages, law: string): string {
  return law ? m.format("law", { law }) : "";
}
