//! `swtcg-card-script`: the one grammar of the game's printed card text, and the ability scripts
//! it reads texts into (issue 20). Pure: no I/O, no wasmtime, no guest SDK, so that the host
//! (`swtcg cards explain`, `cards coverage`) and a wasm card plugin read a text with the same
//! code.
//!
//! Reading never fails: [`read`] returns a [`Reading`] holding either the script or the place
//! where the grammar stopped and the words it expected there, so a designer sees which word of a
//! new card's text is not understood yet.
//!
//! - `script`: the ability script's types, which `cards explain --json` prints.
//! - `grammar`: the rules, one file per part of speech (units, effects, costs, triggers,
//!   conditions), over the words and the error in `grammar/words.rs`.
//! - `normalize`: the data's typography, reminder text and the card's own name.
//! - `explain`: scripts in readable form.
//! - `vocabulary`: the keywords an effect may grant and the subtypes written in several words.

pub mod explain;
mod grammar;
pub mod normalize;
pub mod script;
pub mod vocabulary;

pub use script::Script;
use serde::Serialize;

/// The longest text the grammar reads; a longer one stops at its start. Real abilities are under
/// 700 characters; the bound keeps the time of a read small for any input.
pub const MAX_TEXT: usize = 2_000;

/// The card whose text is read: its name (which its text may use for itself) and whether its
/// plain text is played (a Battle card or a Mission) rather than static (units, Equipment,
/// Locations).
#[derive(Debug, Clone, Copy)]
pub struct Card<'a> {
    pub name: &'a str,
    pub played: bool,
}

/// What reading one printed ability gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The text as the grammar read it (prepared by [`normalize::prepare`]).
    pub text: String,
    /// The script, when the whole text was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<Script>,
    /// Where reading stopped, when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<Stop>,
}

/// Where the grammar stopped reading a text, and what it expected there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stop {
    /// Byte offset in the prepared text.
    pub offset: usize,
    /// The word at that place ("" at the text's end).
    pub word: String,
    /// What would have been read on, as the grammar names it: words in quotes' stead, or a
    /// kind of phrase ("a unit", "a number").
    pub expected: Vec<String>,
}

impl Stop {
    /// One line: `at "Heal": expected "gain", "draw" or an effect`.
    pub fn describe(&self) -> String {
        let word = if self.word.is_empty() {
            "the end".to_string()
        } else {
            format!("\"{}\"", self.word)
        };
        // A long list is cut: the first words say what kind of word was wanted.
        const SHOWN: usize = 8;
        let expected = match self.expected.as_slice() {
            [] => "nothing more".to_string(),
            [one] => one.clone(),
            all if all.len() > SHOWN => format!(
                "{}, ... ({} more)",
                all[..SHOWN].join(", "),
                all.len() - SHOWN
            ),
            [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
        };
        format!("stopped at {word}: expected {expected}")
    }
}

/// Reads one printed ability of a card.
pub fn read(text: &str, card: Card<'_>) -> Reading {
    let mut prepared = normalize::prepare_card(text, card.name, card.played);
    // The card's name without its version: 'with "~" in its name' and "a ~ card" are words of
    // it, not the card itself.
    let base = card.name.split(" (").next().unwrap_or(card.name).trim();
    if !base.is_empty() {
        for (open, close) in [('"', '"'), ('\u{201c}', '\u{201d}')] {
            prepared =
                prepared.replace(&format!("{open}~{close}"), &format!("{open}{base}{close}"));
        }
    }
    if prepared.len() > MAX_TEXT {
        return Reading {
            stop: Some(Stop {
                offset: 0,
                word: first_word(&prepared),
                expected: vec![format!("a text of at most {MAX_TEXT} characters")],
            }),
            text: prepared,
            script: None,
        };
    }
    match grammar::ability(&prepared, card.played) {
        Ok(mut script) => {
            if prepared.contains('~') {
                let unnamed = normalize::prepare_card(text, "", card.played);
                restore_subordinate_names(&mut script.steps, &unnamed);
                restore_card_names(&mut script.steps, base);
            }
            Reading {
                text: prepared,
                script: Some(script),
                stop: None,
            }
        }
        Err(expected) => {
            let offset = prepared.len().saturating_sub(expected.remaining);
            let mut what: Vec<String> = expected.what.iter().map(|w| label(w)).collect();
            what.dedup();
            Reading {
                stop: Some(Stop {
                    offset,
                    word: first_word(&prepared[offset..]),
                    expected: what,
                }),
                text: prepared,
                script: None,
            }
        }
    }
}

/// A Subordinate's name is a card's name, never the self mark: "take 1 60/2/1 Star Forge
/// Starfighter Subordinate" printed on Star Forge (C) names the card "Star Forge Starfighter",
/// which the card's own name inside it must not become `~` of. The name is taken again from the
/// text read without the card's name (`unnamed`), after the stats printed before it.
fn restore_subordinate_names(steps: &mut [script::Step], unnamed: &str) {
    for step in steps {
        match &mut step.effect {
            script::Effect::TakeSubordinate { name, stats, .. } if name.contains('~') => {
                let lower = unnamed.to_ascii_lowercase();
                let after = format!("{} ", stats.to_ascii_lowercase());
                if let Some(at) = lower.find(&after) {
                    let start = at + after.len();
                    if let Some(len) = lower[start..].find(" subordinate") {
                        *name = unnamed[start..start + len].trim().to_string();
                    }
                }
            }
            script::Effect::Roll { then, .. } => restore_subordinate_names(then, unnamed),
            script::Effect::ChooseOne(options) => {
                for option in options {
                    restore_subordinate_names(option, unnamed);
                }
            }
            _ => {}
        }
    }
}

/// Cards of the card's own name ("You may take a Luke Skywalker card from your deck" printed on
/// Luke Skywalker (A), read as "a ~ card") name cards by `base`, that name without its version.
fn restore_card_names(steps: &mut [script::Step], base: &str) {
    if base.is_empty() {
        return;
    }
    for step in steps {
        match &mut step.effect {
            script::Effect::Search { what, .. } | script::Effect::Move { what, .. } => {
                for filter in &mut what.filters {
                    if *filter == script::Filter::Named(normalize::SELF.to_string()) {
                        *filter = script::Filter::Named(base.to_string());
                    }
                }
            }
            script::Effect::Roll { then, .. } => restore_card_names(then, base),
            script::Effect::ChooseOne(options) => {
                for option in options {
                    restore_card_names(option, base);
                }
            }
            _ => {}
        }
    }
}

/// Literal words in quotes; descriptions ("a unit") as they are.
fn label(what: &str) -> String {
    let described = what.starts_with("a ")
        || what.starts_with("an ")
        || what.starts_with("the ")
        || what.starts_with("what ")
        || what.starts_with('+')
        || what.contains(" or ")
        || what == "unit";
    if described && what != "a" && what != "an" && what != "the" {
        what.to_string()
    } else {
        format!("\"{what}\"")
    }
}

fn first_word(text: &str) -> String {
    text.split_whitespace().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Effect, Kind};

