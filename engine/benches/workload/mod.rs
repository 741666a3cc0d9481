//! The benchmark workloads shared by the criterion benches of `engine/benches/` and `swtcg bench`
//! (which includes this file): seeded self-play of the decks users play (the seed decks `demo`
//! and `sim` play, the keyword-heavy decks, the plain decks) by the greedy AI and the
//! random-legal player, a position with an attack in progress for hook dispatch, and a built-in
//! Rust Critical Hit that is the baseline a plugin call is compared with. Only the engine's
//! public API is used, so both crates can compile it.

#![allow(dead_code, reason = "each bench binary uses some of the workloads")]

use std::collections::BTreeMap;
use std::sync::Arc;

use swtcg_engine::cards::CardDb;
use swtcg_engine::deck::parse_deck_list;
use swtcg_engine::hooks::{HookCall, HookError, PluginId, QueryAsked};
use swtcg_engine::log::LogEntry;
use swtcg_engine::log::LogHeader;
use swtcg_engine::model::attack::{AttackDie, AttackState};
use swtcg_engine::model::{CardSide, Place, Unit};
use swtcg_engine::players::{GreedyPlayer, RandomPlayer};
use swtcg_engine::plugins::Manifest;
use swtcg_engine::{
    AbilityHost, Arena, CardDef, Game, GameState, Outcome, Ruleset, Seats, Side, Watcher,
};
use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, Pop, QueryAnswer, QueryCall};

/// The keyword-heavy demo decks: real units from the bundled sets whose every ability is a
/// keyword with a bundled plugin.
pub const KEYWORDS_DARK: &str = include_str!("../../data/decks/keywords-dark.txt");
pub const KEYWORDS_LIGHT: &str = include_str!("../../data/decks/keywords-light.txt");

/// The hook every dispatch benchmark reaches: the pending damage POP (P6), where Critical Hit
/// acts.
pub const BENCH_HOOK: HookPoint = HookPoint::Pop(Pop::PendingDamage);

/// The keyword-heavy decks resolved against the bundled cards.
pub fn keyword_decks() -> Result<[Vec<Arc<CardDef>>; 2], String> {
    let cards = CardDb::bundled();
    let deck =
        |name: &str, text: &str| parse_deck_list(name, text, &cards).map_err(|e| e.to_string());
    Ok([
        deck("keywords-dark.txt", KEYWORDS_DARK)?,
        deck("keywords-light.txt", KEYWORDS_LIGHT)?,
    ])
}

/// The seed decks `swtcg demo` and `swtcg sim` play: real units with card text, every ability
/// carried out by a bundled plugin.
pub const SEED_DARK: &str = include_str!("../../data/decks/seed-dark.txt");
pub const SEED_LIGHT: &str = include_str!("../../data/decks/seed-light.txt");
/// The plain demo decks: units without abilities, the floor of a game's cost.
pub const PLAIN_DARK: &str = include_str!("../../data/decks/demo-dark.txt");
pub const PLAIN_LIGHT: &str = include_str!("../../data/decks/demo-light.txt");

/// Who plays a workload's games, both sides alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ai {
    /// The greedy AI `swtcg sim` and `swtcg play` use by default.
    Greedy,
    /// Uniformly random legal choices, seeded by the game.
    Random,
}

impl Ai {
    pub fn name(self) -> &'static str {
        match self {
            Ai::Greedy => "greedy",
            Ai::Random => "random",
        }
    }
}

/// A self-play workload: two decks (name and deck list) and the AI of both sides.
#[derive(Debug, Clone, Copy)]
pub struct Workload {
    /// The decks' short name: `seed`, `keywords` or `plain`.
    pub decks: &'static str,
    pub lists: [(&'static str, &'static str); 2],
    pub ai: Ai,
}

impl Workload {
    /// `seed-greedy`, `plain-random`, ...
    pub fn name(&self) -> String {
        format!("{}-{}", self.decks, self.ai.name())
    }

    /// The workload's decks resolved against the bundled cards.
    pub fn resolve(&self) -> Result<[Vec<Arc<CardDef>>; 2], String> {
        let cards = CardDb::bundled();
        let deck = |(name, text): (&str, &str)| {
            parse_deck_list(name, text, &cards).map_err(|e| e.to_string())
        };
        Ok([deck(self.lists[0])?, deck(self.lists[1])?])
    }
}

/// Every self-play workload, the one users run most first: greedy self-play of the seed decks.
pub const WORKLOADS: [Workload; 6] = {
    const SEED: [(&str, &str); 2] = [("seed-dark.txt", SEED_DARK), ("seed-light.txt", SEED_LIGHT)];
    const KEYWORDS: [(&str, &str); 2] = [
        ("keywords-dark.txt", KEYWORDS_DARK),
        ("keywords-light.txt", KEYWORDS_LIGHT),
    ];
    const PLAIN: [(&str, &str); 2] = [
        ("demo-dark.txt", PLAIN_DARK),
        ("demo-light.txt", PLAIN_LIGHT),
    ];
    const fn w(decks: &'static str, lists: [(&'static str, &'static str); 2], ai: Ai) -> Workload {
        Workload { decks, lists, ai }
    }
    [
        w("seed", SEED, Ai::Greedy),
        w("seed", SEED, Ai::Random),
        w("keywords", KEYWORDS, Ai::Greedy),
        w("keywords", KEYWORDS, Ai::Random),
        w("plain", PLAIN, Ai::Greedy),
        w("plain", PLAIN, Ai::Random),
    ]
};

