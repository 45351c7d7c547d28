//! The client's table answers what a seat may do besides calling: which calls he
//! may ask about (L20F1, L20F2, L41B), whether he may have the auction reviewed (L20B, L20C,
//! L41B), whether he may ask "is it my lead?" (L20C1, L41A) and what the contract is (L41C),
//! which explanations he may correct (L20F4, L20F5, L75B) or note as partner's mistake
//! (L20F5), which questions he must
//! answer, which calls he may change (L21B1) and what he may do on a pending decision. Each
//! answer, read by a `SeatTable` built from the seat's own view, is checked against what
//! `Table::apply` accepts from that seat on a copy of the table: offered iff accepted, with
//! no exception (the engine judges questions and corrections on what the seat may know,
//! docs/RULINGS.md).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::view::Settle;
use bridge_laws::{Action, Call, Code, Preset, Seat, SeatTable, Table, Viewer};
use common::act::{bid, call, lead, play};
use common::{any_card, preset_table, seat};

/// A small deterministic generator (xorshift), so that every run walks the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn byte(&mut self) -> u8 {
        self.next() as u8
    }
}

/// A random action that moves the board on through the auction, its irregularities,
/// questions, explanations and corrections, the clarification period and the play.
fn random_step(t: &Table, rng: &mut Rng) -> Action {
    let who = seat(rng.byte());
    let n = t.calls().len().max(1);
    let index = rng.below(n);
    let turn = t.turn().unwrap_or(who);
    let legal = |s: Seat, rng: &mut Rng| {
        let legal = t.legal_calls(s);
        legal.iter().nth(rng.below(legal.len())).unwrap_or(Call::Pass)
    };
    match rng.below(20) {
        0..=3 => call(turn, "P"),
        4..=6 => {
            let bid = legal(turn, rng);
            if rng.below(3) == 0 {
                Action::explained(turn, bid, "artificial")
            } else {
                Action::call(turn, bid)
            }
        }
        7 => call(who, "1C"),
        8 => Action::explain(who, index, "natural"),
        9 => Action::ask(who, index),
        10 => Action::correct_explanation(who, index, "in fact"),
        11 => Action::note_partner_mistake(who, index),
        12 => Action::alert(who, index, None),
        13 => [Action::accept(who), Action::decline(who)][rng.below(2)].clone(),
        14 => Action::change_call(who, legal(who, rng)),
        15 => lead(turn, &any_card(rng.byte())),
        16 => Action::face_lead(turn),
        17 | 18 => play(turn, &any_card(rng.byte())),
        19 if rng.below(8) == 0 => Action::end_play(who),
        _ => Action::ask_auction(who),
    }
}

/// Whether `apply` accepts `action` from the table now (tried on a copy).
fn accepted(t: &Table, action: Action) -> bool {
    tried(t, action).is_ok()
}

/// What `apply` answers to `action` now (tried on a copy): accepted, or the refusal's code.
fn tried(t: &Table, action: Action) -> Result<(), Code> {
    t.clone().apply(action).rejection().map_or(Ok(()), |r| Err(r.code()))
}

/// How often each answer was given each way: a test that never saw an answer both ways
/// proves nothing about it.
#[derive(Default)]
struct Seen {
    ask: [usize; 2],
    askable: [usize; 2],
    review: [usize; 2],
    lead: [usize; 2],
    contract: [usize; 2],
    correctable: [usize; 2],
    notable: [usize; 2],
    replace: [usize; 2],
    disclose: [usize; 2],
    answer: usize,
    change: [usize; 2],
    options: [usize; 2],
}

/// The seat's client table, built from his view alone (through JSON, as on a socket).
fn client(t: &Table, s: Seat) -> SeatTable {
    let v = Viewer::Seat(s);
    let view = serde_json::from_str(&serde_json::to_string(&t.view(v)).unwrap()).unwrap();
    SeatTable::new(v, t.stream_version(v), view).unwrap()
}

