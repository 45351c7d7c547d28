//! Properties of random tables ("Proof in the test suite"): every regulation preset
//! with random overrides, every actor (four seats and the Director), plausible, irregular
//! and malformed actions. After every action:
//! - nothing panics;
//! - a refused action leaves the hash, the log, every view and every `legal_calls` as
//!   they were;
//! - no inadmissible double or redouble stands among the calls in force (L19, L36);
//! - the calls in force form an auction Laws 17–22 allow, read independently of the
//!   engine's legality code (`common::auction_laws`): rotation, nobody twice in a row,
//!   sufficiency (an insufficient bid only when condoned), admissible doubles and
//!   redoubles, nothing after the end;
//! - no viewer sees anything outside its audience (SPEC §6);
//! - no event or warning reaches anyone who may not know that the action causing it
//!   happened: a summons after a correction, a reminder after a question
//!   (`common::causes`);
//! - `legal_calls` agrees with `apply` both ways: every call it lists is accepted without
//!   an irregularity, and a call it does not list is refused (`prevent`) or treated as an
//!   irregularity (`rectify`) — sampled after every action, in full every few actions;
//! - the pending decision agrees with `apply` too: each seat is offered `accept`, `decline`
//!   and `respond` exactly when `apply` takes them, and `call` exactly when `legal_calls`
//!   lists a call for it (or he must repeat a call now irregular), and under `prevent` a
//!   pending request to replace a call can be granted — every few actions;
//! - so does every other "may I" answer of a seat's view, both ways
//!   (`common::answers`): `may_ask`, `askable`, `may_review`, `may_ask_lead`,
//!   `may_ask_contract`, `correctable`, `may_play`, `may_end_play` and the Director's
//!   `open_rulings` every few actions, `legal_leads` and
//!   `lead_restriction.due` (with `restrictable`) after every action;
//! - at a table given the deal (half of them, playing cards its hands hold), `legal_cards`
//!   agrees with `apply` both ways for the seat to act, and no other seat is offered a card;
//! - a reminder inviting a seat to act (answer a question, correct an explanation), and an
//!   offer to change a call, invite only what his view offers, after every action
//!   (`common::answers::probe_reminders`); `change_offers` agrees with `apply` too;
//! - and, every few actions and at the end of every case, `from_json(to_json)`,
//!   `from_snapshot(snapshot)` and a replay of the log give the same table and hash.
//!
//! `cargo test` runs 4 × 256 cases of 0–199 actions (≈ 102 000 actions); set
//! `PROPERTY_CASES` for more or fewer cases per preset. Measured with the optimized test
//! profile on the shared 2-core machine: about 80 s wall (79 s CPU) for the four presets
//! (cases of up to 400 actions took 205 s: the round trips replay the whole log, so long
//! cases cost quadratically). With the answer and cause probes: 94 s wall
//! on 2026-11-26 (`cargo test --release --test properties`, machine shared).

#![cfg(not(target_arch = "wasm32"))]
mod common;

use bridge_laws::action::{ActionKind, Actor, Intent, RulingOn, RulingValue};
use bridge_laws::view::Settle;
use bridge_laws::{Action, Call, Code, EventKind, Outcome, Preset, Seat, Strain, Table, View, Viewer};
use common::act;
use common::answers::{
    probe_cards, probe_disclosure_and_undo, probe_lead_choice, probe_leads, probe_play, probe_questions,
    probe_reminders, probe_rulings,
};
use common::auction_laws::auction_allowed;
use common::causes::{check_action_caused, check_caused};
use common::{all_calls, any_call, any_card, check_view, inadmissible_in_force, seat, VIEWERS};
use proptest::prelude::*;

/// One random step: the kind of action and three numbers to pick its details.
type Step = (u8, u8, u8, u8);

/// Random overrides of a preset: each setting absent or one of its values.
type Overrides = [u8; 11];

