//! `SeatTable.receive`: an update merged in JS (src/wasm/receive.js — the view copied by
//! spread, which V8 makes in well under a microsecond where a copy made from the module cost
//! ~3.5 µs — its fields set, its lists patched by position, the entries appended), checked
//! here. receive.js hands over each value the client checks decoded where it is spelled as
//! the engine writes it (an entry's version and audience, whose turn, the bidding box) and
//! as it came otherwise, read here strictly in the order met; a shape that does not fit
//! stops it with a fault worded here. The checks are the crate's
//! (`seat_table::check_update`: no gap, every entry addressed to the viewer, his own view).

use js_sys::Array;
use wasm_bindgen::prelude::*;

use super::{bad_input, input, js_message, thrown, JsSeatTable};
use crate::{Audience, Call, CallSet, Seat};

#[wasm_bindgen(module = "/src/wasm/receive.js")]
extern "C" {
    /// The view after `update` (or `update.view`; `undefined` after a fault), what to check
    /// written into `out` (receive.js's layout); with values to read strictly (`out[6]`) or
    /// after `THREW`, `[view, todo]`: `todo` the `[slot, value]` pairs in the order met (or
    /// the value thrown). One import, through the glue: the package inlines this file there
    /// (scripts/package-json.mjs).
    #[wasm_bindgen(js_name = receiveMerged)]
    fn receive_merged(view: &JsValue, update: &JsValue, out: &mut [f64]) -> JsValue;
}

/// Where the entries start in `out`: after what came of the merge, the number of entries,
/// the head fields set, the turn, the bidding box's two words and the number of values to
/// read.
const HEAD: usize = 7;

/// The entries whose version and audience `out` holds (a push carries a few; those past
/// these are read strictly).
const MOST: usize = 16;

/// What came of the merge (`out[0]`): a merged patch, or the update's whole view.
const MERGED: usize = 0;
const WHOLE_VIEW: usize = 1;

/// The faults receive.js stops at (`out[0]`, from 2), in the words of the strict reading.
const FAULTS: [&str; 7] = [
    "an update's entries are a list",
    "an update carries either the view or its patch",
    "a view patch is an object",
    "a view patch sets a field no patch has",
    "a list's patch does not fit the view held",
    "a play or hands patch is an object",
    "the view held has no list of events or warnings",
];

/// The fault of a value that threw while receive.js read it (a Proxy's trap, a getter).
const THREW: usize = 9;

/// The head fields the patch sets (`out[2]`).
const TURN: u8 = 1;
const LEGAL: u8 = 2;
const PENDING: u8 = 4;

/// `update` taken into `table`, or refused (`BAD_INPUT`) with `table` unchanged.
pub(super) fn receive(table: &mut JsSeatTable, update: &JsValue) -> Result<(), JsValue> {
    let mut out = [0.0; HEAD + 2 * MOST];
    let merged = receive_merged(&table.view, update, &mut out);
    let threw = out[0] as usize == THREW;
    let (view, todo) = match out[6] > 0.0 || threw {
        true => {
            let pair: &Array = merged.unchecked_ref();
            (pair.get(0), Some(pair.get(1).unchecked_into::<Array>()))
        }
        false => (merged, None),
    };
    let n = out[1] as usize;
    let mut heads: Vec<(u64, Audience)> = (0..n)
        .map(|i| match out.get(HEAD + 2 * i..HEAD + 2 * i + 2) {
            Some(&[version, bits]) => (version as u64, audience(bits)),
            _ => (0, Audience::NONE),
        })
        .collect();
    let mut head = table.head.clone();
    let set = out[2] as u8;
    if set & TURN != 0 {
        head.turn = Seat::ALL.get(out[3] as usize).copied();
    }
    if set & LEGAL != 0 {
        head.legal = CallSet::from_bits_truncate(out[4] as u64 | (out[5] as u64) << 32);
    }
    if set & PENDING != 0 {
        head.pending = None;
    }
    // The values not spelled as the engine writes them, read strictly in the order met.
    if let Some(todo) = todo {
        if threw {
            return Err(bad_input(&format_args!(
                "reading the update threw: {}",
                js_message(&todo.get(0))
            )));
        }
        for k in (0..todo.length()).step_by(2) {
            let (slot, value) = (todo.get(k).as_f64().unwrap_or(-4.0), todo.get(k + 1));
            match slot as i64 {
                -1 => head.turn = input(value)?,
                -2 => head.legal = input::<Vec<Call>>(value)?.into_iter().collect(),
                -3 => head.pending = input(value)?,
                s => {
                    let entry = heads.get_mut(s as usize / 2).ok_or_else(|| bad_input(&FAULTS[0]))?;
                    match s % 2 {
                        0 => entry.0 = input(value)?,
                        _ => entry.1 = input(value)?,
                    }
                }
            }
        }
    }
    let of = match out[0] as usize {
        MERGED => table.viewer,
        WHOLE_VIEW => {
            let whole: crate::seat_table::ViewHead = input(view.clone())?;
            let of = whole.viewer;
            head = whole.into();
            of
        }
        fault => return Err(bad_input(FAULTS.get(fault - 2).unwrap_or(&FAULTS[0]))),
    };
    table.version = table.checked(&heads, of).map_err(thrown)?;
    table.head = head;
    table.view = view;
    Ok(())
}

/// The audience of receive.js's bits (a viewer's place in `Viewer::ALL`), as the strict
/// reading folds its viewers.
fn audience(bits: f64) -> Audience {
    let bits = bits as u8;
    let seats = Seat::ALL.into_iter().filter(|s| bits & 1 << s.index() != 0);
    Audience::seats(seats).with_spectators_if(bits & 1 << 5 != 0)
}
