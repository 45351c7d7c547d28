//! LIN and PBN records: reading (alerts, explanations, marks, faults), replay at a table,
//! canonical export with round-trip properties, the audit on real records of the shared
//! corpus (when ../shared/corpus is present) and the whole corpus in one run.
#![cfg(not(target_arch = "wasm32"))]

use std::borrow::Cow;
use std::path::PathBuf;

use bridge_laws::records::audit::{self, FindingCode};
use bridge_laws::records::{self, lin, pbn, Deal, Format, Mark, ProblemCode, Record, RecordedCall, Room};
use bridge_laws::{Call, Phase, Seat, Table, Vulnerability};
use proptest::prelude::*;

fn calls(r: &Record<'_>) -> Vec<String> {
    r.calls.iter().map(|c| c.call.to_string()).collect()
}

fn codes(text: &str, record: usize) -> Vec<FindingCode> {
    let (_, read) = records::read(text);
    audit::audit(&audit::Lines::new(text), &read, record, true)
        .map(|a| a.findings.iter().map(|f| f.code).collect())
        .unwrap_or_default()
}

// ---------- LIN ----------

const LIN_TWO_BOARDS: &str = "vg|Test,Seg 1|pn|a,b,c,d|\n\
qx|o7|md|3SAKQ2HAK2DAK2CAK2,S6543H543D543C543,SJT9HJT9DJT9CJT98,|sv|b|\
mb|1C!|an|16+ any, !h not shown|nt|kibitzer: nice|mb|p|mb|1H|MB|P!|an||mb|2n|mb|p|mb|3N|mb|p|mb|p|mb|P|\
pc|s2|pc|SJ|mc|11|pg||\n\
some junk between boards\n\
Qx|c7|Md|3SAKQ2HAK2DAK2CAK2,S6543H543D543C543,SJT9HJT9DJT9CJT98,|mb|1N|mb|D|mb|R|mb|p|mb|p|mb|p|\n";

#[test]
fn lin_reads_dealer_digit_vulnerability_alerts_and_explanations_with_suit_symbols() {
    let read = lin::read(LIN_TWO_BOARDS);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(read.records.len(), 2);
    let r = &read.records[0];
    assert_eq!(
        (r.board, r.room, r.dealer, r.vulnerability),
        (Some(7), Some(Room::Open), Some(Seat::N), Some(Vulnerability::All))
    );
    assert_eq!(calls(r), ["1C", "P", "1H", "P", "2NT", "P", "3NT", "P", "P", "P"]);
    assert!(r.calls[0].alert);
    assert_eq!(r.calls[0].explanation.as_deref(), Some("16+ any, ♥ not shown"));
    // `nt` is chat: the pass after it has no explanation; `an||` is none.
    assert_eq!(r.calls[1].explanation, None);
    assert!(r.calls[3].alert && r.calls[3].explanation.is_none());
    assert_eq!(r.play.len(), 2);
    assert_eq!(r.claim, Some(11));
    // The missing fourth hand is the rest of the pack.
    assert!(r
        .deal
        .is_some_and(|d| d.hands.iter().all(Option::is_some) && d.is_consistent()));
}

#[test]
fn lin_reads_several_boards_with_case_variations_junk_and_missing_fields() {
    let read = lin::read(LIN_TWO_BOARDS);
    let r = &read.records[1];
    assert_eq!((r.board, r.room, r.vulnerability), (Some(7), Some(Room::Closed), None));
    assert_eq!(calls(r), ["1NT", "X", "XX", "P", "P", "P"]);
    // Without `sv`, the board's vulnerability comes from its number.
    assert_eq!(r.board_info().vulnerability, Vulnerability::All);
}

#[test]
fn lin_explanation_without_alert_is_kept_and_not_an_alert() {
    let r = &lin::read("md|1|mb|1N|an|15-17|mb|p|").records[0];
    assert!(!r.calls[0].alert);
    assert_eq!(r.calls[0].explanation.as_deref(), Some("15-17"));
    assert_eq!(r.dealer, Some(Seat::S));
}

#[test]
fn lin_broken_call_is_reported_with_board_and_position_and_the_rest_of_the_file_is_read() {
    let text = "qx|o1|md|3|mb|1C|mb|1SHNT|mb|p|\nqx|o2|md|4|mb|1D|mb|p|mb|p|mb|p|\nqx|o3|mb|";
    let read = lin::read(text);
    assert_eq!(read.records.len(), 3);
    let p = &read.problems[0];
    assert_eq!((p.code, p.record, p.board), (ProblemCode::BadCall, 0, Some(1)));
    assert_eq!(&text[p.offset..p.offset + 5], "1SHNT");
    assert_eq!(calls(&read.records[0]), ["1C"], "the auction stops at the broken call");
    assert_eq!(calls(&read.records[1]), ["1D", "P", "P", "P"]);
    assert_eq!(read.problems[1].code, ProblemCode::UnterminatedField);
    assert_eq!(read.problems[1].record, 2);
}