/// Every answer of every seat's client table agrees with `apply`.
fn check(t: &Table, seen: &mut Seen) -> Result<(), String> {
    let n = t.calls().len();
    for s in Seat::ALL {
        let c = client(t, s);
        let ask = tried(t, Action::ask_auction(s));
        if c.may_ask() != ask.is_ok() {
            return Err(format!("{s}: may_ask {} but apply says {ask:?}", c.may_ask()));
        }
        seen.ask[usize::from(c.may_ask())] += 1;
        for i in 0..n {
            let ask = tried(t, Action::ask(s, i));
            let offered = c.askable().contains(&i);
            if offered != ask.is_ok() {
                return Err(format!("{s}: askable {:?} but asking about {i}: {ask:?}", c.askable()));
            }
            seen.askable[usize::from(offered)] += 1;
            let ok = accepted(t, Action::correct_explanation(s, i, "the right explanation"));
            let offered = c.correctable().contains(&i);
            if offered != ok {
                return Err(format!(
                    "{s}: correctable {:?} but correcting {i}: {ok}",
                    c.correctable()
                ));
            }
            seen.correctable[usize::from(offered)] += 1;
            let note = accepted(t, Action::note_partner_mistake(s, i));
            let offered = c.notable().contains(&i);
            if offered != note {
                return Err(format!("{s}: notable {:?} but noting {i}: {note}", c.notable()));
            }
            seen.notable[usize::from(offered)] += 1;
            let alert = accepted(t, Action::alert(s, i, None));
            let offered = c.disclosable().contains(&i);
            if offered != alert {
                return Err(format!(
                    "{s}: disclosable {:?} but alerting {i}: {alert}",
                    c.disclosable()
                ));
            }
            seen.disclose[usize::from(offered)] += 1;
        }
        let replace = accepted(t, Action::replace_call(s, Call::Pass));
        if c.may_replace_call() != replace {
            return Err(format!(
                "{s}: may_replace_call {} but apply says {replace}",
                c.may_replace_call()
            ));
        }
        seen.replace[usize::from(replace)] += 1;
        if c.askable()
            .iter()
            .chain(c.correctable())
            .chain(c.notable())
            .any(|i| *i >= n)
        {
            return Err(format!("{s}: an index past the calls in force"));
        }
        let review = accepted(t, Action::review(s));
        if c.may_review() != review {
            return Err(format!("{s}: may_review {} but apply says {review}", c.may_review()));
        }
        seen.review[usize::from(review)] += 1;
        let lead = tried(t, Action::ask_lead(s));
        if c.may_ask_lead() != lead.is_ok() {
            return Err(format!(
                "{s}: may_ask_lead {} but apply says {lead:?}",
                c.may_ask_lead()
            ));
        }
        seen.lead[usize::from(lead.is_ok())] += 1;
        let contract = tried(t, Action::ask_contract(s));
        if c.may_ask_contract() != contract.is_ok() {
            return Err(format!(
                "{s}: may_ask_contract {} but apply says {contract:?}",
                c.may_ask_contract()
            ));
        }
        seen.contract[usize::from(contract.is_ok())] += 1;
        check_questions(t, &c, s, seen)?;
        check_changes(t, &c, s, seen)?;
        for (settle, action) in [
            (Settle::Accept, Action::accept(s)),
            (Settle::Decline, Action::decline(s)),
            (Settle::Respond, Action::respond(s, true)),
        ] {
            let ok = accepted(t, action);
            if c.my_options().contains(&settle) != ok {
                return Err(format!("{s}: options {:?} but {settle:?}: {ok}", c.my_options()));
            }
            seen.options[usize::from(ok)] += 1;
        }
    }
    Ok(())
}

/// The questions a seat must answer are exactly those whose part he still owes (L20F1: the
/// calls covered that are his to explain, whatever partner answered); each about a call is
/// answered by explaining that call, once no Law 25A request may take it away.
fn check_questions(t: &Table, c: &SeatTable, s: Seat, seen: &mut Seen) -> Result<(), String> {
    let mine: Vec<usize> = c.questions_to_answer().map(|q| q.id).collect();
    let server: Vec<usize> = t
        .state()
        .extra()
        .questions()
        .iter()
        .enumerate()
        .filter(|(_, q)| bridge_laws::procedure::questions::owes(t.state(), t.regulation(), q, s))
        .map(|(id, _)| id)
        .collect();
    if mine != server {
        return Err(format!("{s}: questions to answer {mine:?}, the table's {server:?}"));
    }
    let undo_pending = t.state().undo().request().is_some();
    for q in c.questions_to_answer().filter(|_| !undo_pending) {
        let Some(i) = q.index else { continue };
        let mut copy = t.clone();
        let out = copy.apply(Action::explain(s, i, "natural"));
        if !out.is_ok() {
            return Err(format!(
                "{s} may not answer question {} about call {i}: {:?}",
                q.id,
                out.rejection()
            ));
        }
        if client(&copy, s).questions_to_answer().any(|x| x.id == q.id) {
            return Err(format!("{s}'s answer left question {} open", q.id));
        }
        seen.answer += 1;
    }
    Ok(())
}

/// A seat may change a call (some call is accepted) iff his table offers a change.
fn check_changes(t: &Table, c: &SeatTable, s: Seat, seen: &mut Seen) -> Result<(), String> {
    let offered = !c.change_offers().is_empty();
    let calls = common::all_calls();
    let ok = if offered {
        calls.iter().any(|text| accepted(t, Action::change_call(s, bid(text))))
    } else {
        accepted(t, Action::change_call(s, Call::Pass))
    };
    if offered != ok {
        return Err(format!(
            "{s}: change offers {:?} but a change is accepted: {ok}",
            c.change_offers()
        ));
    }
    seen.change[usize::from(ok)] += 1;
    Ok(())
}

