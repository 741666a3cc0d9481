//! Batch self-play: one seeded game between two AIs as a record, and the order-independent sum of
//! many records over seed ranges, with win-rate confidence intervals.
//!
//! Game `i` of a run with base seed `S` is played with seed `S + i`, and its record depends on
//! nothing else, so a run can be cut into shards over seed ranges, played anywhere in any order,
//! and merged: every field of a `SimSummary` is a sum, a minimum, a maximum or a set union, so
//! the merge of the shards equals the summary of one run over all the seeds.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use swtcg_plugin_api::{Effect, QueryAnswer, QueryCall};

use swtcg_rules::decision::{DecideError, Decider, Decision, Player, Seats};
use swtcg_rules::game::{Game, Outcome};
use swtcg_rules::hooks::{
    AbilityHost, HookCall, HookError, PluginId, QueryAsked, Watched, Watcher,
};
use swtcg_rules::model::{CardDef, GameState, Side};
use swtcg_rules::players::{GreedyPlayer, RandomPlayer};
use swtcg_rules::ruleset::Ruleset;

/// The version of the summary's JSON form; summaries of other versions are not merged.
pub const SIM_FORMAT: u32 = 1;

/// How many failed games a summary keeps as examples (those with the lowest seeds, so that the
/// examples do not depend on how the run was sharded).
pub const ERROR_EXAMPLES: usize = 5;

/// The most decisions one simulated game may ask. Legal play can loop (restacking versions of
/// equal cost is free), and an AI caught in such a loop must end its game as an error rather
/// than hang a batch of millions. A whole game takes a few hundred decisions.
pub const MAX_DECISIONS: u64 = 100_000;

/// The 97.5th percentile of the standard normal distribution, for 95 % intervals.
const Z95: f64 = 1.959_963_984_540_054;

/// The AI that plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ai {
    /// `GreedyPlayer`: deterministic, so a game depends on its seed only through the dice.
    Greedy,
    /// `RandomPlayer`: uniformly random legal choices from a generator seeded by the game seed.
    Random,
}

impl Ai {
    /// The player for one side of the game with this seed; the Light Side's generator is seeded
    /// one higher so that the two random players do not mirror each other (as `swtcg demo`).
    pub fn player(self, seed: u64, side: Side) -> Box<dyn Player> {
        match self {
            Ai::Greedy => Box::new(GreedyPlayer::default()),
            Ai::Random => Box::new(RandomPlayer::new(seed.wrapping_add(side.index() as u64))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ai::Greedy => "greedy",
            Ai::Random => "random",
        }
    }
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    Winner(Side),
    /// The ruleset's turn limit came first.
    Undecided,
    /// The engine stopped the game with this error (a plugin failure, a broken invariant).
    Error(String),
}

/// What a batch keeps of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub seed: u64,
    pub end: GameEnd,
    /// The turn the game ended on.
    pub turns: u32,
    /// Per keyword: how often one of its abilities triggered with effects or was activated.
    pub keywords: BTreeMap<String, KeywordCount>,
}

/// How often a keyword did something in a game or a batch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeywordCount {
    /// Hook calls in which the keyword's plugin proposed at least one effect.
    pub triggered: u64,
    /// Activations of the keyword's abilities that a player chose and paid for.
    pub activated: u64,
}

impl KeywordCount {
    fn add(&mut self, other: KeywordCount) {
        self.triggered += other.triggered;
        self.activated += other.activated;
    }
}

/// Counts, per keyword, the hook calls that proposed effects and the activations played, as the
/// [`Watcher`] of the host a simulated game is played through.
#[derive(Debug, Default)]
pub struct KeywordCounts(pub BTreeMap<String, KeywordCount>);

impl KeywordCounts {
    fn count(&mut self, host: &dyn AbilityHost, plugin: PluginId) -> &mut KeywordCount {
        let name = host.manifest(plugin).name.clone();
        self.0.entry(name).or_default()
    }
}

