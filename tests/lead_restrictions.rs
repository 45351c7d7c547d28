//! Law 26B when the opening leader himself was the offender: the restriction binds
//! his partner "at his first turn to lead" — in play, when that partner first wins a trick —
//! and lasts "for as long as he retains the lead". It shows in every view from the end of
//! the auction (with the player it binds), declarer names the suit with `restrict_lead` when
//! the lead is due, and the leads are checked against it. Every dealer.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, Code, Seat, Strain, Table, Viewer};
use common::act::{self, call, play_hand};
use common::answers::probe_lead_choice;
use common::steps::{codes, ok, Accepted};

fn restrict(seat: Seat, suit: &str, require: bool) -> Action {
    Action::restrict_lead(seat, Some(act::suit(suit)), require)
}

/// Dealer `d` opens 1S; his LHO bids an insufficient 1H, declined, and replaces it with a
/// pass (L27B2: his partner barred, a lead restriction); all pass: 1S by `d`, and the
/// offender is the opening leader.
fn offender_leads(d: Seat, regulation: &str) -> Table {
    let mut t = Table::from_options_json(&format!(
        r#"{{"dealer":"{d}","vulnerability":"None","regulation":{regulation}}}"#
    ))
    .expect("options");
    for step in [
        call(d, "1S"),
        call(d.lho(), "1H"),
        Action::decline(d.partner()),
        call(d.lho(), "P"),
        call(d.partner(), "P"),
        call(d.rho(), "P"),
        call(d, "P"),
    ] {
        ok(&mut t, &step);
    }
    assert_eq!(t.contract().map(|c| c.leader()), Some(d.lho()));
    t
}

/// Plays `card` from `hand` (declarer plays dummy's cards).
fn play(t: &mut Table, d: Seat, hand: Seat, card: &str) -> Accepted {
    ok(t, play_hand(hand, d.partner(), card))
}

/// The opening lead D2 is won by the opening leader's partner's DA: he is on lead for the
/// first time.
fn partner_wins_trick_one(t: &mut Table, d: Seat) {
    let (e, s, w) = (d.lho(), d.partner(), d.rho());
    play(t, d, e, "D2");
    play(t, d, s, "D3");
    play(t, d, w, "DA");
    play(t, d, d, "D4");
    assert_eq!(t.view(Viewer::Director).play.and_then(|p| p.to_play), Some(w));
}

/// Every view's `lead_restriction.due` (L26B), asserted the same for every viewer and
/// probed both ways against `apply` (`probe_lead_choice`).
fn due(t: &Table) -> bool {
    let seen = |v: Viewer| t.view(v).lead_restriction.is_some_and(|r| r.due);
    let due = seen(Viewer::Director);
    assert!(
        Seat::ALL
            .map(Viewer::Seat)
            .into_iter()
            .chain([Viewer::Spectator])
            .all(|v| seen(v) == due),
        "every viewer sees the same due"
    );
    probe_lead_choice(t).expect("lead_restriction.due agrees with apply");
    due
}

