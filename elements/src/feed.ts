// <bl-feed>: the warnings and reminders the viewer is shown (new ones, and the earlier ones
// folded away), and the Director's summonses and rulings. Readable text: the catalog's
// message for the code, else the engine's English; the code itself is never shown.
import type { Event, View, Warning } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import { badInput, clip } from "./errors.js";
import type { TableSource } from "./source.js";
import { warningMessage } from "./i18n/index.js";
import { TEXT_SHOWN, isSeat, rulingValue, say, seatName } from "./text.js";

/**
 * Which of a viewer's warnings are news. A notice is new until the viewer next acts (his
 * own action's notices stay new) or dismisses them; a caution or piece of information
 * whose code he was already shown on this board is not repeated as news, and identical new
 * notices are folded into one line with a count. Everything stays listed under "Earlier".
 */
/** A question as the view lists it (who must answer it, whether he has). */
type QuestionLike = { answerers: readonly string[]; answered: boolean };

/** Whether a reminder is done with: "the answer is his to give" once he has given it. */
function settled(w: Warning, questions: readonly QuestionLike[]): boolean {
  return w.code === "ANSWER_PENDING" && !questions.some((q) => !q.answered && !!w.seat && q.answerers.includes(w.seat));
}

export class Notices {
  private seen = new Map<string, number>();
  /** The last split: for which viewer and warnings, at which count seen (a push that adds
   *  no warning splits nothing again). */
  private last: { viewer: string; warnings: Warning[]; questions: readonly QuestionLike[]; cut: number; out: { fresh: [Warning, number][]; earlier: Warning[] } } | null = null;

  /** The viewer acted (he held `before` warnings): what he had been shown is no longer news. */
  acted(viewer: string, before: number): void {
    this.seen.set(viewer, Math.max(this.seen.get(viewer) ?? 0, before));
  }

  dismiss(viewer: string, count: number): void {
    this.seen.set(viewer, count);
  }

  /** The viewer's warnings split into news and the earlier ones; a reminder whose cause is
   *  gone (a question since answered: `questions`) is no longer news. */
  split(viewer: string, warnings: Warning[], questions: readonly QuestionLike[] = []): { fresh: [Warning, number][]; earlier: Warning[] } {
    const l = this.last;
    if (l && l.viewer === viewer && l.warnings === warnings && l.questions === questions && l.cut === (this.seen.get(viewer) ?? 0)) return l.out;
    const out = this.#split(viewer, warnings, questions);
    this.last = { viewer, warnings, questions, cut: this.seen.get(viewer) ?? 0, out };
    return out;
  }

  #split(viewer: string, warnings: Warning[], questions: readonly QuestionLike[]): { fresh: [Warning, number][]; earlier: Warning[] } {
    if ((this.seen.get(viewer) ?? 0) > warnings.length) this.seen.clear(); // a new board
    const cut = this.seen.get(viewer) ?? 0;
    const earlier = warnings.slice(0, cut);
    const known = new Set(earlier.filter((w) => w.severity === "caution" || w.severity === "info").map((w) => w.code));
    const fresh: [Warning, number][] = [];
    for (const w of warnings.slice(cut)) {
      if (known.has(w.code) || settled(w, questions)) {
        earlier.push(w);
        continue;
      }
      const same = fresh.find(([f]) => f.code === w.code && f.message === w.message);
      if (same) same[1]++;
      else fresh.push([w, 1]);
    }
    return { fresh, earlier };
  }
}

type DirectorEvent = Extract<Event, { kind: "director_summoned" | "ruling" }>;

const isDirectorEvent = (e: Event): e is DirectorEvent => e.kind === "director_summoned" || e.kind === "ruling";

/** The last events counted, and how many of them were the Director's. */
let counted: { events: readonly Event[]; n: number } = { events: [], n: 0 };

/** How many of the events are the Director's (summonses and rulings: what the feed lists);
 *  a list that extends the one counted last (a push appends its entries) is counted from there. */
function directorEvents(events: readonly Event[]): number {
  const c = counted;
  const from = c.events.length <= events.length && (c.events.length === 0 || c.events[c.events.length - 1] === events[c.events.length - 1])
    ? c.events.length : 0;
  let n = from ? c.n : 0;
  for (let i = from; i < events.length; i++) if (isDirectorEvent(events[i])) n++;
  counted = { events, n };
  return n;
}

/** The board a source shows: its `Table` in this page (a demo's next board is another), else
 *  the source itself (online, one board per table). */
function boardOf(s: TableSource): unknown {
  return (s as unknown as { table?: unknown }).table ?? s;
}

