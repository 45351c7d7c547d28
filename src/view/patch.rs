//! What changed in one viewer's view: a push carries the viewer's new stream
//! entries and a `ViewPatch`, never his whole view, so its size does not depend on the
//! board's history.
//!
//! A view's `events` and `warnings` are exactly the viewer's stream entries (src/stream.rs),
//! so a client appends them from the entries; every other field is patched: a field that
//! changed is sent whole, except the lists that grow with the board (`calls`, `withdrawn`,
//! `questions`, `open_rulings`, the Director's `ledger`), sent as a `ListPatch` — their new
//! length and the items that changed or were added, by position — and the play, whose
//! completed tricks are patched the same way (`PlayPatch`). The patch is taken between
//! the viewer's own views before and after (`ViewBase`, `diff`), so it holds nothing his view
//! does not; a client applies it with `ViewPatch::apply` (the crate's `SeatTable`, the
//! bindings' `SeatTable`), and then holds exactly `Table::view(viewer)`.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize};

use super::{
    ContractName, ContractParts, Decision, Seen, SeenCall, SeenLeadRestriction, SeenPlay, SeenQuestion, SeenWithdrawn,
    View,
};
use crate::action::RulingOn;
use crate::board::Vulnerability;
use crate::call::{Call, Seat, Strain};
use crate::card::Card;
use crate::deal::CardSet;
use crate::event::BarKind;
use crate::play::Trick;
use crate::regulation::Regulation;
use crate::report::{InputError, Warning};
use crate::state::Phase;
use crate::store::seat_map::SeatMap;

/// A list's change: its new length, and the items at the positions that changed or were
/// added (written `{"len": 5, "set": [[3, …], [4, …]]}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListPatch<T> {
    /// The list's length after the change.
    pub len: usize,
    /// `(position, item)` for each item that changed or was added, by position.
    pub set: Vec<(usize, T)>,
}

impl<T> ListPatch<T> {
    /// The change from `before` to `after` (`same` compares an item held with one of
    /// `after`, `keep` makes one of `after` the patch's own), or `None` when they are equal.
    fn diff<A>(
        before: &[T],
        after: &[A],
        same: impl Fn(&T, &A) -> bool,
        keep: impl Fn(&A) -> T,
    ) -> Option<ListPatch<T>> {
        let set: Vec<(usize, T)> = after
            .iter()
            .enumerate()
            .filter(|(i, a)| before.get(*i).is_none_or(|b| !same(b, a)))
            .map(|(i, a)| (i, keep(a)))
            .collect();
        (!set.is_empty() || before.len() != after.len()).then_some(ListPatch { len: after.len(), set })
    }

    /// Whether it applies to a list of `len` items: every position within the new length,
    /// and every position past the kept ones set.
    fn fits(&self, len: usize, name: &str) -> Result<(), InputError> {
        let kept = len.min(self.len);
        let mut next_new = kept;
        for (i, _) in &self.set {
            if *i >= self.len {
                return Err(InputError::bad_input(format!(
                    "patch of {name}: position {i} is past its length {}",
                    self.len
                )));
            }
            if *i >= kept {
                if *i != next_new {
                    break;
                }
                next_new += 1;
            }
        }
        if next_new != self.len {
            return Err(InputError::bad_input(format!(
                "patch of {name}: {} items held, {} after, positions {kept}.. not all set in order",
                len, self.len
            )));
        }
        Ok(())
    }

    /// Applies it to `list` (checked by `fits`).
    fn apply(self, list: &mut Vec<T>) {
        list.truncate(self.len);
        for (i, item) in self.set {
            match list.get_mut(i) {
                Some(slot) => *slot = item,
                None => list.push(item),
            }
        }
    }
}

