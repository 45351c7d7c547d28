//! Per-viewer streams: each viewer's stream holds exactly the events and warnings
//! of his audience, numbered by versions that count only his own entries; catching up from any
//! version gives the tail of the full stream; what a server pushes after each action adds up
//! to the same stream. Server time: a client's `at` is replaced by the server's clock.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::event::EventKind;
use bridge_laws::stream::{entries_of, StreamEntry};
use bridge_laws::{Action, Code, Preset, Seat, StreamItem, Table, Viewer};
use common::act::{apply_all, call, explained};
use common::{preset_table as table, random_action, seat, VIEWERS};
use proptest::prelude::*;

/// Plays random steps; at each accepted action adds what a server pushes to each viewer.
fn play(preset: Preset, dealer: u8, steps: &[(u8, u8, u8)]) -> (Table, Vec<Vec<StreamEntry>>) {
    let mut t = table(preset, seat(dealer));
    let mut pushed = vec![Vec::new(); VIEWERS.len()];
    for s in steps {
        let before: Vec<u64> = VIEWERS.iter().map(|v| t.stream_version(*v)).collect();
        let out = t.apply(random_action(&t, *s));
        for (i, v) in VIEWERS.iter().enumerate() {
            let entries = entries_of(&out, *v, before[i]);
            if !out.is_ok() {
                assert!(
                    entries.is_empty() && t.stream_version(*v) == before[i],
                    "a refusal added to a stream"
                );
            }
            pushed[i].extend(entries);
        }
    }
    (t, pushed)
}

