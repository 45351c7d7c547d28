//! The table: the only mutable thing. Its state is a fold of its action log; a refused
//! action changes nothing (not the log, not the state, not the hash).

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::auction;
use crate::audience::Viewer;
use crate::board::{Board, Vulnerability};
use crate::call::{Call, Seat};
use crate::deal::Deal;
use crate::callset::CallSet;
use crate::event::Outcome;
use crate::feed::{Events, Feed};
use crate::hash::StateHash;
use crate::log::Log;
use crate::procedure::{self, Ctx};
use crate::regulation::{Regulation, RegulationSpec, MAX_TEXT_CAP};
use crate::report::{InputError, Rejection, Warning};
use crate::state::{Checkpoint, Phase, State};
use crate::store::counting::narrow;
use crate::store::rare_list::RareList;
use crate::stream_marks::Streams;
use crate::view::{self, View};

mod stream;

/// What a new table needs: the board and the regulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct TableOptions {
    /// The dealer.
    pub dealer: Seat,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// A preset name or `{preset, …overrides}`; `online` when absent.
    #[serde(default)]
    pub regulation: RegulationSpec,
    /// Board number, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The deal, whole or partial: a PBN deal string (`"N:KQT2.AT.J6542.85 …"`, `-` an
    /// unknown hand) or `{N: [cards], …}`; written back as the PBN string from North.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        feature = "wasm",
        tsify(optional, type = "string | { N?: Card[]; E?: Card[]; S?: Card[]; W?: Card[] }")
    )]
    pub deal: Option<Deal>,
}

/// A table as data: its options and every accepted action. `Table::from_snapshot`
/// replays it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Snapshot {
    /// Board and regulation.
    pub options: TableOptions,
    /// Accepted actions, in order.
    #[serde(deserialize_with = "actions_with_room")]
    pub actions: Vec<Action>,
}

/// A snapshot's actions, read into a list made once: as long as the reader says (a JS array),
/// or room for a usual auction when it cannot say (JSON text), instead of growing 4 → 8 → 16.
fn actions_with_room<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Action>, D::Error> {
    struct Actions;
    impl<'de> serde::de::Visitor<'de> for Actions {
        type Value = Vec<Action>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of actions")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Action>, A::Error> {
            // (A length the reader states is trusted up to a long board's.)
            let room = seq.size_hint().unwrap_or(USUAL_AUCTION).min(MAX_ROOM);
            let mut actions = Vec::with_capacity(room);
            while let Some(a) = seq.next_element()? {
                actions.push(a);
            }
            Ok(actions)
        }
    }
    /// The most room made before the actions are read.
    const MAX_ROOM: usize = 1024;
    d.deserialize_seq(Actions)
}

/// What an accepted action produced, borrowed from the table (`Table::submit`).
#[must_use = "what the action produced: its events and warnings are to be sent to their audiences"]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Submitted<'a> {
    /// Its events, with their audiences: the end of `Table::feed`.
    pub events: Events<'a>,
    /// Its warnings, with their audiences: the end of `Table::warnings`.
    pub warnings: &'a [Warning],
}

/// Written as the `Outcome` it stands for: `{ok: true, events, warnings}`.
impl Serialize for Submitted<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::event::OutcomeJson::accepted(self.events, self.warnings).serialize(s)
    }
}

/// How a refused action is undone: from a checkpoint of the state taken before it, or not
/// at all (`()`, for a table that is dropped on a refusal; after a commit the state's
/// journals already start afresh, so only an undo needs the copy).
trait Undo {
    /// Taken before the action.
    fn begin(st: &mut State) -> Self;
    /// Puts the state back as it was at `begin`.
    fn rollback(self, st: &mut State);
}

impl Undo for Checkpoint {
    fn begin(st: &mut State) -> Checkpoint {
        st.begin()
    }

    fn rollback(self, st: &mut State) {
        st.rollback(self);
    }
}

impl Undo for () {
    fn begin(_: &mut State) {}

    fn rollback(self, _: &mut State) {}
}

/// The calls of a usual auction: the room a table's lists are given at its first action.
const USUAL_AUCTION: usize = 16;

