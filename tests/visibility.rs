//! Property: for random tables under every regulation, no view ever holds an item outside
//! its audience — in particular, under self-alerting a player never sees his partner's
//! alerts, explanations or the questions put to his partner (SPEC §6, DESIGN.md).
#![cfg(not(target_arch = "wasm32"))]

use bridge_laws::event::DisclosureKind;
use bridge_laws::regulation::Disclosure;
use bridge_laws::view::View;
use bridge_laws::{Preset, Regulation, RegulationSpec, Seat, Table, TableOptions, Viewer, Vulnerability};
use proptest::prelude::*;

const VIEWERS: [Viewer; 6] = [
    Viewer::Seat(Seat::N),
    Viewer::Seat(Seat::E),
    Viewer::Seat(Seat::S),
    Viewer::Seat(Seat::W),
    Viewer::Director,
    Viewer::Spectator,
];

/// One random step: which kind of action, and two numbers to pick its details.
type Step = (u8, u8, u8);

fn seat(n: u8) -> Seat {
    Seat::from_index(usize::from(n))
}

/// Turns a random step into an action that fits the table now (often legal, sometimes not).
fn action(t: &Table, (kind, a, b): Step) -> String {
    let who = seat(a % 4);
    let calls = t.calls().len().max(1);
    let index = usize::from(b) % calls;
    match kind % 12 {
        0..=4 => {
            let turn = t.turn().unwrap_or(who);
            let legal = t.legal_calls(turn);
            let call = legal
                .get(usize::from(b) % legal.len().max(1))
                .map_or("P".to_string(), ToString::to_string);
            let alert = if a % 3 == 0 {
                r#","alert":true,"explanation":"artificial""#
            } else {
                ""
            };
            format!(r#"{{"seat":"{turn}","type":"call","call":"{call}"{alert}}}"#)
        }
        5 => format!(r#"{{"seat":"{who}","type":"alert","index":{index},"explanation":"x{b}"}}"#),
        6 => format!(r#"{{"seat":"{who}","type":"explain","index":{index},"text":"y{b}"}}"#),
        7 if b % 2 == 0 => format!(r#"{{"seat":"{who}","type":"ask"}}"#),
        7 => format!(r#"{{"seat":"{who}","type":"ask","index":{index}}}"#),
        8 => format!(r#"{{"seat":"{who}","type":"review"}}"#),
        9 => format!(r#"{{"seat":"{who}","type":"correct_explanation","index":{index},"text":"z{b}"}}"#),
        10 => format!(r#"{{"seat":"{who}","type":"note_partner_mistake","index":{index}}}"#),
        _ => format!(r#"{{"seat":"{who}","type":"ask_lead"}}"#),
    }
}

fn check_view(reg: &Regulation, v: &View) -> Result<(), String> {
    let viewer = v.viewer;
    for e in &v.events {
        if !e.audience.contains(viewer) {
            return Err(format!("{viewer} sees event {:?} outside its audience", e.kind));
        }
    }
    for w in &v.warnings {
        if !w.audience.contains(viewer) {
            return Err(format!("{viewer} sees warning {} outside its audience", w.code));
        }
    }
    for c in &v.calls {
        for d in &c.disclosures {
            if d.superseded && viewer != Viewer::Director {
                return Err(format!("{viewer} sees a superseded explanation"));
            }
            match viewer {
                Viewer::Seat(me) => match reg.disclosure {
                    Disclosure::SelfAlert if c.seat == me.partner() => {
                        return Err(format!("{me} sees a disclosure of partner's call {}", c.call));
                    }
                    // A correction goes to the original explanation's audience (SPEC 5.5).
                    Disclosure::Screens
                        if d.kind != DisclosureKind::Correction && d.by != me && d.by != reg.screenmates.of(me) =>
                    {
                        return Err(format!("{me} sees {}'s disclosure from across the screen", d.by));
                    }
                    _ => {}
                },
                Viewer::Spectator if !reg.spectators_see_disclosures => {
                    return Err("a spectator sees a disclosure".into());
                }
                _ => {}
            }
        }
    }
    if let Viewer::Seat(me) = viewer {
        for q in &v.questions {
            let mine = q.asker == me || q.answerers.contains(&me);
            let put_to_partner = q.answerers.contains(&me.partner()) && q.asker != me;
            match reg.disclosure {
                Disclosure::SelfAlert if !mine || (put_to_partner && !q.answerers.contains(&me)) => {
                    return Err(format!(
                        "{me} sees a question between {} and {:?}",
                        q.asker, q.answerers
                    ));
                }
                Disclosure::Screens if q.asker != me && q.asker != reg.screenmates.of(me) => {
                    return Err(format!("{me} sees a question from across the screen"));
                }
                _ => {}
            }
        }
        if v.legal_calls.iter().any(|_| v.turn != Some(me)) {
            return Err(format!("{me} is offered calls out of turn"));
        }
    }
    Ok(())
}

fn run(preset: Preset, steps: &[Step], dealer: u8) -> Result<(), String> {
    let reg = Regulation::preset(preset);
    let mut t = Table::new(TableOptions {
        dealer: seat(dealer % 4),
        vulnerability: Vulnerability::None,
        regulation: RegulationSpec::Preset(preset),
        board: None,
    })
    .map_err(|r| r.to_string())?;
    for (i, s) in steps.iter().enumerate() {
        let before = t.state_hash();
        let out = t.apply_json(&action(&t, *s));
        if !out.is_ok() && t.state_hash() != before {
            return Err("a refused action changed the table".into());
        }
        if i % 8 == 7 || i + 1 == steps.len() {
            for viewer in VIEWERS {
                check_view(&reg, &t.view(viewer))?;
            }
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("VISIBILITY_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

macro_rules! visibility_property {
    ($name:ident, $preset:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $name(steps in prop::collection::vec(any::<Step>(), 0..24), dealer in 0u8..4) {
                prop_assert_eq!(run($preset, &steps, dealer), Ok(()));
            }
        }
    };
}

visibility_property!(no_online_view_leaks_outside_its_audience, Preset::Online);
visibility_property!(
    no_online_tournament_view_leaks_outside_its_audience,
    Preset::OnlineTournament
);
visibility_property!(no_face_to_face_view_leaks_outside_its_audience, Preset::FaceToFace);
visibility_property!(no_screens_view_leaks_outside_its_audience, Preset::Screens);
