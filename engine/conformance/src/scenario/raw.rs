//! The raw serde structs of a scenario file: one to one with the file, keeping the byte span
//! of every value an error may have to point at (`toml::Spanned`).

use super::*;
use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
    pub(super) title: Spanned<String>,
    #[serde(default)]
    pub(super) rules: Vec<String>,
    pub(super) seed: Option<u64>,
    // Dice are read as i64 so that 0 or 7 get a message about dice rather than about integer
    // ranges.
    #[serde(default)]
    pub(super) dice: Vec<Spanned<i64>>,
    pub(super) ruleset: Option<String>,
    pub(super) start: Spanned<RawStart>,
    #[serde(default)]
    pub(super) dark: RawPlayer,
    #[serde(default)]
    pub(super) light: RawPlayer,
    #[serde(default, rename = "unit")]
    pub(super) units: Vec<Spanned<RawUnit>>,
    #[serde(default, rename = "card")]
    pub(super) cards: Vec<Spanned<RawCard>>,
    #[serde(default, rename = "act")]
    pub(super) acts: Vec<Spanned<RawAct>>,
    #[serde(default)]
    pub(super) expect: RawExpect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStart {
    pub(super) phase: Spanned<Phase>,
    pub(super) arena: Option<Spanned<ArenaName>>,
    pub(super) step: Option<Spanned<SideName>>,
    pub(super) stop: Option<Stop>,
    pub(super) turns: Option<Spanned<i64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPlayer {
    pub(super) force: Option<Spanned<i64>>,
    pub(super) build_points: Option<Spanned<i64>>,
    #[serde(default)]
    pub(super) hand: Vec<String>,
    #[serde(default)]
    pub(super) deck: Vec<String>,
    #[serde(default)]
    pub(super) discard: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    pub(super) id: Spanned<String>,
    pub(super) side: SideName,
    pub(super) arena: UnitZone,
    pub(super) name: Option<String>,
    pub(super) card: Option<Spanned<String>>,
    pub(super) unique: Option<bool>,
    #[serde(rename = "type")]
    pub(super) type_: Option<Spanned<String>>,
    pub(super) subtypes: Option<Vec<String>>,
    pub(super) cost: Option<Spanned<i64>>,
    pub(super) speed: Option<Spanned<i64>>,
    pub(super) power: Option<Spanned<i64>>,
    pub(super) health: Option<Spanned<i64>>,
    pub(super) abilities: Option<Vec<String>>,
    #[serde(default)]
    pub(super) damage: u32,
    #[serde(default)]
    pub(super) tapped: bool,
    #[serde(default)]
    pub(super) build_counters: u32,
    #[serde(default)]
    pub(super) counters: std::collections::BTreeMap<String, u32>,
    #[serde(default)]
    pub(super) stack: Vec<Spanned<String>>,
    #[serde(default)]
    pub(super) pilots: Vec<Spanned<String>>,
    #[serde(default)]
    pub(super) equipment: Vec<Spanned<String>>,
    pub(super) card_type: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCard {
    pub(super) name: Spanned<String>,
    pub(super) side: Option<CardSideName>,
    #[serde(rename = "type")]
    pub(super) type_: Spanned<String>,
    #[serde(default)]
    pub(super) subtypes: Vec<String>,
    #[serde(default)]
    pub(super) unique: bool,
    pub(super) cost: Spanned<i64>,
    pub(super) speed: Spanned<i64>,
    pub(super) power: Spanned<i64>,
    pub(super) health: Spanned<i64>,
    #[serde(default)]
    pub(super) abilities: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAct {
    pub(super) side: SideName,
    #[serde(default)]
    pub(super) optional: bool,
    pub(super) attack: Option<Spanned<RawAttack>>,
    pub(super) skip: Option<Spanned<RawUnitOnly>>,
    #[serde(rename = "use")]
    pub(super) use_: Option<Spanned<RawUse>>,
    pub(super) split: Option<Spanned<RawSplit>>,
    pub(super) choose: Option<Spanned<RawChoose>>,
    pub(super) complete: Option<Spanned<RawComplete>>,
    pub(super) build: Option<Spanned<RawBuild>>,
    pub(super) deploy: Option<Spanned<RawDeploy>>,
    pub(super) retreat: Option<Spanned<RawUnitOnly>>,
    pub(super) pass: Option<Spanned<bool>>,
    pub(super) play: Option<Spanned<RawPlay>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPlay {
    pub(super) card: String,
    pub(super) target: Option<Spanned<String>>,
    pub(super) amount: Option<u32>,
    pub(super) via: Option<PlayVia>,
    pub(super) arena: Option<ArenaName>,
    #[serde(default)]
    pub(super) enhance: bool,
    pub(super) offer: Option<String>,
}

/// How a `play` act plays its card, when not from hand.
#[derive(Deserialize, Clone, Copy)]
pub(super) enum PlayVia {
    Meditate,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAttack {
    pub(super) unit: Spanned<String>,
    pub(super) defender: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnitOnly {
    pub(super) unit: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUse {
    pub(super) unit: Spanned<String>,
    pub(super) ability: String,
    pub(super) target: Option<Spanned<String>>,
    pub(super) amount: Option<u32>,
    pub(super) arena: Option<ArenaName>,
    pub(super) offer: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSplit {
    pub(super) unit: Spanned<String>,
    // The toml deserializer hands out table entries in key order, not file order, so the key
    // spans are kept to restore the order in which the file wrote them.
    pub(super) to: BTreeMap<Spanned<String>, u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawChoose {
    pub(super) unit: Spanned<String>,
    pub(super) option: Spanned<RawOption>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawComplete {
    pub(super) unit: Spanned<String>,
    pub(super) via: Option<Via>,
    pub(super) x: Option<u32>,
    pub(super) stack: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBuild {
    pub(super) unit: Spanned<String>,
    pub(super) points: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDeploy {
    pub(super) unit: Spanned<String>,
    pub(super) arena: Option<ArenaName>,
}

/// A `choose` option before the index is checked: text, or any integer.
pub(super) enum RawOption {
    Text(String),
    Index(i64),
}

impl<'de> Deserialize<'de> for RawOption {
    // A hand-written visitor, rather than an untagged enum, so that a wrong type gets a message
    // saying what an option may be instead of "data did not match any variant".
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OptionVisitor;

        impl serde::de::Visitor<'_> for OptionVisitor {
            type Value = RawOption;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the option's printed text or its 1-based index")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawOption, E> {
                Ok(RawOption::Text(v.to_owned()))
            }

            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<RawOption, E> {
                Ok(RawOption::Text(v))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<RawOption, E> {
                Ok(RawOption::Index(v))
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RawOption, E> {
                Ok(RawOption::Index(i64::try_from(v).unwrap_or(i64::MAX)))
            }
        }

        deserializer.deserialize_any(OptionVisitor)
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpect {
    #[serde(default)]
    pub(super) discarded: Vec<Spanned<String>>,
    // Read as i64 so that 0 and negative numbers get the message about act numbers.
    pub(super) illegal: Option<Spanned<i64>>,
    pub(super) winner: Option<Winner>,
    // Keyed by span for the same reason as `RawSplit::to`: to restore file order.
    #[serde(default)]
    pub(super) unit: BTreeMap<Spanned<String>, UnitExpect>,
    pub(super) dark: Option<RawSideExpect>,
    pub(super) light: Option<RawSideExpect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSideExpect {
    pub(super) force: Option<Spanned<i64>>,
    pub(super) build_points: Option<Spanned<i64>>,
    pub(super) hand_size: Option<usize>,
    pub(super) discard_size: Option<usize>,
    pub(super) removed_size: Option<usize>,
    pub(super) supply_size: Option<usize>,
    pub(super) deck_size: Option<usize>,
    pub(super) build_zone_size: Option<usize>,
    pub(super) arena_units: Option<usize>,
    pub(super) seen: Option<Vec<String>>,
}
