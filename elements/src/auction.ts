// <bl-auction>: the auction as a score card lays it out (W N E S columns), each call read
// whole by a screen reader ("East: two hearts, alerted: transfer to spades"), a "?" on each
// call the viewer may ask about (L20F1), the irregular call awaiting a decision where it was
// made, and the calls withdrawn listed below.
import type { Seat, SeenCall, View } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import type { TableSource } from "./source.js";
import { withdrawalReason } from "./i18n/index.js";
import { clip } from "./errors.js";
import { TEXT_SHOWN, callNode, callWords, cloned, isSeat, madeUnder, partner, recycle, said, seatName, shownCallNode } from "./text.js";

/** Auction grid columns, as printed on score cards. */
const COLUMNS: Seat[] = ["W", "N", "E", "S"];

const vulnerable = (v: View, s: Seat) =>
  v.vulnerability === "All" || (v.vulnerability === "NS" ? s === "N" || s === "S" : v.vulnerability === "EW" && (s === "E" || s === "W"));

/** Makes `parent`'s children `nodes`, in order, moving only those out of place. */
function lay(parent: Element, nodes: Element[]): void {
  let at = parent.firstElementChild;
  for (const node of nodes) {
    if (at === node) at = at.nextElementSibling;
    else parent.insertBefore(node, at);
  }
  while (at) {
    const next = at.nextElementSibling;
    at.remove();
    at = next;
  }
}

/** What a cell of the grid shows: a call in force, the irregular call or the next-call mark —
 *  its content, the class and name of its <td>, and whether its height follows the content
 *  (`grows`: an explanation shown in it wraps). */
type Shown = { node: Element; cls: string; label: string | null; grows: boolean };

/** One cell: a call in force (`inForce`: a seat it passes over was skipped), the irregular call, or the next-call mark. */
type Item = { seat: Seat; cell: Shown; inForce: boolean };

/** A place in the grid: a cell drawn, or a seat that has not called there (`BLANK`) or was skipped (`SKIPPED`). */
const BLANK: unique symbol = Symbol("blank");
const SKIPPED: unique symbol = Symbol("skipped");
type Slot = Shown | typeof BLANK | typeof SKIPPED;

/** A <td> of the grid, kept while its row is: the box inside it that holds what it shows (laid
 *  out apart from the grid, a default rule: `contain`, a fixed block size), and what was last
 *  written in each — a push writes the two places it changes (the call, the mark), and the grid
 *  around them is neither rebuilt nor laid out again. */
type Place = { td: HTMLTableCellElement; box: HTMLElement; cls: string; label: string | null; content: Node | null; grows: boolean };
/** A row as drawn: what it was drawn from, its <tr> and its places (one, four columns wide, for
 *  the text of an empty auction). */
type Row = { cells: (Slot | string)[]; tr: HTMLTableRowElement; places: Place[] };

/** A place with nothing in it yet. */
function place(wide: boolean): Place {
  const box = document.createElement("div");
  box.className = "slot";
  const td = document.createElement("td");
  if (wide) td.colSpan = 4;
  td.appendChild(box);
  return { td, box, cls: "", label: null, content: null, grows: false };
}

/** Writes in `p` what changed of its class, name, content and growth. */
function write(p: Place, cls: string, label: string | null, content: Node | null, grows: boolean): void {
  if (p.cls !== cls) {
    // A cell with no class has no class attribute (as a cell drawn fresh).
    if (cls) p.td.className = cls;
    else p.td.removeAttribute("class");
    p.cls = cls;
  }
  if (p.label !== label) {
    if (label === null) p.td.removeAttribute("aria-label");
    else p.td.setAttribute("aria-label", label);
    p.label = label;
  }
  if (p.content !== content || (content && content.parentNode !== p.box) || p.box.childNodes.length !== (content ? 1 : 0)) {
    if (content) p.box.replaceChildren(content);
    else p.box.replaceChildren();
    p.content = content;
  }
  if (p.grows !== grows) {
    p.box.classList.toggle("grows", grows);
    p.grows = grows;
  }
}

