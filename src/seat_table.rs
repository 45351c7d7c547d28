//! The client's table: what a player's browser holds, built from his own stream
//! alone — the view the server gave him at join and, after each accepted action, the entries
//! of his stream and his new view. It holds nothing outside his audience (every entry is
//! checked against it) and answers locally what a page asks every frame: whose turn, the
//! bidding box, his decisions, which calls he may ask about, whether he may have the
//! auction reviewed, which explanations he may correct, the questions he must answer and
//! the calls he may change — each the engine's own answer, carried by his view and judged
//! on what he may see. It never predicts: the server's `apply` stays authoritative, and a
//! gap in the stream is reported, not guessed over.

use serde::{Deserialize, Serialize};

use crate::audience::{Audience, Viewer};
use crate::call::{Call, Seat};
use crate::callset::CallSet;
use crate::report::InputError;
use crate::stream::StreamEntry;
use crate::view::{SeenQuestion, Settle, View, ViewPatch};

/// What a server sends a viewer after an accepted action: his new entries and either the
/// patch of his view (`{entries, patch}`: what a server sends) or his whole new
/// view (`{entries, view}`, still read: a site may send it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Update<'a> {
    /// The viewer's entries for the action, numbered after his current version.
    pub entries: Vec<StreamEntry>,
    /// The viewer's whole view after the action (the older form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<View<'a>>,
    /// What changed in the viewer's view by the action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch: Option<ViewPatch>,
}

impl<'a> Update<'a> {
    /// An update carrying the viewer's whole new view.
    pub fn with_view(entries: Vec<StreamEntry>, view: View<'a>) -> Update<'a> {
        Update {
            entries,
            view: Some(view),
            patch: None,
        }
    }

    /// An update carrying the patch of the viewer's view.
    pub fn with_patch(entries: Vec<StreamEntry>, patch: ViewPatch) -> Update<'a> {
        Update {
            entries,
            view: None,
            patch: Some(patch),
        }
    }
}

/// A viewer's table on the client, kept from his stream.
#[derive(Clone, Debug)]
pub struct SeatTable {
    viewer: Viewer,
    version: u64,
    view: View<'static>,
    legal: CallSet,
    entries: Vec<StreamEntry>,
}

impl SeatTable {
    /// A table for a fresh client: `view` is `viewer`'s view at stream version `version`.
    ///
    /// # Errors
    /// `BAD_INPUT` when the view is another viewer's.
    pub fn new(viewer: Viewer, version: u64, view: View<'_>) -> Result<SeatTable, InputError> {
        check_viewer(viewer, &view)?;
        Ok(SeatTable {
            viewer,
            version,
            legal: view.legal_calls.iter().copied().collect(),
            view: view.into_owned(),
            entries: Vec::new(),
        })
    }

    /// Takes the server's update after an accepted action: the entries, and the patch of the
    /// view (folded into the view held: its events and warnings appended from the entries,
    /// its other fields patched) or the whole new view. Refused, leaving the table as it
    /// was, when an entry is not numbered right after the last one held (the client missed
    /// something: ask the server for `events_since(version)` or a fresh view), when an entry
    /// is outside this viewer's audience, when the view is another viewer's, when the update
    /// carries neither or both of a view and a patch, or when the patch does not fit the view
    /// held.
    ///
    /// # Errors
    /// `BAD_INPUT`, saying which.
    pub fn receive(&mut self, update: Update<'_>) -> Result<(), InputError> {
        let heads = update.entries.iter().map(|e| (e.version, e.item.audience()));
        match (update.view, update.patch) {
            (Some(view), None) => {
                self.version = check_update(self.viewer, self.version, heads, view.viewer)?;
                self.view = view.into_owned();
            }
            (None, Some(patch)) => {
                let version = check_update(self.viewer, self.version, heads, self.viewer)?;
                patch.apply(&mut self.view, &update.entries)?;
                self.version = version;
            }
            _ => return Err(InputError::bad_input("an update carries either the view or its patch")),
        }
        self.legal = self.view.legal_calls.iter().copied().collect();
        self.entries.extend(update.entries);
        Ok(())
    }