fn suits(list: &[Strain]) -> String {
    list.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_restriction_on_the_opening_leaders_partner_shows_from_the_end_of_the_auction() {
    for d in Seat::ALL {
        let t = offender_leads(d, r#""face_to_face""#);
        for viewer in Seat::ALL
            .map(Viewer::Seat)
            .into_iter()
            .chain([Viewer::Director, Viewer::Spectator])
        {
            let r = t.view(viewer).lead_restriction.expect("every viewer sees it");
            assert_eq!((r.offender, r.leader, r.declarer), (d.lho(), d.rho(), d), "dealer {d}");
            assert_eq!(suits(&r.restrictable), "C D H S", "dealer {d}: 1H was withdrawn");
            assert!(!r.chosen, "dealer {d}");
        }
        // The opening lead itself is free.
        assert_eq!(t.view(Viewer::Seat(d.lho())).legal_leads.len(), 4, "dealer {d}");
    }
}

#[test]
fn declarer_chooses_only_when_the_partner_is_first_on_lead_and_the_lead_waits_for_it() {
    for d in Seat::ALL {
        let mut t = offender_leads(d, r#""face_to_face""#);
        let w = d.rho();
        assert!(!due(&t), "dealer {d}: the opening lead is free");
        let o = t.apply(restrict(d, "H", false));
        assert_eq!(
            o.rejection().map(|r| r.code()),
            Some(Code::NoLeadRestriction),
            "dealer {d}"
        );
        play(&mut t, d, d.lho(), "D2");
        assert!(!due(&t), "dealer {d}: not due yet");
        let o = t.apply(restrict(d, "H", false));
        assert_eq!(
            o.rejection().map(|r| r.code()),
            Some(Code::WrongPeriod),
            "dealer {d}: not due yet"
        );
        play(&mut t, d, d.partner(), "D3");
        play(&mut t, d, w, "DA");
        play(&mut t, d, d, "D4");
        assert!(
            t.view(Viewer::Seat(w)).legal_leads.is_empty(),
            "dealer {d}: the lead waits"
        );
        assert!(due(&t), "dealer {d}: due at the partner's first turn to lead");
        let o = t.apply(restrict(w, "H", false));
        assert_eq!(o.rejection().map(|r| r.code()), Some(Code::NotEntitled), "dealer {d}");
        ok(&mut t, restrict(d, "H", false));
        let r = t.view(Viewer::Seat(w)).lead_restriction.expect("shown");
        assert_eq!((r.chosen, r.prohibited), (true, Some(Strain::Hearts)), "dealer {d}");
        assert!(!due(&t), "dealer {d}: chosen");
        assert_eq!(suits(&t.view(Viewer::Seat(w)).legal_leads), "C D S", "dealer {d}");
        let o = t.apply(restrict(d, "C", false));
        assert_eq!(
            o.rejection().map(|r| r.code()),
            Some(Code::LeadAlreadyRestricted),
            "dealer {d}"
        );
    }
}

#[test]
fn a_lead_before_declarers_choice_is_recorded_for_the_director() {
    for d in Seat::ALL {
        let mut t = offender_leads(d, r#""face_to_face""#);
        partner_wins_trick_one(&mut t, d);
        let o = play(&mut t, d, d.rho(), "CA");
        assert!(codes(&o).contains(&Code::IrregLeadBeforeRestriction), "dealer {d}");
    }
}

#[test]
fn the_prohibition_binds_the_partner_while_he_keeps_the_lead_and_ends_when_he_loses_it() {
    for d in Seat::ALL {
        let (e, s, w) = (d.lho(), d.partner(), d.rho());
        let mut t = offender_leads(d, r#""face_to_face""#);
        partner_wins_trick_one(&mut t, d);
        ok(&mut t, restrict(d, "H", false));
        // Trick 2: he leads a club and wins it: still on lead, still bound.
        let o = play(&mut t, d, w, "CA");
        assert!(codes(&o).is_empty(), "dealer {d}: {:?}", codes(&o));
        play(&mut t, d, d, "C2");
        play(&mut t, d, e, "C3");
        play(&mut t, d, s, "C4");
        assert_eq!(suits(&t.view(Viewer::Seat(w)).legal_leads), "C D S", "dealer {d}");
        let o = play(&mut t, d, w, "HA");
        assert!(codes(&o).contains(&Code::IrregProhibitedLead), "dealer {d}");
        // Trick 3 (the heart) is won by declarer; trick 4 returns the lead to him.
        play(&mut t, d, d, "H2");
        play(&mut t, d, e, "H3");
        play(&mut t, d, s, "S2");
        assert_eq!(t.view(Viewer::Director).play.and_then(|p| p.to_play), Some(s));
        play(&mut t, d, s, "D5");
        play(&mut t, d, w, "D8");
        play(&mut t, d, d, "D7");
        play(&mut t, d, e, "D6");
        // He lost the lead in between: the restriction no longer binds him.
        assert_eq!(suits(&t.view(Viewer::Seat(w)).legal_leads), "C D H S", "dealer {d}");
        let o = play(&mut t, d, w, "HK");
        assert!(codes(&o).is_empty(), "dealer {d}");
    }
}

#[test]
fn a_required_suit_binds_the_first_lead_and_a_later_card_of_it_shows_he_was_not_void() {
    for d in Seat::ALL {
        let (e, s, w) = (d.lho(), d.partner(), d.rho());
        let mut t = offender_leads(
            d,
            r#"{"preset":"face_to_face","lead_restriction":"require_or_prohibit"}"#,
        );
        assert!(t.view(Viewer::Seat(d)).lead_restriction.is_some_and(|r| r.may_require));
        partner_wins_trick_one(&mut t, d);
        ok(&mut t, restrict(d, "H", true));
        // Every suit is a legal lead (a void leader leads any card); the view states which
        // one a leader holding it must lead.
        let v = t.view(Viewer::Seat(w));
        assert_eq!(suits(&v.legal_leads), "C D H S", "dealer {d}");
        assert_eq!(
            v.lead_restriction.and_then(|r| r.required),
            Some(Strain::Hearts),
            "dealer {d}"
        );
        let o = play(&mut t, d, w, "CA");
        assert!(codes(&o).contains(&Code::RequiredSuitVoid), "dealer {d}");
        play(&mut t, d, d, "C2");
        play(&mut t, d, e, "C3");
        let o = play(&mut t, d, s, "C4");
        assert!(codes(&o).is_empty(), "dealer {d}");
        // A requirement binds only the first lead.
        assert_eq!(suits(&t.view(Viewer::Seat(w)).legal_leads), "C D H S", "dealer {d}");
        let o = play(&mut t, d, w, "H5");
        assert!(codes(&o).contains(&Code::IrregRequiredSuitNotLed), "dealer {d}");
    }
}