    fn unit(text: &str) -> Reading {
        read(
            text,
            Card {
                name: "Test Unit",
                played: false,
            },
        )
    }

    #[test]
    fn a_whole_text_gives_a_script() {
        let reading = unit("Pay 2 Force -> Gain 3 Force.");
        let script = reading.script.expect("read");
        assert_eq!(script.kind, Kind::Activated);
        assert!(matches!(
            script.steps[0].effect,
            Effect::Force { lose: false, .. }
        ));
    }

    #[test]
    fn timed_prevention_keeps_its_duration() {
        let prevention = |script: &Script| {
            script
                .steps
                .iter()
                .find(|s| matches!(s.effect, Effect::Prevent { .. }))
                .cloned()
                .expect("a prevention")
        };
        // AOTC A Moment's Rest: the duration printed after.
        let rest = prevention(&battle(
            "Choose one of your units. Prevent all damage to that unit this turn.",
            "A Moment's Rest",
        ));
        assert_eq!(rest.duration, Some(script::Duration::ThisTurn));
        assert!(matches!(rest.effect, Effect::Prevent { amount: None, .. }));
        // ESB Leia's Warning: printed first, with the units whose damage it prevents.
        let warning = prevention(&battle(
            "Pay 3 Force -> Choose one of your Jedi Characters. This turn, when that Character \
             would be damaged, prevent up to 2 of that damage.",
            "Leia's Warning",
        ));
        assert_eq!(warning.duration, Some(script::Duration::ThisTurn));
        let Effect::Prevent {
            to,
            amount: Some(script::Amount::Number(2)),
            by: None,
        } = warning.effect
        else {
            panic!("{warning:?}")
        };
        assert_eq!(to.pick, script::Pick::That);
        // ESB Outmaneuver Them: "whenever".
        let outmaneuver = prevention(&battle(
            "Pay 2 Force -> Choose one of your Space or Ground units. This turn, whenever that \
             unit would be damaged, prevent 1 of that damage.",
            "Outmaneuver Them",
        ));
        assert_eq!(outmaneuver.duration, Some(script::Duration::ThisTurn));
        // Anything but a prevention after "when ... would be damaged" is not read.
        assert!(
            battle_reading(
                "Choose one of your units. This turn, when that unit would be damaged, draw a card."
            )
            .is_none()
        );
    }

    /// The script of a Battle card's text, which must be read.
    fn battle(text: &str, name: &str) -> Script {
        match read(text, Card { name, played: true }) {
            Reading {
                script: Some(script),
                ..
            } => script,
            reading => panic!("{text}: {:?}", reading.stop),
        }
    }

    fn battle_reading(text: &str) -> Option<Script> {
        read(
            text,
            Card {
                name: "Test Battle",
                played: true,
            },
        )
        .script
    }

