// Everything a player does besides calling: decisions awaiting him (accept/decline, undo
// consent), questions and answers, reviews, alerts and explanations, corrections, changes
// of call, and the Director's rulings.
import type { Card, Seat, SeenCall, View } from "bridge-laws";
import type { Ctx } from "./app";
import { callLabel, callNode, partner, SEAT_NAME } from "./calls";
import { fill, h } from "./dom";
import { warningItem } from "./feed";

const panel = (id: string, title: string, ...children: unknown[]) =>
  h("div", { class: "panel", id }, h("h2", {}, title), ...(children as HTMLElement[]));

const field = (name: string, placeholder: string, label = placeholder) =>
  h("input", { type: "text", name, placeholder, "aria-label": label, maxlength: 500 });

/** A small form: the submit handler gets the form's named fields. */
function form(cls: string, onSubmit: (f: Record<string, string>, el: HTMLFormElement, button: string) => void, ...children: unknown[]) {
  const el = h("form", { class: `inline-form ${cls}`, autocomplete: "off" }, ...(children as HTMLElement[]));
  el.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const data: Record<string, string> = {};
    new FormData(el).forEach((value, key) => (data[key] = String(value)));
    // Sent: what was typed is not kept for the next drawing of this form.
    el.reset();
    onSubmit(data, el, ((ev as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "");
  });
  return el;
}

/** A form shown on demand: a summary line that opens it (only rendered when it applies). */
function more(cls: string, summary: unknown, body: HTMLElement): HTMLElement {
  return h("details", { class: `more more-${cls}` }, h("summary", {}, summary as HTMLElement), body);
}

function callOption(call: SeenCall, selected = false) {
  return h("option", { value: String(call.index), selected }, `${call.index + 1}. ${SEAT_NAME[call.seat]} ${callLabel(call.call)}`);
}

const ourSide = (me: Seat, s: Seat) => s === me || s === partner(me);

export function renderQuestions(c: Ctx): void {
  const v = c.view;
  if (!v.questions.length) return void fill("questions");
  const items = v.questions.map((q) => {
    const about = q.index === null ? "the auction" : v.calls[q.index] ? [callLabel(v.calls[q.index].call), ` (call ${q.index + 1})`] : `call ${q.index + 1}`;
    const mustAnswer = c.may.answer.includes(q.id);
    const answerable = v.calls.filter((call) => c.me && ourSide(c.me, call.seat));
    return h(
      "li",
      { class: `question${q.answered ? " answered" : ""}`, "data-question": q.id },
      h("p", {}, h("strong", {}, SEAT_NAME[q.asker]), " asks about ", about,
        h("span", { class: "muted" }, q.answered ? " — answered" : ` — to ${q.answerers.map((s) => SEAT_NAME[s]).join(", ")}`)),
      mustAnswer
        ? form("answer", (f) => c.act({ type: "explain", index: Number(f.index), text: f.text }),
            q.index === null
              ? h("select", { name: "index", "aria-label": "Call to explain" }, answerable.map((call) => callOption(call)))
              : h("input", { type: "hidden", name: "index", value: String(q.index) }),
            field("text", "Your answer", "Answer to the question"),
            h("button", { type: "submit", class: "primary" }, "Answer"))
        : null,
    );
  });
  fill("questions", panel("questions-panel", "Questions", h("ol", { class: "questions" }, items)));
}

