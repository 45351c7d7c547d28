//! The table as a whole: bad input never changes it, refusals never change it, replay and
//! snapshots reproduce it, and views follow the audience of each item.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{
    Action, Code, Phase, Preset, RegulationSpec, RulingOn, Seat, Table, TableOptions, Viewer, Vulnerability,
};
use common::act::{alerted, announced, bid, call, calls, explained, lead, play, play_dummy, rule};

fn table(preset: Preset) -> Table {
    Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::NS,
        regulation: RegulationSpec::Preset(preset),
        board: Some(2),
        deal: None,
    })
    .expect("a table")
}

fn apply(t: &mut Table, action: Action) {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown} was refused: {:?}", out.rejection());
}

#[test]
fn malformed_input_is_bad_input_and_leaves_the_table_unchanged() {
    let mut t = table(Preset::Online);
    apply(&mut t, call(Seat::N, "1C"));
    let before = t.state_hash();
    let huge = format!(
        r#"{{"seat":"E","type":"call","call":"1NT","explanation":"{}"}}"#,
        "x".repeat(100_000)
    );
    for bad in [
        "not json",
        "{",
        "null",
        "42",
        r#"{"seat":"Q","type":"call","call":"1C"}"#,
        r#"{"seat":"E","type":"call","call":"8NT"}"#,
        r#"{"seat":"E","type":"call","call":null}"#,
        r#"{"seat":"E","type":"teleport"}"#,
        r#"{"seat":"E","type":"ask","index":1.5}"#,
        r#"{"seat":"E","type":"respond","accept":"yes"}"#,
        r#"{"seat":"E","type":"call","call":"1D","at":-5}"#,
        huge.as_str(),
    ] {
        let out = t.apply_json(bad);
        assert_eq!(
            out.rejection().map(|r| r.code()),
            Some(Code::BadInput),
            "{}",
            &bad[..bad.len().min(60)]
        );
        assert_eq!(t.state_hash(), before);
    }
    assert_eq!(t.log().len(), 1);
}

#[test]
fn a_refused_action_leaves_the_same_state_hash() {
    let mut t = table(Preset::Online);
    apply(&mut t, call(Seat::N, "1S"));
    let before = t.state_hash();
    for refused in [
        call(Seat::E, "1H"),
        call(Seat::S, "2C"),
        call(Seat::E, "XX"),
        Action::ask(Seat::N, 0),
        Action::review(Seat::S),
        lead(Seat::E, "SA"),
        Action::accept(Seat::E),
        rule(RulingOn::Comparable, true),
    ] {
        assert!(!t.apply(refused.clone()).is_ok(), "{refused:?} was accepted");
        assert_eq!(t.state_hash(), before, "{refused:?} changed the table");
    }
}

#[test]
fn replaying_the_snapshot_gives_the_same_table() {
    let mut t = table(Preset::FaceToFace);
    for a in [
        call(Seat::N, "1NT"),
        Action::alert(Seat::S, 0, Some("15-17")),
        Action::ask(Seat::E, 0),
        call(Seat::E, "P"),
        call(Seat::S, "3NT"),
        call(Seat::W, "P"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
        lead(Seat::E, "H4"),
    ] {
        apply(&mut t, a);
    }
    let again = Table::from_json(&t.to_json()).expect("the snapshot replays");
    assert_eq!(again.state_hash(), t.state_hash());
    assert_eq!(again.phase(), Phase::Clarification);
    assert_eq!(again.contract().map(|c| c.to_string()), Some("3NT".into()));
}

#[test]
fn a_snapshot_with_an_illegal_action_is_refused() {
    let json = r#"{"options":{"dealer":"N","vulnerability":"None","regulation":"online"},
                   "actions":[{"seat":"E","type":"call","call":"1C"}]}"#;
    let err = Table::from_json(json).expect_err("E may not open for N");
    assert_eq!(err.code(), Code::NotYourTurn);
    assert_eq!(
        Table::from_json("{}").expect_err("not a snapshot").code(),
        Code::BadInput
    );
}

#[test]
fn under_self_alerting_partner_sees_neither_the_alert_nor_the_question_to_his_partner() {
    let mut t = table(Preset::Online);
    apply(&mut t, explained(Seat::N, "2D", "weak two in a major"));
    apply(&mut t, Action::ask(Seat::E, 0));
    let south = t.view(Viewer::Seat(Seat::S));
    assert!(south.calls[0].disclosures.is_empty());
    assert!(south.questions.is_empty());
    let east = t.view(Viewer::Seat(Seat::E));
    assert_eq!(
        east.calls[0].disclosures.get(0).and_then(|d| d.text.as_deref()),
        Some("weak two in a major")
    );
    assert_eq!(east.questions.len(), 1);
    assert!(t.view(Viewer::Director).calls[0].alerted);
}

