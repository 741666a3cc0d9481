//! Rulesets: every open rules question (OQ-*) the core touches, as a named flag with its default.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod differences;
pub use differences::{Difference, differences};

/// The default ruleset file shipped with the engine; `Ruleset::default()` is this file parsed.
pub const DEFAULT_RULESET_TOML: &str = include_str!("../../rulesets/idc-default.toml");

/// A set of rule variants. Each field cites the open question of `open-questions.md` it settles;
/// the defaults are that document's defaults. A tournament ruleset is a TOML file naming any of
/// these; unknown keys are an error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Ruleset {
    /// The ruleset's name, shown in logs.
    pub name: String,
    /// A game that reaches this many turns without a winner ends undecided (game 15.6: time limits
    /// are outside the rules; this keeps simulations finite).
    pub turn_limit: u32,
    /// Build points each player has for setup (game 5.3).
    pub setup_build_points: u32,
    /// Cards drawn for the opening hand (game 5.1).
    pub opening_hand: u32,
    /// Force gained in each ready phase (game 6.1.2).
    pub force_per_turn: u32,
    /// OQ-11: Force each player has before the first ready phase.
    pub starting_force: u32,
    /// OQ-12: +1 build point for a player with a unit in each arena.
    pub build_bonus_all_arenas: bool,
    /// The number an attack die's value must reach to hit (game 10.5); keywords may change it.
    pub hit_threshold: u8,
    /// OQ-10: a unit fully paid with the last setup points may be deployed in the owner's first
    /// build step (it stays in the build zone as a completed unit until then).
    pub setup_final_build_completes: bool,
    /// OQ-6 (b): a version with a higher or equal build cost may also go under the stack.
    pub stack_higher_cost_underneath: bool,
    /// OQ-4 (game 3.5.5): groups of different names that count as the same unit for uniqueness
    /// and stacking ("Beru Lars" and "Beru Whitesun"). Names compare without case or accents.
    pub same_unit_names: Vec<Vec<String>>,
    /// The most cards in one stack (game 3.6.1).
    pub stack_limit: u32,
    /// OQ-15: the lowest a build cost can be reduced to.
    pub minimum_build_cost: i32,
    /// OQ-17: the Dark Side takes the first turn in every POP.
    pub pop_dark_side_first: bool,
    /// OQ-20 / OQ-22: a discarded unit's Pilots go to the discard pile with it.
    pub pilots_discarded_with_unit: bool,
    /// OQ-13 (game 6.2.5): after each completed build action of the active player, the other
    /// player may use "any time" effects (Hidden Cost).
    pub act_in_opponents_build_step: bool,
    /// OQ-20 (game 12.4): how many Pilots a unit may have unless a card says otherwise ("This
    /// unit can have up to 3 Pilots", "can have an extra Pilot").
    pub pilot_limit: u32,
    /// OQ-23: drawing from an empty deck does nothing (when false, the draw is an error).
    pub empty_deck_draw_does_nothing: bool,
    /// OQ-27: untapped units entering an arena during its battle step may act in it.
    pub entering_units_may_act: bool,
    /// OQ-9: players may mulligan Battle and Mission cards from the opening hand once.
    pub mulligan_battle_and_mission: bool,
    /// OQ-24 (game 16.1): how many Locations one player may have in one arena. Left out of the
    /// canonical form at its default, as `location_over_limit` is, so that rulesets and locks
    /// made before Locations were played keep their hash.
    #[serde(skip_serializing_if = "is_one")]
    pub locations_per_arena: u32,
    /// OQ-24: what placing a Location in an arena where its player already has
    /// `locations_per_arena` does: the oldest one there is discarded (`replace`, the default),
    /// or the Location can't go there (`refuse`).
    #[serde(skip_serializing_if = "OverLimit::is_default")]
    pub location_over_limit: OverLimit,
    /// Project open question P-2 (game 4.9, 16.4; docs/rulesets.md): how many Resources one
    /// player may have in the Resource zone. Left out of the canonical form at its default, as
    /// the two keys after it are, so that rulesets and locks made before Resources were played
    /// keep their hash.
    #[serde(skip_serializing_if = "is_one")]
    pub resources_in_play: u32,
    /// P-2: what completing a Resource when its player already has `resources_in_play` does: the
    /// oldest one is discarded (`replace`, the default), or the Resource can't be completed
    /// (`refuse`).
    #[serde(skip_serializing_if = "OverLimit::is_default")]
    pub resource_over_limit: OverLimit,
    /// Project open question P-3 (game 13.6, 16.4): each activated ability of a Resource may be
    /// used once per turn (true, the default), or as often as its cost is paid (false). Left out
    /// of the canonical form while true.
    #[serde(skip_serializing_if = "is_true")]
    pub resource_abilities_once_per_turn: bool,
    /// OQ-25 (game 16.6): a completed Campaign stays in its owner's build zone with its text
    /// working (true, the default); false: it resolves and is discarded as other Missions do.
    /// Left out of the canonical form while true, as `trap_completion` is at its default, so
    /// that rulesets and locks made before Campaigns and Traps were played keep their hash.
    #[serde(skip_serializing_if = "is_true")]
    pub campaigns_stay: bool,
    /// OQ-25 (game 16.7): which Traps in the build zone are completed when their trigger happens
    /// (a Trap is never completed by a build action).
    #[serde(skip_serializing_if = "TrapCompletion::is_default")]
    pub trap_completion: TrapCompletion,
    /// OQ-8 (game 4.8, 16.3): how many Events from their supply each player may put into their
    /// Event zone at setup, before the setup hooks; their texts work all game. Left out of the
    /// canonical form at its default, so that rulesets and locks made before Events were played
    /// keep their hash.
    #[serde(skip_serializing_if = "is_one")]
    pub events_at_setup: u32,
    /// Project open question P-1 (game 14.3, 14.4; docs/rulesets.md): units whose damage
    /// reaches their health at the same moment (two units discarded by one damage instance) are
    /// discarded together, each seeing the others gone when its hooks run; false (the default)
    /// discards them one at a time, the hooks of each before the next. Left out of the canonical
    /// form while false.
    #[serde(skip_serializing_if = "is_false")]
    pub simultaneous_discards: bool,
    /// What a plugin failure does to the game.
    pub on_plugin_error: OnPluginError,
    /// The fuel (wasm instructions, roughly) one plugin call may use.
    pub plugin_fuel: u64,
    /// The memory one plugin instance may use, in bytes.
    pub plugin_memory: u64,
    /// Plugin folders to load (relative to the ruleset file); their plugins replace the bundled
    /// ones for the same keywords, which is how a tournament swaps a rule variant.
    pub plugin_dirs: Vec<String>,
    /// Set files (relative to the ruleset file) whose cards join the bundled ones in games under
    /// this ruleset, so that a tournament carries its fan sets; a lock pins each by sha256. Left
    /// out of the ruleset's canonical form while empty, so that rulesets without fan sets keep
    /// their hash.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub card_sets: Vec<String>,
    /// Settings of keyword rules left open (OQ-K*), read by the plugins through the host's
    /// `rule` function; a plugin uses the open-questions default for a flag not written here.
    pub keyword_flags: BTreeMap<String, String>,
    /// Fuel per call for single hook points or queries (by their manifest names), overriding
    /// `plugin_fuel` there: a tournament can bound, say, `state-check` more tightly.
    pub hook_fuel: BTreeMap<String, u64>,
    /// Which plugin (by id) must implement a keyword: a run that loads another plugin for it,
    /// or none, refuses to start.
    pub keyword_plugins: BTreeMap<String, String>,
    /// Whether a game refuses decks that break the deck-building rules (game 2.3–2.6 and the
    /// IDC unit limits, as `swtcg deck validate` checks them) or the format.
    pub check_decks: bool,
    /// The deck minimum (game 2.3).
    pub deck_min: u32,
    /// The format decks must be legal in, if any.
    pub format: Option<FormatRule>,
    /// Bounds on what plugins' effects may set going (docs/security.md): no game rule needs
    /// more, and a plugin that asks for more is stopped with an error naming the limit.
    pub limits: Limits,
}

