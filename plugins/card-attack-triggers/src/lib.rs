//! Card plugin for unit texts triggered by the unit's own attacks, read as patterns so that
//! every card printing them is served:
//!
//! - "When this unit attacks, you may give it +3 power for that attack. If you do, this unit does
//!   2 damage to itself when the attack ends." (also "Whenever ...", "for this attack", and "If
//!   you do, when the attack ends R5-D4 does 2 damage to itself."). When the attack is declared
//!   (game 10.1.3) the controller is offered the boost (`choose`, optional); taken, the unit gets
//!   the power for the attack and does the damage to itself when it ends (game 10.10), as
//!   Overload does with dice.
//! - "When this unit damages another unit and the other unit is discarded, untap this unit.": at
//!   the discard, the damage being placed came from this unit.

use swtcg_card_text::card_text::is_self;
use swtcg_sdk::*;

struct AttackTriggers;

/// What a printed text of these patterns says.
#[derive(Debug, PartialEq)]
enum Text {
    /// May get +power for the attack, then does this much damage to itself when it ends.
    Boost { power: u32, self_damage: u32 },
    /// Untaps when a unit it damaged is discarded.
    UntapAfterDiscard,
}

/// "+3" → 3.
fn plus(word: &str) -> Option<u32> {
    word.strip_prefix('+')?.parse().ok()
}

/// "this unit does 2 damage to itself when the attack ends" or "when the attack ends R5-D4 does
/// 2 damage to itself" → 2.
fn self_damage(tail: &str) -> Option<u32> {
    let clause = match tail.strip_prefix("when the attack ends ") {
        Some(c) => c,
        None => tail.strip_suffix(" when the attack ends")?,
    };
    let (subject, rest) = clause.split_once(" does ")?;
    if !is_self(subject) {
        return None;
    }
    rest.strip_suffix(" damage to itself")?.parse().ok()
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim().strip_suffix('.')?;
    if text
        == "When this unit damages another unit and the other unit is discarded, untap this unit"
    {
        return Some(Text::UntapAfterDiscard);
    }
    let rest = text
        .strip_prefix("When ")
        .or_else(|| text.strip_prefix("Whenever "))?;
    let (subject, rest) = rest.split_once(" attacks, you may give it ")?;
    if !is_self(subject) {
        return None;
    }
    let (amount, rest) = rest.split_once(" power for ")?;
    let tail = rest
        .strip_prefix("that attack. If you do, ")
        .or_else(|| rest.strip_prefix("this attack. If you do, "))?;
    Some(Text::Boost {
        power: plus(amount)?,
        self_damage: self_damage(tail)?,
    })
}

impl Keyword for AttackTriggers {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn attack_declared(ability: Ability, event: Event) -> HookResult {
        let Some(Text::Boost { power, self_damage }) = read(&ability.parameter) else {
            return Ok(Vec::new());
        };
        if event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        Ok(vec![Effect::Choose(Offer {
            options: vec![format!(
                "+{power} power for this attack, then {self_damage} damage to itself"
            )],
            optional: true,
        })])
    }

    fn chosen(ability: Ability, _index: u32) -> HookResult {
        let Some(Text::Boost { power, self_damage }) = read(&ability.parameter) else {
            return Ok(Vec::new());
        };
        let unit = ability.unit;
        Ok(vec![
            Effect::Stats(StatChange {
                unit,
                speed: 0,
                power: power as i32,
                health: 0,
                duration: Duration::ThisAttack,
            }),
            Effect::AtAttackEnd(Delayed::Damage(Damage {
                source: unit,
                target: unit,
                amount: self_damage,
            })),
        ])
    }

    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        if read(&ability.parameter) != Some(Text::UntapAfterDiscard) {
            return Ok(Vec::new());
        }
        let Some(discarded) = event.unit.filter(|&u| u != ability.unit) else {
            return Ok(Vec::new());
        };
        // The damage being placed when the other unit is discarded: some of it from this unit.
        let damaged_by_me = host::pending_damage().iter().any(|p| {
            p.target == discarded
                && p.source == Some(ability.unit)
                && p.amount > if p.preventable { p.prevented } else { 0 }
        });
        let tapped = host::unit(ability.unit).is_some_and(|me| me.tapped);
        Ok(if damaged_by_me && tapped {
            vec![Effect::Untap(ability.unit)]
        } else {
            Vec::new()
        })
    }
}

swtcg_sdk::export_keyword!(AttackTriggers);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        assert_eq!(
            read(
                "When this unit attacks, you may give it +3 power for that attack. If you do, this unit does 2 damage to itself when the attack ends."
            ),
            Some(Text::Boost {
                power: 3,
                self_damage: 2
            })
        );
        assert_eq!(
            read(
                "When R5-D4 attacks, you may give it +1 power for that attack. If you do, when the attack ends R5-D4 does 2 damage to itself."
            ),
            Some(Text::Boost {
                power: 1,
                self_damage: 2
            })
        );
        assert_eq!(
            read(
                "Whenever this unit attacks, you may give it +3 power for this attack. If you do, it does 1 damage to itself when the attack ends."
            ),
            Some(Text::Boost {
                power: 3,
                self_damage: 1
            })
        );
        assert_eq!(
            read(
                "When this unit damages another unit and the other unit is discarded, untap this unit."
            ),
            Some(Text::UntapAfterDiscard)
        );
    }

    #[test]
    fn other_texts_are_not_claimed() {
        assert_eq!(
            read(
                "When this unit attacks, you may give it +3 power for that attack. If you do, it does 3 dice of damage to itself when the attack ends."
            ),
            None
        );
        assert_eq!(
            read(
                "When Vader attacks a Character other than a Jedi Knight or a Jedi Master, you may pay Force equal to that Character's total build cost."
            ),
            None
        );
    }
}
