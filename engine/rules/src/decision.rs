//! Decisions: every choice a player makes, as a list of legal options, and the trait that answers them.

use serde::{Deserialize, Serialize};
use swtcg_plugin_api::Pop;

use crate::model::{Arena, CardId, GameState, Side, UnitId};

/// What the engine is asking a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DecisionKind {
    /// Set aside the Battle and Mission cards of the opening hand (OQ-9)?
    Mulligan,
    /// Put a unit into play during setup, or stop (game 5.4–5.6).
    SetupPlace,
    /// Partially build one unit card with the remaining setup points, or not (game 5.7).
    SetupPartialBuild,
    /// The next build action of the player's build step, or end the step (game 7).
    BuildAction,
    /// Retreat a unit, or end the retreat step (game 8.1).
    Retreat,
    /// An "any time" action (Hidden Cost) in the other player's build step, after one of
    /// their build actions, or pass (game 6.2.5, OQ-13).
    OpponentsBuildStep,
    /// Several of the player's units tie for the next action in this arena (game 6.3.5).
    ChooseActor { arena: Arena },
    /// What the acting unit does: attack a defender or nothing (game 6.3.5, 10.1).
    Act { unit: UnitId },
    /// The player's turn in a Play-or-Pass chance (game 9.2).
    Pop { pop: Pop },
    /// How many excess hits of the attack to move to another unit (Overkill, game 10.6.1).
    SplitHits { attacker: UnitId },
    /// Which of several payable costs to pay (Upkeep, OQ-K14).
    ChooseCost { unit: UnitId },
    /// Which of the player's triggered abilities resolves next (game 13.4.3).
    OrderTriggers { hook: swtcg_plugin_api::HookPoint },
    /// How many damage counters to remove from a unit (0 declines; game 14.5).
    RemoveDamage { unit: UnitId },
    /// One of the options an ability of the unit offers (API 1.1 `choose`: Adapt, Overload,
    /// Foresight...); `Pass` declines an optional offer.
    ChooseOption { unit: UnitId },
    /// Which card of the hand to discard to pay a cost of the ability of `unit` ("Discard a
    /// card from your hand", game 13.8); `None` for a card being played.
    DiscardForCost { unit: Option<UnitId> },
    /// Whether to pay a cost an ability of `unit` offers inside its effect ("unless your
    /// opponent pays 2 Force"): the cost, or `Pass` to decline (API 1.8 `unless-pays`).
    PayOrNot { unit: UnitId },
    /// Which of the player's untapped units of a subtype to tap to pay a cost of the ability of
    /// `unit` ("tap one of your untapped Jedi", game 13.8); `None` for a card being played.
    TapForCost { unit: Option<UnitId> },
    /// Which of the player's units to discard to pay a cost of the ability of `unit` ("Discard
    /// one of your Jedi from the Character arena", game 13.8); `None` for a card being played.
    DiscardUnitForCost { unit: Option<UnitId> },
    /// Which unit to put counters on, or take counters off, to pay a cost of the ability of
    /// `unit` ("Put 1 damage counter on one of your other units", "Remove 1 mastery counter from
    /// a unit", game 13.8); `None` for a card being played.
    CountersForCost { unit: Option<UnitId> },
    /// Which card of the discard pile to remove from the game to pay a cost of the ability of
    /// `unit` ("Remove 2 cards from your discard pile from the game", game 4.6, 13.8); `None` for
    /// a card being played.
    RemoveForCost { unit: Option<UnitId> },
    /// Which arena of its type line the Location `unit`, just completed, goes into (game 16.1).
    PlaceLocation { unit: UnitId },
    /// Which of the arenas an effect names the Subordinate `unit`, just taken from the supply
    /// by an ability of `by` (none for a card being played), goes into (game 16.5).
    PlaceSubordinate { unit: UnitId, by: Option<UnitId> },
    /// Which card to pick next for an ability of `by` (none for a card being played) that
    /// searches a deck or picks from a discard pile or a hand (API 1.11 `pick-cards`), or
    /// `Pass` to pick no more when fewer may be picked.
    PickCard { by: Option<UnitId> },
    /// Which arena of its type line the unit card `unit`, just put into play by an ability of
    /// `by`, goes into.
    PlaceCard { unit: UnitId, by: Option<UnitId> },
    /// Which Event of the supply to put into the Event zone at setup, or `Pass` for none
    /// (game 16.3, OQ-8).
    PutEvent,
}

