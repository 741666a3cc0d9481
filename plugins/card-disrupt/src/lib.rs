//! Card plugin for Disrupt (game 13.3, 13.9): texts that disrupt a card or ability being
//! played, and texts that say a play can't be disrupted, read as patterns so that every card
//! printing them is served:
//!
//! - "Pay 4 Force -> Disrupt a Battle card." (Change in Destiny), "Pay 3 Force -> Disrupt a
//!   Mission" (Foil), "Pay 2 Force -> Disrupt a Mission card." (Lightside Explorer (A)),
//!   "... -> Disrupt an activated ability.", "... -> Disrupt a Reserves activated ability",
//!   "... -> Disrupt a non-unit card.", "... -> Disrupt a Battle card or activated ability."
//!   (Dismiss): on a unit or a Battle card, with any cost the engine pays (the contract's
//!   grammar of costs: "Pay N Force", "[Tap]", "Discard your hand" (Desperate Times), "discard a
//!   card from your hand"...). Offered only in the disrupt POP (P10,
//!   which is reserved for disrupting, game 9.4) of a play of that kind; played, it disrupts
//!   that play, which then does not resolve, its costs paid (game 13.3 step 3).
//! - "Jedi Night can't be disrupted.": the card's own name; a play of that card can't be
//!   disrupted.
//! - "Battle cards can't be disrupted." and "Your Mission cards can't be disrupted.": every
//!   Battle card (of either player: the text does not say whose), or the Missions of this
//!   unit's controller.
//!
//! A text with more (a second sentence, "unless ... pays", a choice) is not claimed.

use swtcg_sdk::*;

struct Disrupt;

/// What a play must be for a disrupt text to reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    BattleCard,
    Mission,
    ActivatedAbility,
    /// "a Reserves activated ability": an activated ability printed after "Reserves:".
    ReservesAbility,
    /// "a non-unit card": a Battle card or a Mission (the cards played that are no unit).
    NonUnitCard,
    /// "a Battle card or activated ability".
    BattleCardOrAbility,
}

impl Target {
    fn reaches(self, play: &PlayView) -> bool {
        match self {
            Target::BattleCard => play.kind == PlayKind::BattleCard,
            Target::Mission => play.kind == PlayKind::Mission,
            Target::ActivatedAbility => play.kind == PlayKind::ActivatedAbility,
            Target::ReservesAbility => {
                play.kind == PlayKind::ActivatedAbility && granted_by_reserves(play)
            }
            Target::NonUnitCard => matches!(play.kind, PlayKind::BattleCard | PlayKind::Mission),
            Target::BattleCardOrAbility => {
                matches!(play.kind, PlayKind::BattleCard | PlayKind::ActivatedAbility)
            }
        }
    }
}

/// Whether an activated ability being played is one that Reserves gives its unit: the unit has
/// the text "Reserves: <the ability>" (printed, or granted by INSERT), of which Reserves grants
/// the ability while the unit is in the build zone.
fn granted_by_reserves(play: &PlayView) -> bool {
    let Some(unit) = play.unit else {
        return false;
    };
    let played = play.text.trim();
    host::abilities(unit).iter().any(|text| {
        let text = text.trim();
        text.get(..9)
            .is_some_and(|head| head.eq_ignore_ascii_case("reserves:"))
            && text[9..].trim().eq_ignore_ascii_case(played)
    })
}

/// Who a "can't be disrupted" text protects.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shield {
    /// "<Name> can't be disrupted.": the card of that name.
    Named(String),
    /// "Battle cards can't be disrupted."
    BattleCards,
    /// "Your Mission cards can't be disrupted."
    YourMissions,
}

/// Who may pay to stop a disrupt ("... unless your opponent pays 2 Force").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Payer {
    /// "your opponent": the opponent of the player whose ability disrupts.
    Opponent,
    /// "its controller": the player of the card or ability being disrupted.
    Controller,
}

/// What a printed text of these patterns says.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Text {
    Disrupts {
        cost: String,
        target: Target,
        /// "unless <payer> pays N Force": who may pay, and the cost as the engine reads it.
        unless: Option<(Payer, String)>,
    },
    Shields(Shield),
}

/// Whether the engine reads and pays the printed cost: the contract's grammar of costs, the one
/// the engine pays by ("Pay 4 Force", "[Tap]", "Discard your hand", "discard a card from your
/// hand"...).
fn plain_cost(cost: &str) -> bool {
    !cost.is_empty() && api::cost::parse_costs(cost).is_ok()
}

/// The cost and effect of an activated text: the arrow is "->", or "- >" as one card's data
/// prints it (Trask Boatman).
fn split_arrow(text: &str) -> Option<(&str, &str)> {
    text.split_once("->").or_else(|| text.split_once("- >"))
}

