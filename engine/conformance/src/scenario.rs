//! Parsing and validation of conformance scenario files (shared/conformance/FORMAT.md, version 1).
//!
//! This module turns the text of one scenario file into a fully typed [`Scenario`] and rejects
//! every file that breaks the format: unknown keys, wrong types, missing stats, acts with no or
//! several actions, and references to unit ids that no `[[unit]]` declares. It does not run
//! anything and does no I/O, so that the `check` command can report every broken file with its
//! path, line and key before a single die is rolled.
//!
//! The work happens in two layers. Private "raw" serde structs (`raw.rs`) mirror the file one to
//! one and keep the byte span of every value that an error may have to point at
//! (`toml::Spanned`). They are then converted into the clean public types of this file, which
//! carry plain values and, where the runner needs to report a problem later, the 1-based line of
//! their table (`line`): the position in `setup.rs`, the acts in `acts.rs`, the expectations in
//! `expect.rs`, each error located by `located.rs`.
//!
//! One extension to the format is accepted: a `[[card]]` table that writes out a card for the
//! hands and decks, described on [`CardSpec`].

mod acts;
mod expect;
mod located;
mod raw;
mod setup;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use located::Ctx;
use raw::RawScenario;
use serde::Deserialize;

/// One parsed and validated scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// What the scenario shows, in one sentence; it names the scenario in `PASS`/`FAIL` lines.
    pub title: String,
    /// The rule ids (of shared/rules) the scenario checks; empty when the file gives none.
    pub rules: Vec<String>,
    /// Seed for the dice that come after the scripted ones; `None` makes running out an error.
    pub seed: Option<u64>,
    /// Every die the engine rolls, in order; each value is between 1 and 6.
    pub dice: Vec<u8>,
    /// A ruleset name or file; `None` means the engine's default ruleset.
    pub ruleset: Option<String>,
    /// Where the game begins and when the run stops.
    pub start: Start,
    /// The Dark Side player's resources and cards.
    pub dark: PlayerSetup,
    /// The Light Side player's resources and cards.
    pub light: PlayerSetup,
    /// The `[[unit]]` tables in file order; ids are unique.
    pub units: Vec<UnitSpec>,
    /// The `[[card]]` tables in file order; names are unique.
    pub cards: Vec<CardSpec>,
    /// The `[[act]]` script in file order; `Act::number` is its 1-based position.
    pub acts: Vec<Act>,
    /// What the game must look like once the run has stopped.
    pub expect: Expect,
}

impl Scenario {
    /// The `[[unit]]` with this scenario id, if any.
    pub fn unit(&self, id: &str) -> Option<&UnitSpec> {
        self.units.iter().find(|unit| unit.id == id)
    }

    /// The `[[card]]` with this name, if any.
    pub fn card(&self, name: &str) -> Option<&CardSpec> {
        self.cards.iter().find(|card| card.name == name)
    }
}

/// The `[start]` table: the scenario begins at the start of this step, before its "when ...
/// starts" effects and its first POP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    /// The phase that is running.
    pub phase: Phase,
    /// The battle step that is running; always `Some` in the battle phase and `None` otherwise.
    pub arena: Option<ArenaName>,
    /// Whose build or retreat step it is; always `Some` in those phases and `None` in battle.
    pub step: Option<SideName>,
    /// When the run ends; `None` means the end of the step the scenario starts in.
    pub stop: Option<Stop>,
    /// How many turns the run takes (an extension; 1 unless `turns` says more): the turn it
    /// starts in runs to its end and each later turn is played whole, the last up to `stop`,
    /// which must then be "turn-end".
    pub turns: u32,
}

/// A phase a scenario can start in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Build,
    Retreat,
    Battle,
}

/// One of the two players, as written in scenario files (`"dark"` / `"light"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SideName {
    Dark,
    Light,
}

/// One of the three arenas, as written in scenario files (`"space"`, `"ground"`, `"character"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArenaName {
    Space,
    Ground,
    Character,
}