export function renderActions(c: Ctx): void {
  const v = c.view;
  const me = c.me;
  if (!me) return void fill("actions");
  const myLast = v.calls.filter((call) => call.seat === me).at(-1);
  // L25A: whether my last call may be replaced now, as the engine answers it (the view's
  // `may_replace_call`).
  const undoable = v.may_replace_call && !!myLast;
  // Late alerts and explanations (L20F, L21B1a): the calls the engine lets this viewer
  // disclose (the view's `disclosable`).
  const disclosable = v.calls.filter((call) => v.disclosable.includes(call.index));
  // L20F4a/L75B2, L20F5b: the explanations the engine lets this viewer correct now (the
  // view's `correctable`), of those he heard given; and the explanations by partner he may
  // note privately as wrong, to correct when the Law lets him (L20F5: the view's `notable`).
  const explainedBy = (call: SeenCall, who: Seat) => call.disclosures.some((d) => d.by === who && !!d.text);
  const correctable = v.calls.filter((call) =>
    c.may.correctable.includes(call.index) && (explainedBy(call, me) || explainedBy(call, partner(me))));
  const notable = v.calls.filter((call) => v.notable.includes(call.index));
  const correctionOpen = v.phase !== "passed_out" && (correctable.length > 0 || notable.length > 0);
  // The last review he asked for, while it is the auction as it stands: a call since makes
  // it stale (issue 32, fault 6), and it goes until he asks again.
  const at = v.events.findLastIndex((e) => e.kind === "review" && e.requester === me);
  const review = at >= 0 && !v.events.slice(at + 1).some((e) => e.kind === "call" || e.kind === "call_withdrawn") ? v.events[at] : undefined;

  fill(
    "actions",
    panel(
      "actions-panel",
      "At the table",
      h("div", { class: "buttons" },
        c.may.review ? h("button", { onclick: () => c.act({ type: "review" }) }, "Review the auction") : null,
        c.may.ask ? h("button", { onclick: () => c.act({ type: "ask" }) }, "Ask about their auction") : null,
        h("button", { onclick: () => c.act({ type: "director", reason: "called from the table" }) }, "Call the Director"),
      ),
      summoned(c).some((e) => e.by === me) ? h("p", { class: "answer summoned" }, "You called the Director: he is on his way.") : null,
      review && review.kind === "review" ? reviewBox(v, review.restated, review.calls) : null,
      v.change_offers.map((index) =>
        form("change-call", (f) => { const call = c.parse(f.call); if (call) c.act({ type: "change_call", call }); },
          h("p", { class: "offer" }, "Law 21B1: you may change your ", callNode(v.calls[index]?.call ?? "P"), " now that the explanation was corrected."),
          field("call", "New call", "New call (Law 21B1)"),
          h("button", { type: "submit", class: "primary" }, "Change my call"))),
      undoable && myLast
        ? more("undo", ["Undo my ", callNode(myLast.call), " (unintended, Law 25A)"],
            form("undo", (f) => { const call = c.parse(f.call); if (call) c.act({ type: "replace_call", call }); },
              h("label", {}, "Replace it with"),
              field("call", "e.g. 1NT", "Replacement call"),
              h("button", { type: "submit" }, "Request undo")))
        : null,
      disclosable.length
        ? more("disclose", c.disclosure === "partner" ? "Alert or explain partner's call" : "Alert or explain a call after the event",
          form("disclose", (f, el, button) => {
            const index = Number(f.index);
            const text = f.text.trim();
            if (button === "explain") c.act({ type: "explain", index, text });
            else c.act({ type: "alert", index, ...(text ? { explanation: text } : {}) });
            el.reset();
          },
            h("label", {}, c.disclosure === "partner" ? "Alert or explain partner's call" : "Alert or explain a call"),
            h("select", { name: "index", "aria-label": "Call to disclose" }, disclosable.map((call, i) => callOption(call, i === disclosable.length - 1))),
            field("text", "Explanation"),
            h("button", { type: "submit", value: "alert" }, "Alert"),
            h("button", { type: "submit", value: "explain" }, "Explain")))
        : null,
      correctionOpen
        ? more("correct", "Correct an explanation",
          form("correct", (f, el, button) => {
            const index = Number(f.index);
            if (button === "note") c.act({ type: "note_partner_mistake", index });
            else c.act({ type: "correct_explanation", index, text: f.text.trim() });
            el.reset();
          },
            h("select", { name: "index", "aria-label": "Call whose explanation to correct" },
              [...new Map([...correctable, ...notable].map((call) => [call.index, call])).values()]
                .sort((a, b) => a.index - b.index).map((call) => callOption(call))),
            correctable.length ? field("text", "Correct explanation") : null,
            correctable.length ? h("button", { type: "submit", value: "correct" }, "Correct the explanation") : null,
            notable.length ? h("button", { type: "submit", value: "note", title: "Privately note that partner's explanation was wrong" }, "Partner was wrong") : null))
        : null,
    ),
  );
}

