// `SeatTable.receive`'s merge (src/wasm/receive.rs): the JS half. It makes the new view — the
// view held copied by spread (V8 clones a fast object in well under a microsecond, where a
// copy from the module costs several), the patch's fields set, its lists patched by
// position, the entries' events and warnings appended — and writes into `out` what the
// module checks, decoded where a value is spelled as the engine writes it: each entry's
// version and audience (as bits), whose turn and the bidding box (as bits). Any other value
// of those is handed to the module as it is (`todo`) and read there strictly, in the order
// met; a shape that does not fit stops the merge with a fault the module words. It decides
// nothing: the module takes the update or refuses it.
//
// Reads mirror the module's reading before this file: a property of a value that
// is not an object, or whose getter throws, is `undefined`; each value is read once, in the
// same order. The names below are the engine's (tests/js_api/receive.rs compares them).

/** The calls in the bidding box's bit order (`CallSet`). */
const CALLS = "P X XX 1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT 5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT";
/** The viewers in an audience's bit order (`Viewer::ALL`). */
const VIEWERS = "N E S W director spectator";
/** The fields a patch sends whole, as lists, as a patch of their own (`ViewPatch`). */
const WHOLE = "phase dealer vulnerability board turn legal_calls barred pending change_offers may_ask askable may_review may_ask_lead may_ask_contract correctable notable questions_to_answer contract declarer dummy opening_leader regulation lead_restriction legal_leads scoring_contract may_replace_call disclosable may_play may_end_play contract_parts scoring_contract_parts dealt legal_cards";
const LISTS = "withdrawn questions open_rulings calls ledger";
const NESTED = "play hands";

/** The fields a view leaves out when empty or false (`View::dealt`, `hands`, `legal_cards`). */
const OMITTED_EMPTY = new Set(["dealt", "hands", "legal_cards"]);

/** Whether `v` is false, an empty array or an object without keys. */
const isEmpty = (v) => v === false || (Array.isArray(v) ? v.length === 0 : v !== null && typeof v === "object" && Object.keys(v).length === 0);

const call = new Map(CALLS.split(" ").map((c, i) => [c, i]));
const viewer = new Map(VIEWERS.split(" ").map((v, i) => [v, 1 << i]));
const seat = new Map(VIEWERS.split(" ").slice(0, 4).map((s, i) => [s, i]));
const field = new Map([
  ...WHOLE.split(" ").map((f) => [f, 1]),
  ...LISTS.split(" ").map((f) => [f, 2]),
  ...NESTED.split(" ").map((f) => [f, 3]),
]);

// `out`'s layout (receive.rs reads it): what came of the merge (`MERGED`, `WHOLE_VIEW` or a
// fault), the number of entries, the head fields the patch sets (bits: 1 turn, 2 legal_calls,
// 4 pending), the turn (a seat's index, 4 for none, -1 to read), the bidding box's bits
// (0–31 and 32–37; -1 to read), the number of values to read; then each entry's version and
// audience bits (-1 to read), as many as fit.
const HEAD = 7;
const MERGED = 0;
const WHOLE_VIEW = 1;
/** The faults, worded by receive.rs (`FAULTS`, from 2). */
const ENTRIES = 2;
const FORM = 3;
const PATCH = 4;
const FIELD = 5;
const LIST = 6;
const PLAY = 7;
const HELD = 8;
const THREW = 9;

/** The values to read strictly, as [slot, value] pairs in the order met (receive.rs). */
let todo;

/** `o[key]`, `undefined` if `o` is not an object or its getter throws. */
function get(o, key) {
  if (o === null || (typeof o !== "object" && typeof o !== "function")) return undefined;
  try {
    return o[key];
  } catch {
    return undefined;
  }
}

/** Whether `o` is an object for the module (`instanceof Object`, false if that throws). */
function isObject(o) {
  try {
    return o instanceof Object;
  } catch {
    return false;
  }
}

/** A whole number from 0 within 32 bits, or `undefined`. */
const index = (n) => (typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 4294967295 ? n : undefined);

/** A new array: `held` with a `ListPatch` applied, or `undefined` if it does not fit. */
function listPatched(held, patch) {
  const len = index(get(patch, "len"));
  if (len === undefined) return undefined;
  const set = get(patch, "set");
  if (!Array.isArray(set) || !Array.isArray(held)) return undefined;
  const next = held.slice(0, len);
  const n = set.length;
  for (let i = 0; i < n; i++) {
    const pair = set[i];
    if (!Array.isArray(pair)) return undefined;
    const at = pair[0];
    if (typeof at !== "number" || !Number.isInteger(at) || at < 0) return undefined;
    if (pair.length !== 2 || at >= len || at > next.length) return undefined;
    next[at] = pair[1];
  }
  return next.length === len ? next : undefined;
}

/** A new play object (`patch` with its tricks patched over `held`'s), `null`, or a fault. */
function playPatched(held, patch) {
  if (patch === null) return null;
  if (!isObject(patch) || Array.isArray(patch)) return PLAY;
  const tricks = typeof held === "object" && held !== null ? get(held, "tricks") : [];
  const next = { ...patch };
  const patched = listPatched(tricks, get(patch, "tricks"));
  if (patched === undefined) return LIST;
  next.tricks = patched;
  return next;
}

/**
 * A new hands object: `held`'s hands with each of `patch`'s set (`null`: no longer shown), or
 * the fault of a patch that is not an object. Without a hand left it is absent, as the view
 * leaves it.
 */