fn check(t: &Table, pushed: &[Vec<StreamEntry>]) -> Result<(), String> {
    for (i, viewer) in VIEWERS.iter().enumerate() {
        let stream = t.stream(*viewer);
        if let Some(e) = stream.iter().find(|e| !e.item.audience().contains(*viewer)) {
            return Err(format!("{viewer}'s stream holds {:?} outside its audience", e.item));
        }
        let versions: Vec<u64> = stream.iter().map(|e| e.version).collect();
        if versions != (1..=stream.len() as u64).collect::<Vec<_>>() || t.stream_version(*viewer) != stream.len() as u64
        {
            return Err(format!("{viewer}'s versions are not 1..={}", stream.len()));
        }
        // The same events and warnings as the viewer's view, in the same order.
        let view = t.view(*viewer);
        let events: Vec<_> = stream
            .iter()
            .filter_map(|e| match &e.item {
                StreamItem::Event(e) => Some(e.clone()),
                _ => None,
            })
            .collect();
        let warnings: Vec<_> = stream
            .iter()
            .filter_map(|e| match &e.item {
                StreamItem::Warning(w) => Some(w.clone()),
                _ => None,
            })
            .collect();
        if events != view.events.to_vec() || warnings != view.warnings.to_vec() {
            return Err(format!("{viewer}'s stream differs from his view"));
        }
        // Every entry of the board in some audience reaches the Director.
        if *viewer == Viewer::Director && stream.len() != t.feed().len() + t.warnings().len() {
            return Err("the Director's stream misses entries".into());
        }
        for from in 0..=stream.len() {
            let tail = t.events_since(*viewer, from as u64).map_err(|e| e.to_string())?;
            if tail != stream[from..] {
                return Err(format!(
                    "{viewer}: catching up from {from} is not the tail of the stream"
                ));
            }
        }
        // Lent entries (what the bindings write to JS) are written as the copies are.
        for from in [0, stream.len() / 2] {
            let lent: Vec<_> = t
                .events_since_lent(*viewer, from as u64)
                .map_err(|e| e.to_string())?
                .collect();
            if serde_json::to_value(&lent).ok() != serde_json::to_value(&stream[from..]).ok() {
                return Err(format!(
                    "{viewer}: the lent entries from {from} are written differently"
                ));
            }
        }
        if t.events_since_lent(*viewer, stream.len() as u64 + 1).is_ok() {
            return Err(format!("{viewer}: a version past the end was lent"));
        }
        if t.events_since(*viewer, stream.len() as u64 + 1).is_ok() {
            return Err(format!("{viewer}: a version past the end was accepted"));
        }
        if pushed[i] != stream {
            return Err(format!(
                "{viewer}: what was pushed action by action differs from the stream"
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config::cases(400))]
    #[test]
    fn every_stream_holds_its_audience_and_catches_up_from_any_version(
        steps in prop::collection::vec(any::<(u8, u8, u8)>(), 0..28),
        dealer in 0u8..4,
        preset in 0u8..4,
    ) {
        let preset = common::preset(preset);
        let (t, pushed) = play(preset, dealer, &steps);
        prop_assert_eq!(check(&t, &pushed), Ok(()));
    }
}

#[test]
fn partner_of_a_self_alerting_caller_gets_the_call_but_not_its_explanation() {
    let mut t = table(Preset::Online, Seat::N);
    let south = Viewer::Seat(Seat::S);
    let east = Viewer::Seat(Seat::E);
    assert!(t.apply(explained(Seat::N, "2C", "strong, artificial")).is_ok());
    let disclosed = |v: Viewer| {
        t.stream(v)
            .iter()
            .any(|e| matches!(&e.item, StreamItem::Event(ev) if matches!(ev.kind, EventKind::Disclosure { .. })))
    };
    assert!(disclosed(east), "the opponent is told the explanation");
    assert!(
        !disclosed(south),
        "partner is not (L20: the caller explains to the opponents)"
    );
    assert_eq!(
        t.stream_version(south),
        t.stream_version(east) - 1,
        "partner's version counts only his own entries"
    );
    assert!(t
        .stream(south)
        .iter()
        .all(|e| !format!("{e:?}").contains("strong, artificial")));
}

#[test]
fn an_action_outside_a_viewers_audience_leaves_his_version_unchanged() {
    let mut t = table(Preset::FaceToFace, Seat::N);
    // Under partner disclosure S explains N's call; N notes privately that it was mistaken.
    apply_all(
        &mut t,
        [call(Seat::N, "1C"), Action::alert(Seat::S, 0, Some("could be short"))],
    );
    let before: Vec<u64> = VIEWERS.iter().map(|v| t.stream_version(*v)).collect();
    let out = t.apply(Action::note_partner_mistake(Seat::N, 0));
    assert!(out.is_ok(), "{:?}", out.rejection());
    for (i, v) in VIEWERS.iter().enumerate() {
        let grew = t.stream_version(*v) > before[i];
        let may_see = out.events().iter().any(|e| e.audience.contains(*v))
            || out.warnings().iter().any(|w| w.audience.contains(*v));
        assert_eq!(grew, may_see, "{v}");
    }
    assert_eq!(
        t.stream_version(Viewer::Seat(Seat::E)),
        before[1],
        "the opponents learn nothing of the note"
    );
}

#[test]
fn tempo_is_measured_on_the_server_clock_not_the_clients() {
    // online_tournament: a call slower than 10 s is unauthorized information for partner.
    let mut t = table(Preset::OnlineTournament, Seat::N);
    // The clients claim 1 ms between the calls; the server saw 30 s.
    assert!(t.apply_on_server_clock(call(Seat::N, "1C").at(1000.0), 5_000.0).is_ok());
    let slow = t.apply_on_server_clock(call(Seat::E, "P").at(1001.0), 35_000.0);
    assert!(
        slow.warnings().iter().any(|w| w.code == Code::UiTempo),
        "a 30 s hesitation on the server's clock"
    );
    // The clients claim a minute; the server saw 2 s.
    let quick = t.apply_on_server_clock(call(Seat::S, "P").at(61001.0), 37_000.0);
    assert!(quick.is_ok() && quick.warnings().iter().all(|w| w.code != Code::UiTempo));
    // The log keeps the server's clock: a replay gives the same table.
    assert_eq!(t.log().get(1).and_then(|a| a.at), Some(35_000.0));
    let again = Table::from_snapshot(t.snapshot()).unwrap();
    assert_eq!(again.state_hash(), t.state_hash());
}
