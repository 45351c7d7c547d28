//! What the players and the Director are told about questions, duties and offers: a reminder or caution addressed to one player names him (the Director
//! reads it too) and stays true once answered; the Law 20F3 caution on the opponents' only
//! call; an offer to change a call (L21B1) follows the late alert or correction that made it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, Code, EventKind, Seat, Table, Viewer};
use common::act::{apply_all, bid, call, calls, explained, lead};

fn table(regulation: &str, steps: &[Action]) -> Table {
    let mut t = Table::from_options_json(&format!(
        r#"{{"dealer":"N","vulnerability":"None","regulation":{regulation}}}"#
    ))
    .expect("options");
    apply_all(&mut t, steps.iter().cloned());
    t
}

/// Face to face: East asks about North's 1NT, South answers, North notes nothing yet; East
/// overcalls 2C (explained by West), then three passes, North asking about East's 2C (one of
/// two calls, L20F3) before his: East declares 2C. South leads, play ends. Meanwhile a call after the final pass and a slow call add the L16 entries.
fn whole_board() -> Table {
    table(
        r#"{"preset":"face_to_face","tempo_threshold_ms":1000}"#,
        &[
            call(Seat::N, "1NT").at(0.0),
            Action::ask(Seat::E, 0),
            Action::explain(Seat::S, 0, "15-17"),
            call(Seat::E, "2C").at(5000.0),
            Action::alert(Seat::W, 1, Some("both majors")),
            Action::note_partner_mistake(Seat::E, 1),
            call(Seat::S, "P"),
            call(Seat::W, "P"),
            Action::ask(Seat::N, 1),
            call(Seat::N, "P"),
            call(Seat::E, "2D"),
            lead(Seat::S, "HA"),
            Action::face_lead(Seat::S),
            Action::end_play(Seat::E),
        ],
    )
}

#[test]
fn every_reminder_and_caution_for_one_player_names_him_and_never_says_you_in_the_directors_view() {
    let t = whole_board();
    let director = t.view(Viewer::Director);
    let mut codes = Vec::new();
    for w in director.warnings.iter() {
        let Some(seat) = w.audience.only_seat() else { continue };
        codes.push(w.code);
        let words: Vec<&str> = w.message.split(|c: char| !c.is_alphanumeric()).collect();
        for word in ["you", "your", "please"] {
            assert!(!words.contains(&word), "{} speaks to its reader: {}", w.code, w.message);
        }
        assert!(
            words.contains(&seat.to_string().as_str()),
            "{} does not name {seat}: {}",
            w.code,
            w.message
        );
    }
    for code in [
        Code::SingleCallQuestion,
        Code::AnswerPending,
        Code::UiFromPartner,
        Code::UiTempo,
        Code::UiWithdrawnCall,
        Code::AiWithdrawnCall,
        Code::CheckOwnExplanations,
        Code::CorrectionTooEarly,
        Code::CorrectPartnerAfterPlay,
    ] {
        assert!(codes.contains(&code), "the board gave no {code}: {codes:?}");
    }
}

#[test]
fn once_south_has_answered_his_view_holds_no_question_to_answer_and_no_reminder_asks_him_to() {
    let t = table(
        r#""face_to_face""#,
        &[
            call(Seat::N, "1NT"),
            Action::ask(Seat::E, 0),
            Action::explain(Seat::S, 0, "15-17"),
        ],
    );
    let south = t.view(Viewer::Seat(Seat::S));
    assert!(south.questions_to_answer.is_empty());
    assert!(south.questions.iter().all(|q| q.answered));
    let reminder = south
        .warnings
        .iter()
        .find(|w| w.code == Code::AnswerPending)
        .expect("South was reminded of the question");
    assert!(!reminder.message.contains("please"), "{}", reminder.message);
}

#[test]
fn a_question_about_the_opponents_only_call_is_cautioned_without_calling_it_singled_out() {
    let caution = |t: &Table| {
        t.warnings()
            .iter()
            .rev()
            .find(|w| w.code == Code::SingleCallQuestion)
            .map(|w| w.message.to_string())
            .expect("the L20F3 caution")
    };
    let only = table(r#""face_to_face""#, &[call(Seat::N, "1NT"), Action::ask(Seat::E, 0)]);
    assert!(!caution(&only).contains("alone"), "{}", caution(&only));
    let one_of_two = table(
        r#""face_to_face""#,
        &[
            call(Seat::N, "1C"),
            call(Seat::E, "P"),
            call(Seat::S, "1NT"),
            Action::ask(Seat::W, 2),
        ],
    );
    assert!(caution(&one_of_two).contains("alone"), "{}", caution(&one_of_two));
}

/// The kinds of the events `seat` was shown from the last `change_offered` back to the
/// disclosure or correction before it.
fn cause_of_offer(t: &Table, seat: Seat) -> &'static str {
    let view = t.view(Viewer::Seat(seat));
    let events: Vec<_> = view.events.iter().collect();
    let offer = events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::ChangeOffered { seat: s, .. } if s == seat))
        .expect("an offer to change a call");
    events[..offer]
        .iter()
        .rev()
        .find_map(|e| match e.kind {
            EventKind::Disclosure { .. } => Some("late alert"),
            EventKind::Correction { .. } => Some("correction"),
            _ => None,
        })
        .expect("the offer's cause")
}

#[test]
fn an_offer_after_a_late_alert_follows_that_alert_and_one_after_a_correction_follows_the_correction() {
    // Online (self-alerting): North's 2C is alerted only after East passed.
    let late = table(
        r#""online""#,
        &[
            call(Seat::N, "2C"),
            call(Seat::E, "P"),
            Action::alert(Seat::N, 0, Some("strong")),
        ],
    );
    assert_eq!(cause_of_offer(&late, Seat::E), "late alert");
    let told = late.view(Viewer::Seat(Seat::E));
    assert!(told.warnings.iter().any(|w| w.code == Code::LateAlert));

    // North explained 2C at once, then corrects his explanation after East passed.
    let corrected = table(
        r#""online""#,
        &[
            explained(Seat::N, "2C", "weak"),
            call(Seat::E, "P"),
            Action::correct_explanation(Seat::N, 0, "strong"),
        ],
    );
    assert_eq!(cause_of_offer(&corrected, Seat::E), "correction");
    assert!(!corrected
        .view(Viewer::Seat(Seat::E))
        .warnings
        .iter()
        .any(|w| w.code == Code::LateAlert));
}

/// Found by the property suite (online tournament, partner explains): North's late alert of
/// South's pass is corrected by South, East changes his last pass (L21B1) and the auction ends
/// again. North's only explanation was corrected already: he is not reminded to check it.
#[test]
fn an_explanation_partner_already_corrected_draws_no_reminder_to_check_it_at_the_final_pass() {
    let mut steps = calls(Seat::N, &["1C", "P", "P", "4H", "5S", "7H", "7NT", "P", "P", "P"]);
    steps.push(Action::alert(Seat::N, 2, Some("weak two")));
    steps.push(Action::correct_explanation(Seat::S, 2, "natural"));
    let mut t = table(r#"{"preset":"online_tournament","disclosure":"partner"}"#, &steps);
    let out = t.apply(Action::change_call(Seat::E, bid("P")));
    assert!(out.is_ok(), "{:?}", out.rejection());
    let reminded_north = out
        .warnings()
        .iter()
        .any(|w| w.code == Code::CheckOwnExplanations && w.audience.only_seat() == Some(Seat::N));
    assert!(!reminded_north, "{:?}", out.warnings());
}
