// The demo's state: one Table from the bridge-laws package, the viewer, and act(), the
// only way anything changes: table.apply(action), then re-render from table.view(viewer).
import { Table, parseCall } from "bridge-laws";
import type { ActionKind, Call, Outcome, Preset, Seat, TableOptions, View, Viewer } from "bridge-laws";
import { isSeat } from "./calls";
import { clearToasts, notices, toast } from "./feed";

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
  /** Applies an action as the viewer (a seat, or the Director); online, once the server answers. */
  act(kind: ActionKind): Acted | Promise<Acted>;
  /** Parses a call typed by the user; shows a toast and returns null when it is no call. */
  parse(text: string): Call | null;
}

/** Whether an action was accepted (undefined: it was not made, or its fate is unknown). */
export type Acted = { ok: boolean } | undefined;

/** What the page renders from: the single-browser App, or the online one (online.ts). */
export interface Host {
  ctx(): Ctx;
  onChange(f: () => void): void;
}

type Listener = () => void;

export class App implements Host {
  table: Table;
  options: TableOptions;
  viewer: Viewer = "N";
  followTurn = false;
  private listeners: Listener[] = [];

  constructor(options: TableOptions) {
    this.options = options;
    this.table = new Table(options);
    this.expose();
  }

  onChange(f: Listener): void {
    this.listeners.push(f);
  }

  changed(): void {
    if (this.followTurn) {
      const turn = this.table.view("director").turn;
      if (turn) this.viewer = turn;
    }
    for (const f of this.listeners) f();
  }

  newBoard(options: TableOptions): void {
    this.table.free();
    notices.reset();
    this.options = options;
    this.table = new Table(options);
    this.expose();
    this.changed();
  }

  setViewer(v: Viewer): void {
    this.viewer = v;
    this.changed();
  }

  ctx(): Ctx {
    const viewer = this.viewer;
    const me = isSeat(viewer) ? viewer : null;
    const preset = (typeof this.options.regulation === "string" ? this.options.regulation : "online") as Preset;
    const view = this.table.view(viewer);
    return {
      view,
      may: mayFrom(view),
      viewer,
      me,
      preset,
      disclosure: view.regulation.disclosure,
      act: (kind) => this.apply({ seat: me ?? "director", ...kind }),
      parse: (text) => {
        try {
          return parseCall(text);
        } catch (e) {
          toast(errorInfo(e));
          return null;
        }
      },
    };
  }

  /** table.apply: a refusal or a thrown BridgeLawsError becomes a toast. */
  apply(action: Parameters<Table["apply"]>[0]): Outcome | undefined {
    let out: Outcome;
    const before = this.table.view(this.viewer).warnings.length;
    try {
      out = this.table.apply(action);
    } catch (e) {
      toast(errorInfo(e));
      return undefined;
    }
    if (!out.ok) toast({ ...out.rejection, kind: "rejection" });
    else {
      clearToasts();
      notices.acted(this.viewer, before);
    }
    this.changed();
    return out;
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
