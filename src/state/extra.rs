//! What a plain auction never has: changes of a recorded call's status, disclosures and
//! questions (L20). The state keeps it boxed and absent until the first of them.

use serde::Serialize;

use std::sync::Arc;

use crate::audience::Audience;
use crate::call::Seat;
use crate::event::DisclosureKind;
use crate::store::journal::Journaled;
use crate::store::seat_list::SeatList;

use super::{CallId, StatusChange};

/// An alert, announcement, explanation or correction of one call.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisclosureRecord {
    /// Record id of the call.
    pub call: CallId,
    /// Who disclosed.
    pub by: Seat,
    /// Alert, announcement, explanation or correction.
    pub kind: DisclosureKind,
    /// Whether it alerts the call.
    pub alert: bool,
    /// The text, if any (shared with the event that told it and every view that shows it).
    pub text: Option<Arc<str>>,
    /// Who may see it.
    pub audience: Audience,
    /// Replaced by a correction: kept for the Director only.
    pub superseded: bool,
    /// Number of calls in the record when it was given (for Law 21B).
    pub at_record_len: usize,
}

/// Writes a question's answerers as whether any has answered.
fn answered_by_any<S: serde::Serializer>(by: &Audience, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bool(by.seats_any())
}

/// A question about the opponents' calls (L20F).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuestionRecord {
    /// Who asked.
    pub asker: Seat,
    /// Who must answer.
    pub answerers: SeatList,
    /// Record id of the call asked about; `None` for the whole auction.
    pub call: Option<CallId>,
    /// The answerers who have explained every call of theirs it covers (written
    /// `answered`: whether any has; `questions::answered` says whether all have).
    #[serde(rename = "answered", serialize_with = "answered_by_any")]
    pub answered_by: Audience,
    /// Who heard an answer to it: the audiences of its answers (L20F). A player who heard
    /// none does not learn that it was answered (under self-alerting, partner's answer
    /// goes to the opponents only).
    #[serde(skip)]
    pub heard_by: Audience,
    /// Who may see it.
    pub audience: Audience,
    /// Number of calls in the record when it was asked.
    pub at_record_len: usize,
    /// Number of disclosures when it was asked: an answer is an explanation given since.
    pub at_disclosures: usize,
}

impl QuestionRecord {
    /// Whether any answerer has given his whole part (`questions::answered`: all of them).
    #[cfg(any(test, feature = "internals"))] // read by the tests only
    pub fn answered_by_any(&self) -> bool {
        self.answered_by.seats_any()
    }
}

/// The status log, the disclosures and the questions (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Extra {
    /// Every change of a recorded call's status, with what it was before: what a Law 25A
    /// replacement puts back (see `BeforeCall`).
    status_log: Journaled<StatusChange>,
    /// Every disclosure.
    disclosures: Journaled<DisclosureRecord>,
    /// Every question.
    questions: Journaled<QuestionRecord>,
}

/// Nothing disclosed or asked: what a board without the box reads.
pub(super) static NONE: Extra = Extra {
    status_log: Journaled::new(),
    disclosures: Journaled::new(),
    questions: Journaled::new(),
};

impl Extra {
    /// Starts a new journal in each list (see `Journaled::begin`).
    pub(super) fn begin(&mut self) {
        self.status_log.begin();
        self.disclosures.begin();
        self.questions.begin();
    }

    /// Puts each list back as it was at `begin`.
    pub(super) fn rollback(&mut self) {
        self.status_log.rollback();
        self.disclosures.rollback();
        self.questions.rollback();
    }

    /// Whether every list is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.status_log.is_empty() && self.disclosures.is_empty() && self.questions.is_empty()
    }

    /// The status changes so far (see `CallStart::status_mark`).
    pub fn status_log(&self) -> &[StatusChange] {
        &self.status_log
    }

    /// Logs a change of a call's status.
    pub(super) fn log_status(&mut self, old: StatusChange) {
        self.status_log.push(old);
    }

    /// Every alert, announcement, explanation and correction, in order.
    pub fn disclosures(&self) -> &[DisclosureRecord] {
        &self.disclosures
    }

    /// Every question asked, in order (ids are positions).
    pub fn questions(&self) -> &[QuestionRecord] {
        &self.questions
    }

    /// Whether call `id` was alerted (by its caller or his partner).
    pub fn is_alerted(&self, id: CallId) -> bool {
        self.disclosures.iter().any(|d| d.call == id && d.alert)
    }

    /// Makes room for `n` more disclosures (a replay that knows its calls disclose).
    pub fn reserve_disclosures(&mut self, n: usize) {
        self.disclosures.reserve(n);
    }

    /// Records an alert, announcement, explanation or correction.
    #[inline]
    pub fn disclose(&mut self, d: DisclosureRecord) {
        self.disclosures.push(d);
    }

    /// L20F4, L20F5: the explanations of call `call` given by `by` are superseded by a
    /// correction; `each` sees each of them before.
    pub fn supersede_explanations(&mut self, call: CallId, by: Seat, mut each: impl FnMut(&DisclosureRecord)) {
        self.disclosures.update_where(
            |d| d.call == call && d.by == by && !d.superseded,
            |d| {
                each(d);
                d.superseded = true;
            },
        );
    }

    /// Records a question (L20F); returns its id.
    pub fn ask(&mut self, q: QuestionRecord) -> usize {
        self.questions.push(q);
        self.questions.len() - 1
    }

    /// `seat`'s explanation, heard by `heard_by`, answers question `qid` in part, or (with
    /// `whole`) completes his part of it (L20F1).
    pub fn record_answer(&mut self, qid: usize, seat: Seat, heard_by: Audience, whole: bool) {
        if let Some(q) = self.questions.get_mut(qid) {
            q.heard_by = q.heard_by.union(heard_by);
            if whole {
                q.answered_by = q.answered_by.with(seat);
            }
        }
    }
}
