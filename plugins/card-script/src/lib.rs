//! The card-text plugin: a printed text is read by the one grammar of card text
//! (`swtcg-card-script`) into an ability script, and this plugin claims the text when it carries
//! out every part of the script (`understands` asks [`claimed`]). What it carries out so far:
//!
//! - static stat changes, keywords and rules (game 13.1.3), the card's own, an aura's (API 1.9
//!   `granted-abilities-for`) and an Equipment's for the unit it is attached to, in
//!   [`statics`];
//! - activated abilities (game 13.1, 13.8) with the costs the engine pays, and Battle cards of
//!   that form played from hand, in [`activated`], "Pay X Force" with X the amount chosen in
//!   [`x_cost`];
//! - triggered abilities (game 13.4), in [`triggered`]; the steps of both, in [`steps`],
//!   among them searches of the deck and returns from the discard pile (API 1.11
//!   `pick-cards`, the cards read against what is printed on them in [`units`]);
//! - several units picked one after another, or a unit and then a payment, each asked in the
//!   `chosen` call of the one before (API 1.20 `chosen-before`), in [`picks`].
//!
//! The units a script names are read against the game in [`units`]. A text is read with the
//! name of the card it is printed on (`host::unit(ability.unit)`, which `understands` sees too:
//! the host asks it with the card in an otherwise empty game), so "As long as Figrin is in the
//! Character arena, ..." is about Figrin D'an himself on his card, and about a unit named
//! Figrin on another.

mod activated;
mod completion;
mod enhance;
mod forbids;
mod granted;
mod lasting;
mod modes;
mod paid;
mod picks;
mod statics;
mod steps;
mod triggered;
mod units;
mod x_cost;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use swtcg_card_script::script::Script;
use swtcg_card_script::{Card, read};
use swtcg_sdk::*;
use triggered::Hook;

struct CardScript;

/// Scripts read, by text, the name of the card it is on and whether the card is played (a
/// Mission); none for a text not read whole.
type ReadScripts = HashMap<(String, String, bool), Option<Rc<Script>>>;

thread_local! {
    /// Scripts read in this game: a static query is asked again at every state change, and
    /// reading a text is the costly part. A script is shared, not copied, by the calls that
    /// use it.
    static READ: RefCell<ReadScripts> = RefCell::new(HashMap::new());
}

/// The script of an ability's text, if the grammar reads it whole, read with the name of the
/// unit's top card. For a text printed on the top card that is the card's own name, so a claim
/// and a play read the same script. An Equipment's text is an ability of the unit it is
/// attached to (zone `equipped`), and its "Equipped ..." texts are read with no name at all
/// (`normalize`). A host that shows no card (older hosts asked `understands` in an empty game)
/// gets the text read with no name, so that no name can be taken for the card's own.
fn script(ability: &Ability) -> Option<Rc<Script>> {
    let name = units::card(ability)
        .map(|unit| unit.name)
        .unwrap_or_default();
    script_of(&ability.parameter, &name)
}

/// The script of an ability and the view of its unit, with one question to the host.
fn script_and_unit(ability: &Ability) -> Option<(Rc<Script>, UnitView)> {
    let me = units::card(ability)?;
    let script = script_of(&ability.parameter, &me.name)?;
    Some((script, me))
}

fn script_of(text: &str, name: &str) -> Option<Rc<Script>> {
    read_script(text, name, false)
}

/// Whether the ability is printed on a Campaign or a Trap, whose texts work as a card's in play
/// rather than when the Mission resolves (game 16.6, 16.7).
fn lasting_mission(ability: &Ability) -> bool {
    units::card(ability)
        .is_some_and(|me| units::mission_of(&me, "Campaign") || units::mission_of(&me, "Trap"))
}

/// The script of a Mission's text: a played card is named in its text by its whole name only
/// ("Your Powers Are Weak" is not named by "Your opponent loses ...").
fn mission_script(ability: &Ability) -> Option<Rc<Script>> {
    let name = units::card(ability)
        .map(|unit| unit.name)
        .unwrap_or_default();
    read_script(&ability.parameter, &name, true)
}

/// The script of a Battle card's text: with a cost before an arrow, an activated ability's; with
/// none ("One of your units gets +30 speed until the end of battle."), a played card's, as a
/// Mission's is, played for nothing.
fn battle_script(ability: &Ability) -> Option<Rc<Script>> {
    match script(ability) {
        Some(script) if script.kind == swtcg_card_script::script::Kind::Activated => Some(script),
        _ => mission_script(ability),
    }
}

