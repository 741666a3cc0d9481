//! The Foresight keyword: "Whenever this unit attacks, you may predict the number of hits that
//! will be rolled for that attack. If you're correct, gain the [effect]." (static, layered).
//!
//! When its unit's attack is declared (game 10.1.3), each Foresight offers its controller an
//! optional choice of "0 hits", "1 hit", ... up to the most attack dice the unit may roll in
//! that attack as far as its own abilities tell (its total power, or its Bombard, Ion Cannon or
//! Barrage X against another arena, plus its Fury and Overload X, at most 19). The prediction is
//! a note on the unit for this attack. When the hits are counted (game 10.5), a prediction equal
//! to the hits gives the printed effect, read with the shared `effect_text` helper.
//!
//! The hits compared are those the engine counts for the attack: after the re-roll POP (P5), with
//! Accuracy and the defender's Armor applied and Fury's extra dice included. "The number of hits
//! that will be rolled for that attack" is read as the attack's result; re-rolled dice are part
//! of rolling it. Each Foresight of a unit predicts on its own (layered). The work is shared with
//! Forewarning in the library `swtcg_prediction` (plugins/shared/prediction).

use swtcg_prediction::{Prediction, Predicts};
use swtcg_sdk::*;

struct Foresight;

const RULE: Prediction = Prediction {
    note: "foresight",
    predicts: Predicts::ItsAttacks,
};

impl Keyword for Foresight {
    fn understands(ability: Ability) -> bool {
        RULE.understands(&ability)
    }

    fn attack_declared(ability: Ability, event: Event) -> HookResult {
        RULE.attack_declared(&ability, &event)
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        RULE.chosen(&ability, index)
    }

    fn hits_counted(ability: Ability, event: Event) -> HookResult {
        RULE.hits_counted(&ability, &event)
    }
}

swtcg_sdk::export_keyword!(Foresight);
