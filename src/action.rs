//! What a participant does at the table: one JSON object per action (SPEC §3).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::call::{ParseError, Seat, Strain};
use crate::report::InputError;

#[macro_use]
mod table;
mod constructors;
mod kinds;

pub use kinds::ActionKind;

/// Who acts: a player or the Director.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(type = "Seat | \"director\""))]
pub enum Actor {
    /// A player.
    Seat(Seat),
    /// The Director.
    Director,
}

impl Actor {
    /// The seat, if a player acts.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(s) => Some(s),
            Actor::Director => None,
        }
    }
}

impl Actor {
    /// Its name: a seat's letter or `director`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Actor::Seat(s) => s.as_str(),
            Actor::Director => "director",
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Exactly SPEC §3's spellings: a seat (`N`, `E`, `S`, `W`) or `director`.
impl FromStr for Actor {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Actor, ParseError> {
        if s == "director" {
            return Ok(Actor::Director);
        }
        s.parse().map(Actor::Seat).map_err(|_| ParseError::new("seat", s))
    }
}

impl Serialize for Actor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::call::fixed_name(s, self.as_str())
    }
}

impl<'de> Deserialize<'de> for Actor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Actor, D::Error> {
        crate::call::from_text(d)
    }
}

/// How LHO's call over a call out of rotation at his own turn is meant (L28B vs L29A).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Intent {
    /// He accepts the call out of rotation and calls over it (L29A).
    Accept,
    /// He ignores it and takes his own turn (L28B).
    OwnTurn,
}

/// What a Director's ruling decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum RulingOn {
    /// Was the call unintended (L25A)?
    Unintended,
    /// Is the replacement comparable (L23A)?
    Comparable,
    /// Could misinformation well have influenced the changed call (L21B1a)?
    Misinformation,
    /// Did LHO's call accept the call out of rotation (L28B vs L29A)?
    Intent,
    /// Was the call artificial, and which denominations did it specify (L29C, L30C, L26B)?
    Artificial,
}

/// The value of a ruling: yes/no, or an intent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum RulingValue {
    /// Yes or no.
    Yes(bool),
    /// For `on: intent`.
    Intent(Intent),
}

/// A Director's ruling with the value its kind needs, read from a `ruling` action by
/// [`Action::director_ruling`]: the procedure (`procedure::rulings`) never sees a value of
/// the wrong type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ruling<'a> {
    /// L25A: was the call unintended?
    Unintended(bool),
    /// L21B1a: could misinformation well have influenced the changed call?
    Misinformation(bool),
    /// L23A: is the replacement comparable (a value, strains specified, or both)?
    Comparable {
        /// Comparable or not, if the Director says.
        value: Option<bool>,
        /// Strains the artificial call specified (L27B1a).
        specified: Option<&'a [Strain]>,
    },
    /// L28B/L29A: did LHO's call accept the call out of rotation?
    Intent(Intent),
    /// L29C, L30C, L26B: was the call artificial, and which denominations did it specify?
    Artificial {
        /// Artificial (`true`) or natural (`false`).
        value: bool,
        /// The denominations an artificial call specified (none: it specified none).
        specified: Option<&'a [Strain]>,
        /// The call in force ruled on; none: the call out of rotation or withdrawn call
        /// whose rectification is open.
        index: Option<usize>,
    },
}

impl Ruling<'_> {
    /// What the ruling decides.
    pub const fn on(&self) -> RulingOn {
        match self {
            Ruling::Unintended(_) => RulingOn::Unintended,
            Ruling::Misinformation(_) => RulingOn::Misinformation,
            Ruling::Comparable { .. } => RulingOn::Comparable,
            Ruling::Intent(_) => RulingOn::Intent,
            Ruling::Artificial { .. } => RulingOn::Artificial,
        }
    }

    /// The value as written in the action.
    pub fn value(&self) -> Option<RulingValue> {
        match *self {
            Ruling::Unintended(b) | Ruling::Misinformation(b) | Ruling::Artificial { value: b, .. } => {
                Some(RulingValue::Yes(b))
            }
            Ruling::Comparable { value, .. } => value.map(RulingValue::Yes),
            Ruling::Intent(i) => Some(RulingValue::Intent(i)),
        }
    }
}

/// Which hand a card comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum Hand {
    /// Dummy's hand, played by declarer.
    Dummy,
}

