//! The Ambush keyword: "when the opponent deploys, moves or puts a unit into this unit's arena,
//! this unit does X dice of damage to the unit that arrived"; each Ambush ability once per
//! arrival.
//!
//! The `unit-enters-arena` hook is reached once per arrival, so each instance acts once per
//! arrival. The definition says the unit "may" do the damage; with no cost, doing it is always
//! in its controller's favour, so the plugin does it without asking. Printed with a cost ("Pay 1
//! Force -> Ambush 3", "Tap -> Ambush 5"), Ambush is an activated ability: its controller
//! chooses whether to pay (the effect `unless-pays`), and only then are the dice rolled (`chosen`
//! 0). The unit that arrived is kept in a note on this unit until then, since `chosen` is told
//! nothing of the arrival. The dice are dice of damage: Armor applies, Accuracy and Critical Hit
//! don't.

use swtcg_sdk::*;

struct Ambush;

/// The note on the ambushing unit naming the unit that arrived, one per Ambush ability.
fn target_note(ability: &Ability) -> String {
    format!("ambush {}", ability.index)
}

fn dice(ability: &Ability) -> Result<u32, String> {
    ability
        .parameter
        .trim()
        .parse()
        .map_err(|_| format!("can't read X in \"{}\"", ability.text))
}

impl Keyword for Ambush {
    fn unit_enters_arena(ability: Ability, event: Event) -> HookResult {
        let (Some(arrived), Some(arena)) = (event.unit, event.arena) else {
            return Ok(Vec::new());
        };
        let (Some(me), Some(unit)) = (host::unit(ability.unit), host::unit(arrived)) else {
            return Ok(Vec::new());
        };
        // Only the opponent's units arriving in this unit's arena.
        if unit.controller == me.controller || me.zone != Zone::from(arena) {
            return Ok(Vec::new());
        }
        let dice = dice(&ability)?;
        match ability.cost.clone() {
            Some(cost) => Ok(vec![
                Effect::Note(NoteChange {
                    unit: me.id,
                    key: target_note(&ability),
                    value: i32::try_from(arrived).unwrap_or(-1),
                    duration: Duration::EndOfTurn,
                }),
                Effect::UnlessPays(UnlessPays {
                    side: me.controller,
                    cost,
                }),
            ]),
            None => Ok(vec![Effect::DiceOfDamage(DiceOfDamage {
                source: ability.unit,
                target: arrived,
                dice,
            })]),
        }
    }

    /// The cost was paid (0) or not (1).
    fn chosen(ability: Ability, index: u32) -> HookResult {
        let target = host::note(ability.unit, &target_note(&ability))
            .and_then(|id| UnitId::try_from(id).ok());
        match target {
            Some(target) if index == 0 && host::unit(target).is_some() => {
                Ok(vec![Effect::DiceOfDamage(DiceOfDamage {
                    source: ability.unit,
                    target,
                    dice: dice(&ability)?,
                })])
            }
            _ => Ok(Vec::new()),
        }
    }
}

swtcg_sdk::export_keyword!(Ambush);
