//! The last differences between a view and `apply`, settled (docs/RULINGS.md):
//! each case built on purpose and checked both ways by the probes the property suite runs
//! (tests/common/answers.rs), and for what the ruling says the table does.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, Code, Seat, Strain, Suit, Table, Viewer};
use common::act::{announced, apply_all, call, explained, lead};
use common::answers::{probe_disclosure_and_undo, probe_leads, probe_questions, probe_reminders};
use common::steps::new_table;

/// A table dealt by North under `regulation` after `actions`, each accepted.
fn table(regulation: &str, actions: &[Action]) -> Table {
    let mut t = new_table("N", regulation);
    apply_all(&mut t, actions.iter().cloned());
    t
}

/// What `apply` answers to `action` on a copy: accepted, or the refusal's code.
fn tried(t: &Table, action: Action) -> Result<(), Code> {
    t.clone().apply(action).rejection().map_or(Ok(()), |r| Err(r.code()))
}

const W_ASKS: Action = Action::ask(Seat::W, 0);

#[test]
fn a_question_is_supplementary_only_to_a_question_of_partners_its_asker_heard() {
    // East asks about North's 1C out of turn; West, his partner, asks too.
    let actions = [call(Seat::N, "1C"), Action::ask(Seat::E, 0)];
    // Online (self-alerting): East's question reaches East and North alone.
    let t = table(r#""online""#, &actions);
    assert!(
        t.view(Viewer::Seat(Seat::W)).questions.is_empty(),
        "West did not hear it"
    );
    assert!(t.view(Viewer::Seat(Seat::W)).askable.contains(&0));
    assert_eq!(tried(&t, W_ASKS), Ok(()));
    probe_questions(&t).expect("every question answer agrees with apply");
    // Partner disclosure (questions at any time): every seat hears it — West waits.
    let t = table(r#"{"preset":"online","disclosure":"partner"}"#, &actions);
    assert_eq!(t.view(Viewer::Seat(Seat::W)).questions.len(), 1, "West heard it");
    assert!(!t.view(Viewer::Seat(Seat::W)).may_ask);
    assert_eq!(tried(&t, W_ASKS), Err(Code::SupplementaryQuestion));
    probe_questions(&t).expect("every question answer agrees with apply");
}

#[test]
fn a_player_may_not_correct_partners_explanation_he_never_heard() {
    // Self-alerting: North explains his 1NT to the opponents; South, dummy, never hears it.
    let t = table(
        r#""online""#,
        &[
            explained(Seat::N, "1NT", "15-17"),
            call(Seat::E, "P"),
            call(Seat::S, "3NT"),
            call(Seat::W, "P"),
            call(Seat::N, "P"),
            call(Seat::E, "P"),
        ],
    );
    assert!(!t.view(Viewer::Seat(Seat::S)).correctable.contains(&0));
    let south = Action::correct_explanation(Seat::S, 0, "12-14");
    assert_eq!(tried(&t, south), Err(Code::NotYoursToExplain));
    assert!(
        t.view(Viewer::Seat(Seat::N)).correctable.contains(&0),
        "the explainer may"
    );
    probe_questions(&t).expect("every correction answer agrees with apply");
}

#[test]
fn behind_a_screen_a_correction_of_partners_call_is_the_players_own_explanation_to_his_screenmate() {
    // Screens: North explains his 1C to East; South, on the other side, never hears it.
    let mut t = table(
        r#""screens""#,
        &[
            announced(Seat::N, "1C", "natural"),
            call(Seat::E, "P"),
            call(Seat::S, "1H"),
            call(Seat::W, "P"),
        ],
    );
    assert!(t.view(Viewer::Seat(Seat::S)).correctable.contains(&0));
    probe_questions(&t).expect("every correction answer agrees with apply");
    let out = t.apply(Action::correct_explanation(Seat::S, 0, "may be short"));
    assert!(out.is_ok(), "{:?}", out.rejection());
    let said = |v: Viewer| -> Vec<(Seat, String)> {
        t.view(v).calls[0]
            .disclosures
            .iter()
            .map(|d| (d.by, d.text.as_deref().unwrap_or_default().to_string()))
            .collect()
    };
    // West hears South's own explanation; North's to East stands, and East hears nothing new.
    assert_eq!(said(Viewer::Seat(Seat::W)), [(Seat::S, "may be short".to_string())]);
    assert_eq!(said(Viewer::Seat(Seat::E)), [(Seat::N, "natural".to_string())]);
    assert!(said(Viewer::Seat(Seat::N)).iter().all(|(by, _)| *by == Seat::N));
    assert_eq!(t.view(Viewer::Seat(Seat::W)).change_offers, [3], "West was misinformed");
    probe_disclosure_and_undo(&t).expect("change_offers agrees with apply");
}

#[test]
fn under_a_required_suit_every_suit_is_a_legal_lead_and_the_requirement_is_shown() {
    // 2S by North; West's insufficient 2H declined and replaced by a pass (L27B2): East
    // leads, declarer requires diamonds (require_or_prohibit).
    let t = table(
        r#"{"preset":"face_to_face","lead_restriction":"require_or_prohibit"}"#,
        &[
            call(Seat::N, "1C"),
            call(Seat::E, "P"),
            call(Seat::S, "1D"),
            call(Seat::W, "1H"),
            call(Seat::N, "1S"),
            call(Seat::E, "P"),
            call(Seat::S, "2S"),
            call(Seat::W, "2H"),
            Action::decline(Seat::N),
            call(Seat::W, "P"),
            call(Seat::N, "P"),
            call(Seat::E, "P"),
            call(Seat::S, "P"),
            Action::restrict_lead(Seat::N, Some(Suit::Diamonds), true),
        ],
    );
    let east = t.view(Viewer::Seat(Seat::E));
    assert_eq!(
        east.legal_leads,
        [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades]
    );
    for v in [Seat::N, Seat::E, Seat::S, Seat::W] {
        let r = t.view(Viewer::Seat(v)).lead_restriction.expect("shown to every seat");
        assert_eq!((r.required, r.leader), (Some(Strain::Diamonds), Seat::E), "{v}");
    }
    let out = t.clone().apply(lead(Seat::E, "HK"));
    let codes: Vec<Code> = out.warnings().iter().map(|w| w.code).collect();
    assert!(out.is_ok() && codes.contains(&Code::RequiredSuitVoid), "{codes:?}");
    probe_leads(&t).expect("legal_leads agrees with apply");
}

/// The codes of the warnings `seat` was given by `action` (accepted).
fn reminded(t: &mut Table, action: Action, seat: Seat) -> Vec<Code> {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown}: {:?}", out.rejection());
    probe_reminders(t, &out).expect("every reminder invites what the view offers");
    let to_seat = out.warnings().iter().filter(|w| w.audience.only_seat() == Some(seat));
    to_seat.map(|w| w.code).collect()
}

/// The auction after North's 1NT: 3NT by South, passed out.
fn auction_after_1nt() -> Vec<Action> {
    vec![
        call(Seat::E, "P"),
        call(Seat::S, "3NT"),
        call(Seat::W, "P"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
    ]
}

#[test]
fn a_player_may_not_note_a_mistake_in_partners_explanation_he_never_heard_nor_is_reminded_of_one() {
    const SOUTH_NOTES: Action = Action::note_partner_mistake(Seat::S, 0);
    // Self-alerting: North explains his 1NT to the opponents alone; screens: to East alone.
    for (regulation, north) in [
        (r#""online""#, explained(Seat::N, "1NT", "15-17")),
        (r#""screens""#, announced(Seat::N, "1NT", "15-17")),
    ] {
        let mut t = table(regulation, &[north]);
        assert_eq!(tried(&t, SOUTH_NOTES), Err(Code::NotYoursToExplain), "{regulation}");
        let auction = auction_after_1nt();
        let (last, rest) = auction.split_last().expect("calls");
        for a in rest {
            assert!(t.apply(a.clone()).is_ok(), "{a:?}");
        }
        // South, dummy, is reminded of no duty about an explanation he never heard.
        let codes = reminded(&mut t, last.clone(), Seat::S);
        assert!(!codes.contains(&Code::CorrectPartnerNow), "{regulation}: {codes:?}");
        assert_eq!(tried(&t, SOUTH_NOTES), Err(Code::NotYoursToExplain), "{regulation}");
        probe_questions(&t).expect("every correction answer agrees with apply");
        // Nor does the Director hear of a duty missed when the lead is faced.
        assert!(t.apply(lead(Seat::E, "SA")).is_ok());
        let out = t.apply(Action::face_lead(Seat::E));
        assert!(out.is_ok(), "{:?}", out.rejection());
        assert!(
            !out.warnings().iter().any(|w| w.code == Code::DutyMissed),
            "{regulation}"
        );
    }
}

#[test]
fn face_to_face_a_player_notes_partners_failure_to_alert_and_may_correct_it_when_reminded() {
    // North's 1NT, which South does not alert (L20F5a: a failure to alert is a mistaken
    // explanation); North notes it, and as declarer is reminded and may correct it.
    let mut t = table(
        r#""face_to_face""#,
        &[call(Seat::N, "1NT"), Action::note_partner_mistake(Seat::N, 0)],
    );
    let auction = auction_after_1nt();
    let (last, rest) = auction.split_last().expect("calls");
    for a in rest {
        assert!(t.apply(a.clone()).is_ok(), "{a:?}");
    }
    assert!(
        !t.view(Viewer::Seat(Seat::N)).correctable.contains(&0),
        "not during the auction"
    );
    let codes = reminded(&mut t, last.clone(), Seat::N);
    assert!(codes.contains(&Code::CorrectPartnerNow), "{codes:?}");
    assert!(t.view(Viewer::Seat(Seat::N)).correctable.contains(&0));
    probe_questions(&t).expect("every correction answer agrees with apply");
    let out = t.apply(Action::correct_explanation(
        Seat::N,
        0,
        "should have been alerted: 12-14",
    ));
    assert!(out.is_ok(), "{:?}", out.rejection());
    // The opponents hear it (partner's explanation is corrected, L20F5b).
    assert!(t.view(Viewer::Seat(Seat::E)).calls[0]
        .disclosures
        .iter()
        .any(|d| d.by == Seat::N));
}