/// One action at the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(
    feature = "wasm",
    derive(tsify::Tsify),
    tsify(type = "ActionKind & { seat: Actor; at?: number }")
)]
pub struct Action {
    /// Who acts.
    pub seat: Actor,
    /// What he does.
    #[serde(flatten)]
    pub kind: ActionKind,
    /// Client clock in milliseconds, for tempo records.
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "whole_ms")]
    pub at: Option<f64>,
}

/// Writes a clock as an integer: the table keeps whole milliseconds (`Table::apply` rounds),
/// and an integer literal up to 2^53 reads back exactly, where `9007199254740991.0` may not.
/// (2^53 itself is written as a float: JS's safe integers end one below it, and a power of
/// two reads back exactly.)
fn whole_ms<S: serde::Serializer>(at: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match at {
        Some(t) if t.fract() == 0.0 && (0.0..MAX_CLOCK_MS).contains(t) => s.serialize_u64(*t as u64),
        Some(t) => s.serialize_f64(*t),
        None => s.serialize_none(),
    }
}

/// TypeScript's name for a `Strain` in a ruling and a lead restriction (their fields say
/// `tsify(type = "StrainName")`): the alias the package has always declared, kept where the
/// type it named was, so that `bridge_laws.d.ts` reads as before.
#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TS_STRAIN_NAME: &str = "/**\n * A strain written as text in a ruling (`\"H\"`, `\"NT\"`).\n */\nexport type StrainName = string;";

impl Action {
    /// An action parsed from its JSON text.
    ///
    /// # Errors
    /// `BAD_INPUT` when the text is not an action of SPEC §3, or holds a string longer
    /// than any text a table accepts (`MAX_TEXT_CAP` characters).
    #[cfg(feature = "json")]
    pub fn from_json(text: &str) -> Result<Action, InputError> {
        Action::from_json_within(text, crate::regulation::MAX_TEXT_CAP)
    }

    /// An action parsed from its JSON text, refusing before parsing any string token that
    /// cannot hold `max_text` characters or fewer (a key, a seat, a call or a text).
    ///
    /// # Errors
    /// `BAD_INPUT` as `from_json`.
    #[cfg(feature = "json")]
    pub fn from_json_within(text: &str, max_text: u32) -> Result<Action, InputError> {
        crate::input::check_string_sizes(text, crate::input::string_bytes_for(max_text))?;
        serde_json::from_str(text).map_err(|e| InputError::bad_input(bad_input_message(&e)))
    }

