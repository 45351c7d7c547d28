//! Streams that carry changes, not views: a client table fed only what a server
//! pushes — each viewer's new entries and the patch of his view, sent as JSON text — holds
//! at every step exactly the server's view of that viewer, and each push holds nothing his
//! view does not. A push's size depends on the action, not on the board's history.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use bridge_laws::push::push_of;
use bridge_laws::{Action, Outcome, Preset, Seat, SeatTable, Table, Update, ViewTracker, Viewer};
use common::act::{call, calls, play, play_dummy};
use common::steps::Accepted;
use common::wire::{joined, over_the_wire};
use common::{check_view, preset_table as table, random_action, seat, VIEWERS};
use proptest::prelude::*;
use serde_json::Value;

/// Whether every field of `patch` is what `view` holds now: a whole field equal to the
/// view's, a list's length and each item set equal to the view's at that position (the
/// play's fields likewise, its tricks as a list).
fn within_view(patch: &Value, view: &Value) -> Result<(), String> {
    let (Some(patch), Some(view)) = (patch.as_object(), view.as_object()) else {
        return Err("a patch and a view are objects".into());
    };
    // A view leaves out `dealt` when false, `hands` and `legal_cards` when empty.
    let (no_hands, no_cards, no_deal) = (serde_json::json!({}), serde_json::json!([]), Value::Bool(false));
    for (field, value) in patch {
        let held = match (view.get(field), field.as_str()) {
            (Some(held), _) => held,
            (None, "hands") => &no_hands,
            (None, "legal_cards") => &no_cards,
            (None, "dealt") => &no_deal,
            (None, _) => return Err(format!("the patch sets {field}, not in the view")),
        };
        if field == "hands" {
            // The hands that changed, each as the view holds it (`null`: no longer shown).
            for (seat, cards) in value.as_object().ok_or("a hands patch is a map")? {
                let now = held.get(seat).unwrap_or(&Value::Null);
                if cards != now {
                    return Err(format!("the patch's hand of {seat} is {cards}, the view's {now}"));
                }
            }
            continue;
        }
        if field == "play" && !value.is_null() {
            within_view(value, held).map_err(|e| format!("play: {e}"))?;
            continue;
        }
        let list = ["calls", "withdrawn", "questions", "open_rulings", "ledger", "tricks"].contains(&field.as_str());
        if !list {
            if value != held {
                return Err(format!("the patch's {field} is {value}, the view's {held}"));
            }
            continue;
        }
        let items = held.as_array().ok_or(format!("{field} is a list"))?;
        if value["len"].as_u64() != Some(items.len() as u64) {
            return Err(format!("the patch's length of {field} is not the view's"));
        }
        for pair in value["set"].as_array().ok_or("a list patch sets items")? {
            let at = pair[0].as_u64().ok_or("a position")? as usize;
            if items.get(at) != Some(&pair[1]) {
                return Err(format!("the patch's {field}[{at}] is not the view's"));
            }
        }
    }
    Ok(())
}