    #[test]
    fn enhance_texts_read_as_additions() {
        // ESB Hanging Around: "more" Force, "instead" after a comma.
        let hanging = battle(
            "Enhance: Pay 2 more Force -> That unit gets -6 power for this attack, instead.",
            "Hanging Around",
        );
        assert!(hanging.enhance);
        assert_eq!(hanging.kind, Kind::Activated);
        assert_eq!(
            hanging.costs,
            [script::Cost::Force(script::Amount::Number(2))]
        );
        assert!(hanging.steps.iter().all(|s| s.instead));
        // ESB Strange Lodgings: "instead" with no comma; PM Sneak Attack names its own card.
        assert!(
            battle(
                "Enhance: Pay 3 more Force -> Prevent 4 damage to that unit instead.",
                "Strange Lodgings"
            )
            .steps[0]
                .instead
        );
        assert!(
            battle(
                "Enhance: Pay 6 more Force -> Sneak Attack does 8 dice of damage to that unit instead.",
                "Sneak Attack"
            )
            .steps[0]
                .instead
        );
        // KAE Revan's Redemption: "Also, ..." adds to the card's effects.
        let also = battle(
            "Enhance: Pay 2 Force -> Also, put 2 redemption counters on a unit in any arena.",
            "Revan's Redemption",
        );
        assert!(also.enhance && !also.steps[0].instead);
        // "instead" elsewhere is read as a step's own word (SR Moment of Truth), for the card
        // plugins to decide; with no arrow an Enhance is not read (ESB See You in Hell).
        let moment = unit(
            "Pay 1 Force -> Prevent 1 damage to one of your units. If Mace Windu is in the \
             Character arena, prevent up to 2 damage to that unit instead.",
        )
        .script
        .expect("read");
        assert!(!moment.enhance && moment.steps[1].instead && !moment.steps[0].instead);
        assert!(
            unit("Enhance: That unit gets +4 power and Critical Hit 4 for this attack, instead.")
                .script
                .is_none()
        );
    }

    #[test]
    fn subordinates_taken_from_the_supply_read_whole() {
        let take = |text: &str| match unit(text).script {
            Some(script) => script.steps[0].effect.clone(),
            None => panic!("{text}: {:?}", unit(text).stop),
        };
        // Sith Assault Team (TAL): an activated take with abilities in quotes, two arenas.
        assert_eq!(
            take(
                "Pay 3 Force -> Take 1 50/3/3 Dark Jedi Warrior Subordinate with \"Cunning\" and put \
                 it into the Ground or Character arena. Play only during your build step."
            ),
            Effect::TakeSubordinate {
                count: 1,
                name: "Dark Jedi Warrior".into(),
                stats: "50/3/3".into(),
                abilities: vec!["Cunning".into()],
                arenas: vec![script::Arena::Ground, script::Arena::Character],
                tapped: false,
            }
        );
        // Two quoted abilities joined by "and"; the data's empty quotes (AAA) say nothing.
        let Effect::TakeSubordinate { abilities, .. } = take(
            "Pay 2 build points -> Take 1 50/3/2 Elite Jedi Knight Subordinate with \"Critical \
             Hit 1\" and \"Pay 2 Force -> Protect 2\" and put it into the Ground or Character \
             arena. Play only during your build step.",
        ) else {
            panic!()
        };
        assert_eq!(abilities.len(), 2);
        let Effect::TakeSubordinate {
            abilities, arenas, ..
        } = take(
            "Tap -> Take 1 60/2/2 Jedi Padawan Subordinate with \"\" and put it into its arena. \
             Play only during your build step.",
        )
        else {
            panic!()
        };
        assert!(abilities.is_empty() && arenas.is_empty());
        // Plural, in a triggered ability.
        let Effect::TakeSubordinate { count, name, .. } = take(
            "When you deploy this unit, take 2 40/2/2 Czerka Guard Subordinates and put them into \
             the Ground arena.",
        ) else {
            panic!()
        };
        assert_eq!((count, name.as_str()), (2, "Czerka Guard"));
        // The card's own name inside a Subordinate's name stays a name (Star Forge (C)).
        let star_forge = read(
            "Whenever Star Forge is attacked, you may pay 2 Force. If you do, take 1 60/2/1 Star \
             Forge Starfighter Subordinate with \"Tap -> Protect 1\" and put it into the Space arena.",
            Card {
                name: "Star Forge (C)",
                played: false,
            },
        );
        let steps = star_forge.script.expect("read").steps;
        assert!(matches!(
            &steps[1].effect,
            Effect::TakeSubordinate { name, .. } if name == "Star Forge Starfighter"
        ));
        // Without its stats a Subordinate is one of several: not read.
        assert!(
            unit("Tap, Pay 2 Force -> Take 1 Jedi Subordinate and put it into its arena.")
                .script
                .is_none()
        );
    }

