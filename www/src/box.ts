// The bidding box: every call is a button, enabled only when the view offers it
// (view.legal_calls); typed calls go to the engine as they are (face-to-face irregularities
// are recorded and rectified; online they are refused with the law).
import type { Call, Intent, Seat } from "bridge-laws";
import type { Ctx, Host } from "./app";
import { ALL_CALLS, callLabel, callNode, SEAT_NAME } from "./calls";
import { byId, fill, h } from "./dom";

export function createBox(app: Host): void {
  const row = (calls: Call[], cls: string) =>
    h("div", { class: `box-row ${cls}` }, calls.map((call) =>
      h("button", {
        type: "button",
        class: "box-call",
        "data-call": call,
        "aria-label": callLabel(call),
        disabled: true,
        onclick: () => bid(app, call),
      }, callNode(call))));
  const levels = [1, 2, 3, 4, 5, 6, 7].map((l) => row(ALL_CALLS.filter((c) => c.startsWith(String(l))), "box-level"));
  fill("box", levels, row(["P", "X", "XX"], "box-others"));

  byId<HTMLFormElement>("keyboard").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = byId<HTMLInputElement>("call-input");
    const call = app.ctx().parse(input.value);
    if (call) void bid(app, call).then((ok) => ok && (input.value = ""));
    input.focus();
  });
}

/** Makes a call as the viewer, with the self-disclosure and intent fields. */
async function bid(app: Host, call: Call): Promise<boolean> {
  const alert = byId<HTMLInputElement>("alert");
  const explanation = byId<HTMLInputElement>("explanation");
  const intent = document.querySelector<HTMLInputElement>('input[name="intent"]:checked');
  const c = app.ctx();
  const selfDisclosing = c.disclosure !== "partner";
  const out = await c.act({
    type: "call",
    call,
    ...(selfDisclosing && alert.checked ? { alert: true } : {}),
    ...(selfDisclosing && explanation.value.trim() ? { explanation: explanation.value.trim() } : {}),
    ...(intent && !byId("intent-row").hidden ? { intent: intent.value as Intent } : {}),
  });
  if (out?.ok) {
    alert.checked = false;
    explanation.value = "";
    if (intent) intent.checked = false;
  }
  return out?.ok ?? false;
}

export function renderBox(c: Ctx): void {
  const v = c.view;
  const legal = new Set(v.legal_calls);
  // data-call holds a canonical call (the box is built from ALL_CALLS)
  for (const b of document.querySelectorAll<HTMLButtonElement>("#box .box-call")) {
    b.disabled = !legal.has(b.dataset.call! as Call);
  }
  // Online the box exists for the auction only; face to face a call can still be made
  // (irregularly) after the final pass, so the box stays, with the reason it is idle.
  const online = c.disclosure === "self";
  byId("box-panel").hidden = c.me === null || !(v.phase === "auction" || (!online && (v.phase === "clarification" || v.phase === "passed_out")));
  byId("box-panel").classList.toggle("my-turn", legal.size > 0);
  byId("self-alert").hidden = c.disclosure === "partner";
  const p = v.pending;
  // L28B vs L29A: only a player who may both accept and call says which his call does.
  byId("intent-row").hidden = !(p && p.kind === "out_of_rotation" && p.options.includes("accept") && p.options.includes("call"));
  fill("box-hint", c.me ? boxHint(c, legal.size > 0) : "");
}

/** What the player should do now, as the box sees it: never "your call" with a dead box. */
function boxHint(c: Ctx, canCall: boolean): string {
  const v = c.view;
  const me = c.me!;
  if (v.phase !== "auction") return v.phase === "passed_out" ? "the board was passed out" : "the auction is over";
  const p = v.pending;
  if (p && p.options.length && p.options.some((o) => o !== "call")) return canCall ? `your decision: ${p.options.join(", ")}` : "your decision (above)";
  if (canCall) return v.barred[me] && v.legal_calls.length === 1 ? "you are barred: pass" : "your call";
  if (p) {
    const who = p.awaiting.map((a) => (a === "director" ? "the Director" : SEAT_NAME[a as Seat] ?? a)).join(" or ");
    return `waiting for ${who}`;
  }
  return v.turn ? `waiting for ${SEAT_NAME[v.turn]}` : "";
}
