// The demo in the player's language: its own texts (`ui.demo.*`, www/src/i18n/)
// are added to the elements' catalogs with `addCatalog` — as a site adds its wording — and
// formatted by the same ICU formatter. The language is chosen in the header (`#language`),
// kept in localStorage, and defaults from `navigator.languages`; switching it re-labels the
// elements (their `locale` attribute), the static page (`data-i18n`) and the panels.
import { addCatalog, locales, messages, type Catalog, type Messages, type Params } from "bridge-laws/elements";

// Every catalog of the folder (`i18n/<locale>.json`): a language is added by its catalogs
// alone — the elements' (`codes/`, `ui/`) and this one — never by code.
const DEMO = import.meta.glob<Catalog>("./i18n/*.json", { eager: true, import: "default" });
const SHIPPED = locales();
for (const [path, catalog] of Object.entries(DEMO)) addCatalog(path.slice("./i18n/".length, -".json".length), catalog);

/** The languages offered (those the elements ship and the demo speaks, English first), each
 *  named in itself (`ui.demo.language.self`). */
export const LANGUAGES: readonly [string, string][] = SHIPPED
  .filter((l) => Object.hasOwn(DEMO, `./i18n/${l}.json`))
  .map((l) => [l, messages(l).format("ui.demo.language.self")]);
const STORED = "bridge-laws.demo.locale";
const offered = (l: string | null | undefined): string | undefined => {
  const language = l?.split(/[-_]/)[0].toLowerCase();
  return LANGUAGES.find(([code]) => code === language)?.[0];
};

/** The stored choice, else the first of the browser's languages the demo speaks, else English. */
function initial(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORED);
  } catch {
    // storage refused (a private window): the browser's languages decide
  }
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return offered(stored) ?? browser.map(offered).find((l) => l) ?? "en";
}

let m: Messages = messages(initial());
const listeners: (() => void)[] = [];

/** The messages of the language chosen. */
export const msgs = (): Messages => m;

/** A message of the chosen language (`key` with `params`). */
export const t = (key: string, params?: Params): string => m.format(key, params);

/** The locale chosen ("en", "fr"). */
export const locale = (): string => m.locale;

/** Called after every change of language (the page redraws what it draws itself). */
export function onLocale(f: () => void): void {
  listeners.push(f);
}

/** Switches the page to `l`: stored, `<html lang>`, the elements, the static texts, then the listeners. */
export function setLocale(l: string): void {
  m = messages(offered(l) ?? "en");
  try {
    localStorage.setItem(STORED, m.locale);
  } catch {
    // not kept: the choice lasts this page
  }
  applyLocale();
  for (const f of listeners) f();
}

/** Puts the chosen language on the page: `<html lang>`, every `bl-*` element's `locale`, the `data-i18n` texts. */
export function applyLocale(root: ParentNode = document): void {
  document.documentElement.lang = m.locale;
  for (const el of root.querySelectorAll("bl-bidding-box, bl-auction, bl-decision, bl-feed, bl-announcer, bl-hand")) {
    if (el.getAttribute("locale") !== m.locale) el.setAttribute("locale", m.locale);
  }
  for (const el of root.querySelectorAll<HTMLElement>("[data-i18n]")) el.textContent = t(el.dataset.i18n!);
  for (const el of root.querySelectorAll<HTMLElement>("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel!));
  document.title = t("ui.demo.title");
  const select = document.getElementById("language") as HTMLSelectElement | null;
  if (select && select.value !== m.locale) select.value = m.locale;
}
