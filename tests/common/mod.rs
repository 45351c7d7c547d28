//! Shared by the property tests: the viewers, the view-audience check and the generators
//! of random regulations and random actions (plausible, irregular and malformed).
#![allow(dead_code)]

pub mod act;
pub mod answers;
pub mod auction_laws;
pub mod causes;
pub mod config;
pub mod steps;
pub mod wire;

use bridge_laws::event::DisclosureKind;
use bridge_laws::regulation::Disclosure;
use bridge_laws::view::View;
use bridge_laws::{Action, Call, Regulation, Seat, Table, Viewer};

/// Every viewer of a table.
pub const VIEWERS: [Viewer; 6] = Viewer::ALL;

/// The seat numbered `n` (mod 4).
pub fn seat(n: u8) -> Seat {
    Seat::from_index(usize::from(n))
}

/// The preset numbered `n` (mod 4): online, online tournament, face to face, screens.
pub fn preset(n: u8) -> bridge_laws::Preset {
    use bridge_laws::Preset;
    [
        Preset::Online,
        Preset::OnlineTournament,
        Preset::FaceToFace,
        Preset::Screens,
    ][usize::from(n % 4)]
}

/// The 38 calls: pass, double, redouble and the 35 bids.
pub fn all_calls() -> Vec<String> {
    let mut out = vec!["P".to_string(), "X".to_string(), "XX".to_string()];
    for level in 1..=7 {
        for strain in ["C", "D", "H", "S", "NT"] {
            out.push(format!("{level}{strain}"));
        }
    }
    out
}

/// The call numbered `n` among the 38 (mod 38).
pub fn any_call(n: u8) -> String {
    let all = all_calls();
    all[usize::from(n) % all.len()].clone()
}

/// The card numbered `n` among the 52 (mod 52).
pub fn any_card(n: u8) -> String {
    let n = usize::from(n) % 52;
    let suit = ["S", "H", "D", "C"][n / 13];
    let rank = "23456789TJQKA".as_bytes()[n % 13] as char;
    format!("{suit}{rank}")
}

/// Whether the call in force at each position was admissible over the calls before it
/// (L19, L36: an inadmissible double or redouble can never stand).
pub fn inadmissible_in_force(t: &Table) -> Option<String> {
    let calls = t.state().auction().in_force();
    for (i, e) in calls.iter().enumerate() {
        if matches!(e.call, Call::Double | Call::Redouble)
            && bridge_laws::auction::check(&calls[..i], e.seat, e.call).is_err()
        {
            let list: Vec<String> = calls.iter().map(|c| format!("{}:{}", c.seat, c.call)).collect();
            return Some(format!("{}'s {} in [{}]", e.seat, e.call, list.join(" ")));
        }
    }
    None
}

/// SPEC §6: no view holds an item outside its audience — in particular, under
/// self-alerting a player never sees his partner's alerts, explanations or the questions
/// put to his partner; under screens he sees only his side of the screen.
pub fn check_view(reg: &Regulation, v: &View) -> Result<(), String> {
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
    check_hands(reg, v)
}

/// SPEC §6 for the hands (a table given the deal): a player sees his own, everyone dummy's
/// once the opening lead is faced (L41D), the Director all, spectators all when the
/// regulation lets them; no card shown is one played face up.
pub fn check_hands(reg: &Regulation, v: &View) -> Result<(), String> {
    let viewer = v.viewer;
    let faced = v.play.as_ref().is_some_and(|p| p.led) && v.phase != bridge_laws::Phase::Clarification;
    for (seat, cards) in v.hands.iter() {
        let allowed = match viewer {
            Viewer::Director => true,
            Viewer::Seat(me) => me == seat,
            Viewer::Spectator => reg.spectators_see_hands,
        } || (faced && v.dummy == Some(seat));
        if !allowed {
            return Err(format!("{viewer} sees {seat}'s hand"));
        }
        if let Some(p) = &v.play {
            let played = p.tricks.iter().flat_map(|t| t.cards.iter()).chain(p.current.iter());
            if let Some((_, c)) = played.into_iter().find(|(_, c)| cards.contains(*c)) {
                return Err(format!("{viewer} sees {c}, played, still in {seat}'s hand"));
            }
        }
    }
    Ok(())
}