export class Feed extends TableElement {
  #notices = new Notices();

  /** What this page's viewers have been shown (shared by the page's feeds). */
  get notices(): Notices {
    return this.#notices;
  }

  /** Another record of what was shown (one shared by feeds); `BAD_INPUT` for anything but `Notices`. */
  set notices(n: Notices) {
    if (!(n instanceof Notices)) throw badInput("notices must be a Notices");
    this.#notices = n;
    this.redraw(true);
  }
  #acts = 0;
  /** The board the notices are of (the source's table): another board, other notices. */
  #board: unknown = null;

  protected slice(v: View, s: TableSource): unknown {
    const board = boardOf(s);
    if (board !== this.#board) {
      // Another board: what the viewers were shown of the last one says nothing of this one.
      if (this.#board !== null) this.notices = new Notices();
      this.#board = board;
      this.#acts = s.lastAct?.serial ?? 0;
    }
    const a = s.lastAct;
    if (a && a.serial !== this.#acts) {
      this.#acts = a.serial;
      this.notices.acted(a.viewer, a.before);
    }
    const { fresh, earlier } = this.notices.split(s.viewer, v.warnings, v.questions);
    // The Director's events only: a push that adds a call leaves the feed alone.
    return [fresh.length, earlier.length, v.warnings.length, directorEvents(v.events)];
  }

  protected draw(v: View, s: TableSource): void {
    const m = this.m;
    const { fresh, earlier } = this.notices.split(s.viewer, v.warnings, v.questions);
    const director = v.events.filter(isDirectorEvent);
    const dismiss = h("button", { type: "button", class: "link feed-dismiss", hidden: fresh.length === 0,
      onclick: () => {
        this.notices.dismiss(s.viewer, v.warnings.length);
        this.redraw(true);
      } }, m.format("ui.feed.dismiss"));
    this.replaceChildren(
      h("div", { class: "feed-head" }, h("h2", {}, m.format("ui.feed.title")), " ", dismiss),
      director.length
        ? h("ol", { class: "feed feed-director", "aria-label": m.format("ui.feed.director") }, [...director].reverse().map((e) => this.#directorItem(e, s)))
        : "",
      // "Nothing for this viewer yet." only when there is nothing at all (not under the
      // Director's items).
      fresh.length || earlier.length || !director.length
        ? h("ol", { class: "feed feed-new" },
            fresh.length
              ? [...fresh].reverse().map(([w, n]) => this.item(w, n))
              : h("li", { class: "empty" }, m.format(earlier.length ? "ui.feed.nothing_new" : "ui.feed.nothing")))
        : "",
      earlier.length
        ? h("details", { class: "feed-earlier earlier" },
            h("summary", {}, m.format("ui.feed.earlier", { count: earlier.length })),
            h("ol", { class: "feed feed-old old" }, [...earlier].reverse().map((w) => this.item(w))))
        : "",
    );
  }

  #directorItem(e: DirectorEvent, s: TableSource): HTMLElement {
    const m = this.m;
    if (e.kind === "director_summoned") {
      const by = e.by === s.viewer ? m.format("ui.you") : isSeat(e.by) ? seatName(m, e.by) : m.format("ui.director");
      return h("li", { class: "warning sev-director", "data-event": e.kind },
        h("p", {}, m.format(e.by === s.viewer ? "ui.feed.summoned.you" : "ui.feed.summoned", { who: by }), e.reason ? ` — ${clip(e.reason, TEXT_SHOWN)}` : ""));
    }
    return h("li", { class: "warning sev-director", "data-event": e.kind },
      h("p", {}, m.format("ui.feed.ruling", { on: m.format(`ui.ruling.${e.on}`), value: rulingValue(m, e.value) })));
  }

  /** One warning: severity, law, the player it concerns, and the readable message. */
  item(w: Warning, times = 1): HTMLElement {
    const m = this.m;
    return h("li", { class: `warning sev-${w.severity}`, "data-code": w.code },
      h("div", { class: "warning-head" },
        h("span", { class: `badge sev-${w.severity}` }, m.format(`ui.severity.${w.severity}`)),
        w.law ? h("span", { class: "law" }, m.format("ui.law", { law: w.law })) : null,
        w.seat ? h("span", { class: "concerns" }, seatName(m, w.seat)) : null,
        times > 1 ? h("span", { class: "times" }, m.format("ui.feed.times", { count: times })) : null),
      h("p", {}, clip(warningMessage(m, w, this.source?.viewer), TEXT_SHOWN)));
  }
}

define("bl-feed", Feed);