    #[test]
    fn reduced_cost_and_attacks_into_other_arenas_read_whole() {
        // TAL Mandalorian Basilisk War Droid style "Reduced Cost N: If <condition>.".
        let script = unit("Reduced Cost 5: If you have 2 or more Subordinates in any arena.")
            .script
            .expect("read");
        assert_eq!(script.kind, Kind::Static);
        assert_eq!(script.conditions.len(), 1);
        assert_eq!(script.steps[0].effect, Effect::ReducedCost(5));
        assert!(
            unit("Reduced Cost 2: If a Location is in the Space arena.")
                .script
                .is_some()
        );
        // BOBF Fennec Shand (E), KAE Darth Traya (C): Foresight and Forewarning effects.
        let foresight = unit("Foresight: Untap ~.").script.expect("read");
        assert_eq!(foresight.trigger, Some(script::Trigger::Foresight));
        assert_eq!(foresight.kind, Kind::Triggered);
        let forewarning = unit("Forewarning: Prevent up to 3 damage to ~.")
            .script
            .expect("read");
        assert_eq!(forewarning.trigger, Some(script::Trigger::Forewarning));
        // 15TH Emperor Palpatine (V), TM Din Djarin: one rule for each arena named.
        let script =
            unit("This unit can attack your opponent's units in the Ground or Character arena.")
                .script
                .expect("read");
        let rules: Vec<_> = script
            .steps
            .iter()
            .map(|step| step.effect.clone())
            .collect();
        assert!(matches!(
            rules.as_slice(),
            [
                Effect::Rule {
                    rule: script::UnitRule::CanAttackIn(script::Arena::Ground),
                    ..
                },
                Effect::Rule {
                    rule: script::UnitRule::CanAttackIn(script::Arena::Character),
                    ..
                }
            ]
        ));
    }

    #[test]
    fn forms_of_the_data_read_whole() {
        let script = |text: &str| match unit(text).script {
            Some(script) => script,
            None => panic!("{text}: {:?}", unit(text).stop),
        };
        // TM "- >" for an arrow.
        assert_eq!(
            script("Pay 1 Force - > This unit gets -10 speed until end of turn.").kind,
            Kind::Activated
        );
        // "can't retreat from the Character arena": the units there.
        let Effect::Rule { who, .. } =
            &script("Your opponent's units can't retreat from the Character arena.").steps[0]
                .effect
        else {
            panic!()
        };
        assert!(
            who.filters
                .contains(&script::Filter::In(script::Where::Arenas(vec![
                    script::Arena::Character
                ])))
        );
        // "in the chosen arena" is the arena chosen before.
        script(
            "When the battle phase starts, choose an arena. Each of your Gamorreans in the chosen \
             arena gets Fury 1 and Armor until end of turn.",
        );
        // Two limits joined by ", and only".
        assert_eq!(
            script("[Tap] -> Draw a card. Play only when ~ would attack, and only once per turn.")
                .limits
                .len(),
            2
        );
        // "put it in the Ground arena".
        script(
            "Pay 2 build points -> Take 1 40/2/2 Magistrate's Guard Subordinate with \"Accuracy \
             1\" and put it in the Ground or Character arena. Play only during your build step.",
        );
    }

    #[test]
    fn a_text_not_read_names_the_word_and_what_was_expected() {
        let reading = unit("Pay 2 Force -> Gain 2 health.");
        assert!(reading.script.is_none());
        let stop = reading.stop.expect("stop");
        assert_eq!(stop.word, "health.");
        assert_eq!(stop.offset, "Pay 2 Force -> Gain 2 ".len());
        assert!(stop.expected.contains(&"\"force\"".to_string()), "{stop:?}");
        assert!(
            stop.describe()
                .starts_with("stopped at \"health.\": expected"),
            "{}",
            stop.describe()
        );
    }

    #[test]
    fn real_templates_read_whole() {
        let played = |text: &str| {
            read(
                text,
                Card {
                    name: "Plan of Attack",
                    played: true,
                },
            )
        };
        let search = played(
            "Search your deck. You may take a Battle card from your deck. Show it to your opponent \
             and put it into your hand. Then shuffle your deck.",
        );
        assert!(
            matches!(
                search.script.as_ref().map(|s| &s.steps[0].effect),
                Some(Effect::Search {
                    count: 1,
                    up_to: true,
                    ..
                })
            ),
            "{search:?}"
        );
        // BOY Jawa Crawler: a sentence that starts with "Then" is the next step.
        let crawler = read(
            "[tap] -> Draw 2 cards. Then discard 3 cards from your hand. Play only during your \
             build step.",
            Card {
                name: "Jawa Crawler",
                played: false,
            },
        );
        assert_eq!(crawler.script.expect("read").steps.len(), 2);
        // ANH Luke Skywalker (A): a card of his own name, read as "a ~ card".
        let luke = read(
            "[tap] -> Search your deck. You may take a Luke Skywalker card from your deck. Show it \
             to your opponent and put it into your hand. Then shuffle your deck. Play only during \
             the build step.",
            Card {
                name: "Luke Skywalker (A)",
                played: false,
            },
        );
        let Some(Effect::Search { what, .. }) = luke.script.as_ref().map(|s| &s.steps[0].effect)
        else {
            panic!("{luke:?}")
        };
        assert!(
            what.filters
                .contains(&script::Filter::Named("Luke Skywalker".into())),
            "{what:?}"
        );
        let task = played(
            "To complete Plan of Attack, you must also tap one of your untapped units in the \
             Character arena. Gain 2 Force.",
        );
        assert_eq!(task.script.expect("read").costs.len(), 1);
        let both = unit("Equipped Neutral unit gets +1 power and Precision.");
        assert_eq!(both.script.expect("read").steps.len(), 2);
        let backfire =
            unit("Each of your opponent's units gets Backfire 2 when attacking a Tatooine unit.");
        let script = backfire.script.expect("read");
        assert!(matches!(
            script.conditions[0],
            crate::script::Condition::Attacking {
                target: Some(_),
                ..
            }
        ));
        let falcon = read(
            "The Millennium Falcon can have an extra Pilot.",
            Card {
                name: "Millennium Falcon (A)",
                played: false,
            },
        );
        assert!(falcon.script.is_some(), "{falcon:?}");
    }

