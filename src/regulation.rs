//! The choices the Laws leave to the Regulating Authority and the site (Law 80, SPEC §2).

use serde::{Deserialize, Serialize};

use crate::call::Seat;

/// A named set of choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Preset {
    /// Online club play: self-alerting, irregularities prevented, undo with consent.
    Online,
    /// Online tournament: as online, questions at one's own turn, undo by the Director.
    OnlineTournament,
    /// Face to face: partner alerts, irregularities rectified.
    FaceToFace,
    /// Screens: each player discloses to his screenmate.
    Screens,
}

/// Who alerts and explains a call (L40B2a(iii)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Disclosure {
    /// The caller alerts and explains to both opponents, never to partner.
    #[serde(rename = "self")]
    SelfAlert,
    /// The caller's partner alerts and explains; everyone hears.
    Partner,
    /// Each player alerts and explains to his screenmate.
    Screens,
}

/// Whether irregular calls are refused or recorded and rectified.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Irregularities {
    /// Refuse every irregular call.
    Prevent,
    /// Record it and apply the rectification of Laws 27–39.
    Rectify,
}

/// When a player may ask about the opponents' calls (L20F1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Questions {
    /// Only at one's own turn (L20F1/F2).
    OwnTurn,
    /// At any time.
    AnyTime,
}

/// How a Law 25A replacement of an unintended call is granted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Undo {
    /// Not at all.
    Off,
    /// When an opponent agrees.
    Consent,
    /// When the Director rules the call unintended.
    Director,
}

/// Which Law 26B version applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum LeadRestriction {
    /// Declarer may prohibit the lead of one suit (amended 2017 text).
    Prohibit,
    /// Declarer may require or prohibit the lead of one suit (original 2017 printing).
    RequireOrProhibit,
}

/// How the screens divide the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub enum Screenmates {
    /// North with East, South with West.
    NeSw,
    /// North with West, South with East.
    NwSe,
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

/// Every choice the engine needs from the regulations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
#[non_exhaustive]
pub struct Regulation {
    /// The preset these settings started from.
    pub preset: Preset,
    /// Who alerts and explains.
    pub disclosure: Disclosure,
    /// Prevent or rectify irregular calls.
    pub irregularities: Irregularities,
    /// When questions may be asked.
    pub questions: Questions,
    /// Law 25A replacement policy.
    pub undo: Undo,
    /// Whether the engine passes for a barred player.
    pub auto_pass_barred: bool,
    /// Law 26B version.
    pub lead_restriction: LeadRestriction,
    /// Whether spectators see alerts and explanations.
    pub spectators_see_disclosures: bool,
    /// The longest explanation, in characters.
    pub max_text: u32,
    /// A call slower than this is a possible hesitation (L16B1); `None` = off.
    pub tempo_threshold_ms: Option<u32>,
    /// Screen arrangement (used with `disclosure: screens`).
    pub screenmates: Screenmates,
    /// The most actions a board accepts; beyond it every action is `LIMIT_REACHED`.
    pub max_actions: u32,
    /// The most characters of text (explanations, corrections, reasons for summoning the
    /// Director) a board accepts in all; beyond it an action with text is `LIMIT_REACHED`.
    pub max_total_text: u32,
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
        let base = Regulation {
            preset: p,
            disclosure: Disclosure::SelfAlert,
            irregularities: Irregularities::Prevent,
            questions: Questions::AnyTime,
            undo: Undo::Consent,
            auto_pass_barred: true,
            lead_restriction: LeadRestriction::Prohibit,
            spectators_see_disclosures: true,
            max_text: 500,
            tempo_threshold_ms: None,
            screenmates: Screenmates::NeSw,
            max_actions: MAX_ACTIONS,
            max_total_text: MAX_TOTAL_TEXT,
        };
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
                ..base
            },
            Preset::Screens => Regulation {
                disclosure: Disclosure::Screens,
                irregularities: Irregularities::Rectify,
                questions: Questions::OwnTurn,
                undo: Undo::Director,
                auto_pass_barred: false,
                ..base
            },
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

/// A preset and the settings that differ from it. An absent setting is the preset's; an
/// override is written back exactly as given (`tempo_threshold_ms: null` is "off", absent
/// is the preset's threshold), so options round-trip through JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(default, deny_unknown_fields)]
#[allow(missing_docs)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Overrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<Preset>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disclosure: Option<Disclosure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub irregularities: Option<Irregularities>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub questions: Option<Questions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undo: Option<Undo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_pass_barred: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead_restriction: Option<LeadRestriction>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spectators_see_disclosures: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_text: Option<u32>,
    /// `Some(None)`: an explicit `null` (off); `None`: absent (the preset's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tempo_threshold_ms: Option<Option<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub screenmates: Option<Screenmates>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_actions: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_total_text: Option<u32>,
}

const PRESETS: &str = r#"one of "online", "online_tournament", "face_to_face", "screens""#;
const WHOLE: &str = "a whole number from 0 to 4294967295";
const TEMPO: &str = "a whole number from 0 to 4294967295, or null (off)";
/// Every setting of `{preset, …overrides}`, in the order of `Overrides`.
const SETTINGS: [&str; 13] = [
    "preset",
    "disclosure",
    "irregularities",
    "questions",
    "undo",
    "auto_pass_barred",
    "lead_restriction",
    "spectators_see_disclosures",
    "max_text",
    "tempo_threshold_ms",
    "screenmates",
    "max_actions",
    "max_total_text",
];

