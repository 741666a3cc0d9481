//! The game log: the seed, the ruleset, the decks, then every decision, die and event as JSON lines.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::decision::{Choice, DecisionKind};
use crate::model::{Arena, CardDef, CardId, Side, UnitId};
use crate::ruleset::Ruleset;

/// The log format's version, written in every header.
pub const LOG_FORMAT: u32 = 1;

/// Everything needed to play the same game again: with the same decisions, the seed makes the
/// same dice and so the same game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogHeader {
    pub format: u32,
    pub engine: String,
    pub seed: u64,
    pub ruleset: Ruleset,
    /// Each side's deck as card definitions, in the order they were shuffled from.
    pub decks: [Vec<Arc<CardDef>>; 2],
    /// Plugins as `id@version sha256`, empty while no plugin is loaded.
    pub plugins: Vec<String>,
    /// The lock the game was played under (`swtcg ... --lock`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lock: Option<crate::provenance::LockRecord>,
    /// The set files the game loaded besides the bundled sets (fan sets), by sha256, so that a
    /// replay can demand the same ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub card_sets: Vec<crate::provenance::SetFile>,
    /// The printed texts of the decks that nothing carries out in this game, one
    /// `SET/Name: text (why)` each: a game played with `--allow-unsupported` says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<String>,
    /// The ruleset file the game was played under, as an absolute path, so that a replay from
    /// anywhere finds the plugin folders it names relative to itself (`plugin_dirs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset_file: Option<String>,
    /// Who played each side, Dark Side first, when the front end knows (an event's games,
    /// `swtcg demo --dark-name`), so that results name people and decks, not only sides.
    #[serde(default, skip_serializing_if = "no_players")]
    pub players: [Participant; 2],
}

/// A player and deck as a game log names them; either may be unknown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
}

fn no_players(players: &[Participant; 2]) -> bool {
    players.iter().all(|p| p.name.is_none() && p.deck.is_none())
}

impl LogHeader {
    /// The header of a game of this engine: the seed, the ruleset, the decks and the loaded
    /// plugins' fingerprints; what a front end adds (lock, set files...) starts empty.
    pub fn new(
        seed: u64,
        ruleset: Ruleset,
        decks: [Vec<Arc<CardDef>>; 2],
        plugins: Vec<String>,
    ) -> LogHeader {
        LogHeader {
            format: LOG_FORMAT,
            engine: crate::provenance::ENGINE.to_string(),
            seed,
            ruleset,
            decks,
            plugins,
            lock: None,
            card_sets: Vec::new(),
            unsupported: Vec::new(),
            ruleset_file: None,
            players: Default::default(),
        }
    }

    /// Whether the log names who played (`players`).
    pub fn names_players(&self) -> bool {
        !no_players(&self.players)
    }

    /// A side as results name it: `Anna (Imperial Keywords, Dark Side)` when the log names its
    /// player, else `Dark Side`. Names are escaped for the terminal.
    pub fn side_named(&self, side: Side) -> String {
        let who = &self.players[side.index()];
        let escape = |text: &str| crate::text::escape_controls(text).into_owned();
        match (&who.name, &who.deck) {
            (Some(name), Some(deck)) => format!("{} ({}, {side})", escape(name), escape(deck)),
            (Some(name), None) => format!("{} ({side})", escape(name)),
            (None, Some(deck)) => format!("{side} ({})", escape(deck)),
            (None, None) => side.to_string(),
        }
    }
}

