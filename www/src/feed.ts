// Toasts (a refusal of an action made from the page's panels, told to the live region too),
// the Director's ledger items and the event log, in the language chosen. The warnings feed
// is <bl-feed>.
import type { Event, Warning } from "bridge-laws";
import { ANNOUNCE, eventMessage, lawLabel, rejectionMessage, warningMessage, withdrawalReason } from "bridge-laws/elements";
import { seatLabel } from "./calls";
import { byId, fill, h } from "./dom";
import { msgs, onLocale, t } from "./i18n";

export interface Notice {
  kind: "rejection" | "error";
  code: string;
  law: string;
  /** The engine's (or server's) English, shown when no catalog has the code. */
  message: string;
  /** The action refused, when it named a seat or a call (the message names them). */
  action?: { seat?: string; call?: string };
  /** The page's own message for a code no catalog has (`ui.demo.*`), instead of `message`. */
  key?: string;
}

/** The toast showing, drawn again in a new language. */
let showing: { notice: Notice; el: HTMLElement } | null = null;

/** A notice in the chosen language: its headline, law and message. */
function worded(n: Notice) {
  return {
    head: t(n.kind === "rejection" ? "ui.demo.toast.refused" : "ui.demo.toast.not_sent"),
    law: lawLabel(msgs(), n.law),
    text: n.key ? t(n.key) : rejectionMessage(msgs(), { code: n.code, message: n.message }, n.action),
  };
}

function toastNode(n: Notice): HTMLElement {
  const w = worded(n);
  const el = h(
    "div",
    { class: `toast toast-${n.kind}`, "data-code": n.code },
    h("strong", { class: "toast-code" }, w.head),
    w.law ? h("span", { class: "law" }, w.law) : null,
    h("p", {}, w.text),
    h("button", { class: "toast-close", "aria-label": t("ui.demo.toast.dismiss"), onclick: () => el.remove() }, "×"),
  );
  return el;
}

/** Shows a refusal (law + message) for a few seconds; the page's live region reads it. */
export function toast(n: Notice): void {
  const el = toastNode(n);
  for (const old of byId("toasts").querySelectorAll(".toast")) old.remove();
  byId("toasts").appendChild(el);
  showing = { notice: n, el };
  const w = worded(n);
  const text = t(w.law ? "ui.demo.toast.announce.law" : "ui.demo.toast.announce", { head: w.head, law: w.law, message: w.text });
  document.dispatchEvent(new CustomEvent(ANNOUNCE, { detail: { text } }));
  setTimeout(() => el.remove(), 6000);
}

// A toast still showing is worded again in the language chosen.
onLocale(() => {
  if (!showing?.el.isConnected) return;
  const el = toastNode(showing.notice);
  showing.el.replaceWith(el);
  showing.el = el;
  setTimeout(() => el.remove(), 6000);
});

/** An accepted action makes earlier refusals stale. */
export function clearToasts(): void {
  byId("toasts").replaceChildren();
}

/** The event log (collapsed under the feed), each event as the catalog words it. */
export function renderEvents(events: Event[]): void {
  fill("events", events.map((e) => h("li", {}, eventText(e))));
}

/** A ledger item (the Director's view: in the third person). */
export function warningItem(w: Warning, times = 1): HTMLElement {
  const law = lawLabel(msgs(), w.law);
  return h(
    "li",
    { class: `warning sev-${w.severity}`, "data-code": w.code },
    h("div", { class: "warning-head" },
      h("span", { class: `badge sev-${w.severity}` }, t(`severity.${w.severity}`)),
      law ? h("span", { class: "law" }, law) : null,
      w.seat ? h("span", { class: "concerns", title: t("ui.demo.ledger.concerns") }, seatLabel(w.seat)) : null,
      times > 1 ? h("span", { class: "times" }, `×${times}`) : null,
    ),
    h("p", {}, warningMessage(msgs(), w, "director")),
  );
}

/** The catalog's words for an event, with a player's own words (or the engine's reason) quoted beside them. */
function eventText(e: Event): string {
  const text = eventMessage(msgs(), e);
  // A withdrawal's reason is the engine's English (a fixed set): said in the language chosen.
  const quoted = "text" in e && typeof e.text === "string" && e.text ? e.text
    : "reason" in e && typeof e.reason === "string" && e.reason ? (e.kind === "call_withdrawn" ? withdrawalReason(msgs(), e.reason) : e.reason) : "";
  return quoted ? t("ui.demo.event.quoted", { event: text, text: quoted }) : text;
}
