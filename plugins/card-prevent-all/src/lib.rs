//! Card plugin for the static "Prevent all damage to and from Bendu." (Bendu (A), Luke's Spirit
//! (A), Marka Ragnos's Spirit (A), Freedon Nadd's Spirit (A), Han's Memory (A), Jedi Spirits (A),
//! Rey's Dark Vision (A)) and the plain "Prevent all damage to <this unit>.": an ability with no
//! cost that prevents without a choice (keywords.md Redirect calls it "an ability that
//! automatically prevents all damage to it").
//!
//! It is carried out at the `damage-pending` hook of every damage instance, right before the
//! damage prevention POP (game 10.7, 13.5: every instance of damage, attack or not, gets its own
//! prevention chance), so that nothing is left for the POP and no prevention is offered for it.
//! The engine has already marked which pending damage can be prevented (game 14.2): damage that
//! can't be prevented (Ferocity, "can't be prevented") is left alone, so it is placed in full.
//! Damage counters put on the unit by an effect are not damage (game 11.5) and never reach this
//! hook, so they stay.
//!
//! "To" covers every damage pending on this unit whatever its source: attack dice, hits moved by
//! Overkill, dice of damage (Retaliate, Area Damage), Battle cards. "From" covers every damage
//! whose source is this unit: its attack dice against the defender, hits it moves to other
//! units, and dice of damage or damage its abilities do (game 11.4: dice of damage "are damage
//! from their source unit"), whoever the target is. Damage of a Battle card has no source unit
//! and is never "from" it. The texts say nothing of whose damage it is, so damage from this unit
//! to its own side's units is prevented too.
//!
//! One edge is left to the engine's single "preventable" mark: when this unit's own damage can't
//! be prevented (it has Ferocity) but the damaged unit has Fortitude, game 14.2 lets only the
//! damaged unit's abilities prevent it; the mark says "preventable" then and this text prevents
//! it as well. No card prints both texts on one unit.
//!
//! Whether the text names the unit it is printed on is checked before acting (`names_unit`), as
//! `understands` can't see the card.

use swtcg_card_text::card_text::{PreventAll, names_unit, prevent_all};
use swtcg_sdk::*;

struct PreventAllDamage;

/// The most one effect may prevent (docs/plugin-protocol.md: numbers are bounded by 1,000).
const MOST: u32 = 1_000;

/// The damage of `pending` that this text prevents, if any: preventable, not yet prevented, and
/// to this unit or (with "and from") from it.
fn prevented_by(text: &PreventAll, me: UnitId, pending: &Pending) -> Option<u32> {
    let left = pending.amount.saturating_sub(pending.prevented);
    let ours = pending.target == me || (text.from && pending.source == Some(me));
    (pending.preventable && ours && left > 0).then_some(left.min(MOST))
}

impl Keyword for PreventAllDamage {
    fn understands(ability: Ability) -> bool {
        prevent_all(&ability.parameter).is_some()
    }

    fn damage_pending(ability: Ability, _event: Event) -> HookResult {
        let Some(text) = prevent_all(&ability.parameter) else {
            return Ok(Vec::new());
        };
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        if !names_unit(&text.subject, &me.name) {
            return Ok(Vec::new());
        }
        Ok(host::pending_damage()
            .iter()
            .filter_map(|p| {
                prevented_by(&text, ability.unit, p).map(|amount| {
                    Effect::Prevent(UnitAmount {
                        unit: p.target,
                        amount,
                    })
                })
            })
            .collect())
    }
}

swtcg_sdk::export_keyword!(PreventAllDamage);

#[cfg(test)]
mod tests {
    use super::*;

    fn pending(target: UnitId, source: Option<UnitId>, preventable: bool) -> Pending {
        Pending {
            target,
            amount: 3,
            prevented: 1,
            source,
            from_attack_dice: true,
            preventable,
        }
    }

    #[test]
    fn prevents_what_is_left_to_and_from_this_unit_only() {
        let both = prevent_all("Prevent all damage to and from Bendu.").unwrap();
        let to = prevent_all("Prevent all damage to this unit.").unwrap();
        assert_eq!(prevented_by(&both, 7, &pending(7, Some(2), true)), Some(2));
        assert_eq!(prevented_by(&both, 7, &pending(2, Some(7), true)), Some(2));
        assert_eq!(prevented_by(&to, 7, &pending(2, Some(7), true)), None);
        assert_eq!(prevented_by(&both, 7, &pending(2, Some(3), true)), None);
        assert_eq!(prevented_by(&both, 7, &pending(2, None, true)), None);
        assert_eq!(prevented_by(&both, 7, &pending(7, Some(2), false)), None);
    }
}