impl<'de> Deserialize<'de> for RegulationSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RegulationSpec, D::Error> {
        d.deserialize_any(SpecReader)
    }
}

/// Reads a preset name or `{preset, …overrides}`.
struct SpecReader;

/// What a setting's bad value is told: `regulation setting `undo` must be one of …`.
fn setting<'de, M: serde::de::MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut M,
    name: &str,
    allowed: &str,
) -> Result<T, M::Error> {
    map.next_value()
        .map_err(|_| serde::de::Error::custom(format_args!("regulation setting `{name}` must be {allowed}")))
}

impl<'de> serde::de::Visitor<'de> for SpecReader {
    type Value = RegulationSpec;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a regulation: {PRESETS}, or {{preset, …settings}}")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<RegulationSpec, E> {
        Ok(RegulationSpec::Preset(preset_named(name).ok_or_else(|| {
            E::custom(format_args!(
                "unknown regulation preset `{name}`: a preset is {PRESETS}"
            ))
        })?))
    }

    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<RegulationSpec, M::Error> {
        let mut o = Overrides::default();
        let mut seen = 0u16;
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
            let m = &mut map;
            match i {
                0 => o.preset = Some(setting(m, "preset", PRESETS)?),
                1 => o.disclosure = Some(setting(m, "disclosure", r#"one of "self", "partner", "screens""#)?),
                2 => o.irregularities = Some(setting(m, "irregularities", r#"one of "prevent", "rectify""#)?),
                3 => o.questions = Some(setting(m, "questions", r#"one of "own_turn", "any_time""#)?),
                4 => o.undo = Some(setting(m, "undo", r#"one of "off", "consent", "director""#)?),
                5 => o.auto_pass_barred = Some(setting(m, "auto_pass_barred", "true or false")?),
                6 => {
                    let allowed = r#"one of "prohibit", "require_or_prohibit""#;
                    o.lead_restriction = Some(setting(m, "lead_restriction", allowed)?);
                }
                7 => o.spectators_see_disclosures = Some(setting(m, "spectators_see_disclosures", "true or false")?),
                8 => o.max_text = Some(setting(m, "max_text", WHOLE)?),
                // An explicit `null` is "off" (`Some(None)`); absent is the preset's (`None`).
                9 => o.tempo_threshold_ms = Some(setting(m, "tempo_threshold_ms", TEMPO)?),
                10 => o.screenmates = Some(setting(m, "screenmates", r#"one of "ne_sw", "nw_se""#)?),
                11 => o.max_actions = Some(setting(m, "max_actions", WHOLE)?),
                _ => o.max_total_text = Some(setting(m, "max_total_text", WHOLE)?),
            }
        }
        Ok(RegulationSpec::Custom(Box::new(o)))
    }
}

/// A preset by its name.
fn preset_named(name: &str) -> Option<Preset> {
    Some(match name {
        "online" => Preset::Online,
        "online_tournament" => Preset::OnlineTournament,
        "face_to_face" => Preset::FaceToFace,
        "screens" => Preset::Screens,
        _ => return None,
    })
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
            RegulationSpec::Custom(o) => {
                let r = Regulation::preset(o.preset.unwrap_or(Preset::Online));
                Regulation {
                    preset: r.preset,
                    disclosure: o.disclosure.unwrap_or(r.disclosure),
                    irregularities: o.irregularities.unwrap_or(r.irregularities),
                    questions: o.questions.unwrap_or(r.questions),
                    undo: o.undo.unwrap_or(r.undo),
                    auto_pass_barred: o.auto_pass_barred.unwrap_or(r.auto_pass_barred),
                    lead_restriction: o.lead_restriction.unwrap_or(r.lead_restriction),
                    spectators_see_disclosures: o.spectators_see_disclosures.unwrap_or(r.spectators_see_disclosures),
                    max_text: o.max_text.unwrap_or(r.max_text),
                    tempo_threshold_ms: o.tempo_threshold_ms.unwrap_or(r.tempo_threshold_ms),
                    screenmates: o.screenmates.unwrap_or(r.screenmates),
                    max_actions: o.max_actions.unwrap_or(r.max_actions),
                    max_total_text: o.max_total_text.unwrap_or(r.max_total_text),
                }
            }
        }
    }
}

impl From<Regulation> for RegulationSpec {
    fn from(r: Regulation) -> RegulationSpec {
        RegulationSpec::Custom(Box::new(Overrides {
            preset: Some(r.preset),
            disclosure: Some(r.disclosure),
            irregularities: Some(r.irregularities),
            questions: Some(r.questions),
            undo: Some(r.undo),
            auto_pass_barred: Some(r.auto_pass_barred),
            lead_restriction: Some(r.lead_restriction),
            spectators_see_disclosures: Some(r.spectators_see_disclosures),
            max_text: Some(r.max_text),
            tempo_threshold_ms: Some(r.tempo_threshold_ms),
            screenmates: Some(r.screenmates),
            max_actions: Some(r.max_actions),
            max_total_text: Some(r.max_total_text),
        }))
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
    fn a_resolved_regulation_round_trips_as_a_spec() {
        let r = Regulation::preset(Preset::Screens);
        assert_eq!(RegulationSpec::from(r).resolve(), r);
    }
}