impl DecisionKind {
    pub fn describe(&self) -> String {
        match self {
            DecisionKind::Mulligan => "mulligan".into(),
            DecisionKind::SetupPlace => "setup placement".into(),
            DecisionKind::SetupPartialBuild => "setup partial build".into(),
            DecisionKind::BuildAction => "build action".into(),
            DecisionKind::Retreat => "retreat".into(),
            DecisionKind::OpponentsBuildStep => {
                "any-time action in the opponent's build step".into()
            }
            DecisionKind::ChooseActor { arena } => {
                format!("which unit acts next in the {arena} arena")
            }
            DecisionKind::Act { unit } => format!("action of unit {unit}"),
            DecisionKind::Pop { pop } => format!("{} ({})", pop.name(), pop.id()),
            DecisionKind::SplitHits { attacker } => format!("how to split the hits of {attacker}"),
            DecisionKind::ChooseCost { unit } => format!("which cost of {unit} to pay"),
            DecisionKind::ChooseOption { unit } => format!("an option of an ability of {unit}"),
            DecisionKind::DiscardForCost { unit: Some(unit) } => {
                format!("a card of the hand to discard for a cost of {unit}")
            }
            DecisionKind::DiscardForCost { unit: None } => {
                "a card of the hand to discard for a cost".into()
            }
            DecisionKind::PayOrNot { unit } => {
                format!("whether to pay what an ability of {unit} asks")
            }
            DecisionKind::TapForCost { unit: Some(unit) } => {
                format!("a unit to tap for a cost of {unit}")
            }
            DecisionKind::TapForCost { unit: None } => "a unit to tap for a cost".into(),
            DecisionKind::DiscardUnitForCost { unit: Some(unit) } => {
                format!("a unit to discard for a cost of {unit}")
            }
            DecisionKind::DiscardUnitForCost { unit: None } => {
                "a unit to discard for a cost".into()
            }
            DecisionKind::CountersForCost { unit: Some(unit) } => {
                format!("a unit to put counters on or take them off for a cost of {unit}")
            }
            DecisionKind::CountersForCost { unit: None } => {
                "a unit to put counters on or take them off for a cost".into()
            }
            DecisionKind::RemoveForCost { unit: Some(unit) } => {
                format!("a card of the discard pile to remove from the game for a cost of {unit}")
            }
            DecisionKind::RemoveForCost { unit: None } => {
                "a card of the discard pile to remove from the game for a cost".into()
            }
            DecisionKind::PlaceLocation { unit } => {
                format!("the arena the Location {unit} goes into")
            }
            DecisionKind::PlaceSubordinate { unit, .. } => {
                format!("the arena the Subordinate {unit} goes into")
            }
            DecisionKind::PickCard { .. } => "a card to pick".into(),
            DecisionKind::PlaceCard { unit, .. } => {
                format!("the arena the card {unit} goes into")
            }
            DecisionKind::RemoveDamage { unit } => {
                format!("how many damage counters to remove from {unit}")
            }
            DecisionKind::OrderTriggers { hook } => {
                format!("which triggered ability resolves next ({hook})")
            }
            DecisionKind::PutEvent => "an Event to put into the Event zone".into(),
        }
    }
}

