// Display helpers for seats, calls and cards: suit symbols with text alternatives, in the
// language chosen (i18n.ts). What a call or a card shows and how a typed one reads are the
// elements' one vocabulary (`callShown`, `strainShown`, `rankShown`, `parseCallIn`); the words
// for screen readers come from the catalogs.
import type { Call, Card, ContractParts, Seat, Viewer } from "bridge-laws";
import { bidParts, callName, cardName, cardParts, DOUBLING_SUFFIX, isOtherCall, otherCallShown, rankShown, strainShown, SUIT_SYMBOL } from "bridge-laws/elements";
import { h } from "./dom";
import { msgs, t } from "./i18n";

export const SEATS: Seat[] = ["N", "E", "S", "W"];
/** "North" / "Nord" (`seat.N`). */
export const seatLabel = (s: Seat): string => t(`seat.${s}`);
/** A seat, the Director or a spectator, as the viewer switch names them. */
export const viewerLabel = (v: Viewer): string => (isSeat(v) ? seatLabel(v) : t(`ui.demo.viewer.${v}`));

export const isSeat = (v: string): v is Seat => (SEATS as string[]).includes(v);

/** "one heart", "three no trump", "double" (`deux cœurs`, `contre`). */
export const callLabel = (call: Call): string => callName(msgs(), call);

/** A call with a coloured suit symbol (2♥, 1SA, Contre); screen readers get the words. */
export function callNode(call: Call): HTMLElement {
  const m = msgs();
  const b = bidParts(call);
  const shown = b
    ? [String(b.level), h("span", { class: `suit suit-${b.strain}` }, strainShown(m, b.strain))]
    : [isOtherCall(call) ? otherCallShown(m, call) : call];
  return h(
    "span",
    { class: `call call-${call.toLowerCase()}`, title: callLabel(call) },
    h("span", { class: "sr-only" }, callLabel(call)),
    h("span", { "aria-hidden": "true" }, shown),
  );
}

/** A contract from the view's parts (`contract_parts`, `scoring_contract_parts`): "4♥X". */
export function contractNode(contract: ContractParts): HTMLElement {
  const x = DOUBLING_SUFFIX[contract.doubling];
  return h("span", { class: "contract-text" }, callNode(contract.bid), x ? h("span", { class: "dbl" }, x) : null);
}

/** "king of spades" / "roi de pique". */
export const cardLabel = (card: Card): string => cardName(msgs(), card);

/** A card with its suit's symbol and its rank as the locale writes it (♠K, ♠R). */
export function cardNode(card: Card): HTMLElement {
  const c = cardParts(card);
  return h(
    "span",
    { class: "card", title: cardLabel(card) },
    h("span", { class: "sr-only" }, cardLabel(card)),
    h("span", { "aria-hidden": "true" }, c ? [h("span", { class: `suit suit-${c.suit}` }, SUIT_SYMBOL[c.suit]), rankShown(msgs(), c.rank)] : card),
  );
}
