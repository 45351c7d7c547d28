// The demo's state: one Table from the bridge-laws package, seen by one viewer at a time
// through a `LocalSource` from bridge-laws/elements. Every change goes through the source
// (the elements act on it; the page's panels through `ctx().act`), which redraws the
// elements and then the panels.
import { Table, parseCall } from "bridge-laws";
import type { ActionKind, Card, Preset, Seat, TableOptions, View, Viewer } from "bridge-laws";
import { fromTable, parseCallIn, type Acted, type LocalSource } from "bridge-laws/elements";
import { isSeat, SEATS } from "./calls";
import { clearToasts, toast } from "./feed";
import { msgs } from "./i18n";

export type { Acted };

/** What the viewer may do besides calling, as the engine answers it (the package's
 * `SeatTable` online; the same fields of the view in the single-browser demo). */
export interface May {
  /** Ask about the opponents' auction as a whole (L20F1). */
  ask: boolean;
  /** The calls he may ask about (indices; L20F1, L20F2, L41B). */
  askable: number[];
  /** Have the auction reviewed (L20B, L20C2, L41B). */
  review: boolean;
  /** Ask "is it my lead?" (L20C1, L41A: a presumed defender before the lead is faced). */
  askLead: boolean;
  /** Ask what the contract is (L41C: not dummy; in play at his own turn). */
  askContract: boolean;
  /** The calls whose explanation he may correct (indices; L20F4, L20F5, L75B). */
  correctable: number[];
  /** The questions he must answer (ids). */
  answer: number[];
}

/** The answers read from a view (the fields `SeatTable` reads). */
export const mayFrom = (v: View): May => ({
  ask: v.may_ask,
  askable: v.askable,
  review: v.may_review,
  askLead: v.may_ask_lead,
  askContract: v.may_ask_contract,
  correctable: v.correctable,
  answer: v.questions_to_answer,
});

export interface Ctx {
  view: View;
  /** What the viewer may do now besides calling. */
  may: May;
  viewer: Viewer;
  /** The viewer's seat, or null for the Director and spectators. */
  me: Seat | null;
  preset: Preset;
  /** Who discloses (the view's regulation, after overrides): labels only — which calls the
   * viewer may disclose is the view's `disclosable`. */
  disclosure: "self" | "partner" | "screens";
  /** Applies an action as the viewer (a seat, or the Director); a refusal becomes a toast. */
  act(kind: ActionKind): Promise<Acted>;
  /** Parses a call typed by the user; shows a toast and returns null when it is no call. */
  parse(text: string): ReturnType<typeof parseCall> | null;
}

/** What the page renders from: the single-browser App, or the online one (online.ts). */
export interface Host {
  ctx(): Ctx;
  onChange(f: () => void): void;
}

/** A refused or failed action becomes a toast (naming the call it tried); an accepted one clears the stale ones. */
export function toasted(out: Acted, action?: ActionKind, seat?: Seat | null): Acted {
  if (out?.ok) clearToasts();
  else if (out) {
    const call = action && "call" in action ? String(action.call) : undefined;
    toast({ ...out.rejection, kind: out.rejection.law ? "rejection" : "error", action: { seat: seat ?? undefined, call } });
  }
  return out;
}

/** Parses a call typed in the language chosen ("1SA", "2C" = two hearts in French); a toast
 *  says why text is no call. */
export function parseOrToast(text: string): ReturnType<typeof parseCall> | null {
  try {
    return parseCallIn(msgs(), text, parseCall);
  } catch (e) {
    toast(errorInfo(e));
    return null;
  }
}

const RANKS = "23456789TJQKA";

/** Thirteen cards to each seat, shuffled (Fisher–Yates over `crypto.getRandomValues`). */
export function deal(): Record<Seat, Card[]> {
  const deck = [..."SHDC"].flatMap((s) => [...RANKS].map((r) => `${s}${r}` as Card));
  const random = new Uint32Array(deck.length);
  crypto.getRandomValues(random);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return Object.fromEntries(SEATS.map((s, i) => [s, deck.slice(i * 13, i * 13 + 13)])) as Record<Seat, Card[]>;
}

/** `options` with a deal: theirs, or one at random. */
const dealt = (options: TableOptions): TableOptions => ({ ...options, deal: options.deal ?? deal() });

export class App implements Host {
  table: Table;
  options: TableOptions;
  readonly source: LocalSource;
  followTurn = false;

  /** A table with `options`, dealt at random unless they give the deal: the engine holds the
   *  hands (`view.hands`, `legal_cards`), the page none. */
  constructor(options: TableOptions) {
    this.options = options;
    this.table = new Table(dealt(options));
    this.source = fromTable(this.table, "N", parseCall);
    // First listener: "follow the turn" switches the viewer before anything is drawn.
    this.source.subscribe(() => this.follow());
    this.expose();
  }

  get viewer(): Viewer {
    return this.source.viewer;
  }

  onChange(f: () => void): void {
    this.source.subscribe(f);
  }

  /** The table changed outside the source (a test's or the console's `__table.apply`). */
  changed(): void {
    this.source.changed();
  }

  private follow(): void {
    if (!this.followTurn) return;
    const turn = this.table.view("director").turn;
    if (turn && turn !== this.source.viewer) this.source.viewer = turn;
  }

  newBoard(options: TableOptions): void {
    const old = this.table;
    this.options = options;
    this.table = new Table(dealt(options));
    this.expose();
    this.source.table = this.table;
    old.free();
  }

  setViewer(v: Viewer): void {
    this.source.viewer = v;
  }

  ctx(): Ctx {
    const viewer = this.source.viewer;
    const me = isSeat(viewer) ? viewer : null;
    const preset = (typeof this.options.regulation === "string" ? this.options.regulation : "online") as Preset;
    const view = this.source.view();
    return {
      view,
      may: mayFrom(view),
      viewer,
      me,
      preset,
      disclosure: view.regulation.disclosure,
      act: (kind) => this.source.act(kind).then((out) => toasted(out, kind, me)),
      parse: parseOrToast,
    };
  }

  /** Test and console hooks: window.__table is the live Table; __app drives the page. */
  private expose(): void {
    Object.assign(window, { __table: this.table, __app: this });
  }
}

export function errorInfo(e: unknown) {
  const err = e as { name?: string; code?: string; message?: string };
  return { kind: "error" as const, code: err.code ?? err.name ?? "ERROR", law: "", message: err.message ?? String(e) };
}