    /// Whose table this is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The last stream version held: what to resume from (`join` with `since`).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The viewer's view, as of the last update.
    pub fn view(&self) -> &View<'static> {
        &self.view
    }

    /// The entries received since this table was made, in order.
    pub fn entries(&self) -> &[StreamEntry] {
        &self.entries
    }

    /// Who must act next.
    pub fn turn(&self) -> Option<Seat> {
        self.view.turn
    }

    /// Whether it is this player's call: a call is offered to him now.
    pub fn is_my_call(&self) -> bool {
        !self.legal.is_empty()
    }

    /// The bidding box: the calls this player may make now.
    pub fn legal_calls(&self) -> CallSet {
        self.legal
    }

    /// Whether the bidding box offers `call`.
    pub fn is_legal(&self, call: Call) -> bool {
        self.legal.contains(call)
    }

    /// The actions this viewer may take on the pending decision (none if not awaited).
    pub fn my_options(&self) -> &[Settle] {
        self.view.pending.as_ref().map_or(&[], |p| p.options.as_slice())
    }

    /// Whether this player may ask now about the opponents' auction as a whole (L20F1).
    pub fn may_ask(&self) -> bool {
        self.view.may_ask
    }

    /// The calls in force this player may ask about now (indices; L20F1, L20F2, L41B).
    pub fn askable(&self) -> &[usize] {
        &self.view.askable
    }

    /// Whether this player may have the auction reviewed now (L20B, L20C2, L41B).
    pub fn may_review(&self) -> bool {
        self.view.may_review
    }

    /// Whether this player may ask "is it my lead?" now (L20C1, L41A).
    pub fn may_ask_lead(&self) -> bool {
        self.view.may_ask_lead
    }

    /// Whether this player may ask what the contract is now (L41C).
    pub fn may_ask_contract(&self) -> bool {
        self.view.may_ask_contract
    }

    /// The calls in force whose explanation this player may correct now (indices; L20F4,
    /// L20F5, L75B).
    pub fn correctable(&self) -> &[usize] {
        &self.view.correctable
    }

    /// The calls in force whose explanation by partner this player may note now, to
    /// correct it when the Law lets him (indices; L20F5).
    pub fn notable(&self) -> &[usize] {
        &self.view.notable
    }

    /// Whether this player may ask now to replace his last call (L25A).
    pub fn may_replace_call(&self) -> bool {
        self.view.may_replace_call
    }

    /// The calls in force this player may alert or explain now (indices; L20F, L21B1a).
    pub fn disclosable(&self) -> &[usize] {
        &self.view.disclosable
    }

    /// Questions this player must answer.
    pub fn questions_to_answer(&self) -> impl Iterator<Item = &SeenQuestion> {
        let ids = &self.view.questions_to_answer;
        self.view.questions.iter().filter(move |q| ids.contains(&q.id))
    }

    /// Calls this player may change under Law 21B1 now (indices among the calls in force).
    pub fn change_offers(&self) -> &[usize] {
        &self.view.change_offers
    }
}

/// What a client checks before taking an update, whatever holds its view (this `SeatTable`,
/// or the JS binding's): every entry numbered right after the last one held and addressed to
/// the viewer, and the view his. Returns the version after the update.
///
/// # Errors
/// `BAD_INPUT`, saying which; the caller then changes nothing.
pub fn check_update(
    viewer: Viewer,
    version: u64,
    entries: impl IntoIterator<Item = (u64, Audience)>,
    view_of: Viewer,
) -> Result<u64, InputError> {
    if view_of != viewer {
        return Err(InputError::bad_input(format!("a view for {view_of} is not {viewer}'s")));
    }
    let mut next = version;
    for (v, audience) in entries {
        if v != next + 1 {
            return Err(InputError::bad_input(format!(
                "stream gap: entry {v} after version {next}; ask for the entries since {version}"
            )));
        }
        if !audience.contains(viewer) {
            return Err(InputError::bad_input(format!("entry {v} is not addressed to {viewer}")));
        }
        next = v;
    }
    Ok(next)
}

// Read by the bindings (src/wasm.rs) before a whole view or entry.
#[cfg(feature = "wasm")]
/// The part of a view a client answers from every frame.
#[derive(Clone, Debug, Deserialize)]
pub struct ViewHead {
    /// Whose view.
    pub viewer: Viewer,
    /// Who must act next.
    pub turn: Option<Seat>,
    /// The calls the viewer may make now.
    pub legal_calls: Vec<Call>,
    /// The pending decision's options for the viewer.
    pub pending: Option<PendingHead>,
}

// Read by the bindings (src/wasm.rs) before a whole view or entry.
#[cfg(feature = "wasm")]
/// The viewer's options on a pending decision.
#[derive(Clone, Debug, Deserialize)]
pub struct PendingHead {
    /// What the viewer may do.
    pub options: Vec<Settle>,
}

fn check_viewer(viewer: Viewer, view: &View) -> Result<(), InputError> {
    if view.viewer == viewer {
        Ok(())
    } else {
        Err(InputError::bad_input(format!(
            "a view for {} is not {viewer}'s",
            view.viewer
        )))
    }
}
