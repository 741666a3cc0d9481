//! Saved games: a game paused at a decision, written as one JSON document, and resumed by playing
//! its logged decisions again until the saved state is reached, then handing over to the players.
//!
//! The game loop is nested rule code, so a paused game cannot be rebuilt from its state alone:
//! the call stack at the pause is part of where the game is. A save therefore keeps the log (the
//! seed, the ruleset, the decks, the plugins and every decision), the state at the paused decision
//! and that decision. Resuming plays the logged decisions again from the seed; the replayed game
//! must reach exactly the saved state, log and decision before any player is asked anything, so a
//! save that does not match itself is refused whole and never half loaded.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::decision::{Choice, DecideError, Decider, Decision, DecisionKind, Player};
use crate::game::{EngineError, Game, Outcome};
use crate::hooks::AbilityHost;
use crate::log::{GameLog, LOG_FORMAT, LogEntry};
use crate::model::{GameState, Side};
use crate::players::{GreedyPlayer, RandomPlayer};

/// The save format's version, written in every save.
pub const SAVE_FORMAT: u32 = 1;

/// How many differing plugins a refused save names before "... and N more".
const SHOWN_DIFFERENCES: usize = 10;

/// The decide error a `Session` stops the game with when it pauses; never shown to a player.
const PAUSED: &str = "the game was paused to be saved";

/// The decide error a verifying `Session` stops with once the saved decision is reached.
const CAUGHT_UP: &str = "the replay reached the saved decision";

/// Who plays a seat, so that a resumed game goes on with the same players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "player")]
pub enum Seat {
    /// The greedy AI (`players::GreedyPlayer`).
    Greedy,
    /// The random-legal player with its seed (`players::RandomPlayer`).
    Random { seed: u64 },
}

impl Seat {
    /// A fresh player for this seat; a resumed session brings it to the saved position by asking
    /// it every saved decision again.
    pub fn player(self) -> Box<dyn Player> {
        match self {
            Seat::Greedy => Box::new(GreedyPlayer::default()),
            Seat::Random { seed } => Box::new(RandomPlayer::new(seed)),
        }
    }
}

/// When a session pauses the game to save it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pause {
    Never,
    /// At the first decision of this turn or a later one.
    AtTurn(u32),
    /// At the first decision after this many decisions of the whole game.
    AfterDecisions(usize),
}

/// Everything a save holds apart from its digest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveBody {
    /// The seats, Dark Side first.
    pub seats: [Seat; 2],
    /// The log up to the pause: its header makes the same game again from the same decisions.
    pub log: GameLog,
    /// The state when the paused decision was asked (or when the game ended).
    pub state: GameState,
    /// The decision the game was paused at; `None` when the game had ended.
    pub pending: Option<Decision>,
}

/// A saved game as written to a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: u32,
    pub engine: String,
    /// SHA-256 of the body's JSON: a damaged or edited file is refused before it is replayed.
    pub digest: String,
    pub body: SaveBody,
}

/// A save that cannot be loaded or resumed; the game is not started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct SaveError {
    /// The file (or other source) of the save.
    pub origin: String,
    pub message: String,
}

impl SavedGame {
    /// A save of a game that `session` paused, or that ended: its log and final state (taken
    /// from the `Game` after `play`), with the seats that played it.
    pub fn new(seats: [Seat; 2], log: GameLog, state: GameState, session: &Session) -> SavedGame {
        let (state, pending) = match &session.paused {
            Some((paused, decision)) => (paused.clone(), Some(decision.clone())),
            None => (state, None),
        };
        let body = SaveBody {
            seats,
            log,
            state,
            pending,
        };
        SavedGame {
            format: SAVE_FORMAT,
            engine: concat!("swtcg-engine ", env!("CARGO_PKG_VERSION")).to_string(),
            digest: digest(&body),
            body,
        }
    }

    /// The save as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        // Plain data with string map keys only: serializing cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads a save; `origin` names the file in errors. A truncated, damaged or edited save is
    /// an error that says so; nothing of it is used.
    pub fn from_json(origin: &str, text: &str) -> Result<SavedGame, SaveError> {
        let error = |message: String| SaveError {
            origin: origin.to_string(),
            message,
        };
        if text.trim().is_empty() {
            return Err(error("the save is empty".into()));
        }
        let saved: SavedGame = serde_json::from_str(text).map_err(|e| {
            // A save ends with the closing brace of its object: a cut file usually fails inside
            // a value before the parser reaches its end, so the last byte tells it too.
            let what = if e.is_eof() || !text.trim_end().ends_with('}') {
                "the save is truncated"
            } else {
                "the save is not a valid save file"
            };
            error(format!(
                "{what} (line {}, column {}): {e}",
                e.line(),
                e.column()
            ))
        })?;
        if saved.format != SAVE_FORMAT {
            return Err(error(format!(
                "save format {} is not supported (this engine reads {SAVE_FORMAT})",
                saved.format
            )));
        }
        if written_digest(text).as_deref() != Some(saved.digest.as_str()) {
            return Err(error(
                "the save's contents do not match its digest: the file was damaged or edited"
                    .into(),
            ));
        }
        // The file is whole. Its body as this engine writes it (an old field name under its new
        // one, keys in their order) gets the digest of that writing, so that the save read back
        // writes a file whose digest matches its body.
        let mut saved = saved;
        saved.digest = digest(&saved.body);
        let body = &saved.body;
        if body.log.header.format != LOG_FORMAT {
            return Err(error(format!(
                "the saved log has format {} (this engine reads {LOG_FORMAT})",
                body.log.header.format
            )));
        }
        let cards: usize = body.log.header.decks.iter().map(Vec::len).sum();
        if body.state.cards.len() != cards {
            return Err(error(format!(
                "the saved state has {} cards but the decks have {cards}",
                body.state.cards.len()
            )));
        }
        body.state
            .check_conservation()
            .map_err(|e| error(format!("the saved state is inconsistent: {e}")))?;
        Ok(saved)
    }

