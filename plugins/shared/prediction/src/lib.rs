//! Predicting the hits of an attack, the rules that Foresight and Forewarning share: "you may
//! predict the number of hits that will be rolled for that attack. If you're correct, gain the
//! [effect]." A library of the plugins workspace used by those two plugins only: keyword logic,
//! which the guest SDK does not carry.
//!
//! When the attack is declared (game 10.1.3), the predicting ability offers its controller an
//! optional choice of "0 hits", "1 hit", ... up to the most attack dice the attacker may roll in
//! that attack as far as its own abilities tell (its total power, or its Bombard, Ion Cannon or
//! Barrage X against another arena, plus its Fury and Overload X, at most 19). The prediction is
//! a note on the ability's unit for this attack. When the hits are counted (game 10.5), a
//! prediction equal to the hits gives the printed effect, read with [`effect_text`]; a text it
//! can't read makes the ability do nothing (`understands` answers false). The hits compared are
//! those the engine counts: after the re-roll POP (P5), with Accuracy and Armor applied and
//! Fury's extra dice included.

use swtcg_card_text::effect_text::{self, Outcome};
use swtcg_sdk::*;

/// Whose attacks a prediction is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Predicts {
    /// "Whenever this unit attacks" (Foresight).
    ItsAttacks,
    /// "Whenever this unit is attacked" (Forewarning).
    AttacksOnIt,
}

/// One predicting keyword: the prefix of its notes and whose attacks it predicts.
#[derive(Debug, Clone, Copy)]
pub struct Prediction {
    pub note: &'static str,
    pub predicts: Predicts,
}

/// The most options one choice may have: predictions from 0 to 19 hits.
const MOST_PREDICTION: u32 = 19;

