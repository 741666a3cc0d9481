//! Card plugin for unit texts that pay Force to boost the unit's own stats, read as patterns so
//! that every card printing them is served:
//!
//! - "Pay 2 Force -> Vader gets +2 power for this attack." Offered in the attack POP (game 9.3,
//!   P4: "for this attack" boosts) of an attack this unit makes, the only time the boost can
//!   change its attack.
//! - "Pay 2 Force -> Luke gets +20 speed until the end of turn." Offered in every POP that is
//!   not reserved (game 9.4).
//! - Keyword abilities the same way: "Pay 2 Force -> Obi-Wan gets Critical Hit 2 for this
//!   attack.", "Pay 3 Force -> Traya gets Ferocity, Precision, and Overkill until end of turn."
//!   (granted to the unit for the duration).
//!
//! The subject is the card's own name or "this unit" (`card_text::is_self`). The ability has no
//! use limit of its own (game 13.6): it may be paid for again. Only Force costs are claimed, the
//! cost the engine pays for every activation.

use swtcg_card_text::card_text::{force_cost, gains, is_self, names_unit};
use swtcg_sdk::*;

struct ForceBoost;

/// What a printed text of these patterns says.
#[derive(Debug)]
struct Text {
    /// The name the text calls the unit by.
    subject: String,
    /// The printed cost, "Pay 2 Force".
    cost: String,
    boost: Stats,
    /// Keyword abilities the unit gets for the duration ("Critical Hit 2").
    keywords: Vec<String>,
    duration: Duration,
}

fn read(text: &str) -> Option<Text> {
    let (cost, effect) = text.trim().split_once("->")?;
    let cost = cost.trim();
    force_cost(cost)?;
    let effect = effect.trim();
    let effect = effect.strip_suffix('.').unwrap_or(effect);
    let (subject, rest) = effect.split_once(" gets ")?;
    if !is_self(subject) {
        return None;
    }
    let (change, duration) = if let Some(c) = rest.strip_suffix(" for this attack") {
        (c, Duration::ThisAttack)
    } else if let Some(c) = rest
        .strip_suffix(" until the end of turn")
        .or_else(|| rest.strip_suffix(" until end of turn"))
    {
        (c, Duration::EndOfTurn)
    } else {
        return None;
    };
    let (boost, keywords) = gains(change)?;
    Some(Text {
        subject: subject.to_string(),
        cost: cost.to_string(),
        boost,
        keywords,
        duration,
    })
}

/// Whether the boost may be played in this POP now.
fn playable(text: &Text, unit: UnitId, pop: Pop) -> bool {
    match text.duration {
        Duration::ThisAttack => {
            pop == Pop::Attack && host::attack().is_some_and(|a| a.attacker == unit)
        }
        _ => !matches!(pop, Pop::Reroll | Pop::DamagePrevention | Pop::Disrupt),
    }
}

impl Keyword for ForceBoost {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        let Some(text) = read(&ability.parameter) else {
            return Vec::new();
        };
        let Some(me) = host::unit(ability.unit) else {
            return Vec::new();
        };
        // Only a unit in an arena uses its abilities (game 13.7), and only a text that names
        // this unit boosts it.
        let in_arena = me.zone != Zone::BuildZone;
        if !in_arena || !names_unit(&text.subject, &me.name) || !playable(&text, ability.unit, pop)
        {
            return Vec::new();
        }
        vec![Activation {
            label: ability.text.clone(),
            cost: Some(text.cost),
            targets: Vec::new(),
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, _choice: Choice, _event: Event) -> HookResult {
        let text = read(&ability.parameter)
            .ok_or_else(|| format!("can't read \"{}\"", ability.parameter))?;
        let mut effects = vec![Effect::Stats(StatChange {
            unit: ability.unit,
            speed: text.boost.speed,
            power: text.boost.power,
            health: text.boost.health,
            duration: text.duration,
        })];
        effects.extend(text.keywords.into_iter().map(|keyword| {
            Effect::Grant(Grant {
                unit: ability.unit,
                text: keyword,
                duration: text.duration,
            })
        }));
        Ok(effects)
    }
}

swtcg_sdk::export_keyword!(ForceBoost);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        let vader = read("Pay 2 Force -> Vader gets +2 power for this attack.").unwrap();
        assert_eq!(vader.cost, "Pay 2 Force");
        assert_eq!(vader.boost.power, 2);
        assert!(matches!(vader.duration, Duration::ThisAttack));
        let tie =
            read("Pay 1 Force -> Vader's TIE Fighter gets +1 power for this attack.").unwrap();
        assert_eq!(tie.boost.power, 1);
        let luke = read("Pay 2 Force -> Luke gets +20 speed until the end of turn.").unwrap();
        assert_eq!(luke.boost.speed, 20);
        assert!(matches!(luke.duration, Duration::EndOfTurn));
        let obi = read("Pay 2 Force -> Obi-Wan gets Critical Hit 2 for this attack.").unwrap();
        assert_eq!(obi.keywords, ["Critical Hit 2"]);
        let traya =
            read("Pay 3 Force -> Traya gets Ferocity, Precision, and Overkill until end of turn.")
                .unwrap();
        assert_eq!(traya.keywords, ["Ferocity", "Precision", "Overkill"]);
        assert_eq!(
            read("Pay 3 force -> Uthar gets +3 power for this attack.").map(|t| t.boost.power),
            Some(3)
        );
        assert_eq!(
            read("Pay 3 Force -> Anakin gets +6 power for this attack").map(|t| t.boost.power),
            Some(6)
        );
    }

    #[test]
    fn other_texts_are_not_claimed() {
        assert!(
            read("Pay 2 Force -> One of your Characters gets +4 power for this attack.").is_none()
        );
        assert!(read("Pay 2 Force -> Evade 2").is_none());
        assert!(read("[tap] -> This unit gets +2 power for this attack.").is_none());
        assert!(read(
            "Pay 4 Force -> Maul gets Double Damage for this attack. Play only if Darth Sidious is in any arena."
        )
        .is_none());
        assert!(read("Pay 2 Force -> Vader gets can't be attacked until end of turn.").is_none());
    }
}