    /// Plays the saved decisions again with `host` and checks that the game reaches exactly the
    /// saved log, state and decision. Call it before resuming: a save that fails it must not be
    /// played on.
    pub fn verify(&self, origin: &str, host: &mut dyn AbilityHost) -> Result<(), SaveError> {
        let error = |message: String| SaveError {
            origin: origin.to_string(),
            message,
        };
        let body = &self.body;
        let loaded = host.fingerprints();
        if loaded != body.log.header.plugins {
            // A line per plugin that differs, at most a screenful: a rebuild changes them all.
            let differences =
                crate::provenance::plugin_differences(&body.log.header.plugins, &loaded);
            let shown = differences.len().min(SHOWN_DIFFERENCES);
            let more = differences.len() - shown;
            return Err(error(format!(
                "the game was saved with other plugins than those loaded:\n  {}{}",
                differences[..shown].join("\n  "),
                if more > 0 {
                    format!("\n  ... and {more} more")
                } else {
                    String::new()
                }
            )));
        }
        let mut nobody = Nobody;
        let mut session = Session::verifying(self, &mut nobody);
        let mut game = self.game(host, &mut session);
        let result = game.play();
        let caught_up = match (&result, &body.pending) {
            (Err(EngineError::Decision(message)), Some(_)) => message == CAUGHT_UP,
            (Ok(_), None) => true,
            _ => false,
        };
        if !caught_up {
            let how = match result {
                Ok(outcome) => format!("the game ended ({outcome:?})"),
                Err(err) => err.to_string(),
            };
            return Err(error(format!(
                "replaying the saved decisions does not reach the saved game: {how}"
            )));
        }
        if let Some(index) = first_difference(&game.log.entries, &body.log.entries) {
            return Err(error(format!(
                "replaying the saved decisions gives another log from entry {} on",
                index + 1
            )));
        }
        if body.pending.is_none() && *game.state != body.state {
            return Err(error(
                "replaying the saved decisions does not give the saved state".into(),
            ));
        }
        Ok(())
    }

    /// The game the save was made from, set up from its log header, for `Game::play` with a
    /// session of this save.
    pub fn game<'a>(
        &self,
        host: &'a mut dyn AbilityHost,
        session: &'a mut Session<'_>,
    ) -> Game<'a> {
        let header = &self.body.log.header;
        Game::from_decks(
            header.decks.clone(),
            header.seed,
            Arc::new(header.ruleset.clone()),
            host,
            session,
        )
    }

    /// Whether the saved game had already ended.
    pub fn is_over(&self) -> bool {
        self.body.pending.is_none()
    }
}

/// Where two logs first differ, if they do.
fn first_difference(a: &[LogEntry], b: &[LogEntry]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

/// SHA-256 of the body's compact JSON, in hex.
fn digest(body: &SaveBody) -> String {
    crate::digest::sha256_hex(serde_json::to_string(body).unwrap_or_default().as_bytes())
}

/// The digest of a save's body as the file writes it: its JSON text with the white space
/// between tokens left out, which is the compact JSON that [`digest`] hashed when the game was
/// saved. Hashing the text rather than the body read back keeps older saves loadable after a
/// field is renamed (an old name read through a serde alias would be written back under the new
/// name, and the digest would no longer match). `None` if the text has no body.
fn written_digest(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Written<'a> {
        #[serde(borrow)]
        body: &'a serde_json::value::RawValue,
    }
    let written: Written = serde_json::from_str(text).ok()?;
    Some(crate::digest::sha256_hex(
        compact_json(written.body.get()).as_bytes(),
    ))
}

/// JSON text without the white space between its tokens (white space inside strings stays):
/// what serde_json's compact writer makes of what its pretty writer wrote.
fn compact_json(text: &str) -> String {
    let mut compact = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            compact.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
            compact.push(c);
        } else if !c.is_ascii_whitespace() {
            compact.push(c);
        }
    }
    compact
}

/// A decider with no players: used while verifying, where no live decision may be asked.
struct Nobody;

