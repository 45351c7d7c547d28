/**
 * What the engine reports, in the reader's language: a warning, a refusal, an event, a
 * pending decision → its message with its parameters (see `params.ts`). A message the
 * catalogs cannot give (no key, or a parameter the object lacks) falls back to the
 * engine's own English message.
 */
import type { Messages, Params } from "./types.js";
import { CODE_PARAMS, EVENT_FIELDS_NOT_PARAMS, type CodeParam } from "./params.js";
import { callName, cardName, contractName, seatName, suitName } from "./speak.js";

/** A warning as the engine gives it (`{code, law, severity, audience, seat, message}`, and `call` for a warning about one call). */
export interface WarningLike {
  code: string;
  seat?: string | null;
  call?: string | null;
  message: string;
}

/** A rejection as the engine gives it (`{code, law, message}`). */
export interface RejectionLike {
  code: string;
  message: string;
}

/** The action that was refused (its `seat` and, for a call, its `call`). */
export interface ActionLike {
  seat?: string;
  call?: string;
}

/** An event as the engine gives it: its `kind` and its fields. */
export interface EventLike {
  kind: string;
  [field: string]: unknown;
}

/** A pending decision as a view gives it. */
export interface DecisionLike {
  kind: string;
  seat: string;
  call: string;
}

/** The code's message with the parameters it takes, or `fallback` if one is missing. */
function codeMessage(m: Messages, code: string, have: Partial<Record<CodeParam, string>>, fallback: string): string {
  const params: Params = {};
  // Own keys only: a code such as "constructor" takes no parameters.
  for (const p of Object.hasOwn(CODE_PARAMS, code) ? CODE_PARAMS[code] : []) {
    const value = have[p];
    if (value === undefined) return fallback;
    params[p] = value;
  }
  const text = m.format(code, params);
  return text === code ? fallback : text;
}

/**
 * A warning for `viewer` (a seat, `director` or `spectator`): addressed to him ("you") when
 * he is the player it concerns, else naming that player; naming the call it is about, if any
 * ("South's two hearts is an insufficient bid").
 */
export function warningMessage(m: Messages, w: WarningLike, viewer?: string): string {
  // A seat the engine names (else the engine's own message: no key for it).
  const seat = w.seat === "N" || w.seat === "E" || w.seat === "S" || w.seat === "W" ? w.seat : undefined;
  return codeMessage(m, w.code, {
    seat: seat && seatName(m, seat),
    you: seat !== undefined && seat === viewer ? "yes" : "no",
    call: w.call ? callName(m, w.call) : undefined,
  }, w.message);
}

/** A refusal, shown to the actor: naming the call he tried when the action was a call. */
export function rejectionMessage(m: Messages, r: RejectionLike, action?: ActionLike): string {
  return codeMessage(m, r.code, {
    call: action?.call === undefined ? undefined : callName(m, action.call),
    seat: action?.seat === undefined ? undefined : seatName(m, action.seat),
    you: "yes",
  }, r.message);
}

const SEAT_FIELDS = new Set(["seat", "by", "asker", "requester", "declarer", "leader", "offender", "winner"]);

/** One event field as a message parameter. */
function param(m: Messages, field: string, value: unknown): string | number {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return String(value);
  if (field === "index" && typeof value === "number") return value + 1; // calls are numbered from 1
  if (typeof value === "number") return value;
  if (Array.isArray(value)) {
    const names = value.map((v) => (typeof v === "string" ? seatName(m, v) : String(v)));
    return new Intl.ListFormat(m.locale, { type: "conjunction" }).format(names);
  }
  const text = String(value);
  if (SEAT_FIELDS.has(field)) return seatName(m, text);
  if (field === "call") return callName(m, text);
  if (field === "card") return cardName(m, text);
  if (field === "contract") return contractName(m, text);
  if (field === "suit") return suitName(m, text);
  return text;
}