function handsPatched(held, patch) {
  if (!isObject(patch) || Array.isArray(patch)) return PLAY;
  const next = {};
  let any = false;
  // In seat order, as the engine writes a view's hands.
  for (const s of seat.keys()) {
    let cards = get(patch, s);
    if (cards === undefined) cards = get(held, s);
    if (cards === undefined || cards === null) continue;
    next[s] = cards;
    any = true;
  }
  return any ? next : undefined;
}

/** An audience's bits if it is a list of viewers' names, else -1. */
function audienceBits(list) {
  if (!Array.isArray(list)) return -1;
  let bits = 0;
  for (let i = 0; i < list.length; i++) {
    const bit = viewer.get(list[i]);
    if (bit === undefined) return -1;
    bits |= bit;
  }
  return bits;
}

/**
 * The view after `update` (`update.view` for the whole view's form), in the order the module
 * read it before: the entries, the form, the patch's keys in order, the lists held; `out` and
 * `todo` filled, or a fault.
 */
function merged(view, update, out) {
  // The entries whose version and audience `out` has room for (receive.rs, `MOST`).
  const most = (out.length - HEAD) >> 1;
  const entries = get(update, "entries");
  if (!Array.isArray(entries)) return fault(out, ENTRIES);
  const n = entries.length;
  out[1] = n;
  const events = [];
  const warnings = [];
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const version = get(e, "version");
    if (i < most && Number.isSafeInteger(version) && version >= 0) out[HEAD + 2 * i] = version;
    else todo.push(2 * i, version);
    let item = get(e, "event");
    const event = item !== undefined;
    if (!event) item = get(e, "warning");
    const audience = get(item, "audience");
    const bits = i < most ? audienceBits(audience) : -1;
    if (bits >= 0) out[HEAD + 2 * i + 1] = bits;
    else todo.push(2 * i + 1, audience);
    (event ? events : warnings).push(item);
  }
  const whole = get(update, "view");
  const patch = get(update, "patch");
  if ((whole === undefined) === (patch === undefined)) return fault(out, FORM);
  if (whole !== undefined) {
    out[0] = WHOLE_VIEW;
    return whole;
  }
  if (!isObject(patch) || Array.isArray(patch)) return fault(out, PATCH);
  const next = { ...view };
  let set = 0;
  const keys = Object.keys(patch);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    let value = get(patch, key);
    switch (field.get(key)) {
      case 1:
        if (key === "turn") {
          const s = value === null || value === undefined ? 4 : seat.get(value);
          if (s === undefined) todo.push(-1, value);
          out[3] = s === undefined ? -1 : s;
          set |= 1;
        } else if (key === "legal_calls") {
          legal(value, out);
          set |= 2;
        } else if (key === "pending") {
          if (value !== null && value !== undefined) todo.push(-3, value);
          set |= 4;
        } else if (OMITTED_EMPTY.has(key) && isEmpty(value)) {
          // The view leaves these out when empty, as the engine writes it.
          delete next[key];
          continue;
        }
        break;
      case 2:
        value = listPatched(get(view, key), value);
        if (value === undefined) return fault(out, LIST);
        break;
      case 3:
        value = key === "hands" ? handsPatched(get(view, key), value) : playPatched(get(view, key), value);
        if (typeof value === "number") return fault(out, value);
        if (value === undefined) {
          delete next[key];
          continue;
        }
        break;
      default:
        return fault(out, FIELD);
    }
    next[key] = value;
  }
  const heldEvents = get(view, "events");
  const heldWarnings = get(view, "warnings");
  if (!Array.isArray(heldEvents) || !Array.isArray(heldWarnings)) return fault(out, HELD);
  // A list nothing is appended to keeps its identity, as every field the patch leaves.
  if (events.length) next.events = appended(heldEvents, events);
  if (warnings.length) next.warnings = appended(heldWarnings, warnings);
  out[0] = MERGED;
  out[2] = set;
  return next;
}

/** The bidding box's bits into `out` if `list` is a list of calls' names, else `list` to read. */
function legal(list, out) {
  if (Array.isArray(list)) {
    let low = 0;
    let high = 0;
    let i = 0;
    for (; i < list.length; i++) {
      const at = call.get(list[i]);
      if (at === undefined) break;
      if (at < 32) low |= 1 << at;
      else high |= 1 << (at - 32);
    }
    if (i === list.length) {
      out[4] = low >>> 0;
      out[5] = high;
      return;
    }
  }
  out[4] = -1;
  todo.push(-2, list);
}

/** A new array: `held`'s items, then `items` (pushed: an item that is an array stays one). */
function appended(held, items) {
  const next = held.slice();
  for (let i = 0; i < items.length; i++) next.push(items[i]);
  return next;
}

/** `fault` in `out`; nothing merged. */
function fault(out, code) {
  out[0] = code;
  return undefined;
}

/**
 * `update` merged into `view` — the new view, or `update.view` for an update carrying the whole
 * view; `undefined` after a fault — and what the module checks written into `out`. With values
 * to read (`out[6]`) or after `THREW`, `[view, todo]`: the view and the values to read as
 * [slot, value] pairs in the order met (or the value thrown).
 */
export function receiveMerged(view, update, out) {
  todo = [];
  try {
    const next = merged(view, update, out);
    out[6] = todo.length >> 1;
    return todo.length ? [next, todo] : next;
  } catch (e) {
    out[6] = 0;
    fault(out, THREW);
    return [undefined, [e]];
  }
}
