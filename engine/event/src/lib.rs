//! A Swiss event as an organiser runs it: players and their registered decks, rounds of
//! pairings, match results made of verified game logs, and standings (docs/tournaments.md).
//!
//! This module holds the event file (`event.toml`, read and written here as text) and what
//! follows from it: the next round's pairings, who plays which side, a match's result and the
//! standings. host-cli reads and writes the files, verifies each game log under the event's
//! lock, and plays simulated games.

pub mod pairing;
pub mod standings;

use serde::{Deserialize, Serialize};

use swtcg_rules::game::Outcome;
use swtcg_rules::model::Side;
use swtcg_rules::rng::Rng;

pub use pairing::{Candidate, MAX_PLAYERS, Pairing, PairingError, pair};
pub use standings::{MatchRecord, Standing};

/// The event file's version, written in every event file.
pub const EVENT_FORMAT: u32 = 1;

/// An event: what `swtcg event new` registers, and every round paired and reported since.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    pub format: u32,
    pub name: String,
    /// The lockfile every game is played and verified under, relative to the event folder.
    pub lock: String,
    /// The lock's own sha256 (`Lock::sha256`) when the event was created: another lock at that
    /// path is refused.
    pub lock_sha256: String,
    /// Orders players within score groups when pairing, and seeds simulated games.
    pub seed: u64,
    /// The number of Swiss rounds planned.
    pub rounds: u32,
    /// A match is won by the player who first wins more than half of this many games.
    pub best_of: u32,
    #[serde(rename = "player")]
    pub players: Vec<Entrant>,
    #[serde(default, rename = "round", skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<Round>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    pub name: String,
    /// One deck (the player plays only its side) or a Dark Side and a Light Side deck.
    #[serde(rename = "deck")]
    pub decks: Vec<RegisteredDeck>,
}

/// A deck as registered: the copy in the event folder and its sha256, so that a deck changed
/// during the event is noticed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisteredDeck {
    pub side: Side,
    /// The deck's name (its TOML `name`, else its file name).
    pub name: String,
    /// Relative to the event folder.
    pub file: String,
    pub sha256: String,
}

/// A paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    pub number: u32,
    /// The player who sits out this round, counted as a won match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<String>,
    #[serde(default, rename = "table")]
    pub tables: Vec<Table>,
}

/// One match of a round: its table number, its two players in pairing order and, once
/// reported, its games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub number: u32,
    pub players: [String; 2],
    #[serde(default, rename = "game", skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameResult>,
}

/// A game of a reported match, as its verified log showed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The game log, relative to the event folder.
    pub log: String,
    pub sha256: String,
    /// The players of the Dark Side and of the Light Side.
    pub dark: String,
    pub light: String,
    pub ending: Ending,
    /// The player who won the game: the winner, or the opponent of a player who left it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The turn the game ended on.
    pub turn: u32,
}

/// How a counted game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// A player controlled two arenas at the end of a turn (game 15.1).
    Won,
    /// The ruleset's turn limit came first: a drawn game.
    TurnLimit,
    /// A player left the game (quit or conceded): a lost game for them.
    Abandoned,
}

impl Ending {
    /// How a replayed game counts: its ending and the side that won it, or `None` for a run
    /// that stopped early, which is no game.
    pub fn of(outcome: Outcome) -> Option<(Ending, Option<Side>)> {
        match outcome {
            Outcome::Winner(side) => Some((Ending::Won, Some(side))),
            Outcome::TurnLimit => Some((Ending::TurnLimit, None)),
            Outcome::Abandoned(left) => Some((Ending::Abandoned, Some(left.opponent()))),
            Outcome::Stopped => None,
        }
    }
}

/// An event file that could not be read, or something the event's state does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("{origin}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
    File {
        origin: String,
        line: Option<usize>,
        message: String,
    },
    #[error("{0}")]
    Refused(String),
    #[error("pairing round {round}: {error}")]
    Pairing { round: u32, error: PairingError },
}

fn refused(message: impl Into<String>) -> EventError {
    EventError::Refused(message.into())
}

impl Event {
    /// A new event without rounds, checked as a read event file is.
    #[allow(clippy::too_many_arguments, reason = "the fields of the event file")]
    pub fn new(
        name: String,
        lock: String,
        lock_sha256: String,
        seed: u64,
        rounds: u32,
        best_of: u32,
        players: Vec<Entrant>,
    ) -> Result<Event, EventError> {
        let event = Event {
            format: EVENT_FORMAT,
            name,
            lock,
            lock_sha256,
            seed,
            rounds,
            best_of,
            players,
            played: Vec::new(),
        };
        event.check().map_err(EventError::Refused)?;
        Ok(event)
    }