fn target(what: &str) -> Option<Target> {
    Some(match what.to_ascii_lowercase().as_str() {
        "a battle card" => Target::BattleCard,
        "a mission" | "a mission card" => Target::Mission,
        "an activated ability" => Target::ActivatedAbility,
        "a reserves activated ability" => Target::ReservesAbility,
        "a non-unit card" => Target::NonUnitCard,
        "a battle card or activated ability" => Target::BattleCardOrAbility,
        _ => return None,
    })
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim();
    let sentence = text.strip_suffix('.').unwrap_or(text).trim();
    if sentence.contains('.') || sentence.contains(';') || sentence.contains('"') {
        return None;
    }
    if let Some((cost, effect)) = split_arrow(sentence) {
        let cost = cost.trim();
        if !plain_cost(cost) {
            return None;
        }
        let what = effect.trim().strip_prefix("Disrupt ")?;
        let (what, unless) = match what.split_once(" unless ") {
            Some((what, clause)) => (what.trim_end_matches(','), Some(unless(clause)?)),
            None => (what, None),
        };
        return Some(Text::Disrupts {
            cost: cost.to_string(),
            target: target(what)?,
            unless,
        });
    }
    let subject = sentence
        .strip_suffix(" can't be disrupted")
        .or_else(|| sentence.strip_suffix(" can\u{2019}t be disrupted"))?
        .trim();
    Some(Text::Shields(match subject {
        "Battle cards" => Shield::BattleCards,
        "Your Mission cards" => Shield::YourMissions,
        name if starts_a_name(name) => Shield::Named(name.to_string()),
        _ => return None,
    }))
}

/// "your opponent pays 2 Force", "its controller pays 2 Force": who may pay, and the cost.
fn unless(clause: &str) -> Option<(Payer, String)> {
    let (who, pays) = clause.trim().split_once(" pays ")?;
    let payer = match who.trim().to_ascii_lowercase().as_str() {
        "your opponent" => Payer::Opponent,
        "its controller" => Payer::Controller,
        _ => return None,
    };
    let cost = format!("Pay {}", pays.trim());
    api::cost::parse_costs(&cost).ok()?;
    Some((payer, cost))
}

/// Whether words read as a card's name: one to five words, the first capitalised, no word of
/// a sentence about something else ("Attacks from this unit", "This ability").
fn starts_a_name(words: &str) -> bool {
    let list: Vec<&str> = words.split_whitespace().collect();
    let first = list.first().copied().unwrap_or_default();
    !list.is_empty()
        && list.len() <= 5
        && first.chars().next().is_some_and(char::is_uppercase)
        && !["This", "Attacks", "Each", "Your", "All", "Units", "Unit"].contains(&first)
}

/// A card's name without its version and suffixes: "Jedi Night", "Darth Vader".
fn short_name(name: &str) -> &str {
    name.split(" (").next().unwrap_or(name).trim()
}

