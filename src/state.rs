//! The table's state: a fold of its action log. Records carry their audience; derived
//! facts (calls in force, turn, contract, roles) are computed here, never stored twice.
//!
//! By parts (docs/ENGINEERING.md, "The state by parts"): the auction (`auction.rs`), the
//! status log, disclosures and questions (`extra.rs`), the contract and the play
//! (`play.rs`), and in the irregularities' box (`irregular.rs`) the bars (`bars.rs`), the
//! rectification in progress (`rectification.rs`), the L25A request (`undo.rs`), the offers
//! after misinformation (`offers.rs`), the Director's rulings (`rulings.rs`) and the lead
//! restrictions (`lead.rs`). `State` keeps the parts, the journal contract (`begin`,
//! `commit`, `rollback`), the periods (`periods.rs`), and the operations across parts
//! (`reading.rs`, `call_status.rs`, `before_call.rs`, `across.rs`).

use serde::Serialize;

use crate::call::{BySeat, Seat};
use crate::store::clock::Clock;

mod auction;
mod bars;
mod extra;
mod ids;
mod irregular;
mod lead;
mod offers;
mod periods;
mod play;
mod reading;
mod rectification;
mod rulings;
mod undo;
mod across;
mod before_call;
mod call_status;

use auction::AuctionMark;
use before_call::CallStart;

pub use auction::{Auction, CallRecord, Status, StatusChange};
pub use bars::{Bar, Bars, BarsMut};
pub use extra::{DisclosureRecord, Extra, QuestionRecord};
pub use ids::{CallId, CallIds, CallPos};
pub use irregular::Irregular;
pub use lead::{LeadChoice, LeadRestrictionRecord, Leads};
pub use offers::{ChangeForReview, ChangeOffer, Offers, OffersMut, PartnerNote};
pub use play::Play;
pub use before_call::{BeforeCall, InProgress};
pub use rectification::{Aftermath, Pending, Rectification, RectificationMut};
#[cfg(any(test, feature = "internals"))] // named by the tests only
pub use rulings::{ArtificialCall, OpenRuling};
pub use rulings::{Comparable, Comparison, Rulings, RulingsMut};
pub use undo::{Recall, Undo, UndoMut, UndoRequest};

/// The period of the board (Law 17, SPEC §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Phase {
    /// First call to final pass.
    Auction,
    /// Final pass to the opening lead faced.
    Clarification,
    /// Opening lead faced to end of play.
    Play,
    /// Four passes; a Law 25 correction is possible until the hands are returned.
    PassedOut,
    /// Play over, or a passed-out board's hands returned.
    Ended,
}

/// The whole state of the table: its parts, and what belongs to no one part (the period,
/// the clock, where each seat's latest call action began).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// Period.
    phase: Phase,
    /// Every call made, the calls in force and their summary.
    #[serde(flatten)]
    auction: Auction,
    /// The status changes, disclosures and questions: absent until the board's first (a
    /// plain auction has none).
    #[serde(flatten)]
    extra: Option<Box<Extra>>,
    /// Bars, rectifications, offers and questions for the Director: absent until the
    /// board's first irregularity or ruling, and again once none is left.
    irregular: Irregular,
    /// The contract and the cards played.
    #[serde(flatten)]
    play: Play,
    /// Client clock of the last call, for tempo.
    last_clock: Clock,
    /// By seat: where his latest call action began (L25A, L21B); the rectification in
    /// progress then, if there was one, is in the irregularities' box (`before_call` puts
    /// the two together).
    before_call: BySeat<Option<CallStart>>,
}

impl State {
    /// A fresh table with `dealer` to call first.
    pub fn new(dealer: Seat) -> State {
        State {
            phase: Phase::Auction,
            auction: Auction::new(dealer),
            extra: None,
            irregular: Irregular::default(),
            play: Play::NONE,
            last_clock: Clock::NONE,
            before_call: BySeat::default(),
        }
    }

    /// Starts applying an action: what it changes can be undone by `rollback`. The lists
    /// that grow with the board are journaled; the rest (bounded by the Laws, not by the
    /// length of the auction) is copied, field by field: the destructuring names every
    /// field, so a new one must be placed on one side or the other.
    pub fn begin(&mut self) -> Checkpoint {
        let State {
            phase,
            auction,
            extra,
            irregular,
            play,
            last_clock,
            before_call,
        } = self;
        let auction = auction.begin();
        if let Some(extra) = extra {
            extra.begin();
        }
        Checkpoint {
            auction,
            phase: *phase,
            irregular: irregular.clone(),
            play: play.clone(),
            last_clock: *last_clock,
            // 32 bytes (the rectifications they go with are in the irregularities' box).
            before_call: *before_call,
        }
    }

    /// Keeps what the action changed.
    pub fn commit(&mut self) {
        self.irregular.tidy();
        self.auction.commit();
        if let Some(extra) = &mut self.extra {
            extra.begin();
        }
    }