#[test]
fn only_the_player_on_turn_is_offered_calls() {
    let t = table(Preset::Online);
    assert_eq!(t.view(Viewer::Seat(Seat::N)).legal_calls.len(), 36);
    for s in [Seat::E, Seat::S, Seat::W] {
        assert!(t.view(Viewer::Seat(s)).legal_calls.is_empty());
    }
    assert!(t.view(Viewer::Spectator).legal_calls.is_empty());
}

#[test]
fn the_corrected_explanation_replaces_the_original_except_for_the_director() {
    let mut t = table(Preset::FaceToFace);
    apply(&mut t, call(Seat::N, "2C"));
    apply(&mut t, Action::alert(Seat::S, 0, Some("weak")));
    let out = t.apply(Action::correct_explanation(Seat::S, 0, "strong"));
    assert!(out
        .events()
        .iter()
        .any(|e| matches!(e.kind, bridge_laws::EventKind::DirectorSummoned { .. })));
    let texts = |v: Viewer| -> Vec<Option<String>> {
        t.view(v).calls[0]
            .disclosures
            .iter()
            .map(|d| d.text.as_deref().map(String::from))
            .collect()
    };
    assert_eq!(texts(Viewer::Seat(Seat::E)), vec![Some("strong".to_string())]);
    assert_eq!(texts(Viewer::Director).len(), 2);
}

#[test]
fn thirteen_tricks_end_play() {
    let mut t = table(Preset::Online);
    for a in calls(Seat::N, &["1NT", "P", "P", "P"]) {
        apply(&mut t, a);
    }
    // Declarer N, dummy S, leader E. Each trick is led by E and won by E (spades, high first).
    let ranks = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
    let suits = ["S", "H", "D", "C"];
    for r in ranks {
        let cards: Vec<String> = suits.iter().map(|s| format!("{s}{r}")).collect();
        apply(&mut t, play(Seat::E, &cards[0]));
        apply(&mut t, play_dummy(Seat::N, &cards[1]));
        apply(&mut t, play(Seat::W, &cards[2]));
        apply(&mut t, play(Seat::N, &cards[3]));
    }
    assert_eq!(t.phase(), Phase::Ended);
    assert_eq!(t.turn(), None);
}