// ---------- PBN ----------

const PBN_GAME: &str = r##"% PBN 2.1
[Event "Test"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQ2.AK2.AK2.AK2 543.543.543.543 JT9.JT9.JT9.JT98 876.876.876.76Q"]
[Auction "S"]
1C =1= 1S! 2C $13 X? ; a comment
{ a multi-line
  comment } 2S =2= AP
[Note "1:Precision, 16+"]
[Note "2:asks \"stopper\""]
[Play "W"]
S3 SJ S6 SA

[Board "#"]
[Dealer "#"]
[Auction "S"]
1S 1H ^I Pass Pass
^S 2C Pass Pass Pass *
"##;

#[test]
fn pbn_reads_notes_as_alerts_and_annotations_nags_and_comments_as_nothing_more() {
    let read = pbn::read(PBN_GAME);
    let r = &read.records[0];
    assert_eq!(
        (r.board, r.dealer, r.vulnerability),
        (Some(3), Some(Seat::S), Some(Vulnerability::EW))
    );
    assert_eq!(calls(r), ["1C", "1S", "2C", "X", "2S", "P", "P", "P"]);
    assert!(r.calls[0].alert);
    assert_eq!(r.calls[0].explanation.as_deref(), Some("Precision, 16+"));
    // `!` after a call is an annotation, not an alert.
    assert!(!r.calls[1].alert);
    assert_eq!(r.calls[1].annotation.as_deref(), Some("!"));
    assert_eq!(r.calls[2].annotation.as_deref(), Some("$13"));
    assert_eq!(r.calls[3].annotation.as_deref(), Some("?"));
    assert_eq!(r.calls[4].explanation.as_deref(), Some("asks \"stopper\""));
    // The Deal's malformed last hand (a Q among the clubs twice) is reported.
    assert!(read
        .problems
        .iter()
        .any(|p| p.code == ProblemCode::BadDeal && p.record == 0));
}

#[test]
fn pbn_accepted_insufficient_bid_and_skipped_player_are_kept_as_marks() {
    let read = pbn::read(PBN_GAME);
    let r = &read.records[1];
    assert_eq!(
        (r.board, r.dealer),
        (Some(3), Some(Seat::S)),
        "# repeats the previous game"
    );
    assert_eq!(r.calls[1].mark, Some(Mark::AcceptedInsufficient));
    assert!(r.calls[4].skipped);
    assert!(r.incomplete);
    let seats: Vec<Seat> = r.seats().collect();
    // S 1S, W 1H^I, N P, E P, (S skipped) W 2C, N P, E P, S P.
    assert_eq!(
        seats,
        [Seat::S, Seat::W, Seat::N, Seat::E, Seat::W, Seat::N, Seat::E, Seat::S]
    );
}

#[test]
fn pbn_note_reference_without_note_is_an_alert_without_explanation() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C =0= Pass AP\n";
    let read = pbn::read(text);
    assert_eq!(read.problems[0].code, ProblemCode::NoteMissing);
    assert!(read.records[0].calls[0].alert && read.records[0].calls[0].explanation.is_none());
    assert!(codes(text, 0).contains(&FindingCode::AlertWithoutExplanation));
}

#[test]
fn pbn_dash_is_a_missing_call_and_an_unknown_token_stops_the_auction_but_not_the_file() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C - 1S\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Auction \"E\"]\n1D 1SHNT 2C\n\n[Board \"3\"]\n[Dealer \"S\"]\n[Auction \"S\"]\nAP\n";
    let read = pbn::read(text);
    let codes: Vec<(ProblemCode, usize)> = read.problems.iter().map(|p| (p.code, p.record)).collect();
    assert_eq!(codes, [(ProblemCode::MissingCall, 0), (ProblemCode::UnknownToken, 1)]);
    assert_eq!(calls(&read.records[0]), ["1C"]);
    assert_eq!(calls(&read.records[1]), ["1D"]);
    assert_eq!(calls(&read.records[2]), ["P", "P", "P", "P"]);
}

