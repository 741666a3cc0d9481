//! The game behind the web board: it runs on a thread of its own, asks the AI or waits for a
//! side's page to answer each decision, and keeps for each side the board, the log lines and
//! the decision that side may see (its feed), which the sockets send on.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard};

use swtcg_engine::decision::{DecideError, Decider, Decision};
use swtcg_engine::sim::Ai;
use swtcg_engine::{GameState, LogEntry, Player, Side};
use tokio::sync::watch;

use super::wire::{BoardView, DecisionView, LogLine, ServerMessage};
use crate::board::{self, Viewer};
use crate::undo::{Answered, answer_unasked, answers_before, undo_target};

/// What one side's page is sent: kept up to date by the game thread.
#[derive(Default)]
struct Feed {
    board: Option<Box<BoardView>>,
    log: Vec<LogLine>,
    /// Moves on when the log starts over (an undo replays the game), so that each socket
    /// sends it again from the start.
    generation: u64,
    decision: Option<DecisionView>,
    /// Whether this side may undo its last decision now, or why not.
    undo: Option<Result<(), String>>,
    result: Option<String>,
}

/// Where one socket is in its side's feed: the log lines sent, of which generation.
#[derive(Debug, Default, Clone, Copy)]
pub struct Cursor {
    sent: usize,
    generation: u64,
}

/// An answer from a page, checked by its socket against the side's feed and again by the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Choose {
        side: Side,
        decision: u64,
        option: usize,
    },
    Ai {
        side: Side,
        decision: u64,
    },
    Concede {
        side: Side,
    },
    Undo {
        side: Side,
    },
}

/// The game as the sockets see it: each side's feed, a counter that moves whenever a feed
/// changes, and the way answers reach the game thread.
pub struct Table {
    feeds: [Mutex<Feed>; 2],
    changed: watch::Sender<u64>,
    answers: Mutex<Sender<Answer>>,
    /// The first message of each side's socket.
    pub hello: [ServerMessage; 2],
}

impl Table {
    /// A table, and the end of the answers channel the game thread reads.
    pub fn new(hello: [ServerMessage; 2]) -> (Arc<Self>, Receiver<Answer>) {
        let (tx, rx) = channel();
        let table = Table {
            feeds: Default::default(),
            changed: watch::Sender::new(0),
            answers: Mutex::new(tx),
            hello,
        };
        (Arc::new(table), rx)
    }

    fn feed(&self, side: Side) -> MutexGuard<'_, Feed> {
        // A poisoned lock means the game thread panicked mid-update; the feed is still whole
        // (every update replaces fields), so it is read as it is.
        self.feeds[side.index()]
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// A receiver that wakes whenever some feed changed.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// The update for `side`'s page, with the log lines that socket was not sent yet, moving
    /// its cursor on. `None` before the game thread first published the board.
    pub fn update(&self, side: Side, cursor: &mut Cursor) -> Option<ServerMessage> {
        let feed = self.feed(side);
        let board = feed.board.clone()?;
        if cursor.generation != feed.generation {
            *cursor = Cursor {
                sent: 0,
                generation: feed.generation,
            };
        }
        let from = cursor.sent.min(feed.log.len());
        let message = ServerMessage::Update {
            board,
            log_from: from,
            log: feed.log[from..].to_vec(),
            decision: feed.decision.clone(),
            can_undo: matches!(feed.undo, Some(Ok(()))),
            result: feed.result.clone(),
        };
        cursor.sent = feed.log.len();
        Some(message)
    }

    /// Every side's log starts over: an undo replays the game from its seed.
    pub fn restart_logs(&self) {
        for side in Side::BOTH {
            self.publish(side, |feed| {
                feed.log.clear();
                feed.generation += 1;
            });
        }
    }

    /// Checks an answer against what `side` was asked and passes it to the game; the refusal in
    /// words otherwise.
    pub fn answer(&self, answer: Answer) -> Result<(), String> {
        let (side, decision, option) = match answer {
            Answer::Choose {
                side,
                decision,
                option,
            } => (side, decision, Some(option)),
            Answer::Ai { side, decision } => (side, decision, None),
            Answer::Concede { .. } => return self.send(answer),
            Answer::Undo { side } => {
                return match self.feed(side).undo.clone() {
                    Some(Ok(())) => self.send(answer),
                    Some(Err(why)) => Err(format!("can't undo: {why}")),
                    None => Err("can't undo: you have made no decision yet".into()),
                };
            }
        };
        {
            let feed = self.feed(side);
            match &feed.decision {
                Some(pending) if pending.id == decision => {
                    if let Some(option) = option
                        && option >= pending.options.len()
                    {
                        return Err(format!(
                            "decision {decision} has {} options, not {}",
                            pending.options.len(),
                            option + 1
                        ));
                    }
                }
                Some(pending) => {
                    return Err(format!(
                        "decision {decision} is answered already; decision {} is asked now",
                        pending.id
                    ));
                }
                None if feed.result.is_some() => return Err("the game is over".into()),
                None => return Err(format!("the {side} has no decision to answer now")),
            }
        }
        self.send(answer)
    }

    fn send(&self, answer: Answer) -> Result<(), String> {
        self.answers
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .send(answer)
            .map_err(|_| "the game is no longer running".to_string())
    }

    fn publish(&self, side: Side, edit: impl FnOnce(&mut Feed)) {
        edit(&mut self.feed(side));
    }

    /// Whether the game has ended (every feed holds the result).
    pub fn over(&self) -> bool {
        Side::BOTH
            .iter()
            .all(|&side| self.feed(side).result.is_some())
    }

    fn notify(&self) {
        self.changed.send_modify(|n| *n += 1);
    }
}