fn read_script(text: &str, name: &str, played: bool) -> Option<Rc<Script>> {
    READ.with(|read_before| {
        let mut read_before = read_before.borrow_mut();
        let key = (text.to_string(), name.to_string(), played);
        if let Some(script) = read_before.get(&key) {
            return script.clone();
        }
        let mut script = read(text, Card { name, played })
            .script
            // "... instead" replaces a card's effects in an Enhance ([`enhance`]), and a step
            // of an activated or triggered ability's own (`steps::replaced`).
            .filter(steps::replacements_ok);
        if let Some(script) = &mut script {
            statics::bind_that_arena(script);
            statics::bind_it(script);
            statics::bind_named(script);
            steps::date_changes(script);
            steps::each_arena_is_any(script);
        }
        let script = script.map(Rc::new);
        read_before.insert(key, script.clone());
        script
    })
}

/// Whether this plugin claims a text read on its own, with no card's name: a text granted in
/// quotes, whose card is the one it is granted to.
pub(crate) fn claimed_alone(text: &str) -> bool {
    // A granted text is the ability of a unit in play, whose own cost was counted when it was
    // built.
    script_of(text, "")
        .is_some_and(|script| claimed(&script, text) && !statics::changes_own_cost(&script))
}

/// Whether this plugin carries out every part of the script of `text`.
fn claimed(script: &Script, text: &str) -> bool {
    // An Enhance is an addition to a Battle card's play, which `understands` asks apart.
    if script.enhance {
        return false;
    }
    // A keyword printed bare ("Overkill") is its keyword plugin's; with its reminder text the
    // engine's reader of keyword abilities does not take it, and this plugin does.
    // Only a card played can keep a prohibition in effect beyond itself (API 1.14 `lasts`).
    // A trigger is heard only by a text with a word a trigger starts with (`on`): one without
    // would never happen, so it is not claimed.
    (statics::carried_out(script) && (!statics::uses_keyword(script) || text.contains('(')))
        || statics::counted_activation(script, text).is_some()
        || (!lasting::lasts(script)
            && (activated::carried_out(script, text)
                || (triggered::carried_out(script) && may_trigger(text))))
}

/// The script of an ability whose text this plugin claims. A text about its own card's build
/// cost works only if the engine lets it work in the build zone, which it reads alike
/// (`text::changes_own_build_cost`).
fn claimed_script(ability: &Ability) -> Option<Rc<Script>> {
    script(ability).filter(|script| {
        claimed(script, &ability.parameter)
            && (!statics::changes_own_cost(script)
                || units::card(ability).is_some_and(|me| {
                    api::text::changes_own_build_cost(&ability.parameter, &me.name)
                }))
    })
}

/// The ability's static script, its card and the target's view, if the script does what
/// `does` asks (changes stats, grants) and may do it to the target. The script is looked at
/// first: most abilities answer without a view of the target.
fn static_views(
    ability: &Ability,
    target: UnitId,
    does: fn(&Script) -> bool,
) -> Option<(Rc<Script>, UnitView, UnitView)> {
    let (script, me) = script_and_unit(ability)?;
    if !does(&script) {
        return None;
    }
    let unit = if target == me.id {
        me.clone()
    } else if statics::only_itself(&script) {
        return None;
    } else {
        host::unit(target)?
    };
    Some((script, me, unit))
}

fn change_for(ability: &Ability, target: UnitId) -> Stats {
    match static_views(ability, target, statics::changes_stats) {
        Some((script, me, unit)) => statics::change_for(&script, &me, &unit),
        None => statics::NO_CHANGE,
    }
}

/// The keywords `target` gets from the ability's static script, as printed texts.
fn keywords_for(ability: &Ability, target: UnitId) -> Vec<String> {
    // "Pay 2 Force -> Evade X, where X is ...": the card's own keyword, counted now; the script
    // and the card are looked up once for either reading.
    if target == ability.unit && api::text::has_arrow(&ability.parameter) {
        return match script_and_unit(ability) {
            Some((script, me)) if statics::grants(&script) => {
                statics::keywords_for(&script, &me, &me)
            }
            Some((script, me)) => {
                statics::counted_activation_text(&script, &ability.parameter, &me)
            }
            None => Vec::new(),
        };
    }
    match static_views(ability, target, statics::grants) {
        Some((script, me, unit)) => statics::keywords_for(&script, &me, &unit),
        None => Vec::new(),
    }
}

/// A hook call: what a triggered script does if its trigger is this one.
fn on(ability: &Ability, hook: Hook, event: &Event) -> HookResult {
    // Every ability of this plugin is called at each hook it lists: a text with no word a
    // trigger starts with is answered at once, without asking the host for its card.
    if !may_trigger(&ability.parameter) {
        return Ok(Vec::new());
    }
    match script(ability) {
        Some(script) if script.trigger.is_some() => {
            triggered::happen(ability, &script, hook, event)
        }
        _ => Ok(Vec::new()),
    }
}