/** The parameters of `event.<kind>`: every field but those of `EVENT_FIELDS_NOT_PARAMS`. */
export function eventParams(m: Messages, e: EventLike): Params {
  const params: Params = {};
  for (const [field, value] of Object.entries(e)) {
    if (field !== "kind" && !EVENT_FIELDS_NOT_PARAMS.includes(field)) params[field] = param(m, field, value);
  }
  return params;
}

/** An event's message ("South calls two hearts (call 6)."). */
export function eventMessage(m: Messages, e: EventLike): string {
  const key = `event.${e.kind}`;
  const text = m.format(key, eventParams(m, e));
  return text === key ? e.kind.replace(/_/g, " ") : text;
}

/** A pending decision's headline ("Insufficient bid: two hearts by South"). */
export function decisionMessage(m: Messages, d: DecisionLike): string {
  const key = `decision.${d.kind}`;
  const text = m.format(key, { seat: seatName(m, d.seat), call: callName(m, d.call) });
  return text === key ? d.kind.replace(/_/g, " ") : text;
}

/**
 * Why `seat` was offered a change of call `index` (L21B1): the late alert or the correction
 * of an explanation that the offer followed, read from the events he was shown (the offer
 * comes in the same push, right after them). `"other"` if they are no longer at hand.
 */
export function changeOfferCause(events: readonly EventLike[], seat: string, index: number): "late_alert" | "correction" | "other" {
  let offer = events.length;
  while (--offer >= 0 && !(events[offer].kind === "change_offered" && events[offer].seat === seat && events[offer].index === index));
  for (let i = offer - 1; i >= 0; i--) {
    if (events[i].kind === "disclosure") return "late_alert";
    if (events[i].kind === "correction") return "correction";
  }
  return "other";
}

/**
 * The offer to change a call (L21B1), in the offered player's words: "Law 21B1: you may
 * change your two hearts after the late alert." — never "now that the explanation was
 * corrected" after a late alert, which corrected nothing.
 */
export function changeOfferMessage(m: Messages, events: readonly EventLike[], seat: string, index: number, call: string): string {
  return m.format("offer.change", { call: callName(m, call), cause: changeOfferCause(events, seat, index) });
}

/** A pending decision as `viewer`'s view gives it: his options, and every party's. */
export interface PendingLike extends DecisionLike {
  options: readonly string[];
  choices: readonly { by: string; options: readonly string[] }[];
}

/**
 * What the pending decision asks of the viewer whose view `d` is: his decision (accept or
 * decline, and whether he may instead simply call), a call in turn that cancels a call out
 * of rotation while another player decides (L28B — never "your decision"), a replacement
 * due, an undo to agree to, a ruling, or whom the table waits for.
 */
export function pendingMessage(m: Messages, d: PendingLike): string {
  const names = (seats: readonly string[]) =>
    new Intl.ListFormat(m.locale, { type: "conjunction" }).format(seats.map((s) => seatName(m, s)));
  const seat = seatName(m, d.seat);
  const call = callName(m, d.call);
  const o = d.options;
  if (o.includes("accept") || o.includes("decline")) {
    return m.format("pending.decide", { seat, call, accept: o.includes("accept") ? "yes" : "no", call_over: o.includes("call") ? "yes" : "no" });
  }
  if (o.includes("respond")) return m.format("pending.respond", { seat, call });
  if (o.includes("ruling")) return m.format("pending.rule", { seat, call });
  if (o.includes("call")) {
    if (d.kind === "replacement") return m.format("pending.replace", { call });
    const deciders = d.choices.filter((c) => c.options.includes("accept") || c.options.includes("decline")).map((c) => c.by);
    if (d.kind === "out_of_rotation" && deciders.length) return m.format("pending.call_in_turn", { seat, call, who: names(deciders) });
    return m.format("pending.call");
  }
  return m.format("pending.waiting", { who: names(d.choices.map((c) => c.by)) });
}
