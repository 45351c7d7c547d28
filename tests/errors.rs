//! Three kinds of report: malformed input is an input error citing no law, a well-formed
//! action the Laws do not allow is a refusal citing its law, and both reach the caller as
//! a `Rejection` that says by its variant which it is (`{code, law, message}` in JSON).
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::{Action, Code, InputError, Law, Rejection, Table};

fn table(regulation: &str) -> Table {
    Table::from_options_json(&format!(
        r#"{{"dealer":"N","vulnerability":"None","regulation":{regulation}}}"#
    ))
    .expect("a table")
}

fn refused(t: &mut Table, json: &str) -> Rejection {
    let before = t.state_hash();
    let out = t.apply_json(json);
    assert_eq!(t.state_hash(), before, "{json} changed the table");
    out.rejection()
        .cloned()
        .unwrap_or_else(|| panic!("{json} was accepted"))
}

#[test]
fn a_malformed_action_is_an_input_error_citing_no_law() {
    let e: InputError = Action::from_json(r#"{"seat":"N","type":"call","call":"8NT"}"#).expect_err("8NT");
    assert_eq!((e.code, e.law()), (Code::BadInput, Law::NoClause));

    let mut t = table(r#""online""#);
    let r = refused(&mut t, r#"{"seat":"N","type":"call","call":"8NT"}"#);
    assert!(r.is_input_error());
    assert_eq!((r.code(), r.law()), (Code::BadInput, Law::NoClause));
    assert!(matches!(&r, Rejection::Input(e) if e.message == r.message()), "{r:?}");
}

#[test]
fn a_law_refused_action_is_a_refusal_citing_its_law() {
    let mut t = table(r#""online""#);
    assert!(t.apply_json(r#"{"seat":"N","type":"call","call":"1NT"}"#).is_ok());
    let r = refused(&mut t, r#"{"seat":"E","type":"call","call":"1S"}"#);
    assert!(!r.is_input_error());
    assert_eq!((r.code(), r.law()), (Code::InsufficientBid, Law::L27));
    assert!(matches!(&r, Rejection::Refused(f) if f.law == Law::L27), "{r:?}");
    let submitted = t.submit(Action::from_json(r#"{"seat":"E","type":"call","call":"1S"}"#).expect("an action"));
    assert!(matches!(submitted, Err(Rejection::Refused(f)) if f.code == Code::InsufficientBid));

    let r = refused(&mut t, r#"{"seat":"W","type":"call","call":"2C"}"#);
    assert_eq!((r.code(), r.law()), (Code::NotYourTurn, Law::L17C));
}

#[test]
fn the_directors_ruling_without_the_value_its_kind_needs_is_malformed_input() {
    let mut t = table(r#""face_to_face""#);
    for bad in [
        r#"{"seat":"director","type":"ruling","on":"unintended"}"#,
        r#"{"seat":"director","type":"ruling","on":"misinformation","value":"accept"}"#,
        r#"{"seat":"director","type":"ruling","on":"comparable","value":"own_turn"}"#,
        r#"{"seat":"director","type":"ruling","on":"comparable"}"#,
        r#"{"seat":"director","type":"ruling","on":"intent","value":true}"#,
    ] {
        let r = refused(&mut t, bad);
        assert_eq!((r.code(), r.law()), (Code::BadInput, Law::NoClause), "{bad}");
    }
    // Well formed, with nothing to rule on: refused under a law.
    let r = refused(
        &mut t,
        r#"{"seat":"director","type":"ruling","on":"intent","value":"accept"}"#,
    );
    assert_eq!(r.code(), Code::NoPendingRuling);
}

#[test]
fn a_players_ruling_is_refused_under_law_81_whatever_its_value() {
    let mut t = table(r#""face_to_face""#);
    for ruling in [
        r#"{"seat":"S","type":"ruling","on":"unintended"}"#,
        r#"{"seat":"S","type":"ruling","on":"intent","value":true}"#,
        r#"{"seat":"S","type":"ruling","on":"unintended","value":true}"#,
    ] {
        let r = refused(&mut t, ruling);
        assert_eq!((r.code(), r.law()), (Code::NotEntitled, Law::L81), "{ruling}");
    }
}

#[test]
fn a_board_at_its_limit_refuses_a_malformed_ruling_as_over_the_limit() {
    let mut t = table(r#"{"preset":"face_to_face","max_actions":1}"#);
    assert!(t.apply_json(r#"{"seat":"N","type":"call","call":"1C"}"#).is_ok());
    let r = refused(&mut t, r#"{"seat":"director","type":"ruling","on":"unintended"}"#);
    assert_eq!((r.code(), r.law()), (Code::LimitReached, Law::NoClause));
}

#[test]
fn a_rejection_serializes_as_code_law_and_message() {
    let mut t = table(r#""online""#);
    let bad = refused(&mut t, r#"{"seat":"N","type":"fly"}"#);
    let json = serde_json::to_value(&bad).expect("json");
    assert_eq!(json["code"], "BAD_INPUT");
    assert_eq!(json["law"], "");
    assert!(json["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("malformed input")));

    let out = t.apply_json(r#"{"seat":"E","type":"call","call":"1C"}"#);
    let json = serde_json::to_value(&out).expect("json");
    assert_eq!(json["ok"], false);
    assert_eq!(json["rejection"]["code"], "NOT_YOUR_TURN");
    assert_eq!(json["rejection"]["law"], "17C");
}