/// Where a `[[unit]]` starts: one of the arenas or its owner's build zone, or (extensions) a
/// Resource's Resource zone (game 16.4) or an Event's Event zone (16.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitZone {
    Space,
    Ground,
    Character,
    BuildZone,
    ResourceZone,
    EventZone,
}

/// When the run ends (`start.stop`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    AttackEnd,
    StepEnd,
    PhaseEnd,
    TurnEnd,
}

/// A player's starting resources and cards (`[dark]` / `[light]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerSetup {
    /// Force points, never negative.
    pub force: i64,
    /// Build points, never negative.
    pub build_points: i64,
    /// Card names in hand: `[[card]]` names, `SET/Name` references, or names the runner looks up
    /// in its card sets.
    pub hand: Vec<String>,
    /// Card names in the deck, top first, written like `hand`.
    pub deck: Vec<String>,
    /// Extension: card names in the discard pile, written like `hand` (Meditate).
    pub discard: Vec<String>,
}

/// One `[[unit]]` table: a unit in an arena or a card in a build zone.
///
/// The printed values (`name`, `unique`, `type_`, `subtypes`, the four stats, `abilities`) are
/// `None` when the file does not write them, because keys written beside `card` override the
/// set's values and the runner must tell "not written" from "written". Without `card`, the four
/// stats are always `Some`, and so is `type_` for a card in the build zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitSpec {
    /// The scenario handle used by acts and expectations; unique in the file.
    pub id: String,
    /// The player who controls the unit.
    pub side: SideName,
    /// The arena it is in, or the build zone.
    pub arena: UnitZone,
    /// Display name; the runner defaults it to the set's name or else to `id`.
    pub name: Option<String>,
    /// A `SET/Name` reference to a card set, resolved by the runner.
    pub card: Option<String>,
    /// Whether the unit is unique; the runner defaults it to the set's value or else `false`.
    pub unique: Option<bool>,
    /// The type line (key `type`), arenas joined with `/` such as `"Ground/Character"`; the
    /// runner defaults it to the set's value or else to `arena`.
    pub type_: Option<String>,
    /// Subtypes as printed.
    pub subtypes: Option<Vec<String>>,
    /// Build cost, never negative.
    pub cost: Option<i64>,
    /// Speed, never negative.
    pub speed: Option<i64>,
    /// Power, never negative.
    pub power: Option<i64>,
    /// Health, never negative.
    pub health: Option<i64>,
    /// Abilities as printed, one string per ability.
    pub abilities: Option<Vec<String>>,
    /// Damage counters on the unit.
    pub damage: u32,
    /// Extension: counters of named kinds on the unit ("mastery", "credit"), by kind.
    pub counters: std::collections::BTreeMap<String, u32>,
    /// Whether the unit starts tapped.
    pub tapped: bool,
    /// Build counters on a partially built card in the build zone.
    pub build_counters: u32,
    /// Ids of other units stacked under this one; they become part of this unit.
    pub stack: Vec<String>,
    /// Ids of units piloting this one.
    pub pilots: Vec<String>,
    /// Extension: ids of Equipment attached to this one (game 16.2).
    pub equipment: Vec<String>,
    /// Extension: `card_type = "equipment"` makes a written-out card an Equipment, whose
    /// `type` then gives the arenas of its subtype line (game 3.1).
    pub equipment_card: bool,
    /// The 1-based line of the `[[unit]]` table, for the runner's messages.
    pub line: usize,
}

