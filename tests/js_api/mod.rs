//! The JavaScript-facing API (src/wasm.rs) exercised with JS values, shared by the browser
//! suite (web.rs) and the Node.js suite (node.rs).

use bridge_laws::wasm::{format_call, parse_call, JsTable};
use js_sys::{Error, Reflect, JSON};
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// A JS value from JSON text.
fn js(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON is valid")
}

/// A JS value as serde_json, through JSON.stringify (what a site would send on).
fn rust(v: &JsValue) -> Value {
    let text: String = JSON::stringify(v).expect("stringifiable").into();
    serde_json::from_str(&text).expect("JSON")
}

fn table(regulation: &str) -> JsTable {
    JsTable::new(js(&format!(
        r#"{{"dealer":"N","vulnerability":"None","regulation":"{regulation}"}}"#
    )))
    .expect("valid options")
}

fn call(t: &mut JsTable, seat: &str, call: &str) -> Value {
    rust(
        &t.apply(js(&format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#)))
            .expect("well-formed"),
    )
}

/// A JS value made by JS code (`return …`), for values JSON cannot write.
fn made(body: &str) -> JsValue {
    js_sys::Function::new_no_args(body)
        .call0(&JsValue::NULL)
        .expect("the test's JS runs")
}

/// The message of a thrown `Error`.
fn message(thrown: &JsValue) -> String {
    String::from(thrown.dyn_ref::<Error>().expect("an Error").message())
}

/// The thrown value is a real Error named BridgeLawsError with code BAD_INPUT.
fn assert_bad_input(thrown: JsValue, what: &str) {
    let e: &Error = thrown
        .dyn_ref::<Error>()
        .unwrap_or_else(|| panic!("{what}: thrown value is not an Error"));
    assert_eq!(String::from(e.name()), "BridgeLawsError", "{what}");
    let code = Reflect::get(&thrown, &"code".into()).expect("code").as_string();
    assert_eq!(code.as_deref(), Some("BAD_INPUT"), "{what}");
    assert!(!String::from(e.message()).is_empty(), "{what}: has a message");
}

#[wasm_bindgen_test]
fn an_auction_bid_through_the_js_api_reaches_a_contract() {
    let mut t = table("online");
    for (seat, c) in [
        ("N", "1S"),
        ("E", "P"),
        ("S", "2S"),
        ("W", "P"),
        ("N", "4S"),
        ("E", "X"),
        ("S", "P"),
        ("W", "P"),
    ] {
        assert_eq!(call(&mut t, seat, c)["ok"], json!(true), "{seat} {c}");
    }
    let last = call(&mut t, "N", "P");
    assert_eq!(last["ok"], json!(true));
    assert!(last["events"]
        .as_array()
        .expect("events")
        .iter()
        .any(|e| e["kind"] == "auction_ended"));
    let view = rust(&t.view(js(r#""E""#)).expect("view"));
    assert_eq!(view["phase"], "clarification");
    assert_eq!(view["contract"], "4SX");
    assert_eq!(view["declarer"], "N");
    assert!(view["barred"].is_object(), "maps are plain objects");
}

#[wasm_bindgen_test]
fn legal_calls_are_what_the_seat_may_call_now() {
    let mut t = table("online");
    call(&mut t, "N", "1S");
    let east = rust(&t.legal_calls(js(r#""E""#)).expect("seat"));
    let east: Vec<&str> = east
        .as_array()
        .expect("array")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(&east[..3], ["P", "X", "1NT"], "canonical order, 1H and 1S not offered");
    assert_eq!(east.len(), 2 + 31);
    assert_eq!(
        rust(&t.legal_calls(js(r#""S""#)).expect("seat")),
        json!([]),
        "not South's turn"
    );
    let view = rust(&t.view(js(r#""E""#)).expect("view"));
    assert_eq!(view["legal_calls"].as_array().map(Vec::len), Some(33));
}

#[wasm_bindgen_test]
fn a_refused_call_is_returned_as_a_rejection_and_changes_nothing() {
    let mut t = table("online");
    call(&mut t, "N", "1S");
    let before = t.state_hash();
    let out = call(&mut t, "E", "1H");
    assert_eq!(out["ok"], json!(false));
    assert_eq!(out["rejection"]["code"], "INSUFFICIENT_BID");
    assert!(out["rejection"]["law"].as_str().is_some_and(|l| l.starts_with("27")));
    assert!(out["rejection"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(t.state_hash(), before, "a rejection leaves the state hash unchanged");
}

#[wasm_bindgen_test]
fn malformed_input_throws_a_bridge_laws_error_with_a_code() {
    let mut t = table("online");
    call(&mut t, "N", "1NT");
    let before = t.state_hash();
    let nan = js(r#"{"seat":"E","type":"ask"}"#);
    Reflect::set(&nan, &"index".into(), &JsValue::from_f64(f64::NAN)).expect("set");
    let actions = [
        ("null", JsValue::NULL),
        ("undefined", JsValue::UNDEFINED),
        ("a string", JsValue::from_str("1NT")),
        ("a number", JsValue::from_f64(3.0)),
        ("unknown seat", js(r#"{"seat":"Q","type":"call","call":"1C"}"#)),
        ("8NT", js(r#"{"seat":"E","type":"call","call":"8NT"}"#)),
        ("unknown type", js(r#"{"seat":"E","type":"fly"}"#)),
        ("index as text", js(r#"{"seat":"E","type":"ask","index":"0"}"#)),
        ("NaN index", nan),
        (
            "text too long",
            js(&format!(
                r#"{{"seat":"N","type":"explain","index":0,"text":"{}"}}"#,
                "x".repeat(501)
            )),
        ),
    ];
    for (what, action) in actions {
        assert_bad_input(t.apply(action).expect_err(what), what);
    }
    assert_eq!(t.state_hash(), before, "malformed input leaves the table unchanged");
    assert_bad_input(t.legal_calls(js(r#""Q""#)).expect_err("seat Q"), "legalCalls(Q)");
    assert_bad_input(
        t.legal_calls(JsValue::from_f64(1.0)).expect_err("seat 1"),
        "legalCalls(1)",
    );
    assert_bad_input(t.view(js(r#""nobody""#)).expect_err("viewer"), "view(nobody)");
    assert_bad_input(JsTable::new(js("{}")).err().expect("no dealer"), "new Table({})");
    assert_bad_input(JsTable::new(JsValue::NULL).err().expect("null"), "new Table(null)");
    assert_bad_input(
        JsTable::from_json(JsValue::from_str("{")).err().expect("text"),
        "fromJSON('{')",
    );
    assert_bad_input(
        JsTable::from_json(JsValue::from_f64(5.0)).err().expect("number"),
        "fromJSON(5)",
    );
    assert_bad_input(parse_call(js(r#""8NT""#)).expect_err("8NT"), "parseCall(8NT)");
}

#[wasm_bindgen_test]
fn an_action_with_an_unknown_field_is_refused_as_natively_and_changes_nothing() {
    let mut t = table("online");
    call(&mut t, "N", "1NT");
    let before = t.state_hash();
    let snapshot_before = rust(&t.to_json().expect("snapshot"));
    for (what, action) in [
        (
            "a call with bogus",
            r#"{"seat":"E","type":"call","call":"2C","bogus":1}"#,
        ),
        (
            "a call with a misspelt alert",
            r#"{"seat":"E","type":"call","call":"2C","alrt":true}"#,
        ),
        (
            "an ask with an undefined-valued extra",
            r#"{"seat":"E","type":"ask","index":0,"extra":null}"#,
        ),
    ] {
        let native = bridge_laws::Action::from_json(action).map_err(|e| e.code);
        assert_eq!(native, Err(bridge_laws::Code::BadInput), "{what}: refused natively");
        let thrown = t.apply(js(action)).expect_err(what);
        assert_bad_input(thrown.clone(), what);
        let message = String::from(thrown.dyn_ref::<Error>().expect("an Error").message());
        assert!(message.contains("unknown field"), "{what}: says why: {message}");
    }
    assert_eq!(t.state_hash(), before, "the table is unchanged");
    assert_eq!(rust(&t.to_json().expect("snapshot")), snapshot_before);
    // The same call without the unknown field is accepted.
    assert_eq!(call(&mut t, "E", "2C")["ok"], json!(true));
}

#[wasm_bindgen_test]
fn options_and_snapshots_with_unknown_fields_are_refused_at_every_depth() {
    let options = [
        r#"{"dealer":"N","vulnerability":"None","colour":"red"}"#,
        r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"online","undo_policy":"consent"}}"#,
    ];
    for o in options {
        assert_bad_input(JsTable::new(js(o)).err().expect(o), o);
    }
    let snapshots = [
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":[],"version":2}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None","x":1},"actions":[]}"#,
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":[{"seat":"N","type":"call","call":"1C","x":1}]}"#,
    ];
    for s in snapshots {
        assert_bad_input(JsTable::from_json(js(s)).err().expect(s), s);
        assert_bad_input(JsTable::from_json(JsValue::from_str(s)).err().expect(s), s);
    }
    let good =
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":[{"seat":"N","type":"call","call":"1C"}]}"#;
    assert!(
        JsTable::from_json(js(good)).is_ok(),
        "the same snapshot without them is read"
    );
}

#[wasm_bindgen_test]
fn a_value_of_the_wrong_shape_is_refused_with_what_was_expected() {
    let mut t = table("online");
    call(&mut t, "N", "1NT");
    let before = t.state_hash();
    let message = |thrown: JsValue, what: &str| {
        assert_bad_input(thrown.clone(), what);
        String::from(thrown.dyn_ref::<Error>().expect("an Error").message())
    };
    // An array where an action (an object) belongs: named as the sequence it is.
    let m = message(
        t.apply(js(r#"[{"seat":"E","type":"call","call":"2C"}]"#))
            .expect_err("an array"),
        "an array as an action",
    );
    assert!(m.contains("invalid type: sequence"), "{m}");
    // An object where the actions (an array) belong.
    let snapshot =
        r#"{"options":{"dealer":"N","vulnerability":"None"},"actions":{"0":{"seat":"N","type":"call","call":"1C"}}}"#;
    let m = message(
        JsTable::from_json(js(snapshot)).err().expect("actions as an object"),
        "actions as an object",
    );
    assert!(m.contains("invalid type"), "{m}");
    // A named value (an enum) is a string, not an object naming it, at any depth.
    let options = r#"{"dealer":"N","vulnerability":{"None":null}}"#;
    let m = message(JsTable::new(js(options)).err().expect(options), options);
    assert!(m.contains("invalid type: map, expected enum Vulnerability"), "{m}");
    let options = r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"online","undo":{"off":null}}}"#;
    let m = message(JsTable::new(js(options)).err().expect(options), options);
    assert!(m.contains("regulation setting `undo`"), "{m}");
    // A ruling's value is `true`, `false` or an intent's name.
    let m = message(
        t.apply(js(r#"{"seat":"director","type":"ruling","on":"intent","value":[1]}"#))
            .expect_err("a ruling's value as an array"),
        "a ruling's value as an array",
    );
    assert!(m.contains("invalid type: sequence"), "{m}");
    assert_eq!(t.state_hash(), before, "the table is unchanged");
}

#[wasm_bindgen_test]
fn a_number_of_the_wrong_kind_is_described_as_serde_describes_it() {
    // The module writes the number itself (serde's writer would bring Rust's float
    // formatting in): the text must be serde's, exponent-free, `.0` on a whole number.
    let numbers = [
        1.5,
        -2.25,
        0.1 + 0.2,
        1e-6,
        1e-7,
        -1.5e-300,
        5e-324,
        1e20 + 1.5e4,
        1e21,
        1_152_921_504_606_846_976.0,
        -9_007_199_254_740_993.0,
        f64::MAX,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let mut t = table("online");
    for x in numbers {
        let serde = format!("invalid type: {}", serde::de::Unexpected::Float(x));
        // Quoted runs are cut at 40 characters (`input::MAX_QUOTE`): compare what is kept.
        let kept: String = serde
            .chars()
            .take("invalid type: floating point `".len() + 40)
            .collect();
        let options = js(r#"{"dealer":"N","vulnerability":"None"}"#);
        Reflect::set(&options, &"board".into(), &JsValue::from_f64(x)).expect("set");
        let thrown = JsTable::new(options).err().unwrap_or_else(|| panic!("board {x}"));
        assert_bad_input(thrown.clone(), &format!("board {x}"));
        assert!(message(&thrown).contains(&kept), "{x}: {} / {serde}", message(&thrown));
        // Read untyped (a ruling's value), the same words.
        let ruling = js(r#"{"seat":"director","type":"ruling","on":"intent"}"#);
        Reflect::set(&ruling, &"value".into(), &JsValue::from_f64(x)).expect("set");
        let thrown = t.apply(ruling).expect_err("a number as a ruling's value");
        assert!(message(&thrown).contains(&kept), "{x}: {} / {serde}", message(&thrown));
    }
}

#[wasm_bindgen_test]
fn a_bad_regulation_setting_says_which_setting_and_what_it_allows() {
    let options = r#"{"dealer":"N","vulnerability":"None","regulation":{"preset":"online","undo":"never"}}"#;
    let thrown = JsTable::new(js(options)).err().expect("undo: never");
    assert_bad_input(thrown.clone(), "undo: never");
    let message = String::from(thrown.dyn_ref::<Error>().expect("an Error").message());
    assert!(
        message.contains("regulation setting `undo` must be one of"),
        "{message}"
    );
    for value in [r#""off""#, r#""consent""#, r#""director""#] {
        assert!(message.contains(value), "{message} lists {value}");
    }
    let thrown = JsTable::new(js(r#"{"dealer":"N","vulnerability":"None","regulation":"chess"}"#))
        .err()
        .expect("chess");
    let message = String::from(thrown.dyn_ref::<Error>().expect("an Error").message());
    assert!(message.contains("unknown regulation preset `chess`"), "{message}");
    assert!(message.contains(r#""face_to_face""#), "{message}");
}

#[wasm_bindgen_test]
fn a_table_round_trips_through_to_json_and_from_json() {
    let mut t = table("online");
    let alerted = js(r#"{"seat":"N","type":"call","call":"1NT","alert":true,"explanation":"15-17"}"#);
    assert_eq!(rust(&t.apply(alerted).expect("ok"))["ok"], json!(true));
    call(&mut t, "E", "2C");
    let snapshot = t.to_json().expect("snapshot");
    assert_eq!(rust(&snapshot)["actions"].as_array().map(Vec::len), Some(2));
    let from_object = JsTable::from_json(snapshot.clone()).expect("object");
    let text = JSON::stringify(&snapshot).expect("text");
    let from_text = JsTable::from_json(text.into()).expect("text");
    assert_eq!(from_object.state_hash(), t.state_hash());
    assert_eq!(from_text.state_hash(), t.state_hash());
    assert_eq!(
        rust(&from_text.view(js(r#""W""#)).expect("view")),
        rust(&t.view(js(r#""W""#)).expect("view"))
    );
}

#[wasm_bindgen_test]
fn calls_parse_to_canonical_text_and_format_with_symbols() {
    for (input, canonical) in [
        ("1n", "1NT"),
        ("pass", "P"),
        ("Dbl", "X"),
        ("rdbl", "XX"),
        ("2♥", "2H"),
        ("7nt", "7NT"),
    ] {
        assert_eq!(
            parse_call(JsValue::from_str(input)).ok().as_deref(),
            Some(canonical),
            "{input}"
        );
    }
    assert_eq!(format_call(JsValue::from_str("4h")).ok().as_deref(), Some("4♥"));
    assert_eq!(format_call(JsValue::from_str("3NT")).ok().as_deref(), Some("3NT"));
    assert_eq!(format_call(JsValue::from_str("P")).ok().as_deref(), Some("Pass"));
    assert_bad_input(format_call(JsValue::NULL).expect_err("null"), "formatCall(null)");
}

/// The strings a TypeScript union type declaration admits: `"A" | "B" | \`${1 | 2}${"C"}\``
/// (string literals, and template literals of `${…}` groups of literals).
fn ts_union(decl: &str) -> Vec<String> {
    let body = decl
        .split_once('=')
        .map(|(_, b)| b.trim().trim_end_matches(';'))
        .expect("a type alias");
    let literal = |t: &str| t.trim().trim_matches('"').to_string();
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        rest = rest.trim_start_matches([' ', '|']);
        if let Some(tpl) = rest.strip_prefix('`') {
            let end = tpl.find('`').expect("closed template");
            let mut strings = vec![String::new()];
            for group in tpl[..end].split("${").filter(|g| !g.is_empty()) {
                let options: Vec<String> = group.trim_end_matches('}').split('|').map(literal).collect();
                strings = strings
                    .iter()
                    .flat_map(|s| options.iter().map(move |o| format!("{s}{o}")))
                    .collect();
            }
            out.extend(strings);
            rest = &tpl[end + 1..];
        } else {
            let end = rest.find(" |").unwrap_or(rest.len());
            out.push(literal(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

#[wasm_bindgen_test]
fn the_typescript_call_type_is_exactly_the_38_canonical_calls() {
    use bridge_laws::{Bid, Call};
    let mut declared = ts_union(bridge_laws::wasm::CALL_TS);
    let mut calls: Vec<String> = [Call::Pass, Call::Double, Call::Redouble]
        .into_iter()
        .chain(Bid::all().map(Call::Bid))
        .map(|c| c.to_string())
        .collect();
    declared.sort();
    calls.sort();
    assert_eq!(declared.len(), 38);
    assert_eq!(declared, calls);
}

#[wasm_bindgen_test]
fn the_typescript_card_type_is_exactly_the_52_canonical_cards() {
    let declared = ts_union(bridge_laws::wasm::CARD_TS);
    assert_eq!(declared.len(), 52);
    for card in &declared {
        let parsed: bridge_laws::Card = card.parse().expect("a card");
        assert_eq!(&parsed.to_string(), card, "canonical");
    }
}

#[wasm_bindgen_test]
fn numbers_must_be_whole_where_an_index_is_expected() {
    let mut t = table("online");
    call(&mut t, "N", "1NT");
    let err = t
        .apply(js(r#"{"seat":"E","type":"ask","index":0.5}"#))
        .expect_err("0.5 is not an index");
    assert_bad_input(err, "index 0.5");
    let ok = rust(&t.apply(js(r#"{"seat":"E","type":"ask","index":0}"#)).expect("index 0"));
    assert_eq!(ok["ok"], json!(true));
}

mod arguments;
mod deal;
mod plain_calls;
mod receive;
mod records;

#[path = "../vectors/state_hash.rs"]
mod state_hash_vector;

#[wasm_bindgen_test]
fn the_state_hash_in_the_browser_is_the_native_one() {
    let mut t = JsTable::new(js(state_hash_vector::OPTIONS)).expect("options");
    for a in state_hash_vector::ACTIONS {
        let out = rust(&t.apply(js(a)).expect("an action"));
        assert_eq!(out["ok"], json!(true), "{a}");
    }
    assert_eq!(t.state_hash(), state_hash_vector::HASH);
}

#[wasm_bindgen_test]
fn every_output_is_the_native_json_as_js_values() {
    use bridge_laws::{Table, Viewer};
    let options = r#"{"dealer":"N","vulnerability":"All","regulation":{"preset":"face_to_face","tempo_threshold_ms":500},"board":3}"#;
    let actions = [
        r#"{"seat":"N","type":"call","call":"1NT","at":0}"#,
        r#"{"seat":"S","type":"alert","index":0,"explanation":"15-17"}"#,
        r#"{"seat":"E","type":"call","call":"1S","at":2000}"#,
        r#"{"seat":"W","type":"director"}"#,
        r#"{"seat":"S","type":"call","call":"2S"}"#,
        r#"{"seat":"S","type":"accept"}"#,
        r#"{"seat":"S","type":"ask","index":0}"#,
        r#"{"seat":"E","type":"review"}"#,
        r#"{"seat":"N","type":"call","call":"P"}"#,
    ];
    let mut native = Table::from_options_json(options).expect("options");
    let mut js_table = JsTable::new(js(options)).expect("options");
    for a in actions {
        let theirs = serde_json::to_value(native.apply_json(a)).expect("json");
        let ours = rust(&js_table.apply(js(a)).expect("well-formed"));
        assert_eq!(ours, theirs, "{a}");
    }
    let viewers = ["N", "E", "S", "W", "director", "spectator"];
    for v in viewers {
        let viewer: Viewer = v.parse().expect("viewer");
        let theirs = serde_json::to_value(native.view(viewer)).expect("json");
        assert_eq!(
            rust(&js_table.view(js(&format!(r#""{v}""#))).expect("view")),
            theirs,
            "{v}"
        );
        let len = native.stream_version(viewer);
        for from in [0, len / 2] {
            let theirs = serde_json::to_value(native.events_since(viewer, from).expect("entries")).expect("json");
            let ours = js_table.events_since(v.into(), (from as f64).into()).expect("entries");
            assert_eq!(rust(&ours), theirs, "{v} from {from}");
        }
    }
    let snapshot: Value = serde_json::from_str(&native.to_json()).expect("json");
    assert_eq!(rust(&js_table.to_json().expect("snapshot")), snapshot);
    assert_eq!(js_table.state_hash(), native.state_hash());
}

/// `{entries: table.eventsSince(viewer, from), view: table.view(viewer)}`, as a server sends it.
fn update(t: &JsTable, viewer: &str, from: f64) -> JsValue {
    let o = js_sys::Object::new();
    let entries = t.events_since(viewer.into(), from.into()).expect("entries");
    Reflect::set(&o, &"entries".into(), &entries).expect("set");
    Reflect::set(&o, &"view".into(), &t.view(viewer.into()).expect("view")).expect("set");
    o.into()
}

#[wasm_bindgen_test]
fn a_seat_table_follows_its_stream_and_answers_the_bidding_box_locally() {
    use bridge_laws::wasm::JsSeatTable;
    let mut t = table("online");
    let v0 = t.stream_version("E".into()).expect("version");
    let mut east = JsSeatTable::new("E".into(), v0.into(), t.view("E".into()).expect("view")).expect("seat table");
    let alerted = r#"{"seat":"N","type":"call","call":"1NT","alert":true,"explanation":"15-17"}"#;
    assert_eq!(rust(&t.apply(js(alerted)).expect("ok"))["ok"], json!(true));

    // A gap (the first entry missing) is refused and changes nothing.
    let full = update(&t, "E", v0);
    let entries: js_sys::Array = Reflect::get(&full, &"entries".into())
        .expect("entries")
        .unchecked_into();
    let gap = js_sys::Object::new();
    Reflect::set(&gap, &"entries".into(), &entries.slice(1, entries.length())).expect("set");
    Reflect::set(&gap, &"view".into(), &t.view("E".into()).expect("view")).expect("set");
    assert_bad_input(east.receive(gap.into()).expect_err("a gap is refused"), "gap");
    assert_eq!(east.version(), v0);

    east.receive(full).expect("the update is taken");
    assert_eq!(east.version(), t.stream_version("E".into()).expect("version"));
    assert_eq!(
        rust(&east.legal_calls()),
        rust(&t.legal_calls("E".into()).expect("calls"))
    );
    assert_eq!(rust(&east.turn()), json!("E"));
    assert!(east.is_legal("2c".into()).expect("a call") && !east.is_legal("1H".into()).expect("a call"));
    assert_eq!(rust(&east.view()), rust(&t.view("E".into()).expect("view")));

    // South's table refuses East's view.
    let south = JsSeatTable::new("S".into(), 0.0.into(), t.view("E".into()).expect("view"));
    assert_bad_input(
        south.err().expect("another viewer's view is refused"),
        "view of E for S",
    );
}

/// What a seat may do besides calling, as its `SeatTable` answers it: each answer is the
/// engine's, read from the view it holds (and checked here against `apply`).
#[wasm_bindgen_test]
fn a_seat_table_answers_which_questions_reviews_and_corrections_its_seat_may_make() {
    use bridge_laws::wasm::JsSeatTable;
    let mut t = table("face_to_face");
    let joined = |t: &JsTable, seat: &str| {
        let version = t.stream_version(seat.into()).expect("version");
        JsSeatTable::new(seat.into(), version.into(), t.view(seat.into()).expect("view")).expect("seat table")
    };
    assert_eq!(call(&mut t, "N", "1NT")["ok"], json!(true));
    let (mut east, west) = (joined(&t, "E"), joined(&t, "W"));
    // Face to face, East (due to call) may ask about North's 1NT and have the auction
    // reviewed; West must wait for his turn (L20F1, L20B).
    assert_eq!(rust(&east.askable()), json!([0]));
    assert!(east.may_ask() && east.may_review());
    assert_eq!(rust(&west.askable()), json!([]));
    assert!(!west.may_ask() && !west.may_review());
    let west_asks = r#"{"seat":"W","type":"ask","index":0}"#;
    assert_eq!(
        rust(&t.apply(js(west_asks)).expect("outcome"))["ok"],
        json!(false),
        "as apply says"
    );

    // East asks; South (North's partner, who explains face to face) must answer.
    let v = t.stream_version("N".into()).expect("version");
    let mut north = joined(&t, "N");
    let south = joined(&t, "S");
    assert_eq!(rust(&south.questions_to_answer()), json!([]));
    let before = t.stream_version("E".into()).expect("version");
    assert_eq!(
        rust(&t.apply(js(r#"{"seat":"E","type":"ask","index":0}"#)).expect("ok"))["ok"],
        json!(true)
    );
    east.receive(update(&t, "E", before)).expect("East's update");
    north.receive(update(&t, "N", v)).expect("North's update");
    assert_eq!(
        rust(&joined(&t, "S").questions_to_answer()),
        json!([0]),
        "South answers"
    );
    assert_eq!(rust(&north.questions_to_answer()), json!([]), "not North");
    assert_eq!(
        rust(&east.correctable()),
        json!([]),
        "East explains only his side's calls"
    );
    assert_eq!(rust(&east.change_offers()), json!([]));
    let view = rust(&east.view());
    for (answer, field) in [(east.askable(), "askable"), (east.correctable(), "correctable")] {
        assert_eq!(rust(&answer), view[field], "{field} is the view's");
    }
    assert_eq!(json!(east.may_review()), view["may_review"]);
}

/// "Is it my lead?" and "what is the contract?", as a `SeatTable` answers them after the
/// final pass: the engine's answers, read from the view (and as `apply` rules).
#[wasm_bindgen_test]
fn a_seat_table_answers_whether_its_seat_may_ask_the_lead_and_the_contract() {
    use bridge_laws::wasm::JsSeatTable;
    let mut t = table("face_to_face");
    let joined = |t: &JsTable, seat: &str| {
        let version = t.stream_version(seat.into()).expect("version");
        JsSeatTable::new(seat.into(), version.into(), t.view(seat.into()).expect("view")).expect("seat table")
    };
    assert_eq!(call(&mut t, "N", "1NT")["ok"], json!(true));
    assert!(
        !joined(&t, "E").may_ask_lead(),
        "no lead to ask about during the auction"
    );
    assert!(!joined(&t, "E").may_ask_contract(), "nor a contract");
    for seat in ["E", "S", "W"] {
        assert_eq!(call(&mut t, seat, "P")["ok"], json!(true));
    }
    // North declares 1NT: East leads, West defends, South is dummy.
    let (east, south, north) = (joined(&t, "E"), joined(&t, "S"), joined(&t, "N"));
    assert!(
        east.may_ask_lead() && joined(&t, "W").may_ask_lead(),
        "the defenders may ask (L41A)"
    );
    assert!(!north.may_ask_lead() && !south.may_ask_lead(), "not declarer's side");
    assert!(north.may_ask_contract() && east.may_ask_contract(), "L41C");
    assert!(!south.may_ask_contract(), "dummy may not ask (L41C)");
    assert_eq!(
        rust(&t.apply(js(r#"{"seat":"S","type":"ask_contract"}"#)).expect("outcome"))["ok"],
        json!(false),
        "as apply says"
    );
    assert_eq!(
        rust(&t.apply(js(r#"{"seat":"E","type":"ask_lead"}"#)).expect("outcome"))["ok"],
        json!(true)
    );
    let view = rust(&east.view());
    assert_eq!(json!(east.may_ask_lead()), view["may_ask_lead"]);
    assert_eq!(json!(east.may_ask_contract()), view["may_ask_contract"]);
}

#[wasm_bindgen_test]
fn a_pbn_record_becomes_a_table_and_goes_back_to_pbn_and_lin() {
    let pbn = "[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Auction \"S\"]\n1NT =1= Pass 3NT AP\n[Note \"1:15-17\"]\n";
    let t = JsTable::from_pbn(pbn.into(), JsValue::UNDEFINED).expect("a table");
    let v = rust(&t.view("director".into()).expect("view"));
    let calls: Vec<&str> = v["calls"]
        .as_array()
        .expect("calls")
        .iter()
        .map(|c| c["call"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(calls, ["1NT", "P", "3NT", "P", "P", "P"]);
    assert_eq!(v["contract"], json!("3NT"));
    assert!(t.to_pbn().contains("15-17"), "the note is kept");
    let lin = t.to_lin();
    assert!(lin.contains("mb|1NT!|") && lin.contains("an|15-17|"), "{lin}");
    let again = JsTable::from_lin(lin.into(), JsValue::UNDEFINED).expect("the LIN reads back");
    assert_eq!(rust(&again.view("director".into()).expect("view"))["calls"], v["calls"]);
    assert_bad_input(
        JsTable::from_pbn(pbn.into(), 3.0.into()).err().expect("no board 3"),
        "no such board",
    );
}

/// Streams that carry changes, not views: the package's `SeatTable` fed only the
/// pushes a server makes (`ViewTracker`: each viewer's entries and view patch, as JSON) holds
/// the server's view of its viewer after every action, under every disclosure regime.
#[wasm_bindgen_test]
fn a_seat_table_fed_entries_and_patches_holds_the_servers_view_after_every_action() {
    use bridge_laws::wasm::JsSeatTable;
    use bridge_laws::{Table, ViewTracker, Viewer};
    let actions = [
        r#"{"seat":"N","type":"call","call":"1C","alert":true,"explanation":"could be short"}"#,
        r#"{"seat":"S","type":"alert","index":0,"explanation":"2+ clubs"}"#,
        r#"{"seat":"E","type":"call","call":"1NT"}"#,
        r#"{"seat":"S","type":"ask","index":1}"#,
        r#"{"seat":"W","type":"explain","index":1,"text":"15-17"}"#,
        r#"{"seat":"S","type":"review"}"#,
        r#"{"seat":"S","type":"call","call":"2C","alert":true,"explanation":"Stayman"}"#,
        r#"{"seat":"W","type":"call","call":"1D"}"#,
        r#"{"seat":"W","type":"call","call":"P"}"#,
        r#"{"seat":"N","type":"call","call":"P"}"#,
        r#"{"seat":"E","type":"call","call":"P"}"#,
        r#"{"seat":"S","type":"correct_explanation","index":0,"text":"3+ clubs"}"#,
        r#"{"seat":"W","type":"review"}"#,
        r#"{"seat":"W","type":"lead","card":"HA"}"#,
        r#"{"seat":"W","type":"face_lead"}"#,
        // Two tricks (online and screens; face to face the auction is still open): the
        // play's tricks are patched by position.
        r#"{"seat":"E","type":"play","card":"H3"}"#,
        r#"{"seat":"N","type":"play","card":"H2","from":"dummy"}"#,
        r#"{"seat":"W","type":"play","card":"HA"}"#,
        r#"{"seat":"N","type":"play","card":"H4"}"#,
        r#"{"seat":"W","type":"play","card":"SA"}"#,
        r#"{"seat":"N","type":"play","card":"S2"}"#,
        r#"{"seat":"E","type":"play","card":"S3"}"#,
        r#"{"seat":"N","type":"play","card":"S4","from":"dummy"}"#,
    ];
    let viewers = ["N", "E", "S", "W", "director", "spectator"];
    for preset in ["online", "face_to_face", "screens"] {
        let mut t = Table::from_options_json(&format!(
            r#"{{"dealer":"N","vulnerability":"None","regulation":"{preset}"}}"#
        ))
        .expect("options");
        let joined = |t: &Table, v: &str| {
            let viewer: Viewer = v.parse().expect("viewer");
            let view = js(&serde_json::to_string(&t.view(viewer)).expect("json"));
            JsSeatTable::new(v.into(), (t.stream_version(viewer) as f64).into(), view).expect("seat table")
        };
        let mut clients: Vec<JsSeatTable> = viewers.iter().map(|v| joined(&t, v)).collect();
        let mut tracker = ViewTracker::new(&t);
        let mut pushed = 0;
        for a in actions {
            let out = t.apply_json(a);
            let pushes = tracker.pushes(&t, &out);
            for (c, v) in clients.iter_mut().zip(viewers) {
                let viewer: Viewer = v.parse().expect("viewer");
                if let Some(push) = pushes.get(viewer) {
                    assert!(push.view.is_none(), "a push carries no view");
                    c.receive(js(&serde_json::to_string(push).expect("json")))
                        .unwrap_or_else(|e| panic!("{preset} {a}: {v} refused his push: {e:?}"));
                    pushed += 1;
                }
                let theirs = serde_json::to_value(t.view(viewer)).expect("json");
                assert_eq!(rust(&c.view()), theirs, "{preset} {a}: {v}'s view");
                assert_eq!(c.version(), t.stream_version(viewer) as f64, "{preset} {a}: {v}");
                assert_eq!(rust(&c.turn()), json!(t.turn()), "{preset} {a}: {v}'s turn");
            }
        }
        assert!(pushed > actions.len(), "{preset}: the viewers were pushed to");
        let tricks = t.view(Viewer::Director).play.map(|p| p.tricks.len());
        let expected = (preset != "face_to_face").then_some(2);
        assert_eq!(tricks, expected, "{preset}: two tricks played");
    }
}

#[wasm_bindgen_test]
fn a_seat_table_refuses_a_patch_that_does_not_fit_and_is_unchanged() {
    use bridge_laws::wasm::JsSeatTable;
    let mut t = table("online");
    let mut east = JsSeatTable::new("E".into(), 0.0.into(), t.view("E".into()).expect("view")).expect("seat table");
    let held = rust(&east.view());
    assert_eq!(call(&mut t, "N", "1C")["ok"], json!(true));
    let entries =
        serde_json::to_string(&rust(&t.events_since("E".into(), 0.0.into()).expect("entries"))).expect("json");
    let call = r#"{"index":0,"seat":"N","call":"1C","alerted":false,"auto":false,"disclosures":[]}"#;
    for (patch, what) in [
        (
            format!(r#"{{"calls":{{"len":2,"set":[[1,{call}]]}}}}"#),
            "a call past the end",
        ),
        (
            format!(r#"{{"calls":{{"len":1,"set":[[0,{call}],[3,{call}]]}}}}"#),
            "a position past the length",
        ),
        (r#"{"calls":{"len":1,"set":[]}}"#.to_string(), "an added call missing"),
        (r#"{"secret":1}"#.to_string(), "a field no view has"),
        (r#"[]"#.to_string(), "not an object"),
    ] {
        let update = js(&format!(r#"{{"entries":{entries},"patch":{patch}}}"#));
        assert_bad_input(east.receive(update).expect_err(what), what);
        assert_eq!(rust(&east.view()), held, "{what}: unchanged");
        assert_eq!(east.version(), 0.0, "{what}: unchanged");
    }
    let both = js(&format!(
        r#"{{"entries":{entries},"patch":{{}},"view":{}}}"#,
        rust(&t.view("E".into()).expect("view"))
    ));
    assert_bad_input(east.receive(both).expect_err("both"), "a view and a patch");
    let fits = js(&format!(
        r#"{{"entries":{entries},"patch":{{"turn":"E","legal_calls":[],"calls":{{"len":1,"set":[[0,{call}]]}}}}}}"#
    ));
    east.receive(fits).expect("a patch that fits");
    assert_eq!(rust(&east.turn()), json!("E"));
    assert_eq!(rust(&east.view())["calls"][0]["call"], json!("1C"));
    assert_eq!(rust(&east.view())["events"].as_array().map(Vec::len), Some(1));
}

#[wasm_bindgen_test]
fn a_list_patch_of_the_wrong_shape_is_refused_not_thrown_through() {
    use bridge_laws::wasm::JsSeatTable;
    let t = table("online");
    let mut east = JsSeatTable::new("E".into(), 0.0.into(), t.view("E".into()).expect("view")).expect("seat table");
    for patch in [
        r#"{"calls":{"len":1,"set":[null]}}"#,
        r#"{"calls":{"len":1,"set":[7]}}"#,
        r#"{"calls":{"len":1}}"#,
        r#"{"calls":null}"#,
        r#"{"calls":{"len":-1,"set":[]}}"#,
        r#"{"calls":{"len":0.5,"set":[]}}"#,
    ] {
        let update = js(&format!(r#"{{"entries":[],"patch":{patch}}}"#));
        assert_bad_input(east.receive(update).expect_err(patch), patch);
        assert_eq!(east.version(), 0.0, "{patch}");
    }
}
