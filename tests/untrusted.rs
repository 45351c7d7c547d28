//! Everything read from outside is untrusted: actions, options, snapshots and scenarios.
//! Bad data is a coded refusal (never a panic), costs no more than its size to refuse, is
//! quoted in messages by a short prefix only, and names are read strictly.
#![cfg(not(target_arch = "wasm32"))]

/// The conformance runner, beside the CLI (src/bin/bridge-laws/): not part of the library.
#[allow(dead_code)]
#[path = "../src/bin/bridge-laws/conformance.rs"]
mod conformance;

use bridge_laws::{Action, Code, Rejection, Seat, Table, Viewer};
use conformance::run_text;
use proptest::prelude::*;

const OPTIONS: &str = r#"{"dealer":"N","vulnerability":"None","regulation":"face_to_face"}"#;

fn table() -> Table {
    Table::from_options_json(OPTIONS).expect("a table")
}

fn code_of<T, E: Into<Rejection>>(r: Result<T, E>) -> Option<Code> {
    r.err().map(|e| e.into().code())
}

/// The longest run of `c` in `text`.
fn longest_run(text: &str, c: char) -> usize {
    text.split(|x| x != c).map(|r| r.chars().count()).max().unwrap_or(0)
}

// --- Strict names (SPEC §1, §3) ---

const NOT_SEATS: [&str; 12] = [
    "e",
    "n",
    "East",
    "NORTH",
    "north",
    " N",
    "N ",
    "NE",
    "",
    "DIRECTOR",
    "Director",
    " director",
];