/** A restatement (L20B): the first `restated` calls in force, each with what the review said
 * of it — it refers to the calls and explanations the view holds (by index and position),
 * never copies their text. */
function reviewBox(v: View, restated: number, lines: { index: number; alerted: boolean; explanations: number[] }[]) {
  // Read aloud by the page's live region (<bl-announcer>), not by a second one here.
  return h("div", { class: "review" },
    h("h3", {}, "Review"),
    h("ol", {}, v.calls.slice(0, restated).map((call) => {
      const l = lines.find((x) => x.index === call.index);
      const texts = (l?.explanations ?? []).map((p) => call.disclosures[p]?.text).filter((t): t is string => !!t);
      return h("li", {}, `${SEAT_NAME[call.seat]} `, callNode(call.call), l?.alerted ? h("span", { class: "alert-mark" }, "!") : null,
        texts.length ? h("span", { class: "muted" }, ` — ${texts.join("; ")}`) : null);
    })));
}

type Summons = Extract<View["events"][number], { kind: "director_summoned" }>;

/** The calls for the Director since his last ruling (everyone is told of them, L9B1a). */
function summoned(c: Ctx): Summons[] {
  const events = c.view.events;
  let from = 0;
  events.forEach((e, i) => e.kind === "ruling" && (from = i + 1));
  return events.slice(from).filter((e): e is Summons => e.kind === "director_summoned");
}