/// One legal answer to a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "choice")]
pub enum Choice {
    /// Pass, decline, stop, end the step: the default answer of every optional decision.
    Pass,
    Mulligan,
    /// Setup: put this unit card from hand into that arena.
    Place {
        card: CardId,
        arena: Arena,
    },
    /// Put a card from hand into the build zone with this many build counters (game 7.2).
    StartBuild {
        card: CardId,
        points: u32,
    },
    /// Put more build counters on a card in the build zone (game 7.2).
    AddCounters {
        unit: UnitId,
        points: u32,
    },
    /// Complete a card whose build counters cover its cost (game 7.4); it stays in the build zone.
    Complete {
        unit: UnitId,
    },
    /// Complete a unique card into an existing stack of the same name (game 3.6.4).
    CompleteIntoStack {
        unit: UnitId,
        stack: UnitId,
        on_top: bool,
    },
    /// Move a completed or retreated unit from the build zone into an arena (game 7.1, 8.4).
    Deploy {
        unit: UnitId,
        arena: Arena,
    },
    /// Move a card from inside a stack to its top, paying the cost difference (game 3.6.5).
    Restack {
        unit: UnitId,
        card: CardId,
    },
    Retreat {
        unit: UnitId,
    },
    Actor {
        unit: UnitId,
    },
    Attack {
        defender: UnitId,
    },
    /// The acting unit does nothing; it still taps (game 6.3.5 c).
    Skip,
    /// Play an activated ability: offer `offer` of the unit's ability number `ability`.
    /// `keyword` is the name of the plugin that carries it out (a keyword, or a card plugin's
    /// name) and `text` the ability's text as printed (or granted).
    Activate {
        unit: UnitId,
        ability: u32,
        keyword: String,
        offer: u32,
        target: Option<UnitId>,
        amount: Option<u32>,
        #[serde(skip)]
        text: PrintedText,
        /// The offer's label, which tells apart the offers of one ability ("Velocity -2", an
        /// option of "Choose one" or an arena chosen): shown, not logged.
        #[serde(skip)]
        label: PrintedText,
    },
    /// Move this many hits of the attack to another unit (Overkill).
    Split {
        to: UnitId,
        hits: u32,
    },
    /// The option with this 1-based number and printed text.
    Option {
        index: u32,
        text: String,
    },
    /// Complete a card by another route than its build counters (Hidden Cost, Alternative
    /// Cost): the card being built (`unit`) or in hand (`None`), the route's number and label,
    /// and the arena to deploy it to at once, or none to leave it in the build zone. `x` is the
    /// value chosen for an X in the route's cost ("Pay X Force, where X is 8 or less"); logs
    /// written before X costs existed have none.
    CompleteVia {
        unit: Option<UnitId>,
        card: CardId,
        route: u32,
        label: String,
        arena: Option<Arena>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<u32>,
    },
    /// The triggered ability of this unit with this printed text resolves next.
    Trigger {
        unit: UnitId,
        text: String,
    },
    /// Setup: put this Event from the supply into the Event zone (game 16.3, OQ-8).
    PutEvent {
        card: CardId,
    },
    /// Play a Battle card from hand: offer `offer` of its printed ability number `ability`
    /// (game 13.1.1), with its target and amount.
    PlayCard {
        card: CardId,
        ability: u32,
        offer: u32,
        target: Option<UnitId>,
        amount: Option<u32>,
        /// Played from the discard pile by the completion route with this number, paying its
        /// cost instead of the printed one. (Logs written before version 0.2 name it by the one
        /// keyword that had such routes; the alias reads them.)
        #[serde(default, skip_serializing_if = "Option::is_none", alias = "meditate")]
        from_discard: Option<u32>,
        /// Played with an addition declared and paid with it (game 9.3 P10): offer
        /// `offer` of the card's printed ability number `ability`, whose plugin works on cards
        /// being played (manifest zone `played`). Logs written before additions have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        addition: Option<Addition>,
        /// The offer's label, as for `Activate`: shown, not logged.
        #[serde(skip)]
        label: PrintedText,
    },
}

/// The printed text of an offered ability, carried with the offer so that a player, or a
/// scenario's `use` act (FORMAT.md: "Abilities are written as printed"), can name the ability
/// as printed rather than by the plugin that carries it out.
///
/// It is a label, not part of what the choice is: the unit and the ability's number already say
/// which ability is played. So it is not logged (a log stays as it was), and two choices are equal
/// whatever their texts, which lets a logged choice, read back without one, match the offer it
/// was made from when a log is replayed or a save resumed.
#[derive(Debug, Clone, Default)]
pub struct PrintedText(pub String);

impl Choice {
    /// The amount chosen with an activation or a Battle card played ("Pay X Force -> ..."'s X,
    /// game 13.8), if the choice is one and has one.
    pub fn amount(&self) -> Option<u32> {
        match self {
            Choice::Activate { amount, .. } | Choice::PlayCard { amount, .. } => *amount,
            _ => None,
        }
    }
}

impl PartialEq for PrintedText {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for PrintedText {}

/// An addition to a card's play (Enhance): which printed ability of the card, and which of its
/// offers, is declared and paid with the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Addition {
    pub ability: u32,
    pub offer: u32,
}

/// A question for one player with its legal answers; the answer is an index into `options`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub player: Side,
    pub kind: DecisionKind,
    pub options: Vec<Choice>,
}

/// Why a decision could not be answered; the engine stops the game with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecideError(pub String);

/// Answers the decisions of both players. One object answers for both so that a scenario
/// script, which interleaves the two sides, can be one decider.
pub trait Decider {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError>;

