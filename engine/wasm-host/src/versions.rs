//! Every API version's conversions between its generated types (`versions/wit_bindings.rs`,
//! from `plugin-api/wit/` and `wit-history/`) and the contract's (`swtcg_plugin_api`); the `host`
//! functions of each version, answered from `StateView`, are in `versions/host_functions.rs`. The
//! versions read alike: each later one adds records, effects or host questions to the one before.

use swtcg_plugin_api as api;

/// The generated bindings, one module per API version (`versions/wit_bindings.rs`).
mod wit_bindings;

/// How each version writes the zones and card kinds added since 1.0.0 (`Since1_17`,
/// `Since1_18`).
mod newer_cases;
pub(crate) use newer_cases::{Since1_17, Since1_18};

pub(crate) use wit_bindings::*;

/// Whether an addition offer of a plugin built against API 1.6 or older replaces the effects
/// of the card it is played with: before 1.7 gave `activation` its field `replaces`, the offer's
/// label said so by starting with "Instead: " (in any case; Enhance "... instead"). This is the
/// one place that knows that protocol: the conversions of those versions set `replaces` with
/// it, and so does the native path for a plugin of an older minor version, so that the engine
/// reads the flag only and a 1.6 Enhance still replaces.
pub fn replaces_by_old_label(label: &str) -> bool {
    const REPLACES: &str = "Instead: ";
    label
        .get(..REPLACES.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(REPLACES))
}

/// The answer of `removed-keywords-all` (API 1.7) for a plugin built against an older version,
/// which has only the per-unit `removed-keywords`: `ask` is its answer about one unit, asked
/// about each unit of the state in the engine's order (ascending id), as the engine itself
/// asked before 1.7, so that such a plugin sees the same calls in the same order and its
/// answers lose the same keywords. This is the one place that knows that protocol: the wasm
/// host's versions 1.1 to 1.6 and the native path of an older minor version use it, and the
/// rules core asks only the one-call form.
pub fn lost_keywords_unit_by_unit<E>(
    state: &swtcg_rules::model::GameState,
    mut ask: impl FnMut(u32) -> Result<Vec<String>, E>,
) -> Result<Vec<api::LostKeywords>, E> {
    let mut lost = Vec::new();
    for unit in state.units.keys() {
        let keywords = ask(unit.0)?;
        if !keywords.is_empty() {
            lost.push(api::LostKeywords {
                unit: unit.0,
                keywords,
            });
        }
    }
    Ok(lost)
}