/// Something that happened, for readers of the log and for replay verification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Event {
    SetupPlaced {
        side: Side,
        unit: UnitId,
        name: String,
        arena: Arena,
    },
    SetupEnded,
    TurnStarted {
        turn: u32,
    },
    ForceGained {
        side: Side,
        amount: u32,
    },
    BuildPoints {
        amount: u32,
    },
    Drew {
        side: Side,
    },
    BuildCounters {
        unit: UnitId,
        points: u32,
    },
    Completed {
        unit: UnitId,
        name: String,
    },
    Stacked {
        unit: UnitId,
        stack: UnitId,
        on_top: bool,
    },
    Deployed {
        unit: UnitId,
        arena: Arena,
    },
    Retreated {
        unit: UnitId,
    },
    /// A completed Location was put into an arena of its type line (game 16.1).
    LocationPlaced {
        unit: UnitId,
        arena: Arena,
        name: String,
    },
    /// The Location `unit` went to its owner's discard pile to make room for the Location `by`
    /// in its arena (OQ-24 `replace`).
    LocationReplaced {
        unit: UnitId,
        by: UnitId,
        name: String,
    },
    /// A completed Resource was put into its player's Resource zone (game 16.4).
    ResourcePlaced {
        unit: UnitId,
        name: String,
    },
    /// The Resource `unit` went to its owner's discard pile to make room for the Resource `by`
    /// (P-2 `replace`).
    ResourceReplaced {
        unit: UnitId,
        by: UnitId,
        name: String,
    },
    Attack {
        attacker: UnitId,
        defender: UnitId,
    },
    Hits {
        attacker: UnitId,
        hits: u32,
        /// Why that many: the dice, their modifiers and the value they needed (an explanation;
        /// logs written before explanations have none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<HitsWhy>,
    },
    DamagePlaced {
        unit: UnitId,
        amount: u32,
        /// The damage pending before prevention and how much of it was prevented (an
        /// explanation; none in older logs, and none when nothing was prevented).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<DamageWhy>,
    },
    Discarded {
        unit: UnitId,
        name: String,
        /// Why the unit was discarded (an explanation; none in older logs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<DiscardWhy>,
    },
    /// The unit left play without being discarded, to pay a cost: back to its owner's supply
    /// ("Return this unit to your supply", game 16.5) or out of the game ("Remove Maul from the
    /// game", game 4.6). Logs written before this event have none.
    LeftPlay {
        unit: UnitId,
        name: String,
        to: LeftTo,
    },
    /// A card of `side`'s discard pile was removed from the game to pay a cost ("Remove 2 cards
    /// from your discard pile from the game", game 4.6, 13.8). Logs written before this event
    /// have none.
    RemovedFromGame {
        side: Side,
        card: CardId,
        name: String,
    },
    /// Damage counters were put on `unit` by an effect (game 11.5: counters, not damage, so
    /// nothing prevents them). Logs written before this event have none.
    DamageCountersPlaced {
        unit: UnitId,
        amount: u32,
    },
    /// Damage counters were removed from `unit` ("remove up to 2 damage counters"). Logs
    /// written before this event have none.
    DamageRemoved {
        unit: UnitId,
        amount: u32,
    },
    /// A card of `side`'s hand went to their discard pile to pay a cost ("Discard a card from
    /// your hand", game 13.8).
    DiscardedFromHand {
        side: Side,
        card: CardId,
        name: String,
    },
    /// The top card of `side`'s deck went to their discard pile to pay a cost ("Put the top 3
    /// cards of your deck into your discard pile", game 13.8).
    DiscardedFromDeck {
        side: Side,
        card: CardId,
        name: String,
    },
    /// One card of a stack went to the discard pile, the unit staying in play (Stack).
    CardDiscarded {
        card: CardId,
        name: String,
        from: UnitId,
    },
    ArenaControl {
        arena: Arena,
        controller: Option<Side>,
    },
    Winner {
        side: Side,
        turn: u32,
    },
    TurnLimit {
        turn: u32,
    },
    /// A plugin failed; the ruleset let the game go on or stopped it.
    PluginError {
        message: String,
    },
    /// The effects a plugin's answer proposed, all of them valid, about to be applied: `by` the
    /// plugin (`id@version`) at `hook` (a hook point or the query `activate`, `chosen`...),
    /// for the ability `text` of `unit`. A log written before these entries existed replays
    /// without them (`replay.rs`).
    Proposed {
        by: String,
        hook: String,
        unit: UnitId,
        text: String,
        effects: Vec<swtcg_plugin_api::Effect>,
    },
    /// An activated ability was played, its cost paid.
    Activated {
        unit: UnitId,
        text: String,
    },
    DefenderChanged {
        attacker: UnitId,
        defender: UnitId,
    },
    /// A cost an ability made its controller pay (Upkeep).
    Paid {
        unit: UnitId,
        cost: String,
    },
    /// A Battle card was played from hand, its cost paid (game 13.1.1).
    CardPlayed {
        side: Side,
        card: CardId,
        name: String,
    },
    /// A completed Mission resolved and went to the discard pile (game 7.4).
    MissionResolved {
        side: Side,
        card: CardId,
        name: String,
    },
    /// At setup, the Event `unit` went from its player's supply into their Event zone, its text
    /// working all game (game 16.3, OQ-8).
    EventPut {
        unit: UnitId,
        name: String,
    },
    /// A completed Campaign stays in its owner's build zone, its text working (game 16.6,
    /// OQ-25).
    CampaignKept {
        unit: UnitId,
        name: String,
    },
    /// The trigger of the Trap `unit` happened at `hook`: the Trap is completed and resolves
    /// with what its trigger proposed (game 16.7, OQ-25).
    TrapSprung {
        unit: UnitId,
        name: String,
        hook: String,
    },
    /// An Equipment completed in the build zone (`equipment`, now gone as a card of its own)
    /// was attached to `unit` by Equip (game 16.2).
    Equipped {
        equipment: UnitId,
        card: CardId,
        unit: UnitId,
        name: String,
    },
    /// A Pilot card that was the unit `pilot` in the Character arena moved onto `unit` and
    /// pilots it (game 12.2).
    Boarded {
        pilot: UnitId,
        card: CardId,
        unit: UnitId,
        name: String,
    },
    /// A Pilot card moved off the unit `from` into the Character arena, where it is the unit
    /// `pilot` (game 12.2).
    Disembarked {
        from: UnitId,
        card: CardId,
        pilot: UnitId,
        name: String,
    },
    /// The play `play` (a card or ability announced and paid for, game 13.3) was disrupted by
    /// an ability of `by`'s player: it does not resolve, its costs stay paid (game 13.9).
    Disrupted {
        play: u32,
        /// The player whose card or ability was disrupted.
        side: Side,
        /// The card played, or the card whose ability it was.
        name: String,
        /// The printed text that does not resolve.
        text: String,
        /// The player whose ability disrupted it.
        by: Side,
    },
    /// `side` was offered to pay `cost` inside an effect ("unless your opponent pays 2 Force")
    /// and paid it or not (API 1.8 `unless-pays`).
    UnlessPays {
        side: Side,
        cost: String,
        paid: bool,
    },
    /// `side` took the Subordinate `unit` (`name`) from their supply and put it into `arena`
    /// (game 16.5; API 1.10 `take-subordinate`).
    SubordinateTaken {
        side: Side,
        unit: UnitId,
        name: String,
        arena: Arena,
    },
    /// `side` picked the card `name` of `owner`'s deck, discard pile or hand for an ability,
    /// which put it into `to` ("hand", "build zone", "play"...; API 1.11 `pick-cards`).
    CardPicked {
        side: Side,
        owner: Side,
        name: String,
        to: String,
    },
    /// The cards `names` of `owner`'s piles were shown to `to` by an ability ("Look at your
    /// opponent's hand"; API 1.13 `reveal`).
    CardsRevealed {
        to: Side,
        owner: Side,
        names: Vec<String>,
    },
    /// `side`'s deck was shuffled after it was searched.
    DeckShuffled {
        side: Side,
    },
    /// An effect would have `side` take a Subordinate named `name`, but their supply holds
    /// none that can go into the arenas it names, so nothing happens (`why` says which).
    NoSubordinate {
        side: Side,
        name: String,
        why: String,
    },
    /// An ability in play (or of the card itself) made the play impossible to disrupt, so no
    /// disrupt POP opened for it ("Battle cards can't be disrupted.").
    CannotBeDisrupted {
        play: u32,
        name: String,
        /// The printed text of the ability that says so.
        because: String,
    },
}