/// One `[[card]]` table: a card written out in the scenario, so that `hand` and `deck` can name
/// it without a card set.
///
/// This is an extension to FORMAT.md version 1, which says hand and deck names come "from
/// [[card]] or a set" without describing the table. The keys are those of a `[[unit]]` that
/// describe the printed card: `name` (required, unique among `[[card]]` tables), `side`
/// (`"dark"`, `"light"` or `"neutral"`; when omitted the runner takes the side of the player
/// whose hand or deck holds it), `type` (required, arenas joined with `/`), `subtypes`,
/// `unique` (default false), `cost`, `speed`, `power`, `health` (all required, never negative)
/// and `abilities`. Only unit cards can be written this way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSpec {
    /// The card's name, as `hand` and `deck` write it.
    pub name: String,
    /// The side printed on the card, if written.
    pub side: Option<CardSideName>,
    /// The type line (key `type`), arenas joined with `/`.
    pub type_: String,
    /// Subtypes as printed.
    pub subtypes: Vec<String>,
    /// Whether the card is unique.
    pub unique: bool,
    /// Build cost.
    pub cost: i64,
    /// Speed.
    pub speed: i64,
    /// Power.
    pub power: i64,
    /// Health.
    pub health: i64,
    /// Abilities as printed, one string per ability.
    pub abilities: Vec<String>,
    /// The 1-based line of the `[[card]]` table, for the runner's messages.
    pub line: usize,
}

/// The side printed on a `[[card]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardSideName {
    Dark,
    Light,
    Neutral,
}

/// One `[[act]]` of the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Act {
    /// The act's 1-based position in the script, as messages and `expect.illegal` count it.
    pub number: usize,
    /// The player who acts.
    pub side: SideName,
    /// What the player does.
    pub action: Action,
    /// Whether the engine may refuse the act, in which case it is skipped.
    pub optional: bool,
    /// The 1-based line of the `[[act]]` table, for the runner's messages.
    pub line: usize,
}

/// The one action of an act. Every unit id in it names a `[[unit]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `attack = { unit, defender }`: the acting unit attacks that defender.
    Attack { unit: String, defender: String },
    /// `skip = { unit }`: the acting unit does nothing this battle step.
    Skip { unit: String },
    /// `use = { unit, ability, target?, amount?, arena? }`: play an activated ability.
    Use {
        unit: String,
        /// The ability's printed text, or the keyword's name when that is unambiguous.
        ability: String,
        /// A unit id.
        target: Option<String>,
        /// The amount for "up to X".
        amount: Option<u32>,
        arena: Option<ArenaName>,
        /// Which of the ability's offers, by its label, where it makes several ("Space arena",
        /// an option of "Choose one"; docs/scenarios.md).
        offer: Option<String>,
    },
    /// `split = { unit, to = { id = hits, ... } }`: divide Overkill hits, in file order.
    Split {
        unit: String,
        to: Vec<(String, u32)>,
    },
    /// `choose = { unit, option }`: answer a choice an ability asks for.
    Choose { unit: String, option: ChooseOption },
    /// `complete = { unit, via?, x? }`: complete a card in the build zone.
    Complete {
        unit: String,
        /// `None` pays the build cost.
        via: Option<Via>,
        /// The value chosen for an X in the cost.
        x: Option<u32>,
        /// Extension: the stack the card completes into, under its top card (Stack).
        stack: Option<String>,
    },
    /// `build = { unit, points }`: put build counters on a card in the build zone.
    Build { unit: String, points: u32 },
    /// `deploy = { unit, arena? }`: move a completed unit from the build zone into an arena.
    Deploy {
        unit: String,
        arena: Option<ArenaName>,
    },
    /// `retreat = { unit }`: retreat a unit in the retreat step.
    Retreat { unit: String },
    /// `pass = true`: pass explicitly.
    Pass,
    /// Extension: `play = { card, target?, amount?, enhance? }`: play a Battle card from the side's hand
    /// in a POP; `card` is its printed name.
    Play {
        card: String,
        /// A unit id.
        target: Option<String>,
        /// The amount for "up to X".
        amount: Option<u32>,
        /// `via = "Meditate"`: play it from the discard pile.
        meditate: bool,
        /// For a unit played by Meditate in the build step: the arena to deploy it to at once.
        arena: Option<ArenaName>,
        /// `enhance = true`: play it with its Enhance declared and paid (the card's addition,
        /// game 9.3 P10); `false`: the plain play.
        enhance: bool,
        /// Which of the card's offers, by its label, where it makes several.
        offer: Option<String>,
    },
}

/// The answer of a `choose` act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChooseOption {
    /// The option's printed text.
    Text(String),
    /// The option's 1-based index, at least 1.
    Index(usize),
}

