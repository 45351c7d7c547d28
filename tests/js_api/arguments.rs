//! Every export checks its arguments' JS types and sizes itself: a value of the wrong type,
//! a hostile object (a getter or Proxy trap that throws) or a string longer than anything
//! the argument can hold is the coded `BAD_INPUT`, never the raw exception, a coercion or a
//! copy into the module. (www/test/arguments.test.mjs calls the same through the package's
//! glue.)

use bridge_laws::wasm::{format_call, parse_call, JsSeatTable, JsTable};
use js_sys::JSON;
use serde_json::json;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use super::{assert_bad_input, call, js, made, message, rust, table};

/// The bytes of the module's memory (they grow, never shrink).
fn memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as f64
}

const PBN: &str = "[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Auction \"S\"]\n1NT Pass 3NT AP\n";

#[wasm_bindgen_test]
fn a_record_file_that_is_not_a_string_is_bad_input_not_a_trap() {
    for (what, text) in [
        ("42", JsValue::from_f64(42.0)),
        ("nothing", JsValue::UNDEFINED),
        ("null", JsValue::NULL),
        ("an object", js(r#"{"text":"[Board \"1\"]"}"#)),
        ("an array", js(r#"["[Board \"1\"]"]"#)),
        ("true", JsValue::TRUE),
    ] {
        let pbn = JsTable::from_pbn(text.clone(), JsValue::UNDEFINED).err().expect(what);
        assert_bad_input(pbn.clone(), &format!("fromPbn({what})"));
        assert!(message(&pbn).contains("must be a string"), "{}", message(&pbn));
        let lin = JsTable::from_lin(text, JsValue::UNDEFINED).err().expect(what);
        assert_bad_input(lin, &format!("fromLin({what})"));
    }
}

#[wasm_bindgen_test]
fn a_board_index_that_is_not_a_whole_number_from_0_is_refused_not_coerced() {
    for (what, index) in [
        ("NaN", JsValue::from_f64(f64::NAN)),
        ("2^32", JsValue::from_f64(4_294_967_296.0)),
        ("2^53", JsValue::from_f64(9_007_199_254_740_992.0)),
        ("1.5", JsValue::from_f64(1.5)),
        ("-1", JsValue::from_f64(-1.0)),
        ("Infinity", JsValue::from_f64(f64::INFINITY)),
        ("\"0\"", JsValue::from_str("0")),
        ("an object", js("{}")),
        ("true", JsValue::TRUE),
    ] {
        let e = JsTable::from_pbn(PBN.into(), index.clone()).err().expect(what);
        assert_bad_input(e.clone(), &format!("fromPbn(text, {what})"));
        assert!(message(&e).contains("whole number"), "{what}: {}", message(&e));
        assert_bad_input(
            JsTable::from_lin("mb|1C|".into(), index).err().expect(what),
            &format!("fromLin(text, {what})"),
        );
    }
    // Absent (undefined or null) is the first board; a whole number past the file is
    // refused by name.
    for index in [
        JsValue::UNDEFINED,
        JsValue::NULL,
        JsValue::from_f64(0.0),
        JsValue::from_f64(-0.0),
    ] {
        let t = JsTable::from_pbn(PBN.into(), index).expect("board 0");
        assert_eq!(
            rust(&t.view("director".into()).expect("view"))["contract"],
            json!("3NT")
        );
    }
    let e = JsTable::from_pbn(PBN.into(), JsValue::from_f64(1.0))
        .err()
        .expect("no board 1");
    assert!(message(&e).contains("holds no board 1 (1 read)"), "{}", message(&e));
}

#[wasm_bindgen_test]
fn names_of_the_wrong_type_or_any_length_are_refused_before_they_are_read() {
    let t = table("online");
    let long = JsValue::from_str(&"N".repeat(65));
    for (what, value) in [("a number", JsValue::from_f64(0.0)), ("a long string", long.clone())] {
        assert_bad_input(t.legal_calls(value.clone()).expect_err(what), what);
        assert_bad_input(t.view(value.clone()).expect_err(what), what);
        assert_bad_input(parse_call(value.clone()).expect_err(what), what);
        assert_bad_input(format_call(value.clone()).expect_err(what), what);
        assert_bad_input(t.stream_version(value.clone()).expect_err(what), what);
        assert_bad_input(t.events_since(value, 0.0.into()).expect_err(what), what);
    }
    let m = message(&parse_call(long).expect_err("long"));
    assert!(m.contains("longer than 64 characters"), "{m}");
    for (what, version) in [("NaN", f64::NAN), ("-1", -1.0), ("0.5", 0.5)] {
        assert_bad_input(t.events_since("N".into(), version.into()).expect_err(what), what);
    }
    assert_bad_input(
        t.events_since("N".into(), "0".into()).expect_err("\"0\""),
        "eventsSince(N, \"0\")",
    );
    let view = t.view("E".into()).expect("view");
    assert_bad_input(
        JsSeatTable::new(5.0.into(), 0.0.into(), view.clone())
            .err()
            .expect("viewer 5"),
        "SeatTable(5, …)",
    );
    assert_bad_input(
        JsSeatTable::new("E".into(), "0".into(), view)
            .err()
            .expect("version \"0\""),
        "SeatTable(E, \"0\", …)",
    );
}

#[wasm_bindgen_test]
fn an_options_getter_that_throws_is_bad_input_not_an_absent_option() {
    let options =
        made(r#"return { dealer: "N", vulnerability: "None", get board() { throw new Error("no board here"); } };"#);
    let thrown = JsTable::new(options).err().expect("a getter that throws");
    assert_bad_input(thrown.clone(), "getter");
    let m = message(&thrown);
    assert!(m.contains("reading `board` threw: no board here"), "{m}");
    // A getter that returns a board is read as the value it returns.
    let options = made(r#"return { dealer: "N", vulnerability: "None", get board() { return 7; } };"#);
    let t = JsTable::new(options).expect("a getter that returns");
    assert_eq!(rust(&t.view("N".into()).expect("view"))["board"], json!(7));
}

#[wasm_bindgen_test]
fn a_proxy_whose_traps_throw_is_bad_input_not_the_raw_error() {
    let mut t = table("online");
    let before = t.state_hash();
    let cases = [
        (
            "ownKeys throws",
            r#"return new Proxy({ seat: "N", type: "call", call: "1C" }, { ownKeys() { throw new Error("no keys"); } });"#,
            "listing the object's keys threw: no keys",
        ),
        (
            "get throws",
            r#"return new Proxy({ seat: "N", type: "call", call: "1C" }, { get() { throw new Error("no value"); } });"#,
            "threw: no value",
        ),
        (
            "a revoked proxy",
            r#"const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy;"#,
            "threw",
        ),
        (
            "an array proxy whose length throws",
            r#"return { seat: "N", type: "call", call: new Proxy([], { get() { throw new Error("no length"); } }) };"#,
            "invalid type",
        ),
        (
            "an error whose message getter throws",
            r#"return new Proxy({}, { ownKeys() { throw Object.create(Error.prototype, { message: { get() { throw 1; } } }); } });"#,
            "listing the object's keys threw",
        ),
    ];
    for (what, body, says) in cases {
        let thrown = t.apply(made(body)).expect_err(what);
        assert_bad_input(thrown.clone(), what);
        assert!(message(&thrown).contains(says), "{what}: {}", message(&thrown));
        assert_bad_input(JsTable::new(made(body)).err().expect(what), what);
        assert_bad_input(JsTable::from_json(made(body)).err().expect(what), what);
    }
    // A snapshot's action list as a Proxy whose item getter throws.
    let snapshot = made(
        r#"return { options: { dealer: "N", vulnerability: "None" }, actions: new Proxy([{ seat: "N", type: "call", call: "1C" }], { get(t, k) { if (k === "0") throw new Error("no item"); return Reflect.get(t, k); } }) };"#,
    );
    let thrown = JsTable::from_json(snapshot).err().expect("an item getter that throws");
    assert!(
        message(&thrown).contains("reading an array item threw: no item"),
        "{}",
        message(&thrown)
    );
    assert_eq!(t.state_hash(), before, "nothing changed the table");
    assert_eq!(call(&mut t, "N", "1C")["ok"], json!(true), "the table still plays");
}

#[wasm_bindgen_test]
fn a_text_longer_than_the_table_accepts_is_refused_before_it_is_copied_in() {
    let mut t = table("online");
    let before = t.state_hash();
    // 50 MB made in JS: copied into the module it would grow memory by 50 MB or more.
    let action = made(
        r#"return { seat: "N", type: "call", call: "1NT", alert: true, explanation: "x".repeat(50 * 1024 * 1024) };"#,
    );
    let memory = memory_bytes();
    let thrown = t.apply(action).expect_err("50 MB");
    assert_bad_input(thrown.clone(), "50 MB explanation");
    assert!(
        message(&thrown).contains("longer than 500 characters"),
        "{}",
        message(&thrown)
    );
    assert!(
        memory_bytes() - memory < 1_048_576.0,
        "memory grew by {}",
        memory_bytes() - memory
    );
    // A long key, a long call string and a long value where a number belongs: the same.
    for body in [
        r#"const o = { seat: "N", type: "call", call: "1C" }; o["k".repeat(2000)] = 1; return o;"#,
        r#"return { seat: "N", type: "call", call: "1".repeat(5000) };"#,
        r#"return { seat: "E", type: "ask", index: "9".repeat(5000) };"#,
    ] {
        assert_bad_input(t.apply(made(body)).expect_err(body), body);
    }
    assert_eq!(t.state_hash(), before);
    // At the limit the text is read (and refused or accepted by the table's own rule).
    let at_limit =
        made(r#"return { seat: "N", type: "call", call: "1NT", alert: true, explanation: "é".repeat(500) };"#);
    assert_eq!(rust(&t.apply(at_limit).expect("500 characters"))["ok"], json!(true));
    // Options hold no text; a snapshot or a record file has its own bounds.
    let options = made(r#"return { dealer: "N", vulnerability: "None", regulation: "o".repeat(65) };"#);
    assert_bad_input(JsTable::new(options).err().expect("long preset"), "long preset");
    let huge = made(r#"return "[Board \"1\"]\n" + " ".repeat(9 * 1024 * 1024);"#);
    let memory = memory_bytes();
    let e = JsTable::from_pbn(huge, JsValue::UNDEFINED)
        .err()
        .expect("9 Mi characters");
    assert!(message(&e).contains("a record file longer than"), "{}", message(&e));
    assert!(
        memory_bytes() - memory < 1_048_576.0,
        "memory grew by {}",
        memory_bytes() - memory
    );
}

#[wasm_bindgen_test]
fn a_snapshot_as_json_text_is_parsed_in_js_and_its_long_strings_refused_uncopied() {
    let text = made(
        r#"return JSON.stringify({ options: { dealer: "N", vulnerability: "None" }, actions: [{ seat: "N", type: "call", call: "1NT", alert: true, explanation: "x".repeat(20 * 1024 * 1024) }] });"#,
    );
    let memory = memory_bytes();
    let thrown = JsTable::from_json(text).err().expect("a 20 MB explanation");
    assert_bad_input(thrown.clone(), "snapshot text");
    assert!(
        message(&thrown).contains("longer than 100000 characters"),
        "{}",
        message(&thrown)
    );
    assert!(
        memory_bytes() - memory < 1_048_576.0,
        "memory grew by {}",
        memory_bytes() - memory
    );
    let syntax = JsTable::from_json("{\"options\":".into()).err().expect("not JSON");
    assert_bad_input(syntax, "JSON syntax");
    let good = JSON::stringify(&table("online").to_json().expect("snapshot")).expect("text");
    assert!(JsTable::from_json(good.into()).is_ok());
}
