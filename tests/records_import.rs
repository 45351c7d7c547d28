//! Importing one board of a record (`records::import`, behind `Table.fromPbn` and
//! `Table.fromLin`): the table holds every call of the record, or the import is refused with
//! `BAD_INPUT` naming the fault and its line; faults in what a table does not hold come back
//! beside it.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::records::import::{import_lin, import_pbn, Imported};
use bridge_laws::records::{lin, pbn, ProblemCode};
use bridge_laws::report::InputError;
use bridge_laws::{Call, Code, Seat};
use proptest::prelude::*;

/// The refusal's message, after checking it is `BAD_INPUT`.
fn refused(r: Result<Imported<'_>, InputError>, what: &str) -> String {
    let e = r.err().unwrap_or_else(|| panic!("{what}: imported"));
    assert_eq!(e.code, Code::BadInput, "{what}");
    e.message
}

fn table_calls(i: &Imported<'_>) -> Vec<String> {
    i.table.calls().iter().map(Call::to_string).collect()
}

#[test]
fn a_pbn_auction_with_a_call_that_is_no_call_is_refused_naming_the_token_and_its_line() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1NT Pass\n8NT Pass\nPass Pass\n";
    assert!(import_pbn(text, 0).is_err(), "not the partial board 1NT P");
    let m = refused(import_pbn(text, 0), "8NT");
    assert!(m.contains("unknown_token") && m.contains("8NT"), "{m}");
    assert!(m.contains("line 5, column 1"), "{m}");
    // The same auction without it is imported whole.
    let good = text.replace("8NT Pass\n", "");
    let i = import_pbn(&good, 0).expect("imported");
    assert_eq!(table_calls(&i), ["1NT", "P", "P", "P"]);
    assert!(i.notes.is_empty());
}

#[test]
fn a_lin_explanation_longer_than_any_table_accepts_is_refused_naming_its_call() {
    let text = format!("qx|o1|md|3|sv|o|\nmb|1N!|an|{}|mb|p|mb|p|mb|p|", "x".repeat(1 << 20));
    let m = refused(import_lin(&text, 0), "1 MB explanation");
    assert!(m.contains("call 1 (N 1NT) refused, BAD_INPUT"), "{m}");
    assert!(m.contains("line 2"), "{m}");
    assert!(m.chars().count() <= 200, "the message stays short: {}", m.len());
    // At the longest explanation a table accepts, the board is imported with its text.
    let text = format!("qx|o1|md|3|sv|o|\nmb|1N!|an|{}|mb|p|mb|p|mb|p|", "x".repeat(100_000));
    let i = import_lin(&text, 0).expect("100 000 characters are accepted");
    assert_eq!(table_calls(&i), ["1NT", "P", "P", "P"]);
}

#[test]
fn an_unterminated_pbn_tag_or_lin_field_is_refused_naming_it_not_an_empty_table() {
    let pbn = "[Board \"3\"]\n[Dealer \"S\"]\n[Auction \"S\n1C Pass Pass Pass\n";
    let m = refused(import_pbn(pbn, 0), "unterminated tag");
    assert!(m.contains("unterminated_tag") && m.contains("line 3, column 1"), "{m}");
    let lin = "qx|o3|md|1|mb|1C|mb|p|mb|p|mb|p|pc|SA";
    let m = refused(import_lin(lin, 0), "unterminated field");
    assert!(m.contains("unterminated_field"), "{m}");
    // A comment left open swallows the boards after it: asking for one names why it is
    // not there.
    let pbn = "[Board \"1\"]\n[Auction \"N\"]\nAP\n\n[Board \"2\"]\n{ open\n\n[Board \"3\"]\n[Auction \"S\"]\nAP\n";
    let m = refused(import_pbn(pbn, 2), "board 3 swallowed");
    assert!(
        m.contains("holds no board 2 (2 read)") && m.contains("unterminated_comment"),
        "{m}"
    );
    assert!(m.contains("line 6"), "{m}");
    assert_eq!(table_calls(&import_pbn(pbn, 0).expect("board 1")), ["P", "P", "P", "P"]);
}

