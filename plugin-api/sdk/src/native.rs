//! The guest side of the native path: serving the C ABI calls of `api::native` with a
//! plugin's `Keyword` impl, and answering `host::*` through the host's table.

use std::cell::Cell;

use super::*;
use api::native::{Buffer, HostRequest, HostResponse, HostTable, Request, Response};

thread_local! {
    /// The host table of the call in progress on this thread, or null between calls.
    static TABLE: Cell<*const HostTable> = const { Cell::new(std::ptr::null()) };
}

/// Asks the host a question during a call.
fn ask(request: HostRequest) -> Option<HostResponse> {
    let table = TABLE.with(Cell::get);
    if table.is_null() {
        return None;
    }
    let bytes = serde_json::to_vec(&request).ok()?;
    // SAFETY: the table is the live one of the call in progress (set by `serve`).
    unsafe {
        let table = &*table;
        let answer = (table.ask)(table.ctx, bytes.as_ptr(), bytes.len());
        let copy = answer.copy();
        (table.free)(answer);
        serde_json::from_slice(&copy).ok()
    }
}

/// The `host` functions of a native build, with the signatures of the wasm imports.
pub mod host {
    use super::*;

    pub fn unit(id: UnitId) -> Option<UnitView> {
        let Some(HostResponse::Unit(Some(u))) = ask(HostRequest::Unit(id)) else {
            return None;
        };
        Some(unit_view(u))
    }

    /// Since API 1.4.
    pub fn last_seen(id: UnitId) -> Option<UnitView> {
        let Some(HostResponse::LastSeen(Some(u))) = ask(HostRequest::LastSeen(id)) else {
            return None;
        };
        Some(unit_view(u))
    }

    /// Since API 1.5.
    pub fn dice_hidden() -> bool {
        matches!(
            ask(HostRequest::DiceHidden),
            Some(HostResponse::DiceHidden(true))
        )
    }

    /// Since API 1.8.
    pub fn playing() -> Option<PlayView> {
        let Some(HostResponse::Playing(Some(p))) = ask(HostRequest::Playing) else {
            return None;
        };
        Some(PlayView {
            id: p.id,
            side: p.side.into(),
            kind: p.kind.into(),
            card: p.card,
            unit: p.unit,
            text: p.text,
        })
    }

    /// Since API 1.11.
    pub fn pile_cards(side: Side, pile: Pile) -> Vec<PileCard> {
        let Some(HostResponse::Pile(cards)) = ask(HostRequest::Pile(side.into(), pile.into()))
        else {
            return Vec::new();
        };
        cards.into_iter().map(pile_card).collect()
    }

    /// Since API 1.11.
    pub fn printed(id: UnitId) -> Option<PileCard> {
        let Some(HostResponse::Printed(Some(c))) = ask(HostRequest::Printed(id)) else {
            return None;
        };
        Some(pile_card(c))
    }

    fn pile_card(c: api::PileCard) -> PileCard {
        PileCard {
            card: c.card,
            name: c.name,
            kind: c.kind.into(),
            allegiance: c.allegiance.into(),
            subtypes: c.subtypes,
            arenas: c.arenas.into_iter().map(Into::into).collect(),
            unique: c.unique,
            cost: c.cost,
        }
    }

    fn unit_view(u: api::UnitView) -> UnitView {
        UnitView {
            id: u.id,
            name: u.name,
            owner: u.owner.into(),
            controller: u.controller.into(),
            zone: u.zone.into(),
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
            arenas: u.arenas.into_iter().map(Arena::from).collect(),
            stack_size: u.stack_size,
        }
    }

    pub fn units(zone: Option<Zone>) -> Vec<UnitId> {
        match ask(HostRequest::Units(zone.map(api::Zone::from))) {
            Some(HostResponse::Units(ids)) => ids,
            _ => Vec::new(),
        }
    }

