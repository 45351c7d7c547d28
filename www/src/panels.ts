// Everything a player does besides calling: decisions awaiting him (accept/decline, undo
// consent), questions and answers, reviews, alerts and explanations, corrections, changes
// of call, and the Director's rulings. Which calls a player may explain, correct or note is
// the view's answer (`disclosable`, `correctable`, `notable`), never the page's; every text
// comes from the catalogs, in the language chosen (`ui.demo.*`, i18n.ts).
import type { Card, Seat, SeenCall, View } from "bridge-laws";
import { canonicalCard, changeOfferMessage, contractName, DOUBLING_SUFFIX, lawLabel, strainLetter, STRAINS } from "bridge-laws/elements";
import type { Ctx } from "./app";
import { callLabel, callNode, seatLabel } from "./calls";
import { fill, h } from "./dom";
import { warningItem } from "./feed";
import { msgs, t } from "./i18n";

const panel = (id: string, title: string, ...children: unknown[]) =>
  h("div", { class: "panel", id }, h("h2", {}, title), ...(children as HTMLElement[]));

/** A text field: its placeholder and (when it differs) its accessible name, by key. */
const field = (name: string, placeholder: string, label = placeholder) =>
  h("input", { type: "text", name, placeholder: t(placeholder), "aria-label": t(label), maxlength: 500 });

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
  return h("option", { value: String(call.index), selected }, t("ui.demo.call_option", { n: call.index + 1, seat: seatLabel(call.seat), call: callLabel(call.call) }));
}