#[test]
fn a_change_ruled_not_allowed_shows_the_director_the_original_contract_to_score() {
    let mut t = table(Preset::FaceToFace);
    for a in [
        call(Seat::N, "1NT"),
        call(Seat::E, "P"),
        call(Seat::S, "2D"),
        Action::alert(Seat::N, 2, Some("natural")),
        call(Seat::W, "P"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
        Action::correct_explanation(Seat::N, 2, "transfer"),
        Action::change_call(Seat::E, bid("X")),
        call(Seat::S, "2H"),
        call(Seat::W, "P"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
    ] {
        apply(&mut t, a);
    }
    // Typed in Rust, the same text in JSON as ever.
    let open = serde_json::to_value(t.view(Viewer::Director)).expect("json");
    assert_eq!(open["open_rulings"], serde_json::json!(["misinformation"]));
    apply(&mut t, rule(RulingOn::Misinformation, false));
    assert_eq!(t.contract().map(|c| c.to_string()), Some("2H".into()));
    let director = t.view(Viewer::Director);
    assert_eq!(director.scoring_contract.map(|c| c.to_string()).as_deref(), Some("2D"));
    assert_eq!(t.view(Viewer::Seat(Seat::E)).scoring_contract, None);
    let json = serde_json::to_value(&director).expect("json");
    assert_eq!(json["contract"], "2H");
    assert_eq!(json["scoring_contract"], "2D");
    assert_eq!(
        json["contract_parts"],
        serde_json::json!({"bid": "2H", "doubling": "undoubled"})
    );
    assert_eq!(
        json["scoring_contract_parts"],
        serde_json::json!({"bid": "2D", "doubling": "undoubled"})
    );
    assert_eq!(json["open_rulings"], serde_json::json!([]));
    assert!(
        json["withdrawn"]
            .as_array()
            .is_some_and(|w| w.iter().any(|w| w["reason"] == "changed after misinformation")),
        "{}",
        json["withdrawn"]
    );
    let e = serde_json::to_value(t.view(Viewer::Seat(Seat::E))).expect("json");
    assert_eq!(
        (&e["scoring_contract"], &e["scoring_contract_parts"]),
        (&serde_json::Value::Null, &serde_json::Value::Null)
    );
}

#[test]
fn a_refused_early_correction_leaves_nothing_behind_and_only_a_note_makes_the_duty() {
    let mut t = table(Preset::FaceToFace);
    for a in [
        call(Seat::N, "1NT"),
        call(Seat::E, "P"),
        call(Seat::S, "2D"),
        Action::alert(Seat::N, 2, Some("natural")),
    ] {
        apply(&mut t, a);
    }
    let (hash, json) = (t.state_hash(), t.to_json());
    let views: Vec<String> = viewers().map(|v| format!("{:?}", t.view(v))).collect();
    let out = t.apply(Action::correct_explanation(Seat::S, 2, "transfer"));
    assert_eq!(out.rejection().map(|r| r.code()), Some(Code::CorrectionTooEarly));
    assert_eq!((t.state_hash(), t.to_json()), (hash.clone(), json));
    let after: Vec<String> = viewers().map(|v| format!("{:?}", t.view(v))).collect();
    assert_eq!(after, views);
    let finish = [
        call(Seat::W, "P"),
        call(Seat::N, "2H"),
        call(Seat::E, "P"),
        call(Seat::S, "P"),
        call(Seat::W, "P"),
        lead(Seat::E, "SA"),
    ];
    // Without a note, no duty can be missed.
    let mut plain = Table::from_json(&t.to_json()).expect("the snapshot replays");
    for a in finish.iter().cloned() {
        apply(&mut plain, a);
    }
    let out = plain.apply(Action::face_lead(Seat::E));
    assert!(!out.warnings().iter().any(|w| w.code == Code::DutyMissed));
    // The note is an accepted action: in the log, the snapshot and the hash.
    apply(&mut t, Action::note_partner_mistake(Seat::S, 2));
    assert_ne!(t.state_hash(), hash);
    let mut copy = Table::from_json(&t.to_json()).expect("the snapshot replays");
    assert_eq!(copy.state_hash(), t.state_hash());
    for a in finish.iter().cloned() {
        apply(&mut copy, a);
    }
    let out = copy.apply(Action::face_lead(Seat::E));
    assert!(out.warnings().iter().any(|w| w.code == Code::DutyMissed));
}

#[test]
fn a_snapshot_with_memos_is_bad_input() {
    let json = r#"{"options":{"dealer":"W","vulnerability":"None","regulation":"face_to_face"},
                   "actions":[{"seat":"W","type":"call","call":"1C"}],
                   "memos":[{"seat":"S","call":4294967295}]}"#;
    assert_eq!(
        Table::from_json(json).map(|_| ()).map_err(|e| e.code()),
        Err(Code::BadInput)
    );
}

fn viewers() -> impl Iterator<Item = Viewer> {
    Seat::ALL
        .into_iter()
        .map(Viewer::Seat)
        .chain([Viewer::Director, Viewer::Spectator])
}

fn custom(overrides: &str) -> Table {
    Table::from_options_json(&format!(
        r#"{{"dealer":"N","vulnerability":"None","regulation":{overrides}}}"#
    ))
    .expect("a table")
}

#[test]
fn a_board_refuses_actions_beyond_max_actions_and_keeps_working() {
    let mut t = custom(r#"{"preset":"online","max_actions":3}"#);
    for a in [call(Seat::N, "1C"), call(Seat::E, "P"), call(Seat::S, "1H")] {
        apply(&mut t, a);
    }
    let (hash, json) = (t.state_hash(), t.to_json());
    for refused in [
        call(Seat::W, "P"),
        Action::review(Seat::W),
        Action::summon(Seat::W, None),
    ] {
        let out = t.apply(refused.clone());
        assert_eq!(
            out.rejection().map(|r| r.code()),
            Some(Code::LimitReached),
            "{refused:?}"
        );
        assert_eq!((t.state_hash(), t.to_json()), (hash.clone(), json.clone()));
    }
    assert_eq!(t.legal_calls(Seat::W).len(), 34);
    assert_eq!(t.view(Viewer::Seat(Seat::W)).calls.len(), 3);
    let mut copy = Table::from_json(&json).expect("a full board still reloads");
    assert_eq!(copy.state_hash(), hash);
    let out = copy.apply(call(Seat::W, "P"));
    assert_eq!(out.rejection().map(|r| r.code()), Some(Code::LimitReached));
}

#[test]
fn text_beyond_max_total_text_is_refused_while_actions_without_text_go_on() {
    let mut t = custom(r#"{"preset":"online","max_total_text":10}"#);
    apply(&mut t, explained(Seat::N, "2C", "strong♣"));
    let hash = t.state_hash();
    let out = t.apply(Action::summon(Seat::E, Some("hesitated")));
    assert_eq!(out.rejection().map(|r| r.code()), Some(Code::LimitReached));
    assert_eq!(t.state_hash(), hash);
    // Characters, not bytes: "strong♣" is 7 of the 10, so three more fit.
    apply(&mut t, Action::summon(Seat::E, Some("why")));
    apply(&mut t, call(Seat::E, "P"));
    apply(&mut t, alerted(Seat::S, "2D"));
    // The snapshot's replay counts the same text: one more character is too many.
    let mut copy = Table::from_json(&t.to_json()).expect("the snapshot replays");
    assert_eq!(copy.state_hash(), t.state_hash());
    for table in [&mut t, &mut copy] {
        let out = table.apply(announced(Seat::W, "P", "x"));
        assert_eq!(out.rejection().map(|r| r.code()), Some(Code::LimitReached));
        apply(table, call(Seat::W, "P"));
    }
}

#[test]
fn a_snapshot_beyond_its_own_limits_is_refused() {
    let json = r#"{"options":{"dealer":"N","vulnerability":"None","regulation":{"max_actions":1}},
                   "actions":[{"seat":"N","type":"call","call":"1C"},{"seat":"E","type":"call","call":"P"}]}"#;
    assert_eq!(
        Table::from_json(json).map(|_| ()).map_err(|e| e.code()),
        Err(Code::LimitReached)
    );
}

#[test]
fn behind_screens_a_review_goes_to_the_requester_and_his_screenmate_with_his_side_of_the_screen() {
    // Screens seat N with E and S with W (SPEC §2, §6). North's 1C is explained to East,
    // South's 1H to West; at his turn North has the auction reviewed (L20B).
    let mut t = table(Preset::Screens);
    apply(&mut t, explained(Seat::N, "1C", "strong"));
    apply(&mut t, call(Seat::E, "P"));
    apply(&mut t, explained(Seat::S, "1H", "transfer"));
    apply(&mut t, call(Seat::W, "P"));
    let out = t.apply(Action::review(Seat::N));
    let review = out
        .events()
        .iter()
        .find(|e| matches!(e.kind, bridge_laws::EventKind::Review { .. }))
        .expect("a review event");
    for s in Seat::ALL {
        assert_eq!(
            review.audience.has_seat(s),
            matches!(s, Seat::N | Seat::E),
            "{s} and the review"
        );
        let sees = t.view(Viewer::Seat(s)).events.iter().any(|e| *e == *review);
        assert_eq!(sees, matches!(s, Seat::N | Seat::E), "{s}'s view and the review");
    }
    assert!(
        review.audience.contains(Viewer::Director),
        "the Director sees every review"
    );
    let bridge_laws::EventKind::Review {
        requester,
        restated,
        calls,
    } = &review.kind
    else {
        unreachable!("found above")
    };
    assert_eq!((*requester, *restated), (Seat::N, 4), "all four calls are restated");
    // North's own explanation, given to East, is restated; South's, given to West across
    // the screen, is not (nor is the alert North never saw). The review refers to what
    // North's view holds instead of copying its text.
    let north = t.view(Viewer::Seat(Seat::N));
    let lines: Vec<(String, bool, Vec<String>)> = calls
        .iter()
        .map(|l| {
            let seen = &north.calls[l.index];
            let texts = l
                .explanations
                .iter()
                .filter_map(|p| {
                    seen.disclosures
                        .get(*p)
                        .and_then(|d| d.text.as_deref())
                        .map(String::from)
                })
                .collect();
            (seen.call.to_string(), l.alerted, texts)
        })
        .collect();
    assert_eq!(lines, vec![("1C".into(), true, vec!["strong".into()])]);
    assert!(
        !serde_json::to_string(review).unwrap().contains("strong"),
        "the text is not copied into the review"
    );
}

#[test]
fn an_accepted_call_is_written_the_same_whether_its_events_are_copied_or_lent() {
    let mut t = table(Preset::Online);
    let out = t.apply(call(Seat::N, "1C"));
    let bridge_laws::Outcome::Accepted { events, .. } = &out else {
        panic!("1C was refused: {:?}", out.rejection());
    };
    assert_eq!(events.len(), 1);
    let mut again = table(Preset::Online);
    let lent = serde_json::to_value(again.submit(call(Seat::N, "1C")).expect("accepted")).expect("json");
    assert_eq!(lent, serde_json::to_value(&out).expect("json"));
    assert_eq!(lent["ok"], true);
}