/// A random action that fits the table now (often legal, sometimes not).
pub fn random_action(t: &Table, (kind, a, b): (u8, u8, u8)) -> Action {
    let who = seat(a % 4);
    let index = usize::from(b) % t.calls().len().max(1);
    match kind % 10 {
        0..=3 => {
            let turn = t.turn().unwrap_or(who);
            let legal = t.legal_calls(turn);
            // Given the deal, mostly passes: the auction ends and the cards are played.
            let pass = t.board().deal.is_some() && b % 4 != 0;
            let call = legal
                .iter()
                .nth(usize::from(b) % legal.len().max(1))
                .filter(|_| !pass)
                .unwrap_or(Call::Pass);
            if a % 3 == 0 {
                Action::explained(turn, call, "artificial")
            } else {
                Action::call(turn, call)
            }
        }
        4 => act::call(who, "1C"),
        5 => Action::explain(who, index, &format!("y{b}")),
        6 => Action::ask(who, index),
        7 => Action::review(who),
        8 => Action::note_partner_mistake(who, index),
        _ => Action::ask_lead(who),
    }
}

/// A whole deal shuffled from `seed`, as a PBN deal string from North.
pub fn shuffled_deal(seed: u64) -> String {
    let mut cards: Vec<String> = (0..52u8).map(any_card).collect();
    let mut x = seed | 1;
    for i in (1..cards.len()).rev() {
        // xorshift64
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let hands: Vec<String> = cards
        .chunks(13)
        .map(|h| {
            ["S", "H", "D", "C"]
                .iter()
                .map(|suit| {
                    let mut ranks: Vec<usize> = h
                        .iter()
                        .filter(|c| c.starts_with(suit))
                        .filter_map(|c| "23456789TJQKA".find(&c[1..]))
                        .collect();
                    ranks.sort_unstable_by(|a, b| b.cmp(a));
                    ranks.iter().map(|r| &"23456789TJQKA"[*r..=*r]).collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// A card action of the seat who plays next, with a card his hand still holds (the
/// `n`-th, cyclically): the opening lead (face down or faced at once), facing it, or a card
/// in play (declarer's from dummy). `None` when no card is due or the table has no deal.
pub fn card_action(t: &Table, n: u8) -> Option<Action> {
    let hands = t.view(Viewer::Director).hands;
    let contract = t.contract()?;
    let p = t.state().play().cards();
    match t.phase() {
        bridge_laws::Phase::Clarification => {
            let leader = contract.leader();
            if p.is_some_and(|p| p.lead.is_some()) {
                return Some(Action::face_lead(leader));
            }
            let held: Vec<bridge_laws::Card> = hands.get(&leader)?.cards().collect();
            let card = *held.get(usize::from(n) % held.len().max(1))?;
            Some(if n % 2 == 0 {
                Action::lead(leader, card)
            } else {
                Action::play(leader, card)
            })
        }
        bridge_laws::Phase::Play => {
            let due = p?.to_play()?;
            let held: Vec<bridge_laws::Card> = hands.get(&due)?.cards().collect();
            let card = *held.get(usize::from(n) % held.len().max(1))?;
            Some(if due == contract.dummy() {
                Action::play_from_dummy(contract.declarer, card)
            } else {
                Action::play(due, card)
            })
        }
        _ => None,
    }
}

/// A table (no vulnerability) under `preset` dealt by `dealer`, given the deal shuffled
/// from `seed` if any.
pub fn dealt_table(preset: bridge_laws::Preset, dealer: Seat, seed: Option<u64>) -> Table {
    Table::new(bridge_laws::TableOptions {
        dealer,
        vulnerability: bridge_laws::Vulnerability::None,
        regulation: bridge_laws::RegulationSpec::Preset(preset),
        board: None,
        deal: seed.map(|s| bridge_laws::Deal::from_pbn(&shuffled_deal(s)).expect("a shuffled deal")),
    })
    .unwrap()
}

/// A table (no vulnerability) under `preset` dealt by `dealer`.
pub fn preset_table(preset: bridge_laws::Preset, dealer: Seat) -> Table {
    Table::new(bridge_laws::TableOptions {
        dealer,
        vulnerability: bridge_laws::Vulnerability::None,
        regulation: bridge_laws::RegulationSpec::Preset(preset),
        board: None,
        deal: None,
    })
    .unwrap()
}
