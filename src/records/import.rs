//! One board of a record file made a table, whole or not at all: the import behind
//! `Table.fromPbn` / `Table.fromLin` in JavaScript and [`import_pbn`] / [`import_lin`] natively.
//!
//! A reader reads on past a fault (for the audit), so what it returns may be less than the
//! file says. An import does not: a fault that changes what the table would hold — the board
//! (number, dealer, vulnerability), a call, its seat, alert or explanation, or any text the
//! reader skipped — stops it with `BAD_INPUT`, its message naming the fault and its line
//! ([`ProblemCode::stops_import`]); so does the first call the engine refuses when the
//! record is replayed. A fault in what a table never holds (the deal, the play, LIN's claim),
//! a LIN explanation before any call, or a note reference with no note (the call stays
//! alerted without explanation, as the record has it) is returned beside the table
//! ([`Imported::notes`]; in JavaScript `table.importNotes()`, each an [`ImportNote`]).
//! docs/ENGINEERING.md → Records.

use serde::Serialize;

use super::{lin, line_col, pbn, Problem, ProblemCode, Read};
use crate::input::bad_input_message;
use crate::report::InputError;
use crate::table::Table;

/// A board imported: its table and the faults of the record that it does not depend on.
#[derive(Debug)]
pub struct Imported<'a> {
    /// The board's table, every call of the record replayed.
    pub table: Table,
    /// The board's faults that did not stop the import (none stops it), in file order.
    pub notes: Vec<Problem<'a>>,
}

/// A fault of a record that did not stop its import, located for a reader: what, where (line
/// and column, from 1) and the offending text (at most 40 bytes of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
pub struct ImportNote {
    /// What is wrong (`bad_deal`, `bad_card`, `bad_claim`, `bad_play`,
    /// `explanation_without_call`, `note_missing`).
    #[cfg_attr(
        feature = "wasm",
        tsify(
            type = r#""bad_deal" | "bad_card" | "bad_claim" | "bad_play" | "explanation_without_call" | "note_missing""#
        )
    )]
    pub code: ProblemCode,
    /// Line in the file, from 1.
    pub line: usize,
    /// Column in the line (characters), from 1.
    pub column: usize,
    /// The offending text.
    pub text: String,
}

impl Problem<'_> {
    /// The fault located in `text`, the file it was read from.
    pub fn note(&self, text: &str) -> ImportNote {
        let (line, column) = line_col(text, self.offset);
        ImportNote {
            code: self.code,
            line,
            column,
            text: self.text.to_owned(),
        }
    }
}

impl Imported<'_> {
    /// The faults that did not stop the import, located in `text` (the file imported).
    pub fn located_notes(&self, text: &str) -> Vec<ImportNote> {
        self.notes.iter().map(|p| p.note(text)).collect()
    }
}

impl ProblemCode {
    /// Whether a fault stops an import: it does when the table would differ from what the
    /// record says about the board and its auction, or when text of the file was not read.
    pub const fn stops_import(self) -> bool {
        !matches!(
            self,
            ProblemCode::BadDeal
                | ProblemCode::BadCard
                | ProblemCode::BadClaim
                | ProblemCode::ExplanationWithoutCall
                | ProblemCode::NoteMissing
                | ProblemCode::BadPlay
        )
    }
}

/// Board `index` (from 0) of a PBN text, as [`import`].
///
/// # Errors
/// `BAD_INPUT` as [`import`] says.
pub fn import_pbn(text: &str, index: usize) -> Result<Imported<'_>, InputError> {
    import(text, &pbn::read(text), index)
}

/// Board `index` (from 0) of a LIN text, as [`import`].
///
/// # Errors
/// `BAD_INPUT` as [`import`] says.
pub fn import_lin(text: &str, index: usize) -> Result<Imported<'_>, InputError> {
    import(text, &lin::read(text), index)
}

/// Record `index` of `read` (the reading of `text`) replayed at a table under
/// [`super::import_regulation`].
///
/// # Errors
/// `BAD_INPUT` when the file holds no such board, when the board has a fault that stops an
/// import (the first one named, with its line and column, and how many more there are), or
/// when the engine refuses one of its calls (the call, its line and the engine's reason).
pub fn import<'a>(text: &str, read: &Read<'a>, index: usize) -> Result<Imported<'a>, InputError> {
    let mine = || read.problems.iter().filter(move |p| p.record == index);
    let Some(record) = read.records.get(index) else {
        // A fault that ended the reading (an unterminated tag, comment or field) is why.
        let why = read
            .problems
            .iter()
            .rfind(|p| p.code.stops_import())
            .map(|p| format!("; {}", fault(text, p)))
            .unwrap_or_default();
        return Err(bad(format_args!(
            "the file holds no board {index} ({} read){why}",
            read.records.len()
        )));
    };
    let mut fatal = mine().filter(|p| p.code.stops_import());
    if let Some(first) = fatal.next() {
        let more = match fatal.count() {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        return Err(bad(format_args!("record {index}: {}{more}", fault(text, first))));
    }
    let replayed = record.replay();
    if let Some((i, r)) = &replayed.refused {
        let (line, column) = record.calls.get(*i).map_or((0, 0), |c| line_col(text, c.offset));
        let seat = record.seats().nth(*i).map(|s| s.to_string()).unwrap_or_default();
        let call = record.calls.get(*i).map(|c| c.call.to_string()).unwrap_or_default();
        return Err(bad(format_args!(
            "record {index}: line {line}, column {column}: call {} ({seat} {call}) refused, {}: {}",
            i + 1,
            r.code().as_str(),
            r.message()
        )));
    }
    let table = replayed
        .table
        .ok_or_else(|| bad(format_args!("record {index}: the board could not be set up")))?;
    Ok(Imported {
        table,
        notes: mine().filter(|p| !p.code.stops_import()).cloned().collect(),
    })
}

/// A fault as a message names it: line, column, code and the offending text.
fn fault(text: &str, p: &Problem<'_>) -> String {
    let (line, column) = line_col(text, p.offset);
    format!("line {line}, column {column}: {} {:?}", p.code, p.text)
}

fn bad(why: std::fmt::Arguments<'_>) -> InputError {
    InputError::bad_input(bad_input_message(&why))
}