/// Feeds each viewer's client the pushes of one accepted action and checks it against the
/// server's table.
fn push_and_check(
    t: &Table,
    tracker: &mut ViewTracker,
    out: &Outcome,
    clients: &mut [SeatTable],
) -> Result<(), String> {
    let pushes = tracker.pushes(t, out);
    for (c, v) in clients.iter_mut().zip(VIEWERS) {
        let view = serde_json::to_value(t.view(v)).unwrap();
        if let Some(push) = pushes.get(v) {
            if push.view.is_some() || push.patch.is_none() {
                return Err(format!("{v}'s push carries a view, or no patch"));
            }
            if let Some(e) = push.entries.iter().find(|e| !e.item.audience().contains(v)) {
                return Err(format!("{v}'s push holds {:?} outside his audience", e.item));
            }
            let patch = serde_json::to_value(&push.patch).unwrap();
            within_view(&patch, &view).map_err(|e| format!("{v}: {e}"))?;
            c.receive(over_the_wire(push))
                .map_err(|e| format!("{v} refused his push: {e}"))?;
        }
        if serde_json::to_value(c.view()).unwrap() != view {
            return Err(format!("{v}'s folded view differs from the server's"));
        }
        if c.version() != t.stream_version(v) || c.entries() != t.stream(v) {
            return Err(format!("{v}'s entries are not his stream"));
        }
        if let Viewer::Seat(_) = v {
            check_view(t.regulation(), c.view())?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(common::config::cases(300))]
    #[test]
    fn a_client_fed_only_entries_and_patches_holds_the_servers_view_at_every_step(
        steps in prop::collection::vec(any::<(u8, u8, u8)>(), 0..40),
        dealer in 0u8..4,
        preset in 0u8..4,
        deal in any::<Option<u64>>(),
    ) {
        let preset = common::preset(preset);
        // Given the deal, a table also plays cards: the hands change by patches too.
        let mut t = common::dealt_table(preset, seat(dealer), deal);
        let mut clients: Vec<SeatTable> = VIEWERS.iter().map(|v| joined(&t, *v)).collect();
        let mut tracker = ViewTracker::new(&t);
        for s in &steps {
            let bases: Vec<_> = VIEWERS.iter().map(|v| (t.view_base(*v), t.stream_version(*v))).collect();
            let card = if s.0 % 3 != 2 { common::card_action(&t, s.1) } else { None };
            let out = t.apply(card.unwrap_or_else(|| random_action(&t, *s)));
            // Without a tracker, from the bases taken before the action: the same pushes.
            for ((base, version), v) in bases.iter().zip(VIEWERS) {
                let alone = push_of(&t, &out, base, *version);
                let tracked = tracker.clone().pushes(&t, &out).get(v).cloned();
                prop_assert_eq!(alone, tracked, "{}'s push without a tracker", v);
            }
            if !out.is_ok() {
                let pushes = tracker.pushes(&t, &out);
                prop_assert!(VIEWERS.iter().all(|v| pushes.get(*v).is_none()), "a refusal was pushed");
                continue;
            }
            prop_assert_eq!(push_and_check(&t, &mut tracker, &out, &mut clients), Ok(()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]
    /// A server watches only the viewers someone is joined as; a viewer watched from any step
    /// on is pushed what a tracker watching everyone from the start pushes him.
    #[test]
    fn a_tracker_pushes_to_the_viewers_it_watches_what_a_tracker_of_everyone_pushes(
        steps in prop::collection::vec(any::<(u8, u8, u8, u8)>(), 0..40),
        dealer in 0u8..4,
        preset in 0u8..4,
    ) {
        let preset = common::preset(preset);
        let mut t = table(preset, seat(dealer));
        let mut everyone = ViewTracker::new(&t);
        let mut some = ViewTracker::default();
        for (kind, a, b, who) in &steps {
            // Someone joins as a viewer, or the last connection of one leaves.
            let v = VIEWERS[usize::from(*who) % VIEWERS.len()];
            if who & 0x80 == 0 {
                some.watch(&t, v);
            } else {
                some.unwatch(v);
            }
            let out = t.apply(random_action(&t, (*kind, *a, *b)));
            let all = everyone.pushes(&t, &out);
            let watched = some.pushes(&t, &out);
            for v in VIEWERS {
                let expected = if some.is_watching(v) { all.get(v).cloned() } else { None };
                prop_assert_eq!(watched.get(v).cloned(), expected, "{}'s push", v);
            }
        }
    }
}

fn accepted(t: &mut Table, action: Action) -> Accepted {
    let shown = format!("{action:?}");
    let out = t.apply(action);
    assert!(out.is_ok(), "{shown}: {:?}", out.rejection());
    Accepted(out)
}

/// Applies each of `actions`, which must be accepted, and checks every client against the
/// server after its pushes (`push_and_check`).
fn pushed(t: &mut Table, tracker: &mut ViewTracker, clients: &mut [SeatTable], actions: Vec<Action>) {
    for action in actions {
        let shown = format!("{action:?}");
        let out = accepted(t, action);
        assert_eq!(push_and_check(t, tracker, &out, clients), Ok(()), "{shown}");
    }
}

/// The bytes of each viewer's push for `action`, and of the whole view it replaces.
fn push_sizes(t: &mut Table, tracker: &mut ViewTracker, action: Action) -> Vec<(Viewer, usize, usize)> {
    let out = accepted(t, action);
    let pushes = tracker.pushes(t, &out);
    VIEWERS
        .iter()
        .map(|v| {
            let push = pushes.get(*v).map_or(0, |p| serde_json::to_string(p).unwrap().len());
            (*v, push, serde_json::to_string(&t.view(*v)).unwrap().len())
        })
        .collect()
}

#[test]
fn a_calls_push_stays_under_a_kibibyte_after_three_hundred_reviews() {
    // An open table (all four hear every explanation and review), long explanations.
    let mut t = table(Preset::FaceToFace, Seat::N);
    let long = "x".repeat(480);
    accepted(&mut t, call(Seat::N, "1C"));
    accepted(&mut t, Action::alert(Seat::S, 0, Some(&long)));
    accepted(&mut t, call(Seat::E, "1H"));
    accepted(&mut t, Action::alert(Seat::W, 1, Some(&long)));
    let mut tracker = ViewTracker::new(&t);
    let first_review = push_sizes(&mut t, &mut tracker, Action::review(Seat::S));
    let mut last_review = first_review.clone();
    for _ in 1..300 {
        last_review = push_sizes(&mut t, &mut tracker, Action::review(Seat::S));
    }
    let one_spade = push_sizes(&mut t, &mut tracker, call(Seat::S, "1S"));
    // Seen with `--nocapture`: the numbers the issue asks for.
    for (v, push, view) in &one_spade {
        println!("{v}: a call's push {push} bytes; the whole view it replaces {view} bytes");
    }
    let runs = one_spade.iter().zip(&first_review).zip(&last_review);
    for (((v, push, view), (_, first, _)), (_, last, _)) in runs {
        assert!(*push > 0, "{v} hears of the call");
        assert!(*push <= 1024, "{v}'s push for a call is {push} bytes after 300 reviews");
        // (Spectators are not told of reviews.)
        let grown = *view > 300 * 40 || *v == Viewer::Spectator;
        assert!(grown, "{v}'s whole view has grown with the reviews ({view} bytes)");
        // (Only the entries' version numbers have grown: 3 digits instead of 1.)
        assert!(
            *last <= first + 4,
            "{v}: the 300th review's push is {last} bytes, the first's {first}"
        );
        assert!(*first <= 1024, "{v}'s push for a review is {first} bytes");
    }
}

#[test]
fn a_cards_push_does_not_grow_with_the_tricks_played_and_every_client_folds_it() {
    // Declarer N, dummy S, leader E; E leads and wins every trick (`tests/table.rs`).
    let mut t = table(Preset::Online, Seat::N);
    let mut tracker = ViewTracker::new(&t);
    let mut clients: Vec<SeatTable> = VIEWERS.iter().map(|v| joined(&t, *v)).collect();
    pushed(
        &mut t,
        &mut tracker,
        &mut clients,
        calls(Seat::N, &["1NT", "P", "P", "P"]),
    );
    // Each trick's largest push to each viewer.
    let mut per_trick: Vec<Vec<usize>> = Vec::new();
    for rank in ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"] {
        let mut largest = vec![0; VIEWERS.len()];
        for action in [
            play(Seat::E, &format!("S{rank}")),
            play_dummy(Seat::N, &format!("H{rank}")),
            play(Seat::W, &format!("D{rank}")),
            play(Seat::N, &format!("C{rank}")),
        ] {
            let shown = format!("{action:?}");
            let out = accepted(&mut t, action);
            let pushes = tracker.clone().pushes(&t, &out);
            for (k, v) in VIEWERS.iter().enumerate() {
                let bytes = pushes.get(*v).map_or(0, |p| serde_json::to_string(p).unwrap().len());
                largest[k] = largest[k].max(bytes);
            }
            assert_eq!(push_and_check(&t, &mut tracker, &out, &mut clients), Ok(()), "{shown}");
        }
        per_trick.push(largest);
    }
    // The 2nd trick against the 12th (the 13th's last card also ends the board).
    let (first, last) = (&per_trick[1], &per_trick[11]);
    // Seen with `--nocapture`: the largest push of a card in each trick.
    for (k, v) in VIEWERS.iter().enumerate() {
        let sizes: Vec<usize> = per_trick.iter().map(|t| t[k]).collect();
        println!("{v}: a card's largest push, tricks 1 to 13: {sizes:?} bytes");
        let (f, l) = (first[k], last[k]);
        assert!(sizes.iter().all(|b| *b > 0 && *b <= 1024), "{v}: {sizes:?} bytes");
        // (The entries' version numbers gain a digit; the trick's number two.)
        assert!(
            l <= f + 8,
            "{v}: a card's push grew from {f} to {l} bytes over the tricks"
        );
    }
    assert_eq!(t.view(Viewer::Director).play.map(|p| p.tricks.len()), Some(13));
}

#[test]
fn a_played_card_patches_its_own_hand_alone_and_only_for_the_viewers_who_see_it() {
    // North's 1NT, East leads; online, spectators see every hand.
    for preset in [Preset::Online, Preset::FaceToFace] {
        let mut t = common::dealt_table(preset, Seat::N, Some(7));
        let mut tracker = ViewTracker::new(&t);
        let mut clients: Vec<SeatTable> = VIEWERS.iter().map(|v| joined(&t, *v)).collect();
        pushed(
            &mut t,
            &mut tracker,
            &mut clients,
            calls(Seat::N, &["1NT", "P", "P", "P"]),
        );
        let contract = t.contract().expect("1NT");
        for k in 0..12 {
            let due = match t.state().play().cards().and_then(|p| p.to_play()) {
                Some(s) => s,
                None => contract.leader(),
            };
            let player = if due == contract.dummy() {
                contract.declarer
            } else {
                due
            };
            let card = t.legal_cards(player).cards().next().expect("a card to play");
            let action = if due == contract.dummy() {
                Action::play_from_dummy(contract.declarer, card)
            } else {
                Action::play(due, card)
            };
            let shown = format!("{action:?}");
            let out = accepted(&mut t, action);
            let pushes = tracker.clone().pushes(&t, &out);
            for v in VIEWERS {
                let view = t.view(v);
                let patch = pushes.get(v).map(|p| serde_json::to_value(&p.patch).unwrap());
                let hands = patch.as_ref().map_or(&Value::Null, |p| &p["hands"]);
                // The table stays dealt: no push says so again, every client still holds it.
                assert!(
                    patch.as_ref().is_none_or(|p| p.get("dealt").is_none()),
                    "{v}: {patch:?}"
                );
                // (The opening lead also spreads dummy's hand, L41D: a second hand, once.)
                if k == 0 {
                    assert!(hands.as_object().is_none_or(|h| h.len() <= 2), "{v}: {hands}");
                    continue;
                }
                let expected = match view.hands.get(&due) {
                    Some(h) => serde_json::json!({ due.to_string(): h }),
                    None => Value::Null,
                };
                assert_eq!(hands, &expected, "{preset:?}, card {k} ({shown}), {v}'s push");
            }
            assert_eq!(push_and_check(&t, &mut tracker, &out, &mut clients), Ok(()), "{shown}");
        }
    }
}

#[test]
fn a_push_for_a_viewer_with_nothing_new_is_none_and_his_view_is_unchanged() {
    // Under partner disclosure N notes privately that S's explanation was mistaken.
    let mut t = table(Preset::FaceToFace, Seat::N);
    accepted(&mut t, call(Seat::N, "1C"));
    accepted(&mut t, Action::alert(Seat::S, 0, Some("could be short")));
    let mut tracker = ViewTracker::new(&t);
    let before = serde_json::to_value(t.view(Viewer::Seat(Seat::E))).unwrap();
    let out = accepted(&mut t, Action::note_partner_mistake(Seat::N, 0));
    let pushes = tracker.pushes(&t, &out);
    assert!(
        pushes.get(Viewer::Seat(Seat::E)).is_none(),
        "East learns nothing of the note"
    );
    assert_eq!(serde_json::to_value(t.view(Viewer::Seat(Seat::E))).unwrap(), before);
    assert!(pushes.get(Viewer::Seat(Seat::N)).is_some(), "North has his own note");
}

#[test]
fn a_patch_that_does_not_fit_the_view_held_is_refused_and_the_client_is_unchanged() {
    let mut t = table(Preset::Online, Seat::N);
    let mut east = joined(&t, Viewer::Seat(Seat::E));
    let mut tracker = ViewTracker::new(&t);
    let out = accepted(&mut t, call(Seat::N, "1C"));
    let push = tracker.pushes(&t, &out).get(Viewer::Seat(Seat::E)).cloned().unwrap();
    // The call's patch adds calls[0]; claimed as calls[1] it skips a position.
    let mut text = serde_json::to_value(&push).unwrap();
    text["patch"]["calls"]["set"][0][0] = Value::from(1);
    text["patch"]["calls"]["len"] = Value::from(2);
    let skewed: Update<'static> = serde_json::from_value(text).unwrap();
    let held = serde_json::to_value(east.view()).unwrap();
    assert!(east.receive(skewed).is_err());
    assert_eq!(serde_json::to_value(east.view()).unwrap(), held);
    assert_eq!(east.version(), 0);
    // Neither a view nor a patch, or both: refused.
    let mut both = push.clone();
    both.view = Some(t.view(Viewer::Seat(Seat::E)));
    assert!(east.receive(both).is_err());
    let mut neither = push.clone();
    neither.patch = None;
    assert!(east.receive(neither).is_err());
    // The push itself is taken.
    east.receive(push).unwrap();
    assert_eq!(
        serde_json::to_value(east.view()).unwrap(),
        serde_json::to_value(t.view(Viewer::Seat(Seat::E))).unwrap()
    );
}

/// The texts a review's line refers to, read in `view`: `None` when a reference points at
/// nothing with a text.
fn resolve(
    view: &bridge_laws::View<'_>,
    restated: u32,
    lines: &[bridge_laws::event::ReviewLine],
) -> Option<Vec<(usize, bool, Vec<String>)>> {
    if view.calls.len() != restated as usize {
        return None;
    }
    lines
        .iter()
        .map(|l| {
            let call = view.calls.get(l.index)?;
            let texts = l
                .explanations
                .iter()
                .map(|p| {
                    call.disclosures
                        .get(*p)
                        .and_then(|d| d.text.as_deref())
                        .map(String::from)
                })
                .collect::<Option<Vec<_>>>()?;
            Some((l.index, l.alerted, texts))
        })
        .collect()
}

proptest! {
    #![proptest_config(common::config::cases(200))]
    #[test]
    fn a_reviews_references_read_the_same_in_every_seats_view_that_holds_it(
        steps in prop::collection::vec(any::<(u8, u8, u8)>(), 0..40),
        dealer in 0u8..4,
        preset in 0u8..4,
    ) {
        let preset = common::preset(preset);
        let mut t = table(preset, seat(dealer));
        for s in &steps {
            let out = t.apply(random_action(&t, *s));
            for e in out.events() {
                let bridge_laws::EventKind::Review { requester, restated, calls } = &e.kind else { continue };
                prop_assert!(e.audience.contains(Viewer::Director), "the Director sees every review");
                let told = resolve(&t.view(Viewer::Seat(*requester)), *restated, calls);
                prop_assert!(told.is_some(), "the review's references point into the requester's view");
                // Never partial (L20B): every alert and explanation the requester holds.
                let held: Vec<(usize, bool, Vec<String>)> = t
                    .view(Viewer::Seat(*requester))
                    .calls
                    .iter()
                    .map(|c| {
                        let texts: Vec<String> = c.disclosures.iter().filter_map(|d| d.text.as_deref().map(String::from)).collect();
                        (c.index, c.disclosures.iter().any(|d| d.alert), texts)
                    })
                    .filter(|(_, alerted, texts)| *alerted || !texts.is_empty())
                    .collect();
                prop_assert_eq!(told.as_ref(), Some(&held), "the review restates all the requester holds");
                for s in Seat::ALL.into_iter().filter(|s| e.audience.has_seat(*s)) {
                    prop_assert_eq!(&resolve(&t.view(Viewer::Seat(s)), *restated, calls), &told, "{} reads the review", s);
                }
            }
        }
    }
}