#[test]
fn pbn_comments_and_tags_among_play_tokens_are_still_seen() {
    // Play tokens are skipped a line at a time: a `;` comment there hides a tag, a `{`
    // comment may hold a blank line, and a tag after tokens on the same line is read.
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass AP\n[Play \"E\"]\n\
                S5 S7 ; [Auction \"E\"] is a comment\nS6 {a comment\n\nover a blank line} SQ\n\
                CK C2 [Board \"9\"]\n\n[Board \"2\"]\n[Dealer \"S\"]\n[Auction \"S\"]\n1NT AP\n";
    let read = pbn::read(text);
    assert_eq!(read.records.len(), 2, "{:?}", read.problems);
    assert_eq!(calls(&read.records[0]), ["1C", "P", "P", "P"]);
    assert_eq!(read.records[0].board, Some(9), "the tag after play tokens is read");
    assert_eq!(
        (read.records[1].board, read.records[1].dealer),
        (Some(2), Some(Seat::S))
    );
    assert_eq!(calls(&read.records[1]), ["1NT", "P", "P", "P"]);
}

#[test]
fn pbn_export_of_an_auction_whose_dealer_tag_is_unreadable_names_the_dealer_and_is_stable() {
    // Found by the pbn fuzz target: `[Dealer$"N"]` is no tag, so the board number gives the
    // dealer; the export must say so, or reading it back finds a dealer the first export lacked.
    let text = "[Board \"1\"]\n[Dealer$\"N\"]\n[Auction \"bN\"]\n1S 1H ^I Pass\n";
    let read = pbn::read(text);
    let once = pbn::write(&read.records[0]);
    assert!(once.contains("[Dealer \"N\"]"), "{once}");
    let back = pbn::read(&once);
    assert_eq!(pbn::write(&back.records[0]), once);
}

#[test]
fn unterminated_tags_and_comments_are_reported_never_a_panic() {
    for text in [
        "[Board \"1",
        "[Board",
        "{ never closed",
        "[Auction \"N\"]\n1C =",
        "qx|o1|md|",
        "\u{feff}[Deal \"Q:xx\"]",
        "[Deal \"N:AK.QJ\u{e9}\"]",
    ] {
        let (_, read) = records::read(text);
        assert!(
            !read.problems.is_empty() || read.records.iter().all(|r| r.calls.is_empty()),
            "{text:?}"
        );
    }
}

// ---------- replay ----------

#[test]
fn an_accepted_insufficient_bid_replays_at_a_rectifying_table_and_stays_visible() {
    let read = pbn::read(PBN_GAME);
    let r = &read.records[1];
    let rp = r.replay();
    assert!(rp.refused.is_none(), "{:?}", rp.refused);
    let t = rp.table.expect("table");
    // 1H stands as the last bid (L27A1): the auction went on over it.
    assert_eq!(t.calls()[1], "1H".parse::<Call>().expect("call"));
    // Table::replay accepts the import's action log.
    let again = Table::replay(r.options(), t.log().iter()).expect("replay");
    assert_eq!(again.state_hash(), t.state_hash());
}

#[test]
fn a_sound_record_replays_to_its_contract_with_alerts_disclosed() {
    let read = lin::read(LIN_TWO_BOARDS);
    let rp = read.records[0].replay();
    let t = rp.table.expect("table");
    assert!(rp.refused.is_none());
    assert_eq!(
        t.contract().map(|c| (c.to_string(), c.declarer)),
        Some(("3NT".to_string(), Seat::N))
    );
    assert_eq!(t.phase(), Phase::Clarification);
    let back = Record::from_table(&t);
    assert_eq!(back.calls[0].explanation.as_deref(), Some("16+ any, ♥ not shown"));
    assert!(back.calls[0].alert);
}

// ---------- audit ----------

#[test]
fn audit_names_insufficient_bids_inadmissible_doubles_calls_after_the_end_and_truncation() {
    let text = "qx|o1|md|3|mb|1S|mb|1H|mb|p|mb|p|mb|p|\n\
                qx|o2|md|3|mb|1S|mb|p|mb|X|mb|p|mb|p|mb|p|\n\
                qx|o3|md|3|mb|1S|mb|p|mb|p|mb|p|mb|2H|\n\
                qx|o4|md|3|mb|1S|mb|p|\n\
                qx|o5|md|3|mb|1S|mb|X|mb|p|mb|p|mb|XX|mb|p|mb|p|mb|p|\n";
    assert!(codes(text, 0).contains(&FindingCode::InsufficientBid));
    assert!(codes(text, 1).contains(&FindingCode::InadmissibleDouble));
    assert!(codes(text, 2).contains(&FindingCode::CallAfterEnd));
    assert_eq!(codes(text, 3), [FindingCode::TruncatedAuction]);
    assert!(
        codes(text, 4).is_empty(),
        "a redouble after two passes is legal: {:?}",
        codes(text, 4)
    );
}

// ---------- the play: PBN `[Play]`, revokes, the opening lead under a restriction ----------

/// One deal for the play's tests: North's 1NT, East on lead; West void in spades.
const PLAY_DEAL: &str = "[Deal \"N:KQT2.AT.J6542.85 A8654.KQ5.T.QJT6 J973.J98742.3.K4 .63.AKQ987.A9732\"]";

fn cards(r: &Record<'_>) -> Vec<String> {
    r.play.iter().map(ToString::to_string).collect()
}

fn found(text: &str, code: FindingCode) -> Vec<audit::Finding> {
    let (_, read) = records::read(text);
    let board = audit::audit(&audit::Lines::new(text), &read, 0, true).expect("a board");
    board.findings.into_iter().filter(|f| f.code == code).collect()
}

#[test]
fn pbn_play_rows_are_put_in_the_order_played_each_trick_led_by_the_last_winner() {
    // Rows by seat from East (the tag's seat): E S W N. North wins trick 3 and leads trick 4,
    // so its row's last card is its first played.
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n{PLAY_DEAL}\n[Auction \"N\"]\n1NT AP\n[Play \"E\"]\n\
         S5 S3 CA HT\nSA! S7 C2 $4 S2\nHK H2 H3 HA\nCQ S9 D7 SK\n*\n[Result \"7\"]\n"
    );
    let read = pbn::read(&text);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(
        cards(&read.records[0]),
        ["S5", "S3", "CA", "HT", "SA", "S7", "C2", "S2", "HK", "H2", "H3", "HA", "SK", "CQ", "S9", "D7"]
    );
    // North's heart to a spade lead holding spades (trick 1), East's club to North's spade
    // (trick 4): the audit walks the PBN play as it walks LIN's `pc|`.
    let revokes = found(&text, FindingCode::PossibleRevoke);
    let at: Vec<(Option<Seat>, bool)> = revokes
        .iter()
        .map(|f| (f.seat, f.detail.contains("trick 1") || f.detail.contains("trick 4")))
        .collect();
    assert_eq!(at, [(Some(Seat::N), true), (Some(Seat::E), true)], "{revokes:?}");
}

#[test]
fn pbn_play_stops_at_the_first_card_not_given_and_after_the_end_mark() {
    // A claim after trick 1: the record gives East's lead to trick 2 only (`-` elsewhere).
    let text = format!(
        "[Dealer \"N\"]\n{PLAY_DEAL}\n[Auction \"N\"]\n1NT AP\n[Play \"E\"]\nS5 S3 CA S2\nSA - - -\n+\nHK H2 H3 HA\n"
    );
    let read = pbn::read(&text);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert_eq!(cards(&read.records[0]), ["S5", "S3", "CA", "S2", "SA"]);
    assert!(found(&text, FindingCode::PossibleRevoke).is_empty());
}

#[test]
fn a_play_section_that_is_not_one_is_a_coded_fault_and_the_board_still_reads() {
    let board = |play: &str| format!("[Board \"3\"]\n[Dealer \"N\"]\n{PLAY_DEAL}\n[Auction \"N\"]\n1NT AP\n{play}\n");
    let fourteen = format!("[Play \"E\"]\n{}", "S5 S3 CA S2\n".repeat(14));
    for (play, code) in [
        ("[Play \"Q\"]\nS5 S3 CA S2", ProblemCode::BadPlay),
        ("[Play \"S\"]\nS3 CA S2 S5", ProblemCode::BadPlay),
        ("[Play \"E\"]\nS5 S3 Z9 S2", ProblemCode::BadCard),
        (fourteen.as_str(), ProblemCode::BadPlay),
    ] {
        let text = board(play);
        let read = pbn::read(&text);
        let codes: Vec<ProblemCode> = read.problems.iter().map(|p| p.code).collect();
        assert_eq!(codes, [code], "{play}");
        assert_eq!((read.records.len(), calls(&read.records[0]).len()), (1, 4), "{play}");
        assert!(read.records[0].play.len() <= 52, "{play}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever follows a `[Play]` tag, the reader gives at most 52 cards, each
    /// from the text, and never panics.
    #[test]
    fn any_play_section_reads_to_at_most_a_pack_or_a_coded_fault(
        seat in "[NESWQ?]?",
        body in "([SHDCshdcZ♠][2-9TJQKA10]{1,2}[!?]?|-|\\*|\\+|\\$[0-9]|=1=|\\^R|\\{x\\}|;|\n| ){0,120}"
    ) {
        let text = format!("[Dealer \"N\"]\n{PLAY_DEAL}\n[Auction \"N\"]\n1NT AP\n[Play \"{seat}\"]\n{body}");
        let read = pbn::read(&text);
        for r in &read.records {
            prop_assert!(r.play.len() <= 52);
        }
        let (_, read) = records::read(&text);
        for i in 0..read.records.len() {
            prop_assert!(audit::audit(&audit::Lines::new(&text), &read, i, true).is_some());
        }
    }
}

#[test]
fn an_opening_lead_under_the_restriction_of_a_call_after_the_final_pass_is_reported() {
    // South (dummy) raises to 3NT; after the final pass West, the opening leader's partner,
    // bids 4S: cancelled (L39A), it gives declarer an L26B choice on East's lead (L39C).
    // The record shows no choice: East's lead came before it.
    let deal = "md|3SJ973HJ98742D3CK4,SH63DAKQ987CA9732,SKQT2HATDJ6542C85,|";
    let auction = "mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|";
    let restricted = format!("qx|o1|{deal}{auction}mb|p|mb|4S|pc|S5|pc|S3|pc|CA|pc|S2|");
    let leads = found(&restricted, FindingCode::RestrictedLead);
    assert_eq!(leads.len(), 1, "{:?}", found(&restricted, FindingCode::CallAfterEnd));
    assert_eq!(leads[0].seat, Some(Seat::E));
    assert!(
        leads[0].detail.contains("S5") && leads[0].detail.contains("Law 26B") && leads[0].detail.contains("39C"),
        "{}",
        leads[0].detail
    );
    // The same in PBN, its play from `[Play]`.
    let pbn = format!(
        "[Dealer \"N\"]\n{PLAY_DEAL}\n[Auction \"N\"]\n1NT Pass 3NT AP Pass 4S\n[Play \"E\"]\nS5 S3 CA S2\n*\n"
    );
    assert_eq!(found(&pbn, FindingCode::RestrictedLead).len(), 1);
    // No call after the end, or no play: nothing to say about the lead.
    let free = format!("qx|o1|{deal}{auction}pc|S5|pc|S3|pc|CA|pc|S2|");
    assert!(found(&free, FindingCode::RestrictedLead).is_empty());
    let unplayed = format!("qx|o1|{deal}{auction}mb|p|mb|4S|");
    assert!(found(&unplayed, FindingCode::RestrictedLead).is_empty());
    // Declarer's own side's call after the end restricts nobody.
    let own = format!("qx|o1|{deal}{auction}mb|4S|pc|S5|pc|S3|pc|CA|pc|S2|");
    assert!(found(&own, FindingCode::RestrictedLead).is_empty());
}

#[test]
fn real_dutch_teams_1998_round_1_play_reads_in_order_each_card_from_its_hand() {
    let Some(text) = real("pbn-files/1998-Dutch_Teams_Final/ROUND1.PBN") else {
        return;
    };
    let read = pbn::read(&text);
    let mut boards = 0;
    for r in read.records.iter().filter(|r| r.play.len() >= 4) {
        boards += 1;
        let deal = r.deal.expect("a deal").to_table_deal().expect("a whole deal");
        let contract = r.replay().table.and_then(|t| t.contract()).expect("a contract");
        // Each card from the hand of the seat due, each trick led by the last winner.
        let mut next = contract.leader();
        let mut trick = Vec::new();
        for card in &r.play {
            assert!(
                deal.hand(next).contains(*card),
                "board {:?}: {next} does not hold {card}",
                r.board
            );
            trick.push((next, *card));
            next = if trick.len() == 4 {
                let w = bridge_laws::play::winner(&trick, contract);
                trick.clear();
                w
            } else {
                next.lho()
            };
        }
    }
    assert!(boards > 10, "{boards} boards with a play");
    assert!(
        !read.problems.iter().any(|p| p.code == ProblemCode::BadPlay),
        "{:?}",
        read.problems
    );
}

// ---------- real records ----------

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/raw");
    dir.is_dir().then_some(dir)
}

fn real(path: &str) -> Option<String> {
    let p = corpus()?.join(path);
    let bytes = std::fs::read(p).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

fn board_codes(text: &str, board: u32, room: Option<Room>) -> Vec<FindingCode> {
    let (_, read) = records::read(text);
    let mut out = Vec::new();
    for (i, _) in read
        .records
        .iter()
        .enumerate()
        .filter(|(_, r)| r.board == Some(board) && (room.is_none() || r.room == room))
    {
        out.extend(
            audit::audit(&audit::Lines::new(text), &read, i, true)
                .expect("audit")
                .findings
                .iter()
                .map(|f| f.code),
        );
    }
    assert!(!read.records.is_empty());
    out
}

#[test]
fn real_bridgebots_sample_pbn_board_14_refers_to_a_note_that_is_not_there() {
    let Some(text) = real("bridgebots-tests/sample.pbn") else {
        return;
    };
    let c = board_codes(&text, 14, Some(Room::Open));
    assert!(
        c.contains(&FindingCode::AlertWithoutExplanation) && c.contains(&FindingCode::ReadProblem),
        "{c:?}"
    );
}

#[test]
fn real_olympiad_1996_f3_board_5_closed_has_an_unmarked_insufficient_bid() {
    let Some(text) = real("pbn-files/1996-10th_World_Bridge_Team_Olympiad/F3.PBN") else {
        return;
    };
    assert!(board_codes(&text, 5, Some(Room::Closed)).contains(&FindingCode::InsufficientBid));
}

#[test]
fn real_olympiad_1996_f7_board_5_open_has_the_garbage_call_1shnt() {
    let Some(text) = real("pbn-files/1996-10th_World_Bridge_Team_Olympiad/F7.PBN") else {
        return;
    };
    let (_, read) = records::read(&text);
    let p = read
        .problems
        .iter()
        .find(|p| p.text.contains("1SHNT"))
        .expect("reported");
    assert_eq!((p.code, p.board), (ProblemCode::UnknownToken, Some(5)));
    assert!(read.records.len() > p.record + 1, "the file is read on");
}

#[test]
fn real_cap_gemini_1997_round_13_board_2_opens_with_an_inadmissible_double() {
    let Some(text) = real("pbn-files/1997-11th_Cap_Gemini_World_Top_Tournament/ROUND13.PBN") else {
        return;
    };
    assert!(board_codes(&text, 2, None).contains(&FindingCode::InadmissibleDouble));
}

#[test]
fn real_european_teams_2001_bulnet_board_19_open_has_an_inadmissible_redouble() {
    let Some(text) = real("pbn-files/2001-European_Team_Championships/33BULNET.PBN") else {
        return;
    };
    assert!(board_codes(&text, 19, Some(Room::Open)).contains(&FindingCode::InadmissibleRedouble));
}

#[test]
fn real_forbo_2000_board_7_open_holds_two_auctions_merged() {
    let Some(text) = real("pbn-files/2000-8th_Forbo_Krommenie_International_Bridge_Tournament/T1BMODRU.PBN") else {
        return;
    };
    assert!(board_codes(&text, 7, Some(Room::Open)).contains(&FindingCode::CallAfterEnd));
}

#[test]
fn real_acbl_speedball_lin_1193736712_stops_mid_auction() {
    let Some(text) = real("bridgescape-acbl-speedball/5229-1500472800/40427266/1193736712.lin") else {
        return;
    };
    assert_eq!(board_codes(&text, 12, None), [FindingCode::TruncatedAuction]);
}

#[test]
fn real_usbf_vugraph_lin_keeps_explanations_and_ignores_commentary() {
    let Some(text) = real("bridgebots-tests/usbf_sf_14502.lin") else {
        return;
    };
    let read = lin::read(&text);
    assert_eq!(read.records.len(), 30);
    let r = read
        .records
        .iter()
        .find(|r| r.board == Some(46) && r.room == Some(Room::Open))
        .expect("board 46");
    assert_eq!(r.calls[2].explanation.as_deref(), Some("jacoby 2N"));
    assert!(r
        .calls
        .iter()
        .all(|c| c.explanation.as_deref().is_none_or(|e| !e.contains("Hi all"))));
}

#[test]
fn real_realbridge_pbn_notes_round_trip_through_pbn_export() {
    let Some(dir) = corpus() else { return };
    let Ok(entries) = std::fs::read_dir(dir.join("endplay-tests/tests/pbn")) else {
        return;
    };
    for e in entries.flatten() {
        let text = String::from_utf8_lossy(&std::fs::read(e.path()).unwrap_or_default()).into_owned();
        let read = pbn::read(&text);
        for r in &read.records {
            let out = pbn::write(r);
            if out.trim().is_empty() {
                continue; // a game with nothing PBN export carries (an event header)
            }
            let back = pbn::read(&out);
            assert_eq!(back.records.len(), 1, "{}: {out}", e.path().display());
            assert_eq!(
                back.records[0].without_offsets(),
                canonical_pbn(r),
                "{}\n{out}",
                e.path().display()
            );
        }
    }
}

/// What PBN export carries of a record: not the play; an explanation alerts.
fn canonical_pbn<'a>(r: &Record<'a>) -> Record<'a> {
    let mut r = r.without_offsets();
    r.format = Format::Pbn;
    r.play.clear();
    r.claim = None;
    for c in &mut r.calls {
        c.alert |= c.explanation.is_some();
    }
    r
}

#[test]
fn auditing_many_files_on_every_core_gives_each_file_its_own_audit_in_order() {
    let files: Vec<(String, &str)> = (0..24)
        .map(|i| (format!("f{i}"), if i % 3 == 0 { PBN_GAME } else { LIN_TWO_BOARDS }))
        .collect();
    let together = audit::audit_files(&files);
    assert_eq!(together.len(), files.len());
    for ((name, text), f) in files.iter().zip(&together) {
        assert_eq!(f, &audit::audit_file(name, text), "{name}");
    }
}

#[test]
fn the_whole_shared_corpus_imports_in_one_run_when_present() {
    let Some(dir) = corpus() else {
        println!("../shared/corpus/raw absent: corpus not read");
        return;
    };
    let mut files = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| x.eq_ignore_ascii_case("lin") || x.eq_ignore_ascii_case("pbn"))
            {
                files.push(p);
            }
        }
    }
    files.sort();
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            (
                p.display().to_string(),
                String::from_utf8_lossy(&std::fs::read(p).expect("read")).into_owned(),
            )
        })
        .collect();
    let mut s = audit::Summary::default();
    let audits = audit::audit_files(&texts);
    for f in &audits {
        s.add(f);
    }
    println!("{s}");
    assert_eq!(s.files, files.len());
    assert!(s.boards > 50_000 && s.calls > 500_000 && s.alerts > 400, "{s}");
    for code in [
        FindingCode::InsufficientBid,
        FindingCode::InadmissibleDouble,
        FindingCode::CallAfterEnd,
        FindingCode::TruncatedAuction,
    ] {
        assert!(s.count(code) > 0, "{code} never found: {s}");
    }
    // A play section whose seat is not the opening leader of the contract its calls reach
    // (`bad_play`) marks a record at odds with itself: one archive (endplay's example3.pbn,
    // its auctions written from the wrong seat) holds nearly all of them. The other
    // irregular boards stay under 1 %.
    let bad_play_only = audits
        .iter()
        .flat_map(|f| &f.boards)
        .filter(|b| {
            b.findings
                .iter()
                .filter(|x| x.code.is_irregular())
                .all(|x| x.code == FindingCode::ReadProblem && x.detail.starts_with("bad_play"))
        })
        .filter(|b| b.is_irregular())
        .count();
    assert!(
        s.irregular > 0 && s.irregular - bad_play_only < s.boards / 100,
        "{s}; {bad_play_only} bad_play alone"
    );
    assert!(s.count(FindingCode::PossibleRevoke) > 0, "{s}");
}

