//! A table's `deal` from JS: a PBN deal string or `{N: [cards], …}`, whole or partial, makes
//! a dealt table whose views show the hands each viewer may see; any other value — the
//! wrong type, a card that is none, a card twice, a getter or Proxy that throws, a 50 MB
//! string — is the coded `BAD_INPUT`, read at little cost and never the raw exception.

use bridge_laws::wasm::JsTable;
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use super::{assert_bad_input, made, message, rust};

/// The deal of docs/API.md, from North.
const PBN: &str = "N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732";

/// North's hand of `PBN`, spades first from the ace.
const NORTH: [&str; 13] = [
    "SK", "SQ", "ST", "S2", "HA", "HT", "DJ", "D6", "D5", "D4", "D2", "C8", "C5",
];

/// `PBN` as lists of cards, the same hands in JS.
const LISTS: &str = r#"{
    N: ["SK", "SQ", "ST", "S2", "HA", "HT", "DJ", "D6", "D5", "D4", "D2", "C8", "C5"],
    E: ["SA", "S8", "S6", "S5", "S4", "HK", "HQ", "H5", "DT", "CQ", "CJ", "CT", "C6"],
    S: ["SJ", "S9", "S7", "S3", "HJ", "H9", "H8", "H7", "H4", "H2", "D3", "CK", "C4"],
    W: ["H6", "H3", "DA", "DK", "DQ", "D9", "D8", "D7", "CA", "C9", "C7", "C3", "C2"]
}"#;

/// The options of an online table with `deal`, a JS expression.
fn options(deal: &str) -> JsValue {
    made(&format!(
        r#"return {{ dealer: "N", vulnerability: "None", regulation: "online", deal: {deal} }};"#
    ))
}

fn dealt(deal: &str) -> JsTable {
    JsTable::new(options(deal)).unwrap_or_else(|e| panic!("deal {deal}: {}", message(&e)))
}

fn view(t: &JsTable, viewer: &str) -> Value {
    rust(&t.view(viewer.into()).expect("view"))
}

/// The bytes of the module's memory (they grow, never shrink).
fn memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer().unchecked_into::<js_sys::ArrayBuffer>().byte_length() as f64
}

#[wasm_bindgen_test]
fn a_pbn_deal_shows_a_seat_his_own_hand_and_the_director_all_four() {
    let t = dealt(&format!("{PBN:?}"));
    let north = view(&t, "N");
    assert_eq!(north["dealt"], json!(true));
    assert_eq!(
        north["hands"],
        json!({ "N": NORTH }),
        "his own hand only before the lead"
    );
    let east = view(&t, "E");
    assert_eq!(
        east["hands"].as_object().map(|h| h.len()),
        Some(1),
        "East sees one hand"
    );
    assert_eq!(east["hands"]["E"][0], json!("SA"));
    let director = view(&t, "director");
    assert_eq!(director["dealt"], json!(true));
    assert_eq!(director["hands"]["N"], json!(NORTH));
    for seat in ["N", "E", "S", "W"] {
        assert_eq!(director["hands"][seat].as_array().map(Vec::len), Some(13), "{seat}");
    }
    assert_eq!(director["hands"]["W"][0], json!("H6"), "West is void in spades");
}

#[wasm_bindgen_test]
fn a_deal_as_lists_of_cards_is_the_same_deal_as_its_pbn_string() {
    let lists = dealt(LISTS);
    let text = dealt(&format!("{PBN:?}"));
    assert_eq!(view(&lists, "director"), view(&text, "director"));
    assert_eq!(view(&lists, "S"), view(&text, "S"));
    assert_eq!(lists.state_hash(), text.state_hash());
    let snapshot = rust(&lists.to_json().expect("snapshot"));
    assert_eq!(
        snapshot["options"]["deal"],
        json!(PBN),
        "written as the PBN string from North"
    );
}