/// Bounds on the cascade of effects, hooks and attacks that plugins' answers set going, and on
/// what plugins may pile onto one unit. Each breach is a plugin failure (`on_plugin_error`)
/// naming the plugin, the hook and the limit; the call that would break it changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// How deeply effects may nest: an effect reaching a hook whose triggered effects reach
    /// another hook, and so on (a state check that triggers itself). The engine's own stack
    /// grows with this, so it stays small.
    pub hook_depth: u32,
    /// Effects resolved in one game step (a build step, one arena's battle step...).
    pub effects_per_step: u32,
    /// Activated abilities played in one game step, by both players together.
    pub activations_per_step: u32,
    /// Unit actions in one battle step, and extra attacks (Double Strike) in it: each at most
    /// this many.
    pub attacks_per_step: u32,
    /// Abilities granted to one unit and still in force.
    pub granted_per_unit: u32,
    /// Different note keys on one unit.
    pub notes_per_unit: u32,
    /// Different kinds of counters on one unit.
    pub counter_kinds_per_unit: u32,
}

/// The deepest nesting of effects a ruleset may allow: every level costs the engine's own stack
/// (effects, damage, hooks and state checks call one another), and 64 levels fit in the 2 MiB
/// stack of a test thread even in a debug build.
pub const MAX_HOOK_DEPTH: u32 = 64;

