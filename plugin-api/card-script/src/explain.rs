//! Scripts in readable form, for `swtcg cards explain`: one line per part ("when: this unit
//! attacks", "do: you gain 1 Force"), in the game's words, so that a designer can check what the
//! grammar understood.

use std::fmt::{self, Display, Formatter};

use crate::script::{
    Amount, Arena, AttachedKind, CardType, Condition, Cost, CostAction, Count, Disrupted, Duration,
    Effect, Filter, Kind, Limit, Moment, Owner, Payment, Pick, Player, Resource, Script, Side,
    Step, Trigger, UnitEvent, UnitRule, UnitState, Units, Where, Whose, Zone,
};

/// The lines of a script: its kind, then each part it has.
pub fn lines(script: &Script) -> Vec<String> {
    let mut lines = vec![
        match script.kind {
            Kind::Static => "static",
            Kind::Triggered => "triggered",
            Kind::Activated => "activated",
            Kind::Played => "played",
        }
        .to_string(),
    ];
    if script.enhance {
        lines[0] = format!("{} (Enhance: an addition to the card's play)", lines[0]);
    }
    if let Some(trigger) = &script.trigger {
        lines.push(format!("when: {trigger}"));
    }
    for condition in &script.conditions {
        lines.push(format!("if: {condition}"));
    }
    if !script.costs.is_empty() {
        lines.push(format!("cost: {}", joined(&script.costs, ", ")));
    }
    for step in &script.steps {
        // "... instead": an Enhance's step replaces the card's effects, another's the step
        // before it when its own "if" holds.
        let instead = match (step.instead, script.enhance) {
            (false, _) => "",
            (true, true) => ", instead of the card's effects",
            (true, false) => ", instead of the step before",
        };
        lines.push(format!("do: {step}{instead}"));
    }
    for limit in &script.limits {
        lines.push(format!("only: {limit}"));
    }
    lines
}

fn joined<T: Display>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

impl Display for Script {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", lines(self).join("; "))
    }
}

impl Display for Step {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.if_you_do {
            write!(f, "if you do, ")?;
        }
        if let Some(condition) = &self.only_if {
            write!(f, "if {condition}, ")?;
        }
        if self.optional {
            write!(f, "you may: ")?;
        }
        write!(f, "{}", self.effect)?;
        if let Some(duration) = self.duration {
            write!(f, " {duration}")?;
        }
        if let Some(payment) = &self.unless_paid {
            write!(f, ", unless {payment}")?;
        }
        if self.when_attack_ends {
            write!(f, " when the attack ends")?;
        }
        if self.when_build_step_starts {
            write!(f, " when your next build step starts")?;
        }
        Ok(())
    }
}

impl Display for Amount {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Amount::Number(n) => write!(f, "{n}"),
            Amount::All => write!(f, "all"),
            Amount::X(None) => write!(f, "X (chosen)"),
            Amount::X(Some(count)) => write!(f, "X (the number of {count})"),
            Amount::ForEach { per, count } => write!(f, "{per} for each {count}"),
        }
    }
}

impl Display for Count {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Count::Units(units) => write!(f, "{units}"),
            Count::Cards {
                whose,
                zone,
                filters,
            } => {
                write!(f, "cards ")?;
                if !filters.is_empty() {
                    write!(f, "({}) ", joined(filters, ", "))?;
                }
                write!(f, "in {} {zone}", possessive(*whose))
            }
            Count::Counters {
                kind: Some(kind),
                on,
            } => write!(f, "{kind} counters on {on}"),
            Count::Counters { kind: None, on } => write!(f, "counters on {on}"),
            Count::Stack(units) => write!(f, "cards in the stack of {units}"),
            Count::Attached { kind, on, filters } => {
                let kind = match kind {
                    AttachedKind::Pilot => "Pilots",
                    AttachedKind::Equipment => "Equipment",
                };
                if filters.is_empty() {
                    write!(f, "{kind} on {on}")
                } else {
                    write!(f, "{kind} ({}) on {on}", joined(filters, ", "))
                }
            }
            Count::ThatDamage => write!(f, "that damage"),
            Count::Text(text) => write!(f, "\"{text}\" (not read further)"),
        }
    }
}

