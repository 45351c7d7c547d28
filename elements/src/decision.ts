// <bl-decision>: the decision the table waits for (an irregular call to accept or decline,
// an undo to agree to, a replacement due), who must take it, and the buttons of the
// player who may.
import type { ActionKind, View } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import type { TableSource } from "./source.js";
import { decisionMessage, pendingMessage } from "./i18n/index.js";
import { callNode, isSeat, seatName } from "./text.js";

export class Decision extends TableElement {
  protected slice(v: View): unknown {
    return v.pending;
  }

  protected draw(v: View, s: TableSource): void {
    const m = this.m;
    const p = v.pending;
    this.hidden = !p;
    if (!p) return void this.replaceChildren();
    const mine = p.options.length > 0 && isSeat(s.viewer);
    const who = p.choices
      .map((c) => m.format("ui.decision.party", {
        who: isSeat(c.by) ? seatName(m, c.by) : m.format("ui.director"),
        options: c.options.map((o) => m.format(`ui.option.${o}`)).join(m.format("ui.or")),
      }))
      .join("; ");
    const act = (a: ActionKind, label: string) => () =>
      void s.act(a).then((out) => out && !out.ok && this.announce(this.refusalText(out.rejection, label)));
    const button = (label: string, a: ActionKind, primary = false, ...extra: (HTMLElement | string)[]) =>
      h("button", { type: "button", class: primary ? "primary" : "", onclick: act(a, label) }, label, ...extra);
    const buttons: HTMLElement[] = [];
    if (mine) {
      if (p.options.includes("accept")) buttons.push(button(m.format("ui.decision.accept"), { type: "accept" }, true));
      if (p.options.includes("decline")) buttons.push(button(m.format("ui.decision.decline"), { type: "decline" }));
      if (p.kind === "undo") {
        buttons.push(button(m.format("ui.decision.undo.agree"), { type: "respond", accept: true }, true));
        buttons.push(button(m.format("ui.decision.undo.refuse"), { type: "respond", accept: false }));
      }
      if (p.kind === "replacement" && p.suggested) buttons.push(button(m.format("ui.decision.bid"), { type: "call", call: p.suggested }, true, " ", callNode(m, p.suggested)));
    }
    // "Insufficient bid: two hearts by East", and what it asks of this viewer — a seat whose
    // only option is a call in turn is told that, never "your decision" (L28B).
    const title = decisionMessage(m, p);
    this.replaceChildren(
      h("section", { class: `panel decision${mine ? " for-me" : ""}`, "aria-label": m.format("ui.decision.label"), "data-kind": p.kind },
        h("h2", {}, title, " ", h("span", { class: "law" }, m.format("ui.law", { law: p.law }))),
        h("p", {}, `${seatName(m, p.seat)}: `, callNode(m, p.call),
          p.kind === "undo" && p.suggested ? [" → ", callNode(m, p.suggested)] : null,
          p.kind === "replacement" && p.suggested ? [` — ${m.format("ui.decision.suggested")} `, callNode(m, p.suggested)] : null),
        h("p", { class: "muted" }, mine ? pendingMessage(m, p) : m.format("ui.decision.waiting", { who })),
        buttons.length ? h("div", { class: "buttons" }, buttons) : null));
  }
}

define("bl-decision", Decision);