    pub fn locations(zone: Option<Zone>) -> Vec<UnitId> {
        match ask(HostRequest::Locations(zone.map(api::Zone::from))) {
            Some(HostResponse::Units(ids)) => ids,
            _ => Vec::new(),
        }
    }

    /// Since API 1.16.
    pub fn place(id: UnitId) -> Option<UnitPlace> {
        let Some(HostResponse::Place(Some(p))) = ask(HostRequest::Place(id)) else {
            return None;
        };
        Some(UnitPlace {
            controller: p.controller.into(),
            zone: p.zone.into(),
        })
    }

    /// Since API 1.19.
    pub fn paid_with() -> Vec<UnitId> {
        match ask(HostRequest::PaidWith) {
            Some(HostResponse::Units(ids)) => ids,
            _ => Vec::new(),
        }
    }

    /// Since API 1.20.
    pub fn chosen_before() -> Vec<u32> {
        match ask(HostRequest::ChosenBefore) {
            Some(HostResponse::Indexes(picked)) => picked,
            _ => Vec::new(),
        }
    }

    /// Since API 1.20.
    pub fn chosen_by() -> Option<Side> {
        match ask(HostRequest::ChosenBy) {
            Some(HostResponse::Side(side)) => side.map(Into::into),
            _ => None,
        }
    }

