//! Undo of a human's last decision, shared by the terminal (`play`) and the web board
//! (`serve`): which decision may be taken back, and the answers to replay the game with.
//!
//! Undo replays the game from its seed with the decisions made before the undone one: the
//! engine is deterministic, so the replayed game is the same game up to that decision. It is
//! allowed only while nothing hidden was revealed since (a die, a draw, a face-down card
//! completed) and no other human decided anything, so that it never lets a player see and
//! then choose again.

use swtcg_engine::decision::{DecideError, Decision};
use swtcg_engine::{Event, GameState, LogEntry, Player, Side};

/// One decision answered in a run: who answered, the answer, whether a human gave it, and
/// how long the log was when it was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    pub side: Side,
    pub index: usize,
    pub human: bool,
    pub log_len: usize,
}

/// The number of the decision the human playing `side` may undo now (its index in
/// `answered`), or why not.
pub fn undo_target(answered: &[Answered], log: &[LogEntry], side: Side) -> Result<usize, String> {
    let Some(k) = answered.iter().rposition(|a| a.side == side && a.human) else {
        return Err("you have made no decision yet".into());
    };
    let since = log.get(answered[k].log_len..).unwrap_or_default();
    let revealed = since.iter().find_map(|entry| match entry {
        LogEntry::Die { .. } => Some("a die was rolled"),
        LogEntry::Event {
            event: Event::Drew { .. },
        } => Some("a card was drawn"),
        LogEntry::Event {
            event: Event::Completed { .. },
        } => Some("a face-down card was revealed"),
        _ => None,
    });
    if let Some(what) = revealed {
        return Err(format!("{what} since your last decision"));
    }
    if answered[k + 1..].iter().any(|a| a.human && a.side != side) {
        return Err("the other player has decided since".into());
    }
    Ok(k)
}

/// The answer to a decision no human is asked now, recorded in `answered`: while the game is
/// replayed after an undo (`replay` holds more answers than were given), the one the undone
/// run gave (the AI is asked anyway for its sides, to keep its own generator where it was);
/// for a side the AI plays, the AI's. `None` when a human must answer.
pub fn answer_unasked(
    answered: &mut Vec<Answered>,
    replay: &[usize],
    human: bool,
    ai: &mut dyn Player,
    state: &GameState,
    decision: &Decision,
    log_len: usize,
) -> Option<Result<usize, DecideError>> {
    let index = match replay.get(answered.len()) {
        Some(&index) => {
            if !human {
                let _ = ai.decide(state, decision);
            }
            index
        }
        None if !human => match ai.decide(state, decision) {
            Ok(index) => index,
            Err(err) => return Some(Err(err)),
        },
        None => return None,
    };
    answered.push(Answered {
        side: decision.player,
        index,
        human,
        log_len,
    });
    Some(Ok(index))
}

/// The answers to replay the game with to undo decision `k`: every one asked before it.
pub fn answers_before(answered: &[Answered], k: usize) -> Vec<usize> {
    answered[..k].iter().map(|a| a.index).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(side: Side, human: bool, log_len: usize) -> Answered {
        Answered {
            side,
            index: 0,
            human,
            log_len,
        }
    }

    #[test]
    fn a_decision_is_undone_only_while_nothing_was_revealed() {
        let log = vec![
            LogEntry::Event {
                event: Event::TurnStarted { turn: 1 },
            },
            LogEntry::Die {
                purpose: "build".into(),
                value: 3,
            },
        ];
        let decisions = [
            answered(Side::Dark, true, 0),
            answered(Side::Light, false, 1),
        ];
        assert_eq!(
            undo_target(&decisions, &log, Side::Dark),
            Err("a die was rolled since your last decision".into())
        );
        assert_eq!(undo_target(&decisions, &log[..1], Side::Dark), Ok(0));
        assert!(
            undo_target(&decisions, &log, Side::Light).is_err(),
            "the AI's"
        );
        let hot_seat = [
            answered(Side::Dark, true, 0),
            answered(Side::Light, true, 1),
        ];
        assert_eq!(
            undo_target(&hot_seat, &log[..1], Side::Dark),
            Err("the other player has decided since".into())
        );
    }
}
