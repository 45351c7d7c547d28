// <bl-hand seat="S">: one seat's cards as the engine shows them to the viewer (`view.hands`:
// those still held of the hands he may see), and the card he may choose from them, exactly
// as the engine answers (`may_play`, `legal_cards`): his opening lead face down, his card in
// play, declarer's from dummy (L45; dummy never). At a table given the deal (`view.dealt`) a
// page's `cards` are never drawn. At a table without it, the page's `cards` exactly as the
// page keeps them (it takes out a card played, and gives a hand only to whom may see it),
// its lead offered in the suits of `legal_leads` (L26B). The element decides no card rule.
import type { Card, Seat, View } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import { badInput, coded } from "./errors.js";
import { describe } from "./source.js";
import type { TableSource } from "./source.js";
import { cardNode, cardWords, isSeat, said, seatName } from "./text.js";

const SUITS = ["S", "H", "D", "C"] as const;
const RANKS = "AKQJT98765432";
/** A card as the engine spells it: suit, then rank ("SA", "HT", "C2"). */
const CARD = /^[SHDC][AKQJT98765432]$/;

/** The cards a page hands a hand, read once and checked: at most 13 distinct cards, each
 *  spelled as the engine spells it; anything else (not a list, an unknown card, a list that
 *  throws while read) is `BAD_INPUT`. */
function readCards(cards: unknown): Card[] {
  if (cards === null || typeof cards !== "object") throw badInput(`cards must be a list of cards ("SA", "HT"), not ${describe(cards)}`);
  const out: Card[] = [];
  try {
    for (const c of cards as Iterable<unknown>) {
      if (typeof c !== "string" || !CARD.test(c)) throw badInput(`not a card: ${describe(c)} (a suit S, H, D or C, then a rank A K Q J T 9 … 2)`);
      if (out.includes(c as Card)) throw badInput(`a card twice: ${c}`);
      if (out.length === 13) throw badInput("more than 13 cards");
      out.push(c as Card);
    }
  } catch (e) {
    throw coded(e, "cards cannot be read");
  }
  return out;
}

export class Hand extends TableElement {
  static observedAttributes = ["locale", "seat"];
  #cards: Card[] = [];

  /** The seat's cards as the page holds them, for a table without the deal (`view.dealt`
   *  absent): drawn exactly as given, the page keeping them (a card played taken out, a hand
   *  given only to a viewer who may see it). Never drawn at a table given the deal. */
  get cards(): Card[] {
    // A copy: the page changes the cards by setting them, where they are checked.
    return [...this.#cards];
  }

  /** `BAD_INPUT`, the cards as they were, for anything but at most 13 distinct cards. */
  set cards(cards: Card[]) {
    this.#cards = readCards(cards);
    this.redraw(true);
  }

  /** The `seat` attribute, kept as it changes (every push asks). */
  #seat: Seat | null = null;

  get seat(): Seat | null {
    return this.#seat;
  }

  /** Sets the `seat` attribute (`null` removes it); `BAD_INPUT` for anything but a seat. */
  set seat(seat: Seat | null) {
    if (seat !== null && !isSeat(seat)) throw badInput(`not a seat: ${describe(seat)} (N, E, S or W)`);
    if (seat === null) this.removeAttribute("seat");
    else this.setAttribute("seat", seat);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === "seat") {
      this.#seat = isSeat(value) ? value : null;
      this.redraw(true);
    }
    else super.attributeChangedCallback(name, old, value);
  }

  /** The hidden hand as drawn last: its section and words. */
  #hiddenDrawn: [Element, string, string] | null = null;

  protected slice(v: View): unknown {
    return [v.phase, v.play, v.dealt, v.hands, v.legal_cards, v.legal_leads, v.may_play, v.dummy, v.opening_leader, this.seat, this.#cards];
  }

  /** What choosing a card does now, as the engine answers (`may_play`, the hand due): the
   *  opening lead, face down (L41A), or a play — declarer's from dummy (L45); null when this
   *  hand's card is not the viewer's to choose (never dummy's own, L45). */
  #choice(v: View, s: TableSource, seat: Seat): ((card: Card) => void) | null {
    if (!v.may_play) return null;
    if (v.phase === "clarification") {
      return seat === (v.play?.leader ?? v.opening_leader) ? (card) => this.#act(s, { type: "lead", card }, card) : null;
    }
    if (v.phase !== "play" || v.play?.to_play !== seat) return null;
    return seat === v.dummy
      ? (card) => this.#act(s, { type: "play", card, from: "dummy" }, card)
      : (card) => this.#act(s, { type: "play", card }, card);
  }

