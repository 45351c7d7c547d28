// The elements' errors: what the module throws (`Error` named "BridgeLawsError" with a
// `code` and a `law`), so a page catches one kind whether the module or an element refused.

/** A thrown error as the module throws it: `name` "BridgeLawsError", a `code`, a `law`. */
export interface CodedError extends Error {
  code: string;
  law: string;
}

/** Whether `e` is a `BridgeLawsError` (the module's, or an element's). */
export function isCoded(e: unknown): e is CodedError {
  try {
    return e instanceof Error && e.name === "BridgeLawsError" && typeof (e as CodedError).code === "string";
  } catch {
    return false;
  }
}

/** A `BAD_INPUT` error: what a page handed an element is not what it takes. */
export function badInput(message: string): CodedError {
  const e = new Error(message) as CodedError;
  e.name = "BridgeLawsError";
  e.code = "BAD_INPUT";
  e.law = "";
  return e;
}

/** `e` as a coded error: itself if coded, else `BAD_INPUT` saying `what` failed and why. */
export function coded(e: unknown, what: string): CodedError {
  if (isCoded(e)) return e;
  let why = "";
  try {
    why = e instanceof Error ? e.message : String(e);
  } catch {
    why = "unreadable error";
  }
  return badInput(`${what}: ${clip(why, 200)}`);
}

/** At most `max` characters of `text` (a longer one cut, with "…"): what is drawn or said of
 *  a text of any length. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
