//! Public codes (SPEC §4): a listed code keeps its name and meaning. Codes added by this
//! project are marked "(added)" and listed in docs/CODES.md.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::law::Law;

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, $law:ident; )*) => {
        /// A public code: what happened or why an action was refused.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
        #[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* #[serde(rename = $text)] $name, )*
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];

            /// The code as the public UPPER_SNAKE text.
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$name => $text,)* }
            }

            /// The law this code cites when no more precise clause is given.
            pub const fn law(self) -> Law {
                match self { $(Code::$name => Law::$law,)* }
            }
        }
    };
}

codes! {
    // --- input ---
    /// Malformed input: not an action, unknown seat or type, "8NT", text over `max_text`.
    BadInput = "BAD_INPUT", NoClause;
    // --- the action's place: its period, the call it names, the board's limits ---
    /// (added) The action is not possible in the current period.
    WrongPeriod = "WRONG_PERIOD", L17;
    /// (added) The call index names no call in force.
    NoSuchCall = "NO_SUCH_CALL", L20;
    /// (added) The board has accepted `max_actions` actions, or this text would take it past
    /// `max_total_text` characters.
    LimitReached = "LIMIT_REACHED", NoClause;
    // --- 5.1 order and legality ---
    /// A call (or, citing law 44, a card) out of turn was refused.
    NotYourTurn = "NOT_YOUR_TURN", L17C;
    /// A bid that does not supersede the last bid was refused.
    InsufficientBid = "INSUFFICIENT_BID", L27;
    /// A double that Law 19A1 does not allow was refused.
    DoubleNotAllowed = "DOUBLE_NOT_ALLOWED", L19A1;
    /// A redouble that Law 19B1 does not allow was refused.
    RedoubleNotAllowed = "REDOUBLE_NOT_ALLOWED", L19B1;
    /// A barred player tried to bid, double or redouble.
    MustPass = "MUST_PASS", L37;
    /// A call after the auction ended was refused.
    AuctionOver = "AUCTION_OVER", L39;
    // --- 5.2 irregularities ---
    /// An insufficient bid was made (rectify mode).
    IrregInsufficientBid = "IRREG_INSUFFICIENT_BID", L27;
    /// A call out of rotation was made (rectify mode).
    IrregCallOutOfRotation = "IRREG_CALL_OUT_OF_ROTATION", L28;
    /// An inadmissible double or redouble was made (rectify mode).
    IrregInadmissibleDouble = "IRREG_INADMISSIBLE_DOUBLE", L36;
    /// A barred player bid, doubled or redoubled (rectify mode).
    IrregBarredCall = "IRREG_BARRED_CALL", L37;
    /// A call was made after the final pass (rectify mode).
    IrregCallAfterFinalPass = "IRREG_CALL_AFTER_FINAL_PASS", L39;
    /// An attempted change of a call that was intended.
    IrregChangeOfCall = "IRREG_CHANGE_OF_CALL", L25B;
    /// A rectification is pending; only the actions it allows are accepted.
    RectificationPending = "RECTIFICATION_PENDING", L10C1;
    /// LHO called over a call out of rotation at his own turn without saying whether he accepts it.
    IntentRequired = "INTENT_REQUIRED", L28B;
    /// This player has no right to this option.
    NotEntitled = "NOT_ENTITLED", L10C1;
    /// (added) The offender must make this forced call.
    ForcedCall = "FORCED_CALL", L31A1;
    // --- 5.3 changes of call ---
    /// A change of call outside the Law 25A window.
    ChangeWindowClosed = "CHANGE_WINDOW_CLOSED", L25A4;
    /// Replacement of a call is switched off by the regulation.
    UndoDisabled = "UNDO_DISABLED", L25A;
    /// A replacement request is pending.
    UndoPending = "UNDO_PENDING", L25A;
    /// A ruling with no open question of its kind.
    NoPendingRuling = "NO_PENDING_RULING", L81;
    /// A Law 21B change that was not offered.
    ChangeNotOffered = "CHANGE_NOT_OFFERED", L21B1;
    // --- 5.4 review ---
    /// A review out of the requester's turn.
    ReviewNotYourTurn = "REVIEW_NOT_YOUR_TURN", L20B;
    /// A barred player may not have the auction reviewed.
    ReviewWhileBarred = "REVIEW_WHILE_BARRED", L20B;
    /// Only a defender may ask whether it is his lead.
    NotADefender = "NOT_A_DEFENDER", L20C1;
    /// The presumed dummy may not ask.
    DummyMayNotAsk = "DUMMY_MAY_NOT_ASK", L41B;
    /// The right to a review has lapsed.
    ReviewExpired = "REVIEW_EXPIRED", L41B;
    // --- 5.5 disclosure ---
    /// This player may not disclose the meaning of that call.
    NotYoursToExplain = "NOT_YOURS_TO_EXPLAIN", L20F1;
    /// A disclosure after a later call.
    LateAlert = "LATE_ALERT", L21B1a;
    /// Questions are about the opponents' calls only.
    AskOwnSide = "ASK_OWN_SIDE", L20F1;
    /// Questions are asked at one's own turn.
    AskNotYourTurn = "ASK_NOT_YOUR_TURN", L20F1;
    /// A question awaits this player's answer.
    AnswerPending = "ANSWER_PENDING", L20F1;
    /// The asker's partner may not ask a supplementary question until his turn.
    SupplementaryQuestion = "SUPPLEMENTARY_QUESTION", L20F1;
    /// Asking about one call may convey information to partner.
    SingleCallQuestion = "SINGLE_CALL_QUESTION", L20F3;
    /// A correction of partner's explanation before the Laws allow it.
    CorrectionTooEarly = "CORRECTION_TOO_EARLY", L20F5a;
    /// As declarer or dummy: correct partner's mistaken explanation now.
    CorrectPartnerNow = "CORRECT_PARTNER_NOW", L20F5b;
    /// As a defender: correct partner's mistaken explanation now that play is over.
    CorrectPartnerAfterPlay = "CORRECT_PARTNER_AFTER_PLAY", L20F5b;
    /// The opening lead was faced with a correction duty still open.
    DutyMissed = "DUTY_MISSED", L20F5b;
    /// Last chance to correct one's own explanations: before the opening lead is faced.
    CheckOwnExplanations = "CHECK_OWN_EXPLANATIONS", L20F4a;
    // --- 5.6 information ---
    /// Partner's alert, explanation or question is unauthorized information for this player.
    UiFromPartner = "UI_FROM_PARTNER", L16B1;
    /// (added) A withdrawn call is unauthorized information for this player.
    UiWithdrawnCall = "UI_WITHDRAWN_CALL", L16C2;
    /// (added) A withdrawn call is authorized information for this player.
    AiWithdrawnCall = "AI_WITHDRAWN_CALL", L16C1;
    /// (added) Partner's slow call may be unauthorized information.
    UiTempo = "UI_TEMPO", L16B1;
    // --- 5.7 play ---
    /// Only the opening leader may lead.
    NotYourLead = "NOT_YOUR_LEAD", L41A;
    /// A card already played.
    CardAlreadyPlayed = "CARD_ALREADY_PLAYED", NoClause;
    /// (added) A lead restriction was recorded for declarer to use (Law 26B).
    LeadRestriction = "LEAD_RESTRICTION", L26B;
    /// (added) Refused (`prevent`): the opening lead is of the suit declarer prohibited
    /// under Law 26B.
    LeadProhibited = "LEAD_PROHIBITED", L26B;
    /// (added) Recorded (`rectify`): the opening lead is of the suit declarer prohibited
    /// under Law 26B; the Director is summoned.
    IrregProhibitedLead = "IRREG_PROHIBITED_LEAD", L26B;
    /// (added) Refused (`prevent`): the opening lead waits for declarer's Law 26B choice
    /// (`restrict_lead`).
    LeadRestrictionPending = "LEAD_RESTRICTION_PENDING", L26B;
    /// (added) Recorded (`rectify`): the opening lead was made before declarer's Law 26B
    /// choice; the Director is summoned.
    IrregLeadBeforeRestriction = "IRREG_LEAD_BEFORE_RESTRICTION", L26B;
    /// (added) The opening leader did not lead the suit declarer required: he states he is
    /// void in it, which the Laws allow (Law 26B); shown to everyone.
    RequiredSuitVoid = "REQUIRED_SUIT_VOID", L26B;
    /// (added) Recorded: the opening leader, who led another suit when declarer required
    /// one (claiming a void), has now played a card of the required suit; the Director is
    /// summoned.
    IrregRequiredSuitNotLed = "IRREG_REQUIRED_SUIT_NOT_LED", L26B;
    /// (added) Refused (a table given the deal): the hand does not hold this card.
    CardNotHeld = "CARD_NOT_HELD", L45;
    /// (added) Refused (`prevent`, a table given the deal): the hand holds a card of the
    /// suit led and must follow suit (Law 44C).
    MustFollowSuit = "MUST_FOLLOW_SUIT", L44C;
    /// (added) Recorded (`rectify`, a table given the deal): a card of another suit while
    /// the hand holds one of the suit led — a revoke (Law 61), told to its player and the
    /// Director; the table may call the Director, who rules on it (Laws 62–64).
    IrregRevoke = "IRREG_REVOKE", L61;
    /// (added) Refused (`prevent`, a table given the deal): the leader holds the suit
    /// declarer required under Law 26B and must lead it.
    LeadRequired = "LEAD_REQUIRED", L26B;
    /// (added) Refused: no Law 26B restriction concerns the opening lead.
    NoLeadRestriction = "NO_LEAD_RESTRICTION", L26B;
    /// (added) Refused: declarer has already made his Law 26B choice.
    LeadAlreadyRestricted = "LEAD_ALREADY_RESTRICTED", L26B;
    /// (added) Refused: the suit was specified by the offender in the legal auction, so
    /// declarer may not name it (Law 26B).
    SuitNotRestrictable = "SUIT_NOT_RESTRICTABLE", L26B;
    /// (added) Refused: under `lead_restriction: prohibit` declarer may only prohibit a
    /// suit, not require one (Law 26B as amended).
    RequireNotAllowed = "REQUIRE_NOT_ALLOWED", L26B;
    /// (added) The Director may adjust after play.
    AdjustmentPossible = "ADJUSTMENT_POSSIBLE", L72C;
    /// (added) The auction is not over: it reverts to a player skipped by an accepted call
    /// out of rotation, and the later passes are cancelled.
    SkippedPlayer = "SKIPPED_PLAYER", L17D3;
    /// (added) The offender replaced his insufficient bid before his LHO had decided (Law
    /// 27C, Law 9B2): LHO may still accept it, which cancels the replacement; if not, the
    /// replacement stands under L27B. An inadmissible double or redouble replaced early
    /// (never acceptable, L36): the replacement is ruled as one.
    IrregPrematureReplacement = "IRREG_PREMATURE_REPLACEMENT", L27C;
}

impl Code {
    /// Whether this code reports malformed input or a limit of this software (an
    /// [`InputError`](super::InputError), citing no clause) rather than a refusal or a
    /// warning under a law.
    pub const fn is_input(self) -> bool {
        matches!(self, Code::BadInput | Code::LimitReached)
    }
}

/// Written as its text (`as_str`): one table of names, where a derived `Serialize` writes
/// each variant by its own call (in the wasm module, kilobytes for a list of names).
impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.as_str())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_as_its_text_and_reads_back() {
        for &code in Code::ALL {
            let json = serde_json::to_string(&code).expect("a code serializes");
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert_eq!(serde_json::from_str::<Code>(&json).ok(), Some(code));
        }
    }
}