/// One board being bid and played under one regulation.
#[derive(Clone, Debug)]
pub struct Table {
    /// Dealer, vulnerability and number: with `spec`, the options the table was made with.
    board: Board,
    /// The regulation as the options wrote it (for the snapshot).
    spec: RegulationSpec,
    /// The regulation in force (`spec`, resolved once).
    regulation: Regulation,
    log: Log,
    state: State,
    /// Characters of text in the accepted actions (against `max_total_text`, a `u32`).
    text_used: u32,
    /// The canonical hash, chained over the accepted actions.
    hash: StateHash,
    /// Every event of the accepted actions, with its audience.
    feed: Feed,
    /// Every warning of the accepted actions, with its audience (most boards have none).
    warnings: RareList<Warning>,
    /// Where each action's events end, and each viewer's stream length (src/stream.rs).
    streams: Streams,
}

impl Table {
    /// A new table before the first call.
    ///
    /// # Errors
    /// `BAD_INPUT` for a `max_text` above `MAX_TEXT_CAP` (100 000 characters).
    pub fn new(options: TableOptions) -> Result<Table, InputError> {
        let regulation = options.regulation.resolve();
        if regulation.max_text > MAX_TEXT_CAP {
            return Err(InputError::bad_input(format!(
                "malformed input: max_text may be at most {MAX_TEXT_CAP} characters"
            )));
        }
        let board = Board {
            dealer: options.dealer,
            vulnerability: options.vulnerability,
            number: options.board,
            deal: options.deal,
        };
        Ok(Table {
            hash: StateHash::start(&board, &regulation),
            state: State::new(board.dealer),
            board,
            regulation,
            spec: options.regulation,
            log: Log::default(),
            text_used: 0,
            feed: Feed::default(),
            warnings: RareList::default(),
            streams: Streams::default(),
        })
    }

    /// A new table from options written as JSON.
    ///
    /// # Errors
    /// `BAD_INPUT` when the text is not valid options.
    #[cfg(feature = "json")]
    pub fn from_options_json(text: &str) -> Result<Table, InputError> {
        crate::input::check_string_sizes(text, crate::input::OPTIONS_STRING_BYTES)?;
        let options: TableOptions =
            serde_json::from_str(text).map_err(|e| InputError::bad_input(crate::action::bad_input_message(&e)))?;
        Table::new(options)
    }

    /// Applies one action: accepted with events and warnings, or refused with the table
    /// unchanged. The events and warnings are copies of what `submit` leaves in the table's
    /// feed; a caller that only needs to read them borrows them from `submit` instead.
    pub fn apply(&mut self, action: Action) -> Outcome {
        match self.submit(action) {
            Ok(done) => Outcome::Accepted {
                events: done.events.to_outcome_events(),
                warnings: done.warnings.to_vec(),
            },
            Err(r) => Outcome::Rejected(r),
        }
    }

