//! Built-in decision providers: a random-legal player and a simple greedy AI.

use crate::decision::{Choice, DecideError, Decision, DecisionKind, Player};
use crate::model::{CardId, GameState, Printed, Side};
use crate::rng::Rng;

/// Picks a uniformly random legal option with its own seeded generator, which is separate from
/// the game's dice so that replaying the decisions reproduces the dice.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Rng::new(seed ^ 0x0005_EED0_FA11),
        }
    }
}

impl Player for RandomPlayer {
    fn decide(&mut self, _state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        if decision.options.is_empty() {
            return Err(DecideError("no options to choose from".into()));
        }
        Ok(self.rng.below(decision.options.len() as u64) as usize)
    }
}

/// A simple greedy AI: it builds the dearest card it can finish soonest, deploys everything,
/// attacks the defender it can most likely discard, never retreats, and in POPs uses every
/// ability and Battle card offered, except against its own card or ability in its disrupt POP.
///
/// It plays at most [`GreedyPlayer::ACTIVATIONS_PER_STEP`] activated abilities in one step of
/// the game: an ability a player may play again and again (AAA Tahl (A): "Put 1 captivity
/// counter on Tahl -> Gain 2 Force.") would otherwise be played until the ruleset's cascade
/// bound refuses it (`limits.activations_per_step`), which reports an error.
#[derive(Default)]
pub struct GreedyPlayer {
    /// The step of the game its count is of (turn, step), and the abilities it played there.
    step: Option<(u32, crate::model::state::TurnStep)>,
    activations: u32,
}

impl GreedyPlayer {
    /// The most activated abilities it plays in one step of the game: far more than any card
    /// asks, far fewer than the ruleset's bound.
    pub const ACTIVATIONS_PER_STEP: u32 = 20;

    fn score(state: &GameState, decision: &Decision, choice: &Choice) -> i64 {
        let side = decision.player;
        match choice {
            Choice::Pass => 0,
            Choice::Mulligan => 1,
            Choice::PutEvent { .. } => 1,
            // A card whose build cost is X is worth playing only by a route where X is chosen
            // (Alternative Cost): built with counters, X counts as 0.
            Choice::Place { card, .. } | Choice::StartBuild { card, .. }
                if x_cost(state, *card) =>
            {
                -1
            }
            Choice::Complete { unit } | Choice::AddCounters { unit, .. }
                if state.unit(*unit).is_some_and(|u| x_cost(state, u.top())) =>
            {
                -1
            }
            // Setup: put the dearest unit in play first, in the arena where we are weakest.
            Choice::Place { card, arena } => {
                let def = state.def(*card);
                let mine = state.units_in(*arena, side).count() as i64;
                100 * def.cost_value() as i64 - 10 * mine
            }
            Choice::StartBuild { card, points } => {
                let cost = state.def(*card).cost_value().max(1) as u32;
                // Spending exactly what completes the card is best; overbuilding is waste.
                if *points > cost {
                    -1
                } else {
                    10 + (*points as i64) * 5 + cost as i64
                }
            }
            Choice::AddCounters { unit, points } => state.unit(*unit).map_or(-1, |u| {
                let missing = state.build_cost(u).saturating_sub(u.build_counters);
                if *points > missing {
                    -1
                } else {
                    60 + *points as i64 * 5
                }
            }),
            // A Location is completed only where it would not replace one of its player's own,
            // and a Resource only while its player has none (P-2: it would replace theirs).
            Choice::Complete { unit } if location_has_no_room(state, side, *unit) => -1,
            Choice::Complete { unit }
                if state.resources_of(side).next().is_some()
                    && state.unit(*unit).is_some_and(|u| {
                        state.top_def(u).card_type == crate::model::CardType::Resource
                    }) =>
            {
                -1
            }
            Choice::Complete { .. } => 500,
            Choice::CompleteIntoStack { on_top, .. } => 450 + *on_top as i64,
            // A Location goes where its player has none yet: another there would replace it.
            Choice::Deploy { unit, arena }
                if state.unit(*unit).is_some_and(|u| {
                    state.top_def(u).card_type == crate::model::CardType::Location
                }) =>
            {
                let replaces = state.locations_in(*arena, side).next().is_some();
                400 - 300 * replaces as i64
            }
            Choice::Deploy { unit, arena } => {
                let weakest = 10 - state.units_in(*arena, side).count() as i64;
                let damaged = state.unit(*unit).is_some_and(|u| u.damage > 0) as i64;
                400 + weakest - 5 * damaged
            }
            // Only to put a dearer version on top: restacking between versions of equal cost is
            // free, and a player who always took it would restack forever.
            Choice::Restack { unit, card } => state.unit(*unit).map_or(-1, |u| {
                if state.def(*card).cost_value() > state.def(u.top()).cost_value() {
                    300
                } else {
                    -1
                }
            }),
            Choice::Retreat { .. } => -1,
            Choice::Actor { unit } => state.unit(*unit).map_or(0, |u| state.total_power(u) as i64),
            Choice::Attack { defender } => state.unit(*defender).map_or(0, |d| {
                let attacker_power = match decision.kind {
                    DecisionKind::Act { unit } => {
                        state.unit(unit).map_or(0, |a| state.total_power(a))
                    }
                    _ => 0,
                };
                let remaining = state.total_health(d) - d.damage as i32;
                // Expected hits are half the power; prefer defenders that would be discarded,
                // then the most valuable.
                let kill = (attacker_power as f64 / 2.0 >= remaining as f64) as i64;
                100 + kill * 1000 + state.def(d.top()).cost_value() as i64 * 10 - remaining as i64
            }),
            Choice::Skip => 1,
            // In the disrupt POP of its own card or ability, whatever it plays there could only
            // disrupt that play (game 9.4: the POP is reserved for disrupting).
            Choice::Activate { .. } | Choice::PlayCard { .. }
                if matches!(
                    decision.kind,
                    DecisionKind::Pop {
                        pop: swtcg_plugin_api::Pop::Disrupt
                    }
                ) && state
                    .plays
                    .last()
                    .is_some_and(|p| Side::from(p.view.side) == side) =>
            {
                -1
            }
            // Abilities are used whenever offered; the largest amount first.
            Choice::Activate { amount, .. } => 200 + amount.unwrap_or(0) as i64,
            Choice::PlayCard { amount, .. } => 150 + amount.unwrap_or(0) as i64,
            Choice::Split { hits, .. } => 10 * *hits as i64,
            // Removing damage counters: the more the better; other options: printed order.
            Choice::Option { text, .. }
                if matches!(decision.kind, DecisionKind::RemoveDamage { .. }) =>
            {
                text.parse().unwrap_or(0)
            }
            // A payment offered inside an effect ("unless your opponent pays 2 Force") is made
            // whenever it can be: it stops what the effect would otherwise do.
            Choice::Option { .. } if matches!(decision.kind, DecisionKind::PayOrNot { .. }) => 1,
            Choice::Option { index, .. } => -(*index as i64),
            // A route with an X: the larger the X, the stronger the unit usually is ("power
            // and health are equal to X"); an X below 3 makes a unit too weak to spend a card on.
            Choice::CompleteVia { arena, x, .. } => match x {
                Some(x) if *x < 3 => -1,
                Some(x) => 480 + 2 * (*x).min(9) as i64 + arena.is_some() as i64,
                None => 480 + arena.is_some() as i64,
            },
            Choice::Trigger { .. } => 0,
        }
    }
}

