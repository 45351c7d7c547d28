// What every element shares: its source, its locale, and rendering only when the part of
// the view it shows has changed (a push that leaves the grid alone leaves the grid's DOM alone).
import type { View } from "bridge-laws";
import { messages, rejectionMessage, type Messages } from "./i18n/index.js";
import type { Refusal, TableSource } from "./source.js";
import { isViewer } from "./source.js";
import { badInput, coded, type CodedError } from "./errors.js";
import { adoptStyles } from "./styles.js";

/** `HTMLElement` where there is a DOM; a stand-in where there is none (a module imported by Node for server rendering). */
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/** What the live region is told by an element (a refusal of the player's own action). */
export interface Announcement {
  text: string;
}
export const ANNOUNCE = "bl-announce";
/** The event an element dispatches (bubbling) when it could not draw a change: its `detail`
 *  is the coded error; the element shows what it drew before. */
export const FAILED = "bl-error";

/** Whether `s` has what the elements use of a source (`fromTable`, `fromSeatTable`, or a
 *  page's own `TableSource`). */
function isSource(s: unknown): s is TableSource {
  try {
    if (s === null || typeof s !== "object") return false;
    const t = s as Record<string, unknown>;
    return typeof t.view === "function" && typeof t.act === "function" && typeof t.subscribe === "function" &&
      typeof t.parseCall === "function" && isViewer(t.viewer);
  } catch {
    return false;
  }
}

/** The base of the table's elements: set `source`, optionally the `locale` attribute. */
export abstract class TableElement extends Base {
  static observedAttributes = ["locale"];
  #source: TableSource | null = null;
  #unsubscribe: (() => void) | null = null;
  /** What the element last drew from: each part of its slice (with the viewer, the connection
   *  and the locale), and that part's JSON. */
  #drawn: { parts: unknown[]; json: (string | undefined)[] } | null = null;
  protected m: Messages = messages("en");

  get source(): TableSource | null {
    return this.#source;
  }

  /** Draws from `s` (`null`: from nothing). `BAD_INPUT`, the element as it was, for anything
   *  but a source whose view can be read and drawn. */
  set source(s: TableSource | null) {
    if (s !== null && !isSource(s)) throw badInput("source must be a TableSource (fromTable or fromSeatTable) or null");
    const old = this.#source;
    try {
      s?.view();
    } catch (e) {
      throw coded(e, "the source's view cannot be read");
    }
    try {
      this.#switch(s);
      this.refresh(true);
    } catch (e) {
      // Drawn from the source before, as it was.
      this.#switch(old);
      this.redraw(true);
      throw coded(e, "the source's view cannot be drawn");
    }
  }