#[test]
fn every_answer_of_the_client_table_agrees_with_what_the_engine_accepts() {
    let presets = [
        Preset::Online,
        Preset::OnlineTournament,
        Preset::FaceToFace,
        Preset::Screens,
    ];
    let mut seen = Seen::default();
    for game in 0..100u64 {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (game + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let preset = presets[game as usize % presets.len()];
        let mut t = preset_table(preset, seat(rng.byte()));
        let mut steps = 0;
        for _ in 0..400 {
            let action = random_step(&t, &mut rng);
            let before: Vec<_> = Seat::ALL
                .map(|s| (t.stream_version(Viewer::Seat(s)), t.view(Viewer::Seat(s)).into_owned()))
                .into();
            if !t.apply(action.clone()).is_ok() {
                continue;
            }
            steps += 1;
            // Nothing new in his stream, nothing new in these answers: they rest on what he
            // saw (a question to both opponents answered by one, out of the other's hearing
            // under self-alerting, stays the other's to answer and unanswered in his view).
            for (s, (version, was)) in Seat::ALL.into_iter().zip(before) {
                let now = t.view(Viewer::Seat(s));
                if t.stream_version(Viewer::Seat(s)) == version {
                    let answers = |v: &bridge_laws::view::View| {
                        (
                            v.may_ask,
                            v.askable.clone(),
                            v.may_review,
                            v.may_ask_lead,
                            v.may_ask_contract,
                            v.correctable.clone(),
                            v.notable.clone(),
                            v.may_replace_call,
                            v.disclosable.clone(),
                            v.change_offers.clone(),
                            v.questions_to_answer.clone(),
                            v.questions.iter().map(|q| (q.id, q.answered)).collect::<Vec<_>>(),
                        )
                    };
                    assert_eq!(
                        answers(&now),
                        answers(&was),
                        "{s}'s answers changed unseen after {action:?}"
                    );
                }
            }
            if let Err(e) = check(&t, &mut seen) {
                panic!("{preset:?}, game {game}, after {:?}: {e}", t.log());
            }
            if steps == 60 {
                break;
            }
        }
    }
    for (what, [no, yes]) in [
        ("may_ask", seen.ask),
        ("askable", seen.askable),
        ("may_review", seen.review),
        ("may_ask_lead", seen.lead),
        ("may_ask_contract", seen.contract),
        ("correctable", seen.correctable),
        ("notable", seen.notable),
        ("may_replace_call", seen.replace),
        ("disclosable", seen.disclose),
        ("change_offers", seen.change),
        ("my_options", seen.options),
    ] {
        assert!(
            no > 0 && yes > 0,
            "{what} was never answered both ways ({no} no, {yes} yes)"
        );
    }
    assert!(seen.answer > 0, "no question was ever answered");
}

fn played(preset: Preset, actions: &[Action]) -> Table {
    let mut t = preset_table(preset, Seat::N);
    for a in actions {
        let out = t.apply(a.clone());
        assert!(out.is_ok(), "{a:?}: {:?}", out.rejection());
    }
    t
}

#[test]
fn face_to_face_only_the_player_due_to_call_is_offered_questions_and_online_anyone_may_ask() {
    let opening = [call(Seat::N, "1NT")];
    let t = played(Preset::FaceToFace, &opening);
    assert_eq!(
        client(&t, Seat::E).askable(),
        [0],
        "East, due to call, may ask about 1NT"
    );
    assert!(
        client(&t, Seat::W).askable().is_empty(),
        "West waits for his turn (L20F1)"
    );
    assert!(
        !client(&t, Seat::W).may_review(),
        "nor may he have the auction reviewed (L20B)"
    );
    assert!(
        client(&t, Seat::S).askable().is_empty(),
        "South never asks about his own side"
    );
    let t = played(Preset::Online, &opening);
    assert_eq!(client(&t, Seat::W).askable(), [0], "online, a player asks at any time");
}

#[test]
fn a_defender_is_offered_the_correction_of_partners_explanation_only_once_play_is_over() {
    // Face to face West explains his partner East's 1C; South declares 1H, West leads.
    let auction = [
        call(Seat::N, "P"),
        call(Seat::E, "1C"),
        Action::explain(Seat::W, 1, "natural"),
        call(Seat::S, "1H"),
        call(Seat::W, "P"),
        call(Seat::N, "P"),
        call(Seat::E, "P"),
    ];
    let t = played(Preset::FaceToFace, &auction);
    // West explains his side's calls: he may correct his explanation of 1C, and make good a
    // failure to explain East's pass (L20F4a, L21B1a).
    assert_eq!(
        client(&t, Seat::W).correctable(),
        [1, 5],
        "West may correct his own explanations"
    );
    assert!(
        !client(&t, Seat::E).correctable().contains(&1),
        "East, a defender, must wait (L20F5b)"
    );
    let mut over = auction.to_vec();
    over.extend([
        lead(Seat::W, "SA"),
        Action::face_lead(Seat::W),
        Action::end_play(Seat::S),
    ]);
    let t = played(Preset::FaceToFace, &over);
    assert!(
        client(&t, Seat::E).correctable().contains(&1),
        "play is over: now East corrects (L20F5b)"
    );
}

#[test]
fn a_question_to_both_opponents_answered_by_one_out_of_the_others_hearing_stays_the_others_to_answer() {
    // Online (self-alerting): South asks about the whole auction; East and West each explain
    // their own calls, to North and South only (L20F).
    let mut steps = vec![
        call(Seat::N, "P"),
        call(Seat::E, "1C"),
        call(Seat::S, "P"),
        call(Seat::W, "1H"),
        Action::ask_auction(Seat::S),
    ];
    let t = played(Preset::Online, &steps);
    let to_answer = |t: &Table, s: Seat| client(t, s).questions_to_answer().map(|q| q.id).collect::<Vec<_>>();
    assert_eq!(to_answer(&t, Seat::E), [0], "East is asked");
    assert_eq!(to_answer(&t, Seat::W), [0], "and West");

    steps.push(Action::explain(Seat::W, 3, "natural, five hearts"));
    let t = played(Preset::Online, &steps);
    assert!(to_answer(&t, Seat::W).is_empty(), "West has answered");
    assert_eq!(
        to_answer(&t, Seat::E),
        [0],
        "East has not, and did not hear West's answer"
    );
    let east = t.view(Viewer::Seat(Seat::E));
    assert!(
        !east.questions[0].answered,
        "East is not told that his partner answered"
    );
    assert!(
        !t.view(Viewer::Seat(Seat::S)).questions[0].answered,
        "nor is South, who heard it: East has yet to explain his own call (L20F1)"
    );

    steps.push(Action::explain(Seat::E, 1, "natural"));
    let t = played(Preset::Online, &steps);
    assert!(
        to_answer(&t, Seat::E).is_empty(),
        "East's answer is an answer, not a late explanation"
    );
    assert!(
        t.warnings().iter().all(|w| w.code != Code::LateAlert),
        "no late-alert warning"
    );
    assert!(
        t.view(Viewer::Seat(Seat::S)).questions[0].answered,
        "South heard both answers"
    );
    assert!(
        !t.view(Viewer::Seat(Seat::E)).questions[0].answered,
        "East never heard West's"
    );
}

#[test]
fn only_a_presumed_defender_is_offered_is_it_my_lead_and_dummy_never_the_contract() {
    // Face to face South declares 1H: West (to lead) and East defend, North is dummy.
    let mut steps = vec![call(Seat::N, "P"), call(Seat::E, "P"), call(Seat::S, "1H")];
    let t = played(Preset::FaceToFace, &steps);
    assert!(
        Seat::ALL
            .iter()
            .all(|s| !client(&t, *s).may_ask_lead() && !client(&t, *s).may_ask_contract()),
        "during the auction there is no lead and no contract to ask about"
    );
    steps.extend([call(Seat::W, "P"), call(Seat::N, "P"), call(Seat::E, "P")]);
    let t = played(Preset::FaceToFace, &steps);
    assert!(client(&t, Seat::W).may_ask_lead(), "West, a defender, may ask (L41A)");
    assert!(client(&t, Seat::E).may_ask_lead(), "and East");
    assert!(!client(&t, Seat::S).may_ask_lead(), "not the declarer");
    assert!(!client(&t, Seat::N).may_ask_lead(), "nor dummy");
    assert!(
        client(&t, Seat::S).may_ask_contract(),
        "declarer may ask the contract (L41C)"
    );
    assert!(!client(&t, Seat::N).may_ask_contract(), "dummy may not (L41C)");
    steps.extend([lead(Seat::W, "SA"), Action::face_lead(Seat::W)]);
    let t = played(Preset::FaceToFace, &steps);
    assert!(
        !client(&t, Seat::W).may_ask_lead(),
        "the lead is faced: too late to ask (L41A)"
    );
    let turn = t.turn();
    assert!(
        turn.is_some_and(|s| s != Seat::N),
        "declarer plays from dummy: {turn:?}"
    );
    for s in [Seat::E, Seat::S, Seat::W] {
        assert_eq!(
            client(&t, s).may_ask_contract(),
            turn == Some(s),
            "{s} asks the contract at his own turn to play (L41C)"
        );
    }
    assert!(!client(&t, Seat::N).may_ask_contract(), "dummy still may not");
}