/// The decider of a web game: the AI answers for its sides at once; for a human side the feeds
/// are brought up to date and the game waits for that side's page.
pub struct WebSeats {
    humans: [bool; 2],
    ai: [Box<dyn Player>; 2],
    table: Arc<Table>,
    pub answers: Receiver<Answer>,
    /// The answers to replay silently before asking anyone (after an undo).
    replay: Vec<usize>,
    /// Every decision answered in this run.
    answered: Vec<Answered>,
    /// The answers to replay the game with, when a side undid its last decision.
    pub undo: Option<Vec<usize>>,
    /// The game log so far (the engine passes it before each decision).
    log: Vec<LogEntry>,
    /// How many log entries each side's feed has as lines.
    shown: [usize; 2],
    /// How many decisions the game has asked, of both sides: the next decision's number.
    asked: u64,
    /// Printed texts no plugin carries out in this game, which the board marks.
    inert: Vec<String>,
    /// The units seen in play, to name them in log lines after they left.
    seen: board::Seen,
    /// The side that left the game, if one did.
    pub conceded: Option<Side>,
}

impl WebSeats {
    /// The seats of one run of the game; `replay` holds the answers to give before asking
    /// anyone (an undo's).
    pub fn new(
        humans: [bool; 2],
        (ai, seed): (Ai, u64),
        table: Arc<Table>,
        answers: Receiver<Answer>,
        inert: Vec<String>,
        replay: Vec<usize>,
    ) -> Self {
        WebSeats {
            humans,
            ai: [ai.player(seed, Side::Dark), ai.player(seed, Side::Light)],
            table,
            answers,
            replay,
            answered: Vec::new(),
            undo: None,
            log: Vec::new(),
            shown: [0; 2],
            asked: 0,
            inert,
            seen: board::Seen::default(),
            conceded: None,
        }
    }

    /// Brings every human side's feed up to `state` and the log so far: the board, the new log
    /// lines (worded against `state`, as `swtcg play` words them), and `decision` for the side
    /// that must answer it.
    fn publish(&mut self, state: &GameState, decision: Option<(&Decision, u64)>) {
        let worded = self.seen.complete(state);
        for side in Side::BOTH {
            if !self.humans[side.index()] {
                continue;
            }
            let viewer = Viewer::Side(side);
            // Secret attack dice (Cunning) wait until they are shown.
            let until =
                board::visible_entries(state, &self.log, viewer).max(self.shown[side.index()]);
            let lines: Vec<LogLine> = (self.shown[side.index()]..until)
                .filter_map(|entry| {
                    board::entry_text(&worded, &self.log[entry], viewer)
                        .map(|text| LogLine { entry, text })
                })
                .collect();
            self.shown[side.index()] = until;
            let board = BoardView::of(state, viewer, &self.inert);
            let view = decision
                .filter(|(d, _)| d.player == side)
                .map(|(d, id)| DecisionView::new(state, d, id));
            let undo = undo_target(&self.answered, &self.log, side).map(|_| ());
            self.table.publish(side, |feed| {
                feed.board = Some(Box::new(board));
                feed.log.extend(lines);
                feed.decision = view;
                feed.undo = Some(undo);
            });
        }
        self.table.notify();
    }

    /// The end of the game: the final board, the last log lines and the result for every page.
    pub fn finish(&mut self, state: &GameState, log: &[LogEntry], result: String) {
        self.log = log.to_vec();
        self.seen.see(state);
        self.publish(state, None);
        for side in Side::BOTH {
            self.table
                .publish(side, |feed| feed.result = Some(result.clone()));
        }
        self.table.notify();
    }
}

impl Decider for WebSeats {
    fn observe(&mut self, log: &[LogEntry]) {
        // The log only grows within a game: copy what is new.
        if log.len() >= self.log.len() {
            self.log.extend_from_slice(&log[self.log.len()..]);
        } else {
            self.log = log.to_vec();
        }
    }

    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let side = decision.player;
        let id = self.asked;
        self.asked += 1;
        self.seen.see(state);
        let human = self.humans[side.index()];
        let log_len = self.log.len();
        if let Some(answer) = answer_unasked(
            &mut self.answered,
            &self.replay,
            human,
            self.ai[side.index()].as_mut(),
            state,
            decision,
            log_len,
        ) {
            return answer;
        }
        self.publish(state, Some((decision, id)));
        loop {
            let answer = self
                .answers
                .recv()
                .map_err(|_| DecideError("the web board stopped".into()))?;
            let index = match answer {
                Answer::Concede { side } => {
                    self.conceded = Some(side);
                    return Err(DecideError(format!("the {side} conceded")));
                }
                Answer::Undo { side: by } => match undo_target(&self.answered, &self.log, by) {
                    Ok(k) => {
                        self.undo = Some(answers_before(&self.answered, k));
                        return Err(DecideError(format!("the {by} undid a decision")));
                    }
                    // The page was told it may not (its feed); a stale request is ignored.
                    Err(_) => continue,
                },
                Answer::Choose {
                    side: s,
                    decision: d,
                    option,
                } if s == side && d == id && option < decision.options.len() => option,
                Answer::Ai {
                    side: s,
                    decision: d,
                } if s == side && d == id => self.ai[side.index()].decide(state, decision)?,
                // An answer to a decision no longer asked (a second tab of the same side).
                _ => continue,
            };
            self.answered.push(Answered {
                side,
                index,
                human,
                log_len,
            });
            self.table.publish(side, |feed| {
                feed.decision = None;
                feed.undo = None;
            });
            self.table.notify();
            return Ok(index);
        }
    }
}
