//! The Deploy keyword: "When you deploy this unit, you get the listed effect" (keywords.md,
//! Lackey: "When you deploy this unit, gain the listed effect").
//!
//! The trigger is the `unit-enters-arena` hook about this unit. The engine reaches that hook
//! when a player deploys a completed or retreated unit from the build zone in a build step,
//! when a card completed through Hidden Cost or Alternative Cost is deployed at once (which
//! counts as deploying, keywords.md), and when a `move-unit` effect moves a unit into an arena.
//! API 1.1 gives the hook the same event in all three cases, so a move by an effect can't be
//! told from a deploy yet; no bundled plugin moves units into arenas today. The plugin already
//! skips an arrival whose event says `amount = 0`, the marker proposed for moves (see the
//! report of issue 5); every other arrival counts as a deploy.
//!
//! The effect is read with the shared `effect_text` reader and given to the unit's controller,
//! "you" being the player who deploys it. A text the reader can't read is not understood, so
//! the ability does nothing rather than something else.

use swtcg_card_text::effect_text::{effects_now, parse};
use swtcg_sdk::*;

struct Deploy;

/// The name a text gives its own card, guessed from "... on <Name>." at its end. `understands`
/// is asked once per printed text, before the text belongs to a unit, so it can't see the
/// card's name; such texts name only their own card ("Put 1 credit counter on Zorii.").
fn named_target(text: &str) -> String {
    text.trim()
        .trim_end_matches(['.', '"'])
        .rsplit_once(" on ")
        .map(|(_, name)| name.trim().to_string())
        .unwrap_or_default()
}

impl Keyword for Deploy {
    fn unit_enters_arena(ability: Ability, event: Event) -> HookResult {
        // Only this unit's own arrival, and not one marked as a move by an effect.
        if event.unit != Some(ability.unit) || event.amount == Some(0) {
            return Ok(Vec::new());
        }
        let Some(me) = host::unit(ability.unit) else {
            return Ok(Vec::new());
        };
        let Some(outcomes) = parse(&ability.parameter, &me.name) else {
            return Ok(Vec::new());
        };
        Ok(effects_now(&outcomes, me.controller, ability.unit))
    }

    fn understands(ability: Ability) -> bool {
        let text = &ability.parameter;
        parse(text, "").is_some() || parse(text, &named_target(text)).is_some()
    }
}

swtcg_sdk::export_keyword!(Deploy);
