// <bl-announcer>: the page's one live region. It tells the viewer, once and in order, what
// his seat may know as it happens: each call, alert and explanation given to him, a question
// he must answer, a warning, a decision that is his, whose turn it is — read from his own
// view (the engine's audience), so never what his seat may not know — and the refusals of
// his own actions that the other elements report.
import type { Event as TableEvent, View, Viewer } from "bridge-laws";
import { ANNOUNCE, TableElement, define, type Announcement } from "./base.js";
import { h } from "./dom.js";
import { badInput, clip } from "./errors.js";
import type { TableSource } from "./source.js";
import { contractName, warningMessage } from "./i18n/index.js";
import { TEXT_SHOWN, callWords, cardWords, isSeat, rulingValue, said, say, seatName } from "./text.js";

/** The region keeps its lines in blocks of `BLOCK`, each laid out apart from the others (a
 *  default rule: `contain: strict`), so that a line appended lays out its block's few lines, not
 *  every line kept; the oldest block is dropped (its lines were read) when the block after the
 *  `BLOCKS`th starts — one removal per `BLOCK` lines, 50 lines kept at least. */
const BLOCK = 10;
const BLOCKS = 6;

/** What one viewer has been told: his events, warnings and questions, the turn. */
interface Told {
  events: number;
  warnings: number;
  questions: Set<number>;
  turn: string;
}