// ---------- exact export ----------

/// Each board of both sample files written as LIN and as PBN, one after the other.
fn exports() -> String {
    let mut out = String::new();
    for text in [LIN_TWO_BOARDS, PBN_GAME] {
        for r in &records::read(text).1.records {
            out.push_str(&lin::write(r));
            out.push_str(&pbn::write(r));
        }
    }
    out
}

#[test]
fn export_writes_every_call_card_hand_seat_and_mark_as_it_always_has() {
    // Pinned from the writers before the vocabulary moved into its types: LIN's
    // `D`/`R`/`P` and dealer digit, PBN's `Pass`/`X`/`XX`, hands, cards and `!s` unchanged;
    // the PBN game's `[Play]` comes out as LIN's `pc|`, in the order played.
    assert_eq!(exports(), EXPORTS);
}

const EXPORTS: &str = r##"qx|o7|md|3SAKQ2HAK2DAK2CAK2,S6543H543D543C543,SJT9HJT9DJT9CJT98,S87HQ876DQ876CQ76|sv|b|mb|1C!|an|16+ any, !h not shown|mb|P|mb|1H|mb|P!|mb|2NT|mb|P|mb|3NT|mb|P|mb|P|mb|P|pc|S2|pc|SJ|mc|11|
[Board "7"]
[Room "Open"]
[Dealer "N"]
[Vulnerable "All"]
[Deal "N:JT9.JT9.JT9.JT98 87.Q876.Q876.Q76 AKQ2.AK2.AK2.AK2 6543.543.543.543"]
[Auction "N"]
1C =1= Pass 1H Pass =2=
2NT Pass 3NT AP
[Note "1:16+ any, ♥ not shown"]
[Note "2:"]