    /// The number of Swiss rounds usual for this many players: enough for one player to be
    /// the only one left unbeaten, the base-2 logarithm rounded up (at least one).
    pub fn usual_rounds(players: usize) -> u32 {
        players.max(2).next_power_of_two().trailing_zeros()
    }

    /// Reads an event file; `origin` names it in errors.
    pub fn from_toml(origin: &str, text: &str) -> Result<Event, EventError> {
        let event: Event = toml::from_str(text).map_err(|err| EventError::File {
            origin: origin.to_string(),
            line: err
                .span()
                .map(|span| swtcg_rules::text::line_of(text, span.start)),
            message: err.message().to_string(),
        })?;
        event.check().map_err(|message| EventError::File {
            origin: origin.to_string(),
            line: None,
            message,
        })?;
        Ok(event)
    }

    /// The event file's text.
    pub fn to_toml(&self) -> Result<String, EventError> {
        toml::to_string(self).map_err(|err| refused(format!("writing the event file: {err}")))
    }

    /// Everything the TOML syntax cannot check: the format, unique player names with one deck
    /// per side, rounds in order whose tables seat registered players at most once a round,
    /// and games that fit their tables and the match length.
    pub fn check(&self) -> Result<(), String> {
        if self.format != EVENT_FORMAT {
            return Err(format!(
                "event format {} is not supported (this engine reads {EVENT_FORMAT})",
                self.format
            ));
        }
        if self.name.trim().is_empty() {
            return Err("the event has no name".into());
        }
        if self.best_of == 0 || self.rounds == 0 {
            return Err("best_of and rounds must be at least 1".into());
        }
        if self.players.len() < 2 || self.players.len() > MAX_PLAYERS {
            return Err(format!(
                "an event has 2 to {MAX_PLAYERS} players; this one has {}",
                self.players.len()
            ));
        }
        for (index, player) in self.players.iter().enumerate() {
            check_name(&player.name)?;
            if self.players[..index].iter().any(|p| p.name == player.name) {
                return Err(format!("two players are named {:?}", player.name));
            }
            let sides: Vec<Side> = player.decks.iter().map(|d| d.side).collect();
            if sides.is_empty() || sides.len() > 2 || (sides.len() == 2 && sides[0] == sides[1]) {
                return Err(format!(
                    "player {:?}: register one deck, or one Dark Side and one Light Side deck",
                    player.name
                ));
            }
        }
        if self.played.len() > self.rounds as usize {
            return Err(format!(
                "the event has {} rounds, more than the {} planned",
                self.played.len(),
                self.rounds
            ));
        }
        for (index, round) in self.played.iter().enumerate() {
            self.check_round(index, round)
                .map_err(|message| format!("round {}: {message}", round.number))?;
        }
        Ok(())
    }