    /// The action's type as written in JSON (`"call"`, `"ask_lead"`, …).
    pub const fn type_name(&self) -> &'static str {
        self.kind.type_name()
    }

    /// Whether this is a call that alerts or explains itself (it gives a disclosure's event
    /// beside the call's: a replay makes room for both).
    pub(crate) fn discloses(&self) -> bool {
        matches!(
            &self.kind,
            ActionKind::Call { alert, explanation, .. } if *alert || explanation.is_some()
        )
    }

    /// Whether this is a seat's call with an explanation (the log keeps its text beside it).
    pub(crate) fn is_explained_call(&self) -> bool {
        matches!(
            self,
            Action {
                seat: Actor::Seat(_),
                kind: ActionKind::Call {
                    explanation: Some(_),
                    ..
                },
                ..
            }
        )
    }

    /// The texts this action carries (explanation, correction, reason).
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        let text = match &self.kind {
            ActionKind::Call { explanation, .. } | ActionKind::Alert { explanation, .. } => explanation.as_deref(),
            ActionKind::Explain { text, .. } | ActionKind::CorrectExplanation { text, .. } => Some(&**text),
            ActionKind::Director { reason } => reason.as_deref(),
            _ => None,
        };
        text.into_iter()
    }

    /// The characters of text this action carries (counted against `max_total_text`).
    pub fn text_chars(&self) -> usize {
        self.texts().map(|t| t.chars().count()).sum()
    }

    /// Checks what serde cannot: text lengths and clock values.
    ///
    /// # Errors
    /// `BAD_INPUT` for text longer than `max_text` characters or a clock that is not a
    /// number of milliseconds from 0 to `MAX_CLOCK_MS`.
    pub fn validate(&self, max_text: u32) -> Result<(), InputError> {
        for t in self.texts() {
            // A text no longer in bytes than the limit is within it in characters; else
            // counting stops one past the limit: a huge text costs no more than a long one.
            let limit = max_text as usize;
            if t.len() > limit && t.chars().take(limit.saturating_add(1)).count() > limit {
                return Err(InputError::bad_input(format!("text longer than {max_text} characters")));
            }
        }
        if self.at.is_some_and(|t| !(0.0..=MAX_CLOCK_MS).contains(&t)) {
            return Err(InputError::bad_input(
                "`at` must be a number of milliseconds from 0 to 2^53",
            ));
        }
        Ok(())
    }

    /// The Director's ruling this action gives, with the value its kind needs; `None` for
    /// any other action, a player's ruling included (refused `NOT_ENTITLED` under L81 by
    /// the procedure, whatever its value).
    ///
    /// # Errors
    /// `BAD_INPUT` for a Director's ruling without the value its kind needs: `true` or
    /// `false` for `unintended` and `misinformation`, `"accept"` or `"own_turn"` for
    /// `intent`, for `comparable` `true` or `false`, a `specified` list, or both, and for
    /// `artificial` `true` or `false` (a `specified` list only with `true`); an `index`
    /// belongs to `artificial` only.
    pub fn director_ruling(&self) -> Result<Option<Ruling<'_>>, InputError> {
        let (
            Actor::Director,
            ActionKind::Ruling {
                on,
                value,
                specified,
                index,
            },
        ) = (self.seat, &self.kind)
        else {
            return Ok(None);
        };
        if index.is_some() && *on != RulingOn::Artificial {
            return Err(InputError::bad_input("`index` belongs to an `artificial` ruling only"));
        }
        let yes = match value {
            Some(RulingValue::Yes(b)) => Some(*b),
            _ => None,
        };
        let specified = specified.as_deref();
        let ruling = match (on, yes, value) {
            (RulingOn::Unintended, Some(b), _) => Ruling::Unintended(b),
            (RulingOn::Unintended, None, _) => {
                return Err(InputError::bad_input(
                    "an `unintended` ruling needs value true or false",
                ))
            }
            (RulingOn::Misinformation, Some(b), _) => Ruling::Misinformation(b),
            (RulingOn::Misinformation, None, _) => {
                return Err(InputError::bad_input(
                    "a `misinformation` ruling needs value true or false",
                ))
            }
            (RulingOn::Comparable, None, Some(_)) => {
                return Err(InputError::bad_input("a `comparable` ruling needs value true or false"))
            }
            (RulingOn::Comparable, None, None) if specified.is_none() => {
                return Err(InputError::bad_input(
                    "a `comparable` ruling needs a value or a `specified` list",
                ))
            }
            (RulingOn::Comparable, value, _) => Ruling::Comparable { value, specified },
            (RulingOn::Intent, _, Some(RulingValue::Intent(i))) => Ruling::Intent(*i),
            (RulingOn::Intent, _, _) => {
                return Err(InputError::bad_input(
                    "an `intent` ruling needs value \"accept\" or \"own_turn\"",
                ))
            }
            (RulingOn::Artificial, Some(false), _) if specified.is_some() => {
                return Err(InputError::bad_input(
                    "a natural call (`artificial` false) specifies its own strain: no `specified` list",
                ))
            }
            (RulingOn::Artificial, Some(b), _) => Ruling::Artificial {
                value: b,
                specified,
                index: *index,
            },
            (RulingOn::Artificial, None, _) => {
                return Err(InputError::bad_input(
                    "an `artificial` ruling needs value true or false",
                ))
            }
        };
        Ok(Some(ruling))
    }
}

#[cfg(any(feature = "json", feature = "wasm"))]
pub(crate) use crate::input::bad_input_message;

