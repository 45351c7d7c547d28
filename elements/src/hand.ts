// <bl-hand seat="S">: one seat's cards (`cards`, as dealt), shown to those who may see them
// (the seat, the Director, and everyone once dummy is faced after the opening lead). The
// opening leader leads by choosing a card, offered only in the suits of `legal_leads`
// (L26B; a suit declarer required, alone, when he holds it); in play, the hand due to play (dummy by declarer) plays by choosing a card.
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

  /** The seat's thirteen cards as dealt (the page's deal, or a PBN/LIN record's). */
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
    return [v.phase, v.play, v.legal_leads, v.lead_restriction, v.dummy, v.declarer, v.opening_leader, this.seat, this.#cards];
  }

  /** Whether the viewer may see this hand: his own, the Director, or dummy once the lead is faced. */
  #visible(v: View, s: TableSource, seat: Seat): boolean {
    if (s.viewer === seat || s.viewer === "director") return true;
    return seat === v.dummy && (v.phase === "play" || v.phase === "ended");
  }

  /** The cards still held: those dealt less those played (the face-down lead included). */
  #held(v: View, seat: Seat): Card[] {
    const played = new Set<string>();
    for (const t of v.play?.tricks ?? []) for (const [by, c] of t.cards) if (by === seat) played.add(c);
    for (const [by, c] of v.play?.current ?? []) if (by === seat) played.add(c);
    if (v.play?.led && v.play.leader === seat && v.play.lead) played.add(v.play.lead);
    return this.#cards.filter((c) => !played.has(c));
  }

  /** What choosing a card does now, if anything: lead it face down, or play it. */
  #choice(v: View, s: TableSource, seat: Seat): ((card: Card) => void) | null {
    const p = v.play;
    const leader = p?.leader ?? v.opening_leader;
    if (v.phase === "clarification" && !p?.led && leader === seat && s.viewer === seat) return (card) => this.#act(s, { type: "lead", card }, card);
    if (!p || v.phase !== "play" || p.to_play !== seat) return null;
    if (seat === v.dummy && s.viewer === v.declarer) return (card) => this.#act(s, { type: "play", card, from: "dummy" }, card);
    if (seat !== v.dummy && s.viewer === seat) return (card) => this.#act(s, { type: "play", card }, card);
    return null;
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
    const held = this.#held(v, seat);
    // Whether the viewer sees the cards: a page may hide the hands he does not see (`bl-hand[data-shown="false"]`).
    const shown = String(this.#visible(v, s, seat) && held.length > 0);
    if (this.dataset.shown !== shown) this.dataset.shown = shown;
    if (!this.#visible(v, s, seat) || !held.length) {
      const text = said(m, held.length ? "ui.hand.hidden" : "ui.hand.empty", { count: held.length });
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
    // L26B: the opening lead is offered only in the suits the restriction leaves; a required
    // suit binds a leader who holds it (the engine has no hands: its list keeps every suit
    // for a void leader, and `lead_restriction` names the suit required).
    const leading = v.phase === "clarification";
    const r = v.lead_restriction;
    const must = leading && r?.leader === seat && r.required && held.some((c) => c[0] === r.required) ? r.required : null;
    const offered = (c: Card) => !!choose && (!leading || (v.legal_leads.includes(c[0]) && (!must || c[0] === must)));
    const prompt = choose ? m.format(leading ? "ui.hand.lead" : "ui.hand.play") : "";
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

define("bl-hand", Hand);