export function renderPlay(c: Ctx): void {
  const v = c.view;
  const me = c.me;
  const p = v.play;
  if (v.phase === "ended") {
    return void fill("play", panel("play-panel", "Board over",
      h("p", {}, v.contract ? ["Contract ", v.contract, v.declarer ? ` by ${SEAT_NAME[v.declarer]}` : "", ` — ${p?.tricks.length ?? 0} tricks played.`] : "The board was passed out."),
      h("div", { class: "buttons" }, h("button", { class: "primary", onclick: () => document.getElementById("new-board")?.click() }, "Next board"))));
  }
  if (!me || !["clarification", "play", "passed_out"].includes(v.phase)) return void fill("play");
  const answers = [...v.events].reverse().filter((e) => (e.kind === "lead_answer" || e.kind === "contract_answer") && e.seat === me);
  const last = answers[0];
  // The opening leader: from the play record once there is one, else the seat to act.
  const leader = p?.leader ?? (v.phase === "clarification" ? v.turn : null);
  // L26B: declarer's choice is due at the bound player's first turn to lead: the opening
  // lead, or (a restriction on the opening leader's partner) when he is first on lead in play.
  const r = v.lead_restriction;
  const choiceDue = !!r && !r.chosen && (r.leader === leader
    ? v.phase === "clarification"
    : v.phase === "play" && !!p && p.current.length === 0 && p.to_play === r.leader);
  fill(
    "play",
    panel(
      "play-panel",
      v.phase === "passed_out" ? "Passed out" : v.phase === "clarification" ? "Opening lead" : "Play",
      v.phase === "passed_out"
        ? h("div", { class: "buttons" }, h("button", { onclick: () => c.act({ type: "return_hands" }) }, "Return the hands"))
        : h("div", { class: "buttons" },
            // L20C1, L41A / L41C: offered as the engine answers (a presumed defender before
            // the lead is faced; not dummy, and in play at one's own turn).
            c.may.askLead ? h("button", { onclick: () => c.act({ type: "ask_lead" }) }, "Is it my lead?") : null,
            c.may.askContract ? h("button", { onclick: () => c.act({ type: "ask_contract" }) }, "What is the contract?") : null,
            v.phase === "clarification" && p?.led && leader === me ? h("button", { class: "primary", onclick: () => c.act({ type: "face_lead" }) }, "Face the lead") : null,
            v.phase === "play" ? h("button", { onclick: () => c.act({ type: "end_play" }) }, "End play (claim agreed)") : null),
      // L26B: the restriction on the opening lead — or, when the opening leader offended, on
      // his partner's first lead in play — and declarer's choice (restrict_lead) when it is due.
      r && (v.phase === "clarification" || v.phase === "play")
        ? h("p", { class: "answer" }, `Law 26B (after Law ${r.law}): ${SEAT_NAME[r.leader]}'s ${r.leader === leader ? "opening lead" : "first lead in play"} — `,
            !r.chosen ? `declarer may ${r.may_require ? "require or prohibit" : "prohibit"} one of ${r.restrictable.join(" ")}${choiceDue ? "; the lead waits." : " when it comes."}`
              : r.prohibited ? `${r.prohibited} prohibited while he keeps the lead.`
              : r.required ? `${r.required} required (unless void).` : "not restricted.")
        : null,
      r && choiceDue && me === r.declarer
        ? h("div", { class: "buttons" },
            ...r.restrictable.map((s) => h("button", { onclick: () => c.act({ type: "restrict_lead", suit: s }) }, `Prohibit ${s}`)),
            ...(r.may_require
              ? r.restrictable.map((s) => h("button", { onclick: () => c.act({ type: "restrict_lead", suit: s, require: true }) }, `Require ${s}`))
              : []),
            h("button", { onclick: () => c.act({ type: "restrict_lead" }) }, "No restriction"))
        : null,
      last?.kind === "lead_answer" ? h("p", { class: "answer" }, last.your_lead ? "Yes — it is your opening lead." : "No, it is not your lead.") : null,
      last?.kind === "contract_answer" ? h("p", { class: "answer" }, `The contract is ${last.contract} (${last.doubling}).`) : null,
      v.phase === "clarification" && !p?.led && leader === me && !c.deal
        ? form("lead", (f) => c.act({ type: "lead", card: f.card.trim() as Card }),
            h("label", {}, "Lead face down"), field("card", "e.g. SK, H7, DT", "Opening lead card"),
            h("button", { type: "submit", class: "primary" }, "Lead"))
        : null,
      v.phase === "clarification" && !p?.led && leader === me && c.deal
        ? h("p", { class: "answer" }, "Choose your opening lead from your hand (the cards you may lead are offered).")
        : null,
      v.phase === "play"
        ? form("play-card", (f) => c.act({ type: "play", card: f.card.trim() as Card, ...(f.dummy ? { from: "dummy" as const } : {}) }),
            h("label", {}, p?.to_play ? `${SEAT_NAME[p.to_play]} to play` : "Play a card"),
            field("card", "e.g. S2", "Card to play"),
            me === v.declarer ? h("label", { class: "check" }, h("input", { type: "checkbox", name: "dummy", value: "1" }), " from dummy") : null,
            h("button", { type: "submit", class: "primary" }, "Play"))
        : null,
    ),
  );
}

type RulingOn = "unintended" | "comparable" | "misinformation" | "intent" | "artificial";
type RulingValue = boolean | "accept" | "own_turn";