/// What a batch of self-play games did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    pub games: u64,
    pub turns: u64,
    /// Log entries (decisions, dice and events) over all games.
    pub entries: u64,
    /// Games that ended with a winner (the others reached the turn limit).
    pub won: u64,
    /// Decisions asked of the players over all games.
    pub decisions: u64,
}

impl std::ops::Add for Played {
    type Output = Played;
    fn add(self, b: Played) -> Played {
        Played {
            games: self.games + b.games,
            turns: self.turns + b.turns,
            entries: self.entries + b.entries,
            won: self.won + b.won,
            decisions: self.decisions + b.decisions,
        }
    }
}

/// Plays one complete seeded game between two random-legal players.
pub fn play_game(
    host: &mut dyn AbilityHost,
    decks: &[Vec<Arc<CardDef>>; 2],
    ruleset: &Arc<Ruleset>,
    seed: u64,
) -> Result<Played, String> {
    play_game_by(host, decks, ruleset, seed, Ai::Random)
}

/// Plays one complete seeded game between two players of `ai`, seeded as `swtcg sim` seeds them.
pub fn play_game_by(
    host: &mut dyn AbilityHost,
    decks: &[Vec<Arc<CardDef>>; 2],
    ruleset: &Arc<Ruleset>,
    seed: u64,
    ai: Ai,
) -> Result<Played, String> {
    let player = |offset: u64| -> Box<dyn swtcg_engine::Player> {
        match ai {
            Ai::Greedy => Box::new(GreedyPlayer::default()),
            Ai::Random => Box::new(RandomPlayer::new(seed.wrapping_add(offset))),
        }
    };
    let mut seats = Seats {
        dark: player(0),
        light: player(1),
    };
    let mut game = Game::from_decks(decks.clone(), seed, ruleset.clone(), host, &mut seats);
    let outcome = game
        .play()
        .map_err(|e| format!("seed {seed}: the game stopped: {e}"))?;
    let decisions = game
        .log
        .entries
        .iter()
        .filter(|e| matches!(e, LogEntry::Decision { .. }))
        .count() as u64;
    Ok(Played {
        games: 1,
        turns: game.state.turn as u64,
        entries: game.log.entries.len() as u64,
        won: matches!(outcome, Outcome::Winner(_)) as u64,
        decisions,
    })
}

/// Plays one random-legal game per seed and adds up what they did.
pub fn play_games(
    host: &mut dyn AbilityHost,
    decks: &[Vec<Arc<CardDef>>; 2],
    seeds: std::ops::Range<u64>,
) -> Result<Played, String> {
    play_games_by(host, decks, seeds, Ai::Random)
}

/// Plays one game of `ai` per seed and adds up what they did.
pub fn play_games_by(
    host: &mut dyn AbilityHost,
    decks: &[Vec<Arc<CardDef>>; 2],
    seeds: std::ops::Range<u64>,
    ai: Ai,
) -> Result<Played, String> {
    let ruleset = Arc::new(Ruleset::default());
    let mut total = Played::default();
    for seed in seeds {
        total = total + play_game_by(host, decks, &ruleset, seed, ai)?;
    }
    Ok(total)
}

/// The manifest of the bundled Critical Hit plugin, which the built-in baseline shares so that
/// the engine treats both alike.
pub const CRITICAL_HIT_MANIFEST: &str = include_str!("../../../plugins/critical-hit/keyword.toml");

/// Critical Hit written in Rust inside the host: the cost of a keyword with no sandbox and no
/// marshalling at all, the floor a plugin call is compared with. Used only by benchmarks.
pub struct BuiltinCriticalHit {
    manifest: Manifest,
}

impl BuiltinCriticalHit {
    pub fn new() -> Self {
        BuiltinCriticalHit {
            manifest: Manifest::parse("plugins/critical-hit/keyword.toml", CRITICAL_HIT_MANIFEST)
                .expect("the bundled Critical Hit manifest parses"),
        }
    }
}

impl Default for BuiltinCriticalHit {
    fn default() -> Self {
        Self::new()
    }
}