/// Why an attack scored its hits (game 10.3 to 10.5): each die's natural value and the modifier
/// added to it, the value a die had to reach against the defender, and the abilities that
/// changed either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitsWhy {
    /// The unit the dice were counted against.
    pub defender: UnitId,
    /// Each die as `[natural value, modifier]`, in the order rolled.
    pub dice: Vec<(u8, i32)>,
    /// A die hits when its natural value plus its modifier reaches this (game 10.5).
    pub hit_on: u8,
    /// The printed texts of the defender's abilities that raised `hit_on` above the ruleset's
    /// (Armor).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raised_by: Vec<String>,
    /// The abilities that changed every attack die, each with its change (Accuracy: +1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<(String, i32)>,
    /// The defender's abilities that changed the attacker's power against it, so the number
    /// of dice, each with its change (Shields: -1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power_against: Vec<(String, i32)>,
}

/// Damage placed after its prevention POP (game 10.8 to 10.10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageWhy {
    /// The damage that was pending on the unit before prevention.
    pub pending: u32,
    /// How much of it was prevented.
    pub prevented: u32,
    /// The abilities that added to the pending damage (Critical Hit), by printed text, with
    /// what each added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_by: Vec<(String, u32)>,
    /// The abilities that prevented some of it (Evade, Protect), with what each prevented.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prevented_by: Vec<(String, u32)>,
}

/// Where a unit went that left play without being discarded (`Event::LeftPlay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeftTo {
    Supply,
    RemovedFromGame,
}

