// What the elements render from and act through: one viewer's view of a table, from a
// `Table` in this browser (`fromTable`) or a `SeatTable` kept from a server's stream
// (`fromSeatTable`). Every element of a page shares one source and renders from its view.
import type { ActionKind, Call, SeatTable, Table, View, Viewer } from "bridge-laws";

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

/** A thrown `BridgeLawsError` (or anything else) as a refusal. */
export function refusalOf(e: unknown): Refusal {
  const err = e as { name?: string; code?: string; message?: string };
  return { code: err.code ?? err.name ?? "ERROR", law: "", message: err.message ?? String(e) };
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

  view(): View {
    return (this.cached ??= this.read());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The view changed (or the viewer, or the connection): every element renders what changed. */
  changed(): void {
    this.cached = null;
    for (const f of [...this.listeners]) f();
  }
}

/** Every source of one `Table` in this page, told when any of them acts. */
const sources = new WeakMap<Table, Set<LocalSource>>();

/** A viewer of a `Table` in this browser; `viewer` may be switched (a demo, a face-to-face device). */
export class LocalSource extends Source {
  #viewer: Viewer;
  #table!: Table;

  constructor(
    table: Table,
    viewer: Viewer,
    readonly parseCall: (text: string) => Call,
  ) {
    super();
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

  /** Another board: the elements draw it from the start. */
  set table(table: Table) {
    sources.get(this.#table)?.delete(this);
    this.#join(table);
    this.lastAct = null;
    this.changed();
  }

  get viewer(): Viewer {
    return this.#viewer;
  }

  set viewer(v: Viewer) {
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
    const before = this.view().warnings.length;
    try {
      const out = this.table.apply({ seat, ...action } as Parameters<Table["apply"]>[0]);
      acted = out.ok ? { ok: true } : { ok: false, rejection: out.rejection };
    } catch (e) {
      acted = { ok: false, rejection: refusalOf(e) };
    }
    if (acted.ok) {
      this.accepted(this.#viewer, before);
      for (const s of sources.get(this.table) ?? []) s.changed();
    }
    return Promise.resolve(acted);
  }
}

/** How a page sends an action to the server and learns its fate (the `ack`). */
export type Send = (action: ActionKind) => Promise<Acted>;

/** One viewer online: the `SeatTable` the page folds the server's pushes into. */
export class SeatSource extends Source {
  #connected = true;

  #seatTable: SeatTable;
  /** The SeatTable's viewer, read once (every element asks at every push). */
  #viewer: Viewer;

  constructor(
    seatTable: SeatTable,
    private readonly send: Send,
    readonly parseCall: (text: string) => Call,
  ) {
    super();
    this.#seatTable = seatTable;
    this.#viewer = seatTable.viewer;
  }

  get seatTable(): SeatTable {
    return this.#seatTable;
  }

  /** A fresh `SeatTable` (joined again from a whole view). */
  set seatTable(t: SeatTable) {
    this.#seatTable = t;
    this.#viewer = t.viewer;
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
    const before = this.view().warnings.length;
    return this.send(action).then((out) => {
      if (out?.ok) {
        this.accepted(viewer, before);
        this.changed();
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