/// The offers of an activated script at one of the moments the engine asks for them. Only a
/// text with a cost before an arrow is an ability to play (`activated::cost_of`): any other is
/// answered without reading it.
fn offers_at(ability: &Ability, when: activated::When, event: &Event) -> Vec<Activation> {
    let script = if ability.unit == NOT_IN_PLAY {
        battle_script(ability)
    } else if api::text::has_arrow(&ability.parameter) {
        script(ability)
    } else {
        return Vec::new();
    };
    script
        .map(|script| activated::offers(ability, &script, when, event))
        .unwrap_or_default()
}

/// Whether a text has a word a trigger starts with ("When", "Whenever", "At", "Each time", and
/// "Bounty", "Foresight", "Forewarning" and "Upkeep", whose triggers the keywords name): a
/// superset of the texts the grammar reads as triggered.
fn may_trigger(text: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).any(|word| {
        [
            "when",
            "whenever",
            "at",
            "time",
            "bounty",
            "foresight",
            "forewarning",
            "upkeep",
        ]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
    })
}

impl Keyword for CardScript {
    fn understands(ability: Ability) -> bool {
        let kind = host::printed(ability.unit).map(|card| card.kind);
        // A Campaign's text works while it stays in the build zone (game 16.6), and a Trap's
        // triggers complete it (16.7): their texts are read as those of a card in play.
        if kind == Some(CardKind::Mission) && lasting_mission(&ability) {
            return claimed_script(&ability).is_some();
        }
        // A Mission's text happens when the Mission resolves (game 7.4).
        if kind == Some(CardKind::Mission) {
            return mission_script(&ability).is_some_and(|script| {
                triggered::resolves(&script)
                    || completion::claimed(&script, &ability.parameter, triggered::resolves)
            });
        }
        // A Battle card's texts are played from hand as activated abilities are, and nothing
        // in them may be about the card itself (`activated::playable_from_hand`).
        if kind == Some(CardKind::Battle) {
            return battle_script(&ability).is_some_and(|script| {
                activated::carried_out(&script, &ability.parameter)
                    && activated::playable_from_hand(&script)
            });
        }
        claimed_script(&ability).is_some()
    }

    fn resolve(ability: Ability, _event: Event) -> HookResult {
        // A Campaign that resolves as other Missions do (OQ-25 `campaigns_stay = false`) has
        // nothing that happens when it resolves: its text works in play.
        if lasting_mission(&ability) {
            return Ok(Vec::new());
        }
        match mission_script(&ability) {
            // Its completion costs were paid when it was completed.
            Some(script) if !script.costs.is_empty() => {
                triggered::resolve(&ability, &completion::without_costs(&script))
            }
            Some(script) => triggered::resolve(&ability, &script),
            None => Ok(Vec::new()),
        }
    }

    fn completions(ability: Ability) -> Vec<Completion> {
        if completion::may_be_reduced_cost(&ability.parameter)
            && let Some((script, me)) = script_and_unit(&ability)
            && completion::is_reduced_cost(&script)
        {
            return completion::reduced(&script, &me);
        }
        if !completion::may_be_about_completing(&ability.parameter) {
            return Vec::new();
        }
        match (mission_script(&ability), units::card(&ability)) {
            (Some(script), Some(me)) => completion::routes(&script, &ability.parameter, &me),
            _ => Vec::new(),
        }
    }

    fn stat_modifier(ability: Ability) -> Stats {
        change_for(&ability, ability.unit)
    }

    fn stat_modifier_for(ability: Ability, unit: UnitId) -> Stats {
        change_for(&ability, unit)
    }

    fn can_be_attacked(ability: Ability, _attacker: UnitId) -> bool {
        match script_and_unit(&ability) {
            Some((script, me)) => statics::may_be_attacked(&script, &me),
            None => true,
        }
    }

    fn attack_die_modifier(ability: Ability, attacker: UnitId, _defender: UnitId) -> i32 {
        match script_and_unit(&ability) {
            Some((script, me)) => statics::dice_change(&script, &me, attacker),
            None => 0,
        }
    }

    fn damage_preventable(ability: Ability, source: UnitId, target: UnitId) -> Option<bool> {
        let (script, me) = script_and_unit(&ability)?;
        statics::preventable(&script, &me, source, target)
    }

    fn granted_abilities(ability: Ability) -> Vec<String> {
        keywords_for(&ability, ability.unit)
    }

    fn granted_abilities_for(ability: Ability, unit: UnitId) -> Vec<String> {
        keywords_for(&ability, unit)
    }

    fn build_cost_change_for(ability: Ability, unit: UnitId) -> i32 {
        match static_views(&ability, unit, statics::changes_costs) {
            Some((script, me, card)) => statics::cost_change_for(&script, &me, &card),
            None => 0,
        }
    }

