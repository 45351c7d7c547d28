/**
 * Messages in the player's language: catalogs keyed by the engine's public codes (every
 * refusal, irregularity, warning and reminder code), `event.<kind>`, `decision.<kind>`,
 * seats, calls, suits and cards, formatted on the client with ICU MessageFormat
 * (`intl-messageformat`). A locale falls back to its language ("fr-CA" → "fr"), then to
 * English, then to the key itself; a message whose parameters are missing falls back the
 * same way (the helpers in `report.ts` fall back to the engine's own English message).
 *
 * Shipped: English, French and Dutch (`codes/<locale>.json`, with the UI labels of the elements in
 * `ui/<locale>.json`). A site adds a language with one catalog: `addCatalog("de", {...})`
 * at run time, or a `codes/de.json` + `ui/de.json` pair registered in `SHIPPED` below.
 */
import { IntlMessageFormat } from "intl-messageformat";
import enCodes from "./codes/en.json";
import frCodes from "./codes/fr.json";
import enUi from "./ui/en.json";
import frUi from "./ui/fr.json";
import nlCodes from "./codes/nl.json";
import nlUi from "./ui/nl.json";

export { CODE_PARAMS, EVENT_FIELDS_NOT_PARAMS, type CodeParam } from "./params.js";
export { callName, cardName, contractName, lawLabel, seatName, suitName, withdrawalReason } from "./speak.js";
export {
  bidParts, CALLS, callShown, canonicalCall, canonicalCard, cardParts, cardShown, contractParts, contractShown, DOUBLING_SUFFIX, isCall,
  isOtherCall, OTHER_CALLS, otherCallShown, parseCallIn, rankShown, RANKS, strainLetter, strainShown, STRAINS, SUIT_SYMBOL, suitLetter,
  SUITS, VOCABULARY_KEYS,
  type Doubling, type OtherCall, type Rank, type Strain, type Suit,
} from "./vocabulary.js";
export {
  changeOfferCause, changeOfferMessage, decisionMessage, eventMessage, eventParams, pendingMessage, rejectionMessage,
  warningMessage, type PendingLike,
} from "./report.js";

export type { Catalog, Messages, Params } from "./types.js";
import type { Catalog, Messages, Params } from "./types.js";

const SHIPPED: Record<string, Catalog[]> = {
  en: [enCodes, enUi],
  fr: [frCodes, frUi],
  nl: [nlCodes, nlUi],
};

const catalogs = new Map<string, Catalog>();
for (const [locale, parts] of Object.entries(SHIPPED)) catalogs.set(locale, Object.assign({}, ...parts));

/** The locales with a catalog, English first. */
export function locales(): string[] {
  return [...catalogs.keys()];
}

/** The catalog of `locale` as registered (shipped or added), or undefined. */
export function catalog(locale: string): Catalog | undefined {
  return catalogs.get(locale);
}

/**
 * Adds (or extends) the catalog of `locale`: a site's own language, or its own wording of
 * some keys. Keys it lacks fall back to English.
 */
export function addCatalog(locale: string, ...parts: Catalog[]): void {
  if (typeof locale !== "string" || !locale) throw badCatalog("a catalog's locale is a language tag (\"de\", \"fr-CA\")");
  if (parts.some((p) => p === null || typeof p !== "object")) throw badCatalog("a catalog is an object of messages by key");
  let merged: Catalog;
  try {
    merged = Object.assign({}, catalogs.get(locale) ?? {}, ...parts);
  } catch {
    throw badCatalog("the catalog cannot be read");
  }
  catalogs.set(locale, merged);
  cache.delete(locale);
}

/** A catalog refused: `BAD_INPUT`, thrown as the module throws (an `Error` named
 *  "BridgeLawsError" with a `code` and a `law`). */
function badCatalog(message: string): Error {
  return Object.assign(new Error(message), { name: "BridgeLawsError", code: "BAD_INPUT", law: "" });
}

const cache = new Map<string, Map<string, IntlMessageFormat | null>>();

/** The compiled message, or null when the catalog has none or it does not parse. */
function compiled(locale: string, key: string): IntlMessageFormat | null {
  let byKey = cache.get(locale);
  if (!byKey) cache.set(locale, (byKey = new Map()));
  let f = byKey.get(key);
  if (f === undefined) {
    // Own keys only: "constructor" or "__proto__" is no message.
    const own = catalogs.get(locale);
    const text = own && Object.hasOwn(own, key) ? own[key] : undefined;
    try {
      f = typeof text !== "string" ? null : new IntlMessageFormat(text, locale);
    } catch {
      f = null;
    }
    byKey.set(key, f);
  }
  return f;
}

/** `locale` itself, else its language, else English. */
function resolve(locale: string | undefined): string {
  const asked = locale ?? (typeof navigator === "undefined" ? "en" : navigator.language);
  const wanted = typeof asked === "string" ? asked : "en";
  if (catalogs.has(wanted)) return wanted;
  const language = wanted.split(/[-_]/)[0].toLowerCase();
  return catalogs.has(language) ? language : "en";
}

/** `key` formatted in `locale`, or null (no message, or a parameter it needs is missing). */
export function tryFormat(locale: string, key: string, params?: Params): string | null {
  const f = compiled(locale, key);
  if (!f) return null;
  try {
    const out = f.format(params);
    return typeof out === "string" ? out : String(out);
  } catch {
    return null;
  }
}

/** The messages of `locale` (default: the browser's language), falling back to English. */
export function messages(locale?: string): Messages {
  const resolved = resolve(locale);
  return {
    locale: resolved,
    format(key: string, params?: Params): string {
      return tryFormat(resolved, key, params) ?? (resolved === "en" ? null : tryFormat("en", key, params)) ?? key;
    },
  };
}