impl Keyword for Disrupt {
    fn understands(ability: Ability) -> bool {
        read(&ability.text).is_some()
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        let Some(Text::Disrupts { cost, target, .. }) = read(&ability.text) else {
            return Vec::new();
        };
        let Some(play) = host::playing() else {
            return Vec::new();
        };
        // A disrupt answers the play whose disrupt POP is open, and only one it reaches; it
        // never answers itself (a unit's ability being played is not in its own POP twice).
        if pop != Pop::Disrupt || !target.reaches(&play) {
            return Vec::new();
        }
        vec![Activation {
            label: format!("Disrupt {}", play.card),
            cost: Some(cost),
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, _choice: Choice, event: Event) -> HookResult {
        let Some(Text::Disrupts { target, unless, .. }) = read(&ability.text) else {
            return Err(format!("not a disrupt text: {}", ability.text));
        };
        let play = host::playing().ok_or("no card or ability is being played")?;
        if !target.reaches(&play) {
            return Err(format!("{} can't disrupt {}", ability.text, play.card));
        }
        let Some((payer, cost)) = unless else {
            return Ok(vec![Effect::Disrupt(play.id)]);
        };
        // The player whose ability disrupts: its unit's controller, or the player of a
        // Battle card (the event names them).
        let mine = match host::unit(ability.unit) {
            Some(unit) => unit.controller,
            None => event.side.ok_or("a Battle card played by no player")?,
        };
        let side = match payer {
            Payer::Controller => play.side,
            Payer::Opponent => match mine {
                Side::Dark => Side::Light,
                Side::Light => Side::Dark,
            },
        };
        Ok(vec![Effect::UnlessPays(UnlessPays { side, cost })])
    }

    /// After "unless ... pays": 0 when the player paid (nothing is disrupted), 1 when not.
    fn chosen(ability: Ability, index: u32) -> HookResult {
        if index == 0 {
            return Ok(Vec::new());
        }
        let play = host::playing().ok_or("no card or ability is being played")?;
        match read(&ability.text) {
            Some(Text::Disrupts { target, .. }) if target.reaches(&play) => {
                Ok(vec![Effect::Disrupt(play.id)])
            }
            _ => Ok(Vec::new()),
        }
    }

    fn undisruptable(ability: Ability) -> bool {
        let (Some(Text::Shields(shield)), Some(play)) = (read(&ability.text), host::playing())
        else {
            return false;
        };
        match shield {
            // The card's own text: asked of the played card itself (a Battle card in hand has
            // no unit; a Mission is its unit) or of the unit whose ability is played.
            Shield::Named(name) => {
                let own = ability.unit == NOT_IN_PLAY || Some(ability.unit) == play.unit;
                own && name.eq_ignore_ascii_case(short_name(&play.card))
            }
            Shield::BattleCards => play.kind == PlayKind::BattleCard,
            Shield::YourMissions => {
                play.kind == PlayKind::Mission
                    && host::unit(ability.unit).is_some_and(|u| u.controller == play.side)
            }
        }
    }
}

export_keyword!(Disrupt);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disrupt_texts_of_real_cards_are_read() {
        let battle = Text::Disrupts {
            cost: "Pay 4 Force".into(),
            target: Target::BattleCard,
            unless: None,
        };
        assert_eq!(read("Pay 4 Force -> Disrupt a Battle card."), Some(battle));
        assert!(matches!(
            read("Pay 3 Force -> Disrupt a Mission"),
            Some(Text::Disrupts {
                target: Target::Mission,
                ..
            })
        ));
        assert!(matches!(
            read("Pay 0 Force - > Disrupt a Reserves activated ability"),
            Some(Text::Disrupts {
                target: Target::ReservesAbility,
                ..
            })
        ));
        assert!(matches!(
            read("Discard your hand -> Disrupt a Battle card."),
            Some(Text::Disrupts {
                target: Target::BattleCard,
                ..
            })
        ));
        assert!(matches!(
            read(
                "Pay 4 Force, discard a card from your hand -> Disrupt a Battle card or activated ability."
            ),
            Some(Text::Disrupts {
                target: Target::BattleCardOrAbility,
                ..
            })
        ));
        assert!(matches!(
            read("[Tap] -> Disrupt a non-unit card."),
            Some(Text::Disrupts {
                target: Target::NonUnitCard,
                ..
            })
        ));
        assert_eq!(
            read("Jedi Night can't be disrupted."),
            Some(Text::Shields(Shield::Named("Jedi Night".into())))
        );
        assert_eq!(
            read("Battle cards can't be disrupted."),
            Some(Text::Shields(Shield::BattleCards))
        );
    }

    #[test]
    fn texts_with_more_than_the_pattern_are_not_claimed() {
        assert_eq!(
            read("Pay 1 Force -> Disrupt a Battle card unless your opponent pays 2 Force."),
            Some(Text::Disrupts {
                cost: "Pay 1 Force".into(),
                target: Target::BattleCard,
                unless: Some((Payer::Opponent, "Pay 2 Force".into())),
            })
        );
        assert_eq!(
            read("[tap] -> Disrupt a Battle card, unless its controller pays 2 Force."),
            Some(Text::Disrupts {
                cost: "[tap]".into(),
                target: Target::BattleCard,
                unless: Some((Payer::Controller, "Pay 2 Force".into())),
            })
        );
        for text in [
            "[tap] -> A Battle card disrupt, unless 2 Force your opponent pays.",
            "Pay 1 Force -> Disrupt a Battle card unless your opponent pays 2 build points and a card.",
            "Pay 3 Force -> Disrupt an activated ability. The disrupted ability may not be activated again this turn.",
            "Discard one of your units from any arena -> Disrupt a Battle card with a printed Force cost of 4 or less Force.",
            "Pay 2 Force -> Disrupt an attack.",
            "Attacks from this unit can't be disrupted.",
            "Pay 3 Force -> Disrupt a Dark Side unit's activated ability.",
            "Pay 4 Force -> Disrupt a Trap card.",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }

    #[test]
    fn a_target_reaches_only_plays_of_its_kind() {
        let play = |kind, text: &str| PlayView {
            id: 0,
            side: Side::Dark,
            kind,
            card: "Card".into(),
            unit: None,
            text: text.into(),
        };
        let battle = play(PlayKind::BattleCard, "Pay 1 Force -> ...");
        let ability = play(PlayKind::ActivatedAbility, "Pay 2 Force -> Evade 2");
        let mission = play(PlayKind::Mission, "You gain 2 Force.");
        assert!(Target::BattleCard.reaches(&battle) && !Target::BattleCard.reaches(&mission));
        // A play with no unit is no Reserves ability (the host is not asked then).
        assert!(!Target::ReservesAbility.reaches(&battle));
        assert!(Target::ActivatedAbility.reaches(&ability));
        assert!(Target::NonUnitCard.reaches(&battle) && Target::NonUnitCard.reaches(&mission));
        assert!(!Target::NonUnitCard.reaches(&ability));
    }
}
