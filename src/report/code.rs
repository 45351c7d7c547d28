//! Public codes (SPEC §4): a listed code keeps its name and meaning. Codes added by this
//! project are marked "(added)" and listed in docs/CODES.md.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::law::Law;

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, $law:ident; )*) => {
        /// A public code: what happened or why an action was refused.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
        #[allow(non_camel_case_types)]
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
    BAD_INPUT = "BAD_INPUT", NoClause;
    /// (added) The action is not possible in the current period.
    WRONG_PERIOD = "WRONG_PERIOD", L17;
    /// (added) The call index names no call in force.
    NO_SUCH_CALL = "NO_SUCH_CALL", L20;
    /// (added) The board has accepted `max_actions` actions, or this text would take it past
    /// `max_total_text` characters.
    LIMIT_REACHED = "LIMIT_REACHED", NoClause;
    // --- 5.1 order and legality ---
    /// A call (or, citing law 44, a card) out of turn was refused.
    NOT_YOUR_TURN = "NOT_YOUR_TURN", L17C;
    /// A bid that does not supersede the last bid was refused.
    INSUFFICIENT_BID = "INSUFFICIENT_BID", L27;
    /// A double that Law 19A1 does not allow was refused.
    DOUBLE_NOT_ALLOWED = "DOUBLE_NOT_ALLOWED", L19A1;
    /// A redouble that Law 19B1 does not allow was refused.
    REDOUBLE_NOT_ALLOWED = "REDOUBLE_NOT_ALLOWED", L19B1;
    /// A barred player tried to bid, double or redouble.
    MUST_PASS = "MUST_PASS", L37;
    /// A call after the auction ended was refused.
    AUCTION_OVER = "AUCTION_OVER", L39;
    // --- 5.2 irregularities ---
    /// An insufficient bid was made (rectify mode).
    IRREG_INSUFFICIENT_BID = "IRREG_INSUFFICIENT_BID", L27;
    /// A call out of rotation was made (rectify mode).
    IRREG_CALL_OUT_OF_ROTATION = "IRREG_CALL_OUT_OF_ROTATION", L28;
    /// An inadmissible double or redouble was made (rectify mode).
    IRREG_INADMISSIBLE_DOUBLE = "IRREG_INADMISSIBLE_DOUBLE", L36;
    /// A barred player bid, doubled or redoubled (rectify mode).
    IRREG_BARRED_CALL = "IRREG_BARRED_CALL", L37;
    /// A call was made after the final pass (rectify mode).
    IRREG_CALL_AFTER_FINAL_PASS = "IRREG_CALL_AFTER_FINAL_PASS", L39;
    /// An attempted change of a call that was intended.
    IRREG_CHANGE_OF_CALL = "IRREG_CHANGE_OF_CALL", L25B;
    /// A rectification is pending; only the actions it allows are accepted.
    RECTIFICATION_PENDING = "RECTIFICATION_PENDING", L10C1;
    /// LHO called over a call out of rotation at his own turn without saying whether he accepts it.
    INTENT_REQUIRED = "INTENT_REQUIRED", L28B;
    /// This player has no right to this option.
    NOT_ENTITLED = "NOT_ENTITLED", L10C1;
    /// (added) The offender must make this forced call.
    FORCED_CALL = "FORCED_CALL", L31A1;
    // --- 5.3 changes of call ---
    /// A change of call outside the Law 25A window.
    CHANGE_WINDOW_CLOSED = "CHANGE_WINDOW_CLOSED", L25A4;
    /// Replacement of a call is switched off by the regulation.
    UNDO_DISABLED = "UNDO_DISABLED", L25A;
    /// A replacement request is pending.
    UNDO_PENDING = "UNDO_PENDING", L25A;
    /// A ruling with no open question of its kind.
    NO_PENDING_RULING = "NO_PENDING_RULING", L81;
    /// A Law 21B change that was not offered.
    CHANGE_NOT_OFFERED = "CHANGE_NOT_OFFERED", L21B1;
    // --- 5.4 review ---
    /// A review out of the requester's turn.
    REVIEW_NOT_YOUR_TURN = "REVIEW_NOT_YOUR_TURN", L20B;
    /// A barred player may not have the auction reviewed.
    REVIEW_WHILE_BARRED = "REVIEW_WHILE_BARRED", L20B;
    /// Only a defender may ask whether it is his lead.
    NOT_A_DEFENDER = "NOT_A_DEFENDER", L20C1;
    /// The presumed dummy may not ask.
    DUMMY_MAY_NOT_ASK = "DUMMY_MAY_NOT_ASK", L41B;
    /// The right to a review has lapsed.
    REVIEW_EXPIRED = "REVIEW_EXPIRED", L41B;
    // --- 5.5 disclosure ---
    /// This player may not disclose the meaning of that call.
    NOT_YOURS_TO_EXPLAIN = "NOT_YOURS_TO_EXPLAIN", L20F1;
    /// A disclosure after a later call.
    LATE_ALERT = "LATE_ALERT", L21B1a;
    /// Questions are about the opponents' calls only.
    ASK_OWN_SIDE = "ASK_OWN_SIDE", L20F1;
    /// Questions are asked at one's own turn.
    ASK_NOT_YOUR_TURN = "ASK_NOT_YOUR_TURN", L20F1;
    /// A question awaits this player's answer.
    ANSWER_PENDING = "ANSWER_PENDING", L20F1;
    /// The asker's partner may not ask a supplementary question until his turn.
    SUPPLEMENTARY_QUESTION = "SUPPLEMENTARY_QUESTION", L20F1;
    /// Asking about one call may convey information to partner.
    SINGLE_CALL_QUESTION = "SINGLE_CALL_QUESTION", L20F3;
    /// A correction of partner's explanation before the Laws allow it.
    CORRECTION_TOO_EARLY = "CORRECTION_TOO_EARLY", L20F5a;
    /// As declarer or dummy: correct partner's mistaken explanation now.
    CORRECT_PARTNER_NOW = "CORRECT_PARTNER_NOW", L20F5b;
    /// As a defender: correct partner's mistaken explanation now that play is over.
    CORRECT_PARTNER_AFTER_PLAY = "CORRECT_PARTNER_AFTER_PLAY", L20F5b;
    /// The opening lead was faced with a correction duty still open.
    DUTY_MISSED = "DUTY_MISSED", L20F5b;
    /// Last chance to correct one's own explanations: before the opening lead is faced.
    CHECK_OWN_EXPLANATIONS = "CHECK_OWN_EXPLANATIONS", L20F4a;
    // --- 5.6 information ---
    /// Partner's alert, explanation or question is unauthorized information for this player.
    UI_FROM_PARTNER = "UI_FROM_PARTNER", L16B1;
    /// (added) A withdrawn call is unauthorized information for this player.
    UI_WITHDRAWN_CALL = "UI_WITHDRAWN_CALL", L16C2;
    /// (added) A withdrawn call is authorized information for this player.
    AI_WITHDRAWN_CALL = "AI_WITHDRAWN_CALL", L16C1;
    /// (added) Partner's slow call may be unauthorized information.
    UI_TEMPO = "UI_TEMPO", L16B1;
    // --- 5.7 play ---
    /// Only the opening leader may lead.
    NOT_YOUR_LEAD = "NOT_YOUR_LEAD", L41A;
    /// A card already played.
    CARD_ALREADY_PLAYED = "CARD_ALREADY_PLAYED", NoClause;
    /// (added) A lead restriction was recorded for declarer to use (Law 26B).
    LEAD_RESTRICTION = "LEAD_RESTRICTION", L26B;
    /// (added) Refused (`prevent`): the opening lead is of the suit declarer prohibited
    /// under Law 26B.
    LEAD_PROHIBITED = "LEAD_PROHIBITED", L26B;
    /// (added) Recorded (`rectify`): the opening lead is of the suit declarer prohibited
    /// under Law 26B; the Director is summoned.
    IRREG_PROHIBITED_LEAD = "IRREG_PROHIBITED_LEAD", L26B;
    /// (added) Refused (`prevent`): the opening lead waits for declarer's Law 26B choice
    /// (`restrict_lead`).
    LEAD_RESTRICTION_PENDING = "LEAD_RESTRICTION_PENDING", L26B;
    /// (added) Recorded (`rectify`): the opening lead was made before declarer's Law 26B
    /// choice; the Director is summoned.
    IRREG_LEAD_BEFORE_RESTRICTION = "IRREG_LEAD_BEFORE_RESTRICTION", L26B;
    /// (added) The opening leader did not lead the suit declarer required: he states he is
    /// void in it, which the Laws allow (Law 26B); shown to everyone.
    REQUIRED_SUIT_VOID = "REQUIRED_SUIT_VOID", L26B;
    /// (added) Recorded: the opening leader, who led another suit when declarer required
    /// one (claiming a void), has now played a card of the required suit; the Director is
    /// summoned.
    IRREG_REQUIRED_SUIT_NOT_LED = "IRREG_REQUIRED_SUIT_NOT_LED", L26B;
    /// (added) Refused: no Law 26B restriction concerns the opening lead.
    NO_LEAD_RESTRICTION = "NO_LEAD_RESTRICTION", L26B;
    /// (added) Refused: declarer has already made his Law 26B choice.
    LEAD_ALREADY_RESTRICTED = "LEAD_ALREADY_RESTRICTED", L26B;
    /// (added) Refused: the suit was specified by the offender in the legal auction, so
    /// declarer may not name it (Law 26B).
    SUIT_NOT_RESTRICTABLE = "SUIT_NOT_RESTRICTABLE", L26B;
    /// (added) Refused: under `lead_restriction: prohibit` declarer may only prohibit a
    /// suit, not require one (Law 26B as amended).
    REQUIRE_NOT_ALLOWED = "REQUIRE_NOT_ALLOWED", L26B;
    /// (added) The Director may adjust after play.
    ADJUSTMENT_POSSIBLE = "ADJUSTMENT_POSSIBLE", L72C;
    /// (added) The auction is not over: it reverts to a player skipped by an accepted call
    /// out of rotation, and the later passes are cancelled.
    SKIPPED_PLAYER = "SKIPPED_PLAYER", L17D3;
    /// (added) The offender replaced his insufficient bid or inadmissible double or
    /// redouble before his LHO had decided (Law 27C, Law 9B2): not accepted; the
    /// replacement is ruled as a replacement.
    IRREG_PREMATURE_REPLACEMENT = "IRREG_PREMATURE_REPLACEMENT", L27C;
}

impl Code {
    /// Whether this code reports malformed input or a limit of this software (an
    /// [`InputError`](super::InputError), citing no clause) rather than a refusal or a
    /// warning under a law.
    pub const fn is_input(self) -> bool {
        matches!(self, Code::BAD_INPUT | Code::LIMIT_REACHED)
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