/// A short, stable hash of a text (FNV-1a), so that a note names the ability it belongs to.
fn hash(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// The note key of one ability instance: its index and text tell layered instances apart.
fn key(note: &str, ability: &Ability) -> String {
    format!("{note}:{}:{:08x}", ability.index, hash(&ability.text))
}

/// The text "Put ... counter on <Name>." names its own card when the name is a single capitalised
/// word; the card's name is not known when the engine asks `understands`, so that word stands in.
fn named_target(text: &str) -> Option<&str> {
    let (_, target) = text.rsplit_once(" on ")?;
    let target = target.trim().trim_end_matches('.').trim();
    let single = !target.is_empty() && !target.contains(' ');
    (single && target.starts_with(|c: char| c.is_ascii_uppercase())).then_some(target)
}

/// "Keyword X" (after an optional cost) → X, for the abilities that change how many attack dice
/// a unit rolls.
fn keyword_x(text: &str, keyword: &str) -> Option<u32> {
    let effect = text.rsplit("->").next().unwrap_or(text).trim();
    let rest = effect.strip_prefix(keyword)?.trim();
    rest.split(|c: char| !c.is_ascii_digit())
        .next()
        .filter(|n| !n.is_empty())?
        .parse()
        .ok()
}

/// The most attack dice `attacker` may roll against `defender` as far as its own abilities tell
/// when the attack is declared: the dice of its power (or of its other-arena X), plus the dice
/// that Fury may add and the power Overload may give. Attack boosts played later can't be
/// foreseen, so the bound is only what the unit itself brings.
fn most_dice(attacker: UnitId, defender: UnitId) -> u32 {
    let Some(unit) = host::unit(attacker) else {
        return 0;
    };
    let abilities = host::abilities(attacker);
    let other_arena = host::unit(defender)
        .and_then(|d| d.zone.arena())
        .is_some_and(|arena| unit.zone.arena() != Some(arena));
    let mut dice = unit.power.max(0) as u32;
    if other_arena {
        for text in &abilities {
            for keyword in ["Bombard", "Ion Cannon", "Barrage"] {
                if let Some(x) = keyword_x(text, keyword) {
                    dice = dice.max(x);
                }
            }
        }
    }
    for text in &abilities {
        for keyword in ["Fury", "Overload"] {
            dice = dice.saturating_add(keyword_x(text, keyword).unwrap_or(0));
        }
    }
    dice.min(MOST_PREDICTION)
}

/// An option's text: "0 hits", "1 hit", "2 hits".
fn option(hits: u32) -> String {
    if hits == 1 {
        "1 hit".into()
    } else {
        format!("{hits} hits")
    }
}

/// The printed effect of the ability, with the unit's own name for texts that use it.
fn outcomes(ability: &Ability) -> Option<Vec<Outcome>> {
    let name = effect_text::name_of(host::unit(ability.unit));
    effect_text::parse(&ability.parameter, &name)
}

impl Prediction {
    /// Whether the ability's printed effect can be carried out.
    pub fn understands(&self, ability: &Ability) -> bool {
        let text = &ability.parameter;
        effect_text::parse(text, "").is_some()
            || named_target(text).is_some_and(|name| effect_text::parse(text, name).is_some())
    }

    /// The optional choice of a number of hits when an attack it predicts is declared.
    pub fn attack_declared(&self, ability: &Ability, event: &Event) -> HookResult {
        if outcomes(ability).is_none() {
            return Ok(Vec::new());
        }
        Ok(self.offer(ability, event).into_iter().collect())
    }

    /// The choice of a number of hits, if the declared attack is one this ability predicts,
    /// whatever its printed effect: for a plugin that carries the effect out itself (the
    /// card-text plugin, for the effects `effect_text` can't read).
    pub fn offer(&self, ability: &Ability, event: &Event) -> Option<Effect> {
        let (Some(attacker), Some(defender)) = (event.attacker, event.defender) else {
            return None;
        };
        let predictor = match self.predicts {
            Predicts::ItsAttacks => attacker,
            Predicts::AttacksOnIt => defender,
        };
        if predictor != ability.unit {
            return None;
        }
        let options = (0..=most_dice(attacker, defender)).map(option).collect();
        // "You may predict": the player may decline.
        Some(Effect::Choose(Offer {
            options,
            optional: true,
        }))
    }

    /// Whether the ability's unit has predicted in this attack (a `chosen` answered).
    pub fn predicted(&self, ability: &Ability) -> bool {
        host::note(ability.unit, &key(self.note, ability)).is_some()
    }

    /// Whether the hits counted (`event`, at `hits-counted`) are what the ability's unit
    /// predicted for an attack it predicts.
    pub fn correct(&self, ability: &Ability, event: &Event) -> bool {
        let predictor = match self.predicts {
            Predicts::ItsAttacks => event.attacker,
            Predicts::AttacksOnIt => event.defender,
        };
        predictor == Some(ability.unit)
            && event.amount.is_some()
            && host::note(ability.unit, &key(self.note, ability)) == event.amount
    }

    /// Option `index` predicts `index` hits; the prediction lasts for this attack only.
    pub fn chosen(&self, ability: &Ability, index: u32) -> HookResult {
        Ok(vec![Effect::Note(NoteChange {
            unit: ability.unit,
            key: key(self.note, ability),
            value: index as i32,
            duration: Duration::ThisAttack,
        })])
    }

    /// "If you're correct, gain the [effect]." The note exists only if the ability's unit
    /// predicted in this attack; it stays with the unit when the attack is retargeted.
    pub fn hits_counted(&self, ability: &Ability, event: &Event) -> HookResult {
        if self.predicts == Predicts::ItsAttacks && event.attacker != Some(ability.unit) {
            return Ok(Vec::new());
        }
        let (Some(hits), Some(predicted)) = (
            event.amount,
            host::note(ability.unit, &key(self.note, ability)),
        ) else {
            return Ok(Vec::new());
        };
        if hits != predicted {
            return Ok(Vec::new());
        }
        let (Some(unit), Some(outcomes)) = (host::unit(ability.unit), outcomes(ability)) else {
            return Ok(Vec::new());
        };
        Ok(effect_text::effects_now(
            &outcomes,
            unit.controller,
            ability.unit,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_changing_keywords_are_read() {
        assert_eq!(keyword_x("Fury 2", "Fury"), Some(2));
        assert_eq!(keyword_x("Pay 1 Force -> Fury 1", "Fury"), Some(1));
        assert_eq!(keyword_x("Overload 3", "Overload"), Some(3));
        assert_eq!(keyword_x("Bombard 4", "Bombard"), Some(4));
        assert_eq!(keyword_x("Accuracy 1", "Fury"), None);
        assert_eq!(keyword_x("Fury X", "Fury"), None);
    }

    #[test]
    fn own_name_targets_are_recognised() {
        assert_eq!(
            named_target("Put 1 mastery counter on Grogu."),
            Some("Grogu")
        );
        assert_eq!(named_target("Put 1 counter on a unit in any arena."), None);
        assert_eq!(named_target("Put 1 counter on another Character."), None);
        assert_eq!(named_target("Gain 1 Force."), None);
    }

    #[test]
    fn options_read_naturally() {
        assert_eq!(option(0), "0 hits");
        assert_eq!(option(1), "1 hit");
        assert_eq!(option(3), "3 hits");
    }
}
