//! `SeatTable.receive` (src/wasm/receive.rs and receive.js): a push merged in JS and checked
//! in the module gives the view a whole view would — values spelled otherwise than the engine
//! writes them read strictly, as before — keeps every value the push leaves, and refuses a
//! malformed one, in the same words and order as the strict reading, changing nothing.

use bridge_laws::wasm::JsSeatTable;
use bridge_laws::{CallSet, Table, ViewPatch, ViewTracker, Viewer};
use js_sys::{Array, Reflect};
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use super::{assert_bad_input, js, made, message, rust};

fn field(o: &JsValue, key: &str) -> JsValue {
    Reflect::get(o, &key.into()).expect("an object")
}

/// East's table joined at the start, and the pushes East gets for these calls (as JSON).
fn east_and_pushes(calls: &[(&str, &str)]) -> (JsSeatTable, Vec<Value>) {
    let east_seat = Viewer::Seat(bridge_laws::Seat::E);
    let mut t =
        Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).expect("options");
    let view = js(&serde_json::to_string(&t.view(east_seat)).expect("json"));
    let east = JsSeatTable::new("E".into(), (t.stream_version(east_seat) as f64).into(), view).expect("seat table");
    let mut tracker = ViewTracker::new(&t);
    let mut pushes = Vec::new();
    for (seat, call) in calls {
        let out = t.apply_json(&format!(r#"{{"seat":"{seat}","type":"call","call":"{call}"}}"#));
        let push = tracker
            .pushes(&t, &out)
            .get(east_seat)
            .cloned()
            .expect("East is pushed to");
        pushes.push(serde_json::to_value(push).expect("json"));
    }
    (east, pushes)
}

/// East's table joined before North's 1C, and the push East gets for it.
fn east_and_push() -> (JsSeatTable, Value) {
    let (east, mut pushes) = east_and_pushes(&[("N", "1C")]);
    (east, pushes.remove(0))
}

#[wasm_bindgen_test]
fn receive_js_spells_the_calls_viewers_and_patch_fields_as_the_engine_does() {
    let file = include_str!("../../src/wasm/receive.js");
    let join = |names: Vec<&str>| names.join(" ");
    for (name, names) in [
        ("CALLS", join(CallSet::ALL.iter().map(|c| c.as_str()).collect())),
        ("VIEWERS", join(Viewer::ALL.iter().map(|v| v.as_str()).collect())),
        ("WHOLE", ViewPatch::WHOLE.join(" ")),
        ("LISTS", ViewPatch::LISTS.join(" ")),
        ("NESTED", ViewPatch::NESTED.join(" ")),
    ] {
        let line = format!("const {name} = \"{names}\";");
        assert!(file.contains(&line), "receive.js has {line}");
    }
}

#[wasm_bindgen_test]
fn a_push_spelled_otherwise_than_the_engine_writes_it_is_read_strictly_to_the_same_table() {
    let (mut plain, push) = east_and_push();
    assert_eq!(push["patch"]["turn"], json!("E"), "East's turn: the bidding box is set");
    let mut other = east_and_push().0;
    plain.receive(js(&push.to_string())).expect("the push");
    // The same push with the calls, the turn and the audiences spelled as the strict reading
    // also takes them: lower case, words, "spectators", a trailing field order changed.
    let mut spelled = push.clone();
    let calls: Vec<Value> = push["patch"]["legal_calls"]
        .as_array()
        .expect("calls")
        .iter()
        .map(|c| match c.as_str() {
            Some("P") => json!("pass"),
            Some("X") => json!("dbl"),
            Some(c) if c.ends_with("NT") => json!(c.trim_end_matches('T').to_lowercase()),
            _ => c.clone(),
        })
        .collect();
    spelled["patch"]["legal_calls"] = json!(calls);
    for e in spelled["entries"].as_array_mut().expect("entries") {
        let item = if e.get("event").is_some() { "event" } else { "warning" };
        e[item]["audience"] = json!(["director", "E", "spectators", "N", "S", "W"]);
    }
    other.receive(js(&spelled.to_string())).expect("spelled otherwise");
    assert_eq!(rust(&other.view())["calls"], rust(&plain.view())["calls"]);
    assert_eq!(rust(&other.legal_calls()), rust(&plain.legal_calls()));
    assert!(rust(&plain.legal_calls()).as_array().is_some_and(|c| c.len() > 30));
    assert_eq!(rust(&other.turn()), json!("E"));
    assert_eq!(other.version(), plain.version());
}

#[wasm_bindgen_test]
fn a_push_with_a_malformed_head_value_is_refused_and_changes_nothing() {
    let (mut east, push) = east_and_push();
    let held = east.view();
    let held_json = rust(&held);
    for (path, value) in [
        ("/patch/legal_calls", json!([["1C"]])),
        ("/patch/legal_calls", json!(["1C", ["1D"]])),
        ("/patch/legal_calls", json!([1])),
        ("/patch/legal_calls", json!("1C")),
        ("/patch/legal_calls", json!(["1C,1D"])),
        ("/patch/turn", json!("X")),
        ("/patch/turn", json!(["E"])),
        ("/patch/pending", json!(5)),
        ("/patch/pending", json!({"options": ["nope"]})),
        ("/entries/0/version", json!("1")),
        ("/entries/0/version", json!(-1)),
        ("/entries/0/version", json!(0.5)),
        ("/entries/0/event/audience", json!([["E"]])),
        ("/entries/0/event/audience", json!("E")),
        ("/entries/0/event/audience", json!(["E", "nobody"])),
    ] {
        let mut bad = push.clone();
        match path.strip_prefix("/patch/") {
            Some(key) => bad["patch"][key] = value.clone(),
            None => *bad.pointer_mut(path).expect("the push has it") = value.clone(),
        }
        let what = format!("{path} = {value}");
        assert_bad_input(east.receive(js(&bad.to_string())).expect_err(&what), &what);
        assert!(east.view() == held, "{what}: the same view object");
        assert_eq!(rust(&east.view()), held_json, "{what}: unchanged");
        assert_eq!(east.version(), 0.0, "{what}: unchanged");
        assert_eq!(rust(&east.turn()), json!("N"), "{what}: unchanged");
        assert_eq!(rust(&east.legal_calls()), json!([]), "{what}: unchanged");
    }
    east.receive(js(&push.to_string())).expect("the push itself");
    assert_eq!(rust(&east.turn()), json!("E"));
}

#[wasm_bindgen_test]
fn a_refusal_names_the_first_fault_in_the_order_the_strict_reading_meets_it() {
    let (mut east, push) = east_and_push();
    // The patch as text: its keys in this order (a JS object keeps the order written).
    let call = push["patch"]["calls"].to_string();
    let misfit = r#"{"len":5,"set":[]}"#;
    for (patch, entry_version, says) in [
        (
            format!(r#"{{"turn":"X","calls":{misfit}}}"#),
            "1",
            "unknown variant `X`",
        ),
        (format!(r#"{{"calls":{misfit},"turn":"X"}}"#), "1", "does not fit"),
        (format!(r#"{{"secret":1,"calls":{call}}}"#), r#""one""#, "u64"),
        (format!(r#"{{"calls":{call},"secret":1}}"#), "1", "no patch has"),
        (
            r#"{"legal_calls":["1C",2],"play":[]}"#.to_string(),
            "1",
            "expected a string",
        ),
        (
            r#"{"play":[],"legal_calls":["1C",2]}"#.to_string(),
            "1",
            "a play or hands patch is an object",
        ),
    ] {
        let mut bad = push.clone();
        bad["entries"][0]["version"] = serde_json::from_str(entry_version).expect("json");
        let text = format!(r#"{{"entries":{},"patch":{patch}}}"#, bad["entries"]);
        let thrown = east.receive(js(&text)).expect_err(&patch);
        assert!(message(&thrown).contains(says), "{patch}: {}", message(&thrown));
    }
    let mut both = push.clone();
    both["view"] = json!({});
    assert!(message(&east.receive(js(&both.to_string())).expect_err("both")).contains("either the view or its patch"));
    assert_eq!(east.version(), 0.0);
}

#[wasm_bindgen_test]
fn the_new_view_keeps_every_value_the_push_leaves_and_the_view_held_is_unchanged() {
    let (mut east, push) = east_and_push();
    let before = east.view();
    let before_json = rust(&before);
    east.receive(js(&push.to_string())).expect("the push");
    let after = east.view();
    assert!(after != before, "a new object");
    assert_eq!(rust(&before), before_json, "the view handed out never changes");
    let patch = push["patch"].as_object().expect("a patch");
    for key in js_sys::Object::keys(before.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().expect("a key");
        let (old, new) = (field(&before, &key), field(&after, &key));
        match key.as_str() {
            // East's entries are an event (North's call): the events are a new list, the
            // warnings (none appended) the same one.
            "events" => assert!(old != new && Array::from(&new).length() == Array::from(&old).length() + 1),
            "warnings" => assert!(old == new, "warnings: nothing appended, the same list"),
            k if patch.contains_key(k) => {}
            k => assert!(old == new, "{k}: left by the push, the same value"),
        }
    }
    // A list patched by position keeps the items it does not set: North's 1C after East's 1H.
    let (mut east, pushes) = east_and_pushes(&[("N", "1C"), ("E", "1H")]);
    east.receive(js(&pushes[0].to_string())).expect("North's call");
    let first = Array::from(&field(&east.view(), "calls")).get(0);
    east.receive(js(&pushes[1].to_string())).expect("East's call");
    let calls = Array::from(&field(&east.view(), "calls"));
    assert_eq!(calls.length(), 2);
    assert!(
        calls.get(0) == first,
        "North's 1C, not set by the patch, is the same object"
    );
}

#[wasm_bindgen_test]
fn a_push_of_more_entries_than_the_merge_holds_is_read_whole() {
    let (mut east, push) = east_and_push();
    let mut long = push.clone();
    let warning =
        |version: u64, audience: Value| json!({"version": version, "warning": {"code": "X", "audience": audience}});
    let mut entries = push["entries"].as_array().expect("entries").clone();
    let next = entries.len() as u64 + 1;
    for i in 0..20 {
        entries.push(warning(next + i, json!(["E", "director"])));
    }
    long["entries"] = json!(entries);
    let mut stray = long.clone();
    stray["entries"][18]["warning"]["audience"] = json!(["N"]);
    let thrown = east
        .receive(js(&stray.to_string()))
        .expect_err("the 19th entry is not East's");
    assert!(message(&thrown).contains("not addressed to E"), "{}", message(&thrown));
    assert_eq!(east.version(), 0.0);
    east.receive(js(&long.to_string())).expect("twenty warnings more");
    assert_eq!(east.version(), next as f64 + 19.0);
    assert_eq!(rust(&east.view())["warnings"].as_array().map(Vec::len), Some(20));
}

#[wasm_bindgen_test]
fn a_push_whose_reading_throws_is_bad_input_and_the_table_still_takes_the_next() {
    let (mut east, push) = east_and_push();
    let update = made(&format!(
        "const u = {push}; u.patch = new Proxy(u.patch, {{ ownKeys() {{ throw new Error('boom'); }} }}); return u;"
    ));
    let thrown = east.receive(update).expect_err("the keys throw");
    assert_bad_input(thrown.clone(), "a Proxy's ownKeys throws");
    assert!(message(&thrown).contains("boom"), "{}", message(&thrown));
    // A getter that throws reads as `undefined`, as before: here the dealer.
    let getter = made(&format!(
        "const u = {push}; Object.defineProperty(u.patch, 'dealer', {{ enumerable: true, get() {{ throw new Error('no'); }} }}); return u;"
    ));
    east.receive(getter).expect("a getter that throws reads as undefined");
    assert_eq!(rust(&east.turn()), json!("E"));
    assert!(field(&east.view(), "dealer").is_undefined());
}
