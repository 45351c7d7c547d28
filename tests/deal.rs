//! A table given the deal (`TableOptions.deal`): read from a PBN deal string or from lists
//! of cards, checked, kept in the snapshot and the state hash, taken from and written to
//! the records; without one, the table is as it always was.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::records::import::{import_lin, import_pbn};
use bridge_laws::records::{lin, pbn, Record};
use bridge_laws::{Action, Code, Seat, Table, Viewer};
use common::act::{calls, lead, play, play_dummy};

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
    let plain =
        Table::from_options_json(r#"{"dealer":"N","vulnerability":"None","regulation":"online"}"#).expect("no deal");
    assert_ne!(plain.state_hash(), t.state_hash());
    assert!(
        !plain.to_json().contains("deal\""),
        "no deal, no key: {}",
        plain.to_json()
    );
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
    assert_eq!(
        imported.table.board().deal.as_ref().map(|d| d.hand(Seat::E).len()),
        Some(13)
    );
}

/// Dealer N: 1NT by North passed out to 1NT (East leads, South is dummy), under `regulation`.
fn one_notrump(regulation: &str) -> Table {
    let options = format!(r#"{{"dealer":"N","vulnerability":"None","regulation":{regulation},"deal":"{DEAL}"}}"#);
    let mut t = Table::from_options_json(&options).expect("a table");
    for a in calls(Seat::N, &["1NT", "P", "P", "P"]) {
        apply(&mut t, a);
    }
    t
}

fn apply(t: &mut Table, action: Action) {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown} was refused: {:?}", out.rejection());
}

/// The seats whose hands `viewer` sees.
fn seen(t: &Table, viewer: Viewer) -> Vec<Seat> {
    t.view(viewer).hands.iter().map(|(s, _)| s).collect()
}