qx|c7|md|3SAKQ2HAK2DAK2CAK2,S6543H543D543C543,SJT9HJT9DJT9CJT98,S87HQ876DQ876CQ76|mb|1NT|mb|D|mb|R|mb|P|mb|P|mb|P|
[Board "7"]
[Room "Closed"]
[Dealer "N"]
[Deal "N:JT9.JT9.JT9.JT98 87.Q876.Q876.Q76 AKQ2.AK2.AK2.AK2 6543.543.543.543"]
[Auction "N"]
1NT X XX AP

qx|3|md|1SJT9HJT9DJT9CJT98,S876H876D876CQ76,SAKQ2HAK2DAK2CAK2,S543H543D543C543|sv|e|mb|1C!|an|Precision, 16+|mb|1S|mb|2C|mb|D|mb|2S!|an|asks "stopper"|mb|P|mb|P|mb|P|pc|S3|pc|SJ|pc|S6|pc|SA|
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQ2.AK2.AK2.AK2 543.543.543.543 JT9.JT9.JT9.JT98 876.876.876.Q76"]
[Auction "S"]
1C =1= 1S! 2C $13 X?
2S =2= AP
[Note "1:Precision, 16+"]
[Note "2:asks \"stopper\""]

qx|3|md|1|mb|1S|mb|1H|mb|P|mb|P|mb|2C|mb|P|mb|P|mb|P|
[Board "3"]
[Dealer "S"]
[Auction "S"]
1S 1H ^I Pass Pass
^S 2C AP *

