//! The events of a board, kept small: a call's event and the end of the auction in 12 bytes,
//! any other event whole in a list beside them. They are read back as `Event` values (the
//! packed ones built as they are read, the others lent).

use std::borrow::Cow;

use serde::ser::{Serialize, Serializer};

use crate::auction::Contract;
use crate::audience::Audience;
use crate::call::{Call, Seat};
use crate::event::{Event, EventKind, OutcomeEvents};
use crate::store::counting::narrow;
use crate::store::rare_list::RareList;

/// One event as the feed keeps it (`Feed`): a call's or the end of the auction whole, any
/// other by its place in the feed's list of other events. 12 bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kept(Repr);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Repr {
    /// A call was made: `EventKind::Call` with its audience.
    Call {
        seat: Seat,
        call: Call,
        index: u32,
        audience: Audience,
    },
    /// The auction ended: `EventKind::AuctionEnded`, its contract's text written as it is
    /// read.
    AuctionEnded { contract: Contract, audience: Audience },
    /// Any other event (or a call's whose index passes 32 bits): its place in `Feed::others`,
    /// and its audience.
    Other { at: u32, audience: Audience },
}

impl Kept {
    /// Who is shown it (read without building the event).
    pub fn audience(self) -> Audience {
        match self.0 {
            Repr::Call { audience, .. } | Repr::AuctionEnded { audience, .. } | Repr::Other { audience, .. } => {
                audience
            }
        }
    }

    /// The event it stands for: a call's built, any other lent from `others` (the feed's:
    /// always there, as the feed pushes an other event before its place).
    pub fn read(self, others: &[Event]) -> Option<Cow<'_, Event>> {
        match self.0 {
            Repr::Call {
                seat,
                call,
                index,
                audience,
            } => Some(Cow::Owned(call_event(seat, call, index, audience))),
            Repr::AuctionEnded { contract, audience } => Some(Cow::Owned(Event {
                kind: EventKind::AuctionEnded {
                    contract: contract.to_string(),
                    declarer: contract.declarer,
                },
                audience,
            })),
            Repr::Other { at, .. } => others.get(at as usize).map(Cow::Borrowed),
        }
    }
}

/// `EventKind::Call` for `audience`, as a packed call stands for it.
#[inline]
fn call_event(seat: Seat, call: Call, index: u32, audience: Audience) -> Event {
    Event {
        kind: EventKind::Call {
            seat,
            call,
            index: index as usize,
        },
        audience,
    }
}

/// Every event of a board's accepted actions, in order, with its audience: calls' events
/// packed, the others (fewer) beside them whole.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feed {
    items: Vec<Kept>,
    /// The events that are not packed, in order (the end of the auction is packed, so a
    /// plain board has none).
    others: RareList<Event>,
}

impl Feed {
    /// How many events there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Event `i`.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn get(&self, i: usize) -> Option<Cow<'_, Event>> {
        self.all().get(i)
    }

    /// Every event, lent.
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn all(&self) -> Events<'_> {
        Events {
            items: &self.items,
            others: &self.others,
        }
    }

    /// The events from `from` to `to` (none when out of range), lent.
    pub fn range(&self, from: usize, to: usize) -> Events<'_> {
        Events {
            items: self.items.get(from..to).unwrap_or_default(),
            others: &self.others,
        }
    }

    /// The events from `from` on (none when out of range), lent.
    pub fn since(&self, from: usize) -> Events<'_> {
        self.range(from, self.items.len())
    }

    /// The events as kept (for a lent view, `Seen`).
    pub(crate) fn kept(&self) -> &[Kept] {
        &self.items
    }

    /// The events that are not calls' (what `kept` points into).
    pub(crate) fn others(&self) -> &[Event] {
        &self.others
    }

    /// Appends an event.
    pub(crate) fn push(&mut self, event: Event) {
        match event {
            Event {
                kind: EventKind::Call { seat, call, index },
                audience,
            } => self.push_call(seat, call, index, audience),
            other => self.push_other(other),
        }
    }

    /// Appends `EventKind::Call { seat, call, index }` for `audience`, written packed (on
    /// the path of every call).
    pub(crate) fn push_call(&mut self, seat: Seat, call: Call, index: usize, audience: Audience) {
        match u32::try_from(index) {
            Ok(index) => self.items.push(Kept(Repr::Call {
                seat,
                call,
                index,
                audience,
            })),
            Err(_) => self.push_other(Event {
                kind: EventKind::Call { seat, call, index },
                audience,
            }),
        }
    }

    /// Appends `EventKind::AuctionEnded` for `contract` and `audience`, written packed (nearly
    /// every board has one: kept whole, it would be the only other event of most).
    pub(crate) fn push_auction_ended(&mut self, contract: Contract, audience: Audience) {
        self.items.push(Kept(Repr::AuctionEnded { contract, audience }));
    }

    fn push_other(&mut self, event: Event) {
        let at = narrow(self.others.len());
        let audience = event.audience;
        self.others.push(event);
        self.items.push(Kept(Repr::Other { at, audience }));
    }

    /// Drops the events from `len` on (a refused action's).
    pub(crate) fn truncate(&mut self, len: usize) {
        let first_other = self
            .items
            .get(len..)
            .unwrap_or_default()
            .iter()
            .find_map(|k| match k.0 {
                Repr::Other { at, .. } => Some(at as usize),
                Repr::Call { .. } | Repr::AuctionEnded { .. } => None,
            });
        if let Some(at) = first_other {
            self.others.truncate(at);
        }
        self.items.truncate(len);
    }

    /// Makes room for `additional` more events.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
    }

    /// Makes room for `additional` more events that are not packed (a replay's disclosures).
    pub(crate) fn reserve_others(&mut self, additional: usize) {
        self.others.reserve(additional);
    }

    /// Drops the room for unpacked events made ahead that none used.
    pub(crate) fn tidy(&mut self) {
        self.others.drop_if_empty();
    }
}

