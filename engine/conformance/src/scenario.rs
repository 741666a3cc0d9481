//! Parsing and validation of conformance scenario files (shared/conformance/FORMAT.md, version 1).
//!
//! This module turns the text of one scenario file into a fully typed [`Scenario`] and rejects
//! every file that breaks the format: unknown keys, wrong types, missing stats, acts with no or
//! several actions, and references to unit ids that no `[[unit]]` declares. It does not run
//! anything and does no I/O, so that the `check` command can report every broken file with its
//! path, line and key before a single die is rolled.
//!
//! The work happens in two layers. Private "raw" serde structs mirror the file one to one and keep
//! the byte span of every value that an error may have to point at (`toml::Spanned`). They are
//! then converted into the clean public types, which carry plain values and, where the runner
//! needs to report a problem later, the 1-based line of their table (`line`).
//!
//! One extension to the format is accepted: a `[[card]]` table that writes out a card for the
//! hands and decks, described on [`CardSpec`].

// tidy: long file: the scenario format's reader, one struct per TOML table with its checks; it
// is split by table when the conformance runner becomes a crate of its own (issue 23).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

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

/// Where a `[[unit]]` starts: one of the arenas or its owner's build zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitZone {
    Space,
    Ground,
    Character,
    BuildZone,
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

/// Where a unit must be: an arena, a build zone, or a discard pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectZone {
    Space,
    Ground,
    Character,
    BuildZone,
    Discard,
}

/// What one player must look like; `None` leaves that value unchecked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
    let ctx = Ctx {
        path,
        text,
        lines: LineIndex::new(text),
    };
    let raw: RawScenario = toml::from_str(text).map_err(|err| ctx.toml_error(&err))?;
    ctx.convert(raw)
}

// ---------------------------------------------------------------------------------------------
/// The most turns a scenario may run (`[start] turns`): enough for effects that last into a
/// later turn, few enough that a script stays readable.
const MAX_TURNS: i64 = 10;