/// What changed in the play (`View::play`, present before and after or new): its small
/// fields whole, its completed tricks by position (written like a `SeenPlay` whose `tricks`
/// is a `ListPatch`), so a card's push does not grow with the tricks played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayPatch {
    /// The opening leader.
    pub leader: Seat,
    /// Whether the opening lead has been made.
    pub led: bool,
    /// The face-down lead (leader and Director only), or the faced lead.
    pub lead: Option<Card>,
    /// The completed tricks that changed or were added (by position), and their number.
    pub tricks: ListPatch<Trick>,
    /// The trick in progress.
    pub current: Vec<(Seat, Card)>,
    /// The hand due to play.
    pub to_play: Option<Seat>,
}

impl PlayPatch {
    /// The change from `before` (none: no play was held) to `after`.
    fn diff(before: Option<&SeenPlay>, after: &SeenPlay) -> PlayPatch {
        let held = before.map_or(&[][..], |b| &b.tricks[..]);
        let tricks = ListPatch::diff(held, &after.tricks, PartialEq::eq, Clone::clone).unwrap_or(ListPatch {
            len: after.tricks.len(),
            set: Vec::new(),
        });
        PlayPatch {
            leader: after.leader,
            led: after.led,
            lead: after.lead,
            tricks,
            current: after.current.clone(),
            to_play: after.to_play,
        }
    }

    /// The play after the patch, from the one held (checked by `tricks.fits`).
    fn apply(self, held: Option<SeenPlay>) -> SeenPlay {
        let mut tricks = held.map(|h| h.tricks).unwrap_or_default();
        self.tricks.apply(&mut tricks);
        SeenPlay {
            leader: self.leader,
            led: self.led,
            lead: self.lead,
            tricks,
            current: self.current,
            to_play: self.to_play,
        }
    }
}

/// The part of a viewer's view a patch is taken against, owned (to outlive the action):
/// the view without its events and warnings (they come as stream entries) and with only the
/// length of the Director's ledger (it only grows). Made by `Table::view_base`.
#[derive(Clone, Debug)]
pub struct ViewBase {
    view: View<'static>,
    ledger_len: usize,
}

impl ViewBase {
    /// The base of `view`: its events, warnings and ledger left out, the rest kept.
    pub fn of(mut view: View<'_>) -> ViewBase {
        view.events = Seen::from(Vec::new());
        view.warnings = Seen::from(Vec::new());
        let ledger_len = view.ledger.len();
        view.ledger = Vec::new();
        ViewBase {
            view: view.into_owned(),
            ledger_len,
        }
    }

    /// Whose view.
    pub fn viewer(&self) -> crate::audience::Viewer {
        self.view.viewer
    }

    /// What changed from this base to `after` (the same viewer's view, later), set in
    /// `patch` (empty: `ViewPatch::default()`), the base then made what `ViewBase::of(after)`
    /// holds: the same patch as `diff`, but a field that changed is moved into the patch or
    /// the base and copied once, and the others are left in place — an action changes a few
    /// fields of a view, and a server takes a patch of each watched viewer's view after
    /// every action (`ViewTracker::pushes`).
    pub(crate) fn advance(&mut self, mut after: View<'_>, patch: &mut ViewPatch) {
        patch.ledger = self.ledger_patch(&after);
        self.ledger_len = after.ledger.len();
        let base = &mut self.view;
        patch.calls = ListPatch::diff(&base.calls, &after.calls, same_call, |c| c.clone().into_owned());
        if let Some(calls) = &patch.calls {
            base.calls.truncate(calls.len);
            for (i, c) in &calls.set {
                match base.calls.get_mut(*i) {
                    Some(held) => held.clone_from(c),
                    None => base.calls.push(c.clone()),
                }
            }
        }
        if base.play != after.play {
            patch.play = Some(after.play.as_ref().map(|p| PlayPatch::diff(base.play.as_ref(), p)));
            std::mem::swap(&mut base.play, &mut after.play);
        }
        patch.hands = hands_patch(&base.hands, &after.hands);
        if patch.hands.is_some() {
            base.hands = after.hands;
        }
        advance_fields(base, after, patch);
    }