#[test]
fn an_action_from_a_seat_not_spelled_as_spec_gives_it_is_bad_input() {
    for seat in NOT_SEATS {
        let mut t = table();
        let before = t.state_hash();
        let out = t.apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"1C"}}"#));
        assert_eq!(out.rejection().map(|r| r.code()), Some(Code::BadInput), "{seat:?}");
        let director = t.apply_json(&format!(r#"{{"seat":"{seat}","type":"director"}}"#));
        assert_eq!(director.rejection().map(|r| r.code()), Some(Code::BadInput), "{seat:?}");
        assert_eq!((t.state_hash(), t.log().len()), (before, 0));
    }
    let mut t = table();
    assert!(t.apply_json(r#"{"seat":"N","type":"call","call":"1C"}"#).is_ok());
    assert!(t.apply_json(r#"{"seat":"director","type":"director"}"#).is_ok());
}

#[test]
fn options_and_snapshots_with_a_dealer_not_spelled_as_spec_gives_it_are_bad_input() {
    for seat in NOT_SEATS {
        let options = format!(r#"{{"dealer":"{seat}","vulnerability":"None"}}"#);
        assert_eq!(
            code_of(Table::from_options_json(&options)),
            Some(Code::BadInput),
            "{seat:?}"
        );
        let snapshot = format!(r#"{{"options":{options},"actions":[]}}"#);
        assert_eq!(code_of(Table::from_json(&snapshot)), Some(Code::BadInput), "{seat:?}");
        let acted = format!(r#"{{"options":{OPTIONS},"actions":[{{"seat":"{seat}","type":"call","call":"1C"}}]}}"#);
        assert_eq!(code_of(Table::from_json(&acted)), Some(Code::BadInput), "{seat:?}");
    }
}

#[test]
fn seats_and_viewers_parse_only_in_their_spec_spelling() {
    for seat in NOT_SEATS {
        assert!(seat.parse::<Seat>().is_err(), "{seat:?}");
        assert!(seat.parse::<Viewer>().is_err(), "{seat:?}");
        assert!(seat.parse::<bridge_laws::Actor>().is_err(), "{seat:?}");
    }
    for (text, seat) in ["N", "E", "S", "W"].into_iter().zip(Seat::ALL) {
        assert_eq!(text.parse::<Seat>(), Ok(seat));
        assert_eq!(text.parse::<Viewer>(), Ok(Viewer::Seat(seat)));
    }
    assert_eq!("director".parse::<Viewer>(), Ok(Viewer::Director));
    assert_eq!("spectator".parse::<Viewer>(), Ok(Viewer::Spectator));
    for not in ["Spectator", "td", "kibitzer", "SPECTATORS"] {
        assert!(not.parse::<Viewer>().is_err(), "{not}");
    }
}

#[test]
fn a_scenario_reads_seats_as_strictly_as_the_table() {
    let scenario = |dealer: &str, seat: &str, key: &str| {
        format!(
            r#"{{"id":"strict","law":"","title":"","regulation":"online","board":{{"dealer":"{dealer}","vulnerability":"None"}},
               "steps":[{{"seat":"{seat}","type":"call","call":"1C","expect":{{"state":{{"legal_calls":{{"{key}":[]}}}}}}}}]}}"#
        )
    };
    assert_eq!(run_text(&scenario("N", "N", "N"), "strict").failure, None);
    for bad in ["e", "East", "DIRECTOR", " N"] {
        assert!(
            run_text(&scenario(bad, "N", "N"), "strict").failure.is_some(),
            "dealer {bad:?}"
        );
        assert!(
            run_text(&scenario("N", bad, "N"), "strict").failure.is_some(),
            "seat {bad:?}"
        );
        assert!(
            run_text(&scenario("N", "N", bad), "strict").failure.is_some(),
            "key {bad:?}"
        );
    }
}

// --- Costs of bad input ---

/// Every reader given `huge` in place of a value: each must refuse with `BAD_INPUT` and a
/// short message quoting at most 40 characters of it.
fn refusals_of(huge: &str) -> Vec<(String, Option<Code>, String)> {
    let mut out = Vec::new();
    let mut record = |what: String, r: Result<(), Rejection>| {
        let (code, message) = match r {
            Ok(()) => (None, String::new()),
            Err(e) => (Some(e.code()), e.message().to_owned()),
        };
        out.push((what, code, message));
    };
    for field in [
        "index", "at", "accept", "alert", "call", "card", "on", "value", "intent", "from",
    ] {
        let ty = if field == "index" { "ask" } else { "call" };
        let action = format!(r#"{{"seat":"N","type":"{ty}","{field}":"{huge}"}}"#);
        let mut t = table();
        record(
            format!("apply_json {field}"),
            t.apply_json(&action).rejection().cloned().map_or(Ok(()), Err),
        );
        record(
            format!("Action::from_json {field}"),
            Action::from_json(&action).map(|_| ()).map_err(Rejection::from),
        );
        let snapshot = format!(r#"{{"options":{OPTIONS},"actions":[{action}]}}"#);
        record(format!("from_json {field}"), Table::from_json(&snapshot).map(|_| ()));
    }
    let mut t = table();
    let seat = format!(r#"{{"seat":"{huge}","type":"review"}}"#);
    record(
        "apply_json seat".into(),
        t.apply_json(&seat).rejection().cloned().map_or(Ok(()), Err),
    );
    let key = format!(r#"{{"seat":"N","type":"review","{huge}":1}}"#);
    record(
        "apply_json key".into(),
        t.apply_json(&key).rejection().cloned().map_or(Ok(()), Err),
    );
    for (field, value) in [
        ("board", format!(r#""{huge}""#)),
        ("dealer", format!(r#""{huge}""#)),
        ("vulnerability", format!(r#""{huge}""#)),
        ("regulation", format!(r#""{huge}""#)),
        ("regulation", format!(r#"{{"max_text":"{huge}"}}"#)),
        ("regulation", format!(r#"{{"tempo_threshold_ms":"{huge}"}}"#)),
    ] {
        let options = match field {
            "dealer" => format!(r#"{{"dealer":{value},"vulnerability":"None"}}"#),
            "vulnerability" => format!(r#"{{"dealer":"N","vulnerability":{value}}}"#),
            _ => format!(r#"{{"dealer":"N","vulnerability":"None","{field}":{value}}}"#),
        };
        record(
            format!("options {field}"),
            Table::from_options_json(&options).map(|_| ()).map_err(Rejection::from),
        );
        let snapshot = format!(r#"{{"options":{options},"actions":[]}}"#);
        record(
            format!("snapshot options {field}"),
            Table::from_json(&snapshot).map(|_| ()),
        );
    }
    out
}

#[test]
fn a_ten_megabyte_string_in_any_field_is_bad_input_with_a_short_message() {
    let huge = "9".repeat(10_000_000);
    for (what, code, message) in refusals_of(&huge) {
        assert_eq!(code, Some(Code::BadInput), "{what}");
        assert!(message.chars().count() <= 200, "{what}: {} characters", message.len());
        assert!(longest_run(&message, '9') <= 40, "{what}: {message}");
    }
}

#[test]
fn a_string_too_short_to_refuse_unread_is_still_quoted_by_a_short_prefix() {
    // Short enough to reach the parser (under the 12-bytes-a-character bound for 500
    // characters), long enough to flood a message that quoted it whole.
    let long = "9".repeat(3_000);
    for (what, code, message) in refusals_of(&long) {
        assert_eq!(code, Some(Code::BadInput), "{what}");
        assert!(message.chars().count() <= 200, "{what}: {message}");
        assert!(longest_run(&message, '9') <= 40, "{what}: {message}");
    }
}

#[test]
fn a_text_over_max_text_is_bad_input_however_it_is_written() {
    let mut t = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#)
        .expect("a self-alerting table");
    let plain = "a".repeat(501);
    let escaped = "\\u00e9".repeat(501);
    for text in [plain, escaped, "\\uD83D\\uDE00".repeat(501)] {
        let out = t.apply_json(&format!(
            r#"{{"seat":"N","type":"call","call":"1C","explanation":"{text}"}}"#
        ));
        assert_eq!(out.rejection().map(|r| r.code()), Some(Code::BadInput));
    }
    // 500 characters each written as a 12-byte escape are still within max_text.
    let out = t.apply_json(&format!(
        r#"{{"seat":"N","type":"call","call":"1C","explanation":"{}"}}"#,
        "\\uD83D\\uDE00".repeat(500)
    ));
    assert!(out.is_ok(), "{:?}", out.rejection());
}

#[test]
fn max_text_above_its_cap_is_bad_input() {
    let over = r#"{"dealer":"N","vulnerability":"None","regulation":{"max_text":100001}}"#;
    assert_eq!(code_of(Table::from_options_json(over)), Some(Code::BadInput));
    let cap = r#"{"dealer":"N","vulnerability":"None","regulation":{"max_text":100000}}"#;
    assert!(Table::from_options_json(cap).is_ok());
}

// --- Untrusted snapshots ---

/// A face-to-face auction with disclosures, ending in 4S by North.
const LOG: [&str; 9] = [
    r#"{"seat":"N","type":"call","call":"1NT"}"#,
    r#"{"seat":"S","type":"alert","index":0,"explanation":"15-17"}"#,
    r#"{"seat":"E","type":"call","call":"P"}"#,
    r#"{"seat":"S","type":"call","call":"2H"}"#,
    r#"{"seat":"N","type":"alert","index":2,"explanation":"transfer"}"#,
    r#"{"seat":"W","type":"call","call":"P"}"#,
    r#"{"seat":"N","type":"call","call":"2S"}"#,
    r#"{"seat":"E","type":"call","call":"P"}"#,
    r#"{"seat":"S","type":"call","call":"4S"}"#,
];

const INDEXED: [&str; 6] = [
    "alert",
    "explain",
    "ask",
    "correct_explanation",
    "note_partner_mistake",
    "ask",
];

fn indexed_action(ty: &str, seat: &str, index: u64) -> String {
    match ty {
        "explain" | "correct_explanation" => {
            format!(r#"{{"seat":"{seat}","type":"{ty}","index":{index},"text":"x"}}"#)
        }
        _ => format!(r#"{{"seat":"{seat}","type":"{ty}","index":{index}}}"#),
    }
}

#[test]
fn a_snapshot_naming_a_call_beyond_the_auction_is_refused_with_a_code() {
    // fuzz-findings/002: an index of 4294967295 once reached a vector unchecked.
    for ty in INDEXED {
        for index in [9_u64, 4_294_967_295] {
            let mut actions: Vec<String> = LOG.iter().map(ToString::to_string).collect();
            actions.insert(3, indexed_action(ty, "S", index));
            let json = format!(r#"{{"options":{OPTIONS},"actions":[{}]}}"#, actions.join(","));
            assert_eq!(code_of(Table::from_json(&json)), Some(Code::NoSuchCall), "{ty} {index}");
        }
        // Beyond u32 is not an index at all, on every platform.
        let json = format!(
            r#"{{"options":{OPTIONS},"actions":[{}]}}"#,
            indexed_action(ty, "S", 1 << 32)
        );
        assert_eq!(code_of(Table::from_json(&json)), Some(Code::BadInput), "{ty}");
    }
}

#[test]
fn a_snapshot_that_is_not_one_is_bad_input() {
    for bad in [
        "",
        "[]",
        r#"{"options":{}}"#,
        r#"{"actions":[]}"#,
        r#"{"options":null,"actions":[]}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":{}}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":[null]}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":[],"state":{}}"#,
        r#"{"options":{"dealer":"N","vulnerability":"Love"},"actions":[]}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None","board":-1},"actions":[]}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None","regulation":{"max_actions":-1}},"actions":[]}"#,
    ] {
        assert_eq!(code_of(Table::from_json(bad)), Some(Code::BadInput), "{bad}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any index, in any index-bearing action, from any seat, anywhere in a real log:
    /// loading never panics, and a snapshot either loads to the table that replaying its
    /// actions one by one gives, or is refused with the code that replay refuses with.
    #[test]
    fn snapshots_with_arbitrary_indices_load_as_their_replay_or_are_refused_alike(
        inserts in prop::collection::vec((
            0usize..10,
            0usize..INDEXED.len(),
            prop_oneof![Just("N"), Just("E"), Just("S"), Just("W"), Just("director")],
            prop_oneof![0u64..12, Just(u64::from(u32::MAX)), Just(1u64 << 32), any::<u64>()],
        ), 1..4),
    ) {
        let mut actions: Vec<String> = LOG.iter().map(ToString::to_string).collect();
        for (at, ty, seat, index) in &inserts {
            let at = (*at).min(actions.len());
            actions.insert(at, indexed_action(INDEXED[*ty], seat, *index));
        }
        let json = format!(r#"{{"options":{OPTIONS},"actions":[{}]}}"#, actions.join(","));
        let loaded = Table::from_json(&json);
        let mut replayed = table();
        // A snapshot is read whole before it is replayed: malformed anywhere is BAD_INPUT.
        let mut refused = actions.iter().find_map(|a| Action::from_json(a).err().map(|e| e.code));
        for a in actions.iter().take_while(|_| refused.is_none()) {
            if let Some(r) = replayed.apply_json(a).rejection() {
                refused = Some(r.code());
                break;
            }
        }
        match loaded {
            Ok(t) => {
                prop_assert_eq!(refused, None);
                prop_assert_eq!(t.state_hash(), replayed.state_hash());
                let again = Table::from_json(&t.to_json()).expect("a loaded table reloads");
                prop_assert_eq!(again.state_hash(), t.state_hash());
            }
            Err(e) => prop_assert_eq!(Some(e.code()), refused),
        }
    }
}