  #act(s: TableSource, action: Parameters<TableSource["act"]>[0], card: Card): void {
    void s.act(action).then((out) => {
      if (out && !out.ok) this.announce(this.refusalText(out.rejection, cardWords(this.m, card)));
    });
  }

  protected draw(v: View, s: TableSource): void {
    const m = this.m;
    const seat = this.seat;
    if (!seat) return void this.replaceChildren();
    const name = said(m, "ui.hand.label", { seat: seatName(m, seat) });
    // A view with hands is a dealt table's too (a page's own source may leave `dealt` out).
    const seen = v.dealt || v.hands ? engineHand(v, seat) : pageHand(v, seat, this.#cards);
    const held = seen.cards ?? [];
    // Whether the viewer sees the cards: a page may hide the hands he does not see (`bl-hand[data-shown="false"]`).
    const shown = String(held.length > 0);
    if (this.dataset.shown !== shown) this.dataset.shown = shown;
    if (!held.length) {
      const text = said(m, seen.count ? "ui.hand.hidden" : "ui.hand.empty", { count: seen.count });
      // The same words as drawn (the board went on, the hand still hidden): left as it is.
      const section = this.firstElementChild;
      if (section && section === this.#hiddenDrawn?.[0] && this.#hiddenDrawn[1] === name && this.#hiddenDrawn[2] === text) {
        return;
      }
      const drawn = h("section", { class: "hand hand-hidden", "aria-label": name }, h("h3", {}, name), h("p", { class: "muted" }, text));
      this.replaceChildren(drawn);
      this.#hiddenDrawn = [drawn, name, text];
      return;
    }
    const choose = this.#choice(v, s, seat);
    const leading = v.phase === "clarification";
    // The cards offered are the engine's answer alone: `legal_cards` at a table given the
    // deal; without it, of the page's cards a lead in the suits of `legal_leads` (L26B), and
    // in play every one (the engine, not knowing the hands, takes any of them).
    const legal = seen.engine ? new Set<string>(v.legal_cards ?? []) : null;
    const offered = (c: Card) => !!choose && (legal ? legal.has(c) : !leading || v.legal_leads.includes(c[0]));
    const any = !!choose && held.some(offered);
    const prompt = choose ? m.format(any ? (leading ? "ui.hand.lead" : "ui.hand.play") : "ui.hand.none_offered") : "";
    this.replaceChildren(
      h("section", { class: `hand${choose ? " hand-active" : ""}`, "aria-label": name, "data-seat": seat },
        h("h3", {}, name, prompt ? h("span", { class: "hint" }, ` — ${prompt}`) : null),
        SUITS.map((suit) => {
          const cards = held.filter((c) => c[0] === suit).sort((a, b) => RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]));
          return h("div", { class: "hand-suit", role: "group", "aria-label": m.format(`ui.suit.${suit}`) },
            cards.length
              ? cards.map((card) => choose
                ? h("button", { type: "button", class: "hand-card", "data-card": card, disabled: !offered(card), "aria-label": cardWords(m, card),
                    onclick: () => choose(card) }, cardNode(m, card))
                : h("span", { class: "hand-card", "data-card": card }, cardNode(m, card)))
              : h("span", { class: "muted" }, "—", h("span", { class: "sr-only" }, m.format("ui.hand.void"))));
        })),
    );
  }
}

/** A hand as drawn: the cards shown (null: none shown), how many it holds, and whether the
 *  engine gave them (`view.hands`) or the page (`cards`). */
interface Seen {
  cards: Card[] | null;
  count: number;
  engine: boolean;
}

/** The cards the view shows played face up from `seat`'s hand (the face-down opening lead not
 *  among them): how many a hand not shown holds is 13 less these. */
function faced(v: View, seat: Seat): Card[] {
  const out: Card[] = [];
  for (const t of v.play?.tricks ?? []) for (const [by, c] of t.cards) if (by === seat) out.push(c);
  for (const [by, c] of v.play?.current ?? []) if (by === seat) out.push(c);
  return out;
}

/** The engine's hand: the cards `view.hands` gives this viewer still held (his own; dummy's
 *  once the lead is faced, L41D; every one for the Director; spectators' per regulation). */
function engineHand(v: View, seat: Seat): Seen {
  const cards = v.hands && Object.hasOwn(v.hands, seat) ? (v.hands[seat] ?? []) : null;
  return { cards, count: cards ? cards.length : 13 - faced(v, seat).length, engine: true };
}

/** The page's hand at a table without the deal: its `cards` exactly as it keeps them (none
 *  given: not shown, with as many cards as the view shows unplayed). The element takes out
 *  no card and hides none: which cards a hand holds and who sees them is the page's, as the
 *  cards are (a page that wants the engine's rules gives it the deal, whole or partial). */
function pageHand(v: View, seat: Seat, cards: Card[]): Seen {
  return cards.length ? { cards, count: cards.length, engine: false } : { cards: null, count: 13 - faced(v, seat).length, engine: false };
}

define("bl-hand", Hand);
