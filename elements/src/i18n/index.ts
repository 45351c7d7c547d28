// Stand-in for the i18n module (issue 32; the real one, with the message catalogs, replaces
// this file at merge): the UI labels of ui/en.json with `{name}` parameters, else the key.
import en from "./ui/en.json";

export type Params = Record<string, string | number>;
export interface Messages {
  readonly locale: string;
  format(key: string, params?: Params): string;
}

const catalog: Record<string, string> = en;

/** The messages of `locale` (this stand-in knows English only). */
export function messages(locale = "en"): Messages {
  return {
    locale,
    format: (key, params = {}) =>
      (catalog[key] ?? key).replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all)),
  };
}
