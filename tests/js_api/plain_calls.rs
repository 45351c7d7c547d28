//! `apply`'s usual path (src/wasm/plain_call.rs): a plain call read directly and calls'
//! events written directly give exactly what the general path gives — the same JSON text,
//! keys in the same order — and anything that is not exactly a plain call is read strictly.

use bridge_laws::wasm::JsTable;
use bridge_laws::Table;
use js_sys::{Array, Function, Reflect, JSON};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

use super::{assert_bad_input, js};

/// A JS value made by JS code (`return …`), for values JSON cannot write.
fn made(body: &str) -> JsValue {
    Function::new_no_args(body)
        .call0(&JsValue::NULL)
        .expect("the test's JS runs")
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v).expect("stringifiable").into()
}

#[wasm_bindgen_test]
fn every_outcome_of_plain_calls_is_the_native_json_text_key_for_key() {
    // Calls in turn, a call out of rotation and an insufficient bid (warnings and
    // irregularities: the general path), a refused one, the auction's end; each action also
    // spelled with its keys in another order, another spelling of the call, or a clock
    // (read strictly).
    let options = r#"{"dealer":"N","vulnerability":"NS","regulation":"face_to_face","board":2}"#;
    let actions = [
        r#"{"type":"call","seat":"N","call":"1C"}"#,
        r#"{"seat":"E","type":"call","call":"P"}"#,
        r#"{"call":"1H","type":"call","seat":"S"}"#,
        r#"{"type":"call","seat":"W","call":"dbl"}"#,
        r#"{"type":"call","seat":"N","call":"1S","at":1500}"#,
        r#"{"type":"call","seat":"W","call":"2C"}"#,
        r#"{"type":"call","seat":"E","call":"XX"}"#,
        r#"{"type":"call","seat":"E","call":"2D"}"#,
        r#"{"type":"call","seat":"S","call":"1NT"}"#,
        r#"{"type":"call","seat":"S","call":"2NT"}"#,
        r#"{"type":"call","seat":"W","call":"pass"}"#,
        r#"{"type":"call","seat":"N","call":"3NT"}"#,
        r#"{"type":"call","seat":"E","call":"P"}"#,
        r#"{"type":"call","seat":"S","call":"P"}"#,
        r#"{"type":"call","seat":"W","call":"P"}"#,
    ];
    let mut native = Table::from_options_json(options).expect("options");
    let mut ours = JsTable::new(js(options)).expect("options");
    for a in actions {
        let theirs = serde_json::to_string(&native.apply_json(a)).expect("json");
        assert_eq!(text(&ours.apply(js(a)).expect("well-formed")), theirs, "{a}");
        assert_eq!(ours.state_hash(), native.state_hash(), "{a}");
    }
}