#[test]
fn faults_of_the_board_or_its_rotation_stop_an_import() {
    for (text, code) in [
        ("[Dealer \"Q\"]\n[Auction \"N\"]\n1C AP\n", "bad_dealer"),
        (
            "[Dealer \"N\"]\n[Vulnerable \"Red\"]\n[Auction \"N\"]\n1C AP\n",
            "bad_vulnerability",
        ),
        ("[Board \"x7\"]\n[Auction \"N\"]\n1C AP\n", "bad_board"),
        ("[Dealer \"N\"]\n[Auction \"E\"]\n1C AP\n", "bad_auction_seat"),
        ("[Dealer \"N\"]\n[Auction \"N\"]\n1C - Pass\n", "missing_call"),
        (
            "[Dealer \"N\"]\n[Auction \"N\"]\n=1= 1C AP\n[Note \"1:x\"]\n",
            "stray_mark",
        ),
    ] {
        let m = refused(import_pbn(text, 0), code);
        assert!(m.contains(code) && m.contains("line "), "{code}: {m}");
    }
    let m = refused(import_lin("md|3|mb|1C|mb|1SHNT|mb|p|", 0), "bad_call");
    assert!(m.contains("bad_call") && m.contains("1SHNT"), "{m}");
    // PBN's `?` is an unknown value (PBN 2.1 §3.1), not a fault: the board has no number.
    let i = import_pbn("[Board \"?\"]\n[Dealer \"W\"]\n[Auction \"W\"]\nAP\n", 0).expect("unknown board");
    assert_eq!((i.table.board().number, i.table.board().dealer), (None, Seat::W));
}

#[test]
fn faults_in_what_a_table_does_not_hold_come_back_beside_the_whole_table() {
    // A deal of twelve cards, a note that is not there: the auction is whole.
    let text = "[Dealer \"N\"]\n[Deal \"N:AKQ.AKQ.AKQ.AKQ - - -\"]\n[Auction \"N\"]\n1NT =1= Pass 3NT AP\n";
    let i = import_pbn(text, 0).expect("imported");
    assert_eq!(table_calls(&i), ["1NT", "P", "3NT", "P", "P", "P"]);
    let codes: Vec<ProblemCode> = i.notes.iter().map(|p| p.code).collect();
    assert_eq!(codes, [ProblemCode::BadDeal, ProblemCode::NoteMissing]);
    // Located for a caller (JavaScript's `importNotes`): line and column from 1, the text.
    let located = i.located_notes(text);
    let at: Vec<(usize, usize, &str)> = located.iter().map(|n| (n.line, n.column, n.text.as_str())).collect();
    assert_eq!(at, [(2, at[0].1, at[0].2), (4, 5, "=1=")], "{located:?}");
    assert!(at[0].1 > 1 && at[0].2.contains("AKQ"), "{located:?}");
    let view = i.table.view(bridge_laws::Viewer::Director);
    let view = serde_json::to_value(&view).expect("json");
    assert_eq!(view["calls"][0]["alerted"], true, "alerted, as the record has it");
    // LIN: a card and a claim that are not, an explanation before any call.
    let lin = "md|3|an|stray|mb|1C|mb|p|mb|p|mb|p|pc|Z9|mc|14|";
    let i = import_lin(lin, 0).expect("imported");
    assert_eq!(table_calls(&i), ["1C", "P", "P", "P"]);
    let codes: Vec<ProblemCode> = i.notes.iter().map(|p| p.code).collect();
    assert_eq!(
        codes,
        [
            ProblemCode::ExplanationWithoutCall,
            ProblemCode::BadCard,
            ProblemCode::BadClaim
        ]
    );
    assert_eq!(i.table.board().dealer, Seat::N);
}