"##;

// ---------- round trips ----------

fn arb_call() -> impl Strategy<Value = Call> {
    prop_oneof![
        3 => Just(Call::Pass),
        1 => Just(Call::Double),
        1 => Just(Call::Redouble),
        3 => (1u8..=7, 0usize..5).prop_map(|(l, s)| format!("{l}{}", ["C", "D", "H", "S", "NT"][s]).parse().expect("bid")),
    ]
}

fn arb_text(extra: &'static str) -> impl Strategy<Value = String> {
    let chars: Vec<char> = format!("abcXYZ 0123456789-+/.,:()é♠♥♦♣{extra}").chars().collect();
    proptest::collection::vec(proptest::sample::select(chars), 1..24).prop_map(|v| v.into_iter().collect())
}

fn arb_deal() -> impl Strategy<Value = Deal> {
    Just((0u8..52).collect::<Vec<u8>>()).prop_shuffle().prop_map(|cards| {
        let mut d = Deal::default();
        for (k, chunk) in cards.chunks(13).enumerate() {
            d.hands[k] = Some(chunk.iter().fold(0u64, |a, &c| a | 1u64 << c));
        }
        d
    })
}

fn arb_seat() -> impl Strategy<Value = Seat> {
    proptest::sample::select(Seat::ALL.to_vec())
}

