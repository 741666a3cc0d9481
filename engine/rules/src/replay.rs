//! Replaying a game log: the logged decisions are played again from the logged seed, and every
//! die and event the engine produces must equal the log's, line by line.

use std::sync::Arc;

use crate::decision::{Choice, DecideError, Decider, Decision, DecisionKind};
use crate::game::{Game, Outcome};
use crate::hooks::AbilityHost;
use crate::log::{GameLog, LogEntry};
use crate::model::{GameState, Side};

/// Answers decisions with the ones a log recorded, in order.
pub struct ReplayDecider {
    /// Side, kind, choice, and whether it was a single-option decision asked anyway.
    decisions: Vec<(Side, DecisionKind, Choice, bool)>,
    next: usize,
}

impl ReplayDecider {
    pub fn new(log: &GameLog) -> Self {
        let decisions = log
            .entries
            .iter()
            .filter_map(|entry| match entry {
                LogEntry::Decision {
                    side,
                    kind,
                    choice,
                    trivial,
                } => Some((*side, kind.clone(), choice.clone(), *trivial)),
                _ => None,
            })
            .collect();
        ReplayDecider { decisions, next: 0 }
    }
}

impl Decider for ReplayDecider {
    fn decide(&mut self, _state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let number = self.next + 1;
        let Some((side, kind, choice, _)) = self.decisions.get(self.next) else {
            return Err(DecideError(format!(
                "the log has no decision {number}, but the game asks {} for {}",
                decision.player,
                decision.kind.describe()
            )));
        };
        if *side != decision.player || *kind != decision.kind {
            return Err(DecideError(format!(
                "decision {number}: the log has {side} choosing a {}, but the game asks {} for a {}",
                kind.describe(),
                decision.player,
                decision.kind.describe()
            )));
        }
        let index = decision.options.iter().position(|option| option == choice).ok_or_else(|| {
            DecideError(format!("decision {number}: the logged choice {choice:?} is not legal in the replayed game"))
        })?;
        self.next += 1;
        Ok(index)
    }

    /// Only the single-option decisions the original decider asked to see were logged, and
    /// they are marked: asking any other would take the answer of a later decision of the same
    /// kind (a POP with nothing to play before one with an activation).
    fn wants_trivial(&mut self, _state: &GameState, decision: &Decision) -> bool {
        self.decisions
            .get(self.next)
            .is_some_and(|(side, kind, _, trivial)| {
                *trivial && *side == decision.player && *kind == decision.kind
            })
    }
}

/// Where a replay first differs from its log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("replay diverges at line {line} of the log: {message}")]
pub struct Divergence {
    /// The line of the JSON-lines log (the header is line 1).
    pub line: usize,
    pub message: String,
}

/// Replays `log` with the given abilities and returns how the game ended, or the first line where
/// the replayed game differs from the log.
pub fn replay(log: &GameLog, host: &mut dyn AbilityHost) -> Result<Outcome, Divergence> {
    replay_with(log, host, &mut ReplayDecider::new(log))
}

/// Replays `log` with a decider that answers as `ReplayDecider` does, possibly wrapping it (a
/// front end that shows each decision as it replays).
pub fn replay_with(
    log: &GameLog,
    host: &mut dyn AbilityHost,
    decider: &mut dyn Decider,
) -> Result<Outcome, Divergence> {
    let header = &log.header;
    let mut game = Game::from_decks(
        header.decks.clone(),
        header.seed,
        Arc::new(header.ruleset.clone()),
        host,
        decider,
    );
    let result = game.play();
    // A log written before the engine logged an event kind (what plugins proposed, damage
    // counters placed or removed) has none of those entries: the replay leaves its own out, so
    // that the log still replays.
    let present: Vec<&'static str> = log.entries.iter().filter_map(later_kind).collect();
    let replayed: Vec<&LogEntry> = game
        .log
        .entries
        .iter()
        .filter(|e| later_kind(e).is_none_or(|kind| present.contains(&kind)))
        .collect();
    // An abandoned game's log ends with the entry that says who left: the replay must give
    // every entry before it, then ask for a decision the log doesn't have.
    let (entries, abandoned) = match log.entries.split_last() {
        Some((LogEntry::Abandoned { side, .. }, before)) => (before, Some(*side)),
        _ => (&log.entries[..], None),
    };
    if let Some(at) = entries
        .iter()
        .position(|entry| matches!(entry, LogEntry::Abandoned { .. }))
    {
        return Err(Divergence {
            line: at + 2,
            message: "an abandoned entry may only end the log".to_string(),
        });
    }
    for (index, (logged, again)) in entries.iter().zip(replayed.iter().copied()).enumerate() {
        if !same_entry(logged, again) {
            return Err(Divergence {
                line: index + 2,
                message: format!(
                    "the log has {}, the replay gives {}",
                    entry_text(logged),
                    entry_text(again)
                ),
            });
        }
    }
    let common = entries.len().min(replayed.len());
    if let (Some(side), Err(crate::game::EngineError::Decision(_))) = (abandoned, &result)
        && replayed.len() == entries.len()
    {
        return Ok(Outcome::Abandoned(side));
    }
    match result {
        Err(err) => Err(Divergence {
            line: common + 2,
            message: err.to_string(),
        }),
        Ok(_) if abandoned.is_some() => Err(Divergence {
            line: entries.len() + 2,
            message: "the log says the game was abandoned here, but the replayed game ended \
                      without asking for another decision"
                .to_string(),
        }),
        Ok(_) if replayed.len() != entries.len() => Err(Divergence {
            line: common + 2,
            message: format!(
                "the log has {} entries, the replay {}",
                entries.len(),
                replayed.len()
            ),
        }),
        Ok(outcome) => Ok(outcome),
    }
}

/// The kind of an entry that logs written before it existed lack, if it is one.
fn later_kind(entry: &LogEntry) -> Option<&'static str> {
    use crate::log::Event;
    match entry {
        LogEntry::Event { event } => match event {
            Event::Proposed { .. } => Some("proposed"),
            Event::DamageCountersPlaced { .. } => Some("damage-counters-placed"),
            Event::DamageRemoved { .. } => Some("damage-removed"),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a replayed entry is the logged one. What a plugin proposed is the same whatever the
/// plugin's version, so that a log replays under other versions of its plugins
/// (`replay --against-plugins`) as long as they do the same.
fn same_entry(logged: &LogEntry, again: &LogEntry) -> bool {
    use crate::log::Event::Proposed;
    let unversioned = |by: &str| by.split('@').next().unwrap_or_default().to_string();
    match (logged, again) {
        (
            LogEntry::Event {
                event:
                    Proposed {
                        by,
                        hook,
                        unit,
                        text,
                        effects,
                    },
            },
            LogEntry::Event {
                event:
                    Proposed {
                        by: by_again,
                        hook: hook_again,
                        unit: unit_again,
                        text: text_again,
                        effects: effects_again,
                    },
            },
        ) => {
            unversioned(by) == unversioned(by_again)
                && (hook, unit, text, effects)
                    == (hook_again, unit_again, text_again, effects_again)
        }
        // A log written before the engine explained its results (dice, prevention, discards)
        // has the same entries without their `why`.
        _ => logged == again || *logged == again.without_explanations(),
    }
}

fn entry_text(entry: &LogEntry) -> String {
    serde_json::to_string(entry).unwrap_or_else(|_| format!("{entry:?}"))
}