/// How a `complete` act pays for the card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Via {
    #[serde(rename = "Hidden Cost")]
    HiddenCost,
    #[serde(rename = "Alternative Cost")]
    AlternativeCost,
    /// Extension: the Reduced Cost keyword's completion.
    #[serde(rename = "Reduced Cost")]
    ReducedCost,
}

/// The `[expect]` table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Expect {
    /// Unit ids that must be in a discard pile.
    pub discarded: Vec<String>,
    /// The 1-based number of the act that must be refused.
    pub illegal: Option<usize>,
    /// Who must have won once the run has stopped.
    pub winner: Option<Winner>,
    /// `[expect.unit.ID]` tables, in file order.
    pub units: Vec<(String, UnitExpect)>,
    /// `[expect.dark]`.
    pub dark: Option<SideExpect>,
    /// `[expect.light]`.
    pub light: Option<SideExpect>,
}

/// The expected winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Winner {
    Dark,
    Light,
    /// Nobody has won.
    None,
}

/// What one unit must look like; `None` leaves that value unchecked.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitExpect {
    pub damage: Option<u32>,
    pub tapped: Option<bool>,
    pub arena: Option<ExpectZone>,
    pub power: Option<i64>,
    pub speed: Option<i64>,
    pub health: Option<i64>,
    pub build_counters: Option<u32>,
    /// Extension: how many Equipment cards are attached to the unit.
    pub equipment: Option<u32>,
    /// Extension: how many Pilot cards pilot the unit (game 12).
    pub pilots: Option<u32>,
    /// Extension: counters of a kind ("corruption", "redemption") on the unit, by kind; a kind
    /// listed with 0 must be absent.
    pub counters: Option<BTreeMap<String, u32>>,
}

/// Where a unit must be: an arena, a build zone, or a discard pile; or (an extension) a
/// Resource zone (game 16.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectZone {
    Space,
    Ground,
    Character,
    BuildZone,
    Discard,
    ResourceZone,
    EventZone,
}

/// What one player must look like; `None` leaves that value unchecked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SideExpect {
    /// Force points, never negative.
    pub force: Option<i64>,
    /// Build points, never negative.
    pub build_points: Option<i64>,
    /// The number of cards in hand.
    pub hand_size: Option<usize>,
    /// Extension: the number of cards in the discard pile.
    pub discard_size: Option<usize>,
    /// Extension: the number of cards removed from the game.
    pub removed_size: Option<usize>,
    /// Extension: the number of cards in the player's supply (Subordinates and Events out of
    /// play, game 4.7).
    pub supply_size: Option<usize>,
    /// Extension: the number of cards in the deck.
    pub deck_size: Option<usize>,
    /// Extension: the number of cards in the player's build zone (being built or waiting there).
    pub build_zone_size: Option<usize>,
    /// Extension: the number of units the player controls in the arenas (Locations, which are
    /// no units, aside): a Subordinate taken or a card put into play counts.
    pub arena_units: Option<usize>,
    /// Extension: the printed names of the cards abilities showed the player during the run
    /// (API 1.13 `reveal`, "Look at your opponent's hand"), in the order shown.
    pub seen: Option<Vec<String>>,
}

/// Why a scenario file was rejected, located as precisely as the problem allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    /// The file, as given to [`parse_scenario`].
    pub path: String,
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column, counted in characters.
    pub column: Option<usize>,
    /// The key the problem is about, as written in its table.
    pub key: Option<String>,
    /// What is wrong, without the location.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    /// Renders `PATH:LINE:COL: key `KEY`: message`, leaving out the parts that are unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        f.write_str(": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// Parses and validates the scenario text that was read from `path`.
///
/// `path` is only used in errors. The function reads no files: hand and deck names, and the
/// `card` references of units, are resolved later by the runner.
pub fn parse_scenario(path: &str, text: &str) -> Result<Scenario, ScenarioError> {
    let ctx = Ctx { path, text };
    let raw: RawScenario = toml::from_str(text).map_err(|err| ctx.toml_error(&err))?;
    ctx.convert(raw)
}