/// Why a unit left play for its owner's discard pile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "cause")]
pub enum DiscardWhy {
    /// Its damage reached its health (game 14.4).
    Damage { damage: u32, health: i32 },
    /// A second unique card of the same name came into play (game 3.5).
    Unique,
    /// It was discarded to pay a cost.
    Cost,
    /// A new Location of its player took its place in its arena (OQ-24 `replace`), or a new
    /// Resource in the Resource zone (P-2 `replace`).
    Replaced,
    /// An ability discarded it (API 1.10 `discard-unit`): its printed text.
    Ability { text: String },
}

impl LogEntry {
    /// The entry without its explanations (`why` fields): how a log written before the engine
    /// explained its results reads, so that such a log still replays.
    pub fn without_explanations(&self) -> LogEntry {
        let mut entry = self.clone();
        if let LogEntry::Event { event } = &mut entry {
            match event {
                Event::Hits { why, .. } => *why = None,
                Event::DamagePlaced { why, .. } => *why = None,
                Event::Discarded { why, .. } => *why = None,
                _ => {}
            }
        }
        entry
    }
}

/// One line of the log after the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "entry")]
pub enum LogEntry {
    Decision {
        side: Side,
        kind: DecisionKind,
        choice: Choice,
        /// The decision had a single option and was asked anyway, because the decider wanted to
        /// see it (a script that may refuse an act). Replay asks exactly these again; written only
        /// when true.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        trivial: bool,
    },
    Die {
        purpose: String,
        value: u8,
    },
    Event {
        event: Event,
    },
    /// The game ended here because `side` left it at a decision (quit, conceded, or its input
    /// ended) before the game had a result: always the log's last entry.
    Abandoned {
        side: Side,
        reason: String,
    },
}

/// A whole game's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLog {
    pub header: LogHeader,
    pub entries: Vec<LogEntry>,
}

/// A log file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}: {message}")]
pub struct LogError {
    pub origin: String,
    pub line: usize,
    pub message: String,
}

impl GameLog {
    pub fn new(header: LogHeader) -> Self {
        GameLog {
            header,
            entries: Vec::new(),
        }
    }

    pub fn push(&mut self, entry: LogEntry) {
        self.entries.push(entry);
    }

    /// The JSON-lines text: the header on the first line, one entry per line after it.
    pub fn to_jsonl(&self) -> String {
        let mut out = String::new();
        // Serializing these plain data types cannot fail: they have no maps with non-string keys.
        out.push_str(&serde_json::to_string(&self.header).unwrap_or_default());
        out.push('\n');
        for entry in &self.entries {
            out.push_str(&serde_json::to_string(entry).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    /// Reads the JSON-lines text back; `origin` names the file in errors.
    pub fn from_jsonl(origin: &str, text: &str) -> Result<GameLog, LogError> {
        let error = |line: usize, message: String| LogError {
            origin: origin.to_string(),
            line,
            message,
        };
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines
            .next()
            .ok_or_else(|| error(1, "the log is empty".into()))?;
        let header: LogHeader =
            serde_json::from_str(first).map_err(|e| error(1, format!("bad header: {e}")))?;
        if header.format != LOG_FORMAT {
            return Err(error(
                1,
                format!(
                    "log format {} is not supported (this engine reads {LOG_FORMAT})",
                    header.format
                ),
            ));
        }
        let mut log = GameLog::new(header);
        for (index, line) in lines {
            let entry = serde_json::from_str(line)
                .map_err(|e| error(index + 1, format!("bad entry: {e}")))?;
            log.entries.push(entry);
        }
        Ok(log)
    }

    /// The events only, in order.
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.entries.iter().filter_map(|entry| match entry {
            LogEntry::Event { event } => Some(event),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> LogHeader {
        LogHeader::new(7, Ruleset::default(), [Vec::new(), Vec::new()], Vec::new())
    }

    #[test]
    fn players_are_written_only_when_known_and_name_the_sides() {
        let plain = header();
        let text = serde_json::to_string(&plain).unwrap();
        assert!(!text.contains("players"), "{text}");
        assert_eq!(plain.side_named(Side::Dark), "Dark Side");
        let mut named = plain.clone();
        named.players[0] = Participant {
            name: Some("Anna".into()),
            deck: Some("Imperial Keywords".into()),
        };
        named.players[1].name = Some("Ben\u{1b}[2J".into());
        let text = serde_json::to_string(&named).unwrap();
        let back: LogHeader = serde_json::from_str(&text).unwrap();
        assert_eq!(back, named);
        assert!(back.names_players());
        assert_eq!(
            back.side_named(Side::Dark),
            "Anna (Imperial Keywords, Dark Side)"
        );
        // A name from a file never reaches the terminal raw.
        assert!(!back.side_named(Side::Light).contains('\u{1b}'));
    }
}