    /// The Director's ledger's new warnings since the base, if any (it only grows).
    fn ledger_patch(&self, after: &View<'_>) -> Option<ListPatch<Warning>> {
        (after.ledger.len() != self.ledger_len).then(|| ListPatch {
            len: after.ledger.len(),
            set: (self.ledger_len..)
                .zip(after.ledger.get(self.ledger_len..).unwrap_or_default())
                .map(|(i, w)| (i, w.as_ref().clone()))
                .collect(),
        })
    }

    /// What changed from this base to `after` (the same viewer's view, later).
    pub fn diff(&self, after: &View<'_>) -> ViewPatch {
        let mut patch = ViewPatch::default();
        diff_fields(&self.view, after, &mut patch);
        patch.calls = ListPatch::diff(&self.view.calls, &after.calls, same_call, |c| c.clone().into_owned());
        if self.view.play != after.play {
            patch.play = Some(after.play.as_ref().map(|p| PlayPatch::diff(self.view.play.as_ref(), p)));
        }
        patch.hands = hands_patch(&self.view.hands, &after.hands);
        patch.ledger = self.ledger_patch(after);
        patch
    }
}

/// Whether a call held equals one of a later view (of any lifetime).
fn same_call(held: &SeenCall<'static>, now: &SeenCall<'_>) -> bool {
    let short: &SeenCall<'_> = held;
    short == now
}

/// Equality as a patch judges a field sent whole: `PartialEq`'s, but for the lists of
/// indices, compared item by item in place (they hold a few items, freshly written: libc's
/// `memcmp` of so few bytes stalled, a third of `ViewTracker::pushes`'s profile).
trait Same {
    /// Whether `self` and `other` are equal.
    fn same(&self, other: &Self) -> bool;
}

impl Same for Vec<usize> {
    fn same(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b)
    }
}

/// `Same` as `PartialEq` for each type named.
macro_rules! same_as_eq {
    ($($ty:ty),* $(,)?) => {
        $(
            impl Same for $ty {
                fn same(&self, other: &Self) -> bool {
                    self == other
                }
            }
        )*
    };
}

same_as_eq!(
    Phase,
    Seat,
    Vulnerability,
    Option<u32>,
    Option<Seat>,
    Vec<Call>,
    SeatMap<BarKind>,
    Option<Decision>,
    bool,
    Option<ContractName>,
    Regulation,
    Option<SeenLeadRestriction>,
    Vec<Strain>,
    Option<ContractParts>,
    Vec<Card>,
);

/// The hands' change from `before` to `after` (a viewer's `hands`): each seat whose cards
/// differ, with its cards now (`None`: no longer shown), or `None` when no hand changed. A
/// card played changes one hand: the patch holds that one, and only for the viewers who
/// see it (the others' views did not change).
fn hands_patch(before: &SeatMap<CardSet>, after: &SeatMap<CardSet>) -> Option<SeatMap<Option<CardSet>>> {
    let changed: SeatMap<Option<CardSet>> = Seat::ALL
        .into_iter()
        .filter(|s| before.get(s) != after.get(s))
        .map(|s| (s, after.get(&s).copied()))
        .collect();
    (!changed.is_empty()).then_some(changed)
}

/// Sets each hand of `patch` in `hands` (`None`: the hand is no longer shown).
fn apply_hands(patch: &SeatMap<Option<CardSet>>, hands: &mut SeatMap<CardSet>) {
    *hands = Seat::ALL
        .into_iter()
        .filter_map(|s| match patch.get(&s) {
            Some(now) => now.map(|h| (s, h)),
            None => hands.get(&s).map(|h| (s, *h)),
        })
        .collect();
}