    /// Undoes everything the action changed.
    pub fn rollback(&mut self, cp: Checkpoint) {
        if let Some(extra) = &mut self.extra {
            extra.rollback();
        }
        // Made by the refused action: it goes with it.
        self.tidy();
        let Checkpoint {
            auction,
            phase,
            irregular,
            play,
            last_clock,
            before_call,
        } = cp;
        self.auction.rollback(auction);
        self.phase = phase;
        self.irregular = irregular;
        self.play = play;
        self.last_clock = last_clock;
        self.before_call = before_call;
    }

    /// Makes room for `calls` more calls without reallocating.
    pub fn reserve(&mut self, calls: usize) {
        self.auction.reserve(calls);
    }

    /// Drops the box for disclosures and questions while it holds none (room made ahead that
    /// nothing used, or made by a refused action).
    pub fn tidy(&mut self) {
        if self.extra.as_deref().is_some_and(Extra::is_empty) {
            self.extra = None;
        }
    }

    /// The auction: every call made, the calls in force and their summary.
    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The auction, to record a call (a status changes only through the state, which logs
    /// it: `put_in_force`, `withdraw`).
    pub fn auction_mut(&mut self) -> &mut Auction {
        &mut self.auction
    }

    /// The disclosures, questions and status changes (none, read from one shared empty
    /// value, on a plain auction).
    pub fn extra(&self) -> &Extra {
        self.extra.as_deref().unwrap_or(&extra::NONE)
    }

    /// The disclosures, questions and status changes, to add one (the box is made at the
    /// first).
    pub fn extra_mut(&mut self) -> &mut Extra {
        self.extra.get_or_insert_default()
    }

    /// The disclosures, questions and status changes, to change one: none when there is
    /// none (changing nothing must not make the box).
    pub fn extra_if_any(&mut self) -> Option<&mut Extra> {
        self.extra.as_deref_mut()
    }

    /// The bars (L23, L26, L27–L37): who must pass (none, read from one shared empty value,
    /// on a regular board).
    pub fn bars(&self) -> &Bars {
        self.irregular.bars()
    }

    /// The bars, to impose, lift or put one back (the box is made only by what imposes one).
    pub fn bars_mut(&mut self) -> BarsMut<'_> {
        self.irregular.bars_mut()
    }

    /// The rectification in progress (Laws 27–39): the irregularity pending, the aftermath
    /// of a cancelled call out of rotation, a forced call, the L17D3 turn.
    pub fn rectification(&self) -> &Rectification {
        self.irregular.rectification()
    }

    /// The rectification in progress, to open, settle or change it.
    pub fn rectification_mut(&mut self) -> RectificationMut<'_> {
        self.irregular.rectification_mut()
    }

    /// The L25A request pending and the call its replacement cancelled, awaiting its
    /// caller's next call (L25A6, L21B2).
    pub fn undo(&self) -> &Undo {
        self.irregular.undo()
    }

    /// The L25A request and the recall, to record or take one.
    pub fn undo_mut(&mut self) -> UndoMut<'_> {
        self.irregular.undo_mut()
    }

    /// The notes, offers and changes of call after misinformation (L20F5, L21B).
    pub fn offers(&self) -> &Offers {
        self.irregular.offers()
    }

    /// The notes, offers and changes, to record, take up or rule on one.
    pub fn offers_mut(&mut self) -> OffersMut<'_> {
        self.irregular.offers_mut()
    }

    /// The Director's questions and rulings: open questions, artificial calls (L29C, L30C,
    /// L26B), comparable calls (L23A).
    pub fn rulings(&self) -> &Rulings {
        self.irregular.rulings()
    }

    /// The Director's questions and rulings, to ask, answer or close one.
    pub fn rulings_mut(&mut self) -> RulingsMut<'_> {
        self.irregular.rulings_mut()
    }

    /// The lead restrictions: declarer's L26B entitlements and his choice (none, read from
    /// one shared empty value, on a regular board).
    pub fn lead(&self) -> &Leads {
        self.irregular.leads()
    }

    /// The lead restrictions, to record or change an entitlement or declarer's choice (they
    /// are kept in the irregularities' box, made at the first and dropped at the end of an
    /// action that emptied it).
    pub fn lead_mut(&mut self) -> &mut Leads {
        self.irregular.leads_mut()
    }

    /// The contract and the cards played.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// The contract and the cards played, to lay the opening lead or play a card (what also
    /// changes the period is `State`'s: `end_auction`, `face_opening_lead`, `reopen_auction`).
    pub fn play_mut(&mut self) -> &mut Play {
        &mut self.play
    }
}

/// The state at the start of an action, but for the lists that grow with the board
/// (journaled, or rebuilt from them).
#[derive(Debug)]
pub struct Checkpoint {
    auction: AuctionMark,
    phase: Phase,
    irregular: Irregular,
    play: Play,
    last_clock: Clock,
    before_call: BySeat<Option<CallStart>>,
}