impl Limits {
    /// Why these limits can't be honoured, if they can't: a limit of 0 would refuse every
    /// game, and nesting deeper than `MAX_HOOK_DEPTH` could overflow the engine's stack.
    pub fn problem(&self) -> Option<String> {
        let zero = [
            ("hook_depth", self.hook_depth),
            ("effects_per_step", self.effects_per_step),
            ("activations_per_step", self.activations_per_step),
            ("attacks_per_step", self.attacks_per_step),
            ("granted_per_unit", self.granted_per_unit),
            ("notes_per_unit", self.notes_per_unit),
            ("counter_kinds_per_unit", self.counter_kinds_per_unit),
        ]
        .into_iter()
        .find(|(_, value)| *value == 0);
        if let Some((name, _)) = zero {
            return Some(format!("limits.{name} must be at least 1"));
        }
        (self.hook_depth > MAX_HOOK_DEPTH).then(|| {
            format!(
                "limits.hook_depth is {}; the engine allows at most {MAX_HOOK_DEPTH}",
                self.hook_depth
            )
        })
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            hook_depth: 16,
            effects_per_step: 10_000,
            activations_per_step: 200,
            attacks_per_step: 200,
            granted_per_unit: 64,
            notes_per_unit: 64,
            counter_kinds_per_unit: 32,
        }
    }
}

/// A ruleset's format: a format of the card database by name, or one spelt out here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatRule {
    /// The format's name; with no `sets`, the format of this name in the bundled formats.txt.
    pub name: String,
    /// The legal set codes; empty: those of the named bundled format.
    #[serde(default)]
    pub sets: Vec<String>,
    /// Banned cards, in addition to the named format's.
    #[serde(default)]
    pub banned: Vec<String>,
}