/// A `Some` for a field present in a patch, even as `null` (an `Option` field set to none).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Declares `ViewPatch`: one field per view field sent whole, one `ListPatch` per list that
/// grows with the board, with their diff and apply.
macro_rules! view_patch {
    (whole { $($field:ident: $ty:ty),* $(,)? } lists { $($list:ident: $item:ty),* $(,)? }) => {
        /// What changed in a viewer's view by an action: each field present changed (`null`
        /// for an optional field that became empty); absent fields did not. `events` and
        /// `warnings` are not in it: they are the push's stream entries.
        ///
        /// TypeScript (for the bindings): `ViewPatch`.
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct ViewPatch {
            $(
                #[doc = concat!("The new `", stringify!($field), "`, if it changed.")]
                #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
                pub $field: Option<$ty>,
            )*
            $(
                #[doc = concat!("The items of `", stringify!($list), "` that changed or were added, if any.")]
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $list: Option<ListPatch<$item>>,
            )*
            /// The calls in force that changed or were added (by index), if any.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub calls: Option<ListPatch<SeenCall<'static>>>,
            /// Director only: the warnings added to the information ledger.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub ledger: Option<ListPatch<Warning>>,
            /// The play, if it changed: its tricks by position (`null` when it ended).
            #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
            pub play: Option<Option<PlayPatch>>,
            /// The hands that changed, if any: each seat whose cards the viewer sees changed,
            /// with its cards now (`null`: no longer shown). A card played: its hand alone.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub hands: Option<SeatMap<Option<CardSet>>>,
        }

        impl ViewPatch {
            /// The fields a patch sends whole (by their names in JSON and JS).
            pub const WHOLE: &'static [&'static str] = &[$(stringify!($field)),*];
            /// The fields a patch sends as a `ListPatch`.
            pub const LISTS: &'static [&'static str] = &[$(stringify!($list),)* "calls", "ledger"];
            /// The fields a patch sends as a patch of their own (`play`: a `PlayPatch`).
            pub const NESTED: &'static [&'static str] = &["play", "hands"];
        }

        /// Sets in `patch` each field of `after` that differs from `before`'s (but the calls,
        /// the ledger and the play).
        fn diff_fields(before: &View<'static>, after: &View<'_>, patch: &mut ViewPatch) {
            $(
                if !<$ty as Same>::same(&before.$field, &after.$field) {
                    patch.$field = Some(after.$field.clone());
                }
            )*
            $(
                patch.$list = ListPatch::diff(&before.$list, &after.$list, PartialEq::eq, Clone::clone);
            )*
        }

        /// `diff_fields`, `before` then made `after`'s: each whole field that changed moved
        /// into `patch` and copied into `before` (reusing its room), each list that changed
        /// moved into `before`, the others left as they are.
        fn advance_fields(before: &mut View<'static>, after: View<'_>, patch: &mut ViewPatch) {
            $(
                if !<$ty as Same>::same(&before.$field, &after.$field) {
                    before.$field.clone_from(&after.$field);
                    patch.$field = Some(after.$field);
                }
            )*
            $(
                patch.$list = ListPatch::diff(&before.$list, &after.$list, PartialEq::eq, Clone::clone);
                if patch.$list.is_some() {
                    before.$list = after.$list;
                }
            )*
        }

        impl ViewPatch {
            /// Whether nothing changed.
            pub fn is_empty(&self) -> bool {
                $(self.$field.is_none() &&)* $(self.$list.is_none() &&)* self.calls.is_none() && self.ledger.is_none() && self.play.is_none() && self.hands.is_none()
            }

            /// Whether each list's change fits the list held in `view`.
            fn lists_fit(&self, view: &View<'static>) -> Result<(), InputError> {
                $(
                    if let Some(l) = &self.$list {
                        l.fits(view.$list.len(), stringify!($list))?;
                    }
                )*
                Ok(())
            }

            /// Sets each field present in the patch (but the calls and the ledger).
            fn apply_fields(&mut self, view: &mut View<'static>) {
                $(
                    if let Some(value) = self.$field.take() {
                        view.$field = value;
                    }
                )*
                $(
                    if let Some(l) = self.$list.take() {
                        l.apply(&mut view.$list);
                    }
                )*
            }
        }
    };
}