    /// Whether to be asked a decision whose only option is to pass. Normally such decisions are
    /// answered without asking; a scenario script asks to see them so that it can refuse an act
    /// that the rules do not allow there.
    fn wants_trivial(&mut self, _state: &GameState, _decision: &Decision) -> bool {
        false
    }

    /// Called before each decision this decider is asked, with the whole log so far, so that a
    /// front end can show what happened since it last looked (it keeps its own place).
    fn observe(&mut self, _log: &[crate::log::LogEntry]) {}
}

/// A decision provider for one player: scripted, random-legal, AI or a human front end.
pub trait Player {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError>;
}

/// Two players, one per side, as a `Decider`.
pub struct Seats {
    pub dark: Box<dyn Player>,
    pub light: Box<dyn Player>,
}

impl Decider for Seats {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        match decision.player {
            Side::Dark => self.dark.decide(state, decision),
            Side::Light => self.light.decide(state, decision),
        }
    }
}

/// A decision's question as a front end asks it of a player: units by their names, moments in
/// words rather than rule ids (`DecisionKind::describe` is the short form, for logs and
/// traces).
pub fn describe_decision(state: &GameState, kind: &DecisionKind) -> String {
    let unit = |u: &UnitId| state.unit_label(*u);
    match kind {
        DecisionKind::Act { unit: u } => format!("what {} does", unit(u)),
        DecisionKind::Pop { pop } => {
            let attack = state
                .attack
                .as_ref()
                .map(|a| format!("{} attacks {}", unit(&a.attacker), unit(&a.defender)));
            let moment = match pop {
                Pop::BattlePhase => "the battle phase begins".to_string(),
                Pop::BattleStep => "the battle step begins".to_string(),
                Pop::BetweenAttacks => "between attacks".to_string(),
                Pop::Attack => match &attack {
                    Some(a) => format!("{a}, before its dice are rolled"),
                    None => "an attack was declared".to_string(),
                },
                Pop::Reroll => match &attack {
                    Some(a) => format!("{a}: its dice are rolled, re-rolls only"),
                    None => "the attack dice are rolled: re-rolls only".to_string(),
                },
                Pop::PendingDamage => "damage is about to be dealt".to_string(),
                Pop::DamagePrevention => "damage is about to be dealt: prevention only".to_string(),
                Pop::DamagePlacement => "damage was placed".to_string(),
                Pop::AttackEnd => "the attack ends".to_string(),
                Pop::Disrupt => "a card or ability was played: disrupting only".to_string(),
            };
            format!("play an ability or a Battle card, or pass ({moment})")
        }
        DecisionKind::ChooseActor { arena } => {
            format!("which of your units acts next in the {arena} arena")
        }
        DecisionKind::SplitHits { attacker } => {
            format!("how to split the hits of {}", unit(attacker))
        }
        DecisionKind::ChooseCost { unit: u } => format!("which cost of {} to pay", unit(u)),
        DecisionKind::ChooseOption { unit: u } => format!("an option of an ability of {}", unit(u)),
        DecisionKind::DiscardForCost { unit: Some(u) } => {
            format!("a card of your hand to discard for a cost of {}", unit(u))
        }
        DecisionKind::PayOrNot { unit: u } => {
            format!("whether to pay what an ability of {} asks", unit(u))
        }
        DecisionKind::TapForCost { unit: Some(u) } => {
            format!("a unit to tap for a cost of {}", unit(u))
        }
        DecisionKind::DiscardUnitForCost { unit: Some(u) } => {
            format!("a unit to discard for a cost of {}", unit(u))
        }
        DecisionKind::CountersForCost { unit: Some(u) } => {
            format!(
                "a unit to put counters on or take them off for a cost of {}",
                unit(u)
            )
        }
        DecisionKind::RemoveForCost { unit: Some(u) } => {
            format!(
                "a card of your discard pile to remove from the game for a cost of {}",
                unit(u)
            )
        }
        DecisionKind::PlaceLocation { unit: u } => {
            format!("the arena the Location {} goes into", unit(u))
        }
        DecisionKind::PlaceSubordinate { unit: u, .. } => {
            format!("the arena the Subordinate {} goes into", unit(u))
        }
        DecisionKind::PlaceCard { unit: u, .. } => {
            format!("the arena {} goes into", unit(u))
        }
        DecisionKind::RemoveDamage { unit: u } => {
            format!("how many damage counters to remove from {}", unit(u))
        }
        DecisionKind::OrderTriggers { .. } => "which triggered ability resolves next".to_string(),
        other => other.describe(),
    }
}