/// A verb agreeing with its player: "you gain", "the opponent gains".
fn verb(player: Player, verb: &str) -> String {
    if player == Player::You {
        verb.to_string()
    } else {
        format!("{verb}s")
    }
}

fn possessive(player: Player) -> &'static str {
    match player {
        Player::You => "your",
        Player::Opponent => "the opponent's",
        Player::Each => "each player's",
        Player::Controller => "its controller's",
        Player::DarkSide => "the Dark Side's",
        Player::LightSide => "the Light Side's",
    }
}

impl Display for Player {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::You => "you",
            Player::Opponent => "the opponent",
            Player::Each => "each player",
            Player::Controller => "its controller",
            Player::DarkSide => "the Dark Side",
            Player::LightSide => "the Light Side",
        })
    }
}

impl Display for Payment {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} chooses to {}",
            self.who,
            joined(&self.costs, " and ")
        )
    }
}

impl Display for Zone {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Zone::Hand => "hand",
            Zone::Deck => "deck",
            Zone::DiscardPile => "discard pile",
            Zone::BuildZone => "build zone",
            Zone::Play => "play",
        })
    }
}

impl Display for Arena {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Arena::Space => "Space",
            Arena::Ground => "Ground",
            Arena::Character => "Character",
        })
    }
}

impl Display for Where {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Where::Arenas(arenas) => write!(f, "in the {} arena", joined(arenas, " or ")),
            Where::ThisArena => write!(f, "in this arena"),
            Where::AnyArena => write!(f, "in any arena"),
            Where::ArenaOrBuildZone(Owner::Yours) => write!(f, "in any arena or your build zone"),
            Where::ArenaOrBuildZone(Owner::Opponents) => {
                write!(f, "in any arena or the opponent's build zone")
            }
            Where::ArenaOrBuildZone(Owner::Any) => write!(f, "in any arena or a build zone"),
            Where::EachArena => write!(f, "in each arena"),
            Where::BuildZone(Owner::Any) => write!(f, "in a build zone"),
            Where::BuildZone(Owner::Yours) => write!(f, "in your build zone"),
            Where::BuildZone(Owner::Opponents) => write!(f, "in the opponent's build zone"),
            Where::ThatArena => write!(f, "in that arena"),
        }
    }
}

impl Display for Units {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let filters = self
            .filters
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let owner = match self.owner {
            Owner::Any => "",
            Owner::Yours => "your ",
            Owner::Opponents => "the opponent's ",
        };
        let other = if self.other { "other " } else { "" };
        let described = if filters.is_empty() {
            format!("{owner}{other}units")
        } else {
            format!("{owner}{other}units ({filters})")
        };
        match &self.pick {
            Pick::This => write!(f, "this card"),
            Pick::Equipped if filters.is_empty() => write!(f, "the equipped unit"),
            Pick::Equipped => write!(f, "the equipped unit, if ({filters})"),
            Pick::That => write!(f, "that unit"),
            Pick::Attacker => write!(f, "the attacking unit"),
            Pick::Defender => write!(f, "the defending unit"),
            Pick::Each => write!(f, "each of {described}"),
            Pick::Chosen {
                count,
                up_to: false,
            } => write!(f, "{count} chosen of {described}"),
            Pick::Chosen { count, up_to: true } => write!(f, "up to {count} chosen of {described}"),
            Pick::OpponentChooses { count } => {
                write!(f, "{count} of {described}, chosen by the opponent")
            }
            Pick::Any => write!(f, "any of {described}"),
        }
    }
}

