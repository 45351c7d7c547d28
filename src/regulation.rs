//! The choices the Laws leave to the Regulating Authority and the site (Law 80, SPEC §2).

use serde::{Deserialize, Serialize};

use crate::call::Seat;

#[macro_use]
mod settings;

choices! {
    /// A named set of choices.
    enum Preset {
        /// Online club play: self-alerting, irregularities prevented, undo with consent.
        Online = "online",
        /// Online tournament: as online, questions at one's own turn, undo by the Director.
        OnlineTournament = "online_tournament",
        /// Face to face: partner alerts, irregularities rectified.
        FaceToFace = "face_to_face",
        /// Screens: each player discloses to his screenmate.
        Screens = "screens",
    }

    /// Who alerts and explains a call (L40B2a(iii)).
    enum Disclosure {
        /// The caller alerts and explains to both opponents, never to partner.
        SelfAlert = "self",
        /// The caller's partner alerts and explains; everyone hears.
        Partner = "partner",
        /// Each player alerts and explains to his screenmate.
        Screens = "screens",
    }

    /// Whether irregular calls are refused or recorded and rectified.
    enum Irregularities {
        /// Refuse every irregular call.
        Prevent = "prevent",
        /// Record it and apply the rectification of Laws 27–39.
        Rectify = "rectify",
    }

    /// When a player may ask about the opponents' calls (L20F1).
    enum Questions {
        /// Only at one's own turn (L20F1/F2).
        OwnTurn = "own_turn",
        /// At any time.
        AnyTime = "any_time",
    }

    /// How a Law 25A replacement of an unintended call is granted.
    enum Undo {
        /// Not at all.
        Off = "off",
        /// When an opponent agrees.
        Consent = "consent",
        /// When the Director rules the call unintended.
        Director = "director",
    }

    /// Which Law 26B version applies.
    enum LeadRestriction {
        /// Declarer may prohibit the lead of one suit (amended 2017 text).
        Prohibit = "prohibit",
        /// Declarer may require or prohibit the lead of one suit (original 2017 printing).
        RequireOrProhibit = "require_or_prohibit",
    }

    /// How the screens divide the table.
    enum Screenmates {
        /// North with East, South with West.
        NeSw = "ne_sw",
        /// North with West, South with East.
        NwSe = "nw_se",
    }
}

// The settings after `preset`, each with the online preset's value (`Regulation::preset`
// says where the other presets differ). Their order is the JSON's, the TypeScript's and the
// state hash's: a new setting goes last.
settings! {
    /// Who alerts and explains.
    disclosure: Disclosure = Disclosure::SelfAlert,
    /// Prevent or rectify irregular calls.
    irregularities: Irregularities = Irregularities::Prevent,
    /// When questions may be asked.
    questions: Questions = Questions::AnyTime,
    /// Law 25A replacement policy.
    undo: Undo = Undo::Consent,
    /// Whether the engine passes for a barred player.
    auto_pass_barred: bool = true,
    /// Law 26B version.
    lead_restriction: LeadRestriction = LeadRestriction::Prohibit,
    /// Whether spectators see alerts and explanations.
    spectators_see_disclosures: bool = true,
    /// The longest explanation, in characters.
    max_text: u32 = 500,
    /// A call slower than this is a possible hesitation (L16B1); `None` = off.
    tempo_threshold_ms: Option<u32> = None,
    /// Screen arrangement (used with `disclosure: screens`).
    screenmates: Screenmates = Screenmates::NeSw,
    /// The most actions a board accepts; beyond it every action is `LIMIT_REACHED`.
    max_actions: u32 = MAX_ACTIONS,
    /// The most characters of text (explanations, corrections, reasons for summoning the
    /// Director) a board accepts in all; beyond it an action with text is `LIMIT_REACHED`.
    max_total_text: u32 = MAX_TOTAL_TEXT,
    /// Whether spectators see the hands of a table given the deal (`view.hands`).
    /// (Hashed only when it differs from its preset's: `Regulation::HASHED_WHEN_CHANGED`.)
    spectators_see_hands: bool = true,
}

impl Screenmates {
    /// The player on the same side of the screen as `seat`.
    pub const fn of(self, seat: Seat) -> Seat {
        match (self, seat) {
            (Screenmates::NeSw, Seat::N) => Seat::E,
            (Screenmates::NeSw, Seat::E) => Seat::N,
            (Screenmates::NeSw, Seat::S) => Seat::W,
            (Screenmates::NeSw, Seat::W) => Seat::S,
            (Screenmates::NwSe, Seat::N) => Seat::W,
            (Screenmates::NwSe, Seat::W) => Seat::N,
            (Screenmates::NwSe, Seat::S) => Seat::E,
            (Screenmates::NwSe, Seat::E) => Seat::S,
        }
    }
}

