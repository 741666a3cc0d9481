//! The web board's replay viewer (`swtcg serve --replay LOG`): the log is replayed once,
//! verified as `swtcg replay` verifies it, and turned into frames, the board at each decision
//! with the question asked and the answer given, which the page steps or scrubs through. A
//! replay hides nothing: the boards show both hands and every face-down card, as `replay
//! --step` does.

use serde::Serialize;
use std::sync::Arc;
use swtcg_engine::decision::{DecideError, Decider, Decision, describe_decision, describe_option};

use swtcg_engine::replay::{ReplayDecider, replay};
use swtcg_engine::{AbilityHost, Game, GameLog, GameState, LogEntry, Outcome, Side};

use super::wire::{BoardView, LogLine, WIRE_VERSION};
use crate::board::{self, Viewer};

/// A whole replay as the page receives it (`GET /replay`).
#[derive(Debug, Serialize)]
pub struct Replay {
    pub version: u32,
    /// Each side's deck name, Dark Side first.
    pub decks: [String; 2],
    pub seed: u64,
    pub ruleset: String,
    /// Every log line in words; a frame shows those before its `log_until`.
    pub log: Vec<LogLine>,
    pub frames: Vec<Frame>,
    pub result: String,
}

/// The game at one decision (or at its end).
#[derive(Debug, Serialize)]
pub struct Frame {
    /// The decision's number (every decision asked in the game counts); none for the end.
    pub decision: Option<u64>,
    /// How many of the replay's log lines had happened by then.
    pub log_until: usize,
    pub board: BoardView,
    /// The question, its options and the answer the log gives.
    pub asked: Option<Asked>,
}

#[derive(Debug, Serialize)]
pub struct Asked {
    pub side: Side,
    pub prompt: String,
    pub options: Vec<String>,
    pub chosen: usize,
}

/// Replays `log` with `host` and returns its frames, or where it stopped matching its log.
pub fn frames(log: &GameLog, host: &mut dyn AbilityHost) -> Result<Replay, String> {
    // First the verification `swtcg replay` makes, then the same game again for its boards
    // (the verifying replay keeps no state after the game ends).
    let outcome = replay(log, host)
        .map_err(|divergence| format!("line {}: {}", divergence.line, divergence.message))?;
    let header = &log.header;
    let mut recorder = Recorder {
        inner: ReplayDecider::new(log),
        log: Vec::new(),
        lines: Vec::new(),
        worded: 0,
        frames: Vec::new(),
        seen: board::Seen::default(),
    };
    let mut game = Game::from_decks(
        header.decks.clone(),
        header.seed,
        Arc::new(header.ruleset.clone()),
        host,
        &mut recorder,
    );
    // An abandoned game's replay ends asking for a decision the log doesn't have.
    let _ = game.play();
    let state = (*game.state).clone();
    let entries = game.log.entries.clone();
    drop(game);
    recorder.log = entries;
    recorder.seen.see(&state);
    recorder.word(&state, recorder.log.len());
    recorder.frames.push(Frame {
        decision: None,
        log_until: recorder.lines.len(),
        board: BoardView::of(&state, Viewer::Everything, &[]),
        asked: None,
    });
    let result = match outcome {
        Outcome::Winner(side) => format!("The {side} wins on turn {}.", state.turn),
        Outcome::Abandoned(side) => {
            format!("The {side} left the game: it ends without a result.")
        }
        _ => "No winner: the turn limit was reached.".into(),
    };
    let deck_name = |side: Side| {
        header.players[side.index()]
            .deck
            .clone()
            .unwrap_or_else(|| side.to_string())
    };
    Ok(Replay {
        version: WIRE_VERSION,
        decks: [deck_name(Side::Dark), deck_name(Side::Light)],
        seed: header.seed,
        ruleset: header.ruleset.name.clone(),
        log: recorder.lines,
        frames: recorder.frames,
        result,
    })
}

/// Answers as the log did, keeping a frame at each decision.
struct Recorder {
    inner: ReplayDecider,
    log: Vec<LogEntry>,
    lines: Vec<LogLine>,
    /// How many log entries have been worded into lines.
    worded: usize,
    frames: Vec<Frame>,
    seen: board::Seen,
}

impl Recorder {
    /// Words the entries up to `until` against `state`.
    fn word(&mut self, state: &GameState, until: usize) {
        let worded = self.seen.complete(state);
        for entry in self.worded..until.min(self.log.len()) {
            if let Some(text) = board::entry_text(&worded, &self.log[entry], Viewer::Everything) {
                self.lines.push(LogLine { entry, text });
            }
        }
        self.worded = self.worded.max(until);
    }
}

impl Decider for Recorder {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let chosen = self.inner.decide(state, decision)?;
        self.seen.see(state);
        self.word(state, self.log.len());
        self.frames.push(Frame {
            decision: Some(self.frames.len() as u64),
            log_until: self.lines.len(),
            board: BoardView::of(state, Viewer::Everything, &[]),
            asked: Some(Asked {
                side: decision.player,
                prompt: describe_decision(state, &decision.kind),
                options: decision
                    .options
                    .iter()
                    .map(|choice| describe_option(state, &decision.kind, choice))
                    .collect(),
                chosen,
            }),
        });
        Ok(chosen)
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        self.inner.wants_trivial(state, decision)
    }

    fn observe(&mut self, log: &[LogEntry]) {
        self.inner.observe(log);
        self.log.clear();
        self.log.extend_from_slice(log);
    }
}