impl Display for Filter {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Filter::Subtype(subtype) => write!(f, "{subtype}"),
            Filter::In(place) => write!(f, "{place}"),
            Filter::OfArena(arena) => write!(f, "{arena} units"),
            Filter::Side(Side::Dark) => write!(f, "Dark Side"),
            Filter::Side(Side::Light) => write!(f, "Light Side"),
            Filter::Side(Side::Neutral) => write!(f, "Neutral"),
            Filter::Unique => write!(f, "unique"),
            Filter::Tapped => write!(f, "tapped"),
            Filter::Untapped => write!(f, "untapped"),
            Filter::Damaged => write!(f, "damaged"),
            Filter::Attacking => write!(f, "attacking"),
            Filter::Defending => write!(f, "defending"),
            Filter::CountersAtLeast { kind, at_least } => {
                write!(f, "with {at_least} or more {kind} counters")
            }
            Filter::WithKeyword(keyword) => write!(f, "with {keyword}"),
            Filter::Named(name) => write!(f, "named {name}"),
            Filter::CostAtMost(n) => write!(f, "printed build cost {n} or less"),
            Filter::CostAtLeast(n) => write!(f, "printed build cost {n} or more"),
            Filter::PowerAtMost(n) => write!(f, "power {n} or less"),
            Filter::PowerAtLeast(n) => write!(f, "power {n} or more"),
            Filter::SpeedAtMost(n) => write!(f, "speed {n} or less"),
            Filter::SpeedAtLeast(n) => write!(f, "speed {n} or more"),
            Filter::HealthAtMost(n) => write!(f, "health {n} or less"),
            Filter::HealthAtLeast(n) => write!(f, "health {n} or more"),
            Filter::BuildCostAtMost(n) => write!(f, "build cost {n} or less"),
            Filter::BuildCostAtLeast(n) => write!(f, "build cost {n} or more"),
            Filter::CardType(kind) => write!(f, "{kind}"),
            Filter::Not(filter) => write!(f, "not {filter}"),
            Filter::AnyOf(filters) => write!(f, "{}", joined(filters, " or ")),
            Filter::AllOf(filters) => write!(f, "{}", joined(filters, " ")),
            Filter::Id(id) => write!(f, "unit {id}"),
        }
    }
}

impl Display for CardType {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardType::Unit => "unit cards",
            CardType::Subordinate => "Subordinates",
            CardType::BattleCard => "Battle cards",
            CardType::Mission => "Missions",
            CardType::Equipment => "Equipment",
            CardType::Location => "Locations",
            CardType::Event => "Events",
            CardType::Card => "cards",
        })
    }
}