/// The largest client clock accepted: 2^53 ms, the largest integer a JS number holds
/// exactly (some 285 000 years), so that every clock reads back as it was written.
pub const MAX_CLOCK_MS: f64 = 9_007_199_254_740_992.0;

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;
    use crate::report::Code;

    #[test]
    fn a_call_action_parses_with_its_disclosure() {
        let a = Action::from_json(r#"{"seat":"N","type":"call","call":"1NT","alert":true,"explanation":"15-17"}"#)
            .expect("valid action");
        assert_eq!(a.seat, Actor::Seat(Seat::N));
        assert!(matches!(a.kind, ActionKind::Call { alert: true, .. }));
    }

    #[test]
    fn malformed_actions_are_bad_input() {
        for bad in [
            "",
            "[]",
            "null",
            r#"{"seat":"Q","type":"call","call":"1C"}"#,
            r#"{"seat":"N","type":"call","call":"8NT"}"#,
            r#"{"seat":"N","type":"fly"}"#,
            r#"{"seat":"N","type":"alert","index":-1}"#,
            r#"{"seat":"N","type":"alert","index":"0"}"#,
            r#"{"seat":"N","type":"call"}"#,
            r#"{"seat":"N","type":"review","call":"1C"}"#,
            r#"{"seat":"N","type":"ruling","on":"intent","value":"maybe"}"#,
            r#"{"seat":"N","type":"call","call":"1C","colour":"red"}"#,
            r#"{"seat":"N","type":"restrict_lead","suit":"NT"}"#,
            r#"{"seat":"N","type":"restrict_lead","require":true}"#,
            r#"{"seat":"N","type":"restrict_lead","suit":"H","card":"HA"}"#,
        ] {
            let e = Action::from_json(bad).expect_err(bad);
            assert_eq!(e.code, Code::BadInput, "{bad}");
        }
    }

    #[test]
    fn restrict_lead_parses_with_or_without_a_suit() {
        let a = Action::from_json(r#"{"seat":"S","type":"restrict_lead","suit":"H","require":true}"#).expect("valid");
        assert_eq!(
            a.kind,
            ActionKind::RestrictLead {
                suit: Some(Strain::Hearts),
                require: true
            }
        );
        let a = Action::from_json(r#"{"seat":"S","type":"restrict_lead"}"#).expect("valid");
        assert_eq!(
            a.kind,
            ActionKind::RestrictLead {
                suit: None,
                require: false
            }
        );
        assert_eq!(a.type_name(), "restrict_lead");
    }

    #[test]
    fn an_artificial_ruling_reads_its_value_denominations_and_call() {
        let a = Action::from_json(
            r#"{"seat":"director","type":"ruling","on":"artificial","value":true,"specified":["H","S"],"index":2}"#,
        )
        .expect("valid");
        let specified = [Strain::Hearts, Strain::Spades];
        assert_eq!(
            a.director_ruling().expect("a ruling"),
            Some(Ruling::Artificial {
                value: true,
                specified: Some(&specified[..]),
                index: Some(2),
            })
        );
        for bad in [
            r#"{"seat":"director","type":"ruling","on":"artificial","specified":["H"]}"#,
            r#"{"seat":"director","type":"ruling","on":"artificial","value":false,"specified":[]}"#,
            r#"{"seat":"director","type":"ruling","on":"intent","value":"accept","index":0}"#,
        ] {
            let a = Action::from_json(bad).expect("parses");
            assert_eq!(a.director_ruling().map_err(|e| e.code), Err(Code::BadInput), "{bad}");
        }
    }

    #[test]
    fn a_field_of_another_type_is_named_in_the_refusal() {
        let message = |text: &str| Action::from_json(text).map_err(|e| e.message).err();
        let review_with_card = message(r#"{"seat":"S","type":"review","card":"SA"}"#);
        assert!(review_with_card.is_some_and(|m| m.contains("field `card` does not belong to type `review`")));
        // Of several, the first in the order of the action's fields.
        let call_with_card_and_text = message(r#"{"seat":"S","type":"call","call":"1C","card":"SA","text":"x"}"#);
        assert!(call_with_card_and_text.is_some_and(|m| m.contains("field `text` does not belong to type `call`")));
        let call_with_its_own =
            message(r#"{"seat":"S","type":"call","call":"1C","alert":true,"explanation":"x","intent":"accept"}"#);
        assert_eq!(call_with_its_own, None);
    }

    #[test]
    fn text_over_the_limit_is_bad_input() {
        let long = "x".repeat(501);
        let a = Action::from_json(&format!(r#"{{"seat":"S","type":"explain","index":0,"text":"{long}"}}"#))
            .expect("parses");
        assert_eq!(a.validate(500).map_err(|e| e.code), Err(Code::BadInput));
        assert!(a.validate(600).is_ok());
    }
}

impl<'de> Deserialize<'de> for RulingValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RulingValue, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = RulingValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("true, false, \"accept\" or \"own_turn\"")
            }
            fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<RulingValue, E> {
                Ok(RulingValue::Yes(b))
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<RulingValue, E> {
                match s {
                    "accept" => Ok(RulingValue::Intent(Intent::Accept)),
                    "own_turn" => Ok(RulingValue::Intent(Intent::OwnTurn)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(s), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}