    /// Applies one action, as `apply`, without copying what it produced: the events and
    /// warnings of an accepted action are borrowed from the table's feed (`feed`,
    /// `warnings`), where they were written once. A refused action leaves nothing behind.
    ///
    /// # Errors
    /// The rejection: malformed input, a limit of the board, or a refusal under a law.
    pub fn submit(&mut self, action: Action) -> Result<Submitted<'_>, Rejection> {
        self.submit_as::<Checkpoint>(action)
    }

    /// `submit`, undoing a refused action (`U` = `Checkpoint`) or leaving the table to be
    /// dropped (`U` = `()`: a replay stops at the first refusal and returns no table, so it
    /// need not copy the bounded state before each action).
    fn submit_as<U: Undo>(&mut self, mut action: Action) -> Result<Submitted<'_>, Rejection> {
        // Whole milliseconds: a logged clock is an integer up to 2^53, which every JSON
        // reader reads back exactly, so reloading never changes the hash.
        // (Written only when it changes: a write just before the log's copy of the action
        // would stall that copy.)
        if let Some(t) = action.at.filter(|t| t.fract() != 0.0) {
            action.at = Some(t.round());
        }
        action.validate(self.regulation.max_text)?;
        let chars = action.text_chars();
        self.within_limits(chars)?;
        // After the limits, as any refusal: a Director's ruling without the value its kind
        // needs is malformed input; the procedures only ever refuse under a law.
        let ruling = action.director_ruling()?;
        if self.log.capacity() == 0 {
            // A board's first action: room for a usual auction at once (one allocation per
            // list instead of three as each grows from 4 to 8 to 16).
            self.reserve(USUAL_AUCTION);
        }
        let (feed_from, warnings_from) = (self.feed.len(), self.warnings.len());
        let undo = U::begin(&mut self.state);
        let mut cx = Ctx::new(
            &self.board,
            &self.regulation,
            &mut self.state,
            &mut self.feed,
            &mut self.warnings,
        );
        let result = procedure::dispatch(&mut cx, &action, ruling);
        match result {
            Ok(()) => {
                self.state.commit();
                let (events, warnings) = (
                    self.feed.since(feed_from),
                    self.warnings.get(warnings_from..).unwrap_or_default(),
                );
                self.streams
                    .record(events, warnings, self.feed.len(), self.warnings.len());
                self.hash = self.hash.then(&action);
                self.log.push(action);
                // Within `max_total_text` (a `u32`): checked by `within_limits`.
                self.text_used = narrow(self.text_used as usize + chars);
                Ok(Submitted { events, warnings })
            }
            Err(r) => {
                self.feed.truncate(feed_from);
                self.warnings.truncate(warnings_from);
                undo.rollback(&mut self.state);
                Err(r.into())
            }
        }
    }

    /// Makes room for `actions` more actions, so that applying them never reallocates the
    /// log (a server may size its tables once; a clone keeps no spare room).
    pub fn reserve(&mut self, actions: usize) {
        self.log.reserve(actions);
        self.feed.reserve(actions);
        self.state.reserve(actions);
    }

    /// The regulation's limits on a board: `max_actions` accepted actions and
    /// `max_total_text` characters of text in all.
    fn within_limits(&self, chars: usize) -> Result<(), InputError> {
        let max_actions = self.regulation.max_actions as usize;
        if self.log.len() >= max_actions {
            return Err(InputError::limit_reached(format!(
                "this board has accepted its limit of {max_actions} actions"
            )));
        }
        let max_text = self.regulation.max_total_text as usize;
        let used = self.text_used as usize;
        if chars > 0 && used.saturating_add(chars) > max_text {
            return Err(InputError::limit_reached(format!(
                "this board accepts {max_text} characters of text in all; {} are left",
                max_text.saturating_sub(used)
            )));
        }
        Ok(())
    }

    /// Applies one action written as JSON.
    #[cfg(feature = "json")]
    pub fn apply_json(&mut self, text: &str) -> Outcome {
        match Action::from_json_within(text, self.regulation.max_text) {
            Ok(a) => self.apply(a),
            Err(e) => Outcome::Rejected(e.into()),
        }
    }

    /// A table rebuilt by applying `actions` in order.
    ///
    /// # Errors
    /// The first refusal, with the position of the refused action in its message.
    pub fn replay(options: TableOptions, actions: impl IntoIterator<Item = Action>) -> Result<Table, Rejection> {
        let mut t = Table::new(options)?;
        let actions = actions.into_iter();
        // Sized once for what is known to come (a snapshot's log), not grown call by call.
        t.reserve(actions.size_hint().0.min(t.regulation.max_actions as usize));
        t.apply_all(actions)
    }

    /// The table after submitting `actions` in order, or the first refusal with the position
    /// of the refused action in its message.
    fn apply_all(mut self, actions: impl Iterator<Item = Action>) -> Result<Table, Rejection> {
        for (i, a) in actions.enumerate() {
            if let Err(r) = self.submit_as::<()>(a) {
                return Err(r.at_action(i));
            }
        }
        Ok(self)
    }

    /// The table as data (options and accepted actions).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            options: TableOptions {
                dealer: self.board.dealer,
                vulnerability: self.board.vulnerability,
                regulation: self.spec.clone(),
                board: self.board.number,
                deal: self.board.deal.clone(),
            },
            actions: self.log.to_vec(),
        }
    }

    /// A table rebuilt from a snapshot.
    ///
    /// # Errors
    /// As `replay`.
    pub fn from_snapshot(s: Snapshot) -> Result<Table, Rejection> {
        let mut t = Table::new(s.options)?;
        t.reserve_for(&s.actions);
        let mut t = t.apply_all(s.actions.into_iter())?;
        t.tidy();
        Ok(t)
    }

    /// Room, made once, for what replaying `actions` keeps: the log with its explained calls'
    /// texts, the calls, and the events (a call's, its disclosure's, the end of the auction's)
    /// with where each action's events end. Bounded by the regulation's limit of actions.
    fn reserve_for(&mut self, actions: &[Action]) {
        let max = self.regulation.max_actions as usize;
        let n = actions.len().min(max);
        let count = |f: fn(&Action) -> bool| actions.iter().filter(|a| f(a)).count().min(max);
        let (explained, disclosing) = (count(Action::is_explained_call), count(Action::discloses));
        self.log.reserve(n);
        self.log.reserve_notes(explained);
        self.state.reserve(n);
        // (A Vec's room is counted from its length, so the feed's is asked for once.)
        self.feed.reserve(n.saturating_add(disclosing).saturating_add(1));
        if disclosing > 0 {
            self.feed.reserve_others(disclosing);
            self.state.extra_mut().reserve_disclosures(disclosing);
            // A call's and its disclosure's events in one action end the count of one each.
            self.streams.reserve_event_ends(n);
        }
    }

    /// Drops room made ahead (by `reserve_for`) that the replay did not use.
    fn tidy(&mut self) {
        self.log.tidy();
        self.feed.tidy();
        self.state.tidy();
    }

    /// The snapshot as JSON text.
    ///
    /// Writing it cannot fail: `serde_json` fails only where a `Serialize` impl returns an
    /// error or a map has a key that is not a string, and a snapshot has neither (its
    /// options, deal and actions are structs, enums, numbers, strings and lists, and every
    /// hand-written `Serialize` of the crate writes a name, a number or a list without an
    /// error; a clock that is not finite is written as `null`). The empty text that stands
    /// for that failure is thus never returned (tests/roundtrip.rs reads every text back),
    /// and `from_json` would refuse it as `BAD_INPUT` rather than read an empty table.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.snapshot()).unwrap_or_default()
    }

    /// A table rebuilt from snapshot JSON text.
    ///
    /// # Errors
    /// `BAD_INPUT` for malformed text; as `replay` for a log the Laws refuse.
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<Table, Rejection> {
        // Before parsing: no string of a snapshot is longer than the longest text allowed.
        crate::input::check_string_sizes(text, crate::input::string_bytes_for(MAX_TEXT_CAP))?;
        let s: Snapshot =
            serde_json::from_str(text).map_err(|e| InputError::bad_input(crate::action::bad_input_message(&e)))?;
        Table::from_snapshot(s)
    }

    /// The canonical state hash, 32 hex digits: XXH3-128 chained over the board, the regulation and
    /// each accepted action (src/hash.rs); equal on every client that applied the same
    /// actions, natively and in wasm. Reading it costs no more after many actions.
    pub fn state_hash(&self) -> String {
        self.hash.to_hex()
    }

    internal_fn! {
        /// The canonical state hash as a value.
        fn hash(&self) -> StateHash {
            self.hash
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The regulation in force.
    pub fn regulation(&self) -> &Regulation {
        &self.regulation
    }

    /// The accepted actions, in order.
    pub fn log(&self) -> &Log {
        &self.log
    }

    internal_fn! {
        /// Every event of the board, with its audience, in order.
        fn feed(&self) -> &Feed {
            &self.feed
        }
    }

    /// What the per-viewer streams are read from (src/stream.rs).
    pub(crate) fn streams(&self) -> &Streams {
        &self.streams
    }

    /// Every warning of the board, with its audience, in order.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    internal_fn! {
        /// The full state (for the Director, audits and tests).
        fn state(&self) -> &State {
            &self.state
        }
    }

    /// The period of the board.
    pub fn phase(&self) -> Phase {
        self.state.phase()
    }

    /// The calls in force, in order.
    pub fn calls(&self) -> Vec<Call> {
        self.state.auction().in_force().into_iter().map(|e| e.call).collect()
    }

    /// The seat that must act next (SPEC §7): the caller in the auction, the opening
    /// leader in the clarification period, the player to play (declarer for dummy).
    pub fn turn(&self) -> Option<Seat> {
        procedure::turn(&self.state)
    }

    /// The calls `seat` may make now without an irregularity (empty when it is not his turn).
    pub fn legal_calls(&self, seat: Seat) -> CallSet {
        procedure::calls::legal_calls(&self.board, &self.state, seat)
    }

    /// Whether `seat` may make `call` now without an irregularity (no allocation).
    pub fn is_legal(&self, seat: Seat, call: Call) -> bool {
        self.legal_calls(seat).contains(call)
    }

    /// The cards `seat` may play now without an irregularity, at a table given the deal (the
    /// view's `legal_cards`; empty otherwise, and when it is not his card to play).
    pub fn legal_cards(&self, seat: Seat) -> crate::deal::CardSet {
        procedure::follow::legal_cards(self.board.deal.as_ref(), &self.state, seat)
    }

    /// The contract, once the auction has ended.
    pub fn contract(&self) -> Option<auction::Contract> {
        self.state.play().contract()
    }

    /// What `viewer` may see, borrowing from the table (`View::into_owned` to keep it).
    pub fn view(&self, viewer: Viewer) -> View<'_> {
        view::view(
            view::Parts {
                board: &self.board,
                regulation: &self.regulation,
                state: &self.state,
                feed: &self.feed,
                warnings: &self.warnings,
            },
            viewer,
        )
    }
}