fn arb_vul() -> impl Strategy<Value = Vulnerability> {
    proptest::sample::select(vec![
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::All,
    ])
}

fn arb_room() -> impl Strategy<Value = Option<Room>> {
    proptest::option::of(proptest::sample::select(vec![Room::Open, Room::Closed]))
}

fn arb_lin_record() -> impl Strategy<Value = Record<'static>> {
    let call = (arb_call(), any::<bool>(), proptest::option::of(arb_text(""))).prop_map(|(call, alert, e)| {
        let mut c = RecordedCall::new(call, 0);
        c.alert = alert;
        c.explanation = e.map(Cow::Owned);
        c
    });
    let card = (0u8..4, 2u8..=14).prop_map(|(s, r)| {
        format!(
            "{}{}",
            ["C", "D", "H", "S"][s as usize],
            "23456789TJQKA".as_bytes()[(r - 2) as usize] as char
        )
    });
    (
        proptest::option::of(1u32..200),
        arb_room(),
        arb_seat(),
        proptest::option::of(arb_vul()),
        proptest::option::of(arb_deal()),
        proptest::collection::vec(call, 0..30),
        proptest::collection::vec(card, 0..8),
        proptest::option::of(0u8..=13),
    )
        .prop_map(|(board, room, dealer, vul, deal, calls, play, claim)| {
            let mut r = Record::new(Format::Lin, 0);
            r.board = board;
            r.room = room;
            r.dealer = Some(dealer);
            r.vulnerability = vul;
            r.deal = deal;
            r.calls = calls;
            r.play = play.iter().map(|c| c.parse().expect("card")).collect();
            r.claim = claim;
            r
        })
}