/// Conversions between the engine's `swtcg_plugin_api` types and one API version's generated
/// types. Every version has the records of 1.0.0 but `ability` (1.2) and `activation` (1.7)
/// unchanged, so the same code serves each; `activation` is converted in `activation_by_label!`
/// and `conversions_1_7!`, and the effects a version adds in `conversions_1_1!`,
/// `conversions_1_4!` and the versions' modules.
macro_rules! conversions {
    ($wit:path) => {
        use super::api;
        use $wit as wit;

        pub(crate) fn from_wit_side(side: wit::Side) -> api::Side {
            match side {
                wit::Side::Dark => api::Side::Dark,
                wit::Side::Light => api::Side::Light,
            }
        }

        // The zones a version added to the four of 1.0.0 (1.17's `resource-zone`, 1.18's
        // `event-zone`) are read by `Since1_18::newer` (none before 1.17).
        #[allow(unreachable_patterns)]
        pub(crate) fn from_wit_zone(zone: wit::Zone) -> api::Zone {
            match zone {
                wit::Zone::Space => api::Zone::Space,
                wit::Zone::Ground => api::Zone::Ground,
                wit::Zone::Character => api::Zone::Character,
                wit::Zone::BuildZone => api::Zone::BuildZone,
                newer => super::Since1_18::newer(newer),
            }
        }

        fn to_wit_zone(zone: api::Zone) -> wit::Zone {
            match zone {
                api::Zone::Space => wit::Zone::Space,
                api::Zone::Ground => wit::Zone::Ground,
                api::Zone::Character => wit::Zone::Character,
                api::Zone::BuildZone => wit::Zone::BuildZone,
                api::Zone::ResourceZone => <wit::Zone as super::Since1_17>::RESOURCE,
                api::Zone::EventZone => <wit::Zone as super::Since1_18>::EVENT,
            }
        }

        pub(crate) fn to_wit_side(side: api::Side) -> wit::Side {
            match side {
                api::Side::Dark => wit::Side::Dark,
                api::Side::Light => wit::Side::Light,
            }
        }

        fn to_wit_arena(arena: api::Arena) -> wit::Arena {
            match arena {
                api::Arena::Space => wit::Arena::Space,
                api::Arena::Ground => wit::Arena::Ground,
                api::Arena::Character => wit::Arena::Character,
            }
        }

        pub(crate) fn from_wit_arena(arena: wit::Arena) -> api::Arena {
            match arena {
                wit::Arena::Space => api::Arena::Space,
                wit::Arena::Ground => api::Arena::Ground,
                wit::Arena::Character => api::Arena::Character,
            }
        }

        pub(crate) fn unit_view(u: api::UnitView) -> wit::UnitView {
            wit::UnitView {
                id: u.id,
                name: u.name,
                owner: to_wit_side(u.owner),
                controller: to_wit_side(u.controller),
                zone: to_wit_zone(u.zone),
                built: u.built,
                tapped: u.tapped,
                damage: u.damage,
                speed: u.speed,
                power: u.power,
                health: u.health,
                cost: u.cost,
                build_counters: u.build_counters,
                unique: u.unique,
                subtypes: u.subtypes,
                arenas: u.arenas.into_iter().map(to_wit_arena).collect(),
                stack_size: u.stack_size,
            }
        }

        /// The attack in progress as the WIT record, built from the state in one step (the
        /// same fields as `HostView::attack`, without its list of dice copied first).
        pub(crate) fn attack_view(a: &swtcg_rules::model::attack::AttackState) -> wit::AttackView {
            wit::AttackView {
                attacker: a.attacker.0,
                defender: a.defender.0,
                arena: to_wit_arena(a.arena.into()),
                dice: a
                    .dice
                    .iter()
                    .map(|d| wit::Die {
                        initial: d.initial,
                        natural: d.natural,
                        modifier: d.modifier,
                    })
                    .collect(),
                hits: a.hits,
            }
        }

        pub(crate) fn pending(p: api::PendingView) -> wit::Pending {
            wit::Pending {
                target: p.target,
                amount: p.amount,
                prevented: p.prevented,
                source: p.source,
                from_attack_dice: p.from_attack_dice,
                preventable: p.preventable,
            }
        }

        pub(crate) fn player_view(p: api::PlayerView) -> wit::PlayerView {
            wit::PlayerView {
                force: p.force,
                build_points: p.build_points,
                hand_size: p.hand_size,
                deck_size: p.deck_size,
            }
        }

        pub(crate) fn to_wit_pop(pop: api::Pop) -> wit::Pop {
            use api::Pop as P;
            match pop {
                P::BattlePhase => wit::Pop::BattlePhase,
                P::BattleStep => wit::Pop::BattleStep,
                P::BetweenAttacks => wit::Pop::BetweenAttacks,
                P::Attack => wit::Pop::Attack,
                P::Reroll => wit::Pop::Reroll,
                P::PendingDamage => wit::Pop::PendingDamage,
                P::DamagePrevention => wit::Pop::DamagePrevention,
                P::DamagePlacement => wit::Pop::DamagePlacement,
                P::AttackEnd => wit::Pop::AttackEnd,
                P::Disrupt => wit::Pop::Disrupt,
            }
        }

        pub(crate) fn to_wit_event(e: &api::HookEvent) -> wit::Event {
            wit::Event {
                turn: e.turn,
                side: e.side.map(to_wit_side),
                arena: e.arena.map(to_wit_arena),
                attacker: e.attacker,
                defender: e.defender,
                unit: e.unit,
                amount: e.amount,
            }
        }

        pub(crate) fn to_wit_dice_kind(kind: api::DiceKind) -> wit::DiceKind {
            match kind {
                api::DiceKind::Attack => wit::DiceKind::Attack,
                api::DiceKind::Damage => wit::DiceKind::Damage,
            }
        }

        pub(crate) fn to_wit_retarget(by: api::Retarget) -> wit::Retarget {
            match by {
                api::Retarget::Intercept => wit::Retarget::Intercept,
                api::Retarget::Redirect => wit::Retarget::Redirect,
                api::Retarget::Other => wit::Retarget::Other,
            }
        }

        pub(crate) fn to_wit_choice(c: api::ActivationChoice) -> wit::Choice {
            wit::Choice {
                target: c.target,
                amount: c.amount,
            }
        }

        fn from_wit_duration(d: wit::Duration) -> api::Duration {
            match d {
                wit::Duration::ThisAttack => api::Duration::ThisAttack,
                wit::Duration::NextAttack => api::Duration::NextAttack,
                wit::Duration::EndOfBattle => api::Duration::EndOfBattle,
                wit::Duration::EndOfTurn => api::Duration::EndOfTurn,
                wit::Duration::EndOfGame => api::Duration::EndOfGame,
            }
        }

        fn from_wit_stats(s: wit::StatChange) -> api::StatChange {
            api::StatChange {
                unit: s.unit,
                speed: s.speed,
                power: s.power,
                health: s.health,
                duration: from_wit_duration(s.duration),
            }
        }

        pub(crate) fn from_wit_stat_totals(s: wit::Stats) -> api::Stats {
            api::Stats {
                speed: s.speed,
                power: s.power,
                health: s.health,
            }
        }

        pub(crate) fn from_wit_completion(c: wit::Completion) -> api::Completion {
            api::Completion {
                label: c.label,
                cost: c.cost,
                min_counters: c.min_counters,
                force_for_missing: c.force_for_missing,
                from_hand: c.from_hand,
                anytime: c.anytime,
            }
        }

        fn dice_of_damage(d: wit::DiceOfDamage) -> api::Delayed {
            api::Delayed::DiceOfDamage {
                source: d.source,
                target: d.target,
                dice: d.dice,
            }
        }

        fn damage(d: wit::Damage) -> api::Delayed {
            api::Delayed::Damage {
                source: d.source,
                target: d.target,
                amount: d.amount,
            }
        }

        /// The effects of 1.0.0; an effect a later version added comes back as `Err`.
        #[allow(unreachable_patterns)]
        fn from_wit_effect_1_0(effect: wit::Effect) -> Result<api::Effect, wit::Effect> {
            use api::Effect as E;
            Ok(match effect {
                wit::Effect::Stats(s) => E::Stats(from_wit_stats(s)),
                wit::Effect::Prevent(u) => E::Prevent {
                    unit: u.unit,
                    amount: u.amount,
                },
                wit::Effect::AddPending(u) => E::AddPending {
                    unit: u.unit,
                    amount: u.amount,
                },
                wit::Effect::DiceOfDamage(d) => E::DiceOfDamage {
                    source: d.source,
                    target: d.target,
                    dice: d.dice,
                },
                wit::Effect::Damage(d) => E::Damage {
                    source: d.source,
                    target: d.target,
                    amount: d.amount,
                },
                wit::Effect::ChangeDefender(unit) => E::ChangeDefender { unit },
                wit::Effect::OfferSplit(hits) => E::OfferSplit { hits },
                wit::Effect::ExtraAttackDice(dice) => E::ExtraAttackDice { dice },
                wit::Effect::GainForce(amount) => E::GainForce { amount },
                wit::Effect::Tap(unit) => E::Tap { unit },
                wit::Effect::Untap(unit) => E::Untap { unit },
                wit::Effect::Counters(c) => E::Counters {
                    unit: c.unit,
                    kind: c.kind,
                    amount: c.amount,
                },
                wit::Effect::PayOneOf(costs) => E::PayOneOf { costs },
                wit::Effect::Reroll(dice) => E::Reroll { dice },
                wit::Effect::DiceModifier(amount) => E::DiceModifier { amount },
                wit::Effect::MoveUnit(m) => E::MoveUnit {
                    unit: m.unit,
                    zone: from_wit_zone(m.zone),
                },
                wit::Effect::PlaceDamage(u) => E::PlaceDamage {
                    unit: u.unit,
                    amount: u.amount,
                },
                wit::Effect::RemoveDamage(u) => E::RemoveDamage {
                    unit: u.unit,
                    amount: u.amount,
                },
                wit::Effect::Grant(g) => E::Grant {
                    unit: g.unit,
                    text: g.text,
                    duration: from_wit_duration(g.duration),
                },
                wit::Effect::AtAttackEnd(delayed) => E::AtAttackEnd(from_wit_delayed(delayed)),
                other => return Err(other),
            })
        }
    };
}