#[wasm_bindgen_test]
fn an_outcome_is_the_callers_own_to_change() {
    let mut t = JsTable::new(js(r#"{"dealer":"N","vulnerability":"None"}"#)).expect("options");
    let first = t
        .apply(js(r#"{"type":"call","seat":"N","call":"1C"}"#))
        .expect("a call");
    let events = Reflect::get(&first, &"events".into()).expect("events");
    let audience: Array = Reflect::get(&Array::from(&events).get(0), &"audience".into())
        .expect("audience")
        .into();
    audience.set_length(0);
    Array::from(&Reflect::get(&first, &"warnings".into()).expect("warnings")).push(&"mine".into());
    let second = text(&t.apply(js(r#"{"type":"call","seat":"E","call":"P"}"#)).expect("a call"));
    assert_eq!(
        second,
        r#"{"ok":true,"events":[{"kind":"call","seat":"E","call":"P","index":1,"audience":["N","E","S","W","director","spectator"]}],"warnings":[]}"#
    );
}

#[wasm_bindgen_test]
fn an_action_that_is_nearly_a_plain_call_is_read_strictly_and_refused_as_before() {
    let cases = [
        (
            "a fourth key",
            r#"return { type: "call", seat: "N", call: "1C", extra: 1 };"#,
            "extra",
        ),
        (
            "a seat of another spelling",
            r#"return { type: "call", seat: "n", call: "1C" };"#,
            "seat",
        ),
        (
            "a type of another spelling",
            r#"return { type: "Call", seat: "N", call: "1C" };"#,
            "Call",
        ),
        (
            "a call no parser reads",
            r#"return { type: "call", seat: "N", call: "8NT" };"#,
            "8NT",
        ),
        (
            "a call of another type",
            r#"return { type: "call", seat: "N", call: 1 };"#,
            "expected",
        ),
        (
            "a seat of another type",
            r#"return { type: "call", seat: ["N"], call: "1C" };"#,
            "expected",
        ),
        (
            "a call inherited, not its own",
            r#"const o = Object.create({ call: "1C" }); o.type = "call"; o.seat = "N"; o.x = 1; return o;"#,
            "x",
        ),
        (
            "a call 50 MB long",
            r#"return { type: "call", seat: "N", call: "1".repeat(50e6) };"#,
            "longer",
        ),
        (
            "a getter that throws",
            r#"return { type: "call", seat: "N", get call() { throw new Error("no call"); } };"#,
            "no call",
        ),
        (
            "a Proxy whose get trap throws",
            r#"return new Proxy({ type: "call", seat: "N", call: "1C" }, { get() { throw new Error("no value"); } });"#,
            "no value",
        ),
        ("an array", r#"const a = ["call", "N", "1C"]; return a;"#, "expected"),
    ];
    let mut t = JsTable::new(js(r#"{"dealer":"N","vulnerability":"None"}"#)).expect("options");
    let before = t.state_hash();
    for (what, body, says) in cases {
        let thrown = t.apply(made(body)).err().unwrap_or_else(|| panic!("{what}: refused"));
        let message: String = Reflect::get(&thrown, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_default();
        assert!(message.contains(says), "{what}: {message}");
        assert_bad_input(thrown, what);
        assert_eq!(t.state_hash(), before, "{what}: nothing changed");
    }
    // The table still plays.
    assert!(t.apply(js(r#"{"type":"call","seat":"N","call":"1C"}"#)).is_ok());
}

#[wasm_bindgen_test]
fn numbers_are_read_as_serde_wasm_bindgen_reads_them_a_bigint_only_for_64_bits() {
    let mut t = JsTable::new(js(r#"{"dealer":"N","vulnerability":"None"}"#)).expect("options");
    t.apply(js(r#"{"type":"call","seat":"N","call":"1C"}"#))
        .expect("a call");
    // A version (64 bits): a safe integer or a bigint within 64 bits.
    let all = text(&t.events_since("N".into(), 0.0.into()).expect("from 0"));
    assert_eq!(
        text(&t.events_since("N".into(), made("return 0n;")).expect("from 0n")),
        all
    );
    let thrown = t
        .events_since("N".into(), made("return 2n ** 70n;"))
        .expect_err("past 64 bits");
    assert_bad_input(thrown.clone(), "2n ** 70n");
    let message = Reflect::get(&thrown, &"message".into())
        .ok()
        .and_then(|m| m.as_string());
    assert!(message.unwrap_or_default().contains("outside u64::MIN..u64::MAX"));
    // An index (32 bits): a whole number from 0, never a bigint, a fraction or below 0.
    for (index, says) in [
        ("0n", "another kind"),
        ("1.5", "floating point `1.5`"),
        ("-1", "floating point `-1"),
    ] {
        let action = made(&format!(r#"return {{ type: "ask", seat: "E", index: {index} }};"#));
        let thrown = t
            .apply(action)
            .err()
            .unwrap_or_else(|| panic!("index {index}: refused"));
        let message = Reflect::get(&thrown, &"message".into())
            .ok()
            .and_then(|m| m.as_string());
        assert!(message.unwrap_or_default().contains(says), "index {index}");
        assert_bad_input(thrown, index);
    }
    assert!(t.apply(js(r#"{"type":"ask","seat":"E","index":0}"#)).is_ok(), "index 0");
}
