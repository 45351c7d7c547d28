//! The working context of one action: the settings it reads, the state it changes, the
//! events and warnings it produces, and who may know that the action happened — the bound
//! of everything it causes; what comes with a call (`WithCall`) and what a law
//! module asks of the call dispatcher (`Next`).

use crate::action::Intent;
use crate::auction::Contract;
use crate::audience::Audience;
use crate::board::Board;
use crate::call::Call;
use crate::call::Seat;
use crate::event::{Event, EventKind};
use crate::feed::Feed;
use crate::regulation::Regulation;
use crate::report::Warning;
use crate::state::State;
use crate::store::rare_list::RareList;
use std::sync::Arc;

/// The working context of one action: read-only settings and the state being changed.
pub struct Ctx<'a> {
    /// The board.
    pub board: &'a Board,
    /// The regulation.
    pub reg: &'a Regulation,
    /// The state being changed (rolled back if the action is refused).
    pub st: &'a mut State,
    /// Where events go: the table's feed (truncated back if the action is refused).
    pub events: &'a mut Feed,
    /// Where warnings go: the table's warnings (truncated back if the action is refused).
    pub(crate) warnings: &'a mut RareList<Warning>,
    /// The player whose call this action is making, until it is in force: the engine
    /// never passes for him under `auto_pass_barred` meanwhile (he is calling himself, as
    /// when a barred LHO accepts an irregular call by calling over it, L27A1, L25B1, L37A).
    pub calling: Option<Seat>,
    /// Who may know that the action being applied happened (SPEC §6): every event and
    /// warning it causes reaches no one else (`event`, `warn`). Set by `dispatch` from the
    /// action's kind (`audience::of_action`) and widened only by the law that records what
    /// the action discloses, to those who hear it (`heard_by`).
    known_to: Audience,
}

impl<'a> Ctx<'a> {
    /// The context of one action on `st`, known to everyone until `dispatch` bounds it.
    pub(crate) fn new(
        board: &'a Board,
        reg: &'a Regulation,
        st: &'a mut State,
        events: &'a mut Feed,
        warnings: &'a mut RareList<Warning>,
    ) -> Ctx<'a> {
        Ctx {
            board,
            reg,
            st,
            events,
            warnings,
            calling: None,
            known_to: Audience::EVERYONE,
        }
    }
}

impl Ctx<'_> {
    /// Who may know that the action being applied happened.
    #[cfg(test)]
    pub fn known_to(&self) -> Audience {
        self.known_to
    }

    /// Sets who may know of the action, before it is applied (`dispatch`).
    pub(crate) fn known_only_to(&mut self, audience: Audience) {
        self.known_to = audience;
    }

    /// Runs `f` with all it causes told to `seat` alone (and the Director): what concerns a
    /// card only its player has seen — a face-down opening lead (L41A) — reaches nobody else
    /// until the card is faced (SPEC §6).
    pub fn privately<R>(&mut self, seat: Seat, f: impl FnOnce(&mut Self) -> R) -> R {
        self.told_to(Audience::seat(seat), f)
    }

    /// Runs `f` with all it causes told to `audience` alone (and the Director), within those
    /// who may know of the action: what a faced card shows those it was hidden from.
    pub fn told_to<R>(&mut self, audience: Audience, f: impl FnOnce(&mut Self) -> R) -> R {
        let known = self.known_to;
        self.known_to = audience.within(known);
        let out = f(self);
        self.known_to = known;
        out
    }

    /// The action disclosed something to `audience`: they know it happened, and may hear
    /// what it causes.
    pub fn heard_by(&mut self, audience: Audience) {
        self.known_to = self.known_to.union(audience);
    }

    /// Records an event for `audience`, bounded by those who may know of the action.
    #[inline]
    pub fn event(&mut self, kind: EventKind, audience: Audience) {
        let audience = audience.within(self.known_to);
        self.events.push(Event { kind, audience });
    }

    /// Records that the auction ended in `contract`, for everyone who may know of the
    /// action: `EventKind::AuctionEnded`, written packed.
    pub fn auction_ended_event(&mut self, contract: Contract) {
        self.events
            .push_auction_ended(contract, Audience::EVERYONE.within(self.known_to));
    }

    /// Records that `seat` called `call`, index `index` among the calls in force, for
    /// everyone who may know of the action: `EventKind::Call`, written packed (on the path
    /// of every call).
    pub fn call_event(&mut self, seat: Seat, call: Call, index: usize) {
        self.events
            .push_call(seat, call, index, Audience::EVERYONE.within(self.known_to));
    }

    /// Records a warning, bounded by those who may know of the action.
    pub fn warn(&mut self, mut w: Warning) {
        w.audience = w.audience.within(self.known_to);
        self.warnings.push(w);
    }
}