view_patch! {
    whole {
        phase: Phase,
        dealer: Seat,
        vulnerability: Vulnerability,
        board: Option<u32>,
        turn: Option<Seat>,
        legal_calls: Vec<Call>,
        barred: SeatMap<BarKind>,
        pending: Option<Decision>,
        change_offers: Vec<usize>,
        may_ask: bool,
        askable: Vec<usize>,
        may_review: bool,
        may_ask_lead: bool,
        may_ask_contract: bool,
        correctable: Vec<usize>,
        notable: Vec<usize>,
        questions_to_answer: Vec<usize>,
        contract: Option<ContractName>,
        declarer: Option<Seat>,
        dummy: Option<Seat>,
        opening_leader: Option<Seat>,
        regulation: Regulation,
        lead_restriction: Option<SeenLeadRestriction>,
        legal_leads: Vec<Strain>,
        scoring_contract: Option<ContractName>,
        may_replace_call: bool,
        disclosable: Vec<usize>,
        may_play: bool,
        may_end_play: bool,
        contract_parts: Option<ContractParts>,
        scoring_contract_parts: Option<ContractParts>,
        dealt: bool,
        legal_cards: Vec<Card>,
    }
    lists {
        withdrawn: SeenWithdrawn,
        questions: SeenQuestion,
        open_rulings: RulingOn,
    }
}