/// The record `activation` of API 1.0.0 to 1.6.0, in a version's module after `conversions!`:
/// it has no field `replaces`, which the label's old protocol gives (`replaces_by_old_label`).
macro_rules! activation_by_label {
    () => {
        pub(crate) fn from_wit_activation(o: wit::Activation) -> api::Activation {
            api::Activation {
                replaces: super::replaces_by_old_label(&o.label),
                label: o.label,
                cost: o.cost,
                targets: o.targets,
                max_amount: o.max_amount,
            }
        }
    };
}

/// The host question `attack-inline` of API 1.6.0 and later, in a version's module after
/// `conversions!`.
macro_rules! inline_attack {
    () => {
        /// The attack with its first eight dice in the record (`attack-inline`), the others
        /// zero.
        pub(crate) fn inline_attack_view(
            a: &swtcg_rules::model::attack::AttackState,
        ) -> wit::InlineAttackView {
            let mut dice = [wit::Die {
                initial: 0,
                natural: 0,
                modifier: 0,
            }; 8];
            for (to, d) in dice.iter_mut().zip(&a.dice) {
                *to = wit::Die {
                    initial: d.initial,
                    natural: d.natural,
                    modifier: d.modifier,
                };
            }
            let [d0, d1, d2, d3, d4, d5, d6, d7] = dice;
            wit::InlineAttackView {
                attacker: a.attacker.0,
                defender: a.defender.0,
                arena: to_wit_arena(a.arena.into()),
                hits: a.hits,
                dice_count: u32::try_from(a.dice.len()).unwrap_or(u32::MAX),
                dice: (d0, d1, d2, d3, d4, d5, d6, d7),
            }
        }
    };
}