impl AbilityHost for BuiltinCriticalHit {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        keyword.eq_ignore_ascii_case("critical hit").then_some(0)
    }
    fn manifest(&self, _plugin: PluginId) -> &Manifest {
        &self.manifest
    }
    fn keyword_names(&self) -> Vec<String> {
        vec![self.manifest.name.clone()]
    }
    fn card_plugins(&self) -> Vec<PluginId> {
        Vec::new()
    }

    fn any_answers(&self, _query: swtcg_plugin_api::Query) -> bool {
        false
    }

    fn any_subscribed(&self, hook: HookPoint) -> bool {
        hook == BENCH_HOOK
    }
    fn call_hook(
        &mut self,
        _plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        // The same rule as plugins/critical-hit/src/lib.rs.
        if hook != BENCH_HOOK || event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let Some(attack) = &state.attack else {
            return Ok(Vec::new());
        };
        if !attack.dice.iter().any(|die| die.natural == 6) {
            return Ok(Vec::new());
        }
        let x: u32 = ability.parameter.trim().parse().map_err(|_| HookError {
            plugin: "builtin critical-hit".into(),
            hook: hook.name().into(),
            reason: format!("can't read X in \"{}\"", ability.text),
        })?;
        if x == 0 {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::AddPending {
            unit: attack.defender.0,
            amount: x,
        }])
    }
    fn query(
        &mut self,
        _plugin: PluginId,
        _ability: &Ability,
        call: &QueryCall,
        _state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        Err(HookError {
            plugin: "builtin critical-hit".into(),
            hook: call.query().name().into(),
            reason: "Critical Hit answers no query".into(),
        })
    }
}

/// A position in the middle of an attack, for hook dispatch: `instances` Dark Side space units
/// with "Critical Hit 1" (the first one attacking), and a Light Side defender without abilities.
/// With `six`, a natural 6 is among the attack dice, so the attacker's Critical Hit proposes an
/// effect; without, every instance is asked and declines, and the state never changes.
pub fn hook_position(instances: usize, six: bool) -> GameState {
    let mut state = GameState::new(Arc::new(Ruleset::default()), 1);
    let mut keyworded = CardDef::unit(
        "Bench Fighter",
        CardSide::Dark,
        vec![Arena::Space],
        [3, 40, 3, 4],
    );
    keyworded.abilities = vec!["Critical Hit 1".into()];
    let plain = CardDef::unit(
        "Bench Target",
        CardSide::Light,
        vec![Arena::Space],
        [3, 30, 3, 4],
    );
    let put = |state: &mut GameState, def: &Arc<CardDef>, side: Side| {
        let card = state.new_card(def.clone(), side);
        state.add_unit(Unit::new(side, card, Place::Arena(Arena::Space)))
    };
    let keyworded = Arc::new(keyworded);
    let plain = Arc::new(plain);
    let defender = put(&mut state, &plain, Side::Light);
    let mut attacker = None;
    for _ in 0..instances {
        let id = put(&mut state, &keyworded, Side::Dark);
        attacker.get_or_insert(id);
    }
    // With no instance, a plain unit attacks: the hook is reached and nobody is asked.
    let attacker = attacker.unwrap_or_else(|| put(&mut state, &plain, Side::Dark));
    let natural = |n: u8| AttackDie {
        initial: n,
        natural: n,
        modifier: 0,
    };
    state.turn = 1;
    state.attack = Some(AttackState {
        attacker,
        defender,
        arena: Arena::Space,
        dice: vec![natural(2), natural(4), natural(if six { 6 } else { 5 })],
        hits: 2,
        counted: true,
        secret: false,
        hidden: false,
    });
    state
}

/// The log header of a benchmark position (a game needs one; nothing reads it).
pub fn bench_header() -> LogHeader {
    LogHeader::new(1, Ruleset::default(), [Vec::new(), Vec::new()], Vec::new())
}

/// The ability a direct call is about: the attacker's Critical Hit in `hook_position`.
pub fn bench_ability(state: &GameState) -> Ability {
    let attacker = state.attack.as_ref().map_or(0, |a| a.attacker.0);
    Ability {
        unit: attacker,
        index: 0,
        text: "Critical Hit 1".into(),
        parameter: "1".into(),
        cost: None,
        under: false,
    }
}

/// The event of the pending damage POP in `hook_position`.
pub fn bench_event(state: &GameState) -> HookEvent {
    let attack = state.attack.as_ref();
    HookEvent {
        turn: state.turn,
        attacker: attack.map(|a| a.attacker.0),
        defender: attack.map(|a| a.defender.0),
        arena: attack.map(|a| a.arena.into()),
        ..HookEvent::default()
    }
}

/// Counts the plugin calls a [`Watched`] host passes on, by hook and by query.
#[derive(Debug, Default)]
pub struct CallCounts {
    /// Calls by hook name or query name (`activate` for activations played).
    pub calls: BTreeMap<&'static str, u64>,
}

impl CallCounts {
    /// Every call counted.
    pub fn total(&self) -> u64 {
        self.calls.values().sum()
    }
}

impl Watcher for CallCounts {
    fn hook_called(
        &mut self,
        _host: &dyn AbilityHost,
        call: HookCall<'_>,
        _answer: &Result<Vec<Effect>, HookError>,
    ) {
        *self.calls.entry(call.hook.name()).or_default() += 1;
    }

    fn query_asked(
        &mut self,
        _host: &dyn AbilityHost,
        asked: QueryAsked<'_>,
        _answer: &Result<QueryAnswer, HookError>,
    ) {
        let name = match asked.call {
            QueryCall::Activate { .. } => "activate",
            other => other.query().name(),
        };
        *self.calls.entry(name).or_default() += 1;
    }
}
