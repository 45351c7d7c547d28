// The words a player reads or hears for seats, calls and cards, from the message catalog,
// with the suit symbols shown and the words spoken.
import type { Call, Card, Seat } from "bridge-laws";
import { h } from "./dom.js";
import { catalog, type Messages, type Params } from "./i18n/index.js";
import { bidParts, cardParts, isOtherCall, otherCallShown, rankShown, strainShown, SUIT_SYMBOL } from "./i18n/vocabulary.js";

/** The most characters of a player's text (an explanation, a reason) drawn or said: the
 *  engine's own limit on a table's texts is 500 by default; a longer one is cut with "…". */
export const TEXT_SHOWN = 1000;

const SEAT_EN: Record<Seat, string> = { N: "North", E: "East", S: "South", W: "West" };

/** A catalog message, or `fallback` while the catalog has none (the key came back) or cannot
 *  format it with these parameters (a catalog that wants one the engine did not give). */
export function say(m: Messages, key: string, params: Params | undefined, fallback: string): string {
  try {
    const s = m.format(key, params);
    return s === key ? fallback : s;
  } catch {
    return fallback;
  }
}

/** What one locale's messages have given: each formatted text by key and parameters, and the
 *  nodes of calls and cards to clone. Kept while the catalogs it was made from are the ones
 *  registered (`addCatalog` makes new ones); at most `MEMO_CAP` texts. */
interface Memo {
  catalogs: [unknown, unknown];
  /** The texts `said` formatted: by key, then each parameter's name and value in turn (no
   *  string built to look one up); `said` counts them in `size`. */
  said: Map<string, Branch>;
  size: number;
  nodes: Map<string, HTMLElement>;
  /** The seats' names (asked for at every push). */
  seats: Map<Seat, string>;
  /** Nodes given back (`recycle`) by id, handed out again by `cloned` before a new clone. */
  spare: Map<string, HTMLElement[]>;
  /** How many nodes `spare` holds in all (at most `SPARE_ALL`). */
  spares: number;
}
/** A step of the texts' tree: the text formatted with the parameters so far, and the next ones. */
interface Branch {
  text?: string;
  next?: Map<unknown, Branch>;
}
const memos = new WeakMap<Messages, Memo>();
const MEMO_CAP = 4096;

function memoOf(m: Messages): Memo {
  const now: [unknown, unknown] = [catalog(m.locale), catalog("en")];
  let memo = memos.get(m);
  if (!memo || memo.catalogs[0] !== now[0] || memo.catalogs[1] !== now[1]) {
    memo = { catalogs: now, said: new Map(), size: 0, nodes: new Map(), seats: new Map(), spare: new Map(), spares: 0 };
    memos.set(m, memo);
  }
  return memo;
}

/** `m.format(key, params)`, formatted once per locale (a push asks the same words again:
 *  "North", "two hearts", "West: 1 club"). */
export function said(m: Messages, key: string, params?: Params): string {
  const memo = memoOf(m);
  let at = memo.said.get(key);
  if (!at) memo.said.set(key, (at = {}));
  if (params) for (const k in params) at = step(step(at, k), params[k]);
  let text = at.text;
  if (text === undefined) {
    if (memo.size >= MEMO_CAP) {
      memo.said.clear();
      memo.size = 0;
    }
    text = m.format(key, params);
    at.text = text;
    memo.size++;
  }
  return text;
}

/** The branch after `value` (made if new). */
function step(at: Branch, value: unknown): Branch {
  const next = (at.next ??= new Map());
  let b = next.get(value);
  if (!b) next.set(value, (b = {}));
  return b;
}

/** A copy of the node `make` builds, made once per locale and `id` (`cloneNode` is cheaper
 *  than building the node again at every push). */
export function cloned(m: Messages, id: string, make: () => HTMLElement): HTMLElement {
  const memo = memoOf(m);
  const spare = memo.spare.get(id)?.pop();
  if (spare) {
    memo.spares--;
    return spare;
  }
  let node = memo.nodes.get(id);
  if (!node) memo.nodes.set(id, (node = make()));
  return node.cloneNode(true) as HTMLElement;
}

/** How many nodes of one id `recycle` keeps (a board's calls of one seat and call are few). */
const SPARE_CAP = 8;
/** How many nodes `recycle` keeps in all, of every id (a few hundred boards' cells; ~1 MB). */
const SPARE_ALL = 1024;