const FULL_PROBE_EVERY: usize = 8;
const ROUND_TRIP_EVERY: usize = 25;

const TEXTS: [&str; 8] = [
    "15-17",
    "transfer to hearts",
    "weak two",
    "\"quoted\" \\ back\\slash",
    "tab\tnew\nline",
    "<script>alert(1)</script>",
    "人工的な 🂡",
    "",
];

/// The regulation written as options JSON: the preset with the overrides drawn.
fn regulation_json(preset: Preset, o: Overrides) -> String {
    let name = serde_json::to_string(&preset).unwrap_or_default();
    let mut fields = vec![format!(r#""preset":{name}"#)];
    let mut pick = |i: usize, key: &str, values: &[&str]| {
        let n = usize::from(o[i]);
        // About half the settings keep the preset's value.
        if n % 2 == 0 {
            fields.push(format!(r#""{key}":{}"#, values[(n / 2) % values.len()]));
        }
    };
    pick(0, "disclosure", &[r#""self""#, r#""partner""#, r#""screens""#]);
    pick(1, "irregularities", &[r#""prevent""#, r#""rectify""#]);
    pick(2, "questions", &[r#""own_turn""#, r#""any_time""#]);
    pick(3, "undo", &[r#""off""#, r#""consent""#, r#""director""#]);
    pick(4, "auto_pass_barred", &["true", "false"]);
    pick(5, "lead_restriction", &[r#""prohibit""#, r#""require_or_prohibit""#]);
    pick(6, "spectators_see_disclosures", &["true", "false"]);
    pick(7, "max_text", &["500", "40", "100000"]);
    pick(8, "tempo_threshold_ms", &["null", "10000", "2000"]);
    pick(9, "screenmates", &[r#""ne_sw""#, r#""nw_se""#]);
    pick(10, "spectators_see_hands", &["true", "false"]);
    format!("{{{}}}", fields.join(","))
}

fn options_json(preset: Preset, o: Overrides, dealer: u8, vul: u8, board: u8) -> String {
    let vul = ["None", "NS", "EW", "All"][usize::from(vul % 4)];
    // Half the tables are given the deal (shuffled from the draw): they play real cards.
    let deal = if o[10] >= 128 {
        let seed = u64::from_le_bytes([o[0], o[1], o[2], o[3], o[4], o[5], dealer, board]);
        format!(r#","deal":"{}""#, common::shuffled_deal(seed))
    } else {
        String::new()
    };
    let board = if board % 3 == 0 {
        String::new()
    } else {
        format!(r#","board":{board}"#)
    };
    format!(
        r#"{{"dealer":"{}","vulnerability":"{vul}","regulation":{}{board}{deal}}}"#,
        seat(dealer),
        regulation_json(preset, o)
    )
}

fn text(n: u8) -> &'static str {
    TEXTS[usize::from(n) % TEXTS.len()]
}

/// What a step submits: a typed action, or a text that is no action (malformed, refused by
/// the JSON reader: the wire format's share of the property).
enum Input {
    Typed(Action),
    Text(String),
}

impl Input {
    /// The step as a JSON line, as the failure's list of actions shows it.
    fn shown(&self) -> String {
        match self {
            Input::Typed(a) => serde_json::to_string(a).unwrap_or_else(|e| format!("{a:?} ({e})")),
            Input::Text(text) => text.clone(),
        }
    }
}

/// A call for `seat`, with what may come with it.
fn call_with(seat: Seat, call: Call, extra: u8) -> Action {
    match extra % 8 {
        0 => Action::explained(seat, call, text(extra / 8)),
        1 => Action::alerted(seat, call),
        2 => Action::new(
            Actor::Seat(seat),
            ActionKind::Call {
                call,
                alert: false,
                explanation: Some(text(extra / 8).into()),
                intent: None,
            },
        ),
        3 => Action::call(seat, call).at(f64::from(extra) * 700.0),
        4 => Action::call_meaning(seat, call, Intent::Accept),
        5 => Action::call_meaning(seat, call, Intent::OwnTurn),
        _ => Action::call(seat, call),
    }
}

/// The call numbered `n` among the 38.
fn nth_call(n: u8) -> Call {
    act::bid(&any_call(n))
}

/// Turns a random step into an action that fits the table now: mostly plausible (legal
/// calls, disclosures, questions, rulings that answer what the Director is asked),
/// sometimes irregular (out of turn, insufficient, barred, inadmissible, changes) and
/// sometimes malformed.
fn action(t: &Table, (kind, a, b, c): Step) -> Input {
    let st = t.state();
    let who = seat(a);
    let turn = t.turn().unwrap_or(who);
    let in_force = t.calls().len();
    let index = usize::from(b) % in_force.max(1);
    let last_caller = st.auction().record().last().map_or(who, |r| r.seat);
    let typed = match kind % 40 {
        // Plausible: a call the seat to act may make, often a pass.
        0..=13 => {
            let legal = t.legal_calls(turn);
            let call = if c % 3 == 0 && legal.contains(Call::Pass) {
                Call::Pass
            } else {
                legal
                    .iter()
                    .nth(usize::from(b) % legal.len().max(1))
                    .unwrap_or_else(|| nth_call(b))
            };
            call_with(turn, call, if c % 4 == 0 { a } else { 7 })
        }
        // Irregular: any call by the seat to act (insufficient, inadmissible, barred).
        14..=16 => call_with(turn, nth_call(b), c),
        // Irregular: a call out of turn, legal or not.
        17..=19 => {
            let legal = t.legal_calls(turn);
            let call = if b % 2 == 0 {
                legal.first().unwrap_or_else(|| nth_call(b))
            } else {
                nth_call(b)
            };
            call_with(who, call, c)
        }
        20 => Action::change_call(if c % 2 == 0 { last_caller } else { who }, nth_call(b)),
        21 => Action::replace_call(if c % 2 == 0 { last_caller } else { who }, nth_call(b)),
        22..=23 => {
            let by = if c % 3 == 0 { who } else { turn };
            if b % 2 == 0 {
                Action::accept(by)
            } else {
                Action::decline(by)
            }
        }
        24 => Action::respond(who, b % 2 == 0),
        // The Director answers what he is asked, or rules on something at random.
        25..=26 => {
            let open = st.rulings().open();
            let on = open.get(usize::from(b) % open.len().max(1)).map_or_else(
                || {
                    [
                        RulingOn::Unintended,
                        RulingOn::Comparable,
                        RulingOn::Misinformation,
                        RulingOn::Intent,
                        RulingOn::Artificial,
                    ][usize::from(b) % 5]
                },
                |r| r.on,
            );
            let value = match on {
                RulingOn::Intent if c % 2 == 0 => RulingValue::Intent(Intent::Accept),
                RulingOn::Intent => RulingValue::Intent(Intent::OwnTurn),
                _ => RulingValue::Yes(c % 3 != 0),
            };
            match a % 5 {
                0 => Action::ruling_specifying(on, Some(value), &[Strain::Hearts]),
                1 => Action::ruling_specifying(on, Some(value), &[Strain::Hearts, Strain::Spades]),
                _ => Action::ruling(on, Some(value)),
            }
        }
        27 => Action::alert(who, index, Some(text(b)).filter(|_| c % 2 == 0)),
        28 => Action::explain(who, index, text(c)),
        29 if c % 2 == 0 => Action::ask_auction(who),
        29 => Action::ask(who, index),
        30 => [Action::review(who), Action::ask_lead(who), Action::ask_contract(who)][usize::from(b) % 3].clone(),
        31 => Action::correct_explanation(who, index, text(c)),
        32 => Action::note_partner_mistake(who, index),
        33 => Action::summon(who, Some(text(b))),
        // The play period, as far as the Laws here need it.
        34..=36 => {
            let card = act::card(&any_card(b));
            // Given the deal, mostly a card the hand due still holds.
            if let Some(held) = common::card_action(t, b).filter(|_| c % 4 != 3) {
                return Input::Typed(held);
            }
            match c % 8 {
                0..=2 => Action::lead(turn, card),
                3 => Action::face_lead(who),
                4 | 5 => Action::play(turn, card),
                6 => Action::play_from_dummy(turn, card),
                // L26B: declarer's choice (mostly by declarer), naming a suit or none.
                _ if b % 3 == 2 => {
                    let by = t.contract().filter(|_| a % 4 != 0).map_or(who, |k| k.declarer);
                    let (suit, require) = [(None, false), (Some("C"), false), (Some("H"), false), (Some("S"), true)]
                        [usize::from(c / 8) % 4];
                    Action::restrict_lead(by, suit.map(act::suit), require)
                }
                _ => [Action::end_play(who), Action::return_hands(who)][usize::from(b) % 2].clone(),
            }
        }
        // Malformed: refused, and nothing may change.
        _ => {
            let s = |j: &str| j.to_string();
            return Input::Text(
                [
                    s("not json"),
                    s("{}"),
                    s("[]"),
                    s("null"),
                    format!(r#"{{"seat":"{who}","type":"call"}}"#),
                    format!(r#"{{"seat":"{who}","type":"call","call":"8NT"}}"#),
                    format!(r#"{{"seat":"{who}","type":"call","call":"P","bogus":1}}"#),
                    format!(r#"{{"seat":"{who}","type":"alert","index":{}}}"#, 1000 + usize::from(b)),
                    format!(r#"{{"seat":"{who}","type":"explain","index":-1,"text":"x"}}"#),
                    format!(r#"{{"seat":"{who}","type":"nonsense"}}"#),
                    s(r#"{"seat":"director","type":"call","call":"P"}"#),
                    format!(r#"{{"seat":"{who}","type":"ruling","on":"unintended","value":true}}"#),
                    s(r#"{"seat":"director","type":"ruling","on":"sideways","value":true}"#),
                    format!(r#"{{"seat":"{who}","type":"play","card":"Z9"}}"#),
                    format!(
                        r#"{{"seat":"{who}","type":"explain","index":0,"text":"{}"}}"#,
                        "x".repeat(600)
                    ),
                ][usize::from(b) % 15]
                    .clone(),
            );
        }
    };
    Input::Typed(typed)
}

/// Everything a refused action must leave as it was.
#[derive(PartialEq, Debug)]
struct Fingerprint {
    hash: String,
    /// The whole state: the hash is chained over the log, so it alone would not see a
    /// refused action that changed the state and left the log alone.
    state: String,
    log: String,
    views: Vec<String>,
    legal: Vec<Vec<Call>>,
}

fn fingerprint(t: &Table, views: &[View]) -> Fingerprint {
    Fingerprint {
        hash: t.state_hash(),
        state: format!("{:?}", t.state()),
        log: serde_json::to_string(t.log()).unwrap_or_default(),
        views: views
            .iter()
            .map(|v| serde_json::to_string(v).unwrap_or_default())
            .collect(),
        legal: Seat::ALL.iter().map(|s| t.legal_calls(*s).iter().collect()).collect(),
    }
}

fn irregularity(out: &Outcome) -> Option<String> {
    match out {
        Outcome::Accepted { warnings, .. } => warnings
            .iter()
            .find(|w| w.code.as_str().starts_with("IRREG_"))
            .map(|w| format!("{} ({})", w.code.as_str(), w.message)),
        Outcome::Rejected(_) => None,
    }
}

/// LHO's call over an irregularity accepts it (L25B1, L27A1, L29A), and a call at the turn
/// of a RHO who must pass is in rotation (L28A: the engine passes for him first): calls by
/// a player who is not the one due to call, but no irregularity.
fn accepts_irregularity(out: &Outcome) -> bool {
    matches!(out, Outcome::Accepted { events, .. }
        if events.iter().any(|e| matches!(e.kind, EventKind::Accepted { .. } | EventKind::AutoPass { .. })))
}

/// `legal_calls` agrees with `apply`: every listed call is accepted without an
/// irregularity; an unlisted call is refused (`prevent`) or an irregularity (`rectify`).
/// With `pick`, only a few calls are probed, chosen by it.
fn probe_legal_calls(t: &Table, pick: Option<(u8, u8)>) -> Result<(), String> {
    let calls = all_calls();
    let prevent = !t.regulation().rectifies();
    for s in Seat::ALL {
        let legal = t.legal_calls(s);
        for (i, call) in calls.iter().enumerate() {
            if let Some((x, y)) = pick {
                let chosen = i == usize::from(x) % calls.len() || i == usize::from(y) % calls.len() || i == 0;
                if !(chosen && (s == seat(x) || t.turn() == Some(s))) {
                    continue;
                }
            }
            let parsed: Call = call.parse().map_err(|_| format!("{call} does not parse"))?;
            let listed = legal.contains(parsed);
            let mut probe = t.clone();
            let mut out = probe.apply(Action::call(s, parsed));
            if listed && matches!(&out, Outcome::Rejected(r) if r.code() == Code::IntentRequired) {
                // SPEC 5.4 (L28B vs L29A): over a call out of rotation at his own turn, LHO
                // must say whether his call accepts it; a listed call is a call in his own
                // turn, so it must be regular with `intent: own_turn`.
                let mut probe = t.clone();
                out = probe.apply(Action::call_meaning(s, parsed, Intent::OwnTurn));
            }
            let shown: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
            if listed {
                if let Outcome::Rejected(r) = &out {
                    return Err(format!(
                        "{call} by {s}, listed in legal_calls({s}) = [{}], was refused: {} {}",
                        shown.join(" "),
                        r.code().as_str(),
                        r.message()
                    ));
                }
                if let Some(w) = irregularity(&out) {
                    return Err(format!(
                        "{call} by {s}, listed in legal_calls({s}) = [{}], was an irregularity: {w}",
                        shown.join(" ")
                    ));
                }
            } else if out.is_ok() && (prevent || irregularity(&out).is_none()) && !accepts_irregularity(&out) {
                return Err(format!(
                    "{call} by {s}, not in legal_calls({s}) = [{}], was accepted as a regular call",
                    shown.join(" ")
                ));
            }
        }
    }
    Ok(())
}

/// The pending decision agrees with `apply`: a seat is offered `accept`, `decline` or
/// `respond` exactly when `apply` takes it, and is offered `call` exactly when
/// `legal_calls` lists a call for it.
fn probe_decision(t: &Table) -> Result<(), String> {
    // Under `prevent` a request to replace a call is refused when asked for if its
    // replacement would be (L25A1, SPEC 5.1), so a request that stands can be granted.
    if let Some(req) = t.state().undo().request().filter(|_| !t.regulation().rectifies()) {
        let grant = match t.regulation().undo {
            bridge_laws::regulation::Undo::Director => act::unintended(true),
            _ => Action::respond(req.seat.lho(), true),
        };
        if let Outcome::Rejected(r) = t.clone().apply(grant) {
            return Err(format!(
                "{}'s request to replace a call stands but cannot be granted: {} {}",
                req.seat,
                r.code().as_str(),
                r.message()
            ));
        }
    }
    for s in Seat::ALL {
        let options = t.view(Viewer::Seat(s)).pending.map(|p| p.options).unwrap_or_default();
        for (settle, action) in [
            (Settle::Accept, Action::accept(s)),
            (Settle::Decline, Action::decline(s)),
            // Refusing a request is always possible; accepting one whose replacement is
            // itself refused (`prevent`) is not.
            (Settle::Respond, Action::respond(s, false)),
        ] {
            let offered = options.contains(&settle);
            let taken = t.clone().apply(action);
            if offered != taken.is_ok() {
                return Err(format!(
                    "{s} is {}offered {settle:?} but apply {}: {:?}",
                    if offered { "" } else { "not " },
                    if taken.is_ok() { "takes it" } else { "refuses it" },
                    taken.rejection().map(|r| r.message().to_owned())
                ));
            }
        }
        if t.state().rectification().pending().is_some() || t.state().undo().request().is_some() {
            // A forced repeat that is now itself irregular (L31A1, L32A1) is still the call
            // he must make, though `legal_calls` lists none.
            let forced_repeat = t
                .state()
                .rectification()
                .forced()
                .is_some_and(|(f, call)| f == s && t.clone().apply(Action::call(s, call)).is_ok());
            let calls = !t.legal_calls(s).is_empty() || forced_repeat;
            if options.contains(&Settle::Call) != calls {
                return Err(format!(
                    "{s} is {}offered a call but legal_calls({s}) is {}",
                    if calls { "not " } else { "" },
                    if calls { "not empty" } else { "empty" }
                ));
            }
        }
    }
    Ok(())
}

fn round_trips(t: &Table) -> Result<(), String> {
    let hash = t.state_hash();
    let json = t.to_json();
    let back = Table::from_json(&json).map_err(|r| format!("from_json(to_json) refused: {r}"))?;
    if back.state_hash() != hash {
        return Err(format!("from_json(to_json) changed the hash; json {json}"));
    }
    if back.state() != t.state() {
        return Err(format!("from_json(to_json) rebuilt a different state; json {json}"));
    }
    if back.to_json() != json {
        return Err(format!(
            "from_json(to_json) changed the snapshot: {json} vs {}",
            back.to_json()
        ));
    }
    let snap = Table::from_snapshot(t.snapshot()).map_err(|r| format!("from_snapshot refused: {r}"))?;
    if snap.state_hash() != hash {
        return Err("from_snapshot(snapshot) changed the hash".into());
    }
    let replayed = Table::replay(t.snapshot().options, t.log().to_vec()).map_err(|r| format!("replay refused: {r}"))?;
    if replayed.state_hash() != hash {
        return Err("a replay of the log changed the hash".into());
    }
    Ok(())
}

/// Plays `steps` on a new table and checks every property after every action. The error
/// names the property broken and lists the options and every action tried.
fn run(options: &str, steps: &[Step]) -> Result<(), String> {
    let mut t = Table::from_options_json(options).map_err(|r| format!("options {options} refused: {r}"))?;
    let mut tried: Vec<String> = Vec::new();
    let fail = |tried: &[String], what: String| {
        Err(format!(
            "{what}\noptions: {options}\nactions:\n{}",
            tried.iter().map(|a| format!("  {a}")).collect::<Vec<_>>().join("\n")
        ))
    };
    let mut views: Vec<View<'static>> = VIEWERS.iter().map(|v| t.view(*v).into_owned()).collect();
    for (i, step) in steps.iter().enumerate() {
        let input = action(&t, *step);
        tried.push(input.shown());
        let before = t.clone();
        let before_views = std::mem::take(&mut views);
        let (out, caused) = match input {
            Input::Typed(a) => {
                let out = t.apply(a.clone());
                let caused = check_action_caused(&before, &a, &out);
                (out, caused)
            }
            Input::Text(text) => {
                let out = t.apply_json(&text);
                let caused = check_caused(&before, &text, &out);
                (out, caused)
            }
        };
        if let Err(e) = caused {
            return fail(&tried, format!("caused beyond its cause: {e}"));
        }
        views = VIEWERS.iter().map(|v| t.view(*v).into_owned()).collect();
        if let Outcome::Rejected(r) = &out {
            let (was, now) = (fingerprint(&before, &before_views), fingerprint(&t, &views));
            if was != now {
                let what = if was.hash != now.hash {
                    "the hash"
                } else if was.state != now.state {
                    "the state"
                } else if was.log != now.log {
                    "the log"
                } else if was.views != now.views {
                    "a view"
                } else {
                    "legal_calls"
                };
                return fail(&tried, format!("refused ({}) but changed {what}", r.code().as_str()));
            }
        }
        for v in &views {
            if let Err(e) = check_view(t.regulation(), v) {
                return fail(&tried, format!("view audience: {e}"));
            }
        }
        if let Some(e) = inadmissible_in_force(&t) {
            return fail(&tried, format!("an inadmissible call stands: {e}"));
        }
        if let Err(e) = auction_allowed(&t) {
            return fail(&tried, format!("the calls in force are no auction the Laws allow: {e}"));
        }
        let full = i % FULL_PROBE_EVERY == FULL_PROBE_EVERY - 1 || i + 1 == steps.len();
        let pick = if full {
            None
        } else {
            Some((step.1 ^ step.3, step.2 ^ step.0))
        };
        if let Err(e) = probe_legal_calls(&t, pick) {
            return fail(&tried, format!("legal_calls disagrees with apply: {e}"));
        }
        if full {
            if let Err(e) = probe_decision(&t) {
                return fail(&tried, format!("the pending decision disagrees with apply: {e}"));
            }
            if let Err(e) = probe_questions(&t).and_then(|()| probe_disclosure_and_undo(&t)) {
                return fail(&tried, format!("a view's answer disagrees with apply: {e}"));
            }
            if let Err(e) = probe_play(&t).and_then(|()| probe_rulings(&t)) {
                return fail(&tried, format!("a view's answer disagrees with apply: {e}"));
            }
        }
        if let Err(e) = probe_leads(&t) {
            return fail(&tried, format!("legal_leads disagrees with apply: {e}"));
        }
        if let Err(e) = probe_cards(&t, if full { None } else { Some(step.2) }) {
            return fail(&tried, format!("legal_cards disagrees with apply: {e}"));
        }
        if let Err(e) = probe_lead_choice(&t) {
            return fail(&tried, format!("lead_restriction.due disagrees with apply: {e}"));
        }
        if let Err(e) = probe_reminders(&t, &out) {
            return fail(&tried, format!("a reminder invites what the view does not offer: {e}"));
        }
        if i % ROUND_TRIP_EVERY == ROUND_TRIP_EVERY - 1 || i + 1 == steps.len() {
            if let Err(e) = round_trips(&t) {
                return fail(&tried, format!("round trip: {e}"));
            }
        }
    }
    if steps.is_empty() {
        if let Err(e) = probe_legal_calls(&t, None).and_then(|()| round_trips(&t)) {
            return fail(&tried, e);
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPERTY_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

macro_rules! table_properties {
    ($name:ident, $preset:expr) => {
        proptest! {
            #![proptest_config(common::config::cases(cases()))]
            #[test]
            fn $name(
                overrides in any::<Overrides>(),
                board in (any::<u8>(), any::<u8>(), any::<u8>()),
                steps in prop::collection::vec(any::<Step>(), 0..200),
            ) {
                let options = options_json($preset, overrides, board.0, board.1, board.2);
                let out = run(&options, &steps);
                prop_assert!(out.is_ok(), "{}", out.err().unwrap_or_default());
            }
        }
    };
}

table_properties!(online_tables_keep_every_property_after_every_action, Preset::Online);
table_properties!(
    online_tournament_tables_keep_every_property_after_every_action,
    Preset::OnlineTournament
);
table_properties!(
    face_to_face_tables_keep_every_property_after_every_action,
    Preset::FaceToFace
);
table_properties!(screens_tables_keep_every_property_after_every_action, Preset::Screens);