/** A call's cell as drawn: from which call, its parts, its "?". */
type Cell = {
  call: SeenCall; shown: Shown; bid: HTMLElement;
  /** What the cell was cloned as (`cloned`'s id), to be handed out again once dropped; null
   *  when it carries what its prototype does not (an explanation): not handed out again. */
  kind: string | null;
  /** The prototypes' generation it was cloned under (`madeUnder`). */
  made: object;
  /** The row holding the call shown and its "?" (`.bid-line`): made with the cell of an
   *  opponent's call, later for another only if it ever needs a "?". */
  line: HTMLElement | null;
  /** Whether the "?" was last written shown (left as it is while the grid asks nothing); the
   *  "?", made the first time the call is askable and then kept in the cell, `hidden` (out of
   *  the tab order and the accessibility tree) while the grid asks and this call is not askable. */
  asking: boolean; askButton: HTMLButtonElement | null;
};

export class Auction extends TableElement {
  /** The cells drawn for the calls in force, by index, with what they were drawn from: a push
   *  that adds a call draws that call's cell only, and the others are moved, not rebuilt (their
   *  "?" shown or hidden as the viewer may ask or not). */
  #cells = new Map<number, Cell>();
  /** What the cells were drawn for (the source their "?" acts on, its viewer, the locale):
   *  another, other cells. */
  #cellsFor: [TableSource | null, string, string] = [null, "", ""];
  /** The grid's head (the seats, the vulnerable ones marked), kept while it reads the same. */
  #head: { key: string; nodes: HTMLElement[] } | null = null;
  /** The grid's rows as drawn, each with the cells it was made of: a row made of the same
   *  cells is kept (a push redraws the last row or two, not the grid). */
  #drawnRows: Row[] = [];
  #table: HTMLTableElement | null = null;
  /** Whether the table carries `.asking` (the viewer may ask about a call: its "?" shown). */
  #asking = false;
  #tbody: HTMLTableSectionElement | null = null;
  #withdrawn: HTMLElement | null = null;
  /** What the withdrawn calls were drawn from: the list and the messages. */
  #withdrawnFrom: [unknown, unknown] = [null, null];
  /** The next-call mark of each seat, kept (it moves at every call). */
  #nextCells = new Map<Seat, Shown>();

  protected slice(v: View): unknown {
    return [v.dealer, v.vulnerability, v.calls, v.pending, v.withdrawn, v.askable, v.phase, v.turn];
  }

