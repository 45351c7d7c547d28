//! The cases left open: each settled one way, with the test that holds it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::event::BarKind;
use bridge_laws::{Action, EventKind, Law, Preset, RulingOn, Seat, Table, Viewer};
use common::act::{bid, call, rule};
use common::preset_table;
use common::steps::Accepted;

fn apply(t: &mut Table, action: Action) -> Accepted {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown}: {out:?}");
    Accepted(out)
}

#[test]
fn a_call_out_of_rotation_at_partners_turn_awaits_lho_while_turn_names_the_partner() {
    let mut t = preset_table(Preset::FaceToFace, Seat::N);
    apply(&mut t, call(Seat::S, "1C"));
    // SPEC §7: `turn` is the player whose turn it was; the decision names who acts first.
    assert_eq!(t.turn(), Some(Seat::N));
    let pending = t.view(Viewer::Seat(Seat::N)).pending.expect("a decision is pending");
    assert_eq!(pending.awaiting, ["W"]);
    assert!(pending.options.is_empty(), "the partner waits: {:?}", pending.options);
    assert!(t.legal_calls(Seat::N).is_empty());
}

/// E's premature replacement of his insufficient 1H over 1S (L27C), which S declines, and,
/// optionally, E's L25A replacement of it by `intended`, granted by the Director (then S
/// decides afresh, and declines again). Returns the table and the events of the ruling.
fn premature(first_try: &str, intended: Option<&str>) -> (Table, Vec<EventKind>) {
    let mut t = preset_table(Preset::FaceToFace, Seat::N);
    apply(&mut t, call(Seat::N, "1S"));
    apply(&mut t, call(Seat::E, "1H"));
    apply(&mut t, call(Seat::E, first_try));
    apply(&mut t, Action::decline(Seat::S));
    let Some(intended) = intended else {
        return (t, Vec::new());
    };
    apply(&mut t, Action::replace_call(Seat::E, bid(intended)));
    let out = apply(&mut t, rule(RulingOn::Unintended, true));
    let events = out.events().iter().map(|e| e.kind.clone()).collect();
    apply(&mut t, Action::decline(Seat::S));
    (t, events)
}

#[test]
fn a_replaced_call_that_settled_a_rectification_announces_it_settled_afresh_and_ends_as_the_intended_call() {
    // Settled (docs/RULINGS.md, L25): L25A1 makes the intended call subject to the appropriate
    // law as if the unintended one had never been made; the state before it is restored
    // (1H awaiting S's decision again, West's bar lifted) and the rectification is applied
    // afresh: the intended 2H is again a replacement made before S decided (L27C), announced
    // after the withdrawal of the unintended call, in the order a reader applies them.
    let (replaced, events) = premature("3H", Some("2H"));
    let (direct, _) = premature("2H", None);
    let pos = |want: &dyn Fn(&EventKind) -> bool| events.iter().position(want).expect("announced");
    let unintended_out = pos(&|e| matches!(e, EventKind::CallWithdrawn { call, .. } if call.to_string() == "3H"));
    let bar_lifted = pos(&|e| matches!(e, EventKind::BarLifted { seat: Seat::W }));
    let premature_again = pos(&|e| matches!(e, EventKind::Irregularity { law: Law::L27C, .. }));
    let intended = pos(&|e| matches!(e, EventKind::Call { call, .. } if call.to_string() == "2H"));
    assert!(
        unintended_out < bar_lifted && bar_lifted < premature_again && premature_again < intended,
        "{events:?}"
    );
    // The same table as if 2H had been the premature replacement: 2H is the lowest
    // sufficient bid in hearts (L27B1a), so West is not barred.
    assert_eq!(replaced.calls(), direct.calls());
    assert_eq!(replaced.state().bars().on(Seat::W), direct.state().bars().on(Seat::W));
    assert_eq!(replaced.state().bars().on(Seat::W), None);
    assert_eq!(replaced.turn(), direct.turn());
}

#[test]
fn a_next_turn_bar_used_by_a_pass_that_l17d3_cancels_binds_the_players_next_turn_again() {
    // South is barred for his next turn (L30B1b); North's pass out of rotation at South's
    // turn is accepted (L29A), East passes, South passes as barred: three passes, but South
    // lost his turn, so L17D3 cancels them all and South calls again — still owing his pass.
    let mut t = preset_table(Preset::FaceToFace, Seat::N);
    for a in [
        call(Seat::N, "1H"),
        call(Seat::E, "P"),
        call(Seat::N, "P"),
        Action::decline(Seat::E),
        call(Seat::S, "2NT"),
        call(Seat::W, "P"),
        call(Seat::N, "3C"),
        call(Seat::N, "P"),
        call(Seat::E, "X"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
    ] {
        apply(&mut t, a);
    }
    assert_eq!(t.state().bars().on(Seat::S).map(|b| b.kind), Some(BarKind::NextTurn));
    let out = apply(&mut t, call(Seat::S, "P"));
    let reverted = out
        .events()
        .iter()
        .any(|e| matches!(&e.kind, EventKind::CallWithdrawn { law, .. } if *law == Law::L17D3));
    assert!(reverted, "L17D3 cancelled the closing passes");
    assert_eq!(t.turn(), Some(Seat::S));
    assert_eq!(t.state().bars().on(Seat::S).map(|b| b.kind), Some(BarKind::NextTurn));
    assert_eq!(
        t.legal_calls(Seat::S).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["P"]
    );
    // His pass now serves the bar; the auction goes on.
    apply(&mut t, call(Seat::S, "P"));
    assert_eq!(t.state().bars().on(Seat::S), None);
}