/// An offer's label where it says more than the printed text: " (Velocity -2)", " (Space
/// arena)"; nothing for a label that is the text or none.
fn offer_label(label: &PrintedText, printed: &str) -> String {
    let label = label.0.trim();
    if label.is_empty() || label == printed.trim() {
        String::new()
    } else {
        format!(" ({label})")
    }
}

/// One answer to a decision of `kind`, as a front end offers it: like `describe_choice`, with
/// the numbers of a decision about counting said in words ("remove 1 damage counter"), and
/// options that can't do anything marked (an attack with no power, X chosen as 0).
pub fn describe_option(state: &GameState, kind: &DecisionKind, choice: &Choice) -> String {
    match (kind, choice) {
        (DecisionKind::RemoveDamage { .. }, Choice::Option { text, .. }) => match text.as_str() {
            "0" => "remove none".to_string(),
            "1" => "remove 1 damage counter".to_string(),
            n => format!("remove {n} damage counters"),
        },
        (DecisionKind::Act { unit }, Choice::Attack { .. })
            if state.unit(*unit).is_some_and(|u| state.total_power(u) <= 0) =>
        {
            format!(
                "{} (power 0: it rolls no attack dice)",
                describe_choice(state, choice)
            )
        }
        (_, Choice::CompleteVia { x: Some(0), .. }) => format!(
            "{} (every X of the card is 0)",
            describe_choice(state, choice)
        ),
        _ => describe_choice(state, choice),
    }
}