impl ViewPatch {
    /// Applies the patch and the entries' events and warnings to `view` (the viewer's view
    /// before the action), leaving it as the viewer's view after it.
    ///
    /// # Errors
    /// `BAD_INPUT` when a list's change does not fit the list held (positions past its new
    /// length, or added items missing); `view` is then unchanged.
    pub fn apply<'e>(
        mut self,
        view: &mut View<'static>,
        entries: impl IntoIterator<Item = &'e crate::stream::StreamEntry>,
    ) -> Result<(), InputError> {
        if let Some(c) = &self.calls {
            c.fits(view.calls.len(), "calls")?;
        }
        if let Some(l) = &self.ledger {
            l.fits(view.ledger.len(), "ledger")?;
        }
        if let Some(Some(p)) = &self.play {
            p.tricks
                .fits(view.play.as_ref().map_or(0, |p| p.tricks.len()), "play.tricks")?;
        }
        self.lists_fit(view)?;
        self.apply_fields(view);
        if let Some(c) = self.calls {
            c.apply(&mut view.calls);
        }
        if let Some(play) = self.play {
            view.play = play.map(|p| p.apply(view.play.take()));
        }
        if let Some(h) = &self.hands {
            apply_hands(h, &mut view.hands);
        }
        if let Some(l) = self.ledger {
            let mut ledger: Vec<Warning> = std::mem::take(&mut view.ledger)
                .into_iter()
                .map(Cow::into_owned)
                .collect();
            l.apply(&mut ledger);
            view.ledger = ledger.into_iter().map(Cow::Owned).collect();
        }
        for e in entries {
            match &e.item {
                crate::stream::StreamItem::Event(ev) => view.events.push(ev.clone()),
                crate::stream::StreamItem::Warning(w) => view.warnings.push(w.clone()),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(before: &[u8], after: &[u8]) -> Option<ListPatch<u8>> {
        ListPatch::diff(before, after, PartialEq::eq, Clone::clone)
    }

    #[test]
    fn a_list_patch_sets_only_what_changed_and_rebuilds_the_list() {
        for (before, after) in [
            (&[1, 2, 3][..], &[1, 9, 3, 4][..]),
            (&[1, 2, 3], &[1]),
            (&[], &[5, 6]),
            (&[1, 2], &[3]),
        ] {
            let patch = diff(before, after).expect("a change");
            let unchanged = after.iter().zip(before).filter(|(a, b)| a == b).count();
            assert_eq!(patch.set.len(), after.len() - unchanged, "{before:?} → {after:?}");
            assert_eq!(patch.fits(before.len(), "list"), Ok(()));
            let mut list = before.to_vec();
            patch.apply(&mut list);
            assert_eq!(list, after);
        }
        assert_eq!(diff(&[1, 2], &[1, 2]), None);
    }

    #[test]
    fn a_base_taken_forward_patches_as_a_new_base_would_and_then_holds_what_it_holds() {
        use crate::action::Action;
        use crate::audience::Viewer;
        use crate::call::Call;
        use crate::table::{Table, TableOptions};
        let mut t = Table::new(TableOptions {
            dealer: Seat::N,
            vulnerability: Vulnerability::None,
            regulation: Default::default(),
            board: None,
            deal: None,
        })
        .expect("a table");
        let call = |c: &str| c.parse::<Call>().expect("a call");
        let actions = [
            Action::explained(Seat::N, call("1C"), "could be short"),
            Action::ask(Seat::E, 0),
            Action::explain(Seat::N, 0, "two or more clubs"),
            Action::call(Seat::E, call("P")),
            Action::explained(Seat::S, call("1H"), "four or more hearts"),
            Action::review(Seat::W),
            Action::call(Seat::W, call("X")),
            Action::correct_explanation(Seat::N, 0, "three or more clubs"),
            Action::call(Seat::N, call("P")),
            Action::call(Seat::E, call("P")),
            Action::call(Seat::S, call("P")),
            Action::ask(Seat::W, 2),
            Action::ask_lead(Seat::E),
        ];
        let mut tracked: Vec<ViewBase> = Viewer::ALL.iter().map(|v| t.view_base(*v)).collect();
        for (i, a) in actions.into_iter().enumerate() {
            let fresh: Vec<ViewBase> = Viewer::ALL.iter().map(|v| t.view_base(*v)).collect();
            assert!(t.apply(a).is_ok(), "action {i} accepted");
            for ((base, fresh), v) in tracked.iter_mut().zip(&fresh).zip(Viewer::ALL) {
                let mut patch = ViewPatch::default();
                base.advance(t.view(v), &mut patch);
                assert_eq!(patch, fresh.diff(&t.view(v)), "{v}'s patch after action {i}");
                let now = t.view_base(v);
                assert_eq!(base.view, now.view, "{v}'s base after action {i}");
                assert_eq!(base.ledger_len, now.ledger_len, "{v}'s ledger after action {i}");
            }
        }
        let director = &tracked[4];
        assert!(
            director.view.calls.iter().any(|c| c.disclosures.len() > 1),
            "a correction held"
        );
    }

    #[test]
    fn a_patch_carries_dealt_when_it_changes_and_applied_leaves_it_as_the_view_after() {
        use crate::audience::Viewer;
        use crate::deal::Deal;
        use crate::table::{Table, TableOptions};
        let table = |deal: Option<Deal>| {
            Table::new(TableOptions {
                dealer: Seat::N,
                vulnerability: Vulnerability::None,
                regulation: Default::default(),
                board: None,
                deal,
            })
            .expect("a table")
        };
        let plain = table(None);
        let dealt = table(Some(Deal::from_pbn("N:AK... - - -").expect("a partial deal")));
        let viewer = Viewer::Seat(Seat::E);
        for (before, after) in [(&plain, &dealt), (&dealt, &plain)] {
            let patch = before.view_base(viewer).diff(&after.view(viewer));
            assert_eq!(patch.dealt, Some(after.view(viewer).dealt));
            let mut held = before.view(viewer).into_owned();
            assert_eq!(patch.apply(&mut held, []), Ok(()));
            assert_eq!(held.dealt, after.view(viewer).dealt);
        }
        assert_eq!(
            dealt.view_base(viewer).diff(&dealt.view(viewer)).dealt,
            None,
            "unchanged: not sent"
        );
    }

    #[test]
    fn a_list_patch_that_skips_or_overruns_a_position_does_not_fit() {
        let patch = |len: usize, set: &[usize]| ListPatch {
            len,
            set: set.iter().map(|i| (*i, 0u8)).collect(),
        };
        assert!(patch(3, &[2]).fits(1, "list").is_err(), "position 1 never set");
        assert!(patch(2, &[2]).fits(2, "list").is_err(), "past the length");
        assert!(patch(3, &[2, 1]).fits(1, "list").is_err(), "added out of order");
        assert!(patch(3, &[0, 1, 2]).fits(1, "list").is_ok());
        assert!(patch(1, &[]).fits(4, "list").is_ok(), "a list cut short");
    }
}