impl Display for Effect {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Stats {
                who,
                power,
                health,
                speed,
                per,
            } => {
                let mut changes = Vec::new();
                for (value, name) in [(power, "power"), (health, "health"), (speed, "speed")] {
                    if *value != 0 {
                        changes.push(format!("{value:+} {name}"));
                    }
                }
                write!(f, "{who} gets {}", changes.join(", "))?;
                if let Some(count) = per {
                    write!(f, " for each of {count}")?;
                }
                Ok(())
            }
            Effect::Grant {
                who,
                keywords,
                abilities,
            } => {
                let mut granted: Vec<String> = keywords
                    .iter()
                    .map(|k| match &k.amount {
                        Some(amount) => format!("{} {amount}", k.name),
                        None => k.name.clone(),
                    })
                    .collect();
                granted.extend(abilities.iter().map(|a| format!("\"{a}\"")));
                write!(f, "{who} gets {}", granted.join(", "))
            }
            Effect::Force {
                who,
                amount,
                lose: false,
            } => write!(f, "{who} {} {amount} Force", verb(*who, "gain")),
            Effect::Force {
                who,
                amount,
                lose: true,
            } => write!(f, "{who} {} {amount} Force", verb(*who, "lose")),
            Effect::ResourceCounters {
                whose,
                amount,
                remove,
            } => {
                let whose = match whose {
                    Player::You => "your".to_string(),
                    Player::Opponent => "your opponent's".to_string(),
                    other => format!("{other}'s"),
                };
                match remove {
                    false => write!(f, "add {amount} counters to {whose} Resource"),
                    true => write!(f, "remove {amount} counters from {whose} Resource"),
                }
            }
            Effect::BuildPoints { who, amount, lose } => {
                let gain = if *lose { "lose" } else { "gain" };
                write!(f, "{who} {} {amount} build points", verb(*who, gain))
            }
            Effect::Draw { who, amount } => {
                write!(f, "{who} {} {amount} cards", verb(*who, "draw"))
            }
            Effect::ExtraDraws { who, amount } => write!(
                f,
                "{who} {} {amount} extra cards in each draw step",
                verb(*who, "draw")
            ),
            Effect::Damage { to, amount, by } => {
                write!(f, "{amount} damage to {to}")?;
                by.iter().try_for_each(|by| write!(f, ", done by {by}"))
            }
            Effect::SelfDamage { who, amount } => write!(f, "{who} does {amount} damage to itself"),
            Effect::DiceDamage { to, dice, by } => {
                write!(f, "{dice} dice of damage to {to}")?;
                by.iter().try_for_each(|by| write!(f, ", done by {by}"))
            }
            Effect::DamageCounters { on, amount } => write!(f, "{amount} damage counters on {on}"),
            Effect::RemoveDamage {
                from,
                amount,
                up_to,
            } => match amount {
                None => write!(f, "remove all damage counters from {from}"),
                Some(amount) if *up_to => {
                    write!(f, "remove up to {amount} damage counters from {from}")
                }
                Some(amount) => write!(f, "remove {amount} damage counters from {from}"),
            },
            Effect::Prevent { to, amount, by } => {
                match amount {
                    None => write!(f, "prevent all damage")?,
                    Some(amount) => write!(f, "prevent {amount} damage")?,
                }
                if let Some(by) = by {
                    write!(f, " done by {by}")?;
                }
                write!(f, " to {to}")
            }
            Effect::Counters {
                kind,
                on,
                amount,
                remove: false,
            } => {
                write!(f, "put {amount} {kind} counters on {on}")
            }
            Effect::Counters {
                kind,
                on,
                amount,
                remove: true,
            } => {
                write!(f, "remove {amount} {kind} counters from {on}")
            }
            Effect::Tap(units) => write!(f, "tap {units}"),
            Effect::Untap(units) => write!(f, "untap {units}"),
            Effect::Discard(units) => write!(f, "discard {units}"),
            Effect::ReturnToHand(units) => write!(f, "return {units} to its owner's hand"),
            Effect::Retreat(units) => write!(f, "retreat {units}"),
            Effect::DiscardCards { who, amount } => {
                write!(
                    f,
                    "{who} {} {amount} cards from hand",
                    verb(*who, "discard")
                )
            }
            Effect::DiscardHand(Player::You) => write!(f, "you discard your hand"),
            Effect::DiscardHand(who) => write!(f, "{who} {} their hand", verb(*who, "discard")),
            Effect::Rule { who, rule } => write!(f, "{who} {rule}"),
            Effect::Forbid { who, act } => write!(
                f,
                "{who} can't play {}",
                match act {
                    crate::script::PlayerAct::BattleCards => "Battle cards",
                    crate::script::PlayerAct::ActivatedAbilities => "activated abilities",
                }
            ),
            Effect::CostChange {
                what,
                change,
                resource,
                action,
            } => {
                let resource = match resource {
                    Resource::BuildCounters => "build counters",
                    Resource::Force => "Force",
                    Resource::BuildPoints => "build points",
                };
                let action = match action {
                    CostAction::Deploy => "deploy",
                    CostAction::Complete => "complete",
                    CostAction::Attach => "attach",
                    CostAction::Play => "play",
                };
                write!(f, "{what} costs {change:+} {resource} to {action}")
            }
            Effect::Disrupt(what) => {
                let what: Vec<&str> = what
                    .iter()
                    .map(|w| match w {
                        Disrupted::BattleCard => "a Battle card",
                        Disrupted::ActivatedAbility => "an activated ability",
                        Disrupted::ThatBattleCard => "that Battle card",
                    })
                    .collect();
                write!(f, "disrupt {}", what.join(" or "))
            }
            Effect::BuildCounters { on, amount } => {
                write!(f, "put {amount} build counters on {on}")
            }
            Effect::MoveTo { who, arena } => write!(f, "move {who} to the {arena} arena"),
            Effect::Pay(payment) => write!(f, "{payment}"),
            Effect::AttackDice { who, change } => {
                write!(f, "{change:+} to each attack die of {who}")
            }
            Effect::EndAttack => write!(f, "the attack ends"),
            Effect::WinGame => write!(f, "you win the game"),
            Effect::Roll {
                at_least,
                at_most,
                then,
            } => {
                write!(
                    f,
                    "roll a die; on {at_least} to {at_most}: {}",
                    joined(then, ", ")
                )
            }
            Effect::UseKeyword(keyword) => match &keyword.amount {
                Some(amount) => write!(f, "use {} {amount}", keyword.name),
                None => write!(f, "use {}", keyword.name),
            },
            Effect::Search {
                what,
                count,
                up_to,
                to,
                counters,
                whose,
                discard_pile_too,
            } => {
                let up_to = if *up_to { "up to " } else { "" };
                let piles = if *discard_pile_too {
                    "deck and discard pile"
                } else {
                    "deck"
                };
                let whose = possessive(*whose);
                write!(f, "search {whose} {piles} for {up_to}{count} of {what}, ")?;
                match (to, counters) {
                    (Zone::Play, _) => write!(f, "put them into play")?,
                    (Zone::BuildZone, n) if *n > 0 => write!(
                        f,
                        "put them into the build zone with {n} build counter(s) on each"
                    )?,
                    (to, _) => write!(f, "put them into the owner's {to}")?,
                }
                write!(f, ", shuffle {whose} deck")
            }
            Effect::Move { what, from, to } => {
                write!(f, "move {what} from your {from} to your {to}")
            }
            Effect::Choose(units) => write!(f, "choose {units}"),
            Effect::ChooseArena => write!(f, "choose an arena"),
            Effect::ChooseArenaOf(arenas) => {
                write!(f, "choose the {} arena", joined(arenas, " or "))
            }
            Effect::LookAtHand(whose) => write!(f, "look at {} hand", possessive(*whose)),
            Effect::DiscardFromHand {
                whose,
                what,
                count,
                up_to,
            } => {
                let up_to = if *up_to { "up to " } else { "" };
                write!(
                    f,
                    "look at {} hand and pick {up_to}{count} of {what} there to discard",
                    possessive(*whose)
                )
            }
            Effect::ChooseOne(options) => {
                let options: Vec<String> =
                    options.iter().map(|steps| joined(steps, ", ")).collect();
                write!(f, "choose one: {}", options.join(" / "))
            }
            Effect::TreatAs { who, subtype } => write!(f, "treat {who} as {subtype}"),
            Effect::ReducedCost(x) => {
                write!(f, "this card may be completed with {x} build counters")
            }
            Effect::TakeSubordinate {
                count,
                name,
                stats,
                abilities,
                arenas,
                tapped,
            } => {
                write!(f, "take {count} {stats} {name} Subordinate")?;
                if *count != 1 {
                    write!(f, "s")?;
                }
                if !abilities.is_empty() {
                    let quoted: Vec<String> =
                        abilities.iter().map(|a| format!("\"{a}\"")).collect();
                    write!(f, " with {}", quoted.join(" and "))?;
                }
                write!(f, " from your supply into ")?;
                match arenas.as_slice() {
                    [] => write!(f, "an arena of its type line")?,
                    _ => {
                        let names: Vec<String> = arenas.iter().map(|a| a.to_string()).collect();
                        write!(f, "the {} arena", names.join(" or "))?
                    }
                }
                if *tapped {
                    write!(f, ", tapped")?;
                }
                Ok(())
            }
        }
    }
}

