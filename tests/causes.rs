//! An event caused by another (a summons after a
//! correction) reaches no one the cause did not — the hostile player's sequences.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, EventKind, Preset, Seat, Table, Viewer};
use common::act::explained;
use common::preset_table;

fn apply(t: &mut Table, action: Action) {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown}: {out:?}");
}

/// Whether `viewer` sees a summons of the Director.
fn sees_summons(t: &Table, viewer: Viewer) -> bool {
    t.view(viewer)
        .events
        .iter()
        .any(|e| matches!(e.kind, EventKind::DirectorSummoned { .. }))
}

/// North self-alerts and explains 1C, then corrects his explanation.
fn corrected_1c(preset: Preset) -> Table {
    let mut t = preset_table(preset, Seat::N);
    apply(&mut t, explained(Seat::N, "1C", "natural"));
    apply(&mut t, Action::correct_explanation(Seat::N, 0, "could be short"));
    t
}

#[test]
fn under_self_alerting_the_summons_after_a_correction_never_reaches_the_callers_partner() {
    let t = corrected_1c(Preset::Online);
    for s in [Seat::N, Seat::E, Seat::W] {
        assert!(sees_summons(&t, Viewer::Seat(s)), "{s} heard the correction");
    }
    assert!(
        !sees_summons(&t, Viewer::Seat(Seat::S)),
        "South never heard the explanation"
    );
    assert!(sees_summons(&t, Viewer::Director));
}

#[test]
fn under_screens_the_summons_after_a_correction_stays_on_the_correctors_side() {
    let t = corrected_1c(Preset::Screens);
    let reg = *t.regulation();
    let mate = reg.screenmates.of(Seat::N);
    for s in Seat::ALL {
        let heard = s == Seat::N || s == mate;
        assert_eq!(sees_summons(&t, Viewer::Seat(s)), heard, "{s}");
    }
}

#[test]
fn a_summons_at_the_table_still_reaches_everyone() {
    let mut t = preset_table(Preset::Screens, Seat::N);
    apply(&mut t, Action::summon(Seat::N, Some("hesitation")));
    for v in Viewer::ALL {
        assert!(sees_summons(&t, v), "{v}");
    }
}