/// The keyword flags of the default ruleset, read from the `[keyword_flags]` table of the
/// shipped `idc-default.toml`: their names and values are the keyword plugins' (each declares
/// its flags in its manifest), so they are data here, not code of the rules core.
fn default_keyword_flags() -> BTreeMap<String, String> {
    static FLAGS: std::sync::OnceLock<BTreeMap<String, String>> = std::sync::OnceLock::new();
    FLAGS
        .get_or_init(|| {
            #[derive(Deserialize)]
            struct Shipped {
                keyword_flags: BTreeMap<String, String>,
            }
            // The shipped file is compiled in and read by the tests below, so this cannot fail
            // on any input; an edit that broke it fails `shipped_default_file_*`.
            toml::from_str::<Shipped>(DEFAULT_RULESET_TOML)
                .map(|shipped| shipped.keyword_flags)
                .unwrap_or_default()
        })
        .clone()
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            name: "idc-default".to_string(),
            turn_limit: 40,
            setup_build_points: 30,
            opening_hand: 7,
            force_per_turn: 4,
            starting_force: 0,
            build_bonus_all_arenas: false,
            hit_threshold: 4,
            setup_final_build_completes: true,
            stack_higher_cost_underneath: true,
            same_unit_names: swtcg_plugin_api::names::DEFAULT_SAME_UNIT_NAMES
                .iter()
                .map(|group| group.iter().map(|name| name.to_string()).collect())
                .collect(),
            stack_limit: 4,
            minimum_build_cost: 0,
            pop_dark_side_first: true,
            pilots_discarded_with_unit: true,
            act_in_opponents_build_step: true,
            pilot_limit: 1,
            empty_deck_draw_does_nothing: true,
            entering_units_may_act: true,
            mulligan_battle_and_mission: true,
            locations_per_arena: 1,
            location_over_limit: OverLimit::Replace,
            resources_in_play: 1,
            resource_over_limit: OverLimit::Replace,
            resource_abilities_once_per_turn: true,
            campaigns_stay: true,
            trap_completion: TrapCompletion::FullyBuilt,
            events_at_setup: 1,
            simultaneous_discards: false,
            on_plugin_error: OnPluginError::Stop,
            plugin_fuel: 10_000_000,
            plugin_memory: 4 << 20,
            plugin_dirs: Vec::new(),
            card_sets: Vec::new(),
            keyword_flags: default_keyword_flags(),
            hook_fuel: BTreeMap::new(),
            keyword_plugins: BTreeMap::new(),
            check_decks: false,
            deck_min: 60,
            format: None,
            limits: Limits::default(),
        }
    }
}

/// Which Traps their trigger completes (OQ-25, game 16.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapCompletion {
    /// Only a Trap whose build counters cover its build cost (the default).
    FullyBuilt,
    /// Any Trap in the build zone, its remaining cost ignored.
    IgnoreRemainingCost,
}

impl TrapCompletion {
    fn is_default(&self) -> bool {
        *self == TrapCompletion::FullyBuilt
    }
}

/// What placing a Location beyond `locations_per_arena` in an arena does (OQ-24), and
/// completing a Resource beyond `resources_in_play` (P-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OverLimit {
    /// The player's oldest Location in that arena (or oldest Resource) is discarded and the new
    /// one takes its place.
    Replace,
    /// The Location can't be placed in that arena (the Resource can't be completed).
    Refuse,
}

impl OverLimit {
    fn is_default(&self) -> bool {
        *self == OverLimit::Replace
    }
}

fn is_one(value: &u32) -> bool {
    *value == 1
}

fn is_true(value: &bool) -> bool {
    *value
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// What happens when a plugin fails (traps, runs out of fuel, or proposes an invalid effect).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OnPluginError {
    /// The game stops with the error; its log is kept up to the failure.
    Stop,
    /// The failed call's effects are discarded and the game goes on.
    Skip,
}

/// A ruleset file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct RulesetError {
    pub origin: String,
    pub line: Option<usize>,
    pub message: String,
}