/// The conversions of what API 1.1.0 added (and later versions kept), in a version's module
/// after `conversions!`; `$($newer)*` converts the effects a later version added.
macro_rules! conversions_1_1 {
    () => {
        conversions_1_1!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        pub(crate) fn to_wit_card(card: &api::CardView) -> wit::CardView {
            wit::CardView {
                name: card.name.clone(),
                subtypes: card.subtypes.clone(),
                arenas: card.arenas.iter().map(|&a| to_wit_arena(a)).collect(),
                unique: card.unique,
            }
        }

        pub(crate) fn from_wit_delayed(delayed: wit::Delayed) -> api::Delayed {
            match delayed {
                wit::Delayed::DiceOfDamage(d) => dice_of_damage(d),
                wit::Delayed::Damage(d) => damage(d),
                wit::Delayed::Stats(s) => api::Delayed::Stats(from_wit_stats(s)),
                wit::Delayed::GainForce(amount) => api::Delayed::GainForce { amount },
                wit::Delayed::GainBuildPoints(amount) => api::Delayed::GainBuildPoints { amount },
                wit::Delayed::Draw(cards) => api::Delayed::Draw { cards },
                wit::Delayed::LoseForce(d) => api::Delayed::LoseForce {
                    side: from_wit_side(d.side),
                    amount: d.amount,
                },
            }
        }

        /// An effect of this version in the engine's form.
        pub(crate) fn from_wit_effect(effect: wit::Effect) -> Result<api::Effect, String> {
            use api::Effect as E;
            Ok(match from_wit_effect_1_0(effect) {
                Ok(e) => e,
                Err(wit::Effect::Draw(d)) => E::Draw {
                    side: from_wit_side(d.side),
                    cards: d.amount,
                },
                Err(wit::Effect::GainBuildPoints(amount)) => E::GainBuildPoints { amount },
                Err(wit::Effect::LoseForce(d)) => E::LoseForce {
                    side: from_wit_side(d.side),
                    amount: d.amount,
                },
                Err(wit::Effect::Choose(o)) => E::Choose {
                    options: o.options,
                    optional: o.optional,
                },
                Err(wit::Effect::Note(n)) => E::Note {
                    unit: n.unit,
                    key: n.key,
                    value: n.value,
                    duration: from_wit_duration(n.duration),
                },
                Err(wit::Effect::AttackAgain(a)) => E::AttackAgain {
                    attacker: a.attacker,
                    defender: a.defender,
                    tap: a.tap,
                },
                Err(wit::Effect::AtBuildStepStart(d)) => E::AtBuildStepStart(from_wit_delayed(d)),
                Err(wit::Effect::PutBeneath(b)) => E::PutBeneath {
                    unit: b.unit,
                    from: b.from,
                },
                $($newer)*
                // `from_wit_effect_1_0` converts every other effect.
                Err(other) => return Err(format!("unconverted effect {other:?}")),
            })
        }
    };
}

/// The record `ability-details` of API 1.2.0 (kept by 1.3.0), in a version's module after
/// `conversions!`.
macro_rules! ability_details {
    () => {
        pub(crate) fn to_wit_details(a: &api::Ability) -> wit::AbilityDetails {
            wit::AbilityDetails {
                index: a.index,
                text: a.text.clone(),
                parameter: a.parameter.clone(),
                cost: a.cost.clone(),
                under: a.under,
            }
        }
    };
}

/// The record `ability` of API 1.0.0 and 1.1.0, in full, in a version's module after
/// `conversions!`.
macro_rules! whole_ability {
    () => {
        pub(crate) fn to_wit_ability(a: &api::Ability) -> wit::Ability {
            wit::Ability {
                unit: a.unit,
                index: a.index,
                text: a.text.clone(),
                parameter: a.parameter.clone(),
                cost: a.cost.clone(),
                under: a.under,
            }
        }
    };
}

/// The effects of API 1.4.0 and later, in a version's module after `conversions!`: those of
/// 1.1, `attach` (1.3), `board` and `disembark` (1.4, Pilot); `$($newer)*` converts the effects
/// a later version added.
macro_rules! conversions_1_4 {
    () => {
        conversions_1_4!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_1_1!(@ {
            Err(wit::Effect::Attach(a)) => E::Attach {
                equipment: a.equipment,
                to: a.to,
            },
            Err(wit::Effect::Board(onto)) => E::Board { onto },
            Err(wit::Effect::Disembark(from)) => E::Disembark { from },
            $($newer)*
        });
        ability_details!();
    };
}

/// The records API 1.7.0 added or changed (and later versions kept), in a version's module
/// after `conversions!`: `activation` with its field `replaces`, `lost-keywords` and
/// `room-for-pilots`.
macro_rules! conversions_1_7 {
    () => {
        pub(crate) fn from_wit_activation(o: wit::Activation) -> api::Activation {
            api::Activation {
                label: o.label,
                cost: o.cost,
                targets: o.targets,
                max_amount: o.max_amount,
                replaces: o.replaces,
            }
        }

        pub(crate) fn from_wit_lost_keywords(l: wit::LostKeywords) -> api::LostKeywords {
            api::LostKeywords {
                unit: l.unit,
                keywords: l.keywords,
            }
        }

        pub(crate) fn from_wit_room(r: wit::RoomForPilots) -> api::RoomForPilots {
            api::RoomForPilots {
                allows_a_pilot: r.allows_a_pilot,
                up_to: r.up_to,
                extra: r.extra,
            }
        }
    };
}

