//! A table given the deal (`TableOptions.deal`): read from a PBN deal string or from lists
//! of cards, checked, kept in the snapshot and the state hash, taken from and written to
//! the records; without one, the table is as it always was.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::records::import::{import_lin, import_pbn};
use bridge_laws::records::{lin, pbn, Record};
use bridge_laws::{Code, Seat, Table};

/// A whole deal, from North.
const DEAL: &str = "N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732";

fn options(deal: &str) -> String {
    format!(r#"{{"dealer":"N","vulnerability":"None","regulation":"online","deal":{deal}}}"#)
}

fn dealt() -> Table {
    Table::from_options_json(&options(&format!("\"{DEAL}\""))).expect("a table with the deal")
}

fn refusal(deal: &str) -> String {
    let e = Table::from_options_json(&options(deal)).expect_err("refused");
    assert_eq!(e.code, Code::BadInput, "{deal}");
    e.message
}

#[test]
fn a_deal_given_as_text_or_as_lists_of_cards_is_the_same_deal() {
    let lists = r#"{"N":["SK","SQ","ST","S2","HA","HT","DJ","D6","D5","D4","D2","C8","C5"]}"#;
    let t = Table::from_options_json(&options(lists)).expect("lists");
    let from_text = Table::from_options_json(&options(r#""N:KQT2.AT.J6542.85 - - -""#)).expect("text");
    assert_eq!(t.state_hash(), from_text.state_hash());
    assert_eq!(t.board().deal, from_text.board().deal);
}

#[test]
fn a_deal_that_is_not_one_is_bad_input_naming_the_fault() {
    let twice = refusal(r#""N:A... A... - -""#);
    assert!(twice.contains("SA") && twice.contains("twice"), "{twice}");
    let fourteen = refusal(r#""N:AKQJT98765432.A.. - - -""#);
    assert!(fourteen.contains("14 cards"), "{fourteen}");
    let not_pbn = refusal(r#""KQT2.AT.J6542.85""#);
    assert!(not_pbn.contains("not a PBN deal"), "{not_pbn}");
    let not_seat = refusal(r#"{"X":["SA"]}"#);
    assert!(not_seat.contains("not a seat"), "{not_seat}");
    let not_card = refusal(r#"{"N":["S1"]}"#);
    assert!(not_card.contains("S1"), "{not_card}");
}

#[test]
fn the_snapshot_keeps_the_deal_and_the_hash_depends_on_it() {
    let t = dealt();
    let json = t.to_json();
    assert!(json.contains(&format!("\"deal\":\"{DEAL}\"")), "{json}");
    let back = Table::from_json(&json).expect("restored");
    assert_eq!(back.state_hash(), t.state_hash());
    let plain = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#)
        .expect("no deal");
    assert_ne!(plain.state_hash(), t.state_hash());
    assert!(!plain.to_json().contains("deal\""), "no deal, no key: {}", plain.to_json());
}

#[test]
fn a_pbn_record_gives_its_deal_to_the_table_and_the_table_writes_it_back() {
    let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n");
    let imported = import_pbn(&text, 0).expect("imported");
    assert_eq!(imported.table.board().deal, dealt().board().deal);
    let written = pbn::write(&Record::from_table(&imported.table));
    assert!(written.contains(&format!("[Deal \"{DEAL}\"]")), "{written}");
}

#[test]
fn a_lin_record_gives_its_deal_to_the_table_and_the_table_writes_it_back() {
    // South, West, North, East; East's hand left to be completed from the other three.
    let text = "qx|o1|md|3SJ973HJ98742D3CK4,SH63DAKQ987CA9732,SKQT2HATDJ6542C85,|sv|o|mb|1N|mb|p|mb|p|mb|p|";
    let imported = import_lin(text, 0).expect("imported");
    assert_eq!(imported.table.board().deal, dealt().board().deal);
    let written = lin::write(&Record::from_table(&imported.table));
    assert!(written.contains("md|3SJ973HJ98742D3CK4,"), "{written}");
    assert_eq!(
        import_lin(&written, 0).map(|i| i.table.state_hash()).ok(),
        Some(imported.table.state_hash())
    );
    assert_eq!(imported.table.board().deal.map(|d| d.hand(Seat::E).len()), Some(13));
}