/// A run of a feed's events, lent: read as `Event` values (a call's built as it is read,
/// any other lent).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Events<'a> {
    items: &'a [Kept],
    /// All of the feed's other events (`Repr::Other` indexes them).
    others: &'a [Event],
}

impl<'a> Events<'a> {
    /// How many there are.
    pub fn len(self) -> usize {
        self.items.len()
    }

    /// Whether there are none.
    pub fn is_empty(self) -> bool {
        self.items.is_empty()
    }

    /// Event `i` of the run.
    pub fn get(self, i: usize) -> Option<Cow<'a, Event>> {
        self.items.get(i).and_then(|k| k.read(self.others))
    }

    /// The events, in order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Cow<'a, Event>> + Clone + 'a {
        self.items.iter().filter_map(move |k| k.read(self.others))
    }

    /// Their audiences, in order (read without building the events).
    pub fn audiences(self) -> impl Iterator<Item = Audience> + 'a {
        self.items.iter().map(|k| k.audience())
    }

    /// Each event as a call's seat, call, index and audience, `None` for an event of another
    /// kind (read without building the events: the boundary writes calls directly).
    #[cfg(feature = "wasm")]
    pub(crate) fn calls(self) -> impl Iterator<Item = Option<(Seat, Call, u32, Audience)>> + 'a {
        self.items.iter().map(|k| match k.0 {
            Repr::Call {
                seat,
                call,
                index,
                audience,
            } => Some((seat, call, index, audience)),
            _ => None,
        })
    }

    /// The events, copied into a list.
    pub fn to_vec(self) -> Vec<Event> {
        let mut events = Vec::with_capacity(self.len());
        self.copy_into(&mut events);
        events
    }

    /// The events, copied as an `Outcome` holds them (the usual single event inline).
    pub fn to_outcome_events(self) -> OutcomeEvents {
        // Most actions: one call's event, built straight into the inline slot.
        if let [Kept(Repr::Call {
            seat,
            call,
            index,
            audience,
        })] = *self.items
        {
            return OutcomeEvents::from_buf([call_event(seat, call, index, audience)]);
        }
        let mut events = OutcomeEvents::with_capacity(self.len());
        self.copy_into(&mut events);
        events
    }

    /// Pushes a copy of each event, built in its place (`apply` copies every action's
    /// events: one built aside and then moved stalls on its narrow stores).
    fn copy_into(self, events: &mut impl Extend<Event>) {
        for kept in self.items {
            match kept.0 {
                Repr::Call {
                    seat,
                    call,
                    index,
                    audience,
                } => events.extend([call_event(seat, call, index, audience)]),
                _ => events.extend(kept.read(self.others).map(Cow::into_owned)),
            }
        }
    }
}

