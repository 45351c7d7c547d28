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
  for (const old of byId("toasts").querySelectorAll(".toast")) old.remove();
  byId("toasts").appendChild(el);
  setTimeout(() => el.remove(), 6000);
}

/**
 * Which of a viewer's warnings are news. A notice is new until the viewer next acts (his
 * own action's notices stay new) or dismisses them; a caution or piece of information
 * whose code he was already shown on this board is not repeated as news (asking about a
 * second call does not bring back the Law 20F3 caution), and identical new notices are
 * folded into one line with a count. Everything stays listed under "Earlier".
 */
export class Notices {
  private seen = new Map<string, number>();

  /** The viewer acted: what he had been shown is no longer news. */
  acted(viewer: string, before: number): void {
    this.seen.set(viewer, Math.max(this.seen.get(viewer) ?? 0, before));
  }

  dismiss(viewer: string, count: number): void {
    this.seen.set(viewer, count);
  }

  reset(): void {
    this.seen.clear();
  }

  split(viewer: string, warnings: Warning[]): { fresh: [Warning, number][]; earlier: Warning[] } {
    const cut = Math.min(this.seen.get(viewer) ?? 0, warnings.length);
    const earlier = warnings.slice(0, cut);
    const known = new Set(earlier.filter((w) => w.severity === "caution" || w.severity === "info").map((w) => w.code));
    const fresh: [Warning, number][] = [];
    for (const w of warnings.slice(cut)) {
      if (known.has(w.code)) {
        earlier.push(w);
        continue;
      }
      const same = fresh.find(([f]) => f.code === w.code && f.message === w.message);
      if (same) same[1]++;
      else fresh.push([w, 1]);
    }
    return { fresh, earlier };
  }
}

export const notices = new Notices();

/** An accepted action makes earlier refusals stale. */
export function clearToasts(): void {
  byId("toasts").replaceChildren();
}

export function renderWarnings(view: View, viewer: string): void {
  const { fresh, earlier } = notices.split(viewer, view.warnings);
  const count = view.warnings.length;
  fill(
    "warnings",
    fresh.length
      ? [...fresh].reverse().map(([w, n]) => warningItem(w, n))
      : h("li", { class: "empty" }, earlier.length ? "Nothing new." : "Nothing for this viewer yet."),
  );
  const dismiss = byId<HTMLButtonElement>("warnings-dismiss");
  dismiss.hidden = fresh.length === 0;
  dismiss.onclick = () => {
    notices.dismiss(viewer, count);
    renderWarnings(view, viewer);
  };
  const old = byId<HTMLDetailsElement>("warnings-earlier");
  old.hidden = earlier.length === 0;
  fill("warnings-earlier-count", String(earlier.length));
  fill("warnings-old", [...earlier].reverse().map((w) => warningItem(w)));
  fill("events", view.events.map((e) => h("li", {}, eventText(e))));
}

export function warningItem(w: Warning, times = 1): HTMLElement {
  return h(
    "li",
    { class: `warning sev-${w.severity}`, "data-code": w.code },
    h("div", { class: "warning-head" },
      h("span", { class: `badge sev-${w.severity}` }, w.severity),
      h("code", {}, w.code),
      w.law ? h("span", { class: "law" }, `Law ${w.law}`) : null,
      w.seat ? h("span", { class: "concerns", title: "The player it concerns" }, SEAT_NAME[w.seat]) : null,
      times > 1 ? h("span", { class: "times" }, `×${times}`) : null,
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
