// What the elements render from and act through: one viewer's view of a table, from a
// `Table` in this browser (`fromTable`) or a `SeatTable` kept from a server's stream
// (`fromSeatTable`). Every element of a page shares one source and renders from its view.
import type { ActionKind, Call, SeatTable, Table, View, Viewer } from "bridge-laws";
import { badInput, coded, isCoded } from "./errors.js";

/** A refusal, or an error thrown before the engine read the action. */
export interface Refusal {
  code: string;
  law: string;
  message: string;
}

/** What became of an action: accepted, refused (with the law), or unknown (not sent, or the connection dropped). */
export type Acted = { ok: true } | { ok: false; rejection: Refusal } | undefined;

/** One viewer's table, as the elements see it. */
export interface TableSource {
  /** Who is looking: a seat, the Director or a spectator. */
  readonly viewer: Viewer;
  /** Whether an action can be sent now (online: the connection is open). */
  readonly connected: boolean;
  /** The viewer's view (the same object until the next change). */
  view(): View;
  /** Applies an action as the viewer (a seat, or the Director). */
  act(action: ActionKind): Promise<Acted>;
  /** Reads a call typed by the player (the package's `parseCall`: "1n", "2♥", "dbl"); throws `BAD_INPUT`. */
  parseCall(text: string): Call;
  /** Calls `listener` after every change of the view or the connection; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The last action accepted from this source: by whom, and how many warnings he held before it. */
  readonly lastAct: LastAct | null;
}

/** An accepted action: its number in this source, the viewer who made it and his warnings before it. */
export interface LastAct {
  serial: number;
  viewer: Viewer;
  before: number;
}

/** A thrown `BridgeLawsError` as a refusal (anything else thrown: `BAD_INPUT`, with its message). */
export function refusalOf(e: unknown): Refusal {
  const err = isCoded(e) ? e : coded(e, "the action was not read");
  return { code: err.code, law: typeof err.law === "string" ? err.law : "", message: String(err.message) };
}

/** Whether `v` names a viewer: a seat, the Director or a spectator. */
export const isViewer = (v: unknown): v is Viewer =>
  v === "N" || v === "E" || v === "S" || v === "W" || v === "director" || v === "spectator";

/** `viewer`, or `BAD_INPUT` if it names no viewer (an element's source never holds an unknown one). */
function checkViewer(viewer: unknown): Viewer {
  if (!isViewer(viewer)) throw badInput(`not a viewer: ${describe(viewer)} (N, E, S, W, director or spectator)`);
  return viewer;
}

/** `f`, or `BAD_INPUT` if it is not a function. */
function checkFunction<F>(f: F, what: string): F {
  if (typeof f !== "function") throw badInput(`${what} must be a function`);
  return f;
}

/** A short description of a value a page handed over (never its whole text, never a throw). */
export function describe(v: unknown): string {
  try {
    if (typeof v === "string") return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
    if (v === null || typeof v !== "object") return String(v);
    return Array.isArray(v) ? "an array" : "an object";
  } catch {
    return "a value";
  }
}

/** Reads `table`'s view for `viewer`, a coded error if it cannot (not a table, or freed). */
function readTable(table: Table, viewer: Viewer): View {
  let view: unknown;
  try {
    view = (table as { view(v: Viewer): unknown }).view(viewer);
  } catch (e) {
    throw coded(e, "the table cannot be read (freed, or not a Table)");
  }
  if (view === null || typeof view !== "object") throw badInput("the table gave no view (not a Table)");
  return view as View;
}

/** The listeners and the cached view every source keeps. */
abstract class Source {
  private listeners = new Set<() => void>();
  private cached: View | null = null;

  abstract readonly viewer: Viewer;
  abstract readonly connected: boolean;
  protected abstract read(): View;
  lastAct: LastAct | null = null;

  /** Records an accepted action (the feed's notices before it become "Earlier"). */
  protected accepted(viewer: Viewer, before: number): void {
    this.lastAct = { serial: (this.lastAct?.serial ?? 0) + 1, viewer, before };
  }

  /** The viewer's view; a coded error if the table cannot be read (freed under the elements). */
  view(): View {
    const cached = this.cached;
    if (cached) return cached;
    let view: unknown;
    try {
      view = this.read();
    } catch (e) {
      throw coded(e, "the table cannot be read (freed?)");
    }
    if (view === null || typeof view !== "object") throw badInput("the table gave no view");
    return (this.cached = view as View);
  }

  subscribe(listener: () => void): () => void {
    checkFunction(listener, "a listener");
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The view changed (or the viewer, or the connection): every element renders what changed.
   *  A table that cannot be read (freed) is refused with a code, its elements left as drawn;
   *  a listener that throws stops none of the others (the first error is thrown after all). */
  changed(): void {
    this.cached = null;
    this.view();
    let failed: { e: unknown } | null = null;
    for (const f of [...this.listeners]) {
      try {
        f();
      } catch (e) {
        failed ??= { e };
      }
    }
    if (failed) throw failed.e;
  }
}

/** Every source of one `Table` in this page, told when any of them acts. */
const sources = new WeakMap<Table, Set<LocalSource>>();

/** A viewer of a `Table` in this browser; `viewer` may be switched (a demo, a face-to-face device). */
export class LocalSource extends Source {
  #viewer: Viewer;
  #table!: Table;

  readonly parseCall: (text: string) => Call;