    #[test]
    fn prohibitions_read_as_rules_and_forbidden_plays() {
        use crate::script::{Duration, Owner, Pick, Player, PlayerAct, UnitRule};
        let played = |name: &str, text: &str| {
            read(text, Card { name, played: true })
                .script
                .unwrap_or_else(|| panic!("{text}"))
        };
        // ANH Surprise Attack (Mission): the opponent, for the turn.
        let surprise = played(
            "Surprise Attack",
            "Your opponent can't play Battle cards this turn.",
        );
        assert_eq!(
            surprise.steps[0].effect,
            Effect::Forbid {
                who: Player::Opponent,
                act: PlayerAct::BattleCards
            }
        );
        assert_eq!(surprise.steps[0].duration, Some(Duration::ThisTurn));
        // AOTC Chase the Villain: the opponent's Characters, in the retreat step only.
        let chase = played(
            "Chase the Villain",
            "Your opponent can't retreat any Characters during his or her retreat step this turn.",
        );
        let Effect::Rule { who, rule } = &chase.steps[0].effect else {
            panic!("{chase:?}")
        };
        assert_eq!(*rule, UnitRule::CantRetreatInRetreatStep);
        assert_eq!(
            (who.pick.clone(), who.owner),
            (Pick::Each, Owner::Opponents)
        );
        // ANH Rebel Marine: a condition after the rule is the static ability's.
        let marine = unit("This unit can't attack if you have no units in the Space arena.")
            .script
            .expect("read");
        assert_eq!(marine.kind, Kind::Static);
        assert_eq!(marine.conditions.len(), 1);
        assert!(marine.steps[0].only_if.is_none());
        // AOTC Slave I (A): "with damage counters on them" is one or more.
        let slave = unit(
            "As long as this unit is in the Space arena, your opponent can't retreat any Space units with damage counters on them during his or her retreat step.",
        );
        assert!(slave.script.is_some(), "{slave:?}");
    }

    #[test]
    fn a_step_may_have_its_own_if_about_the_unit_chosen() {
        use crate::script::{Condition, Pick, UnitState};
        // JG Qui-Gon Jinn (B): "the Jedi" and "him or her" are the Jedi chosen.
        let quigon = unit(
            "When this unit is discarded from the Character arena, choose one of your other Jedi in the Character arena. That Jedi gets +4 power until end of turn. If the Jedi is tapped, untap him or her.",
        )
        .script
        .expect("read");
        let untap = &quigon.steps[2];
        assert!(matches!(&untap.effect, Effect::Untap(u) if u.pick == Pick::That));
        assert!(matches!(
            &untap.only_if,
            Some(Condition::UnitsAre { who, state: UnitState::Tapped }) if who.pick == Pick::That
        ));
        // "the Character arena" is no unit.
        assert!(unit("Retreat the Character arena.").script.is_none());
    }

    #[test]
    fn damage_a_unit_does_to_itself_when_the_attack_ends() {
        // SR Darth Maul (A): no comma after the trigger; the step waits for the attack's end.
        let maul = unit(
            "When this unit attacks you may give him +5 power for that attack. If you do, this unit does 2 damage to himself when the attack ends.",
        )
        .script
        .expect("read");
        assert!(maul.steps[0].optional && !maul.steps[0].when_attack_ends);
        let damage = &maul.steps[1];
        assert!(damage.if_you_do && damage.when_attack_ends);
        assert!(
            matches!(&damage.effect, Effect::SelfDamage { who, .. } if who.pick == crate::script::Pick::This)
        );
        // SR Brutal Assault: "that unit does 2 damage to itself", led by "When the attack ends,".
        let assault = read(
            "Pay 2 Force -> One of your units gets +5 power for this attack. When the attack ends, that unit does 2 damage to itself.",
            Card {
                name: "Brutal Assault",
                played: true,
            },
        )
        .script
        .expect("read");
        assert!(assault.steps[1].when_attack_ends);
        assert!(
            matches!(&assault.steps[1].effect, Effect::SelfDamage { who, .. } if who.pick == crate::script::Pick::That)
        );
    }

