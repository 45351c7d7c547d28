//! # bridge-laws
//!
//! The Laws of Duplicate Bridge (2017) for the auction and clarification periods: legal
//! call order, review, alerts, announcements and explanations with per-seat visibility,
//! corrections, changes of call, and the rectification of irregularities — each warning
//! and refusal citing its law.
//!
//! ```
//! use bridge_laws::{Action, Bid, Call, Level, Outcome, Seat, Strain, Table, TableOptions, Vulnerability};
//! let mut t = Table::new(TableOptions {
//!     dealer: Seat::N,
//!     vulnerability: Vulnerability::None,
//!     regulation: Default::default(),
//!     board: None,
//!     deal: None,
//! })?;
//! let one_nt = Call::Bid(Bid::new(Level::One, Strain::NoTrump));
//! assert!(t.apply(Action::call(Seat::N, one_nt)).is_ok());
//! let one_spade = Call::Bid(Bid::new(Level::One, Strain::Spades));
//! let refused = t.apply(Action::call(Seat::E, one_spade));
//! assert_eq!(refused.rejection().map(|r| r.code().as_str()), Some("INSUFFICIENT_BID"));
//! // The same action as a JSON line, as the npm package and the server read it:
//! let again = t.apply_json(r#"{"seat":"E","type":"call","call":"1S"}"#);
//! assert!(matches!(again, Outcome::Rejected(_)));
//! # Ok::<(), bridge_laws::Rejection>(())
//! ```
//!
//! The items a user names are at the root; [`records`], [`stream`] and [`view`] are the
//! namespaces. Every type a public item names is public and documented here. The engine's
//! internals (`state`, `procedure`, `event`, …) are private: the crate's own tests reach
//! into them through the `internals` feature, which is not part of the API and changes in
//! any release. `docs/public-api.txt` lists the face.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The face: the items a user names, re-exported flat below; the namespaces `records`,
// `stream` and `view`. Everything else is private. The modules declared with `internal!` are
// private too unless the `internals` feature is on: the tests turn it on to reach into them
// (they are not part of the API and change in any release). The reference server, the CLI,
// the benches and the npm module are built without it. The storage plumbing is in the
// private `store`.

/// Declares a module private, or public but hidden from the docs under `internals`.
macro_rules! internal {
    ($name:ident) => {
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        mod $name;
    };
}
/// Declares a method or function crate-private, or public but hidden from the docs under
/// `internals` (for the tests): `Table::state`, `feed`, `hash`.
macro_rules! internal_fn {
    ($(#[$attr:meta])* fn $name:ident $($rest:tt)*) => {
        $(#[$attr])*
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub fn $name $($rest)*
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        #[allow(dead_code)] // the tests' accessors, read by the crate or not
        pub(crate) fn $name $($rest)*
    };
}
internal! { action }
internal! { auction }
internal! { audience }
mod board;
mod call;
mod callset;
mod card;
mod deal;
internal! { event }
mod feed;
mod hash;
mod input;
internal! { law }
internal! { log }
internal! { play }
internal! { procedure }
internal! { push }
pub mod records;
internal! { regulation }
internal! { report }
internal! { seat_table }
internal! { state }
mod store;
pub mod stream;
mod stream_marks;
internal! { table }
pub mod view;
internal! { withdrawal }

/// The JS bindings (wasm-bindgen): the npm package's API, not the crate's.
#[cfg(feature = "wasm")]
#[doc(hidden)]
pub mod wasm;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use action::{Action, ActionKind, Actor, Hand, Intent, RulingOn, RulingValue};
pub use auction::{Bidding, Contract, Doubling};
pub use audience::{Audience, Viewer};
pub use board::{Board, Vulnerability};
pub use call::{Bid, BySeat, Call, Level, ParseError, Seat, Side, Strain, Suit};
pub use callset::CallSet;
pub use card::Card;
pub use deal::{CardSet, Deal, DealError};
pub use event::{BarKind, DisclosureKind, Event, EventKind, Outcome, OutcomeEvents, ReviewLine};
pub use feed::Events;
pub use law::Law;
pub use log::Log;
pub use play::Trick;
pub use push::{push_of, Pushes, ViewTracker};
pub use regulation::{
    Disclosure, Irregularities, LeadRestriction, Overrides, Preset, Questions, Regulation, RegulationSpec, Screenmates,
    Undo,
};
pub use report::{Code, InputError, Refusal, Rejection, Severity, Warning};
pub use seat_table::{SeatTable, Update};
pub use state::Phase;
pub use store::seat_list::SeatList;
pub use store::seat_map::SeatMap;
pub use stream::{StreamEntry, StreamItem};
pub use table::{Snapshot, Submitted, Table, TableOptions};
pub use view::{DecisionKind, View, ViewBase, ViewPatch};
pub use withdrawal::Withdrawal;