#[test]
fn a_fault_of_another_board_does_not_stop_this_one() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C 8NT\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\"]\nAP\n";
    assert!(import_pbn(text, 0).is_err());
    let i = import_pbn(text, 1).expect("board 2");
    assert_eq!(i.table.board().number, Some(2));
    assert_eq!(table_calls(&i), ["P", "P", "P", "P"]);
    let m = refused(import_pbn(text, 5), "no board 5");
    assert!(m.contains("holds no board 5 (2 read)"), "{m}");
}

#[test]
fn every_read_fault_is_either_fatal_or_noted_by_a_written_rule() {
    use ProblemCode::*;
    let noted = [BadDeal, BadCard, BadClaim, ExplanationWithoutCall, NoteMissing, BadPlay];
    for code in [
        BadCall,
        BadCard,
        BadDealer,
        BadVulnerability,
        BadDeal,
        BadBoard,
        BadClaim,
        UnterminatedField,
        ExplanationWithoutCall,
        UnterminatedTag,
        UnterminatedComment,
        UnknownToken,
        NoteMissing,
        BadAuctionSeat,
        MissingCall,
        StrayMark,
        Refused,
        BadPlay,
    ] {
        assert_eq!(code.stops_import(), !noted.contains(&code), "{code}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the text, an import gives a table holding every call its record reads, with
    /// none of the board's faults that stop an import, or a refusal.
    #[test]
    fn an_import_is_the_whole_record_or_a_refusal(
        text in "(\\PC|[|\\[\\]\"{};=^$!?*+-]|mb\\|[1-8pPxXdr][cdhsnCDHSN]?!?\\||\\[Auction \"N\"\\]\n|(1C|2H|3NT|Pass|X|=1=|AP| |\n){1,8}){0,40}"
    ) {
        for (read, import) in [(lin::read(&text), import_lin(&text, 0)), (pbn::read(&text), import_pbn(&text, 0))] {
            match import {
                Ok(i) => {
                    let record = &read.records[0];
                    prop_assert_eq!(i.table.log().len(), record.calls.len());
                    prop_assert!(read.problems.iter().filter(|p| p.record == 0).all(|p| !p.code.stops_import()));
                }
                Err(e) => prop_assert_eq!(e.code, Code::BadInput),
            }
        }
    }
}

/// Every `.lin` and `.pbn` file of ../shared/corpus/raw, if present.
fn corpus_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/raw");
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            let ext = p.extension().and_then(|x| x.to_str()).map(str::to_ascii_lowercase);
            if p.is_dir() {
                stack.push(p);
            } else if matches!(ext.as_deref(), Some("lin" | "pbn")) {
                files.push(p);
            }
        }
    }
    files
}

#[test]
fn nearly_every_board_of_the_shared_corpus_imports_whole_when_present() {
    let files = corpus_files();
    if files.is_empty() {
        println!("../shared/corpus/raw absent: corpus not imported");
        return;
    }
    let (mut boards, mut imported, mut refused) = (0usize, 0usize, std::collections::BTreeMap::new());
    for p in &files {
        let text = String::from_utf8_lossy(&std::fs::read(p).expect("read")).into_owned();
        let (format, read) = bridge_laws::records::read(&text);
        for i in 0..read.records.len() {
            boards += 1;
            match bridge_laws::records::import::import(&text, &read, i) {
                Ok(imp) => {
                    imported += 1;
                    assert_eq!(imp.table.log().len(), read.records[i].calls.len(), "{}", p.display());
                }
                Err(e) => {
                    *refused.entry(format!("{format:?} {}", e.message)).or_insert(0usize) += 1;
                }
            }
        }
    }
    println!("{imported} of {boards} boards imported whole; refused: {refused:#?}");
    assert!(
        boards > 50_000 && imported * 100 > boards * 95,
        "{imported} of {boards}"
    );
}