impl Display for UnitRule {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let rule = match self {
            UnitRule::CanAttackIn(arena) => {
                return write!(f, "can attack units in the {arena} arena");
            }
            UnitRule::CantAttack => "can't attack",
            UnitRule::CantBeAttacked => "can't be attacked",
            UnitRule::CantRetreat => "can't retreat",
            UnitRule::CantRetreatInRetreatStep => "can't retreat in the retreat step",
            UnitRule::CantUntap => "can't untap",
            UnitRule::CantBeDiscarded => "can't be discarded",
            UnitRule::MustAttack => "must attack",
            UnitRule::ExtraPilot => "can have an extra Pilot",
            UnitRule::SkipsNextUntap => "doesn't untap during the next untap step",
            UnitRule::DamageCantBePrevented => "deals damage that can't be prevented",
            UnitRule::AttackDamageCantBePrevented => "deals attack damage that can't be prevented",
        };
        f.write_str(rule)
    }
}

impl Display for Duration {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Duration::ThisAttack => "for this attack",
            Duration::ThisTurn => "until end of turn",
            Duration::ThisBattlePhase => "until end of the battle phase",
            Duration::ThisGame => "until end of game",
        })
    }
}

impl Display for Moment {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Moment::Turn => write!(f, "turn"),
            Moment::ReadyPhase => write!(f, "ready phase"),
            Moment::CommandPhase => write!(f, "command phase"),
            Moment::BattlePhase => write!(f, "battle phase"),
            Moment::UntapStep => write!(f, "untap step"),
            Moment::DrawStep => write!(f, "draw step"),
            Moment::BuildStep => write!(f, "build step"),
            Moment::RetreatStep => write!(f, "retreat step"),
            Moment::BattleStep(None) => write!(f, "battle step"),
            Moment::BattleStep(Some(arena)) => write!(f, "{arena} battle step"),
            Moment::BuildRoll => write!(f, "roll for build points"),
        }
    }
}