#[wasm_bindgen_test]
fn a_partial_deal_of_one_hand_is_accepted() {
    for deal in [r#"{ N: ["SK", "SQ"] }"#, r#""N:KQ... - - -""#] {
        let t = dealt(deal);
        assert_eq!(view(&t, "N")["hands"], json!({ "N": ["SK", "SQ"] }), "{deal}");
        assert_eq!(
            view(&t, "E")["dealt"],
            json!(true),
            "{deal}: East knows a deal is given"
        );
        assert_eq!(view(&t, "E").get("hands"), None, "{deal}: and sees no hand");
        assert_eq!(view(&t, "director")["hands"], json!({ "N": ["SK", "SQ"] }), "{deal}");
    }
    // 51 cards: one hand short of a card, a partial deal too.
    let t = dealt(r#""N:KQT2.AT.J6542.8 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732""#);
    assert_eq!(view(&t, "N")["hands"]["N"].as_array().map(Vec::len), Some(12));
}

#[wasm_bindgen_test]
fn a_deal_of_null_or_undefined_is_no_deal() {
    let plain = JsTable::new(made(
        r#"return { dealer: "N", vulnerability: "None", regulation: "online" };"#,
    ))
    .expect("no deal");
    for deal in ["null", "undefined"] {
        let t = dealt(deal);
        assert_eq!(view(&t, "director").get("dealt"), None, "{deal}: not dealt");
        assert_eq!(t.state_hash(), plain.state_hash(), "{deal}: the table without a deal");
    }
}

#[wasm_bindgen_test]
fn a_deal_that_is_none_is_bad_input_naming_the_fault() {
    let array = format!("[{PBN:?}]");
    let fourteen = format!("{{ N: {:?} }}", fourteen());
    let from_q = format!("{:?}", PBN.replacen('N', "Q", 1));
    let cases = [
        ("a number", "5", "invalid type"),
        ("an array", &array, "invalid type"),
        ("true", "true", "invalid type"),
        ("seat Q", r#"{ Q: ["SA"] }"#, "`Q` is not a seat"),
        ("a hand as a string", r#"{ N: "SA" }"#, "invalid type"),
        ("a card as a number", r#"{ N: [5] }"#, "invalid type"),
        ("card S1", r#"{ N: ["S1"] }"#, "S1"),
        ("card ZZ", r#"{ N: ["ZZ"] }"#, "ZZ"),
        (
            "a card in two hands",
            r#"{ N: ["SA"], E: ["SA"] }"#,
            "card SA is given twice",
        ),
        (
            "a card twice in a hand",
            r#"{ N: ["SA", "SA"] }"#,
            "card SA is given twice",
        ),
        ("14 cards in a hand", &fourteen, "a hand holds 13"),
        ("PBN from seat Q", &from_q, "not a PBN deal"),
        (
            "PBN of three hands",
            r#""N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4""#,
            "not a PBN deal",
        ),
        ("PBN with a card twice", r#""N:AA... - - -""#, "card SA is given twice"),
        ("PBN of 14 cards", r#""N:AKQJT98765432.2.. - - -""#, "a hand holds 13"),
        ("text", r#""hello""#, "not a PBN deal"),
    ];
    for (what, deal, says) in cases {
        let thrown = JsTable::new(options(deal))
            .err()
            .unwrap_or_else(|| panic!("{what}: accepted"));
        assert_bad_input(thrown.clone(), what);
        assert!(message(&thrown).contains(says), "{what}: {}", message(&thrown));
    }
}

/// Fourteen cards: the spades and one heart.
fn fourteen() -> Vec<String> {
    let mut cards: Vec<String> = "AKQJT98765432".chars().map(|r| format!("S{r}")).collect();
    cards.push("HA".into());
    cards
}

#[wasm_bindgen_test]
fn a_deal_whose_getter_or_proxy_throws_is_bad_input_not_the_raw_error() {
    let cases = [
        (
            "a getter on deal",
            r#"return { dealer: "N", vulnerability: "None", get deal() { throw new Error("no deal here"); } };"#,
            "reading `deal` threw: no deal here",
        ),
        (
            "a getter on deal.N",
            r#"return { dealer: "N", vulnerability: "None", deal: { get N() { throw new Error("no hand"); } } };"#,
            "threw: no hand",
        ),
        (
            "a Proxy hand whose item getter throws",
            r#"return { dealer: "N", vulnerability: "None", deal: { N: new Proxy(["SA"], { get(t, k) { if (k === "0") throw new Error("no card"); return Reflect.get(t, k); } }) } };"#,
            "reading an array item threw: no card",
        ),
        (
            "a Proxy deal whose ownKeys throws",
            r#"return { dealer: "N", vulnerability: "None", deal: new Proxy({ N: ["SA"] }, { ownKeys() { throw new Error("no keys"); } }) };"#,
            "threw: no keys",
        ),
    ];
    for (what, body, says) in cases {
        let thrown = JsTable::new(made(body))
            .err()
            .unwrap_or_else(|| panic!("{what}: accepted"));
        assert_bad_input(thrown.clone(), what);
        assert!(message(&thrown).contains(says), "{what}: {}", message(&thrown));
    }
}

#[wasm_bindgen_test]
fn a_50_mb_deal_string_is_refused_before_it_is_copied_in() {
    for deal in [
        r#""N:" + "A".repeat(50 * 1024 * 1024)"#,
        r#"{ N: ["S" + "A".repeat(50 * 1024 * 1024)] }"#,
    ] {
        let options = options(deal);
        let memory = memory_bytes();
        let thrown = JsTable::new(options).err().expect("50 MB");
        assert_bad_input(thrown.clone(), deal);
        assert!(message(&thrown).contains("longer than"), "{}", message(&thrown));
        let grown = memory_bytes() - memory;
        assert!(grown < 1_048_576.0, "{deal}: memory grew by {grown}");
    }
}

#[wasm_bindgen_test]
fn a_dealt_table_goes_through_its_snapshot_and_back_unchanged() {
    for deal in [format!("{PBN:?}"), r#"{ S: ["SJ", "S9"] }"#.to_string()] {
        let t = dealt(&deal);
        let snapshot = t.to_json().expect("snapshot");
        let again = JsTable::from_json(snapshot.clone()).expect("the snapshot reads back");
        assert_eq!(again.state_hash(), t.state_hash(), "{deal}");
        assert_eq!(view(&again, "director"), view(&t, "director"), "{deal}");
        assert_eq!(rust(&again.to_json().expect("snapshot")), rust(&snapshot), "{deal}");
        let text = js_sys::JSON::stringify(&snapshot).expect("text");
        let from_text = JsTable::from_json(text.into()).expect("as JSON text");
        assert_eq!(from_text.state_hash(), t.state_hash(), "{deal}: from its text");
    }
    // A snapshot whose deal is none is refused like the options.
    let bad = made(
        r#"return { options: { dealer: "N", vulnerability: "None", deal: { N: ["SA"], E: ["SA"] } }, actions: [] };"#,
    );
    assert_bad_input(JsTable::from_json(bad).err().expect("a card twice"), "snapshot deal");
}