    fn check_round<'a>(&self, index: usize, round: &'a Round) -> Result<(), String> {
        if round.number as usize != index + 1 {
            return Err(format!(
                "rounds are numbered from 1 in order; this is the round at position {}",
                index + 1
            ));
        }
        let mut seated: Vec<&str> = Vec::new();
        let mut seat = |name: &'a str| -> Result<(), String> {
            if self.player_index(name).is_none() {
                return Err(format!("{name:?} is not a registered player"));
            }
            if seated.contains(&name) {
                return Err(format!("{name:?} is seated twice"));
            }
            seated.push(name);
            Ok(())
        };
        if let Some(bye) = &round.bye {
            seat(bye)?;
        }
        for (index, table) in round.tables.iter().enumerate() {
            if table.number as usize != index + 1 {
                return Err(format!(
                    "tables are numbered from 1 in order; table {} is at position {}",
                    table.number,
                    index + 1
                ));
            }
            for name in &table.players {
                seat(name)?;
            }
            self.check_games(&table.players, &table.games)
                .map_err(|message| format!("table {}: {message}", table.number))?;
        }
        Ok(())
    }

    /// The games of one match: each between the table's two players, its winner one of them
    /// when the game had one, and no more games than the match length allows.
    fn check_games(&self, players: &[String; 2], games: &[GameResult]) -> Result<(), String> {
        let mut wins = [0u32; 2];
        for (number, game) in games.iter().enumerate() {
            let number = number + 1;
            if wins.iter().any(|w| *w > self.best_of / 2) {
                return Err(format!(
                    "game {number}: the match was decided before it (best of {})",
                    self.best_of
                ));
            }
            let seats = [&game.dark, &game.light];
            if game.dark == game.light || seats.iter().any(|name| !players.contains(name)) {
                return Err(format!(
                    "game {number}: its players {:?} and {:?} are not the table's {:?} and {:?}",
                    game.dark, game.light, players[0], players[1]
                ));
            }
            match (game.ending, &game.winner) {
                (Ending::TurnLimit, None) => {}
                (Ending::Won | Ending::Abandoned, Some(winner)) if seats.contains(&winner) => {
                    wins[usize::from(*winner == players[1])] += 1;
                }
                _ => {
                    return Err(format!(
                        "game {number}: ending {:?} does not fit winner {:?}",
                        game.ending, game.winner
                    ));
                }
            }
        }
        if games.len() > self.best_of as usize {
            return Err(format!(
                "{} games in a match of best of {}",
                games.len(),
                self.best_of
            ));
        }
        Ok(())
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p.name == name)
    }

    /// A player's registered deck for a side.
    pub fn deck(&self, player: &str, side: Side) -> Option<&RegisteredDeck> {
        self.players
            .iter()
            .find(|p| p.name == player)?
            .decks
            .iter()
            .find(|d| d.side == side)
    }

    /// A player as results name them: `Anna (Imperial Keywords)` with the deck they played on
    /// `side`, or with their only deck when `side` is `None`; the name alone otherwise.
    pub fn named(&self, player: &str, side: Option<Side>) -> String {
        let deck = match side {
            Some(side) => self.deck(player, side),
            None => self
                .players
                .iter()
                .find(|p| p.name == player)
                .filter(|p| p.decks.len() == 1)
                .map(|p| &p.decks[0]),
        };
        match deck {
            Some(deck) => format!("{player} ({})", deck.name),
            None => player.to_string(),
        }
    }

    /// A reported or paired table.
    pub fn table(&self, round: u32, table: u32) -> Result<&Table, EventError> {
        let paired = self.played.len();
        let found = self
            .played
            .get((round as usize).wrapping_sub(1))
            .ok_or_else(|| {
                refused(format!(
                    "round {round} has not been paired (the event has {paired} paired round{})",
                    if paired == 1 { "" } else { "s" }
                ))
            })?;
        found
            .tables
            .get((table as usize).wrapping_sub(1))
            .ok_or_else(|| {
                refused(format!(
                    "round {round} has no table {table} (it has {} tables)",
                    found.tables.len()
                ))
            })
    }

    /// The tables paired but not reported yet, as (round, table).
    pub fn unreported(&self) -> Vec<(u32, u32)> {
        self.played
            .iter()
            .flat_map(|round| {
                round
                    .tables
                    .iter()
                    .filter(|t| t.games.is_empty())
                    .map(|t| (round.number, t.number))
            })
            .collect()
    }

    /// The reported matches and the byes, by player index.
    fn records(&self) -> (Vec<MatchRecord>, Vec<usize>) {
        let index = |name: &str| self.player_index(name).unwrap_or(0);
        let mut matches = Vec::new();
        let mut byes = Vec::new();
        for round in &self.played {
            byes.extend(round.bye.as_deref().map(index));
            for table in round.tables.iter().filter(|t| !t.games.is_empty()) {
                matches.push(self.match_record(table));
            }
        }
        (matches, byes)
    }

    /// A reported table's games as a match record.
    pub fn match_record(&self, table: &Table) -> MatchRecord {
        let index = |name: &str| self.player_index(name).unwrap_or(0);
        let mut record = MatchRecord {
            players: [index(&table.players[0]), index(&table.players[1])],
            wins: [0, 0],
            drawn: 0,
        };
        for game in &table.games {
            match &game.winner {
                Some(winner) => record.wins[usize::from(*winner == table.players[1])] += 1,
                None => record.drawn += 1,
            }
        }
        record
    }

    /// The games a bye counts as won: those that win a match (2-0 in a best-of-three).
    pub fn bye_games(&self) -> u32 {
        self.best_of / 2 + 1
    }

    /// The standings after every reported match; players equal in every tiebreak are listed
    /// by name.
    pub fn standings(&self) -> Vec<Standing> {
        let mut by_name: Vec<usize> = (0..self.players.len()).collect();
        by_name.sort_by(|a, b| self.players[*a].name.cmp(&self.players[*b].name));
        let mut tie_order = vec![0; by_name.len()];
        for (position, player) in by_name.into_iter().enumerate() {
            tie_order[player] = position;
        }
        self.standings_with(&tie_order)
    }

    fn standings_with(&self, tie_order: &[usize]) -> Vec<Standing> {
        let (matches, byes) = self.records();
        standings::standings(
            self.players.len(),
            &matches,
            &byes,
            self.bye_games(),
            tie_order,
        )
    }

    /// The generator of round `round`'s pairing, from the event's seed.
    fn pairing_rng(&self, round: u32) -> Rng {
        let mut rng = Rng::new(self.seed);
        Rng::new(rng.next_u64() ^ u64::from(round))
    }

    /// Pairs the next round and adds it: Swiss pairings by match points (`pairing::pair`) with
    /// players equal in the standings ordered at random from the event's seed. Refused while a
    /// match is unreported or once every planned round is paired.
    pub fn pair_next(&mut self) -> Result<&Round, EventError> {
        if let Some((round, table)) = self.unreported().first() {
            return Err(refused(format!(
                "round {round}, table {table} has not been reported; every match of a round \
                 counts before the next round is paired"
            )));
        }
        let number = self.played.len() as u32 + 1;
        if number > self.rounds {
            return Err(refused(format!(
                "all {} rounds of the event have been paired",
                self.rounds
            )));
        }
        let mut rng = self.pairing_rng(number);
        let mut tie_order: Vec<usize> = (0..self.players.len()).collect();
        rng.shuffle(&mut tie_order);
        let lines = self.standings_with(&tie_order);
        let ranking: Vec<usize> = lines.iter().map(|l| l.player).collect();
        let candidates: Vec<Candidate> = (0..self.players.len())
            .map(|p| {
                let line = lines.iter().find(|l| l.player == p);
                Candidate {
                    points: line.map_or(0, |l| l.match_points),
                    had_bye: line.is_some_and(|l| l.byes > 0),
                    only_side: match self.players[p].decks.as_slice() {
                        [only] => Some(only.side),
                        _ => None,
                    },
                }
            })
            .collect();
        // Every earlier match is reported (checked above), so the standings know them all.
        let have_met = |a: usize, b: usize| {
            lines
                .iter()
                .find(|l| l.player == a)
                .is_some_and(|l| l.opponents.contains(&b))
        };
        let pairing = pair(&candidates, &ranking, &have_met, &mut rng).map_err(|error| {
            EventError::Pairing {
                round: number,
                error,
            }
        })?;
        let name = |p: usize| self.players[p].name.clone();
        let round = Round {
            number,
            bye: pairing.bye.map(name),
            tables: pairing
                .tables
                .iter()
                .enumerate()
                .map(|(index, [a, b])| Table {
                    number: index as u32 + 1,
                    players: [name(*a), name(*b)],
                    games: Vec::new(),
                })
                .collect(),
        };
        self.played.push(round);
        Ok(&self.played[self.played.len() - 1])
    }

    /// Who plays the Dark Side and who the Light Side in game `game` (from 1) of a table, as
    /// player names. A player with one deck plays its side; between two players with both
    /// decks, the one who played the Dark Side in fewer counted games of earlier rounds plays
    /// it in the first game (the table's first player when equal), and the sides alternate.
    pub fn sides(&self, round: u32, table: u32, game: u32) -> Result<[&str; 2], EventError> {
        let players = &self.table(round, table)?.players;
        let can = |dark: &str, light: &str| {
            self.deck(dark, Side::Dark).is_some() && self.deck(light, Side::Light).is_some()
        };
        let (a, b) = (players[0].as_str(), players[1].as_str());
        let first = match (can(a, b), can(b, a)) {
            (true, true) => {
                let dark_games = |name: &str| {
                    self.played[..round as usize - 1]
                        .iter()
                        .flat_map(|r| &r.tables)
                        .flat_map(|t| &t.games)
                        .filter(|g| g.dark == name)
                        .count()
                };
                if dark_games(b) < dark_games(a) {
                    [b, a]
                } else {
                    [a, b]
                }
            }
            (true, false) => return Ok([a, b]),
            (false, true) => return Ok([b, a]),
            (false, false) => {
                return Err(refused(format!(
                    "round {round}, table {table}: {a} and {b} have no Dark Side and Light Side \
                     deck between them"
                )));
            }
        };
        Ok(if game % 2 == 1 {
            first
        } else {
            [first[1], first[0]]
        })
    }

    /// Records a match's games (replacing an earlier report of it), after checking that they
    /// fit the table and the match length.
    pub fn record(
        &mut self,
        round: u32,
        table: u32,
        games: Vec<GameResult>,
    ) -> Result<(), EventError> {
        let players = self.table(round, table)?.players.clone();
        if games.is_empty() {
            return Err(refused("a match is reported with at least one game"));
        }
        self.check_games(&players, &games)
            .map_err(|message| refused(format!("round {round}, table {table}: {message}")))?;
        let slot = &mut self.played[round as usize - 1].tables[table as usize - 1];
        slot.games = games;
        Ok(())
    }

    /// The seed of a simulated game: readable from its place, `seed × 1,000,000 + round ×
    /// 10,000 + table × 100 + game` (wrapping).
    pub fn game_seed(&self, round: u32, table: u32, game: u32) -> u64 {
        self.seed
            .wrapping_mul(1_000_000)
            .wrapping_add(u64::from(round) * 10_000)
            .wrapping_add(u64::from(table) * 100)
            .wrapping_add(u64::from(game))
    }

    /// Whether a match needs another game: nobody has won more than half of `best_of` games
    /// and fewer than `best_of` were played.
    pub fn match_goes_on(&self, table: &Table) -> bool {
        let record = self.match_record(table);
        record.wins.iter().all(|w| *w <= self.best_of / 2)
            && (table.games.len() as u32) < self.best_of
    }

    /// A game in words: `Anna (Imperial Keywords) beats Ben (Rebel Keywords) on turn 12`.
    pub fn describe_game(&self, game: &GameResult) -> String {
        let dark = self.named(&game.dark, Some(Side::Dark));
        let light = self.named(&game.light, Some(Side::Light));
        let loser = |winner: &str| if winner == game.dark { &light } else { &dark };
        let winner_named = |winner: &str| if winner == game.dark { &dark } else { &light };
        match (game.ending, game.winner.as_deref()) {
            (Ending::Won, Some(winner)) => format!(
                "{} beats {} on turn {}",
                winner_named(winner),
                loser(winner),
                game.turn
            ),
            (Ending::Abandoned, Some(winner)) => format!(
                "{} left the game on turn {}: {} wins",
                loser(winner),
                game.turn,
                winner_named(winner)
            ),
            _ => format!(
                "{dark} and {light} draw: no winner after {} turns (turn limit)",
                game.turn
            ),
        }
    }

    /// A reported match in words: `Anna (Imperial Keywords) beats Ben (Rebel Keywords) 2-1`,
    /// or `... and ... draw 1-1`; each player with the deck they played if it was one deck.
    pub fn describe_match(&self, table: &Table) -> String {
        let record = self.match_record(table);
        let played = |player: &str| {
            let mut sides: Vec<Side> = table
                .games
                .iter()
                .map(|g| {
                    if g.dark == player {
                        Side::Dark
                    } else {
                        Side::Light
                    }
                })
                .collect();
            sides.dedup();
            match sides.as_slice() {
                [side] => self.named(player, Some(*side)),
                _ => player.to_string(),
            }
        };
        let [a, b] = [played(&table.players[0]), played(&table.players[1])];
        let score = |x: u32, y: u32| {
            if record.drawn > 0 {
                format!("{x}-{y}-{}", record.drawn)
            } else {
                format!("{x}-{y}")
            }
        };
        let [x, y] = record.wins;
        match x.cmp(&y) {
            std::cmp::Ordering::Greater => format!("{a} beats {b} {}", score(x, y)),
            std::cmp::Ordering::Less => format!("{b} beats {a} {}", score(y, x)),
            std::cmp::Ordering::Equal => format!("{a} and {b} draw {}", score(x, y)),
        }
    }
}

/// A player's name: not empty, no control characters, no `=` (the command line's
/// `NAME=DECK`), and not longer than 60 characters.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.trim() != name {
        return Err(format!(
            "player name {name:?}: a name is not empty and has no spaces around it"
        ));
    }
    if name.chars().any(|c| c.is_control() || c == '=') || name.chars().count() > 60 {
        return Err(format!(
            "player name {name:?}: at most 60 characters, without control characters or `=`"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
