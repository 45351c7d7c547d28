//! Typed actions and the tables they are played on, shared by the law suites: a call, an
//! alerted call, a table from options, and `ok`/`refused` that
//! check what `apply` did.

use std::fmt::Display;

use bridge_laws::event::{BarKind, Outcome};
use bridge_laws::{Action, Code, Seat, Table};

use super::act;

/// The seat written `text` (`"N"`), or a `Seat` itself.
fn seat_of(seat: impl Display) -> Seat {
    let text = seat.to_string();
    text.parse().unwrap_or_else(|e| panic!("seat {text}: {e:?}"))
}

/// `seat` makes `call` (each a value or as the JSON names it: `Seat::N` or `"N"`, a `Bid`
/// or `"1NT"`).
pub fn call(seat: impl Display, call: impl Display) -> Action {
    act::call(seat_of(seat), &call.to_string())
}

/// `seat` makes `call` and alerts it.
pub fn alerted(seat: impl Display, call: impl Display) -> Action {
    act::alerted(seat_of(seat), &call.to_string())
}

/// A table (no vulnerability) dealt by `dealer` under `regulation`, a JSON value
/// (`r#""face_to_face""#` or an object).
pub fn new_table(dealer: impl Display, regulation: &str) -> Table {
    Table::from_options_json(&format!(
        r#"{{"dealer":"{dealer}","vulnerability":"None","regulation":{regulation}}}"#
    ))
    .expect("options")
}

/// A face-to-face table dealt by `dealer`.
pub fn f2f(dealer: Seat) -> Table {
    new_table(dealer, r#""face_to_face""#)
}

/// A step a table takes: a typed action, owned or borrowed (or a JSON line, below).
pub trait Step {
    /// Applies the step to `t`.
    fn apply_to(self, t: &mut Table) -> Outcome;
    /// The step, as an assertion's message shows it.
    fn shown(&self) -> String;
}

impl Step for Action {
    fn apply_to(self, t: &mut Table) -> Outcome {
        t.apply(self)
    }
    fn shown(&self) -> String {
        format!("{self:?}")
    }
}

impl Step for &Action {
    fn apply_to(self, t: &mut Table) -> Outcome {
        t.apply(self.clone())
    }
    fn shown(&self) -> String {
        format!("{self:?}")
    }
}

/// A JSON line, for a check of what the JSON reader refuses (`BAD_INPUT`).
impl Step for &str {
    fn apply_to(self, t: &mut Table) -> Outcome {
        t.apply_json(self)
    }
    fn shown(&self) -> String {
        self.to_string()
    }
}

/// `table` after `steps`; panics on a refusal.
pub fn played<S>(mut t: Table, steps: &[S]) -> Table
where
    for<'a> &'a S: Step,
{
    for s in steps {
        ok(&mut t, s);
    }
    t
}

/// An outcome `ok` checked: accepted, so a caller may drop it.
#[derive(Debug)]
pub struct Accepted(pub Outcome);

impl std::ops::Deref for Accepted {
    type Target = Outcome;
    fn deref(&self) -> &Outcome {
        &self.0
    }
}

/// Applies `step`, which must be accepted.
pub fn ok(t: &mut Table, step: impl Step) -> Accepted {
    let shown = step.shown();
    let o = step.apply_to(t);
    assert!(o.is_ok(), "{shown}: {:?} (calls {:?})", o.rejection(), t.calls());
    Accepted(o)
}

/// Applies `step`, which must be refused with the table unchanged; returns the code.
pub fn refused(t: &mut Table, step: impl Step) -> Code {
    let hash = t.state_hash();
    let shown = step.shown();
    let code = step
        .apply_to(t)
        .rejection()
        .map(|r| r.code())
        .unwrap_or_else(|| panic!("{shown} was accepted"));
    assert_eq!(t.state_hash(), hash, "{shown}: a refusal leaves the table unchanged");
    code
}

/// The calls of the auction, as the JSON writes them.
pub fn calls(t: &Table) -> Vec<String> {
    t.calls().iter().map(ToString::to_string).collect()
}

/// The bar on `seat`, if any.
pub fn bar(t: &Table, seat: Seat) -> Option<BarKind> {
    t.state().bars().on(seat).map(|b| b.kind)
}

/// The codes of the warnings an accepted action raised (none for a refusal).
pub fn codes(o: &Outcome) -> Vec<Code> {
    match o {
        Outcome::Accepted { warnings, .. } => warnings.iter().map(|w| w.code).collect(),
        Outcome::Rejected(_) => Vec::new(),
    }
}
