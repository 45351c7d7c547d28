// Display helpers for seats, calls and cards: suit symbols with text alternatives. A call is
// shown as the package's `formatCall` writes it ("Pass", "Dbl", "1♥"); the words for screen
// readers come from the catalogs, in the language chosen (i18n.ts).
import { formatCall } from "bridge-laws";
import type { Call, Card, ContractParts, Seat, Viewer } from "bridge-laws";
import { callName, cardName } from "bridge-laws/elements";
import { h } from "./dom";
import { msgs, t } from "./i18n";

export const SEATS: Seat[] = ["N", "E", "S", "W"];
/** "North" / "Nord" (`seat.N`). */
export const seatLabel = (s: Seat): string => t(`seat.${s}`);
/** A seat, the Director or a spectator, as the viewer switch names them. */
export const viewerLabel = (v: Viewer): string => (isSeat(v) ? seatLabel(v) : t(`ui.demo.viewer.${v}`));
type Strain = "C" | "D" | "H" | "S" | "NT";

const SYMBOL: Record<Strain, string> = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };

export const isSeat = (v: string): v is Seat => (SEATS as string[]).includes(v);

function split(call: Call): { level: number; strain: Strain } | null {
  const m = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  return m ? { level: Number(m[1]), strain: m[2] as Strain } : null;
}

/** "one heart", "three no trump", "double" (`deux cœurs`, `contre`). */
export const callLabel = (call: Call): string => callName(msgs(), call);

/** A call with a coloured suit symbol; screen readers get the words. */
export function callNode(call: Call): HTMLElement {
  const shown = formatCall(call);
  const b = split(call);
  if (!b) return h("span", { class: `call call-${call.toLowerCase()}` }, shown);
  // A bid is shown as its level digit, then the strain's symbol (or NT) in its colour.
  return h(
    "span",
    { class: "call", title: callLabel(call) },
    h("span", { class: "sr-only" }, callLabel(call)),
    h("span", { "aria-hidden": "true" }, String(b.level), h("span", { class: `suit suit-${b.strain}` }, shown.slice(1))),
  );
}

/** "4♥X by S" from the view's contract text "4HX". */
const DOUBLING: Record<ContractParts["doubling"], string> = { undoubled: "", doubled: "X", redoubled: "XX" };

/** A contract from the view's parts (`contract_parts`, `scoring_contract_parts`). */
export function contractNode(contract: ContractParts): HTMLElement {
  const x = DOUBLING[contract.doubling];
  return h("span", { class: "contract-text" }, callNode(contract.bid), x ? h("span", { class: "dbl" }, x) : null);
}

const SUIT_OF: Record<string, Strain> = { S: "S", H: "H", D: "D", C: "C" };

/** "king of spades" / "roi de pique". */
export const cardLabel = (card: Card): string => cardName(msgs(), card);

export function cardNode(card: Card): HTMLElement {
  const s = SUIT_OF[card[0]] ?? "S";
  const r = card.slice(1) === "T" ? "10" : card.slice(1);
  return h(
    "span",
    { class: "card", title: cardLabel(card) },
    h("span", { class: "sr-only" }, cardLabel(card)),
    h("span", { "aria-hidden": "true" }, h("span", { class: `suit suit-${s}` }, SYMBOL[s]), r),
  );
}
