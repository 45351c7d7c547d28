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
//! })?;
//! let one_nt = Call::Bid(Bid::new(Level::One, Strain::NoTrump));
//! assert!(t.apply(Action::call(Seat::N, one_nt)).is_ok());
//! let one_spade = Call::Bid(Bid::new(Level::One, Strain::Spades));
//! let refused = t.apply(Action::call(Seat::E, one_spade));
//! assert_eq!(refused.rejection().map(|r| r.code.as_str()), Some("INSUFFICIENT_BID"));
//! // The same action as a JSON line, as the npm package and the server read it:
//! let again = t.apply_json(r#"{"seat":"E","type":"call","call":"1S"}"#);
//! assert!(matches!(again, Outcome::Rejected(_)));
//! # Ok::<(), bridge_laws::Rejection>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
mod append_field;
pub mod auction;
pub mod audience;
pub mod board;
pub mod call;
pub mod callset;
pub mod card;
mod clock;
#[cfg(feature = "json")]
pub mod conformance;
#[cfg(feature = "json")]
pub mod corpus;
mod counting;
pub mod event;
pub mod feed;
pub mod hash;
#[cfg(any(feature = "json", feature = "wasm"))]
mod input;
pub mod journal;
pub mod law;
pub mod log;
pub mod play;
pub mod procedure;
pub mod push;
mod rare_list;
pub mod records;
pub mod regulation;
pub mod report;
pub mod seat_list;
pub mod seat_map;
pub mod seat_table;
pub mod state;
pub mod stream;
mod stream_marks;
pub mod table;
pub mod view;
pub mod withdrawal;

#[cfg(feature = "wasm")]
pub mod wasm;

/// The README's Rust example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use action::{Action, ActionKind, Actor};
pub use auction::{Contract, Doubling};
pub use audience::{Audience, Viewer};
pub use board::{Board, Vulnerability};
pub use call::{Bid, BySeat, Call, Level, ParseError, Seat, Side, Strain, Suit};
pub use callset::CallSet;
pub use card::Card;
pub use event::{Event, EventKind, Outcome, OutcomeEvents};
pub use law::Law;
pub use log::Log;
pub use push::{Pushes, ViewTracker};
pub use regulation::{Preset, Regulation, RegulationSpec};
pub use report::{Code, InputError, Refusal, Rejection, Severity, Warning};
pub use seat_list::SeatList;
pub use seat_table::{SeatTable, Update};
pub use state::Phase;
pub use stream::{StreamEntry, StreamItem};
pub use table::{Snapshot, Submitted, Table, TableOptions};
pub use view::{DecisionKind, View, ViewBase, ViewPatch};