  #switch(s: TableSource | null): void {
    this.#stop();
    this.#source = s;
    this.#listen();
  }

  connectedCallback(): void {
    try {
      this.#listen();
    } catch {
      // a page's source that cannot be subscribed to: drawn once, not kept up to date
    }
    this.redraw(true);
  }

  disconnectedCallback(): void {
    this.#stop();
  }

  /** Stops listening to the source (a page's unsubscribe that throws changes nothing here). */
  #stop(): void {
    const off = this.#unsubscribe;
    this.#unsubscribe = null;
    try {
      off?.();
    } catch {
      // nothing to undo: the element no longer listens
    }
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === "locale") {
      this.m = messages(value ?? undefined);
      this.redraw(true);
    }
  }

  #listen(): void {
    if (!this.#source || !this.isConnected || this.#unsubscribe) return;
    const off = this.#source.subscribe(() => this.redraw(false));
    this.#unsubscribe = typeof off === "function" ? off : null;
  }

  /** Draws what changed; a change that cannot be drawn (the table freed, a source's view
   *  that is not a view) leaves what was drawn and is told as `bl-error`, never thrown into
   *  the source's other elements. */
  protected redraw(force: boolean): void {
    try {
      this.refresh(force);
    } catch (e) {
      this.dispatchEvent(new CustomEvent<CodedError>(FAILED, { bubbles: true, detail: coded(e, "the view cannot be drawn") }));
    }
  }

  /** Draws again if what this element shows changed (`force`: whatever it shows). */
  refresh(force = false): void {
    const s = this.#source;
    if (!s || !this.isConnected) return;
    const view = s.view();
    const slice = this.slice(view, s);
    if (!force && this.#same(s, slice)) return;
    const parts = [s.viewer, s.connected, this.m.locale, ...(Array.isArray(slice) ? slice : [slice])];
    // A part that is the very value drawn from is unchanged (a SeatTable keeps what a push did
    // not touch, and the view is never changed in place); a list of the very same items is
    // unchanged, one of another length changed; any other is compared as JSON — written only
    // when a comparison needs it (once something changed, the rest is not compared).
    const drawn = this.#drawn?.parts.length === parts.length ? this.#drawn : null;
    let changed = force || !drawn;
    const json: (string | undefined)[] = new Array(parts.length);
    if (drawn) {
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        const old = drawn.parts[i];
        if (part === old) {
          json[i] = drawn.json[i];
          continue;
        }
        if (changed) continue;
        const verdict = compare(old, part);
        if (verdict !== undefined) {
          if (verdict) json[i] = drawn.json[i];
          else changed = true;
          continue;
        }
        const text = JSON.stringify(part) ?? "";
        changed = text !== (drawn.json[i] ?? JSON.stringify(old) ?? "");
        json[i] = text;
      }
    }
    // Drawn from these parts once drawing ends (a drawing that throws draws whole next time).
    this.#drawn = null;
    if (changed) this.draw(view, s);
    this.#drawn = { parts, json };
  }

  /** Whether every part is the very value drawn from (most pushes, for most elements): no
   *  array made to tell. */
  #same(s: TableSource, slice: unknown): boolean {
    const parts = this.#drawn?.parts;
    if (!parts || parts[0] !== s.viewer || parts[1] !== s.connected || parts[2] !== this.m.locale) return false;
    if (!Array.isArray(slice)) return parts.length === 4 && parts[3] === slice;
    if (parts.length !== slice.length + 3) return false;
    for (let i = 0; i < slice.length; i++) if (parts[i + 3] !== slice[i]) return false;
    return true;
  }

  /** The part of the view (and source) this element shows (an array: its items compared one
   *  by one), never changed in place: it draws again only when it changes. */
  protected abstract slice(view: View, source: TableSource): unknown;
  /** Draws the element from the view. */
  protected abstract draw(view: View, source: TableSource): void;

  /** Tells the page's live region (and the player) that his action was refused. */
  protected announce(text: string): void {
    this.dispatchEvent(new CustomEvent<Announcement>(ANNOUNCE, { bubbles: true, composed: true, detail: { text } }));
  }

  /** "2♥ refused — Law 27B: it does not supersede the last bid" (the engine's words until a catalog has the code). */
  protected refusalText(r: Refusal, what: string, call?: string): string {
    // The call refused is a parameter of its message ("two hearts does not outrank …").
    const reason = rejectionMessage(this.m, r, call === undefined ? undefined : { call });
    return this.m.format(r.law ? "ui.refusal.law" : "ui.refusal", { what, law: r.law, reason });
  }
}

/** Whether `next` reads as `old` without writing either as JSON: `true` (a list of the very
 *  same items), `false` (another primitive, `null` against a value, a list of another length or
 *  against a non-list), or `undefined` (JSON must tell). */
function compare(old: unknown, next: unknown): boolean | undefined {
  if (old === null || next === null || typeof old !== "object" || typeof next !== "object") return false;
  const lists = Array.isArray(old);
  if (lists !== Array.isArray(next)) return false;
  if (!lists) return undefined;
  const [a, b] = [old as unknown[], next as unknown[]];
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return undefined;
  return true;
}

/** Defines a custom element once (a page may load the module twice). */
export function define(name: string, ctor: CustomElementConstructor): void {
  if (typeof customElements === "undefined" || customElements.get(name)) return;
  adoptStyles();
  customElements.define(name, ctor);
}