export class Announcer extends TableElement {
  #told = new Map<Viewer, Told>();
  #viewer: Viewer | null = null;
  #log: HTMLElement | null = null;
  /** How many lines the region's newest block holds. */
  #lines = 0;
  #onAnnounce = (e: Event) => {
    const text = (e as CustomEvent<Announcement | undefined>).detail?.text;
    if (typeof text === "string") this.say(text);
  };

  connectedCallback(): void {
    if (!this.#log) {
      this.#log = h("div", { class: "bl-live sr-only", role: "log", "aria-live": "polite", "aria-relevant": "additions" });
      this.append(this.#log);
    }
    document.addEventListener(ANNOUNCE, this.#onAnnounce);
    super.connectedCallback();
  }

  disconnectedCallback(): void {
    document.removeEventListener(ANNOUNCE, this.#onAnnounce);
    super.disconnectedCallback();
  }

  /** Adds one line to the live region (with the lines a drawing gathers: one insertion);
   *  `BAD_INPUT` for anything but a string. */
  say(text: string): void {
    if (typeof text !== "string") throw badInput("the live region says a string");
    if (!text || !this.#log) return;
    const line = document.createElement("p");
    line.textContent = clip(text, 2 * TEXT_SHOWN);
    if (this.#gathered) {
      this.#gathered.push(line);
      return;
    }
    this.#add([line]);
  }

  /** The lines a drawing says, appended together at its end (null: say each at once). */
  #gathered: HTMLElement[] | null = null;

  /** Appends lines to the region's newest block (a new one when it is full, the oldest of
   *  three dropped). */
  #add(lines: HTMLElement[]): void {
    const log = this.#log!;
    let block = log.lastElementChild;
    if (!block || this.#lines + lines.length > BLOCK) {
      block = log.appendChild(document.createElement("div"));
      this.#lines = 0;
      if (log.childElementCount > BLOCKS) log.firstElementChild!.remove();
    }
    block.append(...lines);
    this.#lines += lines.length;
  }

  protected slice(v: View): unknown {
    return [v.events.length, v.warnings.length, v.questions_to_answer, v.turn, v.pending, v.phase];
  }

  protected draw(v: View, s: TableSource): void {
    this.#gathered = [];
    try {
      this.#draw(v, s);
    } finally {
      const lines = this.#gathered;
      this.#gathered = null;
      if (lines.length && this.#log) this.#add(lines);
    }
  }

  #draw(v: View, s: TableSource): void {
    const m = this.m;
    // One device passed round the table (or a demo switching viewers): say whose it is now.
    if (this.#viewer !== null && this.#viewer !== s.viewer) {
      this.say(said(m, "ui.live.viewer", { viewer: isSeat(s.viewer) ? seatName(m, s.viewer) : said(m, `ui.viewer.${s.viewer}`) }));
    }
    this.#viewer = s.viewer;
    let t = this.#told.get(s.viewer);
    // A new board (the lists shrank): start over. A viewer first heard mid-board is told only
    // the last few entries (a page joining late is not read the whole history).
    if (t && (v.events.length < t.events || v.warnings.length < t.warnings)) {
      this.#told.clear();
      t = undefined;
    }
    if (!t) {
      t = { events: Math.max(0, v.events.length - 4), warnings: v.warnings.length, questions: new Set(), turn: "" };
      this.#told.set(s.viewer, t);
    }
    for (const e of v.events.slice(t.events)) this.say(this.#event(e, v, s));
    for (const w of v.warnings.slice(t.warnings)) {
      this.say(said(m, "ui.live.warning", { text: warningMessage(m, w, s.viewer), law: w.law }));
    }
    t.events = v.events.length;
    t.warnings = v.warnings.length;
    for (const id of v.questions_to_answer) {
      if (t.questions.has(id)) continue;
      t.questions.add(id);
      const q = v.questions.find((x) => x.id === id);
      if (!q) continue;
      const call = q.index === null ? null : v.calls[q.index];
      this.say(call
        ? said(m, "ui.live.answer", { seat: seatName(m, q.asker), call: callWords(m, call.call) })
        : said(m, "ui.live.answer.auction", { seat: seatName(m, q.asker) }));
    }
    const p = v.pending;
    const leader = v.phase === "clarification" && !v.play?.led ? (v.play?.leader ?? v.opening_leader) : null;
    const toPlay = v.phase === "play" ? (v.play?.to_play ?? null) : null;
    const turn = p && p.options.length ? `decision:${p.kind}:${p.seat}:${p.call}`
      // Each turn to call (by how many calls stand): a player whose turn comes round again is
      // told again, also on a device passed round the table.
      : v.phase === "auction" && v.turn ? `turn:${v.turn}:${v.calls.length}`
      : leader ? `lead:${leader}`
      : toPlay ? `play:${toPlay}:${v.play?.tricks.length}:${v.play?.current.length}`
      : `phase:${v.phase}`;
    if (turn !== t.turn) {
      t.turn = turn;
      if (p && p.options.length) {
        this.say(said(m, "ui.live.decision", { seat: seatName(m, p.seat), call: callWords(m, p.call), law: p.law,
          options: p.options.map((o) => said(m, `ui.option.${o}`)).join(said(m, "ui.or")) }));
      } else if (v.phase === "auction" && v.turn) {
        this.say(v.turn === s.viewer ? said(m, "ui.live.your_turn") : said(m, "ui.live.turn", { seat: seatName(m, v.turn) }));
      } else if (leader) {
        this.say(leader === s.viewer ? said(m, "ui.live.your_lead") : said(m, "ui.live.lead_turn", { seat: seatName(m, leader) }));
      } else if (toPlay) {
        // Declarer plays dummy's cards: he is told when dummy is due too.
        const mine = toPlay === s.viewer || (toPlay === v.dummy && s.viewer === v.declarer);
        this.say(mine ? said(m, toPlay === s.viewer ? "ui.live.your_card" : "ui.live.dummy_card") : said(m, "ui.live.play_turn", { seat: seatName(m, toPlay) }));
      }
    }
  }

  /** One event as the viewer hears it (empty: nothing to say): the player it names as "you"
   *  when he is the viewer (`you: "yes"`, each catalog's own grammar: "You led", "Vous avez
   *  entamé"), else by name. */
  #event(e: TableEvent, v: View, s: TableSource): string {
    const m = this.m;
    const who = (seat: string) => ({
      seat: isSeat(seat) ? seatName(m, seat) : said(m, "ui.director"),
      you: seat === s.viewer ? "yes" : "no",
    });
    switch (e.kind) {
      case "call":
        return said(m, "ui.live.call", { ...who(e.seat), call: callWords(m, e.call) });
      case "disclosure": {
        const call = v.calls[e.index];
        const what = call ? callWords(m, call.call) : String(e.index + 1);
        if (e.text) return m.format("ui.live.explained", { ...who(e.by), call: what, text: clip(e.text, TEXT_SHOWN) });
        return e.alert ? said(m, "ui.live.alerted", { ...who(e.by), call: what }) : "";
      }
      case "question": {
        // The asker hears his question confirmed, the others that it was asked (L20F1).
        const call = e.index === null ? undefined : v.calls[e.index];
        return said(m, "ui.live.question", { ...who(e.asker), about: call ? "call" : "auction", call: call ? callWords(m, call.call) : "" });
      }
      case "review": {
        // L20B: the calls in force restated, with what was alerted and explained to him.
        const lines = v.calls.slice(0, e.restated).map((call) => {
          const l = e.calls.find((x) => x.index === call.index);
          const texts = (l?.explanations ?? []).map((p) => call.disclosures[p]?.text).filter((t): t is string => !!t).map((t) => clip(t, TEXT_SHOWN));
          const params = { seat: seatName(m, call.seat), call: callWords(m, call.call), explanation: texts.join("; ") };
          return said(m, texts.length ? "ui.auction.call.explained" : l?.alerted ? "ui.auction.call.alerted" : "ui.auction.call", params);
        });
        return said(m, "ui.live.review", { ...who(e.requester), calls: lines.join("; ") });
      }
      case "call_withdrawn":
        return said(m, "ui.live.withdrawn", { ...who(e.seat), call: callWords(m, e.call), law: e.law });
      case "auction_ended":
        // The contract in words ("four spades doubled"), never its code ("4SX").
        return said(m, "ui.live.ended", { contract: contractName(m, e.contract), ...who(e.declarer) });
      case "passed_out":
        return said(m, "ui.live.passed_out");
      case "opening_lead":
        return said(m, "ui.live.opening_lead", who(e.seat));
      case "accepted":
        return said(m, "ui.live.accepted", { ...who(e.seat), law: e.law });
      case "declined":
        return said(m, "ui.live.declined", { ...who(e.seat), law: e.law });
      case "correction": {
        const call = v.calls[e.index];
        return said(m, "ui.live.correction", { ...who(e.by), call: call ? callWords(m, call.call) : String(e.index + 1), text: e.text });
      }
      case "director_summoned":
        return said(m, "ui.live.summoned", who(e.by));
      case "ruling":
        return said(m, "ui.live.ruling", { on: said(m, `ui.ruling.${e.on}`), value: rulingValue(m, e.value) });
      case "lead_faced":
        return said(m, "ui.live.lead", { ...who(e.seat), card: cardWords(m, e.card) });
      case "card":
        return said(m, "ui.live.card", { ...who(e.seat), card: cardWords(m, e.card) });
      default:
        return "";
    }
  }
}

define("bl-announcer", Announcer);
