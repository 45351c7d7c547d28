//! Bad input never crashes and never changes the table: arbitrary text, and well-formed
//! actions with arbitrary values, under every regulation.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::{Action, Preset, RegulationSpec, Seat, Table, TableOptions, Vulnerability};
use proptest::prelude::*;

fn table(preset: Preset) -> Table {
    let mut t = Table::new(TableOptions {
        dealer: Seat::N,
        vulnerability: Vulnerability::None,
        regulation: RegulationSpec::Preset(preset),
        board: None,
        deal: None,
    })
    .expect("a table");
    assert!(t.apply(Action::call(Seat::N, "1C".parse().expect("a call"))).is_ok());
    t
}

const PRESETS: [Preset; 4] = [
    Preset::Online,
    Preset::OnlineTournament,
    Preset::FaceToFace,
    Preset::Screens,
];
const TYPES: [&str; 22] = [
    "call",
    "alert",
    "explain",
    "ask",
    "review",
    "ask_lead",
    "ask_contract",
    "correct_explanation",
    "note_partner_mistake",
    "replace_call",
    "change_call",
    "respond",
    "accept",
    "decline",
    "director",
    "ruling",
    "lead",
    "face_lead",
    "play",
    "end_play",
    "return_hands",
    "nonsense",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| if f.is_finite() { f.to_string() } else { "1e999".into() }),
        "[A-Za-z0-9♠♥ ]{0,12}".prop_map(|s| format!("{s:?}")),
        Just(r#"["H","NT"]"#.to_string()),
        Just("{}".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_is_refused_without_changing_the_table(text in ".{0,200}", p in 0usize..4) {
        let mut t = table(PRESETS[p]);
        let before = t.state_hash();
        let out = t.apply_json(&text);
        if !out.is_ok() {
            prop_assert_eq!(t.state_hash(), before);
        }
    }

    #[test]
    fn actions_with_arbitrary_fields_never_crash_and_refusals_change_nothing(
        seat in prop_oneof![Just("N"), Just("E"), Just("S"), Just("W"), Just("director"), Just("north"), Just("")],
        ty in 0usize..22,
        fields in prop::collection::vec((prop_oneof![
            Just("call"), Just("index"), Just("text"), Just("explanation"), Just("alert"), Just("accept"),
            Just("on"), Just("value"), Just("specified"), Just("card"), Just("from"), Just("intent"), Just("at"),
            Just("reason"), Just("extra"),
        ], value()), 0..4),
        p in 0usize..4,
    ) {
        let mut t = table(PRESETS[p]);
        let mut json = format!(r#"{{"seat":"{seat}","type":"{}""#, TYPES[ty]);
        for (k, v) in &fields {
            json.push_str(&format!(r#","{k}":{v}"#));
        }
        json.push('}');
        let before = t.state_hash();
        let out = t.apply_json(&json);
        if !out.is_ok() {
            prop_assert_eq!(t.state_hash(), before, "{} changed the table", json);
        }
        let _ = t.view(bridge_laws::Viewer::Director);
    }
}