/// The records and effects API 1.8.0 added (and later versions kept), in a version's module
/// after `conversions!`: the play whose disrupt POP is open, as the host question `playing`
/// answers it. (Its effects `disrupt` and `unless-pays` are arms of `conversions_1_4!`.)
macro_rules! conversions_1_8 {
    () => {
        fn to_wit_play_kind(kind: api::PlayKind) -> wit::PlayKind {
            match kind {
                api::PlayKind::BattleCard => wit::PlayKind::BattleCard,
                api::PlayKind::Mission => wit::PlayKind::Mission,
                api::PlayKind::ActivatedAbility => wit::PlayKind::ActivatedAbility,
            }
        }

        /// The play whose disrupt POP is open, as the host question `playing` answers it.
        pub(crate) fn play_view(p: api::PlayView) -> wit::PlayView {
            wit::PlayView {
                id: p.id,
                side: to_wit_side(p.side),
                kind: to_wit_play_kind(p.kind),
                card: p.card,
                unit: p.unit,
                text: p.text,
            }
        }
    };
}

/// Everything a version since 1.8.0 converts beyond `conversions!`: the effects of 1.4 and
/// later with 1.8's `disrupt` and `unless-pays`, the inline attack of 1.6, the records of 1.7
/// and the play view of 1.8; `$($newer)*` converts the effects a later version added.
macro_rules! conversions_since_1_8 {
    () => {
        conversions_since_1_8!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_1_4!(@ {
            Err(wit::Effect::Disrupt(play)) => E::Disrupt { play },
            Err(wit::Effect::UnlessPays(u)) => E::UnlessPays {
                side: from_wit_side(u.side),
                cost: u.cost,
            },
            $($newer)*
        });
        inline_attack!();
        conversions_1_7!();
        conversions_1_8!();
    };
}

/// Everything a version since 1.10.0 converts beyond `conversions!`: that of 1.8 and later
/// with 1.10's effects `take-subordinate` and `discard-unit`; `$($newer)*` converts the effects
/// a later version added.
macro_rules! conversions_since_1_10 {
    () => {
        conversions_since_1_10!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_since_1_8!(@ {
            Err(wit::Effect::TakeSubordinate(t)) => E::TakeSubordinate {
                name: t.name,
                arenas: t.arenas.into_iter().map(from_wit_arena).collect(),
                tapped: t.tapped,
            },
            Err(wit::Effect::DiscardUnit(unit)) => E::DiscardUnit { unit },
            $($newer)*
        });
    };
}

/// Everything a version since 1.11.0 converts beyond `conversions!`: that of 1.10 and later
/// with 1.11's effect `pick-cards` and its records (piles, cards as printed); `$($newer)*`
/// converts the effects a later version added.
macro_rules! conversions_since_1_11 {
    () => {
        conversions_since_1_11!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_since_1_10!(@ {
            Err(wit::Effect::PickCards(p)) => E::PickCards(api::PickCards {
                cards: p.cards,
                count: p.count,
                up_to: p.up_to,
                shuffle: p.shuffle.map(from_wit_side),
                picker: from_wit_side(p.picker),
                to: match p.to {
                    wit::Destination::Hand => api::Destination::Hand,
                    wit::Destination::DiscardPile => api::Destination::DiscardPile,
                    wit::Destination::BuildZone(n) => api::Destination::BuildZone(n),
                    wit::Destination::Play => api::Destination::Play,
                    wit::Destination::Removed => api::Destination::Removed,
                },
            }),
            $($newer)*
        });

        pub(crate) fn from_wit_pile(pile: wit::Pile) -> api::Pile {
            match pile {
                wit::Pile::Deck => api::Pile::Deck,
                wit::Pile::DiscardPile => api::Pile::DiscardPile,
                wit::Pile::Hand => api::Pile::Hand,
            }
        }

        /// A card of a pile, as the host question `pile-cards` answers it.
        pub(crate) fn pile_card(c: api::PileCard) -> wit::PileCard {
            wit::PileCard {
                card: c.card,
                name: c.name,
                kind: match c.kind {
                    api::CardKind::Unit => wit::CardKind::Unit,
                    api::CardKind::Subordinate => wit::CardKind::Subordinate,
                    api::CardKind::Battle => wit::CardKind::Battle,
                    api::CardKind::Mission => wit::CardKind::Mission,
                    api::CardKind::Location => wit::CardKind::Location,
                    api::CardKind::Equipment => wit::CardKind::Equipment,
                    api::CardKind::Event => wit::CardKind::Event,
                    api::CardKind::Other => wit::CardKind::Other,
                    api::CardKind::Resource => <wit::CardKind as super::Since1_17>::RESOURCE,
                },
                allegiance: match c.allegiance {
                    api::Allegiance::Dark => wit::Allegiance::Dark,
                    api::Allegiance::Light => wit::Allegiance::Light,
                    api::Allegiance::Neutral => wit::Allegiance::Neutral,
                },
                subtypes: c.subtypes,
                arenas: c.arenas.into_iter().map(to_wit_arena).collect(),
                unique: c.unique,
                cost: c.cost,
            }
        }
    };
}

