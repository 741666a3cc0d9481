//! The Forewarning keyword: "Whenever this unit is attacked, you may predict the number of hits
//! that will be rolled for that attack. If you're correct, gain the [effect]." (static, layered).
//!
//! It works like Foresight, for the defending unit: when an attack on its unit is declared (game
//! 10.1.3), each Forewarning offers its controller an optional choice of "0 hits", "1 hit", ...
//! up to the most attack dice the attacker may roll in that attack as far as the attacker's own
//! abilities tell (its total power, or its Bombard, Ion Cannon or Barrage X against another arena,
//! plus its Fury and Overload X, at most 19). The prediction is a note on this unit for this
//! attack. When the hits are counted (game 10.5), a prediction equal to the hits gives the printed
//! effect to this unit's controller, read with the shared `effect_text` helper.
//!
//! The hits compared are those the engine counts for the attack: after the re-roll POP (P5), with
//! Accuracy and Armor applied and Fury's extra dice included; re-rolled dice are part of rolling
//! the attack. The prediction belongs to "that attack": if Intercept or Redirect makes another
//! unit the defender before the roll, the prediction made for this unit still counts against the
//! attack's hits. An intercepting unit predicts nothing, since the engine has no "is attacked"
//! moment for it (game 10.11). Each Forewarning of a unit predicts on its own (layered). An effect
//! text the helper can't read makes the ability do nothing (`understands` answers false).

use swtcg_prediction::{Prediction, Predicts};
use swtcg_sdk::*;

struct Forewarning;

const RULE: Prediction = Prediction {
    note: "forewarning",
    predicts: Predicts::AttacksOnIt,
};

impl Keyword for Forewarning {
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

swtcg_sdk::export_keyword!(Forewarning);