export function renderQuestions(c: Ctx): void {
  const v = c.view;
  if (!v.questions.length) return void fill("questions");
  const items = v.questions.map((q) => {
    const call = q.index === null ? undefined : v.calls[q.index];
    const about = q.index === null
      ? t("ui.demo.question.about_auction")
      : call ? t("ui.demo.question.about_call", { call: callLabel(call.call), n: q.index + 1 }) : t("ui.demo.question.about_index", { n: q.index + 1 });
    const mustAnswer = c.may.answer.includes(q.id);
    // An answer about the auction explains the calls this player may explain (the view's `disclosable`, L20F).
    const answerable = v.calls.filter((x) => v.disclosable.includes(x.index));
    return h(
      "li",
      { class: `question${q.answered ? " answered" : ""}`, "data-question": q.id },
      h("p", {}, h("strong", {}, seatLabel(q.asker)), " ", t("ui.demo.question.asks", { about }),
        h("span", { class: "muted" }, " — ", q.answered
          ? t("ui.demo.question.answered")
          : t("ui.demo.question.to", { seats: new Intl.ListFormat(msgs().locale, { type: "conjunction" }).format(q.answerers.map(seatLabel)) }))),
      mustAnswer
        ? form("answer", (f) => c.act({ type: "explain", index: Number(f.index), text: f.text }),
            q.index === null
              ? h("select", { name: "index", "aria-label": t("ui.demo.question.which_call") }, answerable.map((x) => callOption(x)))
              : h("input", { type: "hidden", name: "index", value: String(q.index) }),
            field("text", "ui.demo.question.answer.placeholder", "ui.demo.question.answer.label"),
            h("button", { type: "submit", class: "primary" }, t("ui.demo.question.answer")))
        : null,
    );
  });
  fill("questions", panel("questions-panel", t("ui.demo.questions.title"), h("ol", { class: "questions" }, items)));
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
  // L20F4a/L75B2, L20F5b: the explanations the engine lets this viewer correct now — his
  // own, a failure to alert or explain included (the view's `correctable`); and the
  // explanations by partner he may note privately as wrong, to correct when the Law lets
  // him (L20F5: the view's `notable`).
  const correctable = v.calls.filter((call) => c.may.correctable.includes(call.index));
  const notable = v.calls.filter((call) => v.notable.includes(call.index));
  const correctionOpen = v.phase !== "passed_out" && (correctable.length > 0 || notable.length > 0);
  // The last review he asked for, while it is the auction as it stands: a call since makes
  // it stale, and it goes until he asks again.
  const at = v.events.findLastIndex((e) => e.kind === "review" && e.requester === me);
  const review = at >= 0 && !v.events.slice(at + 1).some((e) => e.kind === "call" || e.kind === "call_withdrawn") ? v.events[at] : undefined;

  fill(
    "actions",
    panel(
      "actions-panel",
      t("ui.demo.actions.title"),
      h("div", { class: "buttons" },
        c.may.review ? h("button", { onclick: () => c.act({ type: "review" }) }, t("ui.demo.actions.review")) : null,
        c.may.ask ? h("button", { onclick: () => c.act({ type: "ask" }) }, t("ui.demo.actions.ask")) : null,
        h("button", { onclick: () => c.act({ type: "director", reason: t("ui.demo.actions.director.reason") }) }, t("ui.demo.actions.director")),
      ),
      summoned(c).some((e) => e.by === me) ? h("p", { class: "answer summoned" }, t("ui.demo.actions.summoned")) : null,
      review && review.kind === "review" ? reviewBox(v, review.restated, review.calls) : null,
      // L21B1: the offer names its cause (a late alert is no correction: fault 8).
      v.change_offers.map((index) =>
        form("change-call", (f) => { const call = c.parse(f.call); if (call) c.act({ type: "change_call", call }); },
          h("p", { class: "offer" }, changeOfferMessage(msgs(), v.events, me, index, v.calls[index]?.call ?? "P")),
          field("call", "ui.demo.change.placeholder", "ui.demo.change.label"),
          h("button", { type: "submit", class: "primary" }, t("ui.demo.change.submit")))),
      undoable && myLast
        ? more("undo", t("ui.demo.undo.summary", { call: callLabel(myLast.call) }),
            form("undo", (f) => { const call = c.parse(f.call); if (call) c.act({ type: "replace_call", call }); },
              h("label", {}, t("ui.demo.undo.replace_with")),
              field("call", "ui.demo.undo.placeholder", "ui.demo.undo.label"),
              h("button", { type: "submit" }, t("ui.demo.undo.submit"))))
        : null,
      disclosable.length
        ? more("disclose", t(c.disclosure === "partner" ? "ui.demo.disclose.partner" : "ui.demo.disclose.summary"),
          form("disclose", (f, el, button) => {
            const index = Number(f.index);
            const text = f.text.trim();
            if (button === "explain") c.act({ type: "explain", index, text });
            else c.act({ type: "alert", index, ...(text ? { explanation: text } : {}) });
            el.reset();
          },
            h("label", {}, t(c.disclosure === "partner" ? "ui.demo.disclose.partner" : "ui.demo.disclose.label")),
            h("select", { name: "index", "aria-label": t("ui.demo.disclose.which_call") }, disclosable.map((call, i) => callOption(call, i === disclosable.length - 1))),
            field("text", "ui.demo.disclose.explanation"),
            h("button", { type: "submit", value: "alert" }, t("ui.demo.disclose.alert")),
            h("button", { type: "submit", value: "explain" }, t("ui.demo.disclose.explain"))))
        : null,
      correctionOpen
        ? more("correct", t("ui.demo.correct.summary"),
          form("correct", (f, el, button) => {
            const index = Number(f.index);
            if (button === "note") c.act({ type: "note_partner_mistake", index });
            else c.act({ type: "correct_explanation", index, text: f.text.trim() });
            el.reset();
          },
            h("select", { name: "index", "aria-label": t("ui.demo.correct.which_call") },
              [...new Map([...correctable, ...notable].map((call) => [call.index, call])).values()]
                .sort((a, b) => a.index - b.index).map((call) => callOption(call))),
            correctable.length ? field("text", "ui.demo.correct.text") : null,
            correctable.length ? h("button", { type: "submit", value: "correct" }, t("ui.demo.correct.submit")) : null,
            notable.length ? h("button", { type: "submit", value: "note", title: t("ui.demo.correct.note.title") }, t("ui.demo.correct.note")) : null))
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
    h("h3", {}, t("ui.demo.review.title")),
    h("ol", {}, v.calls.slice(0, restated).map((call) => {
      const l = lines.find((x) => x.index === call.index);
      const texts = (l?.explanations ?? []).map((p) => call.disclosures[p]?.text).filter((t): t is string => !!t);
      return h("li", {}, `${seatLabel(call.seat)} `, callNode(call.call), l?.alerted ? h("span", { class: "alert-mark" }, "!") : null,
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
    return void fill("play", panel("play-panel", t("ui.demo.phase.ended"),
      h("p", {}, v.contract
        ? t("ui.demo.over.contract", { contract: contractName(msgs(), v.contract), by: v.declarer ? "yes" : "no", seat: v.declarer ? seatLabel(v.declarer) : "", tricks: p?.tricks.length ?? 0 })
        : t("ui.demo.over.passed_out")),
      h("div", { class: "buttons" }, h("button", { class: "primary", onclick: () => document.getElementById("new-board")?.click() }, t("ui.demo.over.next")))));
  }
  if (!me || !["clarification", "play", "passed_out"].includes(v.phase)) return void fill("play");
  const answers = [...v.events].reverse().filter((e) => (e.kind === "lead_answer" || e.kind === "contract_answer") && e.seat === me);
  const last = answers[0];
  // The opening leader: from the play record once there is one, else the seat to act.
  const leader = p?.leader ?? (v.phase === "clarification" ? v.turn : null);
  // The hand a card comes from now (the opening leader's, or the hand due in play) and whether
  // a <bl-hand> shows it to the viewer (the engine's `hands`: the page gives the hands no card).
  const due = v.phase === "clarification" ? leader : p?.to_play ?? null;
  const fromHand = !!due && !!v.hands && Object.hasOwn(v.hands, due);
  // L26B: the restriction and, as the engine answers, whether declarer's choice is due now.
  const r = v.lead_restriction;
  fill(
    "play",
    panel(
      "play-panel",
      t(v.phase === "passed_out" ? "ui.demo.phase.passed_out" : v.phase === "clarification" ? "ui.demo.play.opening_lead" : "ui.demo.phase.play"),
      v.phase === "passed_out"
        ? h("div", { class: "buttons" }, h("button", { onclick: () => c.act({ type: "return_hands" }) }, t("ui.demo.play.return_hands")))
        : h("div", { class: "buttons" },
            // L20C1, L41A / L41C: offered as the engine answers (a presumed defender before
            // the lead is faced; not dummy, and in play at one's own turn).
            c.may.askLead ? h("button", { onclick: () => c.act({ type: "ask_lead" }) }, t("ui.demo.play.ask_lead")) : null,
            c.may.askContract ? h("button", { onclick: () => c.act({ type: "ask_contract" }) }, t("ui.demo.play.ask_contract")) : null,
            v.phase === "clarification" && p?.led && leader === me ? h("button", { class: "primary", onclick: () => c.act({ type: "face_lead" }) }, t("ui.demo.play.face_lead")) : null,
            // L45: as the engine answers (`may_end_play`): declarer or a defender, never dummy.
            v.may_end_play ? h("button", { onclick: () => c.act({ type: "end_play" }) }, t("ui.demo.play.end_play")) : null),
      // L26B: the restriction on the opening lead — or, when the opening leader offended, on
      // his partner's first lead in play — and declarer's choice (restrict_lead) when it is due.
      r && (v.phase === "clarification" || v.phase === "play")
        ? h("p", { class: "answer" }, t("ui.demo.restriction", {
            law: r.law,
            seat: seatLabel(r.leader),
            lead: r.leader === leader ? "opening" : "first_in_play",
            state: !r.chosen ? (r.may_require ? "may_require" : "may_prohibit") : r.prohibited ? "prohibited" : r.required ? "required" : "none",
            suits: suitList(r.chosen ? [r.prohibited ?? r.required ?? ""].filter(Boolean) : r.restrictable),
            due: r.due ? "yes" : "no",
          }))
        : null,
      r?.due && me === r.declarer
        ? h("div", { class: "buttons" },
            ...r.restrictable.map((s) => h("button", { onclick: () => c.act({ type: "restrict_lead", suit: s }) }, t("ui.demo.restrict.prohibit", { suit: suitList([s]) }))),
            ...(r.may_require
              ? r.restrictable.map((s) => h("button", { onclick: () => c.act({ type: "restrict_lead", suit: s, require: true }) }, t("ui.demo.restrict.require", { suit: suitList([s]) })))
              : []),
            h("button", { onclick: () => c.act({ type: "restrict_lead" }) }, t("ui.demo.restrict.none")))
        : null,
      last?.kind === "lead_answer" ? h("p", { class: "answer" }, t(last.your_lead ? "ui.demo.play.your_lead" : "ui.demo.play.not_your_lead")) : null,
      last?.kind === "contract_answer" ? h("p", { class: "answer" }, t("ui.demo.play.contract_is", { contract: contractName(msgs(), `${last.contract}${DOUBLING_SUFFIX[last.doubling] ?? ""}`) })) : null,
      // L41A, L44, L45: a card as the engine answers (`may_play`: the opening leader, in play
      // the hand due, declarer for dummy, dummy never), chosen in its <bl-hand> where one shows
      // the hand (the engine's `legal_cards` offered), typed at a table the page has no hand of.
      v.phase === "clarification" && v.may_play && !fromHand
        ? form("lead", (f) => c.act({ type: "lead", card: canonicalCard(msgs(), f.card) as Card }),
            h("label", {}, t("ui.demo.lead.label")), field("card", "ui.demo.lead.placeholder", "ui.demo.lead.card"),
            h("button", { type: "submit", class: "primary" }, t("ui.demo.lead.submit")))
        : null,
      v.phase === "clarification" && v.may_play && fromHand
        ? h("p", { class: "answer" }, t("ui.demo.lead.from_hand"))
        : null,
      v.phase === "play" && v.may_play && !fromHand
        ? form("play-card", (f) => c.act({ type: "play", card: canonicalCard(msgs(), f.card) as Card, ...(due === v.dummy ? { from: "dummy" as const } : {}) }),
            h("label", {}, due ? t("ui.demo.play.to_play", { seat: seatLabel(due) }) : t("ui.demo.play.a_card")),
            field("card", "ui.demo.play.placeholder", "ui.demo.play.card"),
            h("button", { type: "submit", class: "primary" }, t("ui.demo.play.submit")))
        : null,
      v.phase === "play" && v.may_play && fromHand && due
        ? h("p", { class: "answer" }, t("ui.demo.play.from_hand", { seat: seatLabel(due) }))
        : null,
    ),
  );
}

type RulingOn = "unintended" | "comparable" | "misinformation" | "intent" | "artificial";
type RulingValue = boolean | "accept" | "own_turn";

/** The law of each kind of open ruling and its two answers; the question, each answer and
 * its effect are `ui.demo.ruling.<on>`, `….<value>`, `….<value>.effect`. */
const RULINGS: Record<RulingOn, { law: string; answers: [RulingValue, RulingValue] }> = {
  unintended: { law: "25A", answers: [true, false] },
  comparable: { law: "23A", answers: [true, false] },
  misinformation: { law: "21B1a", answers: [true, false] },
  intent: { law: "28B", answers: ["accept", "own_turn"] },
  artificial: { law: "29C", answers: [true, false] },
};

/** Suits ("C", "D", "H", "S") named in the language chosen: "hearts, spades". */
function suitList(suits: readonly string[]): string {
  return new Intl.ListFormat(msgs().locale, { type: "conjunction" }).format(suits.map((s) => t(`suit.${s}`)));
}

/** The rulings whose card offers the denominations an artificial call specified. */
const NAMES_STRAINS: ReadonlySet<RulingOn> = new Set<RulingOn>(["comparable", "artificial"]);

const isRulingOn = (s: string): s is RulingOn => s in RULINGS;

export function renderDirector(c: Ctx): void {
  if (c.viewer !== "director") return void fill("director");
  const v: View = c.view;
  const rule = (on: RulingOn, value?: RulingValue, specified: string[] = []) =>
    c.act({ type: "ruling", on, ...(value === undefined ? {} : { value }), ...(specified.length ? { specified } : {}) } as Parameters<Ctx["act"]>[0]);
  const p = v.pending;
  const about = p ? h("p", {}, `${seatLabel(p.seat)}: `, callNode(p.call), p.kind === "undo" && p.suggested ? [" → ", callNode(p.suggested)] : null) : null;
  const cards = v.open_rulings.filter(isRulingOn).map((on) => {
    const r = RULINGS[on];
    const strains = new Set<string>();
    return h("div", { class: "ruling-card", "data-ruling": on, role: "group", "aria-label": t("ui.demo.ruling.label", { on: t(`ui.ruling.${on}`) }) },
      h("h3", {}, t(`ui.demo.ruling.${on}`), h("span", { class: "law" }, lawLabel(msgs(), r.law))),
      about,
      NAMES_STRAINS.has(on)
        ? h("div", { class: "strains", role: "group", "aria-label": t("ui.demo.ruling.strains") },
            h("span", { class: "muted" }, t("ui.demo.ruling.strains.short"), " "),
            // Each strain by the letters players of the language write (T K C P SA in French), named in words.
            STRAINS.map((s) =>
              h("button", { type: "button", class: "chip", "aria-pressed": "false", "data-strain": s,
                "aria-label": s === "NT" ? t("strain.NT", { level: 1 }) : t(`suit.${s}`),
                onclick: (ev: Event) => {
                  const b = ev.currentTarget as HTMLButtonElement;
                  if (strains.has(s)) strains.delete(s); else strains.add(s);
                  b.setAttribute("aria-pressed", String(strains.has(s)));
                } }, strainLetter(msgs(), s))))
        : null,
      h("div", { class: "buttons" },
        r.answers.map((value, i) =>
          // A natural call specifies its own strain: an `artificial: false` ruling names none.
          h("button", { type: "button", class: i === 0 ? "primary" : "", "data-value": String(value),
            onclick: () => rule(on, value, on === "artificial" && value === false ? [] : [...strains]) },
            t(`ui.demo.ruling.${on}.${value}`), h("small", {}, ` — ${t(`ui.demo.ruling.${on}.${value}.effect`)}`)))),
    );
  });
  const calls = summoned(c);
  fill(
    "director",
    panel(
      "director-panel",
      t("ui.demo.director.title"),
      calls.length
        ? h("ul", { class: "summons" }, calls.map((e) =>
            h("li", { class: "answer" }, h("strong", {}, t("ui.demo.director.called_you", { seat: e.by === "director" ? t("director") : seatLabel(e.by as Seat) })),
              e.reason ? ` — ${e.reason}` : "")))
        : null,
      cards.length ? cards : h("p", { class: "muted" }, t(calls.length ? "ui.demo.director.see_table" : "ui.demo.director.nothing")),
      v.ledger.length ? [h("h3", {}, t("ui.demo.director.ledger")), h("ol", { class: "feed" }, v.ledger.map((w) => warningItem(w)))] : null,
    ),
  );
}