/// Default of `max_actions`: far above any real board (the longest legal auction has 319
/// calls, play 52 cards), low enough that a table's state stays small.
pub const MAX_ACTIONS: u32 = 2_000;

/// The largest `max_text` a table accepts: a text field can never be longer, which bounds
/// what the readers of untrusted JSON let through before parsing.
pub const MAX_TEXT_CAP: u32 = 100_000;

/// Default of `max_total_text`: forty full-length explanations.
pub const MAX_TOTAL_TEXT: u32 = 20_000;

impl Regulation {
    /// The settings of a preset (SPEC §2 table).
    pub const fn preset(p: Preset) -> Regulation {
        let base = Regulation::base(p);
        match p {
            Preset::Online => base,
            Preset::OnlineTournament => Regulation {
                questions: Questions::OwnTurn,
                undo: Undo::Director,
                tempo_threshold_ms: Some(10_000),
                ..base
            },
            Preset::FaceToFace => Regulation {
                disclosure: Disclosure::Partner,
                irregularities: Irregularities::Rectify,
                questions: Questions::OwnTurn,
                undo: Undo::Director,
                auto_pass_barred: false,
                spectators_see_hands: false,
                ..base
            },
            Preset::Screens => Regulation {
                disclosure: Disclosure::Screens,
                irregularities: Irregularities::Rectify,
                questions: Questions::OwnTurn,
                undo: Undo::Director,
                auto_pass_barred: false,
                spectators_see_hands: false,
                ..base
            },
        }
    }

    /// The settings added after the state hash's encoding was fixed: written (after the
    /// others) only when they differ from their preset's, so that every table that does not
    /// change them keeps its hash (`encode`).
    pub(crate) const HASHED_WHEN_CHANGED: &'static [&'static str] = &["spectators_see_hands"];

    /// The canonical bytes of the settings in `HASHED_WHEN_CHANGED` that differ from the
    /// preset's: a tag byte, then the value.
    fn encode_changed(&self, out: &mut Vec<u8>) {
        if self.spectators_see_hands != Regulation::preset(self.preset).spectators_see_hands {
            out.push(0xA1);
            out.push(u8::from(self.spectators_see_hands));
        }
    }

    /// Whether irregular calls are rectified rather than refused.
    pub const fn rectifies(&self) -> bool {
        matches!(self.irregularities, Irregularities::Rectify)
    }
}

/// A regulation as written in options: a preset name, or a preset with overrides.
///
/// Read by hand rather than as an untagged enum, so that a bad value says which setting it
/// is and what that setting allows (`regulation setting `undo` must be one of "off",
/// "consent", "director"`), natively and in the browser alike.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub enum RegulationSpec {
    /// `"online"`, `"face_to_face"`, …
    Preset(Preset),
    /// `{preset, …overrides}` (boxed: a table keeps its spec, and most name a preset).
    Custom(Box<Overrides>),
}

impl<'de> Deserialize<'de> for RegulationSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RegulationSpec, D::Error> {
        d.deserialize_any(SpecReader)
    }
}

/// Reads a preset name or `{preset, …overrides}`.
struct SpecReader;

const _: () = assert!(SETTINGS.len() <= 64, "the reader's `seen` has a bit a setting");

impl<'de> serde::de::Visitor<'de> for SpecReader {
    type Value = RegulationSpec;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a regulation: {}, or {{preset, …settings}}",
            settings::one_of(Preset::NAMES)
        )
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RegulationSpec, E> {
        Ok(RegulationSpec::Preset(Preset::named(name).ok_or_else(|| {
            E::custom(format_args!(
                "unknown regulation preset `{name}`: a preset is {}",
                settings::one_of(Preset::NAMES)
            ))
        })?))
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<RegulationSpec, M::Error> {
        let mut o = Overrides::default();
        // One bit a setting (a table of more than 64 rows fails to compile below).
        let mut seen = 0u64;
        while let Some(key) = map.next_key::<String>()? {
            let Some(i) = SETTINGS.iter().position(|s| *s == key) else {
                return Err(serde::de::Error::custom(format_args!(
                    "unknown regulation setting `{key}`: the settings are {}",
                    SETTINGS.join(", ")
                )));
            };
            if seen & (1 << i) != 0 {
                return Err(serde::de::Error::custom(format_args!(
                    "regulation setting `{key}` given twice"
                )));
            }
            seen |= 1 << i;
            o.read(&key, &mut map)?;
        }
        Ok(RegulationSpec::Custom(Box::new(o)))
    }
}

impl Default for RegulationSpec {
    fn default() -> RegulationSpec {
        RegulationSpec::Preset(Preset::Online)
    }
}