fn arb_pbn_record() -> impl Strategy<Value = Record<'static>> {
    let annotation = proptest::option::of(proptest::sample::select(vec![
        "!", "?", "!!", "??", "!?", "?!", "$1", "$13",
    ]));
    let call = (
        arb_call(),
        any::<bool>(),
        proptest::option::of(arb_text("\"\\![]{};%")),
        annotation,
        any::<bool>(),
        proptest::bool::weighted(0.05),
    )
        .prop_map(|(call, alert, e, a, ins, skipped)| {
            let mut c = RecordedCall::new(call, 0);
            c.alert = alert || e.is_some();
            c.explanation = e.map(Cow::Owned);
            c.annotation = a.map(Cow::Borrowed);
            c.mark = (ins && call.bid().is_some()).then_some(Mark::AcceptedInsufficient);
            c.skipped = skipped;
            c
        });
    (
        proptest::option::of(1u32..200),
        arb_room(),
        arb_seat(),
        proptest::option::of(arb_vul()),
        proptest::option::of(arb_deal()),
        proptest::collection::vec(call, 0..30),
        any::<bool>(),
    )
        .prop_map(|(board, room, dealer, vul, deal, calls, incomplete)| {
            let mut r = Record::new(Format::Pbn, 0);
            r.board = board;
            r.room = room;
            r.dealer = Some(dealer);
            r.vulnerability = vul;
            r.deal = deal;
            r.calls = calls;
            r.incomplete = incomplete;
            r
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn lin_export_then_import_is_the_identity(records in proptest::collection::vec(arb_lin_record(), 1..4)) {
        let text = lin::write_all(&records);
        let read = lin::read(&text);
        prop_assert!(read.problems.is_empty(), "{:?}\n{}", read.problems, text);
        let back: Vec<Record> = read.records.iter().map(Record::without_offsets).collect();
        prop_assert_eq!(back, records, "{}", text);
    }

    #[test]
    fn pbn_export_then_import_is_the_identity(records in proptest::collection::vec(arb_pbn_record(), 1..4)) {
        let text = pbn::write_all(&records);
        let read = pbn::read(&text);
        prop_assert!(read.problems.is_empty(), "{:?}\n{}", read.problems, text);
        let back: Vec<Record> = read.records.iter().map(Record::without_offsets).collect();
        prop_assert_eq!(back, records, "{}", text);
    }

    #[test]
    fn readers_never_panic_and_point_inside_the_text(text in "(\\PC|[|\\[\\]\"{};=^$!?*+-]){0,300}") {
        for read in [lin::read(&text), pbn::read(&text)] {
            for p in &read.problems {
                prop_assert!(p.offset <= text.len());
            }
            for r in &read.records {
                let _ = r.replay();
            }
        }
    }
}