/// Everything a version since 1.12.0 converts beyond `conversions!`: that of 1.11 and later
/// with 1.12's effect `clear-damage`; `$($newer)*` converts the effects a later version added.
macro_rules! conversions_since_1_12 {
    () => {
        conversions_since_1_12!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_since_1_11!(@ {
            Err(wit::Effect::ClearDamage(u)) => E::ClearDamage {
                unit: u.unit,
                amount: u.amount,
            },
            $($newer)*
        });
    };
}

/// Everything a version since 1.13.0 converts beyond `conversions!`: that of 1.12 and later
/// with 1.13's effects `build-points` and `reveal`; `$($newer)*` converts the effects a later
/// version added.
macro_rules! conversions_since_1_13 {
    () => {
        conversions_since_1_13!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_since_1_12!(@ {
            Err(wit::Effect::BuildPoints(b)) => E::BuildPoints {
                side: from_wit_side(b.side),
                amount: b.amount,
            },
            Err(wit::Effect::Reveal(r)) => E::Reveal {
                cards: r.cards,
                to: from_wit_side(r.to),
            },
            $($newer)*
        });
    };
}

/// Everything a version since 1.14.0 converts beyond `conversions!`: that of 1.13 and later
/// with 1.14's effects `lasts` and `build-counters` and the act a `forbids` call asks about;
/// `$($newer)*` converts the effects a later version added.
macro_rules! conversions_since_1_14 {
    () => {
        conversions_since_1_14!(@ {} acts {});
    };
    (@ { $($newer:tt)* } acts { $($acts:tt)* }) => {
        conversions_since_1_13!(@ {
            Err(wit::Effect::Lasts(d)) => E::Lasts {
                duration: from_wit_duration(d),
            },
            Err(wit::Effect::BuildCounters(u)) => E::BuildCounters {
                unit: u.unit,
                amount: u.amount,
            },
            $($newer)*
        });

        /// The act a `forbids` call asks about, if the version has it (`$($acts)*` are the
        /// acts a later version added): an older plugin is not asked about a newer act.
        #[allow(unreachable_patterns)]
        pub(crate) fn to_wit_act(act: api::Act) -> Option<wit::Act> {
            Some(match act {
                api::Act::Retreat {
                    unit,
                    in_retreat_step,
                } => wit::Act::Retreat(wit::Retreating {
                    unit,
                    in_retreat_step,
                }),
                api::Act::Attack { unit } => wit::Act::Attack(unit),
                api::Act::PlayBattleCard { side, card } => {
                    wit::Act::PlayBattleCard(wit::CardPlay {
                        side: to_wit_side(side),
                        card,
                    })
                }
                api::Act::Activate { side, unit, index } => wit::Act::Activate(wit::AbilityPlay {
                    side: to_wit_side(side),
                    unit,
                    index,
                }),
                $($acts)*
                _ => return None,
            })
        }
    };
}

/// The `unit-place` of 1.16 and later versions.
macro_rules! unit_place {
    () => {
        pub(crate) fn unit_place(p: api::UnitPlace) -> wit::UnitPlace {
            wit::UnitPlace {
                controller: to_wit_side(p.controller),
                zone: to_wit_zone(p.zone),
            }
        }
    };
}

/// Everything a version since 1.15.0 converts beyond `conversions!`: that of 1.14 with 1.15's
/// effect `later` and act `complete`.
macro_rules! conversions_since_1_15 {
    () => {
        conversions_since_1_15!(@ {});
    };
    (@ { $($newer:tt)* }) => {
        conversions_since_1_14!(@ {
            Err(wit::Effect::Later(tag)) => E::Later { tag },
            $($newer)*
        } acts {
            api::Act::Complete { unit } => wit::Act::Complete(unit),
        });
    };
}

/// What 1.19 and later versions convert beyond 1.18's records: the effect `player-gains-force`
/// and the records `attached-card` and `attached-as` the host question `attached` answers with.
macro_rules! conversions_since_1_19 {
    () => {
        conversions_since_1_15!(@ {
            Err(wit::Effect::PlayerGainsForce(d)) => E::PlayerGainsForce {
                side: from_wit_side(d.side),
                amount: d.amount,
            },
        });
        unit_place!();

        /// A card on a unit, as the host question `attached` answers it.
        pub(crate) fn attached_card(a: api::AttachedCard) -> wit::AttachedCard {
            wit::AttachedCard {
                attached_as: match a.attached_as {
                    api::AttachedAs::Pilot => wit::AttachedAs::Pilot,
                    api::AttachedAs::Equipment => wit::AttachedAs::Equipment,
                },
                card: pile_card(a.card),
            }
        }
    };
}

/// API 1.20.0, the newest: the host question `chosen-before`. Its records are those of 1.19.0.
pub(crate) mod v1_20 {
    conversions!(super::bindings::swtcg::keyword::types);
    conversions_since_1_19!();
}

