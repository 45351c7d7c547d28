// Rejection toasts, the warnings feed (code, law, message) and the event log.
import type { Event, View, Warning } from "bridge-laws";
import { callLabel, SEAT_NAME } from "./calls";
import { byId, fill, h } from "./dom";

export interface Notice {
  kind: "rejection" | "error";
  code: string;
  law: string;
  message: string;
}

/** Shows a refusal (code + law + message) for a few seconds. */
export function toast(n: Notice): void {
  const el = h(
    "div",
    { class: `toast toast-${n.kind}`, role: "alert", "data-code": n.code },
    h("strong", { class: "toast-code" }, n.code),
    n.law ? h("span", { class: "law" }, `Law ${n.law}`) : null,
    h("p", {}, n.message),
    h("button", { class: "toast-close", "aria-label": "Dismiss", onclick: () => el.remove() }, "×"),
  );
  byId("toasts").appendChild(el);
  setTimeout(() => el.remove(), 6000);
}

export function renderWarnings(view: View): void {
  const items = [...view.warnings].reverse().map(warningItem);
  fill("warnings", items.length ? items : h("li", { class: "empty" }, "Nothing for this viewer yet."));
  fill("events", view.events.map((e) => h("li", {}, eventText(e))));
}

export function warningItem(w: Warning): HTMLElement {
  return h(
    "li",
    { class: `warning sev-${w.severity}`, "data-code": w.code },
    h("div", { class: "warning-head" },
      h("span", { class: `badge sev-${w.severity}` }, w.severity),
      h("code", {}, w.code),
      w.law ? h("span", { class: "law" }, `Law ${w.law}`) : null,
    ),
    h("p", {}, w.message),
  );
}

function eventText(e: Event): string {
  const who = (s: string) => SEAT_NAME[s as keyof typeof SEAT_NAME] ?? s;
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
    case "irregularity":
      return `${e.code} by ${who(e.seat)} (Law ${e.law})`;
    case "barred":
      return `${who(e.seat)} barred ${e.bar.replace("_", " ")} (Law ${e.law})`;
    default:
      return e.kind.replace(/_/g, " ");
  }
}