impl Watcher for KeywordCounts {
    fn hook_called(
        &mut self,
        host: &dyn AbilityHost,
        call: HookCall<'_>,
        answer: &Result<Vec<Effect>, HookError>,
    ) {
        if answer.as_ref().is_ok_and(|effects| !effects.is_empty()) {
            self.count(host, call.plugin).triggered += 1;
        }
    }

    fn query_asked(
        &mut self,
        host: &dyn AbilityHost,
        asked: QueryAsked<'_>,
        answer: &Result<QueryAnswer, HookError>,
    ) {
        // The engine asks `activate` only for an activation a player chose and paid for.
        if answer.is_ok() && matches!(asked.call, QueryCall::Activate { .. }) {
            self.count(host, asked.plugin).activated += 1;
        }
    }
}

/// Seats that end the game with an error after `MAX_DECISIONS` decisions (also the AI seats
/// of a simulated event, `swtcg event simulate`).
pub struct Bounded {
    seats: Seats,
    asked: u64,
}

impl Bounded {
    pub fn new(seats: Seats) -> Self {
        Bounded { seats, asked: 0 }
    }
}

impl Decider for Bounded {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        self.asked += 1;
        if self.asked > MAX_DECISIONS {
            return Err(DecideError(format!(
                "the game did not end after {MAX_DECISIONS} decisions (the last asked {} for {}); the AIs may be in a loop",
                decision.player,
                decision.kind.describe()
            )));
        }
        self.seats.decide(state, decision)
    }
}

/// Plays one whole game between two AIs and keeps its record. The decks are given Dark Side
/// first; an engine error ends the game and is recorded, it does not stop a batch.
pub fn play_game(
    decks: &[Vec<Arc<CardDef>>; 2],
    seed: u64,
    ruleset: &Arc<Ruleset>,
    host: &mut dyn AbilityHost,
    ai: [Ai; 2],
) -> GameRecord {
    let mut counting = Watched::new(host, KeywordCounts::default());
    let mut seats = Bounded::new(Seats {
        dark: ai[0].player(seed, Side::Dark),
        light: ai[1].player(seed, Side::Light),
    });
    let mut game = Game::from_decks(
        decks.clone(),
        seed,
        ruleset.clone(),
        &mut counting,
        &mut seats,
    );
    let end = match game.play() {
        Ok(Outcome::Winner(side)) => GameEnd::Winner(side),
        Ok(Outcome::TurnLimit | Outcome::Stopped | Outcome::Abandoned(_)) => GameEnd::Undecided,
        Err(err) => GameEnd::Error(err.to_string()),
    };
    let turns = game.state.turn;
    drop(game);
    GameRecord {
        seed,
        end,
        turns,
        keywords: counting.into_watcher().0,
    }
}

/// A half-open range of seeds, `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SeedRange {
    pub start: u64,
    pub end: u64,
}

impl SeedRange {
    pub fn len(&self) -> u64 {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// Why seeds, shards or summaries do not fit together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SimError(pub String);

/// The seeds of shard `index` (1-based) of `count` for a run of `games` games from `base`:
/// game `i` has seed `base + i`, and shard `k` plays games `games*(k-1)/count` up to
/// `games*k/count`, so the shards cover every game exactly once and differ in size by at most one.
pub fn shard_seeds(base: u64, games: u64, index: u64, count: u64) -> Result<SeedRange, SimError> {
    if count == 0 || index == 0 || index > count {
        return Err(SimError(format!(
            "shard {index}/{count}: the shard number must be from 1 to the number of shards"
        )));
    }
    let last = base.checked_add(games).ok_or_else(|| {
        SimError(format!(
            "seed {base} plus {games} games is beyond the largest seed"
        ))
    })?;
    let at = |k: u64| base + ((games as u128 * k as u128) / count as u128) as u64;
    let range = SeedRange {
        start: at(index - 1),
        end: at(index),
    };
    debug_assert!(range.end <= last);
    Ok(range)
}

/// What a batch was run with; only summaries with equal configurations merge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimConfig {
    /// `swtcg-engine <version>`.
    pub engine: String,
    pub ruleset: String,
    /// The sha256 of the ruleset's canonical JSON form (see `lock::ruleset_sha256`).
    pub ruleset_sha256: String,
    /// Each side's deck: its name and the sha256 of its card list, Dark Side first.
    pub decks: [DeckId; 2],
    /// The AI of each side, Dark Side first.
    pub ai: [Ai; 2],
    /// The loaded plugins as `id@version sha256`.
    pub plugins: Vec<String>,
}

/// A deck as a batch names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckId {
    pub name: String,
    pub sha256: String,
}