fn held(t: &Table, viewer: Viewer, seat: Seat) -> Vec<String> {
    t.view(viewer)
        .hands
        .get(&seat)
        .map(|h| h.cards().map(|c| c.to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn each_player_sees_his_own_hand_and_the_director_every_hand() {
    let t = one_notrump(r#""online""#);
    for s in Seat::ALL {
        assert_eq!(seen(&t, Viewer::Seat(s)), [s], "{s}");
    }
    assert_eq!(seen(&t, Viewer::Director), Seat::ALL);
    assert_eq!(held(&t, Viewer::Seat(Seat::N), Seat::N).len(), 13);
    assert_eq!(held(&t, Viewer::Seat(Seat::N), Seat::N)[..2], ["SK", "SQ"]);
}

#[test]
fn spectators_see_every_hand_online_and_none_face_to_face_until_dummy_is_spread() {
    assert_eq!(seen(&one_notrump(r#""online""#), Viewer::Spectator), Seat::ALL);
    let mut t = one_notrump(r#""face_to_face""#);
    assert!(seen(&t, Viewer::Spectator).is_empty());
    let hidden = one_notrump(r#"{"preset":"online","spectators_see_hands":false}"#);
    assert!(seen(&hidden, Viewer::Spectator).is_empty());
    apply(&mut t, play(Seat::E, "S5"));
    assert_eq!(seen(&t, Viewer::Spectator), [Seat::S], "dummy's hand, spread (L41D)");
}

#[test]
fn l41d_dummys_hand_is_seen_by_all_once_the_opening_lead_is_faced() {
    let mut t = one_notrump(r#""online""#);
    apply(&mut t, lead(Seat::E, "S5"));
    assert_eq!(seen(&t, Viewer::Seat(Seat::W)), [Seat::W], "the lead is face down");
    // The face-down lead is still the leader's until it is faced.
    assert!(held(&t, Viewer::Seat(Seat::E), Seat::E).contains(&"S5".to_string()));
    apply(&mut t, Action::face_lead(Seat::E));
    assert_eq!(seen(&t, Viewer::Seat(Seat::W)), [Seat::S, Seat::W]);
    assert_eq!(seen(&t, Viewer::Seat(Seat::N)), [Seat::N, Seat::S]);
    assert_eq!(seen(&t, Viewer::Seat(Seat::S)), [Seat::S]);
    assert!(!held(&t, Viewer::Seat(Seat::E), Seat::E).contains(&"S5".to_string()));
    assert_eq!(held(&t, Viewer::Seat(Seat::E), Seat::E).len(), 12);
}

#[test]
fn a_card_played_leaves_the_hand() {
    let mut t = one_notrump(r#""online""#);
    apply(&mut t, play(Seat::E, "S5"));
    apply(&mut t, play_dummy(Seat::N, "S3"));
    assert!(!held(&t, Viewer::Seat(Seat::W), Seat::S).contains(&"S3".to_string()));
    assert_eq!(held(&t, Viewer::Director, Seat::S).len(), 12);
}

#[test]
fn without_a_deal_a_view_has_no_hands_and_its_json_no_key() {
    let t = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None"}"#).expect("a table");
    assert!(t.view(Viewer::Director).hands.is_empty());
    assert!(!t.view(Viewer::Director).dealt);
    let json = serde_json::to_string(&t.view(Viewer::Director)).expect("json");
    assert!(!json.contains("\"hands\""), "{json}");
    assert!(
        !json.contains("\"dealt\""),
        "a table without the deal writes no dealt: {json}"
    );
}

#[test]
fn a_view_of_a_table_given_the_deal_says_so_even_when_it_shows_the_viewer_no_hand() {
    // Face to face, a spectator sees no hand until dummy is spread: no `hands`, yet `dealt`.
    let t = one_notrump(r#""face_to_face""#);
    let view = t.view(Viewer::Spectator);
    assert!(view.hands.is_empty() && view.dealt);
    let json = serde_json::to_string(&view).expect("json");
    assert!(json.contains("\"dealt\":true") && !json.contains("\"hands\""), "{json}");
    for v in Viewer::ALL {
        assert!(t.view(v).dealt, "{v}");
    }
}

#[test]
fn a_partial_deal_is_a_deal_given() {
    let t = Table::from_options_json(&options(r#"{"N": ["SA", "HK"]}"#)).expect("a table");
    assert!(
        t.view(Viewer::Seat(Seat::E)).dealt,
        "East, shown no hand, at a table given a deal"
    );
    assert_eq!(seen(&t, Viewer::Seat(Seat::E)), []);
    assert_eq!(seen(&t, Viewer::Seat(Seat::N)), [Seat::N]);
}

fn cards(t: &Table, seat: Seat) -> Vec<String> {
    t.view(Viewer::Seat(seat))
        .legal_cards
        .iter()
        .map(|c| c.to_string())
        .collect()
}

fn refused(t: &mut Table, action: Action) -> (Code, String) {
    let before = t.state_hash();
    let shown = format!("{action:?}");
    let out = t.apply(action);
    let r = out.rejection().unwrap_or_else(|| panic!("{shown} was accepted"));
    assert_eq!(t.state_hash(), before, "a refusal changes nothing");
    (r.code(), r.law().as_str().to_string())
}

#[test]
fn l45_the_leader_is_offered_his_own_cards_and_declarer_dummys_never_dummy() {
    let mut t = one_notrump(r#""online""#);
    assert_eq!(cards(&t, Seat::E).len(), 13);
    assert!(cards(&t, Seat::N).is_empty() && cards(&t, Seat::S).is_empty());
    apply(&mut t, play(Seat::E, "S5"));
    assert_eq!(
        cards(&t, Seat::N),
        ["SJ", "S9", "S7", "S3"],
        "dummy's spades, for declarer"
    );
    assert!(cards(&t, Seat::S).is_empty(), "dummy never chooses");
    assert!(cards(&t, Seat::E).is_empty(), "not East's card");
}

#[test]
fn l44e_a_hand_void_in_the_suit_led_may_play_any_card() {
    let mut t = one_notrump(r#""online""#);
    apply(&mut t, play(Seat::E, "S5"));
    apply(&mut t, play_dummy(Seat::N, "S3"));
    assert_eq!(cards(&t, Seat::W).len(), 13, "West has no spade");
    apply(&mut t, play(Seat::W, "CA"));
    assert_eq!(cards(&t, Seat::N), ["SK", "SQ", "ST", "S2"]);
}

#[test]
fn under_prevent_a_card_not_held_or_not_following_suit_is_refused_citing_its_law() {
    let mut t = one_notrump(r#""online""#);
    assert_eq!(refused(&mut t, lead(Seat::E, "SK")), (Code::CardNotHeld, "45".into()));
    apply(&mut t, play(Seat::E, "S5"));
    assert_eq!(
        refused(&mut t, play_dummy(Seat::N, "H2")),
        (Code::MustFollowSuit, "44C".into())
    );
    assert_eq!(
        refused(&mut t, play_dummy(Seat::N, "SA")),
        (Code::CardNotHeld, "45".into())
    );
}

#[test]
fn l61_under_rectify_a_failure_to_follow_suit_stands_and_is_told_to_its_player_and_the_director() {
    let mut t = one_notrump(r#""face_to_face""#);
    apply(&mut t, play(Seat::E, "S5"));
    apply(&mut t, play_dummy(Seat::N, "S3"));
    apply(&mut t, play(Seat::W, "CA"));
    let out = t.apply(play(Seat::N, "HA"));
    let revoke = out
        .warnings()
        .iter()
        .find(|w| w.code == Code::IrregRevoke)
        .unwrap_or_else(|| panic!("a revoke recorded: {out:?}"))
        .clone();
    assert_eq!(revoke.law.as_str(), "61");
    assert!(revoke.audience.contains(Viewer::Seat(Seat::N)) && revoke.audience.contains(Viewer::Director));
    for other in [Seat::E, Seat::S, Seat::W] {
        assert!(
            !revoke.audience.contains(Viewer::Seat(other)),
            "{other} is not told N holds a spade"
        );
    }
    assert!(!revoke.audience.contains(Viewer::Spectator));
    // The card stands; the table may call the Director.
    assert_eq!(t.state().play().cards().map(|p| p.tricks.len()), Some(1));
    apply(&mut t, Action::summon(Seat::E, Some("revoke?")));
}

#[test]
fn without_a_deal_no_card_is_checked_and_none_offered() {
    let mut t = Table::from_options_json(r#"{"dealer":"N","vulnerability":"None"}"#).expect("a table");
    for a in calls(Seat::N, &["1NT", "P", "P", "P"]) {
        apply(&mut t, a);
    }
    apply(&mut t, play(Seat::E, "SK"));
    apply(&mut t, play_dummy(Seat::N, "HA"));
    assert!(Seat::ALL.iter().all(|s| cards(&t, *s).is_empty()));
    assert!(!serde_json::to_string(&t.view(Viewer::Seat(Seat::W)))
        .expect("json")
        .contains("legal_cards"));
}

#[test]
fn the_audit_of_a_record_with_its_deal_and_play_names_each_failure_to_follow_suit() {
    use bridge_laws::records::audit::{audit, FindingCode, Lines};
    let deal = "md|3SJ973HJ98742D3CK4,SH63DAKQ987CA9732,SKQT2HATDJ6542C85,|sv|o|mb|1N|mb|p|mb|p|mb|p|";
    // East leads a spade, dummy follows, West (void) discards, North plays a heart holding spades.
    let text = format!("qx|o1|{deal}pc|S5|pc|S3|pc|CA|pc|HA|");
    let board = audit(&Lines::new(&text), &lin::read(&text), 0, true).expect("a board");
    let revokes: Vec<_> = board
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::PossibleRevoke)
        .collect();
    assert_eq!(revokes.len(), 1, "{:?}", board.findings);
    assert_eq!(revokes[0].seat, Some(Seat::N));
    assert!(
        revokes[0].detail.contains("trick 1") && revokes[0].detail.contains("HA"),
        "{}",
        revokes[0].detail
    );
    let followed = format!("qx|o1|{deal}pc|S5|pc|S3|pc|CA|pc|SK|");
    let board = audit(&Lines::new(&followed), &lin::read(&followed), 0, true).expect("a board");
    assert!(
        !board.findings.iter().any(|f| f.code == FindingCode::PossibleRevoke),
        "{:?}",
        board.findings
    );
}
