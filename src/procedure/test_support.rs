//! What the law modules' unit tests share: a face-to-face table played with typed actions,
//! and a law function run on a copy of its state, with what it caused.

use crate::action::Action;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::EventKind;
use crate::feed::Feed;
use crate::procedure::Ctx;
use crate::report::Warning;
use crate::state::State;
use crate::table::Table;

/// A call from its text (`"1H"`, `"P"`, `"X"`).
pub fn call(text: &str) -> Call {
    text.parse().expect("call")
}

/// A face-to-face table (no vulnerability) dealt by `dealer`, after `actions`, each accepted.
pub fn played(dealer: Seat, actions: &[Action]) -> Table {
    played_under(r#""face_to_face""#, dealer, actions)
}

/// A table (no vulnerability) under `regulation` (a JSON value) dealt by `dealer`, after
/// `actions`, each accepted.
pub fn played_under(regulation: &str, dealer: Seat, actions: &[Action]) -> Table {
    let mut t = Table::from_options_json(&format!(
        r#"{{"dealer":"{dealer}","vulnerability":"None","regulation":{regulation}}}"#
    ))
    .expect("options");
    for a in actions {
        let o = t.apply(a.clone());
        assert!(o.is_ok(), "{a:?}: {:?}", o.rejection());
    }
    t
}

/// `seat` calls each of `calls` in turn, from `seat` round the table.
pub fn calls_from(seat: Seat, calls: &[&str]) -> Vec<Action> {
    let mut s = seat;
    calls
        .iter()
        .map(|c| {
            let a = Action::call(s, call(c));
            s = s.lho();
            a
        })
        .collect()
}

/// What a law function did to a copy of a table's state.
pub struct Ran<T> {
    /// What the function returned.
    pub out: T,
    /// The state after it.
    pub st: State,
    /// The events it caused.
    pub events: Vec<EventKind>,
    /// Who may know of each of them, in order.
    pub heard: Vec<Audience>,
    /// The warnings it caused.
    pub warnings: Vec<Warning>,
}

/// Runs `f` on a copy of `t`'s state, known to everyone.
pub fn run<T>(t: &Table, f: impl FnOnce(&mut Ctx<'_>) -> T) -> Ran<T> {
    let mut st = t.state().clone();
    let (mut events, mut warnings) = (Feed::default(), Default::default());
    let out = f(&mut Ctx::new(
        t.board(),
        t.regulation(),
        &mut st,
        &mut events,
        &mut warnings,
    ));
    Ran {
        out,
        st,
        events: events.all().iter().map(|e| e.kind.clone()).collect(),
        heard: events.all().iter().map(|e| e.audience).collect(),
        warnings: warnings.to_vec(),
    }
}

/// Dealer N under `regulation`: 1C P 1D 1H 1S P 2S, West's insufficient 2H not accepted
/// and replaced by a pass (East barred throughout), then passes: 2S by North, East leads,
/// West offended, declarer may restrict the lead (L26B); then `more`.
pub fn lead_restricted(regulation: &str, more: &[Action]) -> Table {
    let mut actions = calls_from(Seat::N, &["1C", "P", "1D", "1H", "1S", "P", "2S", "2H"]);
    actions.push(Action::decline(Seat::N));
    actions.extend(calls_from(Seat::W, &["P", "P", "P", "P"]));
    actions.extend_from_slice(more);
    played_under(regulation, Seat::N, &actions)
}

/// Behind screens, dealer E: West's pass, North's 4S, then East's correction of the
/// explanation of call 0, which offers North a change of his 4S (L21B1).
pub fn change_offered_behind_screens() -> Table {
    played_under(
        r#""screens""#,
        Seat::E,
        &[
            Action::call(Seat::W, call("P")),
            Action::call(Seat::N, call("4S")),
            Action::correct_explanation(Seat::E, 0, "natural"),
        ],
    )
}