/// Written as the list of events.
impl Serialize for Events<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::Law;
    use crate::report::Code;

    fn samples() -> Vec<Event> {
        let call = |text: &str| text.parse::<Call>().unwrap_or(Call::Pass);
        vec![
            Event {
                kind: EventKind::Call {
                    seat: Seat::N,
                    call: call("1NT"),
                    index: 0,
                },
                audience: Audience::EVERYONE,
            },
            Event {
                kind: EventKind::PassedOut,
                audience: Audience::EVERYONE,
            },
            Event {
                kind: EventKind::Call {
                    seat: Seat::W,
                    call: Call::Double,
                    index: 3,
                },
                audience: Audience::seat(Seat::E),
            },
            Event {
                kind: EventKind::Irregularity {
                    code: Code::IrregInsufficientBid,
                    law: Law::L27A1,
                    seat: Seat::S,
                    call: Some(call("1C")),
                },
                audience: Audience::EVERYONE,
            },
            Event {
                kind: EventKind::Call {
                    seat: Seat::E,
                    call: Call::Pass,
                    index: usize::MAX,
                },
                audience: Audience::EVERYONE,
            },
        ]
    }

    fn feed_of_samples() -> Feed {
        let mut feed = Feed::default();
        for e in samples() {
            feed.push(e);
        }
        feed
    }

    #[test]
    fn an_event_is_kept_in_12_bytes() {
        assert_eq!(std::mem::size_of::<Kept>(), 12);
    }

    #[test]
    fn every_kind_of_event_reads_back_as_it_was_pushed() {
        let feed = feed_of_samples();
        assert_eq!(feed.all().to_vec(), samples());
        assert_eq!(feed.len(), samples().len());
        assert_eq!(feed.get(2).map(Cow::into_owned), samples().get(2).cloned());
        assert_eq!(
            feed.all().audiences().collect::<Vec<_>>(),
            samples().iter().map(|e| e.audience).collect::<Vec<_>>()
        );
        assert_eq!(feed.range(1, 3).to_vec(), samples()[1..3]);
        assert_eq!(feed.since(4).to_vec(), samples()[4..]);
        assert!(feed.since(9).is_empty());
    }

    #[test]
    fn an_outcome_copies_each_run_of_events_as_they_read_back() {
        let feed = feed_of_samples();
        // One call (the quick path), one event of another kind, several, none.
        for (from, to) in [(0, 1), (2, 3), (1, 4), (0, samples().len()), (3, 3)] {
            let events = feed.range(from, to);
            let copied = events.to_outcome_events();
            assert_eq!(copied.as_slice(), &samples()[from..to], "events {from}..{to}");
            assert_eq!(
                copied.spilled(),
                to - from > 1,
                "only a run of several leaves the inline slot"
            );
        }
    }

    #[test]
    fn a_truncated_feed_drops_the_other_events_it_no_longer_holds() {
        let mut feed = feed_of_samples();
        feed.truncate(2);
        assert_eq!(feed.all().to_vec(), samples()[..2]);
        assert_eq!(feed.others().len(), 1);
        // Pushed again, the events read back in their new places.
        for e in samples().into_iter().skip(2) {
            feed.push(e);
        }
        assert_eq!(feed.all().to_vec(), samples());
        feed.truncate(1);
        assert!(
            !feed.others.is_made(),
            "the list made for the dropped events goes with them"
        );
        assert_eq!(feed.all().to_vec(), samples()[..1]);
    }

    #[test]
    fn a_call_pushed_packed_equals_the_same_call_pushed_as_an_event() {
        let (mut packed, mut plain) = (Feed::default(), Feed::default());
        packed.push_call(Seat::S, Call::Redouble, 7, Audience::EVERYONE);
        plain.push(Event {
            kind: EventKind::Call {
                seat: Seat::S,
                call: Call::Redouble,
                index: 7,
            },
            audience: Audience::EVERYONE,
        });
        assert_eq!(packed, plain);
    }

    #[test]
    fn the_end_of_the_auction_is_kept_packed_and_reads_back_with_its_contract() {
        let Ok(Call::Bid(bid)) = "3NT".parse::<Call>() else {
            panic!("a bid")
        };
        let contract = Contract {
            bid,
            doubling: crate::auction::Doubling::Redoubled,
            declarer: Seat::W,
        };
        let mut feed = Feed::default();
        feed.push_auction_ended(contract, Audience::EVERYONE);
        assert!(!feed.others.is_made(), "no list of other events is made");
        let expected = Event {
            kind: EventKind::AuctionEnded {
                contract: "3NTXX".into(),
                declarer: Seat::W,
            },
            audience: Audience::EVERYONE,
        };
        assert_eq!(feed.all().to_vec(), [expected]);
        assert_eq!(std::mem::size_of::<Kept>(), 12);
    }

    #[test]
    fn the_events_are_written_as_the_list_of_events() {
        let feed = feed_of_samples();
        let lent = serde_json::to_value(feed.all()).expect("json");
        assert_eq!(lent, serde_json::to_value(samples()).expect("json"));
    }
}