  /** `BAD_INPUT` (nothing joined) for an unknown viewer, a table that cannot be read (not a
   *  `Table`, or freed) or a `parseCall` that is not a function. */
  constructor(table: Table, viewer: Viewer, parseCall: (text: string) => Call) {
    super();
    this.parseCall = checkFunction(parseCall, "parseCall");
    readTable(table, checkViewer(viewer));
    this.#viewer = viewer;
    this.#join(table);
  }

  #join(table: Table): void {
    this.#table = table;
    const set = sources.get(table) ?? new Set();
    set.add(this);
    sources.set(table, set);
  }

  get table(): Table {
    return this.#table;
  }

  /** Another board: the elements draw it from the start (`BAD_INPUT`, nothing changed, for a
   *  table that cannot be read). */
  set table(table: Table) {
    readTable(table, this.#viewer);
    sources.get(this.#table)?.delete(this);
    this.#join(table);
    this.lastAct = null;
    this.changed();
  }

  get viewer(): Viewer {
    return this.#viewer;
  }

  /** Another viewer (`BAD_INPUT`, nothing changed, for an unknown one). */
  set viewer(v: Viewer) {
    readTable(this.#table, checkViewer(v));
    this.#viewer = v;
    this.changed();
  }

  get connected(): boolean {
    return true;
  }

  protected read(): View {
    return this.table.view(this.#viewer);
  }

  act(action: ActionKind): Promise<Acted> {
    const seat = this.#viewer === "spectator" ? null : this.#viewer;
    if (!seat) return Promise.resolve({ ok: false, rejection: { code: "NOT_A_PLAYER", law: "", message: "a spectator cannot act" } });
    let acted: Acted;
    let before = 0;
    try {
      before = this.view().warnings.length;
      const out = this.table.apply({ seat, ...action } as Parameters<Table["apply"]>[0]);
      acted = out.ok ? { ok: true } : { ok: false, rejection: out.rejection };
    } catch (e) {
      acted = { ok: false, rejection: refusalOf(e) };
    }
    if (acted.ok) {
      this.accepted(this.#viewer, before);
      // Every source of the table redraws: one whose page listener throws stops no other.
      for (const s of sources.get(this.table) ?? []) {
        try {
          s.changed();
        } catch {
          // the action was applied; a page's listener failing is not its refusal
        }
      }
    }
    return Promise.resolve(acted);
  }
}

/** The viewer of a `SeatTable`, read and checked (a coded error if it cannot be read: freed). */
function viewerOf(t: SeatTable): Viewer {
  let viewer: unknown;
  try {
    viewer = t.viewer;
    t.view();
  } catch (e) {
    throw coded(e, "the SeatTable cannot be read (freed, or not a SeatTable)");
  }
  return checkViewer(viewer);
}

/** How a page sends an action to the server and learns its fate (the `ack`). */
export type Send = (action: ActionKind) => Promise<Acted>;

/** One viewer online: the `SeatTable` the page folds the server's pushes into. */
export class SeatSource extends Source {
  #connected = true;

  #seatTable: SeatTable;
  /** The SeatTable's viewer, read once (every element asks at every push). */
  #viewer: Viewer;

  readonly parseCall: (text: string) => Call;
  private readonly send: Send;

  /** `BAD_INPUT` for a `SeatTable` that cannot be read (freed) or a `send` or `parseCall`
   *  that is not a function. */
  constructor(seatTable: SeatTable, send: Send, parseCall: (text: string) => Call) {
    super();
    this.send = checkFunction(send, "send");
    this.parseCall = checkFunction(parseCall, "parseCall");
    this.#viewer = viewerOf(seatTable);
    this.#seatTable = seatTable;
  }

  get seatTable(): SeatTable {
    return this.#seatTable;
  }

  /** A fresh `SeatTable` (joined again from a whole view); `BAD_INPUT`, nothing changed, for
   *  one that cannot be read. */
  set seatTable(t: SeatTable) {
    const viewer = viewerOf(t);
    this.#seatTable = t;
    this.#viewer = viewer;
    this.changed();
  }

  get viewer(): Viewer {
    return this.#viewer;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** The connection opened or dropped: the bidding box is live only while it is open. */
  set connected(open: boolean) {
    if (typeof open !== "boolean") throw badInput("connected must be true or false");
    if (open === this.#connected) return;
    this.#connected = open;
    this.changed();
  }

  protected read(): View {
    return this.seatTable.view();
  }

  act(action: ActionKind): Promise<Acted> {
    if (!this.#connected) return Promise.resolve(undefined);
    const viewer = this.viewer;
    let before = 0;
    let sent: Promise<Acted>;
    try {
      before = this.view().warnings.length;
      sent = Promise.resolve(this.send(action));
    } catch (e) {
      return Promise.resolve({ ok: false, rejection: refusalOf(e) });
    }
    return sent.then((out) => {
      if (out?.ok) {
        this.accepted(viewer, before);
        try {
          this.changed();
        } catch {
          // accepted: a page's listener failing, or the table freed meanwhile, is no refusal
        }
      }
      return out;
    });
  }
}

/** The source of `viewer` at a `Table` in this browser (pass the package's `parseCall`). */
export const fromTable = (table: Table, viewer: Viewer, parseCall: (text: string) => Call): LocalSource =>
  new LocalSource(table, viewer, parseCall);

/** The source of a `SeatTable` online: call `changed()` after each push it receives. */
export const fromSeatTable = (seatTable: SeatTable, send: Send, parseCall: (text: string) => Call): SeatSource =>
  new SeatSource(seatTable, send, parseCall);
