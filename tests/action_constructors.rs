//! The typed constructors of `Action` build exactly what the JSON reader reads from the same
//! action (SPEC §3), for every kind of action and every seat.
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::action::{Intent, RulingOn, RulingValue};
use bridge_laws::{Action, Bid, Call, Card, Level, Seat, Strain, Suit};

/// Each constructor beside the JSON line it stands for, for `s`.
fn pairs(s: Seat) -> Vec<(Action, String)> {
    let one_nt = Call::Bid(Bid::new(Level::One, Strain::NoTrump));
    let ace: Card = "SA".parse().expect("a card");
    vec![
        (
            Action::call(s, Call::Pass),
            format!(r#"{{"seat":"{s}","type":"call","call":"P"}}"#),
        ),
        (
            Action::call(s, one_nt),
            format!(r#"{{"seat":"{s}","type":"call","call":"1NT"}}"#),
        ),
        (
            Action::alerted(s, Call::Double),
            format!(r#"{{"seat":"{s}","type":"call","call":"X","alert":true}}"#),
        ),
        (
            Action::explained(s, one_nt, "15-17"),
            format!(r#"{{"seat":"{s}","type":"call","call":"1NT","alert":true,"explanation":"15-17"}}"#),
        ),
        (
            Action::call_meaning(s, Call::Redouble, Intent::Accept),
            format!(r#"{{"seat":"{s}","type":"call","call":"XX","intent":"accept"}}"#),
        ),
        (
            Action::alert(s, 2, None),
            format!(r#"{{"seat":"{s}","type":"alert","index":2}}"#),
        ),
        (
            Action::alert(s, 0, Some("transfer")),
            format!(r#"{{"seat":"{s}","type":"alert","index":0,"explanation":"transfer"}}"#),
        ),
        (
            Action::explain(s, 1, "natural"),
            format!(r#"{{"seat":"{s}","type":"explain","index":1,"text":"natural"}}"#),
        ),
        (Action::ask(s, 3), format!(r#"{{"seat":"{s}","type":"ask","index":3}}"#)),
        (Action::ask_auction(s), format!(r#"{{"seat":"{s}","type":"ask"}}"#)),
        (Action::review(s), format!(r#"{{"seat":"{s}","type":"review"}}"#)),
        (Action::ask_lead(s), format!(r#"{{"seat":"{s}","type":"ask_lead"}}"#)),
        (
            Action::ask_contract(s),
            format!(r#"{{"seat":"{s}","type":"ask_contract"}}"#),
        ),
        (
            Action::correct_explanation(s, 0, "weak"),
            format!(r#"{{"seat":"{s}","type":"correct_explanation","index":0,"text":"weak"}}"#),
        ),
        (
            Action::note_partner_mistake(s, 4),
            format!(r#"{{"seat":"{s}","type":"note_partner_mistake","index":4}}"#),
        ),
        (
            Action::replace_call(s, Call::Pass),
            format!(r#"{{"seat":"{s}","type":"replace_call","call":"P"}}"#),
        ),
        (
            Action::change_call(s, one_nt),
            format!(r#"{{"seat":"{s}","type":"change_call","call":"1NT"}}"#),
        ),
        (
            Action::respond(s, false),
            format!(r#"{{"seat":"{s}","type":"respond","accept":false}}"#),
        ),
        (Action::accept(s), format!(r#"{{"seat":"{s}","type":"accept"}}"#)),
        (Action::decline(s), format!(r#"{{"seat":"{s}","type":"decline"}}"#)),
        (
            Action::summon(s, None),
            format!(r#"{{"seat":"{s}","type":"director"}}"#),
        ),
        (
            Action::summon(s, Some("hesitation")),
            format!(r#"{{"seat":"{s}","type":"director","reason":"hesitation"}}"#),
        ),
        (
            Action::restrict_lead(s, Some(Suit::Hearts), true),
            format!(r#"{{"seat":"{s}","type":"restrict_lead","suit":"H","require":true}}"#),
        ),
        (
            Action::restrict_lead(s, None, false),
            format!(r#"{{"seat":"{s}","type":"restrict_lead"}}"#),
        ),
        (
            Action::lead(s, ace),
            format!(r#"{{"seat":"{s}","type":"lead","card":"SA"}}"#),
        ),
        (Action::face_lead(s), format!(r#"{{"seat":"{s}","type":"face_lead"}}"#)),
        (
            Action::play(s, ace),
            format!(r#"{{"seat":"{s}","type":"play","card":"SA"}}"#),
        ),
        (
            Action::play_from_dummy(s, ace),
            format!(r#"{{"seat":"{s}","type":"play","card":"SA","from":"dummy"}}"#),
        ),
        (Action::end_play(s), format!(r#"{{"seat":"{s}","type":"end_play"}}"#)),
        (
            Action::return_hands(s),
            format!(r#"{{"seat":"{s}","type":"return_hands"}}"#),
        ),
        (
            Action::review(s).at(1234.0),
            format!(r#"{{"seat":"{s}","type":"review","at":1234}}"#),
        ),
    ]
}

#[test]
fn every_constructor_builds_what_its_json_line_reads_as() {
    for s in Seat::ALL {
        for (built, json) in pairs(s) {
            assert_eq!(Action::from_json(&json).as_ref(), Ok(&built), "{json}");
        }
    }
}

#[test]
fn a_constructed_action_writes_the_json_line_it_stands_for() {
    for s in Seat::ALL {
        for (built, json) in pairs(s) {
            let written = serde_json::to_string(&built).expect("an action is written");
            assert_eq!(
                Action::from_json(&written).as_ref(),
                Ok(&built),
                "{json} wrote {written}"
            );
        }
    }
}

#[test]
fn the_directors_ruling_is_built_as_read() {
    let json = r#"{"seat":"director","type":"ruling","on":"comparable","value":true}"#;
    let built = Action::ruling(RulingOn::Comparable, Some(RulingValue::Yes(true)));
    assert_eq!(Action::from_json(json), Ok(built));
}

#[test]
fn a_ruling_stating_the_strains_a_call_specified_is_built_as_read() {
    let pairs = [
        (
            Action::ruling_specifying(RulingOn::Comparable, None, &[Strain::Hearts, Strain::Spades]),
            r#"{"seat":"director","type":"ruling","on":"comparable","specified":["H","S"]}"#,
        ),
        (
            Action::ruling_specifying(RulingOn::Artificial, Some(RulingValue::Yes(true)), &[]),
            r#"{"seat":"director","type":"ruling","on":"artificial","value":true,"specified":[]}"#,
        ),
        (
            Action::artificial_at(1, Some(&[Strain::Diamonds])),
            r#"{"seat":"director","type":"ruling","on":"artificial","value":true,"specified":["D"],"index":1}"#,
        ),
        (
            Action::artificial_at(0, None),
            r#"{"seat":"director","type":"ruling","on":"artificial","value":false,"index":0}"#,
        ),
    ];
    for (built, json) in pairs {
        assert_eq!(Action::from_json(json).as_ref(), Ok(&built), "{json}");
        let written = serde_json::to_string(&built).expect("an action is written");
        assert_eq!(written, json);
    }
}
