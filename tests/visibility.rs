//! Property: for random tables under every regulation, no view ever holds an item outside
//! its audience — in particular, under self-alerting a player never sees his partner's
//! alerts, explanations or the questions put to his partner (SPEC §6, DESIGN.md); and no
//! event or warning an action causes reaches anyone who may not know of the action
//! (a summons after a correction, a reminder after a question). A table given
//! the deal plays cards too, and no viewer sees a hand he may not (`common::check_hands`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::{Action, Preset, Regulation, RegulationSpec, Table, TableOptions, Vulnerability};
use common::causes::check_action_caused;
use common::{check_view, seat, VIEWERS};
use proptest::prelude::*;

/// One random step: which kind of action, and two numbers to pick its details.
type Step = (u8, u8, u8);

/// Turns a random step into an action that fits the table now (often legal, sometimes not).
fn action(t: &Table, (kind, a, b): Step) -> Action {
    let who = seat(a % 4);
    let calls = t.calls().len().max(1);
    let index = usize::from(b) % calls;
    // Once the auction has ended, a table given the deal mostly plays its cards.
    if kind % 12 <= 5 {
        if let Some(card) = common::card_action(t, a) {
            return card;
        }
    }
    match kind % 12 {
        // A call by the seat to act, as `random_action` makes it.
        0..=4 => common::random_action(t, (0, a, b)),
        5 => Action::alert(who, index, Some(&format!("x{b}"))),
        6 => Action::explain(who, index, &format!("y{b}")),
        7 if b % 2 == 0 => Action::ask_auction(who),
        7 => Action::ask(who, index),
        8 => Action::review(who),
        9 => Action::correct_explanation(who, index, &format!("z{b}")),
        10 => Action::note_partner_mistake(who, index),
        11 if b % 2 == 0 => Action::ask_lead(who),
        // A card from the hand due, once the auction has ended (a table given the deal).
        _ => common::card_action(t, a).unwrap_or_else(|| Action::ask_lead(who)),
    }
}

fn run(preset: Preset, steps: &[Step], dealer: u8, deal: Option<u64>) -> Result<(), String> {
    let reg = Regulation::preset(preset);
    let deal = match deal {
        Some(seed) => Some(bridge_laws::Deal::from_pbn(&common::shuffled_deal(seed)).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut t = Table::new(TableOptions {
        dealer: seat(dealer % 4),
        vulnerability: Vulnerability::None,
        regulation: RegulationSpec::Preset(preset),
        board: None,
        deal,
    })
    .map_err(|r| r.to_string())?;
    for (i, s) in steps.iter().enumerate() {
        let before = t.clone();
        let action = action(&t, *s);
        let out = t.apply(action.clone());
        if !out.is_ok() && t.state_hash() != before.state_hash() {
            return Err("a refused action changed the table".into());
        }
        // Nothing an action causes reaches anyone who may not know of it.
        check_action_caused(&before, &action, &out)?;
        if i % 8 == 7 || i + 1 == steps.len() {
            for viewer in VIEWERS {
                check_view(&reg, &t.view(viewer))?;
            }
        }
        // A table given the deal: the hands are checked after every card.
        if t.board().deal.is_some() && t.contract().is_some() {
            for viewer in VIEWERS {
                common::check_hands(&reg, &t.view(viewer))?;
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
            #![proptest_config(common::config::cases(cases()))]
            #[test]
            fn $name(steps in prop::collection::vec(any::<Step>(), 0..32), dealer in 0u8..4, deal in any::<Option<u64>>()) {
                prop_assert_eq!(run($preset, &steps, dealer, deal), Ok(()));
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
