// <bl-auction>: the auction as a score card lays it out (W N E S columns), each call read
// whole by a screen reader ("East: two hearts, alerted: transfer to spades"), a "?" on each
// call the viewer may ask about (L20F1), the irregular call awaiting a decision where it was
// made, and the calls withdrawn listed below.
import type { Seat, SeenCall, View } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import type { TableSource } from "./source.js";
import { callNode, callWords, seatName } from "./text.js";

/** Auction grid columns, as printed on score cards. */
const COLUMNS: Seat[] = ["W", "N", "E", "S"];

const vulnerable = (v: View, s: Seat) =>
  v.vulnerability === "All" || (v.vulnerability === "NS" ? s === "N" || s === "S" : v.vulnerability === "EW" && (s === "E" || s === "W"));

/** One cell: a call in force (`inForce`: a seat it passes over was skipped), the irregular call, or the next-call mark. */
type Item = { seat: Seat; cell: HTMLTableCellElement; inForce: boolean };

export class Auction extends TableElement {
  /** The cells drawn for the calls in force, by index, with what they were drawn from: a push
   *  that adds a call draws that call's cell only, and the others are moved, not rebuilt. */
  #cells = new Map<number, { key: string; node: HTMLElement }>();
  /** The source the cells act on (their "?" buttons): another source, other cells. */
  #cellsFor: TableSource | null = null;

  protected slice(v: View): unknown {
    return [v.dealer, v.vulnerability, v.calls, v.pending, v.withdrawn, v.askable, v.phase, v.turn];
  }

  protected draw(v: View, s: TableSource): void {
    const m = this.m;
    if (this.#cellsFor !== s) {
      this.#cells.clear();
      this.#cellsFor = s;
    }
    const focused = this.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    const items: Item[] = v.calls.map((call) => ({ seat: call.seat, cell: h("td", {}, this.#cached(v, s, call)), inForce: true }));
    for (const index of this.#cells.keys()) if (index >= v.calls.length) this.#cells.delete(index);
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
        cell: h("td", { class: "irregular-cell" },
          h("div", { class: "bid irregular", "data-irregular": p.kind, "data-label": label, title: label },
            h("span", { class: "sr-only" }, label),
            h("span", { "aria-hidden": "true" }, callNode(m, p.call), h("span", { class: "irregular-mark" }, `L${p.law}`)))),
      });
    }
    const next = v.phase === "auction" && v.turn && !irregular ? v.turn : null;
    if (next) {
      items.push({
        seat: next,
        inForce: false,
        cell: h("td", { class: "next", "aria-label": m.format("ui.auction.next", { seat: seatName(m, next) }) }, h("span", { class: "next-mark", "aria-hidden": "true" }, "…")),
      });
    }
    const rows = this.#rows(v.dealer, items);
    this.replaceChildren(
      h("table", { class: "auction" },
        h("caption", { class: "sr-only" }, m.format("ui.auction.title")),
        h("thead", {}, h("tr", {}, COLUMNS.map((c) => h("th", { scope: "col", class: vulnerable(v, c) ? "vul" : "" }, seatName(m, c),
          vulnerable(v, c) ? h("span", { class: "sr-only" }, `, ${m.format("ui.vulnerable")}`) : null)))),
        h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: 4, class: "empty" }, m.format("ui.auction.none"))))),
      v.withdrawn.length
        ? h("div", { class: "withdrawn" }, h("h3", {}, m.format("ui.auction.withdrawn")),
            h("ul", {}, v.withdrawn.map((w) => h("li", {}, h("s", {}, seatName(m, w.seat), " ", callNode(m, w.call)),
              ` — ${m.format("ui.law", { law: w.law })}: ${w.reason}`))))
        : "",
    );
    // A control kept across the drawing keeps the focus (a keyboard user on a "?" is not thrown out).
    if (focused && focused !== document.activeElement && this.contains(focused)) focused.focus();
  }

  /** The cell of a call in force: the one drawn before if nothing it shows has changed. */
  #cached(v: View, s: TableSource, call: SeenCall): HTMLElement {
    const key = JSON.stringify([call, v.askable.includes(call.index), s.viewer, this.m.locale]);
    const had = this.#cells.get(call.index);
    if (had && had.key === key) return had.node;
    const node = this.#call(v, s, call);
    this.#cells.set(call.index, { key, node });
    return node;
  }

  /**
   * Lays the cells out as a score card does: each in its caller's column, a new row when the
   * column comes round again. A seat passed over by a call in force was skipped (L29A) and
   * shows a dash; a seat passed over only by the irregular call or the next-call mark has
   * not called yet and shows nothing.
   */
  #rows(dealer: Seat, items: Item[]): HTMLElement[] {
    if (!items.length) return [];
    const rows: HTMLElement[][] = [];
    let row: HTMLElement[] = [];
    let col = COLUMNS.indexOf(dealer);
    const blank = () => h("td", { class: "empty" });
    const skipped = () => h("td", { class: "empty skipped" }, h("span", { class: "sr-only" }, this.m.format("ui.auction.skipped")));
    for (let i = 0; i < col; i++) row.push(blank());
    for (const item of items) {
      const at = COLUMNS.indexOf(item.seat);
      if (at < col) {
        while (row.length < 4) row.push(blank());
        rows.push(row);
        row = [];
        col = 0;
      }
      for (; col < at; col++) row.push(item.inForce ? skipped() : blank());
      row.push(item.cell);
      col = at + 1;
      if (col === 4) {
        rows.push(row);
        row = [];
        col = 0;
      }
    }
    if (row.length) {
      while (row.length < 4) row.push(blank());
      rows.push(row);
    }
    return rows.map((cells) => h("tr", {}, cells));
  }

  /** A call in force, with what was disclosed of it to this viewer and the "?" to ask. */
  #call(v: View, s: TableSource, call: SeenCall): HTMLElement {
    const m = this.m;
    const texts = call.disclosures.filter((d) => d.text && !d.superseded).map((d) => d.text!);
    const params = { seat: seatName(m, call.seat), call: callWords(m, call.call), explanation: texts.join("; ") };
    const label = m.format(texts.length ? "ui.auction.call.explained" : call.alerted ? "ui.auction.call.alerted" : "ui.auction.call", params);
    const askable = v.askable.includes(call.index);
    return h("div", { class: `bid${call.alerted ? " alerted" : ""}${askable ? " askable" : ""}`, "data-index": call.index, "data-label": label },
      h("span", { class: "sr-only" }, label),
      h("span", { class: "bid-line" },
        h("span", { "aria-hidden": "true" }, callNode(m, call.call),
          call.alerted ? h("span", { class: "alert-mark", title: m.format("ui.auction.alerted") }, "!") : null,
          call.auto ? h("span", { class: "auto-mark", title: m.format("ui.auction.auto") }, m.format("ui.auction.auto.short")) : null),
        // The question sits on the call it asks about (L20F1).
        askable
          ? h("button", { type: "button", class: "ask", "data-ask": call.index,
              "aria-label": m.format("ui.auction.ask", { seat: seatName(m, call.seat), call: callWords(m, call.call) }),
              title: m.format("ui.auction.ask.title"),
              onclick: () => void s.act({ type: "ask", index: call.index }) }, "?")
          : null),
      call.disclosures.filter((d) => d.text).map((d) =>
        h("span", { class: `disclosure${d.superseded ? " superseded" : ""}`, "data-kind": d.kind, "aria-hidden": "true" }, d.text)),
    );
  }
}

define("bl-auction", Auction);