impl Ruleset {
    /// Parses a ruleset from TOML text; `origin` names the file in errors. Keys not written keep
    /// their default.
    pub fn from_toml(origin: &str, text: &str) -> Result<Ruleset, RulesetError> {
        let ruleset: Ruleset = toml::from_str(text).map_err(|err| RulesetError {
            origin: origin.to_string(),
            line: err
                .span()
                .map(|span| crate::text::line_of(text, span.start)),
            message: err.message().to_string(),
        })?;
        ruleset.check(origin)?;
        Ok(ruleset)
    }

    /// The fuel for one call at a hook point or query named `name` (its manifest name).
    pub fn fuel_for(&self, name: &str) -> u64 {
        self.hook_fuel
            .get(name)
            .copied()
            .unwrap_or(self.plugin_fuel)
    }

    /// Checks what the TOML syntax cannot: every `hook_fuel` key names a hook point or query,
    /// and the limits are within what the engine can honour.
    pub fn check(&self, origin: &str) -> Result<(), RulesetError> {
        if let Some(message) = self.limits.problem() {
            return Err(RulesetError {
                origin: origin.to_string(),
                line: None,
                message,
            });
        }
        for name in self.hook_fuel.keys() {
            let known = swtcg_plugin_api::HookPoint::from_name(name).is_some()
                || swtcg_plugin_api::Query::from_name(name).is_some();
            if !known {
                return Err(RulesetError {
                    origin: origin.to_string(),
                    line: None,
                    message: format!(
                        "hook_fuel: `{name}` is not a hook point or query (see docs/hooks.md)"
                    ),
                });
            }
        }
        Ok(())
    }

    /// Looks a ruleset up by its built-in name.
    pub fn builtin(name: &str) -> Option<Ruleset> {
        (name == "idc-default").then(Ruleset::default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_default_file_equals_the_built_in_defaults() {
        let parsed = Ruleset::from_toml("idc-default.toml", DEFAULT_RULESET_TOML).unwrap();
        assert_eq!(parsed, Ruleset::default());
    }

    #[test]
    fn shipped_default_file_names_every_flag() {
        let table: toml::Table = toml::from_str(DEFAULT_RULESET_TOML).unwrap();
        let defaults = toml::Table::try_from(Ruleset::default()).unwrap();
        for key in defaults.keys() {
            assert!(
                table.contains_key(key),
                "idc-default.toml does not write `{key}`"
            );
        }
    }

    #[test]
    fn hook_fuel_overrides_plugin_fuel_at_named_hooks_only() {
        let r = Ruleset::from_toml(
            "t.toml",
            "plugin_fuel = 100\n[hook_fuel]\nstate-check = 7\n",
        )
        .unwrap();
        assert_eq!(r.fuel_for("state-check"), 7);
        assert_eq!(r.fuel_for("pop-p4"), 100);
        let err = Ruleset::from_toml("t.toml", "[hook_fuel]\nstate-chek = 7\n").unwrap_err();
        assert!(err.message.contains("state-chek"), "{err}");
    }

    #[test]
    fn limits_of_zero_or_beyond_the_engine_are_refused() {
        let r = Ruleset::from_toml("t.toml", "[limits]\nhook_depth = 8\n").unwrap();
        assert_eq!(r.limits.hook_depth, 8);
        assert_eq!(
            r.limits.attacks_per_step,
            Limits::default().attacks_per_step
        );
        let zero = Ruleset::from_toml("t.toml", "[limits]\nattacks_per_step = 0\n").unwrap_err();
        assert!(zero.message.contains("limits.attacks_per_step"), "{zero}");
        let deep = Ruleset::from_toml("t.toml", "[limits]\nhook_depth = 65\n").unwrap_err();
        assert!(deep.message.contains("at most 64"), "{deep}");
    }

    #[test]
    fn unknown_key_names_line_and_key() {
        let err = Ruleset::from_toml("t.toml", "name = \"x\"\n\nturn_limt = 3\n").unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("turn_limt"), "{err}");
        assert!(err.to_string().starts_with("t.toml:3:"), "{err}");
    }
}