impl Display for Whose {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Whose::Yours => "your",
            Whose::Opponents => "the opponent's",
            Whose::Each => "each",
        })
    }
}

impl Display for Trigger {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Trigger::Moment {
                moment: Moment::BuildRoll,
                ..
            } => write!(f, "the roll for build points is made"),
            Trigger::Moment {
                moment,
                starts,
                whose,
            } => {
                let edge = if *starts { "starts" } else { "ends" };
                write!(f, "{whose} {moment} {edge}")
            }
            Trigger::Units { who, event } => write!(f, "{who} {event}"),
            Trigger::Deploy(units) => write!(f, "you deploy {units}"),
            Trigger::Complete(units) => write!(f, "you complete {units}"),
            Trigger::BattleCard(player) => write!(f, "{player} plays a Battle card"),
            Trigger::Bounty => write!(f, "another unit is discarded by damage from this unit"),
            Trigger::Foresight => write!(
                f,
                "this unit attacks and its controller predicts the hits rolled correctly"
            ),
            Trigger::Forewarning => write!(
                f,
                "this unit is attacked and its controller predicts the hits rolled correctly"
            ),
            Trigger::Upkeep => write!(
                f,
                "its controller's build step starts (Upkeep: in an arena or the build zone)"
            ),
        }
    }
}

impl Display for UnitEvent {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            UnitEvent::Attacks(None) => write!(f, "attacks"),
            UnitEvent::Attacks(Some(target)) => write!(f, "attacks {target}"),
            UnitEvent::IsAttacked => write!(f, "is attacked"),
            UnitEvent::Damages(None) => write!(f, "deals damage"),
            UnitEvent::Damages(Some(target)) => write!(f, "damages {target}"),
            UnitEvent::IsDamaged => write!(f, "is damaged"),
            UnitEvent::WouldBeDamaged => write!(f, "would be damaged"),
            UnitEvent::WouldBeDamagedBy(by) => write!(f, "would be damaged by {by}"),
            UnitEvent::IsDiscarded(None) => write!(f, "is discarded"),
            UnitEvent::IsDiscarded(Some(place)) => write!(f, "is discarded while {place}"),
            UnitEvent::Retreats => write!(f, "retreats"),
            UnitEvent::Untaps => write!(f, "untaps"),
            UnitEvent::EntersArena => write!(f, "enters an arena"),
        }
    }
}