  protected draw(v: View, s: TableSource): void {
    const m = this.m;
    const [source, viewer, locale] = this.#cellsFor;
    if (source !== s || viewer !== s.viewer || locale !== m.locale) {
      // Another board, viewer or language: its cells are given back (a board's calls are
      // mostly those of the boards before, cloned again from the same prototypes).
      for (const cell of this.#cells.values()) this.#drop(cell);
      this.#cells.clear();
      if (locale !== m.locale) this.#nextCells.clear();
      this.#cellsFor = [s, s.viewer, m.locale];
    }
    const focused = this.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    // While the viewer may ask about no call, every "?" is out of sight by one class on the
    // table (a default rule: `display: none`), each left as it was; while he may, each is
    // shown or hidden as its call is askable (the calls made since his last turn).
    const askable = new Set(v.askable);
    const asking = askable.size > 0;
    const seat = isSeat(s.viewer) ? s.viewer : null;
    const items: Item[] = v.calls.map((call) => ({ seat: call.seat, cell: this.#cached(call, asking && askable.has(call.index), asking, seat).shown, inForce: true }));
    for (const [index, cell] of this.#cells) {
      if (index < v.calls.length) continue;
      this.#drop(cell);
      this.#cells.delete(index);
    }
    // The irregular call on the table (insufficient, out of rotation, inadmissible, by a
    // barred player, an attempted change): shown where it was made until it is accepted
    // (then it is a call in force) or withdrawn (then it is listed below the grid).
    const p = v.pending;
    const irregular = !!p && p.kind !== "undo" && p.kind !== "replacement";
    if (p && irregular) {
      const label = m.format("ui.auction.irregular", { seat: seatName(m, p.seat), call: callWords(m, p.call), law: p.law });
      items.push({
        seat: p.seat,
        inForce: false,
        cell: { cls: "irregular-cell", label: null, grows: false, node:
          h("div", { class: "bid irregular", "data-irregular": p.kind, "data-label": label, title: label },
            h("span", { class: "sr-only" }, label),
            h("span", { "aria-hidden": "true" }, callNode(m, p.call), h("span", { class: "irregular-mark" }, `L${p.law}`))) },
      });
    }
    const next = v.phase === "auction" && v.turn && !irregular ? v.turn : null;
    if (next) {
      let cell = this.#nextCells.get(next);
      if (!cell) {
        cell = { cls: "next", label: said(m, "ui.auction.next", { seat: seatName(m, next) }), grows: false,
          node: h("span", { class: "next-mark", "aria-hidden": "true" }, "…") };
        this.#nextCells.set(next, cell);
      }
      items.push({ seat: next, inForce: false, cell });
    }
    const headKey = `${m.locale} ${v.vulnerability}`;
    if (this.#head?.key !== headKey || !this.#table || this.#table.parentNode !== this) {
      this.#head = { key: headKey, nodes: [
        h("caption", { class: "sr-only" }, m.format("ui.auction.title")),
        h("thead", {}, h("tr", {}, COLUMNS.map((c) => h("th", { scope: "col", class: vulnerable(v, c) ? "vul" : "" }, seatName(m, c),
          vulnerable(v, c) ? h("span", { class: "sr-only" }, `, ${m.format("ui.vulnerable")}`) : null)))),
      ] };
      this.#tbody = h("tbody", {});
      this.#table = h("table", { class: "auction" }, this.#head.nodes, this.#tbody);
      this.#asking = false;
      this.#drawnRows = [];
      this.replaceChildren(this.#table);
      this.#withdrawn = null;
      this.#withdrawnFrom = [null, null];
    }
    const rows: (Slot | string)[][] = this.#rows(v.dealer, items);
    if (!rows.length) rows.push([m.format("ui.auction.none")]);
    // A row keeps its <tr> and its places; only the places whose slot changed are written (a
    // push lands one call where the next-call mark was and moves the mark to the blank after).
    const body = this.#tbody!;
    const drawn = this.#drawnRows;
    this.#drawnRows = rows.map((cells, i) => {
      const old = drawn[i];
      if (old && old.cells.length === cells.length && old.cells.every((c, j) => c === cells[j])) return old;
      const wide = typeof cells[0] === "string";
      const kept = old && old.places.length === cells.length && old.places[0].td.colSpan === (wide ? 4 : 1);
      const places = kept ? old.places : cells.map(() => place(wide));
      const tr = old?.tr ?? document.createElement("tr");
      if (!kept) tr.replaceChildren(...places.map((p) => p.td));
      cells.forEach((c, j) => {
        if (!kept || old.cells[j] !== c) this.#write(places[j], c);
      });
      return { cells, tr, places };
    });
    // A call's content moved out of a place not written since (the rows laid again, not a
    // push): that place written again as it now reads.
    for (const row of this.#drawnRows) {
      row.cells.forEach((c, j) => {
        const p = row.places[j];
        if (p.content && p.content.parentNode !== p.box) this.#write(p, c);
      });
    }
    lay(body, this.#drawnRows.map((r) => r.tr));
    if (asking !== this.#asking) {
      this.#table!.classList.toggle("asking", asking);
      this.#asking = asking;
    }
    // The calls withdrawn, drawn again only when they change (the very list, or the locale).
    if (this.#withdrawnFrom[0] !== v.withdrawn || this.#withdrawnFrom[1] !== m || (this.#withdrawn && this.#withdrawn.parentNode !== this)) {
      this.#withdrawn?.remove();
      this.#withdrawnFrom = [v.withdrawn, m];
      this.#withdrawn = v.withdrawn.length
        ? this.appendChild(h("div", { class: "withdrawn" }, h("h3", {}, m.format("ui.auction.withdrawn")),
            h("ul", {}, v.withdrawn.map((w) => h("li", {}, h("s", {}, seatName(m, w.seat), " ", callNode(m, w.call)),
              ` — ${m.format("ui.law", { law: w.law })}: ${clip(withdrawalReason(m, w.reason), TEXT_SHOWN)}`)))))
        : null;
    }
    // A control kept across the drawing keeps the focus (a keyboard user on a "?" is not thrown out).
    if (focused && focused !== document.activeElement && this.contains(focused)) focused.focus();
  }

  constructor() {
    super();
    // One listener for every "?" (the call it asks about: its cell's index).
    this.addEventListener("click", (e) => {
      const ask = (e.target as Element | null)?.closest?.("button.ask");
      const bid = ask?.closest(".bid");
      const s = this.source;
      if (ask && bid && s && this.contains(ask)) void s.act({ type: "ask", index: Number(bid.getAttribute("data-index")) });
    });
  }

  /** The cell of a call in force: the one drawn before if the call reads the same (the very
   *  object, or the same JSON), its "?" shown or hidden while the grid asks (`asking`). */
  #cached(call: SeenCall, askable: boolean, asking: boolean, viewer: Seat | null): Cell {
    let cell = this.#cells.get(call.index);
    if (cell?.call !== call) {
      // Another object for a call drawn (a whole view received again): the same cell if it
      // reads the same. A new call (the common push) is not written as JSON at all.
      if (cell && JSON.stringify(cell.call) === JSON.stringify(call)) cell.call = call;
      else {
        if (cell) this.#drop(cell);
        cell = this.#call(call, !!viewer && call.seat !== viewer && call.seat !== partner(viewer));
        this.#cells.set(call.index, cell);
      }
    }
    if (asking && askable !== cell.asking) {
      // The "?" stays in the cell once made: shown and hidden (a `hidden` control is out of
      // the tab order and the accessibility tree), not added and taken away at every turn.
      cell.bid.classList.toggle("askable", askable);
      if (cell.askButton) cell.askButton.hidden = !askable;
      else cell.askButton = lineOf(cell).appendChild(this.#ask(call));
      cell.asking = askable;
    }
    return cell;
  }

  /**
   * Lays the cells out as a score card does: each in its caller's column, a new row when the
   * column comes round again. A seat passed over by a call in force was skipped (L29A) and
   * shows a dash; a seat passed over only by the irregular call or the next-call mark has
   * not called yet and shows nothing.
   */
  #rows(dealer: Seat, items: Item[]): Slot[][] {
    if (!items.length) return [];
    const rows: Slot[][] = [];
    let row: Slot[] = [];
    let col = COLUMNS.indexOf(dealer);
    const blank: Slot = BLANK;
    const skipped: Slot = SKIPPED;
    for (let i = 0; i < col; i++) row.push(blank);
    for (const item of items) {
      const at = COLUMNS.indexOf(item.seat);
      if (at < col) {
        while (row.length < 4) row.push(blank);
        rows.push(row);
        row = [];
        col = 0;
      }
      for (; col < at; col++) row.push(item.inForce ? skipped : blank);
      row.push(item.cell);
      col = at + 1;
      if (col === 4) {
        rows.push(row);
        row = [];
        col = 0;
      }
    }
    if (row.length) {
      while (row.length < 4) row.push(blank);
      rows.push(row);
    }
    return rows;
  }

  /** Writes a place of the grid: a call's cell, an empty one, a skipped seat's, or the text of an empty auction. */
  #write(p: Place, c: Slot | string): void {
    if (c === BLANK) write(p, "empty", null, null, false);
    else if (c === SKIPPED) write(p, "empty skipped", null, h("span", { class: "sr-only" }, said(this.m, "ui.auction.skipped")), false);
    else if (typeof c === "string") write(p, "empty", null, document.createTextNode(c), true);
    else write(p, c.cls, c.label, c.node, c.grows);
  }