    #[test]
    fn a_stat_equal_to_a_number_is_one_for_each_thing_counted() {
        // TAL Sithspawn: power and health, 1 each per Creature.
        let sithspawn = unit(
            "This unit's power and health are equal to the number of Creatures you have in any arena.",
        )
        .script
        .expect("read");
        let Effect::Stats {
            who,
            power,
            health,
            speed,
            per,
        } = &sithspawn.steps[0].effect
        else {
            panic!("{sithspawn:?}");
        };
        assert_eq!(who.pick, script::Pick::This);
        assert_eq!((*power, *health, *speed), (1, 1, 0));
        assert!(matches!(per, Some(script::Count::Units(_))));
        // RAS Lando Calrissian (G): ten speed per Bespin unit.
        let lando = read(
            "Lando's speed equals 10 times the number of Bespin units in any arena (including Lando).",
            Card {
                name: "Lando Calrissian (G)",
                played: false,
            },
        )
        .script
        .expect("read");
        assert!(matches!(
            lando.steps[0].effect,
            Effect::Stats {
                speed: 10,
                power: 0,
                ..
            }
        ));
        // KAE Jedi Master and Apprentice (G): a condition on the cards in its own stack.
        let masters = read(
            "As long as Jedi Master and Apprentice has 4 or more cards in its stack, it gets Inspiration.",
            Card {
                name: "Jedi Master and Apprentice (G)",
                played: false,
            },
        )
        .script
        .expect("read");
        assert!(matches!(
            &masters.conditions[0],
            script::Condition::AtLeast {
                count: script::Count::Stack(on),
                amount: 4
            } if on.pick == script::Pick::This
        ));
    }

    #[test]
    fn a_subtype_given_is_the_ability_to_be_treated_as_one() {
        // TM Sorgan Sanctuary: "Each of your Farmers in this arena gets the Forest subtype, +1
        // health, and Damage Control 1."
        let sanctuary = unit(
            "Each of your Farmers in this arena gets the Forest subtype, +1 health, and Damage Control 1.",
        )
        .script
        .expect("read");
        let granted = sanctuary.granted_abilities();
        assert_eq!(granted, ["Treat this unit as a Forest."]);
        // AAA Hunter's Call: two subtypes, an ability each.
        let call = unit(
            "One of your units gets the Assassin and Bounty Hunter subtypes until end of turn.",
        )
        .script
        .expect("read");
        assert_eq!(
            call.granted_abilities(),
            [
                "Treat this unit as an Assassin.",
                "Treat this unit as a Bounty Hunter."
            ]
        );
    }

    #[test]
    fn an_upkeep_printing_an_effect_is_a_trigger_of_the_build_step() {
        // BOBF Pyke Repulsortrain: the effect happens when its controller's build step starts.
        let pyke = unit("Upkeep: Put 1 credit counter on one of your units in this arena.")
            .script
            .expect("read");
        assert_eq!(pyke.trigger, Some(crate::script::Trigger::Upkeep));
        assert_eq!(pyke.kind, Kind::Triggered);
        assert_eq!(pyke.steps.len(), 1);
        assert!(!pyke.steps[0].optional);
        // A cost to pay is the Upkeep plugin's and is not read as an effect.
        assert!(
            unit("Upkeep: Pay 1 Force or tap this unit.")
                .script
                .is_none()
        );
    }