/// API 1.19.0: the host questions `paid-with` and `attached` and the records `attached-card` and
/// `attached-as` they answer with, and the effect `player-gains-force`. Its records are otherwise
/// those of 1.18.0.
pub(crate) mod v1_19 {
    conversions!(super::bindings_1_19::swtcg::keyword::types);
    conversions_since_1_19!();
}

/// API 1.18.0: the zone `event-zone` (game 4.8, 16.3). Its records are otherwise those of
/// 1.17.0.
pub(crate) mod v1_18 {
    conversions!(super::bindings_1_18::swtcg::keyword::types);
    conversions_since_1_15!();
    unit_place!();
}

/// API 1.17.0: the zone `resource-zone` and the card kind `resource` (game 16.4). Its records
/// are otherwise those of 1.16.0.
pub(crate) mod v1_17 {
    conversions!(super::bindings_1_17::swtcg::keyword::types);
    conversions_since_1_15!();
    unit_place!();
}

/// API 1.16.0: the host question `place` (a unit's controller and zone). Its records are
/// otherwise those of 1.15.0.
pub(crate) mod v1_16 {
    conversions!(super::bindings_1_16::swtcg::keyword::types);
    conversions_since_1_15!();
    unit_place!();
}

/// API 1.15.0: the effect `later` and the query of the same name (effects put off until the
/// controller's next build step), and the act `complete`. Its records are otherwise those of
/// 1.14.0.
pub(crate) mod v1_15 {
    conversions!(super::bindings_1_15::swtcg::keyword::types);
    conversions_since_1_15!();
}

/// API 1.14.0: the query `forbids` (an ability forbids a unit or a player an act) and the
/// effects `lasts` (a played card's ability stays in effect) and `build-counters`. Its records
/// are otherwise those of 1.13.0.
pub(crate) mod v1_14 {
    conversions!(super::bindings_1_14::swtcg::keyword::types);
    conversions_since_1_14!();
}

/// API 1.13.0: the effects `build-points` (a player gains or loses build points) and `reveal`
/// (cards shown to a player), and the host question `counters`. Its records are otherwise
/// those of 1.12.0.
pub(crate) mod v1_13 {
    conversions!(super::bindings_1_13::swtcg::keyword::types);
    conversions_since_1_13!();
}

/// API 1.12.0: the effect `clear-damage` (damage counters removed with no choice), the query
/// `actions` (what the acting unit may do instead of attacking) and the host question
/// `locations`. Its records are otherwise those of 1.11.0.
pub(crate) mod v1_12 {
    conversions!(super::bindings_1_12::swtcg::keyword::types);
    conversions_since_1_12!();
}

/// API 1.11.0: the host questions `pile-cards` and `printed` and the effect `pick-cards` (cards
/// picked from a deck, a discard pile or a hand). Its records are otherwise those of 1.10.0.
pub(crate) mod v1_11 {
    conversions!(super::bindings_1_11::swtcg::keyword::types);
    conversions_since_1_11!();
}

/// API 1.10.0: the effects `take-subordinate` (a Subordinate from the supply, game 16.5) and
/// `discard-unit`, and the query `build-cost-change-for`. Its records are otherwise those of
/// 1.9.0.
pub(crate) mod v1_10 {
    conversions!(super::bindings_1_10::swtcg::keyword::types);
    conversions_since_1_10!();
}

/// API 1.9.0: the query `granted-abilities-for` (auras giving other units abilities). Its
/// records and effects are those of 1.8.0.
pub(crate) mod v1_9 {
    conversions!(super::bindings_1_9::swtcg::keyword::types);
    conversions_since_1_8!();
}

/// API 1.8.0: Disrupt (game 13.3), with the host question `playing` (a `play-view`), the effect
/// `disrupt` and the query `undisruptable`; and the effect `unless-pays` (a player may pay a
/// cost inside an effect).
pub(crate) mod v1_8 {
    conversions!(super::bindings_1_8::swtcg::keyword::types);
    conversions_since_1_8!();
}

/// API 1.7.0: the field `replaces` of `activation` and the queries `pilot-room` and
/// `removed-keywords-all` are new.
pub(crate) mod v1_7 {
    conversions!(super::bindings_1_7::swtcg::keyword::types);
    conversions_1_4!();
    inline_attack!();
    conversions_1_7!();
}

/// API 1.6.0: the host question `attack-inline` is new.
pub(crate) mod v1_6 {
    conversions!(super::bindings_1_6::swtcg::keyword::types);
    conversions_1_4!();
    activation_by_label!();
    inline_attack!();
}

/// API 1.5.0: the host question `dice-hidden` is new (`host_1_5!`).
pub(crate) mod v1_5 {
    conversions!(super::bindings_1_5::swtcg::keyword::types);
    activation_by_label!();
    conversions_1_4!();
}

/// API 1.4.0: the host question `last-seen` is new (`host_1_4!`), and the effects `board` and
/// `disembark` (Pilot).
pub(crate) mod v1_4 {
    conversions!(super::bindings_1_4::swtcg::keyword::types);
    activation_by_label!();
    conversions_1_4!();
}