/// Whether `unit` is a Location card each of whose arenas already holds a Location of `side`.
fn location_has_no_room(state: &GameState, side: Side, unit: crate::model::UnitId) -> bool {
    let Some(u) = state.unit(unit) else {
        return false;
    };
    let def = state.top_def(u);
    def.card_type == crate::model::CardType::Location
        && def
            .arenas
            .iter()
            .all(|&arena| state.locations_in(arena, side).next().is_some())
}

/// Whether a card's printed build cost is X.
fn x_cost(state: &GameState, card: CardId) -> bool {
    state.def(card).cost == Some(Printed::X)
}

impl Player for GreedyPlayer {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        let now = Some((state.turn, state.step));
        if self.step != now {
            self.step = now;
            self.activations = 0;
        }
        let spent = self.activations >= Self::ACTIVATIONS_PER_STEP;
        let (index, choice) = decision
            .options
            .iter()
            .enumerate()
            .max_by_key(|(index, choice)| {
                let score = match choice {
                    Choice::Activate { .. } if spent => -1,
                    _ => Self::score(state, decision, choice),
                };
                (score, std::cmp::Reverse(*index))
            })
            .ok_or_else(|| DecideError("no options to choose from".into()))?;
        if matches!(choice, Choice::Activate { .. }) {
            self.activations += 1;
        }
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use swtcg_plugin_api::{PlayKind, PlayView, Pop};

    use super::*;
    use crate::Ruleset;
    use crate::decision::PrintedText;
    use crate::model::{Play, UnitId};

    /// A disrupt POP of a play of `by`, and the decision of `player` in it: pass, or use an
    /// ability offered there.
    fn disrupt_pop(by: Side, player: Side) -> (GameState, Decision) {
        let mut state = GameState::new(Arc::new(Ruleset::default()), 0);
        state.plays.push(Play {
            view: PlayView {
                id: 0,
                side: by.into(),
                kind: PlayKind::BattleCard,
                card: "Vader's Grip".into(),
                unit: None,
                text: "Pay 7 Force -> Choose an untapped unit. Tap that unit.".into(),
            },
            disrupted: false,
        });
        let disrupt = Choice::Activate {
            unit: UnitId(0),
            ability: 0,
            keyword: "Disrupt card text".into(),
            offer: 0,
            target: None,
            amount: None,
            text: PrintedText("Pay 1 Force -> Disrupt a Battle card.".into()),
            label: PrintedText::default(),
        };
        let decision = Decision {
            player,
            kind: DecisionKind::Pop { pop: Pop::Disrupt },
            options: vec![Choice::Pass, disrupt],
        };
        (state, decision)
    }

    #[test]
    fn greedy_disrupts_the_opponents_play_but_never_its_own() {
        let mut greedy = GreedyPlayer::default();
        let (state, decision) = disrupt_pop(Side::Light, Side::Dark);
        assert_eq!(greedy.decide(&state, &decision), Ok(1));
        let (state, decision) = disrupt_pop(Side::Dark, Side::Dark);
        assert_eq!(greedy.decide(&state, &decision), Ok(0));
    }

    #[test]
    fn greedy_stops_playing_abilities_after_its_share_of_a_step() {
        // An ability it may play again and again (AAA Tahl (A)) is played 20 times in a step,
        // then passed on, and played again in the next step.
        let mut greedy = GreedyPlayer::default();
        let (mut state, mut decision) = disrupt_pop(Side::Light, Side::Dark);
        decision.kind = DecisionKind::Pop {
            pop: Pop::BattlePhase,
        };
        let picks: Vec<usize> = (0..25)
            .map(|_| greedy.decide(&state, &decision).expect("a pick"))
            .collect();
        assert_eq!(picks.iter().filter(|&&pick| pick == 1).count(), 20);
        assert_eq!(picks[20..], [0, 0, 0, 0, 0]);
        state.turn += 1;
        assert_eq!(greedy.decide(&state, &decision), Ok(1));
    }
}
