// Toasts (a refusal of an action made from the page's panels, told to the live region too),
// the Director's ledger items and the event log. The warnings feed is <bl-feed>.
import type { Event, Warning } from "bridge-laws";
import { ANNOUNCE } from "bridge-laws/elements";
import { callLabel, SEAT_NAME } from "./calls";
import { byId, fill, h } from "./dom";

export interface Notice {
  kind: "rejection" | "error";
  code: string;
  law: string;
  message: string;
}

/** Shows a refusal (law + message) for a few seconds; the page's live region reads it. */
export function toast(n: Notice): void {
  const el = h(
    "div",
    { class: `toast toast-${n.kind}`, "data-code": n.code },
    h("strong", { class: "toast-code" }, n.kind === "rejection" ? "Refused" : "Not sent"),
    n.law ? h("span", { class: "law" }, `Law ${n.law}`) : null,
    h("p", {}, n.message),
    h("button", { class: "toast-close", "aria-label": "Dismiss", onclick: () => el.remove() }, "×"),
  );
  for (const old of byId("toasts").querySelectorAll(".toast")) old.remove();
  byId("toasts").appendChild(el);
  document.dispatchEvent(new CustomEvent(ANNOUNCE, { detail: { text: `Refused${n.law ? ` (Law ${n.law})` : ""}: ${n.message}` } }));
  setTimeout(() => el.remove(), 6000);
}

/** An accepted action makes earlier refusals stale. */
export function clearToasts(): void {
  byId("toasts").replaceChildren();
}

/** The event log (collapsed under the feed). */
export function renderEvents(events: Event[]): void {
  fill("events", events.map((e) => h("li", {}, eventText(e))));
}

export function warningItem(w: Warning, times = 1): HTMLElement {
  return h(
    "li",
    { class: `warning sev-${w.severity}`, "data-code": w.code },
    h("div", { class: "warning-head" },
      h("span", { class: `badge sev-${w.severity}` }, w.severity),
      w.law ? h("span", { class: "law" }, `Law ${w.law}`) : null,
      w.seat ? h("span", { class: "concerns", title: "The player it concerns" }, SEAT_NAME[w.seat]) : null,
      times > 1 ? h("span", { class: "times" }, `×${times}`) : null,
    ),
    h("p", {}, w.message),
  );
}

function eventText(e: Event): string {
  const who = (s: string) => SEAT_NAME[s as keyof typeof SEAT_NAME] ?? (s === "director" ? "the Director" : s);
  switch (e.kind) {
    case "call":
      return `${who(e.seat)}: ${callLabel(e.call)}`;
    case "call_withdrawn":
      return `${who(e.seat)}'s ${callLabel(e.call)} withdrawn (Law ${e.law}): ${e.reason}`;
    case "disclosure":
      return `${who(e.by)} ${e.disclosure}${e.text ? `: “${e.text}”` : ""} (call ${e.index + 1})`;
    case "question":
      return `${who(e.asker)} asks ${e.index === null ? "about the auction" : `about call ${e.index + 1}`}`;
    case "auction_ended":
      return `Auction over: ${e.contract} by ${who(e.declarer)}`;
    case "director_summoned":
      return `${who(e.by)} called the Director${e.reason ? `: ${e.reason}` : ""}`;
    case "irregularity":
      return `${e.code.replace(/_/g, " ").toLowerCase()} by ${who(e.seat)} (Law ${e.law})`;
    case "barred":
      return `${who(e.seat)} barred ${e.bar.replace("_", " ")} (Law ${e.law})`;
    default:
      return e.kind.replace(/_/g, " ");
  }
}
