//! `Table.fromPbn` / `Table.fromLin` reproduce the record's board whole or throw
//! `BAD_INPUT` naming the fault and its line (never a partial or empty table), as the
//! native import (`records::import`, tests/records_import.rs) does.

use bridge_laws::wasm::JsTable;
use js_sys::Error;
use serde_json::{json, Value};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

use super::{assert_bad_input, rust};

/// The message of the `BAD_INPUT` an import throws.
fn refused(import: Result<JsTable, JsValue>, what: &str) -> String {
    let thrown = import.err().unwrap_or_else(|| panic!("{what}: imported"));
    assert_bad_input(thrown.clone(), what);
    String::from(thrown.dyn_ref::<Error>().expect("an Error").message())
}

fn calls(t: &JsTable) -> Vec<String> {
    let v = rust(&t.view("director".into()).expect("view"));
    v["calls"]
        .as_array()
        .expect("calls")
        .iter()
        .map(|c| c["call"].as_str().unwrap_or("").to_string())
        .collect()
}

#[wasm_bindgen_test]
fn a_pbn_auction_with_8nt_throws_naming_the_token_and_line_not_a_partial_board() {
    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass\n8NT Pass\n";
    let m = refused(JsTable::from_pbn(pbn.into(), JsValue::UNDEFINED), "8NT");
    assert!(m.contains("unknown_token \"8NT\"") && m.contains("line 5"), "{m}");
    let whole = JsTable::from_pbn(pbn.replace("8NT", "2NT").into(), JsValue::UNDEFINED).expect("2NT");
    assert_eq!(calls(&whole), ["1NT", "P", "2NT", "P"]);
}

#[wasm_bindgen_test]
fn a_lin_explanation_of_1_mb_throws_naming_the_refused_call_not_an_empty_table() {
    let lin = format!("qx|o1|md|3|sv|o|mb|1N!|an|{}|mb|p|mb|p|mb|p|", "x".repeat(1 << 20));
    let m = refused(JsTable::from_lin(lin.into(), JsValue::UNDEFINED), "1 MB an");
    assert!(m.contains("call 1 (N 1NT) refused") && m.contains("line 1"), "{m}");
}

#[wasm_bindgen_test]
fn an_unterminated_pbn_tag_throws_naming_it_not_an_empty_table() {
    let pbn = "[Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\nPass 1S AP\n";
    let m = refused(JsTable::from_pbn(pbn.into(), JsValue::UNDEFINED), "unterminated tag");
    assert!(m.contains("unterminated_tag") && m.contains("line 3"), "{m}");
}

#[wasm_bindgen_test]
fn a_fault_in_what_a_table_does_not_hold_leaves_the_import_whole() {
    // Twelve cards in North's hand: the deal is not part of a table.
    let pbn = "[Dealer \"S\"]\n[Deal \"N:AKQ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"S\"]\n1NT Pass 3NT AP\n";
    let t = JsTable::from_pbn(pbn.into(), JsValue::UNDEFINED).expect("imported");
    assert_eq!(calls(&t), ["1NT", "P", "3NT", "P", "P", "P"]);
    let v: Value = rust(&t.view("director".into()).expect("view"));
    assert_eq!(v["contract"], json!("3NT"));
}

#[wasm_bindgen_test]
fn an_import_reports_the_faults_it_did_not_stop_on_with_their_line_and_column() {
    // Twelve cards in North's hand (line 2), a note reference with no note (line 4).
    let pbn = "[Dealer \"S\"]\n[Deal \"N:AKQ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"S\"]\n1NT =1= Pass 3NT AP\n";
    let t = JsTable::from_pbn(pbn.into(), JsValue::UNDEFINED).expect("imported");
    let notes: Value = rust(&t.import_notes().expect("notes"));
    let codes: Vec<(&str, u64)> = notes
        .as_array()
        .expect("an array")
        .iter()
        .map(|n| (n["code"].as_str().unwrap_or(""), n["line"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(codes, [("bad_deal", 2), ("note_missing", 4)], "{notes}");
    assert!(
        notes[0]["column"].as_u64().is_some_and(|c| c >= 1) && notes[1]["text"].is_string(),
        "{notes}"
    );
    let clean = pbn
        .replace(" =1=", "")
        .replace("[Deal \"N:AKQ.AKQ.AKQ.AKQ - - -\"]\n", "");
    let clean = JsTable::from_pbn(clean.into(), JsValue::UNDEFINED).expect("clean");
    assert_eq!(rust(&clean.import_notes().expect("notes")), json!([]));
}