/// What may come with a call: self-disclosure, intent, clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct WithCall<'a> {
    /// Alert the call.
    pub alert: bool,
    /// Explain or announce it (the action's text, lent: the disclosure shares it).
    pub explanation: Option<&'a Arc<str>>,
    /// Over a call out of rotation at one's own turn (L28B vs L29A).
    pub intent: Option<Intent>,
    /// Client clock.
    pub at: Option<f64>,
}

/// What a law module asks of the call dispatcher (`calls::call`) once it has settled the
/// rectification a call was waiting on: nothing more, or that the call be made afresh —
/// checked again from the start (turn, bars, legality), as if nothing had been pending.
/// The law modules return it instead of calling `calls::call` back, so that the layers
/// run one way.
#[derive(Debug)]
pub enum Next<'a> {
    /// The action is complete.
    Done,
    /// `seat`'s call is to be made now, as a new call.
    Call(Seat, Call, WithCall<'a>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Actor;
    use crate::law::Law;
    use crate::procedure::test_support::{played, run};
    use crate::report::{Code, Severity};

    /// Runs `f` on a context over a fresh table's state; what it returned, then the
    /// audiences of the events and of the warnings it recorded.
    fn in_ctx<T>(f: impl FnOnce(&mut Ctx<'_>) -> T) -> (T, Vec<Audience>, Vec<Audience>) {
        let ran = run(&played(Seat::N, &[]), f);
        let warned = ran.warnings.iter().map(|w| w.audience).collect();
        (ran.out, ran.heard, warned)
    }

    /// An event every seat may see, were nothing bounding it.
    fn summoned(cx: &mut Ctx<'_>) {
        let kind = EventKind::DirectorSummoned {
            by: Actor::Seat(Seat::N),
            law: Law::L9B1a,
            reason: "".into(),
        };
        cx.event(kind, Audience::EVERYONE);
    }

    #[test]
    fn an_event_reaches_no_one_beyond_those_who_may_know_of_the_action() {
        let ((), heard, _) = in_ctx(|cx| {
            cx.known_only_to(Audience::seat(Seat::N));
            summoned(cx);
        });
        assert_eq!(heard, [Audience::seat(Seat::N)]);
        assert!(!heard[0].has_seat(Seat::E) && heard[0].has_seat(Seat::N));
    }

    #[test]
    fn what_is_told_to_one_seat_reaches_him_alone_and_the_bound_returns_after() {
        let ((), heard, _) = in_ctx(|cx| {
            cx.privately(Seat::E, summoned);
            summoned(cx);
        });
        assert_eq!(heard, [Audience::seat(Seat::E), Audience::EVERYONE]);
    }

    #[test]
    fn telling_a_seat_never_reaches_one_who_may_not_know_of_the_action() {
        let (known, heard, _) = in_ctx(|cx| {
            cx.known_only_to(Audience::seat(Seat::N));
            cx.told_to(Audience::seat(Seat::E), summoned);
            cx.known_to()
        });
        assert_eq!(known, Audience::seat(Seat::N));
        assert!(!heard[0].seats_any(), "{heard:?}");
    }

    #[test]
    fn those_who_hear_a_disclosure_know_the_action_and_hear_what_it_causes() {
        let ((), heard, _) = in_ctx(|cx| {
            cx.known_only_to(Audience::seat(Seat::N));
            cx.heard_by(Audience::seat(Seat::S));
            summoned(cx);
        });
        let a = heard[0];
        assert!(a.has_seat(Seat::N) && a.has_seat(Seat::S));
        assert!(!a.has_seat(Seat::E) && !a.has_seat(Seat::W));
    }

    #[test]
    fn a_warning_is_bounded_as_an_event_is() {
        let ((), _, warned) = in_ctx(|cx| {
            cx.known_only_to(Audience::seat(Seat::W));
            cx.warn(Warning::new(
                Code::UiFromPartner,
                Severity::Caution,
                Audience::EVERYONE,
                "ui",
            ));
        });
        assert_eq!(warned, [Audience::seat(Seat::W)]);
    }
}