    // `offer` and `effects` check that the script is an activated one this plugin carries out,
    // so the static part of the claim is not read again here.
    fn activations(ability: Ability, pop: Pop, event: Event) -> Vec<Activation> {
        offers_at(&ability, activated::When::Pop(pop), &event)
    }

    fn build_activations(ability: Ability, event: Event) -> Vec<Activation> {
        offers_at(&ability, activated::When::BuildStep, &event)
    }

    fn actions(ability: Ability, event: Event) -> Vec<Activation> {
        match event.unit {
            Some(actor) => offers_at(&ability, activated::When::Act(actor), &event),
            None => Vec::new(),
        }
    }

    fn forbids(ability: Ability, act: Act, controller: Side) -> bool {
        // A Mission's text about completing it, asked while it is being built.
        if let Act::Complete(unit) = act {
            if !completion::may_be_about_completing(&ability.parameter) {
                return false;
            }
            return match (mission_script(&ability), units::card(&ability)) {
                (Some(script), Some(me)) => completion::forbids(&script, &me, unit),
                _ => false,
            };
        }
        if !forbids::may_forbid(&ability.parameter) {
            return false;
        }
        // A Battle card's or Mission's ability a `lasts` effect keeps in effect.
        if ability.unit == NOT_IN_PLAY {
            return battle_script(&ability).is_some_and(|script| {
                forbids::forbids(&script, &activated::played_card(controller), &act, true)
            });
        }
        match script_and_unit(&ability) {
            Some((script, me)) if me.built && statics::carried_out(&script) => {
                forbids::forbids(&script, &me, &act, false)
            }
            _ => false,
        }
    }

    fn subtypes(ability: Ability) -> Vec<String> {
        // A quick look before the text is read: only "Treat ..." gives subtypes.
        if !ability.parameter.to_ascii_lowercase().contains("treat") {
            return Vec::new();
        }
        match script_and_unit(&ability) {
            Some((script, me)) if statics::carried_out(&script) => statics::subtypes(&script, &me),
            _ => Vec::new(),
        }
    }

    fn later(ability: Ability, _tag: u32) -> HookResult {
        let script =
            script(&ability).ok_or_else(|| format!("can't read \"{}\"", ability.parameter))?;
        triggered::later(&ability, &script)
    }

    fn build_step_start(ability: Ability, event: Event) -> HookResult {
        // A static rule of the draw ("draw 1 extra card during your draw step"), one of the
        // events that start a build step (game 6.2.1).
        if ability
            .parameter
            .to_ascii_lowercase()
            .contains("extra card")
        {
            return match script_and_unit(&ability) {
                Some((script, me)) if statics::carried_out(&script) => {
                    Ok(statics::extra_draws(&script, &me, event.side))
                }
                _ => on(&ability, Hook::BuildStep { starts: true }, &event),
            };
        }
        on(&ability, Hook::BuildStep { starts: true }, &event)
    }

    fn build_step_end(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BuildStep { starts: false }, &event)
    }

    fn damage_placed(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::DamagePlaced, &event)
    }

    fn build_action(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BuildAction, &event)
    }

    fn build_roll(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BuildRoll, &event)
    }

    fn battle_phase_start(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BattlePhase { starts: true }, &event)
    }

    fn battle_phase_end(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BattlePhase { starts: false }, &event)
    }

    fn battle_step_start(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BattleStep { starts: true }, &event)
    }

    fn battle_step_end(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::BattleStep { starts: false }, &event)
    }

    fn turn_start(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::Turn { starts: true }, &event)
    }

    fn turn_end(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::Turn { starts: false }, &event)
    }

    fn unit_enters_arena(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::UnitEntersArena, &event)
    }

    fn unit_discarded(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::UnitDiscarded, &event)
    }

    fn attack_declared(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::AttackDeclared, &event)
    }

    fn hits_counted(ability: Ability, event: Event) -> HookResult {
        on(&ability, Hook::HitsCounted, &event)
    }

    fn pop_p7(ability: Ability, event: Event) -> HookResult {
        // A played card's ability kept in effect (`lasting`), its card in a discard pile.
        if ability.unit == NOT_IN_PLAY {
            return Ok(battle_script(&ability)
                .map(|script| lasting::prevent(&script))
                .unwrap_or_default());
        }
        on(&ability, Hook::DamagePrevention, &event)
    }

    fn chosen(ability: Ability, index: u32) -> HookResult {
        let mission = host::printed(ability.unit).is_some_and(|c| c.kind == CardKind::Mission);
        let script = if mission {
            mission_script(&ability)
        } else if ability.unit == NOT_IN_PLAY {
            battle_script(&ability)
        } else {
            script(&ability)
        };
        let script = script.ok_or_else(|| format!("can't read \"{}\"", ability.parameter))?;
        // An activated ability asks a choice only of a unit about the unit its cost chose, or
        // of the things it asks one after another (several units, a payment).
        // A Battle card's ability is an activation too, of no unit in play.
        let activation = script.kind == swtcg_card_script::script::Kind::Activated
            || ability.unit == NOT_IN_PLAY;
        if activation && picks::asks_in_turn(&script) {
            return activated::picked(&ability, &script, index);
        }
        if paid::about_the_unit_paid(&script, &ability.parameter) {
            return activated::chosen(&ability, &script, index);
        }
        triggered::chosen(&ability, &script, index)
    }

    fn activate(ability: Ability, index: u32, choice: Choice, event: Event) -> HookResult {
        let script = if ability.unit == NOT_IN_PLAY {
            battle_script(&ability)
        } else {
            script(&ability)
        };
        let script = script.ok_or_else(|| format!("can't read \"{}\"", ability.parameter))?;
        activated::effects_of_offer(&ability, &script, index, &choice, event.side)
    }
}