impl Display for Condition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Condition::UnitsIn { who, place } => write!(f, "{who} is {place}"),
            Condition::Has { whose, units } => write!(f, "{whose} has {units}"),
            Condition::HasNo { whose, units } => write!(f, "{whose} has none of {units}"),
            Condition::UnitsAre { who, state } => {
                let state = match state {
                    UnitState::Attacked => "attacked",
                    UnitState::Tapped => "tapped",
                    UnitState::Untapped => "untapped",
                    UnitState::Damaged => "damaged",
                    UnitState::Unique => "unique",
                };
                write!(f, "{who} is {state}")
            }
            Condition::UnitIs { who, what } => write!(f, "{who} is one of {what}"),
            Condition::Attacking { who, target: None } => write!(f, "{who} is attacking"),
            Condition::Attacking {
                who,
                target: Some(target),
            } => {
                write!(f, "{who} is attacking {target}")
            }
            Condition::NoAttack => write!(f, "no unit is attacking"),
            Condition::WouldAttack(who) => write!(f, "{who} would attack"),
            Condition::Controls { whose, arena } => write!(f, "{whose} controls the {arena} arena"),
            Condition::ControlsAnArena(whose) => write!(f, "{whose} controls an arena"),
            Condition::Turn(whose) => write!(f, "it is {whose} turn"),
            Condition::AtLeast { count, amount } => write!(f, "at least {amount} of {count}"),
            Condition::MoreUnits { yours, theirs } => {
                write!(f, "there are more of {yours} than of {theirs}")
            }
            Condition::AtMost { count, amount } => write!(f, "at most {amount} of {count}"),
        }
    }
}

impl Display for Limit {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Limit::During { moment, whose } => write!(f, "during {whose} {moment}"),
            Limit::PerTurn(1) => write!(f, "once per turn"),
            Limit::PerTurn(n) => write!(f, "{n} times per turn"),
            Limit::If(condition) => write!(f, "if {condition}"),
            Limit::WhenStarts(moment) => write!(f, "when the {moment} starts"),
            Limit::BeforeAttacks(arena) => {
                write!(f, "before any unit in the {arena} arena attacks this turn")
            }
        }
    }
}

impl Display for Cost {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Force(amount) => write!(f, "pay {amount} Force"),
            Cost::BuildPoints(amount) => write!(f, "pay {amount} build points"),
            Cost::Tap => write!(f, "tap this unit"),
            Cost::TapUnits(units) => write!(f, "tap {units}"),
            Cost::DiscardThis => write!(f, "discard this card"),
            Cost::DiscardUnits(units) => write!(f, "discard {units}"),
            Cost::DiscardFromHand(amount) => write!(f, "discard {amount} cards from your hand"),
            Cost::DiscardHand => write!(f, "discard your hand"),
            Cost::RemoveThis => write!(f, "remove this card from the game"),
            Cost::ReturnThis => write!(f, "return this unit to your supply"),
            Cost::RetreatThis => write!(f, "retreat this unit"),
            Cost::RemoveFromDiscard(amount) => {
                write!(
                    f,
                    "remove {amount} cards from your discard pile from the game"
                )
            }
            Cost::Mill(amount) => write!(
                f,
                "put the top {amount} cards of your deck into your discard pile"
            ),
            Cost::DamageCounters { on, amount } => {
                write!(f, "put {amount} damage counters on {on}")
            }
            Cost::Counters { kind, on, amount } => {
                write!(f, "put {amount} {kind} counters on {on}")
            }
            Cost::RemoveCounters {
                kind: Some(kind),
                from,
                amount,
            } => {
                write!(f, "remove {amount} {kind} counters from {from}")
            }
            Cost::RemoveCounters {
                kind: None,
                from,
                amount,
            } => {
                write!(f, "remove {amount} counters from {from}")
            }
            Cost::ResourceCounters {
                amount,
                remove,
                yours,
            } => {
                let (verb, joint) = if *remove {
                    ("remove", "from")
                } else {
                    ("add", "to")
                };
                let whose = if *yours { "your" } else { "this" };
                write!(f, "{verb} {amount} counters {joint} {whose} Resource")
            }
        }
    }
}