impl Decider for Nobody {
    fn decide(&mut self, _: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        Err(DecideError(format!(
            "no player may be asked while a save is verified ({} for {})",
            decision.player,
            decision.kind.describe()
        )))
    }
}

/// The decider of a game that can be saved: it answers a save's decisions first (asking the
/// live players too, who must answer the same, so that their own generators reach the saved
/// position), checks that the saved decision is reached in the saved state, then lets the live
/// players decide until the pause point.
pub struct Session<'d> {
    /// The saved decisions still to answer.
    logged: Vec<(Side, DecisionKind, Choice)>,
    next: usize,
    /// The saved state and decision, checked when the saved decisions run out.
    expected: Option<(GameState, Option<Decision>)>,
    /// Stop as soon as the saved decision is reached (verification).
    verify_only: bool,
    live: &'d mut dyn Decider,
    pause: Pause,
    /// Decisions answered so far in the whole game.
    decisions: usize,
    /// The state and decision at which the session paused the game.
    paused: Option<(GameState, Decision)>,
}

impl<'d> Session<'d> {
    /// A session for a new game: the live players decide from the start.
    pub fn new(live: &'d mut dyn Decider, pause: Pause) -> Self {
        Session {
            logged: Vec::new(),
            next: 0,
            expected: None,
            verify_only: false,
            live,
            pause,
            decisions: 0,
            paused: None,
        }
    }

    /// A session that resumes `saved` (which `SavedGame::verify` accepted) with `live` players.
    pub fn resume(saved: &SavedGame, live: &'d mut dyn Decider, pause: Pause) -> Self {
        let logged = saved
            .body
            .log
            .entries
            .iter()
            .filter_map(|entry| match entry {
                LogEntry::Decision {
                    side, kind, choice, ..
                } => Some((*side, kind.clone(), choice.clone())),
                _ => None,
            })
            .collect();
        Session {
            logged,
            expected: Some((saved.body.state.clone(), saved.body.pending.clone())),
            ..Session::new(live, pause)
        }
    }

    fn verifying(saved: &SavedGame, nobody: &'d mut dyn Decider) -> Self {
        Session {
            verify_only: true,
            ..Session::resume(saved, nobody, Pause::Never)
        }
    }

    /// Whether the session paused the game (its `play` then returned a decision error).
    pub fn is_paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Answers one saved decision, checking that the live players answer it the same way.
    fn answer_logged(
        &mut self,
        state: &GameState,
        decision: &Decision,
    ) -> Result<usize, DecideError> {
        let number = self.next + 1;
        let (side, kind, choice) = &self.logged[self.next];
        if *side != decision.player || *kind != decision.kind {
            return Err(DecideError(format!(
                "saved decision {number}: the save has {side} choosing a {}, but the game asks {} for a {}",
                kind.describe(),
                decision.player,
                decision.kind.describe()
            )));
        }
        let index = decision
            .options
            .iter()
            .position(|option| option == choice)
            .ok_or_else(|| {
                DecideError(format!(
                    "saved decision {number}: the saved choice {choice:?} is not legal in the replayed game"
                ))
            })?;
        if !self.verify_only {
            let again = self.live.decide(state, decision)?;
            if again != index {
                return Err(DecideError(format!(
                    "saved decision {number}: {} now answers {:?} where the save has {choice:?}; \
                     the game was saved with other players",
                    decision.player,
                    decision.options.get(again)
                )));
            }
        }
        self.next += 1;
        Ok(index)
    }
}

impl Decider for Session<'_> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        if self.next < self.logged.len() {
            let index = self.answer_logged(state, decision)?;
            self.decisions += 1;
            return Ok(index);
        }
        if let Some((expected_state, expected_decision)) = self.expected.take() {
            if expected_decision.as_ref() != Some(decision) {
                return Err(DecideError(
                    "the replayed game asks another decision than the saved one".into(),
                ));
            }
            if *state != expected_state {
                return Err(DecideError(
                    "the replayed game's state differs from the saved state".into(),
                ));
            }
            if self.verify_only {
                return Err(DecideError(CAUGHT_UP.into()));
            }
        }
        let pause = match self.pause {
            Pause::Never => false,
            Pause::AtTurn(turn) => state.turn >= turn,
            Pause::AfterDecisions(count) => self.decisions >= count,
        };
        if pause {
            self.paused = Some((state.clone(), decision.clone()));
            return Err(DecideError(PAUSED.into()));
        }
        let index = self.live.decide(state, decision)?;
        self.decisions += 1;
        Ok(index)
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        // The saved game asked exactly the decisions its players wanted to see.
        self.live.wants_trivial(state, decision)
    }
}

/// How a session's game ended: paused, or the outcome of `Game::play`.
pub fn outcome(
    session: &Session,
    result: Result<Outcome, EngineError>,
) -> Result<Option<Outcome>, EngineError> {
    match result {
        Err(EngineError::Decision(message)) if session.is_paused() && message == PAUSED => Ok(None),
        Err(err) => Err(err),
        Ok(outcome) => Ok(Some(outcome)),
    }
}

#[cfg(test)]
mod tests;