swtcg_sdk::export_keyword!(CardScript);

#[cfg(test)]
mod tests {
    use super::*;

    fn claimed_on(text: &str, name: &str) -> bool {
        script_of(text, name).is_some_and(|script| claimed(&script, text))
    }

    fn claimed_text(text: &str) -> bool {
        claimed_on(text, "")
    }

    #[test]
    fn a_card_treated_as_a_subtype_is_claimed() {
        assert!(claimed_on("Treat Lobot as a Droid.", "Lobot (B)"));
        assert!(claimed_on(
            "Treat this unit as a Separatist Rebel.",
            "Rebel Droideka"
        ));
        // Another unit is not this plugin's to retype.
        assert!(!claimed_text("Treat each of your Clones as a Jedi."));
    }

    #[test]
    fn bounties_the_bounty_plugin_cannot_read_are_claimed() {
        assert!(claimed_on(
            "Bounty: you may remove all damage counters from Saucer Head.",
            "Saucer Head (A)"
        ));
        assert!(claimed_text(
            "Bounty: Tap one of your opponent's untapped Characters."
        ));
        assert!(claimed_on(
            "Bounty: Your opponent discards a card from his or her hand.",
            "Zuckuss (A)"
        ));
    }

    #[test]
    fn static_stat_changes_are_claimed() {
        assert!(claimed_text("Each of your other Clones gets +1 power."));
        assert!(claimed_text(
            "As long as this unit is in the Ground arena, each of your other Ground units gets +10 speed."
        ));
        assert!(claimed_text("This unit gets +1 power and +1 health."));
    }

    #[test]
    fn static_keywords_are_claimed_but_not_an_activated_keyword_without_its_cost() {
        assert!(claimed_text("Each of your Jedi gets Stealth."));
        assert!(claimed_text(
            "Each of your units in the Space arena gets -2 power and Accuracy 1."
        ));
        assert!(claimed_on(
            "As long as Praji is in the Character arena, each of your other Characters gets Lucky 1.",
            "Praji (A)"
        ));
        assert!(!claimed_text("Each of your Jedi gets Evade 1."));
    }

    #[test]
    fn activated_abilities_with_costs_the_engine_pays_are_claimed() {
        assert!(claimed_text(
            "[tap] -> Draw a card. Play only during your build step."
        ));
        assert!(claimed_text(
            "[tap] -> One of your Rebel Characters gets +20 speed and +2 power until end of turn."
        ));
        assert!(claimed_text(
            "[tap] -> Remove up to 3 damage counters from one of your Characters. Play only when no unit is attacking."
        ));
        assert!(claimed_on(
            "Pay 1 Force -> Prevent 1 damage to Anakin Skywalker.",
            "Anakin Skywalker (A)"
        ));
    }

    #[test]
    fn build_cost_changes_of_other_cards_and_of_the_cards_own_are_claimed() {
        assert!(claimed_on(
            "Each of your Trade Federation Ground units cost 1 less build counter to deploy.",
            "OOM-9's AAT (A)"
        ));
        assert!(claimed_text(
            "As long as this unit is in the Character arena, each Clone costs 1 fewer build counter to deploy."
        ));
        // Its own cost works while the card is built, where the engine lets the text work
        // (game 7.6); granted in quotes, to a unit in play, it would change nothing. Force costs
        // are not build costs.
        let own = "This unit costs 1 less build counter to deploy.";
        assert!(claimed_text(own));
        assert!(api::text::changes_own_build_cost(own, "Opee Sea Killer"));
        assert!(!claimed_alone(own));
        assert!(!claimed_text(
            "Each of your Jedi costs 1 less Force to play."
        ));
    }