impl RegulationSpec {
    /// The settings this spec describes.
    pub fn resolve(&self) -> Regulation {
        match self {
            RegulationSpec::Preset(p) => Regulation::preset(*p),
            RegulationSpec::Custom(o) => o.over(Regulation::preset(o.preset.unwrap_or(Preset::Online))),
        }
    }
}

impl From<Regulation> for RegulationSpec {
    fn from(r: Regulation) -> RegulationSpec {
        RegulationSpec::Custom(Box::new(Overrides::every(r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_name_or_a_preset_with_overrides_is_accepted() {
        let a: RegulationSpec = serde_json::from_str(r#""face_to_face""#).expect("name");
        assert_eq!(a.resolve().disclosure, Disclosure::Partner);
        let b: RegulationSpec =
            serde_json::from_str(r#"{"preset":"online","undo":"off","tempo_threshold_ms":null}"#).expect("overrides");
        let r = b.resolve();
        assert_eq!(
            (r.undo, r.disclosure, r.tempo_threshold_ms),
            (Undo::Off, Disclosure::SelfAlert, None)
        );
    }

    #[test]
    fn an_unknown_setting_is_refused() {
        assert!(serde_json::from_str::<RegulationSpec>(r#"{"preset":"online","undoo":"off"}"#).is_err());
        assert!(serde_json::from_str::<RegulationSpec>(r#""chess""#).is_err());
    }

    fn refusal(text: &str) -> String {
        serde_json::from_str::<RegulationSpec>(text)
            .expect_err(text)
            .to_string()
    }

    /// The quoted values a message lists as allowed.
    fn quoted(message: &str) -> Vec<String> {
        message
            .split('"')
            .skip(1)
            .step_by(2)
            .map(|s| format!("\"{s}\""))
            .collect()
    }

    #[test]
    fn a_bad_setting_says_which_setting_and_what_it_allows() {
        for (setting, bad, allowed) in [
            ("preset", r#""chess""#, 4),
            ("disclosure", r#""loud""#, 3),
            ("irregularities", r#""ignore""#, 2),
            ("questions", "true", 2),
            ("undo", r#""never""#, 3),
            ("lead_restriction", r#""free""#, 2),
            ("screenmates", r#""n_s""#, 2),
        ] {
            let message = refusal(&format!(r#"{{"{setting}":{bad}}}"#));
            assert!(
                message.starts_with(&format!("regulation setting `{setting}` must be one of")),
                "{message}"
            );
            let values = quoted(&message);
            assert_eq!(values.len(), allowed, "{message}");
            for value in values {
                let text = format!(r#"{{"{setting}":{value}}}"#);
                assert!(
                    serde_json::from_str::<RegulationSpec>(&text).is_ok(),
                    "{text} is allowed"
                );
            }
        }
        for (setting, bad) in [
            ("auto_pass_barred", r#""yes""#),
            ("spectators_see_disclosures", "1"),
            ("max_text", "-1"),
            ("max_actions", "1.5"),
            ("max_total_text", r#""many""#),
            ("tempo_threshold_ms", r#""slow""#),
        ] {
            let message = refusal(&format!(r#"{{"{setting}":{bad}}}"#));
            assert!(
                message.starts_with(&format!("regulation setting `{setting}` must be ")),
                "{message}"
            );
        }
        assert!(refusal(r#"{"tempo_threshold_ms":"slow"}"#).contains("or null"));
    }

    #[test]
    fn an_unknown_preset_or_setting_is_named_with_what_exists() {
        let message = refusal(r#""chess""#);
        assert!(message.starts_with("unknown regulation preset `chess`"), "{message}");
        assert_eq!(quoted(&message).len(), 4, "{message}");
        for preset in quoted(&message) {
            assert!(serde_json::from_str::<RegulationSpec>(&preset).is_ok(), "{preset}");
        }
        let message = refusal(r#"{"preset":"online","undoo":"off"}"#);
        assert!(message.starts_with("unknown regulation setting `undoo`"), "{message}");
        for setting in SETTINGS {
            assert!(message.contains(setting), "{message} lists {setting}");
        }
        let message = refusal(r#"{"undo":"off","undo":"consent"}"#);
        assert!(message.contains("`undo` given twice"), "{message}");
        assert!(serde_json::from_str::<RegulationSpec>("null").is_err());
        assert!(serde_json::from_str::<RegulationSpec>("3").is_err());
    }

    #[test]
    fn every_setting_of_the_overrides_is_read() {
        let all = serde_json::to_string(&RegulationSpec::from(Regulation::preset(Preset::Screens))).expect("json");
        let back: RegulationSpec = serde_json::from_str(&all).expect("every setting");
        assert_eq!(back.resolve(), Regulation::preset(Preset::Screens));
        let RegulationSpec::Custom(o) = back else {
            panic!("overrides")
        };
        assert_eq!(
            serde_json::to_value(&o).expect("json").as_object().map(|m| m.len()),
            Some(SETTINGS.len())
        );
    }

    #[test]
    fn overrides_are_written_back_exactly_as_given() {
        for text in [
            r#"{"preset":"online_tournament"}"#,
            r#"{"preset":"online_tournament","tempo_threshold_ms":null}"#,
            r#"{"max_text":100000,"max_actions":5,"max_total_text":0}"#,
        ] {
            let spec: RegulationSpec = serde_json::from_str(text).expect("overrides");
            let again = serde_json::to_string(&spec).expect("serializes");
            assert_eq!(again, text);
            let back: RegulationSpec = serde_json::from_str(&again).expect("reads back");
            assert_eq!((back.clone(), back.resolve()), (spec.clone(), spec.resolve()));
        }
        let absent: RegulationSpec = serde_json::from_str(r#"{"preset":"online_tournament"}"#).expect("absent");
        let off: RegulationSpec =
            serde_json::from_str(r#"{"preset":"online_tournament","tempo_threshold_ms":null}"#).expect("null");
        assert_eq!(absent.resolve().tempo_threshold_ms, Some(10_000));
        assert_eq!(off.resolve().tempo_threshold_ms, None);
    }

    #[test]
    fn the_refusals_are_worded_as_before_the_table() {
        for (text, message) in [
            (
                r#"{"undo":"never"}"#,
                r#"regulation setting `undo` must be one of "off", "consent", "director""#,
            ),
            (
                r#"{"tempo_threshold_ms":-5}"#,
                "regulation setting `tempo_threshold_ms` must be a whole number from 0 to 4294967295, or null (off)",
            ),
            (
                r#"{"max_text":"long"}"#,
                "regulation setting `max_text` must be a whole number from 0 to 4294967295",
            ),
            (
                r#"{"auto_pass_barred":0}"#,
                "regulation setting `auto_pass_barred` must be true or false",
            ),
            (
                r#""chess""#,
                r#"unknown regulation preset `chess`: a preset is one of "online", "online_tournament", "face_to_face", "screens""#,
            ),
        ] {
            assert!(refusal(text).starts_with(message), "{text}: {}", refusal(text));
        }
        let unknown = refusal(r#"{"loud":true}"#);
        assert!(
            unknown.starts_with(
                "unknown regulation setting `loud`: the settings are preset, disclosure, irregularities, questions, \
                 undo, auto_pass_barred, lead_restriction, spectators_see_disclosures, max_text, tempo_threshold_ms, \
                 screenmates, max_actions, max_total_text"
            ),
            "{unknown}"
        );
    }

    #[test]
    fn a_choice_is_named_as_json_writes_it() {
        for (k, name) in Undo::NAMES.iter().enumerate() {
            let undo = Undo::named(name).expect("a name of the table");
            assert_eq!(serde_json::to_string(&undo).ok(), Some(format!("\"{name}\"")));
            assert_eq!(undo as usize, k);
        }
        for name in Preset::NAMES {
            let preset = Preset::named(name).expect("a preset");
            assert_eq!(
                serde_json::from_str::<Preset>(&format!("\"{name}\"")).ok(),
                Some(preset)
            );
        }
        assert_eq!(Disclosure::named("self"), Some(Disclosure::SelfAlert));
        assert_eq!(Disclosure::named("Self"), None);
    }

    #[test]
    fn each_setting_has_its_bytes_in_the_order_of_the_table() {
        let mut r = Regulation::preset(Preset::Screens);
        r.tempo_threshold_ms = Some(0x0102_0304);
        let mut b = Vec::new();
        r.encode(&mut b);
        // Screens: preset 3, disclosure 2, rectify 1, own turn 0, undo by the Director 2, no
        // auto-pass, prohibit 0, spectators see 1.
        let mut want = vec![3, 2, 1, 0, 2, 0, 0, 1];
        want.extend_from_slice(&500u32.to_le_bytes());
        want.extend_from_slice(&[1, 4, 3, 2, 1, 0]);
        want.extend_from_slice(&MAX_ACTIONS.to_le_bytes());
        want.extend_from_slice(&MAX_TOTAL_TEXT.to_le_bytes());
        assert_eq!(b, want);
    }

    #[test]
    fn a_resolved_regulation_round_trips_as_a_spec() {
        let r = Regulation::preset(Preset::Screens);
        assert_eq!(RegulationSpec::from(r).resolve(), r);
    }
}
