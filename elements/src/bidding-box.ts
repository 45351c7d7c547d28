// <bl-bidding-box>: every call a button, live only for the calls the view offers
// (`legal_calls`) while the connection is open; arrow keys move between the offered calls,
// Enter or Space makes one, or the call is typed ("2h", "dbl"). Self-alerting regulations
// add the alert and the explanation; a refusal is shown here, naming the call. While the
// viewer has no call to make, the calls are out of the accessibility tree (`aria-hidden` on
// their container, one attribute no rule of theirs reads: no button is styled again), out of
// the tab order, and a press on one does nothing, beside the hint saying whom he waits for;
// their buttons are left as they were, and at his turn each button whose legality changed
// since is written.
import type { Call, Intent, Seat, View } from "bridge-laws";
import { TableElement, define } from "./base.js";
import { h } from "./dom.js";
import { refusalOf, type TableSource } from "./source.js";
import { CALLS, OTHER_CALLS, bidParts, parseCallIn } from "./i18n/vocabulary.js";
import { badInput, clip } from "./errors.js";
import { callNode, callWords, isSeat, said, seatName } from "./text.js";

/** Every call in box order: 1♣ … 7NT, then Pass, Double, Redouble (the vocabulary's `CALLS`). */
export const BOX_CALLS: Call[] = CALLS as Call[];

/** The boxes made in this page (each hint's id is its own). */
let boxes = 0;

/** No call offered (the box while the connection is down). */
const NONE: readonly Call[] = [];

/** Sets a flag only if it changes (writing the same `hidden` or `disabled` still costs the DOM work). */
function set<E extends HTMLElement, K extends "hidden" | "disabled">(el: E, key: K & keyof E, value: boolean): void {
  if ((el as unknown as Record<string, boolean>)[key] !== value) (el as unknown as Record<string, boolean>)[key] = value;
}

export class BiddingBox extends TableElement {
  #built = false;
  #buttons = new Map<Call, HTMLButtonElement>();
  #hint!: HTMLElement;
  #hintText!: Text;
  #alert!: HTMLInputElement;
  #explanation!: HTMLInputElement;
  #selfAlert!: HTMLElement;
  #intent!: HTMLElement;
  #typed!: HTMLInputElement;
  #refusal!: HTMLElement;
  #grid!: HTMLElement;
  /** The calls' buttons, `aria-hidden` while none is offered. */
  #calls!: HTMLElement;
  /** The call the arrow keys are on (the one button in the tab order). */
  #current: Call | null = null;

  protected slice(v: View, s: TableSource): unknown {
    return [v.phase, v.legal_calls, v.turn, v.pending, v.barred, v.regulation.disclosure, isSeat(s.viewer)];
  }