    #[test]
    fn texts_it_does_not_carry_out_are_not_claimed() {
        // A card's side is what the host shows of a unit's card (API 1.11 `printed`).
        assert!(claimed_text("Each Neutral unit gets +1 power."));
        assert!(claimed_text("Each non-Neutral unit gets -1 power."));
        // Subordinates are a card type, which the host shows of a unit's top card as printed.
        assert!(claimed_text(
            "Each of your Subordinates gets +10 speed and +1 power."
        ));
        // A unit's keywords are not in the host's view of it.
        assert!(!claimed_text(
            "Each of your units with Stealth gets +1 power."
        ));
        assert!(!claimed_text("Gain 2 Force."));
        // A cost the engine does not pay (counters of a Resource that may be the opponent's).
        assert!(!claimed_text(
            "Remove 2 counters from a Resource -> Calo gets Accuracy 1 until end of turn."
        ));
        // The payer's Resource pays (game 16.4).
        assert!(claimed_text(
            "Remove 2 counters from your Resource -> Calo gets Accuracy 1 until end of turn."
        ));
        // Counters of a kind taken off the unit itself are paid (the contract's cost grammar).
        assert!(claimed_text(
            "Remove 3 credit counters from Calo -> Calo gets Accuracy 1 until end of turn."
        ));
        assert!(!claimed_text(
            "[tap] -> Draw a card, then discard a card at random from your hand. Play only during your build step."
        ));
        // A removal with no choice (API 1.12 `clear-damage`).
        assert!(claimed_text(
            "Pay 1 build point -> Remove 1 damage counter from this unit. Play only during your build step."
        ));
        // The acting unit's action instead of attacking (API 1.12 `actions`), but not another
        // unit's ("when that Jedi would attack").
        assert!(claimed_text(
            "[tap] -> Tap a unit in this arena. Play only when this unit would attack."
        ));
        assert!(!claimed_text(
            "Pay 1 Force -> One of your Jedi gets +4 power for this attack. Play only when that Jedi would attack."
        ));
        // Either player gains or loses Force (API 1.19 `player-gains-force`).
        assert!(claimed_text("[Tap] -> Your opponent gains 1 Force."));
        assert!(claimed_text("[Tap] -> Your opponent loses 1 Force."));
        // A discard from hand is a pick of the discarding player's (API 1.11 `pick-cards`).
        assert!(claimed_text(
            "[tap] -> Draw a card, then discard a card from your hand. Play only during your build step."
        ));
    }

    #[test]
    fn an_arena_chosen_is_claimed_when_each_arena_is_carried_out() {
        // AOTC Anakin's Inspiration and BOY Stormtrooper Assault: one offer per arena.
        assert!(claimed_text(
            "Pay 2 Force -> Choose an arena. Each of your units in that arena gets +20 speed until end of battle."
        ));
        assert!(claimed_text(
            "Pay 4 Force -> Choose Ground or Character. Each of your units in that arena gets +1 power until end of turn."
        ));
    }

    #[test]
    fn options_are_claimed_when_every_option_is_carried_out() {
        // RAS Virago (A): each option a change of its own stats for the turn.
        assert!(claimed_on(
            "When the Space battle step starts, choose one: Virago gets +20 speed until end of turn, or Virago gets +2 power until end of turn.",
            "Virago (A)"
        ));
        // AOTC Destroyer Droid, P Series: the first option prints no duration, so it lasts as
        // a trigger's change printed with none does (`steps::date_changes`, the rule
        // `trigger-change-lasts`).
        assert!(claimed_text(
            "When the Character battle step starts, if this unit is in the Character arena, choose one: this unit gets +20 speed, or this unit gets +2 power until the end of battle."
        ));
        // An option with a unit to choose would ask a second thing.
        assert!(!claimed_text(
            "When the battle phase starts, choose one: gain 1 Force, or remove up to 2 damage counters from one of your Starfighters."
        ));
    }

    #[test]
    fn triggered_abilities_are_claimed_when_their_trigger_and_steps_are_carried_out() {
        // Moments of the turn, with counts and "all".
        assert!(claimed_text(
            "When your build step starts, gain 1 Force for each Jedi you have in any arena."
        ));
        assert!(claimed_text(
            "When each turn ends, each player loses all of his or her Force."
        ));
        assert!(claimed_on(
            "When the Ground battle step starts, Hoth Icefields does 2 dice of damage to each unit in the Ground arena.",
            "Hoth Icefields"
        ));
        // The card's own deeds, "it" naming it; another unit's, with nothing asked.
        assert!(claimed_text("When you deploy this unit, draw a card."));
        assert!(claimed_text("When this unit attacks, you may untap it."));
        assert!(claimed_on(
            "When Obi-Wan is discarded from the Character arena, you gain +4 Force.",
            "Obi-Wan Kenobi (F)"
        ));
        assert!(claimed_text(
            "Whenever a unit is discarded from the Character arena, gain 1 Force."
        ));
        // A payment: the opponent's, or the controller's to keep a step from happening.
        assert!(claimed_text(
            "When the battle phase starts, your opponent may pay 2 Force. If he or she does, tap this unit."
        ));
        assert!(claimed_text(
            "When your build step starts, tap this unit unless you pay 1 build point."
        ));
        // A search of the deck into the hand (API 1.11 `pick-cards`).
        assert!(claimed_text(
            "When you deploy this unit, you may search your deck for a Jedi card, show it to your opponent, and put it into your hand. Then shuffle your deck."
        ));
        // A choice of one unit.
        assert!(claimed_on(
            "When the Character battle step starts, choose one of your opponent's Characters. Torture Room does 2 dice of damage to that unit.",
            "Torture Room"
        ));
    }