    #[test]
    fn a_bounty_and_its_steps_wait_for_the_next_build_step() {
        // RAS Cad Bane-style bonus: every step of "Bounty: ..." waits (keywords.md Bounty).
        let cad = read(
            "Bounty: Remove all damage counters from Cad, and your opponent discards a card from their hand.",
            Card {
                name: "Cad Bane (A)",
                played: false,
            },
        )
        .script
        .expect("read");
        assert_eq!(cad.trigger, Some(crate::script::Trigger::Bounty));
        assert_eq!(cad.steps.len(), 2);
        assert!(cad.steps.iter().all(|s| s.when_build_step_starts));
        let tap = unit("Bounty: You may tap one of your opponent's Characters.")
            .script
            .expect("read");
        assert!(tap.steps[0].optional && tap.steps[0].when_build_step_starts);
        // "... when your next build step starts" printed after a step, or first.
        let later = unit(
            "When this unit is discarded, gain 1 build point when your next build step starts.",
        )
        .script
        .expect("read");
        assert!(later.steps[0].when_build_step_starts);
        // FOR Lothal Rebel X-wings: two gains of one verb, both waiting.
        let lothal = unit(
            "When this unit is discarded, gain 1 build point and 1 Force when your next build step starts.",
        )
        .script
        .expect("read");
        assert_eq!(lothal.steps.len(), 2);
        assert!(matches!(
            lothal.steps[1].effect,
            Effect::Force { lose: false, .. }
        ));
        assert!(lothal.steps.iter().all(|s| s.when_build_step_starts));
        assert!(!later.steps[0].when_attack_ends);
        // TM Kubaz Bounty Hunter: "a Bounty Hunter unit card" is a kind of card, the name's
        // words after a determiner.
        let kubaz = read(
            "Bounty: You may return a Bounty Hunter unit card from your discard pile to your hand.",
            Card {
                name: "Kubaz Bounty Hunter",
                played: false,
            },
        );
        assert!(kubaz.script.is_some(), "{:?}", kubaz.stop);
        assert!(!kubaz.text.contains('~'), "{}", kubaz.text);
        // TM Bounty Hunter Guild Squad (A): "Bounty" is the keyword, not the card's name.
        let squad = read(
            "Bounty: Take 1 40/2/2 Trandoshan Bounty Hunter Subordinate with \"Cunning\" and put it into the Character arena.",
            Card {
                name: "Bounty Hunter Guild Squad (A)",
                played: false,
            },
        );
        assert_eq!(
            squad.script.map(|s| s.trigger),
            Some(Some(crate::script::Trigger::Bounty)),
            "{:?}",
            squad.stop
        );
        // TMW Trapper's Starfighter (B): a kind of counter printed with a capital.
        let trapper = unit("Bounty: Put 1 Captivity counter on one of your opponent's units.")
            .script
            .expect("read");
        assert!(matches!(
            &trapper.steps[0].effect,
            Effect::Counters { kind, .. } if kind == "captivity"
        ));
        // RAS Boba Fett (C): the bonus printed bare is gained.
        let boba = unit("Bounty: 2 build points.").script.expect("read");
        assert!(matches!(
            boba.steps[0].effect,
            Effect::BuildPoints {
                amount: crate::script::Amount::Number(2),
                lose: false,
                ..
            }
        ));
        let led = unit(
            "When this unit attacks, draw a card. When your next build step starts, gain 1 Force.",
        )
        .script
        .expect("read");
        assert!(!led.steps[0].when_build_step_starts && led.steps[1].when_build_step_starts);
    }

    #[test]
    fn a_whole_hand_discarded() {
        use crate::script::Player;
        // ANH Destroy Alderaan, AOTC Plot the Secession.
        let alderaan = unit("Your opponent discards his or her hand.")
            .script
            .expect("read");
        assert_eq!(
            alderaan.steps[0].effect,
            Effect::DiscardHand(Player::Opponent)
        );
        let plot = unit("Discard your hand. Then draw 5 cards.")
            .script
            .expect("read");
        assert_eq!(plot.steps[0].effect, Effect::DiscardHand(Player::You));
        assert!(matches!(plot.steps[1].effect, Effect::Draw { .. }));
    }

    #[test]
    fn treated_as_a_subtype_with_or_without_an_article() {
        // RAS Lobot (B); 15TH Aphra's Team (A), TM Din's Strike Team (A).
        for (text, subtype) in [
            ("Treat Test Unit as a Droid.", "Droid"),
            ("Treat Test Unit as Imperial.", "Imperial"),
            ("Treat Test Unit as Farmer Creature.", "Farmer Creature"),
        ] {
            let script = unit(text).script.expect("read");
            assert!(matches!(
                &script.steps[0].effect,
                Effect::TreatAs { who, subtype: s } if who.pick == crate::script::Pick::This && s == subtype
            ));
        }
    }

    #[test]
    fn extra_draws_are_a_rule_of_the_draw_step() {
        // BOY Han Solo (A) and ESB Bespin System (whose text ends with two periods).
        let han = unit(
            "As long as Han is in the Character arena, draw 1 extra card during your draw step.",
        )
        .script
        .expect("read");
        assert_eq!(han.kind, crate::script::Kind::Static);
        assert!(matches!(
            han.steps[0].effect,
            Effect::ExtraDraws {
                who: crate::script::Player::You,
                amount: crate::script::Amount::Number(1)
            }
        ));
        let bespin = unit("Each player draws 1 extra card during his or her draw step..")
            .script
            .expect("read");
        assert!(matches!(
            bespin.steps[0].effect,
            Effect::ExtraDraws {
                who: crate::script::Player::Each,
                ..
            }
        ));
        // ROTJ Princess Leia (J), Occupied Bespin: an extra card when the draw step starts.
        let leia = unit("When your draw step starts, draw 1 extra card.")
            .script
            .expect("read");
        assert_eq!(leia.kind, crate::script::Kind::Static);
        assert!(leia.trigger.is_none());
        assert!(matches!(
            leia.steps[0].effect,
            Effect::ExtraDraws {
                who: crate::script::Player::You,
                amount: crate::script::Amount::Number(1)
            }
        ));
    }