/// API 1.3.0: the `attach` effect is new.
pub(crate) mod v1_3 {
    conversions!(super::bindings_1_3::swtcg::keyword::types);
    activation_by_label!();
    conversions_1_1!(@ {
        Err(wit::Effect::Attach(a)) => E::Attach {
            equipment: a.equipment,
            to: a.to,
        },
    });
    ability_details!();
}

/// API 1.2.0.
pub(crate) mod v1_2 {
    conversions!(super::bindings_1_2::swtcg::keyword::types);
    activation_by_label!();
    conversions_1_1!();
    ability_details!();
}

/// API 1.1.0.
pub(crate) mod v1_1 {
    conversions!(super::bindings_1_1::swtcg::keyword::types);
    activation_by_label!();
    conversions_1_1!();
    whole_ability!();
}

/// API 1.0.0.
pub(crate) mod v1_0 {
    conversions!(super::bindings_1_0::swtcg::keyword::types);
    activation_by_label!();
    whole_ability!();

    pub(crate) fn from_wit_delayed(delayed: wit::Delayed) -> api::Delayed {
        match delayed {
            wit::Delayed::DiceOfDamage(d) => dice_of_damage(d),
            wit::Delayed::Damage(d) => damage(d),
            wit::Delayed::Stats(s) => api::Delayed::Stats(from_wit_stats(s)),
        }
    }

    /// An effect of this version in the engine's form.
    pub(crate) fn from_wit_effect(effect: wit::Effect) -> Result<api::Effect, String> {
        from_wit_effect_1_0(effect).map_err(|other| format!("unconverted effect {other:?}"))
    }
}

/// The `host` functions of each version (`versions/host_functions.rs`).
mod host_functions;

#[cfg(test)]
mod tests {
    use super::{api, replaces_by_old_label, v1_16, v1_17, v1_18, v1_20};

    #[test]
    fn a_resource_is_seen_in_the_build_zone_before_1_17() {
        // Game 16.4: API 1.17 names the Resource zone and the card kind; a plugin of 1.16 sees
        // a completed card of the build zone, of kind `other`.
        let place = api::UnitPlace {
            controller: api::Side::Dark,
            zone: api::Zone::ResourceZone,
        };
        assert_eq!(
            v1_17::unit_place(place).zone,
            super::bindings_1_17::swtcg::keyword::types::Zone::ResourceZone
        );
        assert_eq!(
            v1_16::unit_place(place).zone,
            super::bindings_1_16::swtcg::keyword::types::Zone::BuildZone
        );
        let card = api::PileCard {
            card: 1,
            name: "Dejarik".into(),
            kind: api::CardKind::Resource,
            allegiance: api::Allegiance::Neutral,
            subtypes: Vec::new(),
            arenas: Vec::new(),
            unique: false,
            cost: Some(2),
        };
        assert_eq!(
            v1_17::pile_card(card.clone()).kind,
            super::bindings_1_17::swtcg::keyword::types::CardKind::Resource
        );
        assert_eq!(
            v1_16::pile_card(card).kind,
            super::bindings_1_16::swtcg::keyword::types::CardKind::Other
        );
        // A zone the plugin names comes back as it is.
        assert_eq!(
            v1_17::from_wit_zone(super::bindings_1_17::swtcg::keyword::types::Zone::ResourceZone),
            api::Zone::ResourceZone
        );
    }

    #[test]
    fn an_event_is_seen_in_the_build_zone_before_1_18() {
        // Game 16.3: API 1.18 names the Event zone; a plugin of 1.17 sees a completed card of
        // the build zone (of its kind `event`, named since 1.11).
        let place = api::UnitPlace {
            controller: api::Side::Light,
            zone: api::Zone::EventZone,
        };
        assert_eq!(
            v1_18::unit_place(place).zone,
            super::bindings_1_18::swtcg::keyword::types::Zone::EventZone
        );
        assert_eq!(
            v1_17::unit_place(place).zone,
            super::bindings_1_17::swtcg::keyword::types::Zone::BuildZone
        );
        // Both zones added since 1.0.0 come back as they are from the newest version.
        for zone in [api::Zone::EventZone, api::Zone::ResourceZone] {
            let place = api::UnitPlace { zone, ..place };
            assert_eq!(v1_20::from_wit_zone(v1_20::unit_place(place).zone), zone);
        }
    }

    #[test]
    fn the_old_label_protocol_replaces_on_instead_in_any_case() {
        assert!(replaces_by_old_label(
            "Instead: That unit gets +3 power for this attack"
        ));
        assert!(replaces_by_old_label("INSTEAD: gain 2 Force"));
        assert!(!replaces_by_old_label("Also: gain 2 Force"));
        assert!(!replaces_by_old_label("That unit gets +3 power instead"));
        assert!(!replaces_by_old_label("Instead"));
        // A label cut inside a character is no match, not a panic.
        assert!(!replaces_by_old_label("Instead:\u{e9}"));
    }
}