    #[test]
    fn triggered_abilities_it_does_not_carry_out_are_not_claimed() {
        // A search into play (its arena), a prevention of damage no trigger is about, a
        // "would be damaged" trigger that asks something (each unit about to be damaged would
        // be asked at once), "that unit" of another unit's trigger answered after a choice, and
        // a trigger of a Battle card played.
        assert!(!claimed_text(
            "When you deploy this unit, you may search your deck for a Droid unit card and put it into its arena. Then shuffle your deck."
        ));
        assert!(!claimed_text(
            "When this unit attacks, prevent 1 damage to it."
        ));
        assert!(!claimed_text(
            "Whenever one of your Diplomats would be damaged, you may prevent that damage. If you do, put 2 damage counters on this unit."
        ));
        // TAL Saarl: the prevention of the damage the trigger is about.
        assert!(claimed_text(
            "Whenever this unit would be damaged, prevent 1 of that damage."
        ));
        assert!(!claimed_text(
            "Whenever one of your Jedi attacks, you may untap that unit."
        ));
        assert!(!claimed_text(
            "Whenever your opponent plays a Battle card, draw a card."
        ));
        // A step in the middle that may or may not happen.
        assert!(!claimed_text(
            "When you deploy this unit, draw a card and you may gain 1 Force."
        ));
    }

    #[test]
    fn abilities_granted_in_quotes_are_claimed_when_they_will_be_carried_out() {
        // An activated keyword with a cost the engine pays, carried out by its keyword plugin.
        assert!(claimed_text(
            "Each of your Space unit gets \"Pay 0 Force -> Intercept\"."
        ));
        assert!(claimed_text(
            "Equipped non-Creature unit gets +1 power and \"Pay 1 Force -> Retaliate 2.\""
        ));
        // A text this plugin claims on its own.
        assert!(claimed_text(
            "Equipped Jedi gets \"Whenever this unit is attacked, your opponent loses 1 Force.\""
        ));
        // A quoted text no plugin would carry out, and a keyword without its number.
        assert!(!claimed_text(
            "Each of your Characters gets \"[tap] -> Search your deck for a Jedi card.\""
        ));
        assert!(!claimed_text(
            "Each of your units gets \"Pay 1 Force -> Evade\"."
        ));
        // "Equipped <name>" is read with no card's name: the words name the equipped unit.
        assert!(claimed_on(
            "Equipped Grogu also gets \"Pay 2 Force -> Evade 3.\"",
            "Grogu's Mind Force (A)"
        ));
    }

    #[test]
    fn a_keyword_printed_with_its_reminder_text_is_claimed() {
        // Battle Droid Division (AOTC) and Trade Federation Blockade Ship.
        assert!(claimed_text(
            "Overkill (When this unit attacks, you may divide hits in excess of the defending unit_s health between that unit and one other unit in the same arena. Overkill damage can't be affected by static abilities like Armor, Parry, or Shields)"
        ));
        assert!(claimed_text(
            "Bombard 5 (This unit may attack a unit in the Ground arena instead of a unit in the Space arena, using 5 power plus any other effects and power bonuses). Overkill (When this unit attacks, you may divide hits in excess of the defending unit_s health between that unit and one other unit in the same arena.)"
        ));
        // A keyword whose number is counted (Din Djarin (A)).
        assert!(claimed_text(
            "Lucky X, where X is the number of units your opponent has in the Character arena."
        ));
        // An activated keyword is printed with its cost: bare, it is not claimed. A keyword
        // printed bare is its own plugin's.
        assert!(!claimed_text("Evade 2 (Prevent 2 damage.)"));
        assert!(!claimed_text("Overkill"));
        assert!(!claimed_text("Accuracy 1"));
    }