    #[test]
    fn totals_bound_the_units_a_phrase_names() {
        use crate::script::Filter;
        let filters = |text: &str| match unit(text).script {
            Some(script) => match &script.steps[0].effect {
                Effect::Choose(units) => units.filters.clone(),
                other => panic!("{other:?}"),
            },
            None => panic!("{text}: {:?}", unit(text).stop),
        };
        // ROTJ Log Trap, RAS Doctor Evazan (A), BOY Darth Vader (F).
        assert!(
            filters("Pay 1 Force -> Choose a Ground unit with speed 30 or lower. Gain 1 Force.")
                .contains(&Filter::SpeedAtMost(30))
        );
        assert!(
            filters(
                "[tap] -> Choose an untapped unit in the Character arena with a total build cost of 4 or less. Gain 1 Force."
            )
            .contains(&Filter::BuildCostAtMost(4))
        );
        let vader = unit(
            "[tap], Pay 4 Force -> Choose one of your opponent's Characters with a total health of 3 or less in the Character arena. Your opponent discards that Character.",
        )
        .script
        .expect("read");
        let Effect::Choose(units) = &vader.steps[0].effect else {
            panic!("{vader:?}")
        };
        assert!(units.filters.contains(&Filter::HealthAtMost(3)));
        assert!(
            matches!(&vader.steps[1].effect, Effect::Discard(that) if that.pick == crate::script::Pick::That)
        );
    }

    #[test]
    fn printed_texts_of_every_form_read_whole() {
        // (card, played, text): real texts of the bundled sets, one per form the grammar reads.
        let texts = [
            (
                "Change in Destiny",
                true,
                "Pay 4 Force -> Disrupt a Battle card.",
            ),
            (
                "Dismiss",
                true,
                "Pay 4 Force, discard a card from your hand -> Disrupt a Battle card or activated ability.",
            ),
            ("AT-AT", false, "Damage from this unit can't be prevented."),
            (
                "Stormtrooper Assault Team",
                false,
                "Damage from this unit's attack can't be prevented.",
            ),
            (
                "Rebel Crew Chief",
                false,
                "[tap] -> Show one of your partially built Starfighter cards to your opponent. Put 1 build counter on it. Play only during your build step.",
            ),
            (
                "Beru Lars (A)",
                false,
                "Discard Beru from the Character arena -> Return a Character card from your discard pile to your hand. Play only during your Build step.",
            ),
            (
                "Support in the Senate",
                true,
                "You get +1 build point for each Diplomat in the Character arena.",
            ),
            (
                "Tusken Raider",
                false,
                "This unit gets +1 power for each other Tusken in any arena.",
            ),
            (
                "Confusion",
                true,
                "Pay 5 Force -> Choose an arena. Tap all units in that arena.",
            ),
            (
                "R4-P17 (A)",
                false,
                "[tap] -> Choose one: gain 1 build point, or remove up to 2 damage counters from one of your Starfighters or Speeders.",
            ),
            (
                "Nowhere to Run",
                true,
                "Pay 3 Force -> Choose a Ground unit in your opponent's build zone. Put that unit into the ground arena. If it's tapped, untap it.",
            ),
            (
                "Retreat Underground",
                true,
                "Pay 1 Force -> Retreat one of your units. Play only if no unit is attacking.",
            ),
            (
                "Vehicle Weapons Package",
                false,
                "Equipped Space or Ground unit gets +2 power.",
            ),
        ];
        for (name, played, text) in texts {
            let reading = read(text, Card { name, played });
            assert!(
                reading.script.is_some(),
                "{name}: {text}\n{:?}",
                reading.stop
            );
        }
    }

    #[test]
    fn a_duration_printed_first_and_single_quotes_read_as_printed_after() {
        // JG Lightsaber Gift: the sentence's duration first, the ability in single quotes.
        let gift = read(
            "Until end of turn, each of your Jedi gets 'Pay 2 Force -> This unit gets +3 power \
             for this attack.'",
            Card {
                name: "Lightsaber Gift",
                played: true,
            },
        )
        .script
        .expect("read");
        let step = &gift.steps[0];
        assert_eq!(step.duration, Some(crate::script::Duration::ThisTurn));
        let crate::script::Effect::Grant { abilities, .. } = &step.effect else {
            panic!("{step:?}")
        };
        assert_eq!(
            abilities,
            &["Pay 2 Force -> This unit gets +3 power for this attack.".to_string()]
        );
        // AOTC Master and Apprentice: "each get" after the units chosen.
        let each = read(
            "Pay 3 Force -> Up to 2 of your units each get +2 power until the end of battle.",
            Card {
                name: "Master and Apprentice",
                played: true,
            },
        );
        assert!(each.script.is_some(), "{:?}", each.stop);
    }

    #[test]
    fn a_text_too_long_is_refused_at_once() {
        let reading = unit(&"Gain 1 Force and ".repeat(200));
        assert!(reading.stop.expect("stop").expected[0].contains("at most"));
    }
}