  /** A call in force, with what was disclosed of it to this viewer (its "?" is made by
   *  `#cached`, in the `.bid-line` made here for an opponent's call: `lined`). */
  #call(call: SeenCall, lined: boolean): Cell {
    const m = this.m;
    let texts: string[] | null = null;
    for (const d of call.disclosures) if (d.text && !d.superseded) (texts ??= []).push(clip(d.text, TEXT_SHOWN));
    const label = (explained: string[] | null) => said(m, explained ? "ui.auction.call.explained" : call.alerted ? "ui.auction.call.alerted" : "ui.auction.call",
      { seat: seatName(m, call.seat), call: callWords(m, call.call), explanation: explained ? explained.join("; ") : "" });
    // One clone of the call's cell as built once per locale, seat, call and marks (the call
    // shown, its marks, the line for a "?", and — unless the call was explained — its words),
    // then its index: div.bid > (span.sr-only, [span.bid-line >] span.call[aria-hidden],
    // marks). The call shown carries no words of its own (the cell's label is said), and a "?"
    // gets its line only on the calls that may have one: 8 nodes for a bid of the viewer's
    // side (6 for a pass), 9 for an opponent's (10 for any before).
    const shown = () => [shownCallNode(m, call.call),
      call.alerted && h("span", { class: "alert-mark", title: said(m, "ui.auction.alerted"), "aria-hidden": "true" }, "!"),
      call.auto && h("span", { class: "auto-mark", title: said(m, "ui.auction.auto"), "aria-hidden": "true" }, said(m, "ui.auction.auto.short"))];
    const kind = `cell ${call.seat} ${call.call}${call.alerted ? " !" : ""}${call.auto ? " auto" : ""}${lined ? " line" : ""}`;
    const bid = cloned(m, kind, () => {
      const plain = label(null);
      return h("div", { class: call.alerted ? "bid alerted" : "bid", "data-label": plain }, h("span", { class: "sr-only" }, plain),
        lined ? h("span", { class: "bid-line" }, shown()) : shown());
    });
    const sr = bid.firstElementChild as HTMLElement;
    const line = lined ? (sr.nextElementSibling as HTMLElement) : null;
    // Attributes set by name: a `dataset` write goes through the DOMStringMap's named setter, several times slower.
    bid.setAttribute("data-index", String(call.index));
    // A cell given back keeps its "?" (hidden), to be shown for this call.
    const kept = line?.lastElementChild;
    const askButton = kept?.localName === "button" ? (kept as HTMLButtonElement) : null;
    if (texts) {
      const words = label(texts);
      bid.setAttribute("data-label", words);
      (sr.firstChild as Text).data = words;
    }
    // A cell showing what was disclosed (an explanation, even superseded) is not its
    // prototype's: not handed out again.
    let asMade = true;
    for (const d of call.disclosures) {
      if (!d.text) continue;
      bid.append(h("span", { class: `disclosure${d.superseded ? " superseded" : ""}`, "data-kind": d.kind, "aria-hidden": "true" }, clip(d.text, TEXT_SHOWN)));
      asMade = false;
    }
    return { call, shown: { node: bid, cls: "", label: null, grows: !asMade }, bid, kind: asMade ? kind : null, made: madeUnder(m), line, asking: false, askButton };
  }

  /** A cell no longer drawn for its call: given back to be cloned again (as its prototype
   *  reads, its "?" hidden), unless it carries an explanation. */
  #drop(cell: Cell): void {
    if (cell.kind === null) return;
    if (cell.asking) cell.bid.classList.remove("askable");
    if (cell.askButton) cell.askButton.hidden = true;
    recycle(this.m, cell.kind, cell.bid, cell.made);
    cell.kind = null;
  }

  /** The "?" on a call: the question sits on the call it asks about (L20F1); the element's
   *  one listener asks it. */
  #ask(call: SeenCall): HTMLButtonElement {
    const m = this.m;
    // Made once per locale, seat and call with its name ("Ask North's side about 1 no trump");
    // the call it asks about is its cell's (`data-index`).
    return cloned(m, `ask ${call.seat} ${call.call}`, () => h("button", { type: "button", class: "ask", title: said(m, "ui.auction.ask.title"),
      "aria-label": said(m, "ui.auction.ask", { seat: seatName(m, call.seat), call: callWords(m, call.call) }) }, "?")) as HTMLButtonElement;
  }
}

/** A cell's `.bid-line`, made around the call shown and its marks if the cell has none (a
 *  "?" on a call of the viewer's side: not one the engine offers today). */
function lineOf(cell: Cell): HTMLElement {
  if (!cell.line) {
    const line = h("span", { class: "bid-line" });
    const sr = cell.bid.firstElementChild!;
    while (sr.nextSibling && !(sr.nextSibling instanceof Element && sr.nextSibling.classList.contains("disclosure"))) line.appendChild(sr.nextSibling);
    cell.line = cell.bid.insertBefore(line, sr.nextSibling);
  }
  return cell.line;
}

define("bl-auction", Auction);
