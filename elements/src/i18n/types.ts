// The shapes of the message catalogs and of the messages of one locale (index.ts formats them).

/** Values a message's parameters take (seat names, spoken calls, numbers, select keys). */
export type Params = Record<string, string | number>;

/** The messages of one locale. */
export interface Messages {
  /** The locale whose catalog answered (`"en"` when the one asked for is not shipped). */
  readonly locale: string;
  /** The message `key` with `params`, in this locale, else English, else `key` itself. */
  format(key: string, params?: Params): string;
}

/** A flat catalog: one ICU MessageFormat message per key. */
export type Catalog = Readonly<Record<string, string>>;