impl DeckId {
    /// Names a deck by the sha256 of its cards' JSON form in deck order.
    pub fn new(name: &str, cards: &[Arc<CardDef>]) -> DeckId {
        let json = serde_json::to_vec(cards).unwrap_or_default();
        DeckId {
            name: name.to_string(),
            sha256: swtcg_rules::digest::sha256_hex(&json),
        }
    }
}

/// One side's results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideResult {
    pub wins: u64,
}

/// The sum of a batch of game records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimSummary {
    pub format: u32,
    pub config: SimConfig,
    /// The seeds played, as sorted, disjoint, non-adjacent ranges.
    pub seeds: Vec<SeedRange>,
    pub games: u64,
    /// Wins of the Dark Side and of the Light Side.
    pub wins: [u64; 2],
    /// Games that reached the ruleset's turn limit.
    pub undecided: u64,
    /// Games the engine stopped with an error.
    pub errors: u64,
    /// The sum, least and greatest of the turns of the games that ended without error.
    pub turns_total: u64,
    pub turns_min: Option<u32>,
    pub turns_max: Option<u32>,
    /// Per keyword, summed over the games.
    pub keywords: BTreeMap<String, KeywordCount>,
    /// The failed games with the lowest seeds, at most `ERROR_EXAMPLES`, with their errors.
    pub error_examples: Vec<(u64, String)>,
    /// The seeds of the whole run this summary is part of (all shards together), so that a
    /// merge can tell which shards are still missing; absent in results of older versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<SeedRange>,
}

