//! Round trips: for every regulation (each preset, and presets with any overrides,
//! `tempo_threshold_ms: null` as well as absent, the limits) and any table reached by
//! plausible and irregular actions, `from_json(to_json(t))`, `from_snapshot(snapshot(t))`
//! and replaying the log give the same table: the same options, log, state hash and views.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::action::{ActionKind, Actor, Intent, RulingOn, RulingValue};
use bridge_laws::{Action, Call, Card, Preset, Seat, Snapshot, Strain, Table, TableOptions, Viewer};
use proptest::prelude::*;

const PRESETS: [&str; 4] = ["online", "online_tournament", "face_to_face", "screens"];

fn pick(options: &[&'static str]) -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(options.to_vec()))
}

/// A regulation as written in options: a preset name, or an object of overrides.
fn regulation() -> impl Strategy<Value = String> {
    let settings = (
        pick(&PRESETS),
        pick(&["self", "partner", "screens"]),
        pick(&["prevent", "rectify"]),
        pick(&["own_turn", "any_time"]),
        pick(&["off", "consent", "director"]),
        pick(&["true", "false"]),
        pick(&["prohibit", "require_or_prohibit"]),
        pick(&["true", "false"]),
    );
    let numbers = (
        prop::option::of(prop_oneof![Just(0u32), 1u32..600, Just(100_000)]),
        // Absent, null (off) or a threshold.
        0u8..3,
        0u32..20_000,
        pick(&["ne_sw", "nw_se"]),
        prop::option::of(prop_oneof![1u32..40, Just(2_000)]),
        prop::option::of(prop_oneof![0u32..60, Just(20_000)]),
    );
    prop_oneof![
        prop::sample::select(PRESETS.to_vec()).prop_map(|p| format!("{p:?}")),
        (settings, numbers).prop_map(|(s, n)| {
            let mut fields = Vec::new();
            let quoted = |name: &str, v: Option<&str>| v.map(|v| format!("{name:?}:{v:?}"));
            let bare = |name: &str, v: Option<&str>| v.map(|v| format!("{name:?}:{v}"));
            fields.extend(quoted("preset", s.0));
            fields.extend(quoted("disclosure", s.1));
            fields.extend(quoted("irregularities", s.2));
            fields.extend(quoted("questions", s.3));
            fields.extend(quoted("undo", s.4));
            fields.extend(bare("auto_pass_barred", s.5));
            fields.extend(quoted("lead_restriction", s.6));
            fields.extend(bare("spectators_see_disclosures", s.7));
            fields.extend(n.0.map(|v| format!(r#""max_text":{v}"#)));
            match n.1 {
                0 => {}
                1 => fields.push(r#""tempo_threshold_ms":null"#.into()),
                _ => fields.push(format!(r#""tempo_threshold_ms":{}"#, n.2)),
            }
            fields.extend(quoted("screenmates", n.3));
            fields.extend(n.4.map(|v| format!(r#""max_actions":{v}"#)));
            fields.extend(n.5.map(|v| format!(r#""max_total_text":{v}"#)));
            format!("{{{}}}", fields.join(","))
        }),
    ]
}

fn options() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["N", "E", "S", "W"]),
        prop::sample::select(vec!["None", "NS", "EW", "All"]),
        regulation(),
        prop::option::of(0u32..40),
    )
        .prop_map(|(dealer, vul, reg, board)| {
            let board = board.map(|b| format!(r#","board":{b}"#)).unwrap_or_default();
            format!(r#"{{"dealer":"{dealer}","vulnerability":"{vul}","regulation":{reg}{board}}}"#)
        })
}

const CALLS: [&str; 8] = ["P", "X", "XX", "1C", "1NT", "2H", "3S", "7NT"];
const TEXTS: [&str; 4] = ["", "15-17", "transfer ♥ áé", "nul\u{0}byte"];
const CARDS: [&str; 6] = ["SA", "H4", "D2", "CK", "ST", "H9"];

/// One step: what to do, who does it, and two numbers that pick its details.
type Step = (u8, usize, u32, u32);

/// A step on table `t`: mostly legal calls by the player on turn, with disclosures,
/// questions, irregular calls, rulings and play mixed in (its text is then the snapshot's).
fn action(t: &Table, (kind, who, x, y): Step) -> Action {
    let player = Seat::from_index(who % 4);
    // The fifth actor is the Director (refused where only a player may act).
    let actor = if who % 5 == 4 {
        Actor::Director
    } else {
        Actor::Seat(player)
    };
    let n = t.calls().len().max(1);
    let i = x as usize % (n + 1);
    let text = TEXTS[y as usize % TEXTS.len()];
    let call: Call = CALLS[x as usize % CALLS.len()].parse().expect("a call");
    let card: Card = CARDS[y as usize % CARDS.len()].parse().expect("a card");
    let timed = |a: Action| if y % 3 == 0 { a.at(f64::from(x % 30_000)) } else { a };
    let by_actor = |a: Action| Action { seat: actor, ..a };
    match kind % 16 {
        0..=5 => {
            let turn = t.turn().unwrap_or(Seat::N);
            let legal = t.legal_calls(turn);
            let c = legal.iter().nth(x as usize % legal.len().max(1)).unwrap_or(Call::Pass);
            let disclosed = match y % 4 {
                0 => Action::alerted(turn, c),
                1 => Action::new(
                    Actor::Seat(turn),
                    ActionKind::Call {
                        call: c,
                        alert: false,
                        explanation: Some(text.into()),
                        intent: None,
                    },
                ),
                _ => Action::call(turn, c),
            };
            timed(disclosed)
        }
        6 => timed(by_actor(Action::call(player, call))),
        7 => Action::alert(player, i, Some(text)),
        8 => Action::explain(player, i, text),
        9 => Action::ask(player, i),
        10 => by_actor(Action::summon(player, Some(text))),
        11 => {
            let yes = |on, v| Action::ruling(on, Some(RulingValue::Yes(v)));
            [
                yes(RulingOn::Unintended, true),
                yes(RulingOn::Unintended, false),
                yes(RulingOn::Comparable, true),
                yes(RulingOn::Comparable, false),
                yes(RulingOn::Misinformation, true),
                Action::ruling(RulingOn::Intent, Some(RulingValue::Intent(Intent::Accept))),
                Action::ruling(RulingOn::Intent, Some(RulingValue::Intent(Intent::OwnTurn))),
                yes(RulingOn::Artificial, true),
                yes(RulingOn::Artificial, false),
                Action::artificial_at(0, Some(&[Strain::Hearts])),
            ][y as usize % 10]
                .clone()
        }
        12 => [
            Action::accept(player),
            Action::decline(player),
            Action::review(player),
            Action::ask_lead(player),
            Action::ask_contract(player),
            Action::face_lead(player),
        ][y as usize % 6]
            .clone(),
        13 if y % 2 == 0 => Action::replace_call(player, call),
        13 => Action::change_call(player, call),
        14 if y % 2 == 0 => Action::correct_explanation(player, i, text),
        14 => Action::note_partner_mistake(player, i),
        _ => match y % 3 {
            0 => Action::lead(player, card),
            1 => Action::play(player, card),
            _ => Action::respond(player, x % 2 == 0),
        },
    }
}

fn viewers() -> impl Iterator<Item = Viewer> {
    Seat::ALL
        .into_iter()
        .map(Viewer::Seat)
        .chain([Viewer::Director, Viewer::Spectator])
}

/// The three round trips of `t`, each compared with `t`.
fn check_round_trips(t: &Table, views: bool) -> Result<(), TestCaseError> {
    let hash = t.state_hash();
    let json = t.to_json();
    let from_json = Table::from_json(&json).map_err(|e| TestCaseError::fail(format!("from_json: {e:?}")))?;
    prop_assert_eq!(from_json.state_hash(), hash.clone(), "from_json(to_json) hash");
    prop_assert_eq!(from_json.to_json(), json.clone(), "from_json(to_json) text");
    let snapshot = t.snapshot();
    let read_back: Snapshot = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&read_back, &snapshot, "the snapshot reads back equal as data");
    let from_snapshot =
        Table::from_snapshot(snapshot.clone()).map_err(|e| TestCaseError::fail(format!("from_snapshot: {e:?}")))?;
    prop_assert_eq!(from_snapshot.state_hash(), hash.clone(), "from_snapshot hash");
    prop_assert_eq!(from_snapshot.snapshot(), snapshot.clone());
    let replayed = Table::replay(snapshot.options.clone(), t.log().to_vec())
        .map_err(|e| TestCaseError::fail(format!("replay: {e:?}")))?;
    prop_assert_eq!(replayed.state_hash(), hash, "replay hash");
    prop_assert_eq!(replayed.regulation(), t.regulation());
    if views {
        for v in viewers() {
            let want = format!("{:?}", t.view(v));
            prop_assert_eq!(format!("{:?}", from_json.view(v)), want.clone(), "view of {}", v);
            prop_assert_eq!(format!("{:?}", replayed.view(v)), want, "view of {}", v);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn options_read_back_as_the_same_options_and_regulation(text in options()) {
        let options: TableOptions = serde_json::from_str(&text).expect("generated options are valid");
        let again: TableOptions = serde_json::from_str(&serde_json::to_string(&options).expect("serializes"))
            .expect("reads back");
        prop_assert_eq!(&again, &options);
        prop_assert_eq!(again.regulation.resolve(), options.regulation.resolve());
    }

    #[test]
    fn every_table_survives_its_three_round_trips(
        text in options(),
        steps in prop::collection::vec((any::<u8>(), 0usize..5, any::<u32>(), any::<u32>()), 0..30),
    ) {
        let mut t = Table::from_options_json(&text).expect("generated options make a table");
        check_round_trips(&t, true)?;
        for step in steps {
            if t.apply(action(&t, step)).is_ok() {
                check_round_trips(&t, false)?;
            }
        }
        check_round_trips(&t, true)?;
    }
}

#[test]
fn a_snapshots_text_is_never_the_empty_fallback_and_the_empty_text_is_refused() {
    let mut t =
        Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).expect("options");
    let explained = r#"{"seat":"N","type":"call","call":"1C","alert":true,"explanation":"\"short\" ♣\n\u0001 club"}"#;
    assert!(t.apply_json(explained).is_ok(), "an alerted call");
    assert!(
        t.apply_json(r#"{"seat":"E","type":"call","call":"X","at":12.5}"#)
            .is_ok(),
        "a timed double"
    );
    let json = t.to_json();
    assert!(json.starts_with('{'), "{json}");
    assert_eq!(
        Table::from_json(&json).expect("reads back").state_hash(),
        t.state_hash()
    );
    assert!(Table::from_json("").is_err(), "the empty text is not a table");
}

#[test]
fn absent_and_null_tempo_thresholds_stay_apart_through_a_snapshot() {
    // fuzz-findings/001 and 003: an absent override was written as null, read back as "off".
    for (regulation, want) in [
        (r#"{"preset":"online_tournament"}"#, Some(10_000)),
        (r#"{"preset":"online_tournament","tempo_threshold_ms":null}"#, None),
        (r#"{"preset":"online","tempo_threshold_ms":2500}"#, Some(2_500)),
    ] {
        let t = Table::from_options_json(&format!(
            r#"{{"dealer":"N","vulnerability":"NS","regulation":{regulation},"board":25}}"#
        ))
        .expect("a table");
        let again = Table::from_json(&t.to_json()).expect("reloads");
        assert_eq!(again.regulation().tempo_threshold_ms, want, "{regulation}");
        assert_eq!(again.state_hash(), t.state_hash(), "{regulation}");
        assert!(t.to_json().contains(regulation), "{}", t.to_json());
    }
    assert_eq!(
        Table::from_options_json(r#"{"dealer":"N","vulnerability":"NS","regulation":"online_tournament"}"#)
            .expect("a table")
            .regulation()
            .preset,
        Preset::OnlineTournament
    );
}

#[test]
fn every_clock_a_table_accepts_reads_back_with_the_same_hash() {
    let clocks = [
        "0",
        "0.1",
        "1234.5678901234567",
        "1700000000000.123",
        "9007199254740991",
        "9007199254740992",
    ];
    for at in clocks {
        let mut t = Table::from_options_json(
            r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"face_to_face","tempo_threshold_ms":2500}}"#,
        )
        .expect("options");
        for (seat, call) in [("N", "1C"), ("E", "P"), ("S", "1H")] {
            let action = format!(r#"{{"seat":"{seat}","type":"call","call":"{call}","at":{at}}}"#);
            assert!(t.apply_json(&action).is_ok(), "{action} refused");
        }
        let back = Table::from_json(&t.to_json()).expect("reloads");
        assert_eq!(
            back.state_hash(),
            t.state_hash(),
            "clock {at} changed the hash on reload"
        );
    }
}

#[test]
fn a_clock_beyond_two_to_the_53_is_bad_input() {
    let mut t = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None"}"#).expect("options");
    let out = t.apply_json(r#"{"seat":"N","type":"call","call":"1C","at":15555555555555555554001}"#);
    assert_eq!(out.rejection().map(|r| r.code().as_str()), Some("BAD_INPUT"));
    assert!(t.log().is_empty());
}

#[path = "vectors/state_hash.rs"]
mod state_hash_vector;

#[test]
fn the_state_hash_of_the_test_vector_is_the_one_wasm_gives_too() {
    let mut t = Table::from_options_json(state_hash_vector::OPTIONS).expect("options");
    for a in state_hash_vector::ACTIONS {
        assert!(t.apply_json(a).is_ok(), "{a} refused");
    }
    assert_eq!(t.state_hash(), state_hash_vector::HASH);
    // Reading it again, or after a refused action, gives the same value.
    assert!(t
        .apply_json(r#"{"seat":"N","type":"call","call":"1C"}"#)
        .rejection()
        .is_some());
    assert_eq!(t.state_hash(), state_hash_vector::HASH);
}