/// A choice in words, for logs and the terminal.
pub fn describe_choice(state: &GameState, choice: &Choice) -> String {
    let card = |c: &CardId| state.def(*c).name.clone();
    let unit = |u: &UnitId| state.unit_label(*u);
    match choice {
        Choice::Pass => "pass".into(),
        Choice::Mulligan => "mulligan Battle and Mission cards".into(),
        Choice::PutEvent { card: c } => format!("put {} into the Event zone", card(c)),
        Choice::Place { card: c, arena } => format!("put {} into the {arena} arena", card(c)),
        Choice::StartBuild { card: c, points } => {
            format!("start building {} with {points} build counters", card(c))
        }
        Choice::AddCounters { unit: u, points } => {
            format!("put {points} build counters on {}", unit(u))
        }
        Choice::Complete { unit: u } => format!("complete {}", unit(u)),
        Choice::CompleteIntoStack {
            unit: u,
            stack,
            on_top,
        } => format!(
            "complete {} {} the stack of {}",
            unit(u),
            if *on_top { "on top of" } else { "under" },
            unit(stack)
        ),
        Choice::Deploy { unit: u, arena } => format!("deploy {} to the {arena} arena", unit(u)),
        Choice::Restack { unit: u, card: c } => {
            format!("move {} to the top of {}", card(c), unit(u))
        }
        Choice::Retreat { unit: u } => format!("retreat {}", unit(u)),
        Choice::Actor { unit: u } => format!("{} acts", unit(u)),
        Choice::Attack { defender } => format!("attack {}", unit(defender)),
        Choice::Skip => "do nothing".into(),
        Choice::Activate {
            unit: u,
            keyword,
            target,
            amount,
            text: printed,
            label,
            ..
        } => {
            // A keyword's name says what it does ("use Evade"); a card plugin's name ("Force
            // boost card text") doesn't, so card text is shown as printed.
            let printed = printed.0.trim();
            let names_it = printed.to_lowercase().contains(&keyword.to_lowercase());
            let what = if printed.is_empty() || names_it {
                keyword.clone()
            } else {
                format!("\"{printed}\"")
            };
            let mut text = format!("use {what} of {}", unit(u));
            text += &offer_label(label, printed);
            if let Some(t) = target {
                text += &format!(" on {}", unit(t));
            }
            if let Some(n) = amount {
                text += &format!(", choosing {n}");
            }
            text
        }
        Choice::Split { to, hits } => format!("move {hits} hits to {}", unit(to)),
        Choice::Option { index, text } => format!("{index}: {text}"),
        Choice::Trigger { unit: u, text } => format!("{text} of {}", unit(u)),
        Choice::PlayCard {
            card: c,
            target,
            amount,
            from_discard,
            addition,
            label,
            ..
        } => {
            let mut text = format!("play {}", card(c));
            text += &offer_label(label, "");
            if from_discard.is_some() {
                text += " from the discard pile";
            }
            if addition.is_some() {
                text += " with its addition";
            }
            if let Some(t) = target {
                text += &format!(" on {}", unit(t));
            }
            if let Some(n) = amount {
                text += &format!(" ({n})");
            }
            text
        }
        Choice::CompleteVia {
            card: c,
            label,
            arena,
            x,
            ..
        } => {
            let with_x = x.map(|x| format!(" with X = {x}")).unwrap_or_default();
            match arena {
                Some(arena) => format!(
                    "complete {} via {label}{with_x} into the {arena} arena",
                    card(c)
                ),
                None => format!("complete {} via {label}{with_x}", card(c)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state with one unit, u0 "Han Solo (A)", in the Character arena.
    fn one_unit() -> GameState {
        use std::sync::Arc;
        let mut state = GameState::new(Arc::new(crate::ruleset::Ruleset::default()), 0);
        let def = crate::model::CardDef::unit(
            "Han Solo (A)",
            crate::model::CardSide::Light,
            vec![Arena::Character],
            [5, 40, 4, 5],
        );
        let card = state.new_card(Arc::new(def), Side::Light);
        state.add_unit(crate::model::Unit::new(
            Side::Light,
            card,
            crate::model::Place::Arena(Arena::Character),
        ));
        state
    }

    #[test]
    fn prompts_name_units_and_say_moments_in_words() {
        // Issue 22: "action of unit u9", "how many damage counters to remove from u2" and
        // "attack POP (P4)" were what a player read.
        let mut state = one_unit();
        assert_eq!(
            describe_decision(&state, &DecisionKind::Act { unit: UnitId(0) }),
            "what Han Solo (A) [u0] does"
        );
        assert_eq!(
            describe_decision(&state, &DecisionKind::RemoveDamage { unit: UnitId(0) }),
            "how many damage counters to remove from Han Solo (A) [u0]"
        );
        state.attack = Some(crate::model::attack::AttackState {
            attacker: UnitId(0),
            defender: UnitId(0),
            arena: Arena::Character,
            dice: Vec::new(),
            hits: 0,
            counted: false,
            secret: false,
            hidden: false,
        });
        let prompt = describe_decision(&state, &DecisionKind::Pop { pop: Pop::Attack });
        assert_eq!(
            prompt,
            "play an ability or a Battle card, or pass (Han Solo (A) [u0] attacks Han Solo (A) \
             [u0], before its dice are rolled)"
        );
        assert!(!prompt.contains("P4") && !prompt.contains("POP"));
    }

    #[test]
    fn options_say_what_they_do() {
        // "how many damage counters to remove from u2: 1. 1: 0  2. 2: 1" and Evade's "(2)".
        let state = one_unit();
        let kind = DecisionKind::RemoveDamage { unit: UnitId(0) };
        let words: Vec<String> = (0..3)
            .map(|n| {
                let choice = Choice::Option {
                    index: n + 1,
                    text: n.to_string(),
                };
                describe_option(&state, &kind, &choice)
            })
            .collect();
        assert_eq!(
            words,
            [
                "remove none",
                "remove 1 damage counter",
                "remove 2 damage counters"
            ]
        );
        let evade = Choice::Activate {
            unit: UnitId(0),
            ability: 0,
            keyword: "Evade".into(),
            offer: 0,
            target: None,
            amount: Some(2),
            text: PrintedText("Pay 2 Force -> Evade 2".into()),
            label: PrintedText::default(),
        };
        assert_eq!(
            describe_option(&state, &DecisionKind::Act { unit: UnitId(0) }, &evade),
            "use Evade of Han Solo (A) [u0], choosing 2"
        );
    }

    #[test]
    fn options_that_can_t_do_anything_are_marked() {
        // An attack with 0 power rolls no dice (game 10.3); X chosen as 0 makes every X 0.
        let mut state = one_unit();
        let act = DecisionKind::Act { unit: UnitId(0) };
        let attack = Choice::Attack {
            defender: UnitId(0),
        };
        assert_eq!(
            describe_option(&state, &act, &attack),
            "attack Han Solo (A) [u0]"
        );
        state.units.get_mut(&UnitId(0)).unwrap().static_bonus = [0, -4, 0];
        assert_eq!(
            describe_option(&state, &act, &attack),
            "attack Han Solo (A) [u0] (power 0: it rolls no attack dice)"
        );
        let via = |x| Choice::CompleteVia {
            unit: None,
            card: CardId(0),
            route: 0,
            label: "Alternative Cost".into(),
            arena: None,
            x: Some(x),
        };
        assert_eq!(
            describe_option(&state, &DecisionKind::BuildAction, &via(0)),
            "complete Han Solo (A) via Alternative Cost with X = 0 (every X of the card is 0)"
        );
        assert_eq!(
            describe_option(&state, &DecisionKind::BuildAction, &via(2)),
            "complete Han Solo (A) via Alternative Cost with X = 2"
        );
    }

    #[test]
    fn a_play_without_an_addition_reads_and_writes_as_before_additions() {
        // Logs written before Enhance have no `addition`; such a play still reads, and a plain
        // play writes none, so those logs stay byte for byte the same.
        let old =
            r#"{"choice":"play-card","card":4,"ability":0,"offer":1,"target":2,"amount":null}"#;
        let choice: Choice = serde_json::from_str(old).unwrap();
        assert!(matches!(choice, Choice::PlayCard { addition: None, .. }));
        assert_eq!(serde_json::to_string(&choice).unwrap(), old);
        let enhanced = Choice::PlayCard {
            card: CardId(4),
            ability: 0,
            offer: 1,
            target: None,
            amount: None,
            from_discard: None,
            addition: Some(Addition {
                ability: 1,
                offer: 0,
            }),
            label: PrintedText::default(),
        };
        let text = serde_json::to_string(&enhanced).unwrap();
        assert!(
            text.contains(r#""addition":{"ability":1,"offer":0}"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Choice>(&text).unwrap(), enhanced);
    }

    #[test]
    fn an_activation_reads_as_its_keyword_or_as_printed_card_text() {
        let state = GameState::new(std::sync::Arc::new(crate::Ruleset::default()), 0);
        let activate = |keyword: &str, text: &str| Choice::Activate {
            unit: UnitId(9),
            ability: 0,
            keyword: keyword.into(),
            offer: 0,
            target: None,
            amount: None,
            text: PrintedText(text.into()),
            label: PrintedText::default(),
        };
        let evade = describe_choice(&state, &activate("Evade", "Pay 1 Force -> Evade 1"));
        assert!(evade.starts_with("use Evade of "), "{evade}");
        let luke = describe_choice(
            &state,
            &activate(
                "Force boost card text",
                "Pay 2 Force -> Luke gets +20 speed.",
            ),
        );
        assert!(
            luke.starts_with("use \"Pay 2 Force -> Luke gets +20 speed.\" of "),
            "{luke}"
        );
        // A choice read back from a log carries no text: the plugin's name stands in.
        let logged = describe_choice(&state, &activate("Force boost card text", ""));
        assert!(
            logged.starts_with("use Force boost card text of "),
            "{logged}"
        );
        // One of several offers of an ability shows its label, which tells it apart.
        let Choice::Activate { text, .. } = activate("Velocity", "Velocity 2") else {
            unreachable!()
        };
        let minus = Choice::Activate {
            unit: UnitId(9),
            ability: 0,
            keyword: "Velocity".into(),
            offer: 1,
            target: None,
            amount: None,
            text,
            label: PrintedText("Velocity -2".into()),
        };
        let minus = describe_choice(&state, &minus);
        assert!(minus.contains("(Velocity -2)"), "{minus}");
    }

    #[test]
    fn a_completion_without_x_reads_and_writes_as_before_x_costs() {
        // A log line written before X costs existed has no `x`; it still reads, and a choice
        // without an X writes no `x`, so such logs stay byte for byte the same.
        let old = r#"{"choice":"complete-via","unit":3,"card":7,"route":0,"label":"Hidden Cost","arena":"ground"}"#;
        let choice: Choice = serde_json::from_str(old).unwrap();
        assert!(matches!(choice, Choice::CompleteVia { x: None, .. }));
        assert_eq!(serde_json::to_string(&choice).unwrap(), old);
        let with_x = Choice::CompleteVia {
            unit: None,
            card: CardId(7),
            route: 0,
            label: "Alternative Cost".into(),
            arena: None,
            x: Some(3),
        };
        let text = serde_json::to_string(&with_x).unwrap();
        assert!(text.contains(r#""x":3"#), "{text}");
        assert_eq!(serde_json::from_str::<Choice>(&text).unwrap(), with_x);
    }
}