/// A win rate with its 95 % Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// The 95 % Wilson score interval of `successes` out of `trials` (`None` for no trials). Unlike
/// the normal approximation it stays inside 0..1 and behaves for rates near 0 or 1.
pub fn wilson95(successes: u64, trials: u64) -> Option<Rate> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(Rate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

impl SimSummary {
    /// An empty summary for a configuration.
    pub fn new(config: SimConfig) -> Self {
        SimSummary {
            format: SIM_FORMAT,
            config,
            seeds: Vec::new(),
            games: 0,
            wins: [0; 2],
            undecided: 0,
            errors: 0,
            turns_total: 0,
            turns_min: None,
            turns_max: None,
            keywords: BTreeMap::new(),
            error_examples: Vec::new(),
            run: None,
        }
    }

    /// The seeds of the run that this summary has not played yet (the shards still to merge),
    /// as sorted ranges; empty when it holds the whole run or does not know its run.
    pub fn missing(&self) -> Vec<SeedRange> {
        let Some(run) = self.run else {
            return Vec::new();
        };
        let mut missing = Vec::new();
        let mut at = run.start;
        for played in &self.seeds {
            if played.start > at {
                missing.push(SeedRange {
                    start: at,
                    end: played.start.min(run.end),
                });
            }
            at = at.max(played.end);
        }
        if at < run.end {
            missing.push(SeedRange {
                start: at,
                end: run.end,
            });
        }
        missing.retain(|range| !range.is_empty());
        missing
    }

    /// Adds one game's record; its seed joins the played seeds.
    pub fn add(&mut self, record: &GameRecord) {
        self.games += 1;
        match &record.end {
            GameEnd::Winner(side) => self.wins[side.index()] += 1,
            GameEnd::Undecided => self.undecided += 1,
            GameEnd::Error(message) => {
                self.errors += 1;
                self.error_examples.push((record.seed, message.clone()));
                self.error_examples.sort();
                self.error_examples.truncate(ERROR_EXAMPLES);
            }
        }
        if !matches!(record.end, GameEnd::Error(_)) {
            self.turns_total += record.turns as u64;
            self.turns_min = Some(self.turns_min.map_or(record.turns, |t| t.min(record.turns)));
            self.turns_max = Some(self.turns_max.map_or(record.turns, |t| t.max(record.turns)));
        }
        for (keyword, count) in &record.keywords {
            self.keywords
                .entry(keyword.clone())
                .or_default()
                .add(*count);
        }
        self.seeds.push(SeedRange {
            start: record.seed,
            end: record.seed + 1,
        });
        self.seeds = normalize(std::mem::take(&mut self.seeds));
    }

    /// Merges another summary of the same configuration over other seeds. The result does not
    /// depend on the order of merging.
    pub fn merge(&mut self, other: &SimSummary) -> Result<(), SimError> {
        if other.format != self.format {
            return Err(SimError(format!(
                "summary format {} cannot be merged with format {}",
                other.format, self.format
            )));
        }
        if other.config != self.config {
            return Err(SimError(format!(
                "the runs differ in {}; only runs of the same engine, ruleset, decks, AI and plugins merge",
                config_difference(&self.config, &other.config)
            )));
        }
        if let (Some(a), Some(b)) = (self.run, other.run)
            && a != b
        {
            return Err(SimError(format!(
                "the results are shards of different runs (seeds {}..{} and {}..{})",
                a.start,
                a.end - 1,
                b.start,
                b.end - 1
            )));
        }
        for a in &self.seeds {
            for b in &other.seeds {
                if a.start < b.end && b.start < a.end {
                    // Seeds are shown inclusive, as the result table shows them.
                    return Err(SimError(format!(
                        "both runs played seeds {}..{}; shards must not overlap",
                        a.start.max(b.start),
                        a.end.min(b.end) - 1
                    )));
                }
            }
        }
        self.run = self.run.or(other.run);
        self.games += other.games;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.undecided += other.undecided;
        self.errors += other.errors;
        self.turns_total += other.turns_total;
        self.turns_min = min_option(self.turns_min, other.turns_min);
        self.turns_max = match (self.turns_max, other.turns_max) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        for (keyword, count) in &other.keywords {
            self.keywords
                .entry(keyword.clone())
                .or_default()
                .add(*count);
        }
        self.error_examples
            .extend(other.error_examples.iter().cloned());
        self.error_examples.sort();
        self.error_examples.truncate(ERROR_EXAMPLES);
        self.seeds.extend(other.seeds.iter().copied());
        self.seeds = normalize(std::mem::take(&mut self.seeds));
        Ok(())
    }

    /// Games that ended without error (the denominator of win rates).
    pub fn finished(&self) -> u64 {
        self.games - self.errors
    }

    /// A side's win rate over the games that ended without error, with its 95 % interval.
    pub fn win_rate(&self, side: Side) -> Option<Rate> {
        wilson95(self.wins[side.index()], self.finished())
    }

    /// The average turns of the games that ended without error.
    pub fn average_turns(&self) -> Option<f64> {
        (self.finished() > 0).then(|| self.turns_total as f64 / self.finished() as f64)
    }
}

fn min_option(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Sorts ranges and joins the overlapping or adjacent ones.
fn normalize(mut ranges: Vec<SeedRange>) -> Vec<SeedRange> {
    ranges.retain(|r| !r.is_empty());
    ranges.sort();
    let mut out: Vec<SeedRange> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

/// The first field in which two configurations differ, in words.
fn config_difference(a: &SimConfig, b: &SimConfig) -> String {
    if a.engine != b.engine {
        format!("engine ({} vs {})", a.engine, b.engine)
    } else if a.ruleset != b.ruleset || a.ruleset_sha256 != b.ruleset_sha256 {
        format!("ruleset ({} vs {})", a.ruleset, b.ruleset)
    } else if a.decks != b.decks {
        format!(
            "decks ({} / {} vs {} / {})",
            a.decks[0].name, a.decks[1].name, b.decks[0].name, b.decks[1].name
        )
    } else if a.ai != b.ai {
        "AI".into()
    } else {
        "plugins".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_cards::CardDb;
    use swtcg_cards::deck::{DEMO_DARK, DEMO_LIGHT, parse_deck_list};
    use swtcg_plugin_api::{Ability, HookEvent, HookPoint};
    use swtcg_rules::NoPlugins;
    use swtcg_rules::manifest::Manifest;

    fn config() -> SimConfig {
        SimConfig {
            engine: "swtcg-engine test".into(),
            ruleset: "idc-default".into(),
            ruleset_sha256: "r".into(),
            decks: [
                DeckId {
                    name: "a".into(),
                    sha256: "1".into(),
                },
                DeckId {
                    name: "b".into(),
                    sha256: "2".into(),
                },
            ],
            ai: [Ai::Greedy; 2],
            plugins: Vec::new(),
        }
    }

    fn record(seed: u64, end: GameEnd, turns: u32, triggered: u64) -> GameRecord {
        let mut keywords = BTreeMap::new();
        if triggered > 0 {
            keywords.insert(
                "Accuracy".to_string(),
                KeywordCount {
                    triggered,
                    activated: 1,
                },
            );
        }
        GameRecord {
            seed,
            end,
            turns,
            keywords,
        }
    }

    fn records() -> Vec<GameRecord> {
        (10..30)
            .map(|seed| {
                let end = match seed % 4 {
                    0 => GameEnd::Winner(Side::Dark),
                    1 => GameEnd::Winner(Side::Light),
                    2 => GameEnd::Undecided,
                    _ => GameEnd::Error(format!("boom {seed}")),
                };
                record(seed, end, (seed % 7) as u32 + 3, seed % 3)
            })
            .collect()
    }

    #[test]
    fn shards_cover_every_seed_once() {
        for games in [0, 1, 7, 1000] {
            for count in 1..6 {
                let mut next = 5;
                for index in 1..=count {
                    let range = shard_seeds(5, games, index, count).unwrap();
                    assert_eq!(range.start, next, "games {games}, shard {index}/{count}");
                    next = range.end;
                }
                assert_eq!(next, 5 + games);
            }
        }
        assert!(shard_seeds(0, 10, 0, 2).is_err());
        assert!(shard_seeds(0, 10, 3, 2).is_err());
        assert!(shard_seeds(u64::MAX, 10, 1, 1).is_err());
    }

    #[test]
    fn merged_shards_equal_one_summary_in_any_order() {
        let all = records();
        let mut whole = SimSummary::new(config());
        for r in &all {
            whole.add(r);
        }
        let (left, right) = all.split_at(7);
        let mut a = SimSummary::new(config());
        // Records may arrive in any order, as they do from worker threads.
        for r in left.iter().rev() {
            a.add(r);
        }
        let mut b = SimSummary::new(config());
        for r in right {
            b.add(r);
        }
        let mut ab = a.clone();
        ab.merge(&b).unwrap();
        let mut ba = b.clone();
        ba.merge(&a).unwrap();
        assert_eq!(ab, whole);
        assert_eq!(ba, whole);
        assert_eq!(whole.seeds, vec![SeedRange { start: 10, end: 30 }]);
        assert_eq!(whole.games, 20);
        assert_eq!(whole.wins, [5, 5]);
        assert_eq!(whole.errors, 5);
        assert_eq!(whole.error_examples.len(), ERROR_EXAMPLES);
        assert_eq!(whole.error_examples[0].0, 11);
    }

    #[test]
    fn overlapping_or_foreign_summaries_do_not_merge() {
        let mut a = SimSummary::new(config());
        a.add(&record(1, GameEnd::Undecided, 3, 0));
        let copy = a.clone();
        let err = a.merge(&copy).unwrap_err();
        assert_eq!(
            err.0, "both runs played seeds 1..1; shards must not overlap",
            "seeds are inclusive, as the table shows them"
        );
        let mut other = config();
        other.ai = [Ai::Random; 2];
        let err = a.merge(&SimSummary::new(other)).unwrap_err();
        assert!(err.0.contains("AI"), "{err}");
    }

    #[test]
    fn a_merge_names_the_shards_still_missing() {
        let run = SeedRange { start: 1, end: 11 };
        let shard = |seeds: std::ops::Range<u64>| {
            let mut summary = SimSummary::new(config());
            summary.run = Some(run);
            for seed in seeds {
                summary.add(&record(seed, GameEnd::Undecided, 3, 0));
            }
            summary
        };
        let mut merged = shard(1..4);
        assert_eq!(merged.missing(), [SeedRange { start: 4, end: 11 }]);
        merged.merge(&shard(8..11)).unwrap();
        assert_eq!(merged.missing(), [SeedRange { start: 4, end: 8 }]);
        merged.merge(&shard(4..8)).unwrap();
        assert_eq!(merged.missing(), []);
        // Shards of another run (other seeds or games) don't merge.
        let mut foreign = shard(20..21);
        foreign.run = Some(SeedRange { start: 20, end: 30 });
        let err = merged.merge(&foreign).unwrap_err();
        assert!(err.0.contains("shards of different runs"), "{err}");
        // A result of an older version knows no run and misses nothing.
        assert_eq!(SimSummary::new(config()).missing(), []);
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // 50 of 100: the interval is about 40.4 % to 59.6 %.
        let r = wilson95(50, 100).unwrap();
        assert!((r.low - 0.4038).abs() < 1e-3, "{r:?}");
        assert!((r.high - 0.5962).abs() < 1e-3, "{r:?}");
        // 0 of 10 stays inside 0..1 and is not a point.
        let r = wilson95(0, 10).unwrap();
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 1e-3, "{r:?}");
        assert!(wilson95(0, 0).is_none());
    }

    /// A host with two card plugins and nothing else.
    struct TwoCardPlugins;

    impl AbilityHost for TwoCardPlugins {
        fn plugin_for(&self, _keyword: &str) -> Option<PluginId> {
            None
        }
        fn manifest(&self, _plugin: PluginId) -> &Manifest {
            unreachable!("the test asks for no manifest")
        }
        fn keyword_names(&self) -> Vec<String> {
            Vec::new()
        }
        fn card_plugins(&self) -> Vec<PluginId> {
            vec![4, 7]
        }
        fn any_answers(&self, _query: swtcg_plugin_api::Query) -> bool {
            false
        }
        fn any_subscribed(&self, _hook: HookPoint) -> bool {
            false
        }
        fn call_hook(
            &mut self,
            _plugin: PluginId,
            _hook: HookPoint,
            _ability: &Ability,
            _event: &HookEvent,
            _state: &GameState,
        ) -> Result<Vec<Effect>, HookError> {
            Ok(Vec::new())
        }
        fn query(
            &mut self,
            _plugin: PluginId,
            _ability: &Ability,
            _call: &QueryCall,
            _state: &GameState,
        ) -> Result<QueryAnswer, HookError> {
            Ok(QueryAnswer::Flag(false))
        }
    }

    #[test]
    fn the_watched_host_passes_the_card_plugins_on() {
        let mut inner = TwoCardPlugins;
        let counting = Watched::new(&mut inner, KeywordCounts::default());
        assert_eq!(counting.card_plugins(), vec![4, 7]);
    }

    #[test]
    fn a_game_record_depends_only_on_its_seed() {
        let cards = CardDb::bundled();
        let decks = [
            parse_deck_list("dark", DEMO_DARK, &cards).unwrap(),
            parse_deck_list("light", DEMO_LIGHT, &cards).unwrap(),
        ];
        let ruleset = Arc::new(Ruleset::default());
        let play = |seed| play_game(&decks, seed, &ruleset, &mut NoPlugins, [Ai::Random; 2]);
        let a = play(3);
        assert_eq!(a, play(3));
        assert!(a.turns > 0);
        assert!(matches!(a.end, GameEnd::Winner(_) | GameEnd::Undecided));
        // Other seeds give other games.
        assert!((4..10).any(|seed| play(seed).turns != a.turns || play(seed).end != a.end));
    }
}