// Raw serde structs: one to one with the file, with spans where errors must point
// ---------------------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    title: Spanned<String>,
    #[serde(default)]
    rules: Vec<String>,
    seed: Option<u64>,
    // Dice are read as i64 so that 0 or 7 get a message about dice rather than about integer
    // ranges.
    #[serde(default)]
    dice: Vec<Spanned<i64>>,
    ruleset: Option<String>,
    start: Spanned<RawStart>,
    #[serde(default)]
    dark: RawPlayer,
    #[serde(default)]
    light: RawPlayer,
    #[serde(default, rename = "unit")]
    units: Vec<Spanned<RawUnit>>,
    #[serde(default, rename = "card")]
    cards: Vec<Spanned<RawCard>>,
    #[serde(default, rename = "act")]
    acts: Vec<Spanned<RawAct>>,
    #[serde(default)]
    expect: RawExpect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    phase: Spanned<Phase>,
    arena: Option<Spanned<ArenaName>>,
    step: Option<Spanned<SideName>>,
    stop: Option<Stop>,
    turns: Option<Spanned<i64>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    force: Option<Spanned<i64>>,
    build_points: Option<Spanned<i64>>,
    #[serde(default)]
    hand: Vec<String>,
    #[serde(default)]
    deck: Vec<String>,
    #[serde(default)]
    discard: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: Spanned<String>,
    side: SideName,
    arena: UnitZone,
    name: Option<String>,
    card: Option<Spanned<String>>,
    unique: Option<bool>,
    #[serde(rename = "type")]
    type_: Option<Spanned<String>>,
    subtypes: Option<Vec<String>>,
    cost: Option<Spanned<i64>>,
    speed: Option<Spanned<i64>>,
    power: Option<Spanned<i64>>,
    health: Option<Spanned<i64>>,
    abilities: Option<Vec<String>>,
    #[serde(default)]
    damage: u32,
    #[serde(default)]
    tapped: bool,
    #[serde(default)]
    build_counters: u32,
    #[serde(default)]
    stack: Vec<Spanned<String>>,
    #[serde(default)]
    pilots: Vec<Spanned<String>>,
    #[serde(default)]
    equipment: Vec<Spanned<String>>,
    card_type: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: Spanned<String>,
    side: Option<CardSideName>,
    #[serde(rename = "type")]
    type_: Spanned<String>,
    #[serde(default)]
    subtypes: Vec<String>,
    #[serde(default)]
    unique: bool,
    cost: Spanned<i64>,
    speed: Spanned<i64>,
    power: Spanned<i64>,
    health: Spanned<i64>,
    #[serde(default)]
    abilities: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAct {
    side: SideName,
    #[serde(default)]
    optional: bool,
    attack: Option<Spanned<RawAttack>>,
    skip: Option<Spanned<RawUnitOnly>>,
    #[serde(rename = "use")]
    use_: Option<Spanned<RawUse>>,
    split: Option<Spanned<RawSplit>>,
    choose: Option<Spanned<RawChoose>>,
    complete: Option<Spanned<RawComplete>>,
    build: Option<Spanned<RawBuild>>,
    deploy: Option<Spanned<RawDeploy>>,
    retreat: Option<Spanned<RawUnitOnly>>,
    pass: Option<Spanned<bool>>,
    play: Option<Spanned<RawPlay>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlay {
    card: String,
    target: Option<Spanned<String>>,
    amount: Option<u32>,
    via: Option<PlayVia>,
    arena: Option<ArenaName>,
    #[serde(default)]
    enhance: bool,
}

/// How a `play` act plays its card, when not from hand.
#[derive(Deserialize, Clone, Copy)]
enum PlayVia {
    Meditate,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttack {
    unit: Spanned<String>,
    defender: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnitOnly {
    unit: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUse {
    unit: Spanned<String>,
    ability: String,
    target: Option<Spanned<String>>,
    amount: Option<u32>,
    arena: Option<ArenaName>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSplit {
    unit: Spanned<String>,
    // The toml deserializer hands out table entries in key order, not file order, so the key
    // spans are kept to restore the order in which the file wrote them.
    to: BTreeMap<Spanned<String>, u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChoose {
    unit: Spanned<String>,
    option: Spanned<RawOption>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawComplete {
    unit: Spanned<String>,
    via: Option<Via>,
    x: Option<u32>,
    stack: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuild {
    unit: Spanned<String>,
    points: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeploy {
    unit: Spanned<String>,
    arena: Option<ArenaName>,
}

/// A `choose` option before the index is checked: text, or any integer.
enum RawOption {
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
struct RawExpect {
    #[serde(default)]
    discarded: Vec<Spanned<String>>,
    // Read as i64 so that 0 and negative numbers get the message about act numbers.
    illegal: Option<Spanned<i64>>,
    winner: Option<Winner>,
    // Keyed by span for the same reason as `RawSplit::to`: to restore file order.
    #[serde(default)]
    unit: BTreeMap<Spanned<String>, UnitExpect>,
    dark: Option<RawSideExpect>,
    light: Option<RawSideExpect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSideExpect {
    force: Option<Spanned<i64>>,
    build_points: Option<Spanned<i64>>,
    hand_size: Option<usize>,
    discard_size: Option<usize>,
    removed_size: Option<usize>,
}

// ---------------------------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------------------------

/// The byte offsets at which lines start, to turn spans into lines and columns.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
        LineIndex { starts }
    }

    /// The 1-based line and character column of a byte offset. The offset comes from another
    /// crate, so it is clamped to the text and a column inside a character is counted lossily
    /// rather than trusted.
    fn locate(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&start| start <= offset).max(1);
        let line_start = self.starts.get(line - 1).copied().unwrap_or(0);
        let before = text
            .as_bytes()
            .get(line_start.min(offset)..offset)
            .map_or(0, |bytes| String::from_utf8_lossy(bytes).chars().count());
        (line, before + 1)
    }
}

/// Everything the conversion needs to build located errors.
struct Ctx<'a> {
    path: &'a str,
    text: &'a str,
    lines: LineIndex,
}

impl Ctx<'_> {
    fn line(&self, span: &Range<usize>) -> usize {
        self.lines.locate(self.text, span.start).0
    }

    /// An error pointing at the start of `span`.
    fn error(&self, span: &Range<usize>, key: Option<&str>, message: String) -> ScenarioError {
        let (line, column) = self.lines.locate(self.text, span.start);
        ScenarioError {
            path: self.path.to_owned(),
            line: Some(line),
            column: Some(column),
            key: key.map(str::to_owned),
            message,
        }
    }

    /// Converts a syntax or type error from the toml crate, naming the key when it can be found.
    fn toml_error(&self, err: &toml::de::Error) -> ScenarioError {
        let message = err.message().to_owned();
        let (line, column) = match err.span() {
            Some(span) => {
                let (line, column) = self.lines.locate(self.text, span.start);
                (Some(line), Some(column))
            }
            None => (None, None),
        };
        let key = toml_error_key(err, self.text);
        ScenarioError {
            path: self.path.to_owned(),
            line,
            column,
            key,
            message,
        }
    }
}

/// The key a toml error is about, if it is about one.
///
/// Unknown and missing fields name the key in the message. For other errors the toml crate keeps
/// the dotted key path privately and only shows it, as a last line "in `a.b`", when the error has
/// no input to quote; so a copy without input is rendered and that line read back. A duplicate
/// key is named by the text its span covers.
fn toml_error_key(err: &toml::de::Error, text: &str) -> Option<String> {
    let message = err.message();
    for prefix in ["unknown field `", "missing field `"] {
        if let Some(rest) = message.strip_prefix(prefix) {
            return rest.split('`').next().map(str::to_owned);
        }
    }
    if message == "duplicate key" {
        let span = err.span()?;
        let key = text.get(span)?.trim().trim_matches(['"', '\'']);
        return (!key.is_empty()).then(|| key.to_owned());
    }
    let mut bare = err.clone();
    bare.set_input(None);
    let rendered = bare.to_string();
    let last = rendered.trim_end().lines().last()?;
    if last == message.trim_end() {
        return None;
    }
    let path = last.strip_prefix("in `")?.strip_suffix('`')?;
    path.rsplit('.').next().map(str::to_owned)
}

// ---------------------------------------------------------------------------------------------
// Conversion and validation
// ---------------------------------------------------------------------------------------------

/// The unit ids declared by `[[unit]]` tables.
type UnitIds = HashSet<String>;

impl Ctx<'_> {
    fn convert(&self, raw: RawScenario) -> Result<Scenario, ScenarioError> {
        if raw.title.get_ref().trim().is_empty() {
            return Err(self.error(
                &raw.title.span(),
                Some("title"),
                "the title must not be empty".to_owned(),
            ));
        }
        let dice = raw
            .dice
            .iter()
            .map(|die| {
                u8::try_from(*die.get_ref())
                    .ok()
                    .filter(|value| (1..=6).contains(value))
                    .ok_or_else(|| {
                        self.error(
                            &die.span(),
                            Some("dice"),
                            format!("a die shows 1 to 6, not {}", die.get_ref()),
                        )
                    })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let start = self.start(raw.start)?;
        let dark = self.player(raw.dark)?;
        let light = self.player(raw.light)?;
        let cards = self.cards(raw.cards)?;
        let units = self.units(raw.units)?;
        let ids: UnitIds = units.iter().map(|unit| unit.id.clone()).collect();
        let acts = raw
            .acts
            .into_iter()
            .enumerate()
            .map(|(index, act)| self.act(index + 1, act, &ids))
            .collect::<Result<Vec<Act>, _>>()?;
        let expect = self.expect(raw.expect, &ids, acts.len())?;
        Ok(Scenario {
            title: raw.title.into_inner(),
            rules: raw.rules,
            seed: raw.seed,
            dice,
            ruleset: raw.ruleset,
            start,
            dark,
            light,
            units,
            cards,
            acts,
            expect,
        })
    }

    fn start(&self, raw: Spanned<RawStart>) -> Result<Start, ScenarioError> {
        let raw = raw.into_inner();
        let phase = *raw.phase.get_ref();
        match phase {
            Phase::Battle => {
                if let Some(step) = &raw.step {
                    return Err(self.error(
                        &step.span(),
                        Some("step"),
                        "`step` is for the build and retreat phases; the battle phase names \
                         its step with `arena`"
                            .to_owned(),
                    ));
                }
                if raw.arena.is_none() {
                    return Err(self.error(
                        &raw.phase.span(),
                        Some("arena"),
                        "a scenario starting in the battle phase must say which battle step \
                         with `arena` (\"space\", \"ground\" or \"character\")"
                            .to_owned(),
                    ));
                }
            }
            Phase::Build | Phase::Retreat => {
                if let Some(arena) = &raw.arena {
                    return Err(self.error(
                        &arena.span(),
                        Some("arena"),
                        "`arena` is for the battle phase; the build and retreat phases name \
                         their step with `step`"
                            .to_owned(),
                    ));
                }
                if raw.step.is_none() {
                    return Err(self.error(
                        &raw.phase.span(),
                        Some("step"),
                        "a scenario starting in the build or retreat phase must say whose step \
                         with `step` (\"dark\" or \"light\")"
                            .to_owned(),
                    ));
                }
            }
        }
        let turns = match &raw.turns {
            None => 1,
            Some(turns) => {
                let value = *turns.get_ref();
                if !(1..=MAX_TURNS).contains(&value) {
                    return Err(self.error(
                        &turns.span(),
                        Some("turns"),
                        format!("`turns` must be from 1 to {MAX_TURNS}, found {value}"),
                    ));
                }
                if value > 1 && raw.stop != Some(Stop::TurnEnd) {
                    return Err(self.error(
                        &turns.span(),
                        Some("turns"),
                        "a run of more than one turn ends at the end of its last turn: it \
                         needs `stop = \"turn-end\"`"
                            .to_owned(),
                    ));
                }
                value as u32
            }
        };
        Ok(Start {
            phase,
            arena: raw.arena.map(Spanned::into_inner),
            step: raw.step.map(Spanned::into_inner),
            stop: raw.stop,
            turns,
        })
    }

    fn player(&self, raw: RawPlayer) -> Result<PlayerSetup, ScenarioError> {
        Ok(PlayerSetup {
            force: self.non_negative(raw.force.as_ref(), "force")?.unwrap_or(0),
            build_points: self
                .non_negative(raw.build_points.as_ref(), "build_points")?
                .unwrap_or(0),
            hand: raw.hand,
            deck: raw.deck,
            discard: raw.discard,
        })
    }

    /// The value of an optional count or stat, rejecting negative numbers at their line.
    fn non_negative(
        &self,
        value: Option<&Spanned<i64>>,
        key: &str,
    ) -> Result<Option<i64>, ScenarioError> {
        match value {
            Some(value) if *value.get_ref() < 0 => Err(self.error(
                &value.span(),
                Some(key),
                format!("`{key}` must not be negative, found {}", value.get_ref()),
            )),
            Some(value) => Ok(Some(*value.get_ref())),
            None => Ok(None),
        }
    }

    /// Checks a type line: arena words joined with `/`, compared without regard to case as the
    /// card database writes them; or, where `played` allows them, a card type of a card played
    /// then discarded (extension: "Battle", "Mission").
    fn type_line(&self, value: &Spanned<String>, played: &[&str]) -> Result<(), ScenarioError> {
        if played
            .iter()
            .any(|kind| value.get_ref().trim().eq_ignore_ascii_case(kind))
        {
            return Ok(());
        }
        for word in value.get_ref().split('/') {
            let word = word.trim();
            let known = ["space", "ground", "character"]
                .iter()
                .any(|arena| word.eq_ignore_ascii_case(arena));
            if !known {
                return Err(self.error(
                    &value.span(),
                    Some("type"),
                    format!(
                        "`{word}` is not an arena; a type line is Space, Ground or Character, \
                         several joined with `/` (\"Ground/Character\")"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn cards(&self, raw: Vec<Spanned<RawCard>>) -> Result<Vec<CardSpec>, ScenarioError> {
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut cards = Vec::with_capacity(raw.len());
        for card in raw {
            let line = self.line(&card.span());
            let card = card.into_inner();
            let name = card.name.get_ref();
            if name.trim().is_empty() {
                return Err(self.error(
                    &card.name.span(),
                    Some("name"),
                    "a card name must not be empty".to_owned(),
                ));
            }
            if let Some(first) = seen.insert(name.clone(), line) {
                return Err(self.error(
                    &card.name.span(),
                    Some("name"),
                    format!("the card `{name}` is already written at line {first}"),
                ));
            }
            self.type_line(&card.type_, &["Battle", "Mission"])?;
            let stat = |value: &Spanned<i64>, key: &str| {
                self.non_negative(Some(value), key).map(|v| v.unwrap_or(0))
            };
            cards.push(CardSpec {
                cost: stat(&card.cost, "cost")?,
                speed: stat(&card.speed, "speed")?,
                power: stat(&card.power, "power")?,
                health: stat(&card.health, "health")?,
                name: card.name.into_inner(),
                side: card.side,
                type_: card.type_.into_inner(),
                subtypes: card.subtypes,
                unique: card.unique,
                abilities: card.abilities,
                line,
            });
        }
        Ok(cards)
    }

    fn units(&self, raw: Vec<Spanned<RawUnit>>) -> Result<Vec<UnitSpec>, ScenarioError> {
        // First pass: declare every id, so that stacks and pilots may name units written later.
        let mut lines: HashMap<String, usize> = HashMap::new();
        for unit in &raw {
            let id = unit.get_ref().id.get_ref();
            if id.trim().is_empty() {
                return Err(self.error(
                    &unit.get_ref().id.span(),
                    Some("id"),
                    "a unit id must not be empty".to_owned(),
                ));
            }
            if let Some(first) = lines.insert(id.clone(), self.line(&unit.span())) {
                return Err(self.error(
                    &unit.get_ref().id.span(),
                    Some("id"),
                    format!("the unit id `{id}` is already used by the unit at line {first}"),
                ));
            }
        }
        self.check_attachments(&raw, &lines)?;
        raw.into_iter().map(|unit| self.unit(unit)).collect()
    }

    /// Checks `stack`, `pilots` and `equipment`: each names another declared unit, each unit
    /// sits in at most one such list, and a unit that sits in one carries no list itself, which
    /// also rules out cycles.
    fn check_attachments(
        &self,
        raw: &[Spanned<RawUnit>],
        ids: &HashMap<String, usize>,
    ) -> Result<(), ScenarioError> {
        let mut host_of: HashMap<&str, (&str, &str)> = HashMap::new();
        for unit in raw {
            let unit = unit.get_ref();
            let host = unit.id.get_ref().as_str();
            for (key, list) in [
                ("stack", &unit.stack),
                ("pilots", &unit.pilots),
                ("equipment", &unit.equipment),
            ] {
                for entry in list {
                    let id = entry.get_ref().as_str();
                    if !ids.contains_key(id) {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!(
                                "unit `{host}`: `{key}` names `{id}`, which no [[unit]] declares"
                            ),
                        ));
                    }
                    if id == host {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!("unit `{host}` cannot name itself in its own `{key}`"),
                        ));
                    }
                    if let Some((other_host, other_key)) = host_of.insert(id, (host, key)) {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!(
                                "unit `{id}` is already in the `{other_key}` of `{other_host}`; \
                                 a unit can be stacked under, pilot or equip only one unit"
                            ),
                        ));
                    }
                }
            }
        }
        for unit in raw {
            let unit = unit.get_ref();
            let id = unit.id.get_ref().as_str();
            if let Some((host, key)) = host_of.get(id)
                && let Some(first) = unit
                    .stack
                    .first()
                    .or(unit.pilots.first())
                    .or(unit.equipment.first())
            {
                let own = if !unit.stack.is_empty() {
                    "stack"
                } else if !unit.pilots.is_empty() {
                    "pilots"
                } else {
                    "equipment"
                };
                return Err(self.error(
                    &first.span(),
                    Some(own),
                    format!(
                        "unit `{id}` is in the `{key}` of `{host}`, so it is part of that unit \
                         and cannot have its own `{own}`"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn unit(&self, unit: Spanned<RawUnit>) -> Result<UnitSpec, ScenarioError> {
        let header = unit.span();
        let line = self.line(&header);
        let raw = unit.into_inner();
        let id = raw.id.get_ref().clone();
        if let Some(card) = &raw.card {
            let well_formed = card
                .get_ref()
                .split_once('/')
                .is_some_and(|(set, name)| !set.trim().is_empty() && !name.trim().is_empty());
            if !well_formed {
                return Err(self.error(
                    &card.span(),
                    Some("card"),
                    format!(
                        "`card` must be a set reference `SET/Name` such as \
                         \"ANH/Luke's X-Wing (A)\", found \"{}\"",
                        card.get_ref()
                    ),
                ));
            }
        }
        if let Some(type_) = &raw.type_ {
            // A Mission written out is built in the build zone; no Battle card is ever a unit.
            let played: &[&str] = if raw.arena == UnitZone::BuildZone {
                &["Mission"]
            } else {
                &[]
            };
            self.type_line(type_, played)?;
        } else if raw.arena == UnitZone::BuildZone && raw.card.is_none() {
            // In an arena the type line defaults to that arena; a build zone says nothing about
            // where the card will be deployed, so the file has to.
            return Err(self.error(
                &raw.id.span(),
                Some("type"),
                format!(
                    "unit `{id}` is in the build zone without `card`, so it must give its type \
                     line with `type` (such as \"Ground\")"
                ),
            ));
        }
        let stats = [
            ("cost", &raw.cost),
            ("speed", &raw.speed),
            ("power", &raw.power),
            ("health", &raw.health),
        ];
        let mut values = [None; 4];
        for ((key, value), slot) in stats.into_iter().zip(values.iter_mut()) {
            *slot = self.non_negative(value.as_ref(), key)?;
            if slot.is_none() && raw.card.is_none() {
                return Err(self.error(
                    &raw.id.span(),
                    Some(key),
                    format!(
                        "unit `{id}` has no `card` to take its stats from, so it must give \
                         `{key}`"
                    ),
                ));
            }
        }
        let [cost, speed, power, health] = values;
        let equipment_card = match &raw.card_type {
            None => false,
            Some(kind) => match kind.get_ref().to_ascii_lowercase().as_str() {
                "unit" => false,
                "equipment" => true,
                other => {
                    return Err(self.error(
                        &kind.span(),
                        Some("card_type"),
                        format!(
                            "unit `{id}`: `card_type` is \"unit\" or \"equipment\", found \"{other}\""
                        ),
                    ));
                }
            },
        };
        Ok(UnitSpec {
            id,
            side: raw.side,
            arena: raw.arena,
            name: raw.name,
            card: raw.card.map(Spanned::into_inner),
            unique: raw.unique,
            type_: raw.type_.map(Spanned::into_inner),
            subtypes: raw.subtypes,
            cost,
            speed,
            power,
            health,
            abilities: raw.abilities,
            damage: raw.damage,
            tapped: raw.tapped,
            build_counters: raw.build_counters,
            stack: raw.stack.into_iter().map(Spanned::into_inner).collect(),
            pilots: raw.pilots.into_iter().map(Spanned::into_inner).collect(),
            equipment: raw.equipment.into_iter().map(Spanned::into_inner).collect(),
            equipment_card,
            line,
        })
    }

    /// Resolves a unit id written in act `number`, at the line of the id itself.
    fn act_ref(
        &self,
        number: usize,
        key: &str,
        value: Spanned<String>,
        ids: &UnitIds,
    ) -> Result<String, ScenarioError> {
        if ids.contains(value.get_ref()) {
            Ok(value.into_inner())
        } else {
            Err(self.error(
                &value.span(),
                Some(key),
                format!(
                    "act {number}: `{key}` names `{}`, which no [[unit]] declares",
                    value.get_ref()
                ),
            ))
        }
    }

    /// One `[[act]]` (FORMAT.md "Acts"): its side, `optional`, and exactly one action, read by
    /// the method of its action table.
    fn act(
        &self,
        number: usize,
        act: Spanned<RawAct>,
        ids: &UnitIds,
    ) -> Result<Act, ScenarioError> {
        let header = act.span();
        let line = self.line(&header);
        let raw = act.into_inner();
        self.one_action(number, line, &header, &raw)?;
        let (side, optional) = (raw.side, raw.optional);
        let action = self.action(number, line, &header, raw, ids)?;
        Ok(Act {
            number,
            side,
            action,
            optional,
            line,
        })
    }

    /// An act takes exactly one action key: none, or a second one (named in file order), is an
    /// error.
    fn one_action(
        &self,
        number: usize,
        line: usize,
        header: &Range<usize>,
        raw: &RawAct,
    ) -> Result<(), ScenarioError> {
        let mut present: Vec<(&str, Range<usize>)> = [
            ("attack", raw.attack.as_ref().map(Spanned::span)),
            ("skip", raw.skip.as_ref().map(Spanned::span)),
            ("use", raw.use_.as_ref().map(Spanned::span)),
            ("split", raw.split.as_ref().map(Spanned::span)),
            ("choose", raw.choose.as_ref().map(Spanned::span)),
            ("complete", raw.complete.as_ref().map(Spanned::span)),
            ("build", raw.build.as_ref().map(Spanned::span)),
            ("deploy", raw.deploy.as_ref().map(Spanned::span)),
            ("retreat", raw.retreat.as_ref().map(Spanned::span)),
            ("pass", raw.pass.as_ref().map(Spanned::span)),
            ("play", raw.play.as_ref().map(Spanned::span)),
        ]
        .into_iter()
        .filter_map(|(key, span)| span.map(|span| (key, span)))
        .collect();
        present.sort_by_key(|(_, span)| span.start);
        match present.as_slice() {
            [] => Err(self.no_action(number, line, header)),
            [_] => Ok(()),
            [(first, _), (second, second_span), ..] => Err(self.error(
                second_span,
                Some(second),
                format!(
                    "act {number} (line {line}) has {} action keys, `{first}` and \
                     `{second}`{}; an act takes exactly one",
                    present.len(),
                    if present.len() > 2 { " and more" } else { "" }
                ),
            )),
        }
    }

    fn no_action(&self, number: usize, line: usize, header: &Range<usize>) -> ScenarioError {
        self.error(
            header,
            None,
            format!(
                "act {number} (line {line}) has no action; give exactly one of attack, skip, \
                 use, split, choose, complete, build, deploy, retreat, pass or play"
            ),
        )
    }

    /// The act's one action, from the table of its key.
    fn action(
        &self,
        number: usize,
        line: usize,
        header: &Range<usize>,
        raw: RawAct,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        if let Some(attack) = raw.attack {
            self.attack_act(number, attack.into_inner(), ids)
        } else if let Some(skip) = raw.skip {
            self.skip_act(number, skip.into_inner(), ids)
        } else if let Some(use_) = raw.use_ {
            self.use_act(number, use_.into_inner(), ids)
        } else if let Some(play) = raw.play {
            self.play_act(number, play.into_inner(), ids)
        } else if let Some(split) = raw.split {
            self.split_act(number, split.into_inner(), ids)
        } else if let Some(choose) = raw.choose {
            self.choose_act(number, choose.into_inner(), ids)
        } else if let Some(complete) = raw.complete {
            self.complete_act(number, complete.into_inner(), ids)
        } else if let Some(build) = raw.build {
            self.build_act(number, build.into_inner(), ids)
        } else if let Some(deploy) = raw.deploy {
            self.deploy_act(number, deploy.into_inner(), ids)
        } else if let Some(retreat) = raw.retreat {
            self.retreat_act(number, retreat.into_inner(), ids)
        } else if let Some(pass) = raw.pass {
            self.pass_act(number, pass)
        } else {
            // Unreachable after `one_action`, but an error is safer than a panic.
            Err(self.no_action(number, line, header))
        }
    }

    /// `attack = { unit, defender }` (FORMAT.md "Acts").
    fn attack_act(
        &self,
        number: usize,
        attack: RawAttack,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Attack {
            unit: self.act_ref(number, "unit", attack.unit, ids)?,
            defender: self.act_ref(number, "defender", attack.defender, ids)?,
        })
    }

    /// `skip = { unit }` (FORMAT.md "Acts").
    fn skip_act(
        &self,
        number: usize,
        skip: RawUnitOnly,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Skip {
            unit: self.act_ref(number, "unit", skip.unit, ids)?,
        })
    }

    /// `use = { unit, ability, target?, amount?, arena? }` (FORMAT.md "Acts").
    fn use_act(&self, number: usize, use_: RawUse, ids: &UnitIds) -> Result<Action, ScenarioError> {
        Ok(Action::Use {
            unit: self.act_ref(number, "unit", use_.unit, ids)?,
            ability: use_.ability,
            target: use_
                .target
                .map(|t| self.act_ref(number, "target", t, ids))
                .transpose()?,
            amount: use_.amount,
            arena: use_.arena,
        })
    }

    /// `play = { card, target?, amount?, via?, arena?, enhance? }` (docs/scenarios.md
    /// "Extensions").
    fn play_act(
        &self,
        number: usize,
        play: RawPlay,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Play {
            card: play.card,
            target: play
                .target
                .map(|t| self.act_ref(number, "target", t, ids))
                .transpose()?,
            amount: play.amount,
            meditate: matches!(play.via, Some(PlayVia::Meditate)),
            arena: play.arena,
            enhance: play.enhance,
        })
    }

    /// `split = { unit, to = { id = hits, ... } }` (FORMAT.md "Acts"), with `to` in file order.
    fn split_act(
        &self,
        number: usize,
        split: RawSplit,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        let mut to: Vec<(Spanned<String>, u32)> = split.to.into_iter().collect();
        to.sort_by_key(|(id, _)| id.span().start);
        Ok(Action::Split {
            unit: self.act_ref(number, "unit", split.unit, ids)?,
            to: to
                .into_iter()
                .map(|(id, hits)| Ok((self.act_ref(number, "to", id, ids)?, hits)))
                .collect::<Result<_, ScenarioError>>()?,
        })
    }

    /// `choose = { unit, option }` (FORMAT.md "Acts"): `option` is text, or an index from 1.
    fn choose_act(
        &self,
        number: usize,
        choose: RawChoose,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        let span = choose.option.span();
        let option = match choose.option.into_inner() {
            RawOption::Text(text) => ChooseOption::Text(text),
            RawOption::Index(index) => ChooseOption::Index(
                usize::try_from(index)
                    .ok()
                    .filter(|index| *index >= 1)
                    .ok_or_else(|| {
                        self.error(
                            &span,
                            Some("option"),
                            format!("act {number}: an option index counts from 1, found {index}"),
                        )
                    })?,
            ),
        };
        Ok(Action::Choose {
            unit: self.act_ref(number, "unit", choose.unit, ids)?,
            option,
        })
    }

    /// `complete = { unit, via?, x? }` (FORMAT.md "Acts"), with the `stack` extension
    /// (docs/scenarios.md "Extensions").
    fn complete_act(
        &self,
        number: usize,
        complete: RawComplete,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Complete {
            unit: self.act_ref(number, "unit", complete.unit, ids)?,
            via: complete.via,
            x: complete.x,
            stack: complete
                .stack
                .map(|s| self.act_ref(number, "stack", s, ids))
                .transpose()?,
        })
    }

    /// `build = { unit, points }` (FORMAT.md "Acts").
    fn build_act(
        &self,
        number: usize,
        build: RawBuild,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Build {
            unit: self.act_ref(number, "unit", build.unit, ids)?,
            points: build.points,
        })
    }

    /// `deploy = { unit, arena? }` (FORMAT.md "Acts").
    fn deploy_act(
        &self,
        number: usize,
        deploy: RawDeploy,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Deploy {
            unit: self.act_ref(number, "unit", deploy.unit, ids)?,
            arena: deploy.arena,
        })
    }

    /// `retreat = { unit }` (FORMAT.md "Acts").
    fn retreat_act(
        &self,
        number: usize,
        retreat: RawUnitOnly,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Retreat {
            unit: self.act_ref(number, "unit", retreat.unit, ids)?,
        })
    }

    /// `pass = true` (FORMAT.md "Acts"): `false` is an error.
    fn pass_act(&self, number: usize, pass: Spanned<bool>) -> Result<Action, ScenarioError> {
        if !*pass.get_ref() {
            return Err(self.error(
                &pass.span(),
                Some("pass"),
                format!(
                    "act {number}: `pass` can only be `true`; leave the act out to let the \
                     runner pass"
                ),
            ));
        }
        Ok(Action::Pass)
    }

    fn expect(
        &self,
        raw: RawExpect,
        ids: &UnitIds,
        act_count: usize,
    ) -> Result<Expect, ScenarioError> {
        let known = |key: &str, id: &Spanned<String>| {
            if ids.contains(id.get_ref()) {
                Ok(id.get_ref().clone())
            } else {
                Err(self.error(
                    &id.span(),
                    Some(key),
                    format!(
                        "`expect.{key}` names `{}`, which no [[unit]] declares",
                        id.get_ref()
                    ),
                ))
            }
        };
        let mut discarded = Vec::with_capacity(raw.discarded.len());
        for entry in &raw.discarded {
            let id = known("discarded", entry)?;
            if discarded.contains(&id) {
                return Err(self.error(
                    &entry.span(),
                    Some("discarded"),
                    format!("`{id}` is listed twice in `expect.discarded`"),
                ));
            }
            discarded.push(id);
        }
        let illegal = match raw.illegal {
            None => None,
            Some(illegal) => {
                let value = *illegal.get_ref();
                let number = usize::try_from(value)
                    .ok()
                    .filter(|number| (1..=act_count).contains(number));
                match number {
                    Some(number) => Some(number),
                    None if act_count == 0 => {
                        return Err(self.error(
                            &illegal.span(),
                            Some("illegal"),
                            format!("`illegal` names act {value}, but the scenario has no [[act]]"),
                        ));
                    }
                    None => {
                        return Err(self.error(
                            &illegal.span(),
                            Some("illegal"),
                            format!(
                                "`illegal` must be the number of an act, from 1 to \
                                 {act_count}, found {value}"
                            ),
                        ));
                    }
                }
            }
        };
        let mut units: Vec<(Spanned<String>, UnitExpect)> = raw.unit.into_iter().collect();
        units.sort_by_key(|(id, _)| id.span().start);
        let units = units
            .into_iter()
            .map(|(id, expect)| Ok((known("unit", &id)?, expect)))
            .collect::<Result<Vec<_>, ScenarioError>>()?;
        Ok(Expect {
            discarded,
            illegal,
            winner: raw.winner,
            units,
            dark: raw.dark.map(|side| self.side_expect(side)).transpose()?,
            light: raw.light.map(|side| self.side_expect(side)).transpose()?,
        })
    }

    fn side_expect(&self, raw: RawSideExpect) -> Result<SideExpect, ScenarioError> {
        Ok(SideExpect {
            force: self.non_negative(raw.force.as_ref(), "force")?,
            build_points: self.non_negative(raw.build_points.as_ref(), "build_points")?,
            hand_size: raw.hand_size,
            discard_size: raw.discard_size,
            removed_size: raw.removed_size,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    // The examples are read from shared/conformance beside the repository; the path is relative
    // to this file so that it does not depend on where the checkout lives.
    const EXAMPLES: [(&str, &str); 6] = [
        (
            "01-attack-hits-on-four.toml",
            include_str!("../../../../shared/conformance/examples/01-attack-hits-on-four.toml"),
        ),
        (
            "02-accuracy-against-armor.toml",
            include_str!("../../../../shared/conformance/examples/02-accuracy-against-armor.toml"),
        ),
        (
            "03-stealth-cannot-be-attacked.toml",
            include_str!(
                "../../../../shared/conformance/examples/03-stealth-cannot-be-attacked.toml"
            ),
        ),
        (
            "04-overkill-excess-hits.toml",
            include_str!("../../../../shared/conformance/examples/04-overkill-excess-hits.toml"),
        ),
        (
            "05-retaliate-after-discard.toml",
            include_str!("../../../../shared/conformance/examples/05-retaliate-after-discard.toml"),
        ),
        (
            "06-upkeep-paid-at-build-step-start.toml",
            include_str!(
                "../../../../shared/conformance/examples/06-upkeep-paid-at-build-step-start.toml"
            ),
        ),
    ];

    fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        parse_scenario("test.toml", text)
    }

    fn parse_err(text: &str) -> ScenarioError {
        match parse(text) {
            Ok(scenario) => panic!("expected an error, parsed {scenario:#?}"),
            Err(err) => err,
        }
    }

    /// A valid battle scenario with two ground units, to which tests append tables.
    const BASE: &str = r#"title = "base"
dice = [4]

[start]
phase = "battle"
arena = "ground"

[[unit]]
id = "a"
side = "dark"
arena = "ground"
cost = 1
speed = 10
power = 1
health = 1

[[unit]]
id = "b"
side = "light"
arena = "ground"
cost = 1
speed = 10
power = 1
health = 1
"#;

    fn base_lines() -> usize {
        BASE.lines().count()
    }

    #[test]
    fn all_examples_parse() {
        for (name, text) in EXAMPLES {
            if let Err(err) = parse_scenario(name, text) {
                panic!("{err}");
            }
        }
    }

    #[test]
    fn example_one_in_detail() {
        let scenario = parse(EXAMPLES[0].1).unwrap();
        assert_eq!(scenario.dice, vec![4, 3, 5, 6]);
        assert_eq!(
            scenario.start,
            Start {
                phase: Phase::Battle,
                arena: Some(ArenaName::Ground),
                step: None,
                stop: Some(Stop::AttackEnd),
                turns: 1,
            }
        );
        assert_eq!(scenario.units.len(), 2);
        let squad = scenario.unit("squad").unwrap();
        assert_eq!(squad.line, 10);
        assert_eq!(squad.power, Some(4));
        assert_eq!(squad.type_, None);
        assert_eq!(scenario.dark, PlayerSetup::default());
        assert_eq!(scenario.acts.len(), 1);
        assert_eq!(scenario.acts[0].number, 1);
        assert_eq!(scenario.acts[0].line, 28);
        assert_eq!(
            scenario.acts[0].action,
            Action::Attack {
                unit: "squad".into(),
                defender: "tank".into()
            }
        );
        // The file writes tank before squad, which is not key order.
        let ids: Vec<&str> = scenario
            .expect
            .units
            .iter()
            .map(|(id, _)| id.as_str())
            .collect();
        assert_eq!(ids, ["tank", "squad"]);
        assert_eq!(scenario.expect.units[0].1.damage, Some(3));
        assert_eq!(scenario.expect.units[1].1.tapped, Some(true));
    }

    #[test]
    fn examples_three_and_six_in_detail() {
        let stealth = parse(EXAMPLES[2].1).unwrap();
        assert_eq!(stealth.expect.illegal, Some(1));
        let upkeep = parse(EXAMPLES[5].1).unwrap();
        assert_eq!(upkeep.start.phase, Phase::Build);
        assert_eq!(upkeep.start.step, Some(SideName::Dark));
        assert_eq!(upkeep.dark.force, 3);
        assert_eq!(upkeep.expect.dark.unwrap().force, Some(1));
    }

    #[test]
    fn unknown_key_names_line_and_key() {
        let text = format!("{BASE}colour = \"red\"\n");
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 1));
        assert_eq!(err.column, Some(1));
        assert_eq!(err.key.as_deref(), Some("colour"));
        assert!(err.message.contains("unknown field"), "{err}");
        assert!(
            err.to_string()
                .starts_with(&format!("test.toml:{}:1: key `colour`: ", base_lines() + 1)),
            "{err}"
        );
    }

    #[test]
    fn unknown_key_in_an_act() {
        let text = format!(
            "{BASE}\n[[act]]\nside = \"dark\"\nattack = {{ unit = \"a\", target = \"b\" }}\n"
        );
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 4));
        assert_eq!(err.key.as_deref(), Some("target"));
    }

    #[test]
    fn wrong_type_names_line_and_key() {
        let text = BASE.replace(
            "speed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
            "speed = \"fast\"\npower = 1\nhealth = 1\n\n[[unit]]",
        );
        let err = parse_err(&text);
        assert_eq!(err.line, Some(13));
        assert_eq!(err.key.as_deref(), Some("speed"));
        assert!(err.message.contains("invalid type"), "{err}");
    }

    #[test]
    fn bad_enum_value_names_key() {
        let text = BASE.replace(
            "arena = \"ground\"\n\n[[unit]]",
            "arena = \"sea\"\n\n[[unit]]",
        );
        let err = parse_err(&text);
        assert_eq!(err.line, Some(6));
        assert_eq!(err.key.as_deref(), Some("arena"));
        assert!(err.message.contains("sea"), "{err}");
    }

    #[test]
    fn turns_need_a_turn_end_stop_and_a_sane_count() {
        let start = "phase = \"battle\"\narena = \"ground\"\n";
        let two = BASE.replacen(start, &format!("{start}turns = 2\n"), 1);
        let err = parse_err(&two);
        assert_eq!(err.key.as_deref(), Some("turns"));
        assert!(err.message.contains("turn-end"), "{err}");
        let ok = BASE.replacen(
            start,
            &format!("{start}turns = 2\nstop = \"turn-end\"\n"),
            1,
        );
        assert_eq!(parse(&ok).unwrap().start.turns, 2);
        let zero = BASE.replacen(start, &format!("{start}turns = 0\n"), 1);
        assert!(parse_err(&zero).message.contains("from 1 to"));
        assert_eq!(parse(BASE).unwrap().start.turns, 1);
    }

    #[test]
    fn syntax_error_gives_line() {
        let text = format!("{BASE}\n[[act]\nside = \"dark\"\n");
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 2));
        assert!(err.column.is_some());
        assert_eq!(err.key, None);
    }

    #[test]
    fn duplicate_key_is_named() {
        let text = BASE.replace("dice = [4]\n", "dice = [4]\ndice = [5]\n");
        let err = parse_err(&text);
        assert_eq!(err.line, Some(3));
        assert_eq!(err.key.as_deref(), Some("dice"));
    }

    #[test]
    fn missing_required_key() {
        let text = BASE.replace("title = \"base\"\n", "");
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("title"));
    }

    #[test]
    fn act_with_two_actions() {
        let text = format!(
            "{BASE}\n[[act]]\nside = \"dark\"\nattack = {{ unit = \"a\", defender = \"b\" }}\n\
             skip = {{ unit = \"a\" }}\n"
        );
        let err = parse_err(&text);
        let header = base_lines() + 2;
        assert_eq!(err.line, Some(header + 3));
        assert_eq!(err.key.as_deref(), Some("skip"));
        assert!(err.message.contains("act 1"), "{err}");
        assert!(err.message.contains(&format!("line {header}")), "{err}");
    }

    #[test]
    fn act_without_action() {
        let text = format!("{BASE}\n[[act]]\nside = \"dark\"\noptional = true\n");
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 2));
        assert!(err.message.contains("act 1"), "{err}");
    }

    #[test]
    fn act_naming_unknown_unit() {
        let text = format!(
            "{BASE}\n[[act]]\nside = \"dark\"\npass = true\n\n[[act]]\nside = \"dark\"\n\
             attack = {{ unit = \"a\", defender = \"ghost\" }}\n"
        );
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 8));
        assert_eq!(err.key.as_deref(), Some("defender"));
        assert!(err.message.contains("act 2"), "{err}");
        assert!(err.message.contains("ghost"), "{err}");
    }

    #[test]
    fn pass_must_be_true() {
        let text = format!("{BASE}\n[[act]]\nside = \"dark\"\npass = false\n");
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("pass"));
        let text = format!("{BASE}\n[[act]]\nside = \"light\"\npass = true\n");
        assert_eq!(parse(&text).unwrap().acts[0].action, Action::Pass);
    }

    #[test]
    fn build_zone_unit_needs_type() {
        let text = format!(
            "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"build-zone\"\ncost = 3\n\
             speed = 1\npower = 1\nhealth = 1\n"
        );
        let err = parse_err(&text);
        assert_eq!(err.line, Some(base_lines() + 3));
        assert_eq!(err.key.as_deref(), Some("type"));
        let with_type = text.replace("cost = 3\n", "cost = 3\ntype = \"Space\"\n");
        let unit = parse(&with_type).unwrap().units.pop().unwrap();
        assert_eq!(unit.type_.as_deref(), Some("Space"));
        let with_card = format!(
            "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"build-zone\"\n\
             card = \"ANH/Luke's X-Wing (A)\"\nbuild_counters = 2\n"
        );
        let unit = parse(&with_card).unwrap().units.pop().unwrap();
        assert_eq!(unit.card.as_deref(), Some("ANH/Luke's X-Wing (A)"));
        assert_eq!(unit.cost, None);
        assert_eq!(unit.build_counters, 2);
    }

    #[test]
    fn type_words_must_be_arenas() {
        let text = BASE.replace(
            "cost = 1\nspeed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
            "type = \"Ground/Sea\"\ncost = 1\nspeed = 10\npower = 1\nhealth = 1\n\n[[unit]]",
        );
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("type"));
        assert!(err.message.contains("`Sea`"), "{err}");
    }

    #[test]
    fn unit_without_card_needs_stats() {
        let text = BASE.replacen("power = 1\n", "", 1);
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("power"));
        assert_eq!(err.line, Some(9));
    }

    #[test]
    fn card_reference_must_name_a_set() {
        let text = format!(
            "{BASE}\n[[unit]]\nid = \"c\"\nside = \"dark\"\narena = \"space\"\n\
             card = \"Luke's X-Wing\"\n"
        );
        assert_eq!(parse_err(&text).key.as_deref(), Some("card"));
    }

    #[test]
    fn duplicate_unit_id() {
        let text = BASE.replace("id = \"b\"", "id = \"a\"");
        let err = parse_err(&text);
        assert_eq!(err.line, Some(18));
        assert!(err.message.contains("line 8"), "{err}");
    }

    #[test]
    fn stack_and_pilots_are_checked() {
        let stacked = BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1);
        assert_eq!(parse(&stacked).unwrap().units[0].stack, ["b"]);
        let itself = BASE.replacen("health = 1\n", "health = 1\nstack = [\"a\"]\n", 1);
        assert!(parse_err(&itself).message.contains("itself"));
        let unknown = BASE.replacen("health = 1\n", "health = 1\npilots = [\"x\"]\n", 1);
        let err = parse_err(&unknown);
        assert_eq!(err.key.as_deref(), Some("pilots"));
        assert_eq!(err.line, Some(16));
        let twice = format!(
            "{}\n[[unit]]\nid = \"c\"\nside = \"light\"\narena = \"ground\"\ncost = 1\n\
             speed = 1\npower = 1\nhealth = 1\npilots = [\"b\"]\n",
            BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1)
        );
        assert!(parse_err(&twice).message.contains("already"));
        let cycle =
            BASE.replacen("health = 1\n", "health = 1\nstack = [\"b\"]\n", 1) + "stack = [\"a\"]\n";
        assert!(parse_err(&cycle).message.contains("cannot have its own"));
    }

    #[test]
    fn start_checks() {
        let no_arena = BASE.replace(
            "arena = \"ground\"\n\n[[unit]]\nid = \"a\"",
            "\n[[unit]]\nid = \"a\"",
        );
        let err = parse_err(&no_arena);
        assert_eq!(err.key.as_deref(), Some("arena"));
        assert_eq!(err.line, Some(5));
        let with_step = BASE.replace(
            "phase = \"battle\"\n",
            "phase = \"battle\"\nstep = \"dark\"\n",
        );
        assert_eq!(parse_err(&with_step).key.as_deref(), Some("step"));
        let build = BASE.replace(
            "phase = \"battle\"\narena = \"ground\"\n",
            "phase = \"build\"\n",
        );
        assert_eq!(parse_err(&build).key.as_deref(), Some("step"));
        let build_arena = BASE.replace(
            "phase = \"battle\"\n",
            "phase = \"retreat\"\nstep = \"light\"\n",
        );
        assert_eq!(parse_err(&build_arena).key.as_deref(), Some("arena"));
    }

    #[test]
    fn illegal_must_name_an_act() {
        let text = format!(
            "{BASE}\n[[act]]\nside = \"dark\"\nskip = {{ unit = \"a\" }}\n\n[expect]\nillegal = 0\n"
        );
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("illegal"));
        assert_eq!(err.line, Some(base_lines() + 7));
        let two = text.replace("illegal = 0", "illegal = 2");
        assert_eq!(parse_err(&two).key.as_deref(), Some("illegal"));
        let one = text.replace("illegal = 0", "illegal = 1");
        assert_eq!(parse(&one).unwrap().expect.illegal, Some(1));
    }

    #[test]
    fn split_keeps_file_order() {
        let text = format!(
            "{BASE}\n[[unit]]\nid = \"c\"\nside = \"light\"\narena = \"ground\"\ncost = 1\n\
             speed = 1\npower = 1\nhealth = 1\n\n[[act]]\nside = \"dark\"\n\
             split = {{ unit = \"a\", to = {{ c = 2, b = 1 }} }}\n"
        );
        let scenario = parse(&text).unwrap();
        assert_eq!(
            scenario.acts[0].action,
            Action::Split {
                unit: "a".into(),
                to: vec![("c".into(), 2), ("b".into(), 1)],
            }
        );
        let unknown = text.replace("c = 2", "zz = 2");
        let err = parse_err(&unknown);
        assert_eq!(err.key.as_deref(), Some("to"));
    }

    #[test]
    fn every_action_parses() {
        let text = format!(
            r#"{BASE}
[[act]]
side = "dark"
use = {{ unit = "a", ability = "Pay 1 Force -> Evade 1", target = "b", amount = 2, arena = "space" }}
[[act]]
side = "dark"
choose = {{ unit = "a", option = 2 }}
[[act]]
side = "dark"
choose = {{ unit = "a", option = "Pay 1 Force" }}
[[act]]
side = "dark"
complete = {{ unit = "a", via = "Hidden Cost", x = 3 }}
[[act]]
side = "dark"
build = {{ unit = "a", points = 4 }}
[[act]]
side = "dark"
deploy = {{ unit = "a", arena = "ground" }}
[[act]]
side = "light"
retreat = {{ unit = "b" }}
optional = true
"#
        );
        let scenario = parse(&text).unwrap();
        let actions: Vec<&Action> = scenario.acts.iter().map(|act| &act.action).collect();
        assert_eq!(
            actions,
            [
                &Action::Use {
                    unit: "a".into(),
                    ability: "Pay 1 Force -> Evade 1".into(),
                    target: Some("b".into()),
                    amount: Some(2),
                    arena: Some(ArenaName::Space),
                },
                &Action::Choose {
                    unit: "a".into(),
                    option: ChooseOption::Index(2)
                },
                &Action::Choose {
                    unit: "a".into(),
                    option: ChooseOption::Text("Pay 1 Force".into())
                },
                &Action::Complete {
                    unit: "a".into(),
                    via: Some(Via::HiddenCost),
                    x: Some(3),
                    stack: None
                },
                &Action::Build {
                    unit: "a".into(),
                    points: 4
                },
                &Action::Deploy {
                    unit: "a".into(),
                    arena: Some(ArenaName::Ground)
                },
                &Action::Retreat { unit: "b".into() },
            ]
        );
        assert!(scenario.acts[6].optional);
        assert_eq!(scenario.acts[6].number, 7);
        let zero = text.replace("option = 2", "option = 0");
        assert_eq!(parse_err(&zero).key.as_deref(), Some("option"));
        let bad_target = text.replace("target = \"b\"", "target = \"q\"");
        assert_eq!(parse_err(&bad_target).key.as_deref(), Some("target"));
    }

    #[test]
    fn card_table_parses() {
        let text = format!(
            r#"{BASE}
[dark]
force = 4
hand = ["Elite Squad", "ANH/Luke's X-Wing (A)", "Some Set Card"]

[[card]]
name = "Elite Squad"
side = "dark"
type = "Ground"
subtypes = ["Imperial", "Soldier"]
cost = 6
speed = 40
power = 4
health = 5
abilities = ["Accuracy 1"]
"#
        );
        let scenario = parse(&text).unwrap();
        assert_eq!(scenario.dark.hand.len(), 3);
        let card = scenario.card("Elite Squad").unwrap();
        assert_eq!(card.line, base_lines() + 6);
        assert_eq!(card.side, Some(CardSideName::Dark));
        assert_eq!(card.type_, "Ground");
        assert!(!card.unique);
        assert_eq!(
            (card.cost, card.speed, card.power, card.health),
            (6, 40, 4, 5)
        );
        assert_eq!(card.abilities, ["Accuracy 1"]);
        let twice = format!(
            "{text}\n[[card]]\nname = \"Elite Squad\"\ntype = \"Ground\"\ncost = 1\nspeed = 1\npower = 1\nhealth = 1\n"
        );
        assert_eq!(parse_err(&twice).key.as_deref(), Some("name"));
    }

    #[test]
    fn negative_and_out_of_range_numbers() {
        let force = format!("{BASE}\n[light]\nforce = -1\n");
        let err = parse_err(&force);
        assert_eq!(err.key.as_deref(), Some("force"));
        assert_eq!(err.line, Some(base_lines() + 3));
        let die = BASE.replace("dice = [4]", "dice = [4, 7]");
        let err = parse_err(&die);
        assert_eq!((err.line, err.column), (Some(2), Some(12)));
        let damage = BASE.replacen("health = 1\n", "health = 1\ndamage = -2\n", 1);
        assert_eq!(parse_err(&damage).key.as_deref(), Some("damage"));
    }

    #[test]
    fn expectations_refer_to_units() {
        let text = format!("{BASE}\n[expect]\ndiscarded = [\"b\", \"nobody\"]\n");
        let err = parse_err(&text);
        assert_eq!(err.key.as_deref(), Some("discarded"));
        assert_eq!((err.line, err.column), (Some(base_lines() + 3), Some(19)));
        let unit = format!("{BASE}\n[expect.unit.ghost]\ndamage = 1\n");
        let err = parse_err(&unit);
        assert_eq!(err.key.as_deref(), Some("unit"));
        assert_eq!(err.line, Some(base_lines() + 2));
        let fine = format!(
            "{BASE}\n[expect]\nwinner = \"none\"\n[expect.unit.b]\narena = \"discard\"\n\
             [expect.light]\nhand_size = 0\n"
        );
        let expect = parse(&fine).unwrap().expect;
        assert_eq!(expect.winner, Some(Winner::None));
        assert_eq!(expect.units[0].1.arena, Some(ExpectZone::Discard));
        assert_eq!(expect.light.unwrap().hand_size, Some(0));
    }

    #[test]
    fn display_leaves_out_missing_parts() {
        let err = ScenarioError {
            path: "x.toml".into(),
            line: None,
            column: None,
            key: None,
            message: "broken".into(),
        };
        assert_eq!(err.to_string(), "x.toml: broken");
        let err = ScenarioError {
            line: Some(3),
            key: Some("k".into()),
            ..err
        };
        assert_eq!(err.to_string(), "x.toml:3: key `k`: broken");
    }

    #[test]
    fn odd_input_does_not_panic() {
        for text in [
            "",
            "\u{feff}",
            "title = \"é\"\n[start]\nphase = \"battle\"\nstep = \"ü\"",
            "[[act]]\n",
            "title = 'x'\n[start]\nphase = 'battle'\narena = 'space'\n[[act]]\nside = 'dark'\nchoose = { unit = 'a', option = 1.5 }\n",
            "title = 'x'\n[start]\nphase = 'battle'\narena = 'space'\n[expect]\nillegal = -5\n",
            "a = \"\u{1F600}\" \u{1F600}",
        ] {
            let _ = parse(text);
        }
    }
}