    #[test]
    fn changes_while_a_unit_attacks_are_claimed() {
        // The unit getting the change attacks; the card itself attacks ("it" is the card);
        // units attacking the card.
        assert!(claimed_on(
            "Each Starfighter gets Critical Hit 3 as long as it's attacking the Death Star.",
            "Death Star (A)"
        ));
        assert!(claimed_text(
            "As long as this unit is attacking a Droid, it gets Stun 4."
        ));
        assert!(claimed_text(
            "This unit gets -2 power as long as it's attacking a unique Character."
        ));
        assert!(claimed_on(
            "Each Jedi gets +2 power when attacking this unit.",
            "Sith Wyrm"
        ));
        // A side is what the host shows of the defender's card (API 1.11 `printed`).
        assert!(claimed_text(
            "This unit gets +4 power as long as it's attacking a neutral unit."
        ));
    }

    #[test]
    fn the_folded_self_conditions_are_claimed() {
        assert!(claimed_text(
            "As long as you have no other units in the Character arena, this unit gets +30 speed."
        ));
        assert!(claimed_text(
            "As long as you have one or more Tuskens in any arena, this unit gets +2 power."
        ));
        assert!(claimed_text(
            "As long as you have more units in the Character arena than your opponent, this unit gets +2 power."
        ));
        assert!(claimed_on(
            "As long as Darth Nihilus is in any arena, Visas gets Accuracy 1 and Critical Hit 1.",
            "Visas Marr (B)"
        ));
        assert!(claimed_text(
            "Subtract 1 from each of this unit's attack dice."
        ));
        assert!(claimed_text(
            "Damage from this unit's attack can't be prevented."
        ));
        assert!(claimed_on(
            "Damage from Vader can't be prevented.",
            "Darth Vader (A)"
        ));
    }

    #[test]
    fn every_triggered_text_claimed_has_a_word_a_trigger_starts_with() {
        for text in [
            "When your build step starts, gain 1 Force.",
            "Whenever a unit is discarded from the Character arena, gain 1 Force.",
            "At the end of your turn, draw a card.",
        ] {
            assert!(may_trigger(text), "{text}");
        }
        assert!(may_trigger(
            "Bounty: Tap one of your opponent's untapped Characters."
        ));
        assert!(may_trigger(
            "Upkeep: Put 1 credit counter on one of your Locations."
        ));
        assert!(!may_trigger("Each of your Jedi gets +1 power."));
        assert!(!may_trigger("That unit gets +1 power."));
    }

    #[test]
    fn conditions_on_the_units_you_have_and_counts_are_claimed() {
        assert!(claimed_text(
            "As long as you have another Jedi in any arena, this unit gets +2 power."
        ));
        assert!(claimed_text(
            "As long as there is a Tusken in the Ground arena, this unit gets +1 power."
        ));
        assert!(claimed_text(
            "This unit gets -1 power for each damage counter on it."
        ));
        // Another card by its name: a unit whose name has those words.
        assert!(claimed_text(
            "As long as Darth Nihilus is in any arena, this unit gets +2 power."
        ));
    }

    #[test]
    fn that_arena_is_the_arena_the_condition_names() {
        assert!(claimed_on(
            "As long as Momaw is in the Character arena, each Stormtrooper in that arena gets -20 speed.",
            "Momaw Nadon (A)"
        ));
    }

    #[test]
    fn a_battle_card_printing_no_cost_is_played_for_nothing() {
        // AOTC Dark Speed and BOY Let the Wookiee Win: read as played cards, carried out as an
        // activation with no cost; the arrow inside a quoted ability is no cost of the card's.
        for (name, text) in [
            (
                "Dark Speed",
                "One of your units gets +30 speed until the end of battle.",
            ),
            (
                "Let the Wookiee Win",
                "Choose an arena. Until end of turn, each of your units in that arena gets \"Pay 2 Force -> Retaliate 2\".",
            ),
        ] {
            let script = read_script(text, name, true).expect("read");
            assert!(activated::carried_out(&script, text), "{name}");
            assert!(activated::playable_from_hand(&script), "{name}");
        }
    }

    #[test]
    fn a_text_naming_its_own_card_is_about_that_card() {
        // On Figrin the condition is about the card itself; on another card, about a unit
        // named Figrin.
        let text = "As long as Figrin is in the Character arena, each of your opponent's Characters gets -10 speed.";
        let who = |name: &str| match script_of(text, name).unwrap().conditions[0].clone() {
            swtcg_card_script::script::Condition::UnitsIn { who, .. } => who.pick,
            other => panic!("{other:?}"),
        };
        assert!(claimed_on(text, "Figrin D'an (A)"));
        assert_eq!(
            who("Figrin D'an (A)"),
            swtcg_card_script::script::Pick::This
        );
        assert!(claimed_on(text, "Darth Vader (G)"));
        assert_ne!(
            who("Darth Vader (G)"),
            swtcg_card_script::script::Pick::This
        );
    }
}