  #build(): void {
    const m = this.m;
    this.replaceChildren();
    this.#buttons.clear();
    this.#offeredFrom = null;
    this.#live = new Set();
    this.#shown = new Set();
    this.#roved = null;
    this.#hinted = null;
    this.#waiting = true;
    const row = (calls: Call[], cls: string) =>
      h("div", { class: `box-row ${cls}`, role: "presentation" }, calls.map((call) => {
        const b = h("button", { type: "button", class: "box-call", "data-call": call, "aria-label": callWords(m, call), disabled: true, tabindex: -1,
          onclick: () => {
            // A call not offered now (the viewer waits: its button left as it was) does nothing.
            if (!this.#live.has(call)) return;
            this.#fromGrid = true;
            void this.#call(call);
          } }, callNode(m, call));
        this.#buttons.set(call, b);
        return b;
      }));
    // The group keeps its name and the focus while its calls are out of the accessibility tree.
    this.#calls = h("div", { class: "box-calls", "aria-hidden": "true",
      // A press on a waiting call takes no focus (a hidden control is never focused).
      onpointerdown: (e: PointerEvent) => this.#waiting && e.preventDefault() },
      [1, 2, 3, 4, 5, 6, 7].map((l) => row(BOX_CALLS.filter((c) => bidParts(c)?.level === l), "box-level")),
      row([...OTHER_CALLS], "box-others"));
    // The hint (whom the viewer waits for, or "your call") is the group's description: one
    // text written when it changes (nearly every push), the group's name left as it is.
    const hintId = `bl-box-hint-${++boxes}`;
    this.#hintText = document.createTextNode("");
    // Its line is a box of fixed size laid out apart (a default rule: `contain`): the text
    // written at a push lays out that line alone, not the box and the page around it.
    this.#hint = h("span", { class: "box-hint hint", id: hintId }, h("span", { class: "box-hint-line" }, this.#hintText));
    this.#grid = h("div", { class: "box", role: "group", "aria-label": m.format("ui.box.label"), "aria-describedby": hintId, tabindex: -1, onkeydown: (e: KeyboardEvent) => this.#key(e) }, this.#calls);
    this.#alert = h("input", { type: "checkbox", class: "box-alert" });
    this.#explanation = h("input", { type: "text", class: "box-explanation", maxlength: 500, placeholder: m.format("ui.box.explanation.placeholder"), "aria-label": m.format("ui.box.explanation") });
    this.#selfAlert = h("div", { class: "box-self-alert" }, h("label", { class: "check" }, this.#alert, " ", m.format("ui.box.alert")), this.#explanation);
    const radio = (value: Intent, label: string) => h("label", {}, h("input", { type: "radio", name: "bl-intent", value }), " ", label);
    this.#intent = h("div", { class: "box-intent", role: "radiogroup", "aria-label": m.format("ui.box.intent"), hidden: true },
      h("span", {}, m.format("ui.box.intent")), radio("accept", m.format("ui.box.intent.accept")), radio("own_turn", m.format("ui.box.intent.own_turn")));
    this.#typed = h("input", { type: "text", class: "call-input", name: "call", autocomplete: "off", placeholder: m.format("ui.box.typed.placeholder") });
    const help = h("small", { class: "box-typed-help" }, m.format("ui.box.typed.help"));
    const form = h("form", { class: "box-typed", autocomplete: "off" },
      h("label", {}, m.format("ui.box.typed"), " ", this.#typed), h("button", { type: "submit" }, m.format("ui.box.typed.submit")), help);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.#typedCall();
    });
    this.#refusal = h("p", { class: "box-refusal", hidden: true });
    this.append(h("div", { class: "box-head" }, h("h2", { class: "box-title" }, m.format("ui.box.title")), " ", this.#hint), this.#refusal, this.#grid, this.#selfAlert, this.#intent, form);
    this.#built = true;
  }

  protected draw(v: View, s: TableSource): void {
    if (!this.#built || this.#locale !== this.m.locale) {
      this.#typedFor = null;
      this.#build();
      this.#locale = this.m.locale;
    }
    const me = isSeat(s.viewer) ? s.viewer : null;
    // One device passed round the table: what one player typed, ticked or was refused is
    // never shown to the next (his call, his explanation, his refusal are his own).
    if (this.#typedFor !== s.viewer) {
      this.#typedFor = s.viewer;
      this.#clearOwn();
    }
    // Online the box exists for the auction only; face to face a call can still be made
    // (irregularly) after the final pass, so the box stays, with the reason it is idle.
    const selfDisclosing = v.regulation.disclosure !== "partner";
    const online = v.regulation.disclosure === "self";
    set(this, "hidden", me === null || !(v.phase === "auction" || (!online && (v.phase === "clarification" || v.phase === "passed_out"))));
    // Only when the calls offered change (most pushes leave them): with none, the calls leave
    // the accessibility tree and the tab order and their buttons are left as they were (no
    // button styled again: one attribute on their container, and the one button in the tab
    // order taken out of it); with some, each button whose state
    // differs from the last one written is written (since his last turn: the bids that became
    // insufficient, double and redouble).
    const calls = s.connected ? v.legal_calls : NONE;
    if (calls !== this.#offeredFrom) {
      const legal = new Set(calls);
      if (legal.size) {
        const shown = this.#shown;
        for (const c of shown) if (!legal.has(c)) this.#buttons.get(c)!.disabled = true;
        for (const c of legal) if (!shown.has(c)) this.#buttons.get(c)!.disabled = false;
        this.#shown = legal;
      }
      const waiting = !legal.size;
      if (waiting !== this.#waiting) {
        if (waiting) {
          this.#calls.setAttribute("aria-hidden", "true");
          if (this.#roved) this.#buttons.get(this.#roved)!.tabIndex = -1;
          this.#roved = null;
        } else this.#calls.removeAttribute("aria-hidden");
        this.#waiting = waiting;
      }
      this.#live = legal;
      this.#offeredFrom = calls;
    }
    const legal = this.#live;
    // The arrow keys' call keeps the focus when the player was in the grid (or just called from it).
    const active = document.activeElement;
    const focusedHere = this.#grid.contains(active) || (this.#fromGrid && (!active || active === document.body || (active as HTMLButtonElement).disabled));
    this.#fromGrid = false;
    if (!this.#current || !legal.has(this.#current)) this.#current = BOX_CALLS.find((c) => legal.has(c)) ?? null;
    this.#rove(focusedHere);
    if (this.classList.contains("my-turn") !== legal.size > 0) this.classList.toggle("my-turn", legal.size > 0);
    set(this.#selfAlert, "hidden", !selfDisclosing);
    const p = v.pending;
    // L28B vs L29A: only a player who may both accept and call says which his call does.
    set(this.#intent, "hidden", !(p && p.kind === "out_of_rotation" && p.options.includes("accept") && p.options.includes("call")));
    const hint = me ? this.#hintFor(v, s, me, legal.size > 0) : "";
    if (hint !== this.#hinted) {
      this.#hintText.data = hint;
      this.#hinted = hint;
    }
    set(this.#typed, "disabled", !s.connected);
    if (!this.#refusal.hidden) this.#showRefusal(null);
  }

  #locale = "";
  /** The viewer the typed call, the alert and the explanation were last left for. */
  #typedFor: string | null = null;

  /** Empties what the player typed or ticked, and hides his refusal. */
  #clearOwn(): void {
    this.#typed.value = "";
    this.#explanation.value = "";
    this.#alert.checked = false;
    this.#intent.querySelectorAll<HTMLInputElement>("input").forEach((r) => (r.checked = false));
    this.#showRefusal(null);
  }

  /** The calls the buttons were last enabled for (the list, and as a set), and the call the
   *  tab order was last given to. */
  #offeredFrom: readonly Call[] | null = null;
  #live = new Set<Call>();
  /** Whether the calls are out of the accessibility tree (none offered). */
  #waiting = true;
  /** The calls whose buttons were last written enabled (kept while the viewer waits). */
  #shown = new Set<Call>();
  #roved: Call | null = null;
  /** The hint shown (the box's description). */
  #hinted: string | null = null;
  /** The last call was made from the grid: the focus goes back to it. */
  #fromGrid = false;

  /** What the player should do now, as the box sees it: never "your call" with a dead box. */
  #hintFor(v: View, s: TableSource, me: Seat, canCall: boolean): string {
    const m = this.m;
    if (!s.connected) return said(m, "ui.box.hint.offline");
    if (v.phase !== "auction") return said(m, v.phase === "passed_out" ? "ui.box.hint.passed_out" : "ui.box.hint.over");
    const p = v.pending;
    if (p && p.options.length && p.options.some((o) => o !== "call")) {
      const options = p.options.map((o) => said(m, `ui.option.${o}`)).join(", ");
      return said(m, canCall ? "ui.box.hint.decision" : "ui.box.hint.decision_above", { options });
    }
    if (canCall) return said(m, v.barred[me] && v.legal_calls.length === 1 ? "ui.box.hint.barred" : "ui.box.hint.your_call");
    const who = (a: string) => (isSeat(a) ? seatName(m, a) : said(m, "ui.director"));
    if (p) return said(m, "ui.box.hint.waiting", { who: p.awaiting.map(who).join(said(m, "ui.or")) });
    return v.turn ? said(m, "ui.box.hint.waiting", { who: seatName(m, v.turn) }) : "";
  }

  /** One button in the tab order: the call the arrow keys are on. */
  #rove(focus: boolean): void {
    // Built with every button out of the tab order: only the one roved to is in it (none while
    // the viewer waits).
    if (this.#current && this.#roved !== this.#current) {
      if (this.#roved) this.#buttons.get(this.#roved)!.tabIndex = -1;
      this.#buttons.get(this.#current)!.tabIndex = 0;
      this.#roved = this.#current;
    }
    if (!focus) return;
    const b = this.#current ? this.#buttons.get(this.#current) : null;
    if (b) b.focus();
    else {
      // No call offered: the group keeps the focus (its name says whom the viewer waits for).
      const active = document.activeElement;
      if (!this.contains(active) || this.#calls.contains(active) || (active as HTMLButtonElement).disabled) this.#grid.focus();
    }
  }

  /** Arrow keys: left/right the previous/next offered call, up/down a level, Home/End the first/last. */
  #key(e: KeyboardEvent): void {
    const offered = BOX_CALLS.filter((c) => this.#live.has(c));
    if (!offered.length || !this.#current) return;
    const at = BOX_CALLS.indexOf(this.#current);
    let next: Call | undefined;
    const after = (from: number) => BOX_CALLS.slice(from).find((c) => offered.includes(c));
    const before = (from: number) => BOX_CALLS.slice(0, from + 1).reverse().find((c) => offered.includes(c));
    switch (e.key) {
      case "ArrowRight": next = after(at + 1); break;
      case "ArrowLeft": next = before(at - 1); break;
      case "ArrowDown": next = after(Math.min(at + 5, BOX_CALLS.length - 1)) ?? before(BOX_CALLS.length - 1); break;
      case "ArrowUp": next = at >= 5 ? (before(at - 5) ?? after(0)) : undefined; break;
      case "Home": next = offered[0]; break;
      case "End": next = offered.at(-1); break;
      default: return;
    }
    e.preventDefault();
    if (next) {
      this.#current = next;
      this.#rove(true);
    }
  }

  async #typedCall(): Promise<void> {
    const s = this.source;
    if (!s) return;
    let call: Call;
    try {
      // The player's own words first ("1SA", "contre", "2C" = two hearts in French), read by
      // the package's `parseCall`.
      call = parseCallIn(this.m, this.#typed.value, (text) => s.parseCall(text));
      // A page's own parseCall is held to the calls the box knows.
      if (!BOX_CALLS.includes(call)) throw badInput(`not a call: ${clip(String(call), 40)}`);
    } catch (e) {
      this.#showRefusal(refusalOf(e), clip(this.#typed.value, 40));
      return;
    }
    if (await this.#call(call)) this.#typed.value = "";
  }

  /** Makes a call as the viewer, with the self-disclosure and intent fields. */
  async #call(call: Call): Promise<boolean> {
    const s = this.source;
    if (!s) return false;
    const v = s.view();
    const selfDisclosing = v.regulation.disclosure !== "partner";
    const explanation = this.#explanation.value.trim();
    const intent = this.querySelector<HTMLInputElement>('input[name="bl-intent"]:checked');
    const out = await s.act({
      type: "call",
      call,
      ...(selfDisclosing && this.#alert.checked ? { alert: true } : {}),
      ...(selfDisclosing && explanation ? { explanation } : {}),
      ...(intent && !this.#intent.hidden ? { intent: intent.value as Intent } : {}),
    });
    if (out?.ok) {
      // Made (by button or typed): a call typed and refused before is gone with its refusal.
      this.#clearOwn();
      return true;
    }
    if (out && !out.ok) this.#showRefusal(out.rejection, callWords(this.m, call), call);
    else if (!out) this.#showRefusal({ code: "NOT_CONNECTED", law: "", message: this.m.format("ui.box.hint.offline") }, callWords(this.m, call), call);
    return false;
  }

  /** The refusal, beside the box, naming the call; also told to the live region. */
  #showRefusal(r: { code: string; law: string; message: string } | null, what = "", call?: Call): void {
    this.#refusal.hidden = !r;
    this.#refusal.replaceChildren();
    if (!r) return this.#refusal.removeAttribute("data-code");
    this.#refusal.dataset.code = r.code;
    const text = this.refusalText(r, what, call);
    this.#refusal.append(call ? callNode(this.m, call) : "", " ", h("span", {}, text));
    this.announce(text);
  }
}

define("bl-bidding-box", BiddingBox);