/** What `cloned` makes nodes from now for `m` (its locale's catalogs as they are): a node made
 *  under another is not handed out again (`recycle`). */
export const madeUnder = (m: Messages): object => memoOf(m);

/** Gives back a node `cloned` made with `id` under `made` (`madeUnder`), in the state it was
 *  made in (the caller resets what it changed): the next `cloned` of that id hands it out
 *  again, taken from where it is — unless the locale or its catalogs changed since. */
export function recycle(m: Messages, id: string, node: HTMLElement, made: object): void {
  const memo = memoOf(m);
  if (memo !== made) return;
  let list = memo.spare.get(id);
  if (!list) memo.spare.set(id, (list = []));
  if (list.length < SPARE_CAP && memo.spares < SPARE_ALL) {
    list.push(node);
    memo.spares++;
  }
}

/** "North" (key `seat.N`). */
export const seatName = (m: Messages, seat: Seat): string => {
  const names = memoOf(m).seats;
  let name = names.get(seat);
  if (name === undefined) names.set(seat, (name = say(m, `seat.${seat}`, undefined, Object.hasOwn(SEAT_EN, seat) ? SEAT_EN[seat] : String(seat))));
  return name;
};

/** A ruling's answer in words ("yes", "no", "accepted it", "called in turn"). */
export const rulingValue = (m: Messages, value: unknown): string => m.format(`ui.ruling.value.${String(value)}`);

/** "two hearts", "pass". */
export const callWords = (m: Messages, call: Call): string => said(m, `ui.call.${call}`);

/** "queen of hearts". */
export const cardWords = (m: Messages, card: Card): string =>
  said(m, "ui.card", { rank: said(m, `ui.rank.${card[1]}`), suit: said(m, `ui.suit.${card[0]}`) });

/** The call as it is shown (2♥, Pass): symbols hidden from screen readers, which read the words. */
export function callNode(m: Messages, call: Call): HTMLElement {
  return cloned(m, `call ${call}`, () => buildCallNode(m, call));
}

/** What shows a call in the locale: its level and suit symbol or no trump's letters (2♥,
 *  1SA), or its short word (Pass, Passe). */
function shownParts(m: Messages, call: Call): (string | HTMLElement)[] {
  const b = bidParts(call);
  if (b) return [String(b.level), h("span", { class: `suit suit-${b.strain}` }, strainShown(m, b.strain))];
  return [isOtherCall(call) ? otherCallShown(m, call) : call];
}

function buildCallNode(m: Messages, call: Call): HTMLElement {
  return h("span", { class: `call call-${call.toLowerCase()}` },
    h("span", { class: "sr-only" }, callWords(m, call)),
    h("span", { "aria-hidden": "true" }, shownParts(m, call)));
}

/** The call as shown alone (2♥, Pass), hidden from screen readers (`aria-hidden`): for where
 *  its words are said otherwise (an auction's cell, by its label). */
export function shownCallNode(m: Messages, call: Call): HTMLElement {
  return cloned(m, `shown ${call}`, () => h("span", { class: `call call-${call.toLowerCase()}`, "aria-hidden": "true" }, shownParts(m, call)));
}

/** A card as it is shown (♥Q), read as "queen of hearts". */
export function cardNode(m: Messages, card: Card): HTMLElement {
  return cloned(m, `card ${card}`, () => buildCardNode(m, card));
}

/** A card as shown in the locale: its suit's symbol and its rank's letter (♥Q, ♥D). */
function buildCardNode(m: Messages, card: Card): HTMLElement {
  const c = cardParts(card);
  return h("span", { class: "card" },
    h("span", { class: "sr-only" }, cardWords(m, card)),
    h("span", { "aria-hidden": "true" }, c ? [h("span", { class: `suit suit-${c.suit}` }, SUIT_SYMBOL[c.suit]), rankShown(m, c.rank)] : card));
}

/** A seat's partner and left-hand opponent. */
export const SEATS: Seat[] = ["N", "E", "S", "W"];
export const partner = (s: Seat): Seat => SEATS[(SEATS.indexOf(s) + 2) % 4];
export const isSeat = (v: unknown): v is Seat => v === "N" || v === "E" || v === "S" || v === "W";
