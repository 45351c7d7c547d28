/**
 * The parameters each public code's message takes, as the helpers of `report.ts` provide
 * them (checked against every catalog by `www/test/i18n.test.mjs`):
 * - `seat`, `you` — a warning's `seat` (the player it concerns: its addressee, or the
 *   offender) by name, and `you: "yes"` when the viewer is that player (`"no"` otherwise:
 *   the Director and the other seats read it in the third person). A refusal of a code that
 *   is also a reminder (`CORRECTION_TOO_EARLY`) gives the actor, `you: "yes"`.
 * - `call` — the call an action tried to make (the refusals of an illegal call), or the call a
 *   warning is about (its `call`: an irregular call, a call alerted late, a withdrawn call).
 * Every other code's message takes none: the law is shown beside it (`lawLabel`) — the
 * server's own codes (`NOT_OWNER`, `TOO_SLOW`, …, server/src/protocol.rs) included.
 */

/** A parameter of a code's message. */
export type CodeParam = "seat" | "you" | "call";

const CALL: readonly CodeParam[] = ["call"];
const PLAYER: readonly CodeParam[] = ["seat", "you"];
const PLAYER_CALL: readonly CodeParam[] = ["seat", "you", "call"];

/** The codes given as warnings (some also as refusals) not about one call: their messages name the player. */
const WARNINGS = [
  "IRREG_PROHIBITED_LEAD", "IRREG_LEAD_BEFORE_RESTRICTION", "IRREG_REQUIRED_SUIT_NOT_LED",
  "ANSWER_PENDING", "CORRECTION_TOO_EARLY", "CORRECT_PARTNER_NOW",
  "CORRECT_PARTNER_AFTER_PLAY", "CHECK_OWN_EXPLANATIONS", "UI_FROM_PARTNER", "UI_TEMPO",
  "LEAD_RESTRICTION", "REQUIRED_SUIT_VOID", "ADJUSTMENT_POSSIBLE", "SKIPPED_PLAYER",
] as const;

/** The warnings about one call (the engine sets their `call`): their messages name the player and the call. */
const CALL_WARNINGS = [
  "IRREG_INSUFFICIENT_BID", "IRREG_CALL_OUT_OF_ROTATION", "IRREG_INADMISSIBLE_DOUBLE", "IRREG_BARRED_CALL",
  "IRREG_CALL_AFTER_FINAL_PASS", "IRREG_CHANGE_OF_CALL", "IRREG_PREMATURE_REPLACEMENT", "LATE_ALERT",
  "UI_WITHDRAWN_CALL", "AI_WITHDRAWN_CALL", "DUTY_MISSED", "SINGLE_CALL_QUESTION",
] as const;

/** The refusals of an illegal call (Laws 19, 27, 37): their messages name the call. */
const CALL_REFUSALS = ["INSUFFICIENT_BID", "DOUBLE_NOT_ALLOWED", "REDOUBLE_NOT_ALLOWED", "MUST_PASS"] as const;

/** The parameters of the codes that take any (every other code takes none). */
export const CODE_PARAMS: Readonly<Record<string, readonly CodeParam[]>> = Object.freeze({
  ...Object.fromEntries(WARNINGS.map((c) => [c, PLAYER])),
  ...Object.fromEntries(CALL_WARNINGS.map((c) => [c, PLAYER_CALL])),
  ...Object.fromEntries(CALL_REFUSALS.map((c) => [c, CALL])),
});

/**
 * An event's fields that are not parameters of its message: `audience` (who sees it), `id`
 * and `calls` (references the view resolves: a question's id, a review's lines), and free
 * text — a player's words (`text`) or the engine's English (`reason`) — which a page shows
 * as written beside the message. Every other field is a parameter of `event.<kind>`.
 */
export const EVENT_FIELDS_NOT_PARAMS: readonly string[] = Object.freeze(["audience", "id", "calls", "text", "reason"]);