    /// Since API 1.19.
    pub fn attached(id: UnitId) -> Vec<AttachedCard> {
        match ask(HostRequest::Attached(id)) {
            Some(HostResponse::Attached(cards)) => cards
                .into_iter()
                .map(|a| AttachedCard {
                    attached_as: a.attached_as.into(),
                    card: pile_card(a.card),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Since API 1.13.
    pub fn counters(id: UnitId) -> Vec<Counter> {
        match ask(HostRequest::Counters(id)) {
            Some(HostResponse::Counters(counters)) => counters
                .into_iter()
                .map(|(kind, amount)| Counter { kind, amount })
                .collect(),
            _ => Vec::new(),
        }
    }

    pub fn attack() -> Option<AttackView> {
        let Some(HostResponse::Attack(Some(a))) = ask(HostRequest::Attack) else {
            return None;
        };
        Some(AttackView {
            attacker: a.attacker,
            defender: a.defender,
            arena: a.arena.into(),
            dice: a
                .dice
                .iter()
                .map(|d| Die {
                    initial: d.initial,
                    natural: d.natural,
                    modifier: d.modifier,
                })
                .collect(),
            hits: a.hits,
        })
    }

    /// The attack with at most eight dice in the answer (API 1.6), as the wasm path gives it.
    pub fn attack_inline() -> Option<InlineAttackView> {
        let a = attack()?;
        let mut dice = [Die {
            initial: 0,
            natural: 0,
            modifier: 0,
        }; 8];
        for (to, die) in dice.iter_mut().zip(&a.dice) {
            *to = *die;
        }
        let [d0, d1, d2, d3, d4, d5, d6, d7] = dice;
        Some(InlineAttackView {
            attacker: a.attacker,
            defender: a.defender,
            arena: a.arena,
            hits: a.hits,
            dice_count: u32::try_from(a.dice.len()).unwrap_or(u32::MAX),
            dice: (d0, d1, d2, d3, d4, d5, d6, d7),
        })
    }

    pub fn pending_damage() -> Vec<Pending> {
        match ask(HostRequest::PendingDamage) {
            Some(HostResponse::PendingDamage(list)) => list
                .into_iter()
                .map(|p| Pending {
                    target: p.target,
                    amount: p.amount,
                    prevented: p.prevented,
                    source: p.source,
                    from_attack_dice: p.from_attack_dice,
                    preventable: p.preventable,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    pub fn rule(name: &str) -> Option<String> {
        match ask(HostRequest::Rule(name.to_string())) {
            Some(HostResponse::Rule(value)) => value,
            _ => None,
        }
    }

    pub fn abilities(id: UnitId) -> Vec<String> {
        match ask(HostRequest::Abilities(id)) {
            Some(HostResponse::Abilities(list)) => list,
            _ => Vec::new(),
        }
    }

    pub fn note(id: UnitId, key: &str) -> Option<i32> {
        match ask(HostRequest::Note(id, key.to_string())) {
            Some(HostResponse::Note(value)) => value,
            _ => None,
        }
    }

    pub fn cards_beneath(id: UnitId) -> u32 {
        match ask(HostRequest::CardsBeneath(id)) {
            Some(HostResponse::CardsBeneath(n)) => n,
            _ => 0,
        }
    }

    pub fn player(which: Side) -> PlayerView {
        match ask(HostRequest::Player(which.into())) {
            Some(HostResponse::Player(p)) => PlayerView {
                force: p.force,
                build_points: p.build_points,
                hand_size: p.hand_size,
                deck_size: p.deck_size,
            },
            _ => PlayerView {
                force: 0,
                build_points: 0,
                hand_size: 0,
                deck_size: 0,
            },
        }
    }
}

fn ability(a: api::Ability) -> Ability {
    Ability {
        unit: a.unit,
        index: a.index,
        text: a.text,
        parameter: a.parameter,
        cost: a.cost,
        under: a.under,
    }
}

fn event(e: &api::HookEvent) -> Event {
    Event {
        turn: e.turn,
        side: e.side.map(Side::from),
        arena: e.arena.map(Arena::from),
        attacker: e.attacker,
        defender: e.defender,
        unit: e.unit,
        amount: e.amount,
    }
}

fn duration(d: Duration) -> api::Duration {
    match d {
        Duration::ThisAttack => api::Duration::ThisAttack,
        Duration::NextAttack => api::Duration::NextAttack,
        Duration::EndOfBattle => api::Duration::EndOfBattle,
        Duration::EndOfTurn => api::Duration::EndOfTurn,
        Duration::EndOfGame => api::Duration::EndOfGame,
    }
}

fn stat_change(s: StatChange) -> api::StatChange {
    api::StatChange {
        unit: s.unit,
        speed: s.speed,
        power: s.power,
        health: s.health,
        duration: duration(s.duration),
    }
}

fn effect(e: Effect) -> api::Effect {
    use api::Effect as E;
    match e {
        Effect::Stats(s) => E::Stats(stat_change(s)),
        Effect::Prevent(u) => E::Prevent {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::AddPending(u) => E::AddPending {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::DiceOfDamage(d) => E::DiceOfDamage {
            source: d.source,
            target: d.target,
            dice: d.dice,
        },
        Effect::Damage(d) => E::Damage {
            source: d.source,
            target: d.target,
            amount: d.amount,
        },
        Effect::ChangeDefender(unit) => E::ChangeDefender { unit },
        Effect::OfferSplit(hits) => E::OfferSplit { hits },
        Effect::ExtraAttackDice(dice) => E::ExtraAttackDice { dice },
        Effect::GainForce(amount) => E::GainForce { amount },
        Effect::Tap(unit) => E::Tap { unit },
        Effect::Untap(unit) => E::Untap { unit },
        Effect::Counters(c) => E::Counters {
            unit: c.unit,
            kind: c.kind,
            amount: c.amount,
        },
        Effect::PayOneOf(costs) => E::PayOneOf { costs },
        Effect::Reroll(dice) => E::Reroll { dice },
        Effect::DiceModifier(amount) => E::DiceModifier { amount },
        Effect::MoveUnit(m) => E::MoveUnit {
            unit: m.unit,
            zone: m.zone.into(),
        },
        Effect::PlaceDamage(u) => E::PlaceDamage {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::RemoveDamage(u) => E::RemoveDamage {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::ClearDamage(u) => E::ClearDamage {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::BuildPoints(b) => E::BuildPoints {
            side: b.side.into(),
            amount: b.amount,
        },
        Effect::Reveal(r) => E::Reveal {
            cards: r.cards,
            to: r.to.into(),
        },
        Effect::Lasts(d) => E::Lasts {
            duration: duration(d),
        },
        Effect::BuildCounters(u) => E::BuildCounters {
            unit: u.unit,
            amount: u.amount,
        },
        Effect::Later(tag) => E::Later { tag },
        Effect::PlayerGainsForce(d) => E::PlayerGainsForce {
            side: d.side.into(),
            amount: d.amount,
        },
        Effect::Grant(g) => E::Grant {
            unit: g.unit,
            text: g.text,
            duration: duration(g.duration),
        },
        Effect::AtAttackEnd(d) => E::AtAttackEnd(delayed(d)),
        Effect::Draw(d) => E::Draw {
            side: d.side.into(),
            cards: d.amount,
        },
        Effect::GainBuildPoints(amount) => E::GainBuildPoints { amount },
        Effect::LoseForce(d) => E::LoseForce {
            side: d.side.into(),
            amount: d.amount,
        },
        Effect::Choose(o) => E::Choose {
            options: o.options,
            optional: o.optional,
        },
        Effect::Note(n) => E::Note {
            unit: n.unit,
            key: n.key,
            value: n.value,
            duration: duration(n.duration),
        },
        Effect::AttackAgain(a) => E::AttackAgain {
            attacker: a.attacker,
            defender: a.defender,
            tap: a.tap,
        },
        Effect::AtBuildStepStart(d) => E::AtBuildStepStart(delayed(d)),
        Effect::PutBeneath(b) => E::PutBeneath {
            unit: b.unit,
            from: b.from,
        },
        Effect::Attach(a) => E::Attach {
            equipment: a.equipment,
            to: a.to,
        },
        Effect::Board(onto) => E::Board { onto },
        Effect::Disembark(from) => E::Disembark { from },
        Effect::Disrupt(play) => E::Disrupt { play },
        Effect::UnlessPays(u) => E::UnlessPays {
            side: u.side.into(),
            cost: u.cost,
        },
        Effect::DiscardUnit(unit) => E::DiscardUnit { unit },
        Effect::TakeSubordinate(t) => E::TakeSubordinate {
            name: t.name,
            arenas: t.arenas.into_iter().map(Into::into).collect(),
            tapped: t.tapped,
        },
        Effect::PickCards(p) => E::PickCards(api::PickCards {
            cards: p.cards,
            count: p.count,
            up_to: p.up_to,
            shuffle: p.shuffle.map(Into::into),
            picker: p.picker.into(),
            to: match p.to {
                Destination::Hand => api::Destination::Hand,
                Destination::DiscardPile => api::Destination::DiscardPile,
                Destination::BuildZone(n) => api::Destination::BuildZone(n),
                Destination::Play => api::Destination::Play,
                Destination::Removed => api::Destination::Removed,
            },
        }),
    }
}

fn delayed(d: Delayed) -> api::Delayed {
    match d {
        Delayed::DiceOfDamage(d) => api::Delayed::DiceOfDamage {
            source: d.source,
            target: d.target,
            dice: d.dice,
        },
        Delayed::Damage(d) => api::Delayed::Damage {
            source: d.source,
            target: d.target,
            amount: d.amount,
        },
        Delayed::Stats(s) => api::Delayed::Stats(stat_change(s)),
        Delayed::GainForce(amount) => api::Delayed::GainForce { amount },
        Delayed::GainBuildPoints(amount) => api::Delayed::GainBuildPoints { amount },
        Delayed::Draw(cards) => api::Delayed::Draw { cards },
        Delayed::LoseForce(d) => api::Delayed::LoseForce {
            side: d.side.into(),
            amount: d.amount,
        },
    }
}

fn effects(result: HookResult) -> Result<Vec<api::Effect>, String> {
    result.map(|list| list.into_iter().map(effect).collect())
}

fn pop(p: api::Pop) -> Pop {
    use api::Pop as P;
    match p {
        P::BattlePhase => Pop::BattlePhase,
        P::BattleStep => Pop::BattleStep,
        P::BetweenAttacks => Pop::BetweenAttacks,
        P::Attack => Pop::Attack,
        P::Reroll => Pop::Reroll,
        P::PendingDamage => Pop::PendingDamage,
        P::DamagePrevention => Pop::DamagePrevention,
        P::DamagePlacement => Pop::DamagePlacement,
        P::AttackEnd => Pop::AttackEnd,
        P::Disrupt => Pop::Disrupt,
    }
}

/// The offers of `activations` or `build-activations` in the host's form.
fn activations(offers: Vec<Activation>) -> Vec<api::Activation> {
    offers
        .into_iter()
        .map(|o| api::Activation {
            label: o.label,
            cost: o.cost,
            targets: o.targets,
            max_amount: o.max_amount,
            replaces: o.replaces,
        })
        .collect()
}

/// Answers one request with the plugin's trait methods.
fn answer<T: Keyword>(request: Request) -> Response {
    use api::{QueryAnswer as A, QueryCall as Q};
    match request {
        Request::Hook {
            hook,
            ability: a,
            event: e,
        } => Response::Effects(effects(dispatch_hook::<T>(hook, ability(a), event(&e)))),
        Request::Query { ability: a, call } => {
            let a = ability(a);
            Response::Answer(Ok(match call {
                Q::AttackDieModifier { attacker, defender } => {
                    A::Number(T::attack_die_modifier(a, attacker, defender))
                }
                Q::HitThreshold { kind } => A::Threshold(T::hit_threshold(
                    a,
                    match kind {
                        api::DiceKind::Attack => DiceKind::Attack,
                        api::DiceKind::Damage => DiceKind::Damage,
                    },
                )),
                Q::CanBeAttacked { attacker } => A::Flag(T::can_be_attacked(a, attacker)),
                Q::CanBeRetargeted { by } => A::Flag(T::can_be_retargeted(
                    a,
                    match by {
                        api::Retarget::Intercept => Retarget::Intercept,
                        api::Retarget::Redirect => Retarget::Redirect,
                        api::Retarget::Other => Retarget::Other,
                    },
                )),
                Q::StatModifier => {
                    let s = T::stat_modifier(a);
                    A::Stats(api::Stats {
                        speed: s.speed,
                        power: s.power,
                        health: s.health,
                    })
                }
                Q::PowerAgainst { attacker } => A::Number(T::power_against(a, attacker)),
                Q::DamagePreventable { source, target } => {
                    A::MaybeFlag(T::damage_preventable(a, source, target))
                }
                Q::Activations { pop: p, event: e } => {
                    A::Activations(activations(T::activations(a, pop(p), event(&e))))
                }
                Q::BuildActivations { event: e } => {
                    A::Activations(activations(T::build_activations(a, event(&e))))
                }
                Q::Actions { event: e } => A::Activations(activations(T::actions(a, event(&e)))),
                Q::Activate {
                    index,
                    choice,
                    event: e,
                } => {
                    let choice = Choice {
                        target: choice.target,
                        amount: choice.amount,
                    };
                    match effects(T::activate(a, index, choice, event(&e))) {
                        Ok(list) => A::Effects(list),
                        Err(message) => return Response::Answer(Err(message)),
                    }
                }
                Q::GrantedAbilities => A::Abilities(T::granted_abilities(a)),
                Q::Subtypes => A::Abilities(T::subtypes(a)),
                Q::StatModifierFor { unit } => {
                    let s = T::stat_modifier_for(a, unit);
                    A::Stats(api::Stats {
                        speed: s.speed,
                        power: s.power,
                        health: s.health,
                    })
                }
                Q::Chosen { index } => match effects(T::chosen(a, index)) {
                    Ok(list) => A::Effects(list),
                    Err(message) => return Response::Answer(Err(message)),
                },
                Q::Later { tag } => match effects(T::later(a, tag)) {
                    Ok(list) => A::Effects(list),
                    Err(message) => return Response::Answer(Err(message)),
                },
                Q::Understands => A::Flag(T::understands(a)),
                Q::SecretRoll => A::Flag(T::secret_roll(a)),
                Q::Undisruptable => A::Flag(T::undisruptable(a)),
                Q::GrantedAbilitiesFor { unit } => A::Abilities(T::granted_abilities_for(a, unit)),
                Q::BuildCostChangeFor { unit } => A::Number(T::build_cost_change_for(a, unit)),
                Q::Forbids { act, controller } => {
                    let act = match act {
                        api::Act::Retreat {
                            unit,
                            in_retreat_step,
                        } => Act::Retreat(Retreating {
                            unit,
                            in_retreat_step,
                        }),
                        api::Act::Attack { unit } => Act::Attack(unit),
                        api::Act::PlayBattleCard { side, card } => Act::PlayBattleCard(CardPlay {
                            side: side.into(),
                            card,
                        }),
                        api::Act::Activate { side, unit, index } => Act::Activate(AbilityPlay {
                            side: side.into(),
                            unit,
                            index,
                        }),
                        api::Act::Complete { unit } => Act::Complete(unit),
                    };
                    A::Flag(T::forbids(a, act, controller.into()))
                }
                Q::RemovedKeywords { unit } => A::Abilities(T::removed_keywords(a, unit)),
                Q::RemovedKeywordsAll => A::LostKeywords(
                    T::removed_keywords_all(a)
                        .into_iter()
                        .map(|l| api::LostKeywords {
                            unit: l.unit,
                            keywords: l.keywords,
                        })
                        .collect(),
                ),
                Q::StacksUnder { card } => A::Flag(T::stacks_under(
                    a,
                    CardView {
                        name: card.name,
                        subtypes: card.subtypes,
                        arenas: card.arenas.into_iter().map(Arena::from).collect(),
                        unique: card.unique,
                    },
                )),
                Q::PilotRoom { subtypes } => {
                    let room = T::pilot_room(a, subtypes);
                    A::PilotRoom(api::RoomForPilots {
                        allows_a_pilot: room.allows_a_pilot,
                        up_to: room.up_to,
                        extra: room.extra,
                    })
                }
                Q::AttackArenas => A::Arenas(
                    T::attack_arenas(a)
                        .into_iter()
                        .map(|o| (o.arena.into(), o.power))
                        .collect(),
                ),
                Q::Completions => A::Completions(
                    T::completions(a)
                        .into_iter()
                        .map(|c| api::Completion {
                            label: c.label,
                            cost: c.cost,
                            min_counters: c.min_counters,
                            force_for_missing: c.force_for_missing,
                            from_hand: c.from_hand,
                            anytime: c.anytime,
                        })
                        .collect(),
                ),
            }))
        }
    }
}

/// Serves one native call: reads the request, runs the plugin with the host table lent to
/// `host::*`, and returns the serialized response. A panic becomes an error response, so it
/// never unwinds into the host.
///
/// # Safety
/// `table` must point to a live host table and `request` to `len` readable bytes.
pub unsafe fn serve<T: Keyword>(table: *const HostTable, request: *const u8, len: usize) -> Buffer {
    // SAFETY: guaranteed by the caller.
    let bytes = unsafe { std::slice::from_raw_parts(request, len) };
    let previous = TABLE.with(|t| t.replace(table));
    let response = match serde_json::from_slice::<Request>(bytes) {
        Ok(request) => {
            let is_hook = matches!(request, Request::Hook { .. });
            std::panic::catch_unwind(|| answer::<T>(request)).unwrap_or_else(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                let error = format!("panicked: {message}");
                if is_hook {
                    Response::Effects(Err(error))
                } else {
                    Response::Answer(Err(error))
                }
            })
        }
        Err(err) => Response::Answer(Err(format!("unreadable request: {err}"))),
    };
    TABLE.with(|t| t.set(previous));
    Buffer::from_vec(serde_json::to_vec(&response).unwrap_or_default())
}