/** What the Director is asked, and the two answers, for each kind of open ruling. */
const RULINGS: Record<RulingOn, { law: string; question: string; answers: [RulingValue, string, string][] }> = {
  unintended: {
    law: "25A",
    question: "Was the call unintended (a slip of the mind or hand)?",
    answers: [[true, "Unintended", "the player may replace it"], [false, "Intended", "the call stands"]],
  },
  comparable: {
    law: "23A",
    question: "Is the replacement call comparable to the withdrawn call?",
    answers: [[true, "Comparable", "no further rectification"], [false, "Not comparable", "partner is barred"]],
  },
  misinformation: {
    law: "21B1a",
    question: "Could the misinformation well have influenced the changed call?",
    answers: [[true, "Yes", "the change stands"], [false, "No", "score the original contract"]],
  },
  intent: {
    law: "28B",
    question: "Did the next player's call accept the call out of rotation?",
    answers: [["accept", "Accepted it", "Law 29A"], ["own_turn", "Called in turn", "the call out of rotation is cancelled, Law 28B"]],
  },
  artificial: {
    law: "29C",
    question: "Was the call out of rotation (or the pass of partner's call) artificial? If so, which denominations did it specify?",
    answers: [
      [true, "Artificial", "rectified on what it specified; an artificial pass as a bid, Law 30C"],
      [false, "Natural", "its named strain; a pass stays under Law 30"],
    ],
  },
};

/** The rulings whose card offers the denominations an artificial call specified. */
const NAMES_STRAINS: ReadonlySet<RulingOn> = new Set<RulingOn>(["comparable", "artificial"]);

const isRulingOn = (s: string): s is RulingOn => s in RULINGS;

export function renderDirector(c: Ctx): void {
  if (c.viewer !== "director") return void fill("director");
  const v: View = c.view;
  const rule = (on: RulingOn, value?: RulingValue, specified: string[] = []) =>
    c.act({ type: "ruling", on, ...(value === undefined ? {} : { value }), ...(specified.length ? { specified } : {}) } as Parameters<Ctx["act"]>[0]);
  const p = v.pending;
  const about = p ? h("p", {}, `${SEAT_NAME[p.seat]}: `, callNode(p.call), p.kind === "undo" && p.suggested ? [" → ", callNode(p.suggested)] : null) : null;
  const cards = v.open_rulings.filter(isRulingOn).map((on) => {
    const r = RULINGS[on];
    const strains = new Set<string>();
    return h("div", { class: "ruling-card", "data-ruling": on, role: "group", "aria-label": `Ruling: ${on}` },
      h("h3", {}, r.question, h("span", { class: "law" }, `Law ${r.law}`)),
      about,
      NAMES_STRAINS.has(on)
        ? h("div", { class: "strains", role: "group", "aria-label": "Denominations the withdrawn call specified (if artificial)" },
            h("span", { class: "muted" }, "Artificial? It specified: "),
            ["C", "D", "H", "S", "NT"].map((s) =>
              h("button", { type: "button", class: "chip", "aria-pressed": "false", "data-strain": s,
                onclick: (ev: Event) => {
                  const b = ev.currentTarget as HTMLButtonElement;
                  if (strains.has(s)) strains.delete(s); else strains.add(s);
                  b.setAttribute("aria-pressed", String(strains.has(s)));
                } }, s)))
        : null,
      h("div", { class: "buttons" },
        r.answers.map(([value, label, effect], i) =>
          // A natural call specifies its own strain: an `artificial: false` ruling names none.
          h("button", { type: "button", class: i === 0 ? "primary" : "", "data-value": String(value),
            onclick: () => rule(on, value, on === "artificial" && value === false ? [] : [...strains]) },
            label, h("small", {}, ` — ${effect}`)))),
    );
  });
  const calls = summoned(c);
  fill(
    "director",
    panel(
      "director-panel",
      "Director",
      calls.length
        ? h("ul", { class: "summons" }, calls.map((e) =>
            h("li", { class: "answer" }, h("strong", {}, `${SEAT_NAME[e.by as Seat] ?? "The Director"} called you`), e.reason ? ` — ${e.reason}` : "")))
        : null,
      cards.length ? cards : h("p", { class: "muted" }, calls.length ? "No ruling is awaited by the engine: see the table." : "No ruling is awaited."),
      v.ledger.length ? [h("h3", {}, "Information ledger (Law 16)"), h("ol", { class: "feed" }, v.ledger.map((w) => warningItem(w)))] : null,
    ),
  );
}
