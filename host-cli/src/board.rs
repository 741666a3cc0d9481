//! The game in words for a terminal: the board, log entries and choices, as one side sees them
//! (or as a spectator sees everything, for replays). Hidden information — a hand, a card being
//! built face down (game 1.5, 4.3) — is shown only to its owner.

use std::borrow::Cow;
use std::collections::BTreeMap;
use swtcg_engine::decision::{DecisionKind, describe_option};

use swtcg_engine::log::{DamageWhy, DiscardWhy, HitsWhy, LeftTo};
use swtcg_engine::model::{Duration, Place, Unit};
use swtcg_engine::{Arena, Choice, Event, GameState, LogEntry, Side, UnitId};

use crate::colour;

/// Who is looking: one side, or a spectator who sees everything (replays).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Side(Side),
    Everything,
}

impl Viewer {
    /// Whether this viewer may see `side`'s hidden cards (its hand, its face-down builds).
    pub fn sees_hidden_of(self, side: Side) -> bool {
        match self {
            Viewer::Side(me) => me == side,
            Viewer::Everything => true,
        }
    }
}

/// The units a front end has seen built in play, so that log lines worded after they left play
/// (the engine forgets departed units at the end of the turn) still name them: "TIE Fighter
/// [u8] (left play)", never "a unit that left play [u8]".
#[derive(Default)]
pub struct Seen {
    units: BTreeMap<UnitId, Unit>,
}

impl Seen {
    /// Remembers the built units of `state` (a face-down card is never remembered: its name is
    /// no one else's to see).
    pub fn see(&mut self, state: &GameState) {
        for unit in state.units.values().filter(|u| u.built) {
            match self.units.get(&unit.id) {
                Some(known) if known.cards == unit.cards => {}
                _ => {
                    self.units.insert(unit.id, unit.clone());
                }
            }
        }
    }

    /// `state` with the units it has forgotten put back among the departed ones, to word log
    /// entries with.
    pub fn complete<'s>(&self, state: &'s GameState) -> Cow<'s, GameState> {
        let forgotten: Vec<(&UnitId, &Unit)> = self
            .units
            .iter()
            .filter(|(id, _)| state.unit(**id).is_none() && !state.departed.contains_key(id))
            .collect();
        if forgotten.is_empty() {
            return Cow::Borrowed(state);
        }
        let mut state = state.clone();
        for (id, unit) in forgotten {
            state.departed.insert(*id, unit.clone());
        }
        Cow::Owned(state)
    }
}

/// How many of the log's entries `viewer` may be shown now. All of them, except while an
/// attack's dice are rolled secretly (Cunning: shown to the opponent only after the damage
/// prevention POP): its attacker's opponent is shown the log up to the attack's first die, and
/// the rest once the dice are shown.
pub fn visible_entries(state: &GameState, log: &[LogEntry], viewer: Viewer) -> usize {
    let Some(attack) = state.attack.as_ref().filter(|a| a.secret) else {
        return log.len();
    };
    let attacking_side = state.unit(attack.attacker).map(|u| u.controller);
    if attacking_side.is_none_or(|side| viewer.sees_hidden_of(side)) {
        return log.len();
    }
    // The secret attack is the last one declared; its dice follow its declaration.
    let declared = log
        .iter()
        .rposition(|entry| {
            matches!(
                entry,
                LogEntry::Event {
                    event: Event::Attack { .. }
                }
            )
        })
        .unwrap_or(0);
    log[declared..]
        .iter()
        .position(|entry| matches!(entry, LogEntry::Die { .. }))
        .map_or(log.len(), |first_die| declared + first_die)
}

/// A unit as the viewer may know it: its name and stats, or "a face-down card" for a card an
/// opponent is building.
pub fn unit_text(state: &GameState, id: UnitId, viewer: Viewer) -> String {
    let Some(unit) = state.unit(id) else {
        return state.unit_label(id);
    };
    if !unit.built && !viewer.sees_hidden_of(unit.controller) {
        return format!("a face-down card [{id}]");
    }
    state.unit_label(id)
}

/// One unit's line on the board, escaped (`escape_controls`): it quotes card and ability texts.
/// Texts in `inert` (no plugin carries them out in this game) are marked.
fn unit_line(state: &GameState, id: UnitId, viewer: Viewer, inert: &[String]) -> String {
    swtcg_engine::text::escape_controls(&unit_words(state, id, viewer, inert)).into_owned()
}

fn unit_words(state: &GameState, id: UnitId, viewer: Viewer, inert: &[String]) -> String {
    let Some(unit) = state.unit(id) else {
        return String::new();
    };
    if !unit.built {
        let name = if viewer.sees_hidden_of(unit.controller) {
            state.def(unit.top()).name.clone()
        } else {
            "face-down card".into()
        };
        let cost = if viewer.sees_hidden_of(unit.controller) {
            format!("/{}", state.build_cost(unit))
        } else {
            String::new()
        };
        return format!(
            "[{id}] {name} (building: {}{cost} counters)",
            unit.build_counters
        );
    }
    let mut notes = Vec::new();
    if unit.tapped {
        notes.push("tapped".to_string());
    }
    if unit.damage > 0 {
        notes.push(format!("{} damage", unit.damage));
    }
    if unit.cards.len() > 1 {
        let under: Vec<&str> = unit.cards[1..]
            .iter()
            .map(|&c| state.def(c).name.as_str())
            .collect();
        notes.push(format!(
            "stack of {}: {} under it",
            unit.cards.len(),
            under.join(", ")
        ));
    }
    // Abilities given to it (a grant, an aura) and keywords it lost, as the game has them now.
    let granted: Vec<&str> = unit
        .granted
        .iter()
        .map(|(text, _)| text.as_str())
        .chain(unit.aura_granted.iter().map(String::as_str))
        .collect();
    if !granted.is_empty() {
        notes.push(format!("given {}", granted.join(", ")));
    }
    if !unit.lost_keywords.is_empty() {
        notes.push(format!("loses {}", unit.lost_keywords.join(", ")));
    }
    notes.extend(switch_now(state, unit));
    if !unit.pilots.is_empty() {
        notes.push(format!("{} pilots", unit.pilots.len()));
    }
    for &card in &unit.equipment {
        notes.push(format!("equipped with {}", state.def(card).name));
    }
    notes.extend(stat_changes(unit));
    let def = state.def(unit.top());
    // A Location has no stats (game 16.1); counters on it matter to its texts.
    if unit.is_location() {
        let counters: Vec<String> = unit
            .counters
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect();
        let counters = if counters.is_empty() {
            String::new()
        } else {
            format!(" ({} counters)", counters.join(", "))
        };
        return format!(
            "[{id}] {} (Location){counters} — {}",
            def.name,
            def.abilities.join("; ")
        );
    }
    let abilities = if def.abilities.is_empty() {
        String::new()
    } else {
        let texts: Vec<String> = def
            .abilities
            .iter()
            .map(|text| {
                if inert.contains(text) {
                    format!("{text} [does nothing in this game]")
                } else {
                    text.clone()
                }
            })
            .collect();
        format!(" — {}", texts.join("; "))
    };
    format!(
        "[{id}] {} speed {} power {} health {}{}{abilities}",
        def.name,
        state.total_speed(unit),
        state.total_power(unit),
        state.total_health(unit),
        if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join(", "))
        }
    )
}

/// The board: turn and step, each side's Force, build points, hand, deck and discard sizes, the
/// three arenas, both build zones, Resource zones and Event zones, and the viewer's hand.
pub fn render(state: &GameState, viewer: Viewer, colour: bool, inert: &[String]) -> String {
    let bold = |t: &str| colour::bold(t, colour);
    let mut out = String::new();
    out += &bold(&format!(
        "=== Turn {} — {:?} ===\n",
        state.turn.max(1),
        state.step
    ));
    for side in Side::BOTH {
        let p = state.player(side);
        let label = side_colour(side, &side.to_string(), colour);
        out += &format!(
            "{label}: {} Force, {} build points, {} in hand, {} in deck, {} discarded\n",
            p.force,
            p.build_points,
            p.hand.len(),
            p.deck.len(),
            p.discard.len()
        );
    }
    for arena in Arena::ALL {
        let controller = state
            .arena_controller(arena)
            .map_or("nobody".to_string(), |s| s.to_string());
        out += &bold(&format!(
            "-- {arena} arena (controlled by {controller}) --\n"
        ));
        for side in Side::BOTH {
            for unit in state
                .units_in(arena, side)
                .chain(state.locations_in(arena, side))
            {
                out += &format!(
                    "  {} {}\n",
                    side_colour(side, side_mark(side), colour),
                    unit_line(state, unit.id, viewer, inert)
                );
            }
        }
    }
    // Each player's cards outside the arenas: those being built and completed Campaigns (game
    // 16.6) in the build zone, the Resource (16.4) and the Events (16.3).
    let zones: [(&str, &[Place]); 3] = [
        ("build zone", &[Place::BuildZone, Place::Campaign]),
        ("Resource zone", &[Place::Resource]),
        ("Event zone", &[Place::Event]),
    ];
    for (name, places) in zones {
        for side in Side::BOTH {
            let zone: Vec<UnitId> = state
                .units
                .values()
                .filter(|u| u.controller == side && places.contains(&u.place))
                .map(|u| u.id)
                .collect();
            if zone.is_empty() {
                continue;
            }
            out += &bold(&format!("-- {side} {name} --\n"));
            for id in zone {
                out += &format!(
                    "  {} {}\n",
                    side_colour(side, side_mark(side), colour),
                    unit_line(state, id, viewer, inert)
                );
            }
        }
    }
    // Discard piles are public (game 4.5): the top cards, the newest last.
    for side in Side::BOTH {
        let pile = &state.player(side).discard;
        if pile.is_empty() {
            continue;
        }
        let shown = pile.len().min(6);
        let names: Vec<&str> = pile[pile.len() - shown..]
            .iter()
            .map(|&c| state.def(c).name.as_str())
            .collect();
        let more = if pile.len() > shown { "..., " } else { "" };
        out += &format!(
            "{} ({}): {more}{}\n",
            bold(&format!("{side} discard pile")),
            pile.len(),
            names.join(", ")
        );
    }
    for side in Side::BOTH {
        if !viewer.sees_hidden_of(side) {
            continue;
        }
        let hand = &state.player(side).hand;
        if hand.is_empty() {
            out += &format!("{}: empty\n", bold(&format!("{side} hand")));
            continue;
        }
        // Each card with what a player reads on it: type line, cost, stats and text.
        out += &format!("{}:\n", bold(&format!("{side} hand")));
        for &card in hand {
            let words = card_words(state.def(card));
            out += &format!("  {}\n", swtcg_engine::text::escape_controls(&words));
        }
    }
    out
}

/// A printed number as printed: the value, `X` or `*`.
pub fn printed(value: Option<swtcg_engine::model::Printed>) -> Option<String> {
    value.map(|v| match v {
        swtcg_engine::model::Printed::Value(n) => n.to_string(),
        swtcg_engine::model::Printed::X => "X".into(),
        swtcg_engine::model::Printed::Star => "*".into(),
    })
}

/// Stat changes in words, leaving out the stats that don't change: "+10 speed, -2 power".
fn stat_words(speed: i32, power: i32, health: i32) -> String {
    let parts: Vec<String> = [(speed, "speed"), (power, "power"), (health, "health")]
        .into_iter()
        .filter(|(n, _)| *n != 0)
        .map(|(n, stat)| format!("{n:+} {stat}"))
        .collect();
    parts.join(", ")
}

/// A card as printed, on one line: "TIE Fighter (Unit, Space; cost 2, speed 50, power 1,
/// health 1) — Pay 1 Force -> Intercept".
fn card_words(def: &swtcg_engine::CardDef) -> String {
    let mut line: Vec<String> = vec![format!("{:?}", def.card_type)];
    if !def.arenas.is_empty() {
        let arenas: Vec<String> = def.arenas.iter().map(|a| a.to_string()).collect();
        line.push(arenas.join("/"));
    }
    let stats: Vec<String> = [
        ("cost", def.cost),
        ("speed", def.speed),
        ("power", def.power),
        ("health", def.health),
    ]
    .into_iter()
    .filter_map(|(name, value)| printed(value).map(|v| format!("{name} {v}")))
    .collect();
    let text = if def.abilities.is_empty() {
        String::new()
    } else {
        format!(" — {}", def.abilities.join("; "))
    };
    format!(
        "{} ({}; {}){text}",
        def.name,
        line.join(", "),
        stats.join(", ")
    )
}

fn side_mark(side: Side) -> &'static str {
    match side {
        Side::Dark => "D",
        Side::Light => "L",
    }
}

fn side_colour(side: Side, text: &str, on: bool) -> String {
    match side {
        Side::Dark => colour::red(text, on),
        Side::Light => colour::blue(text, on),
    }
}

/// A unit's stat changes in words, each with the ability that made it and how long it lasts
/// ("-2 power from \"Stun 2\" until the end of the turn"), then the changes abilities in
/// play make as long as they hold.
pub fn stat_changes(unit: &Unit) -> Vec<String> {
    let amounts = stat_words;
    let mut changes: Vec<String> = unit
        .modifiers
        .iter()
        .filter(|m| (m.speed, m.power, m.health) != (0, 0, 0))
        .map(|m| {
            let until = match m.duration {
                Duration::ThisAttack => "for this attack",
                Duration::NextAttack => "for its next attack",
                Duration::EndOfBattle => "until the end of the battle",
                Duration::EndOfTurn => "until the end of the turn",
                Duration::EndOfGame => "for the rest of the game",
            };
            let from = m
                .source
                .as_deref()
                .map(|text| format!(" from \"{text}\""))
                .unwrap_or_default();
            format!("{}{from} {until}", amounts(m.speed, m.power, m.health))
        })
        .collect();
    // The changes abilities make as long as they hold, each with its ability; a state saved
    // before their sources were kept has only the sum.
    if unit.static_from.is_empty() {
        let [speed, power, health] = unit.static_bonus;
        if (speed, power, health) != (0, 0, 0) {
            changes.push(format!(
                "{} from abilities in play",
                amounts(speed, power, health)
            ));
        }
    }
    for (text, [speed, power, health]) in &unit.static_from {
        changes.push(format!(
            "{} from \"{text}\"",
            amounts(*speed, *power, *health)
        ));
    }
    changes
}

/// The half of a Switch ability that applies now (keywords.md, Switch: the part of "Switch: A/B"
/// at the position of the unit's arena on its type line), as "Switch in the Ground arena:
/// Ferocity, Overkill". For the board only: the Switch plugin decides what the unit gets.
pub fn switch_now(state: &GameState, unit: &Unit) -> Option<String> {
    let arena = unit.in_arena()?;
    let def = state.def(unit.top());
    let position = def.arenas.iter().position(|&a| a == arena)?;
    def.abilities.iter().find_map(|text| {
        let parts = text.strip_prefix("Switch:")?;
        let part = parts.split('/').nth(position)?.trim();
        let part = if part.is_empty() { "None" } else { part };
        Some(format!("Switch in the {arena} arena: {part}"))
    })
}

/// The group an option is shown in, with its short label there: the counters to start building
/// one card with or to add to one card, the arenas to deploy one unit to ("Start building TIE
/// Fighter", "2 counters"). Front ends offer such a group as one choice, then its members.
pub fn option_group(state: &GameState, choice: &Choice) -> Option<(String, String)> {
    let counters = |points: u32| match points {
        1 => "1 counter".to_string(),
        n => format!("{n} counters"),
    };
    match choice {
        Choice::StartBuild { card, points } => Some((
            format!("Start building {}", state.def(*card).name),
            counters(*points),
        )),
        Choice::AddCounters { unit, points } => Some((
            format!("Add build counters to {}", state.unit_label(*unit)),
            counters(*points),
        )),
        Choice::Deploy { unit, arena } => Some((
            format!("Deploy {}", state.unit_label(*unit)),
            format!("to the {arena} arena"),
        )),
        _ => None,
    }
}

/// A choice someone made at a decision of `kind`, as the viewer may know it: the opponent's
/// builds name no card.
pub fn choice_text(
    state: &GameState,
    side: Side,
    kind: &DecisionKind,
    choice: &Choice,
    viewer: Viewer,
) -> String {
    if viewer.sees_hidden_of(side) {
        return describe_option(state, kind, choice);
    }
    match choice {
        Choice::StartBuild { points, .. } => {
            format!("build a face-down card with {points} build counters")
        }
        Choice::AddCounters { unit, points } => format!(
            "put {points} build counters on {}",
            unit_text(state, *unit, viewer)
        ),
        other => describe_option(state, kind, other),
    }
}

/// A log entry in words, or `None` for entries not worth a line (dice show in their results).
/// Escaped (`escape_controls`): events carry texts that plugins and card files chose, and a
/// log entry is one line.
pub fn entry_text(state: &GameState, entry: &LogEntry, viewer: Viewer) -> Option<String> {
    entry_words(state, entry, viewer)
        .map(|text| swtcg_engine::text::escape_controls(&text).into_owned())
}

fn entry_words(state: &GameState, entry: &LogEntry, viewer: Viewer) -> Option<String> {
    match entry {
        LogEntry::Decision {
            side, kind, choice, ..
        } => Some(format!(
            "{side}: {}",
            choice_text(state, *side, kind, choice, viewer)
        )),
        // Attack dice show in the hits they scored (`Event::Hits`), with their modifiers and the
        // value they needed.
        LogEntry::Die { purpose, .. } if purpose == "attack" => None,
        LogEntry::Die { purpose, value } => Some(format!("  die ({purpose}): {value}")),
        LogEntry::Event { event } => event_text(state, event, viewer),
        LogEntry::Abandoned { side, reason } => Some(format!(
            "{side} left the game ({reason}); it ends without a result"
        )),
    }
}

/// An attack's hits with why: each die (natural value and modifier), the value a die needed
/// against the defender and the abilities that changed either (game 10.3 to 10.5).
fn hits_text(state: &GameState, hits: u32, why: Option<&HitsWhy>, viewer: Viewer) -> String {
    let counted = match hits {
        1 => "1 hit".to_string(),
        n => format!("{n} hits"),
    };
    let Some(why) = why else {
        return format!("  {counted}");
    };
    let dice: Vec<String> = why
        .dice
        .iter()
        .map(|(natural, modifier)| match modifier {
            0 => natural.to_string(),
            m => format!("{natural}{m:+}"),
        })
        .collect();
    let dice = if dice.is_empty() {
        "no dice".to_string()
    } else {
        format!("dice {}", dice.join(", "))
    };
    let modifiers: Vec<String> = why
        .modifiers
        .iter()
        .map(|(text, n)| format!("{n:+} from \"{text}\""))
        .collect();
    let modifiers = if modifiers.is_empty() {
        String::new()
    } else {
        format!(" ({})", modifiers.join(", "))
    };
    let against: Vec<String> = why
        .power_against
        .iter()
        .map(|(text, n)| format!("{n:+} dice from \"{text}\""))
        .collect();
    let against = if against.is_empty() {
        String::new()
    } else {
        format!(" ({})", against.join(", "))
    };
    let base = state.ruleset.hit_threshold;
    let raised = if why.raised_by.is_empty() || why.hit_on <= base {
        String::new()
    } else {
        let texts: Vec<String> = why.raised_by.iter().map(|t| format!("\"{t}\"")).collect();
        format!(", not {base}, because of {}", texts.join(" and "))
    };
    format!(
        "  {counted} against {}: {dice}{against}{modifiers}; a die hits on {} or more{raised}",
        unit_text(state, why.defender, viewer),
        why.hit_on
    )
}

/// One effect an ability proposed, in words ("AT-RT [u7] gets -2 power", "1 more damage on
/// AT-AP [u5]"); effects without words here are named as the log names them.
fn effect_words(
    state: &GameState,
    effect: &swtcg_plugin_api::Effect,
    controller: Side,
    viewer: Viewer,
) -> String {
    use swtcg_plugin_api::Effect as E;
    let unit = |id: &u32| unit_text(state, UnitId(*id), viewer);
    let side = |side: &swtcg_plugin_api::Side| Side::from(*side);
    match effect {
        E::Stats(change) => {
            format!(
                "{} gets {}",
                unit(&change.unit),
                stat_words(change.speed, change.power, change.health)
            )
        }
        E::Prevent { unit: u, amount } => format!("prevent {amount} damage to {}", unit(u)),
        E::AddPending { unit: u, amount } => format!("{amount} more damage on {}", unit(u)),
        E::DiceOfDamage { target, dice, .. } => {
            format!("{dice} dice of damage at {}", unit(target))
        }
        E::Damage { target, amount, .. } => format!("{amount} damage to {}", unit(target)),
        E::ChangeDefender { unit: u } => format!("the attack now targets {}", unit(u)),
        E::ExtraAttackDice { dice } => format!("{dice} more attack dice"),
        E::GainForce { amount } => format!("gain {amount} Force"),
        E::Tap { unit: u } => format!("tap {}", unit(u)),
        E::Untap { unit: u } => format!("untap {}", unit(u)),
        E::Reroll { dice } => format!("re-roll {} attack dice", dice.len()),
        E::DiceModifier { amount } => format!("{amount:+} to each attack die"),
        E::Grant { unit: u, text, .. } => format!("{} gets \"{text}\"", unit(u)),
        E::PlaceDamage { unit: u, amount } => {
            format!("put {amount} damage counters on {}", unit(u))
        }
        E::RemoveDamage { unit: u, amount } => {
            format!("may remove up to {amount} damage counters from {}", unit(u))
        }
        E::Draw { side: s, cards } => format!("the {} draws {cards}", side(s)),
        E::GainBuildPoints { amount } => format!("gain {amount} build points"),
        E::LoseForce { side: s, amount } => format!("the {} loses {amount} Force", side(s)),
        E::PlayerGainsForce { side: s, amount } => {
            format!("the {} gains {amount} Force", side(s))
        }
        E::PayOneOf { costs } => format!("pays one of: {}", costs.join(" or ")),
        E::OfferSplit { hits } => format!("may move up to {hits} hits to another unit"),
        E::Note {
            unit: u,
            key,
            value,
            ..
        } => format!("remembers {key} = {value} on {}", unit(u)),
        E::AttackAgain {
            attacker, defender, ..
        } => format!("{} attacks {} again", unit(attacker), unit(defender)),
        // A delayed effect is worded as what it will do, for the ability's controller.
        E::AtAttackEnd(delayed) => format!(
            "when the attack ends: {}",
            effect_words(
                state,
                &delayed.clone().effect(controller.into()),
                controller,
                viewer
            )
        ),
        E::AtBuildStepStart(delayed) => format!(
            "when the {controller}'s next build step starts: {}",
            effect_words(
                state,
                &delayed.clone().effect(controller.into()),
                controller,
                viewer
            )
        ),
        other => serde_json::to_value(other)
            .ok()
            .and_then(|v| v["effect"].as_str().map(str::to_string))
            .unwrap_or_default(),
    }
}

/// What was pending, what abilities added to it and what they prevented of it.
fn damage_why(why: &DamageWhy) -> String {
    let sources = |list: &[(String, u32)], word: &str| -> String {
        let parts: Vec<String> = list
            .iter()
            .map(|(text, n)| format!("{n} {word} \"{text}\""))
            .collect();
        parts.join(", ")
    };
    let mut words = format!("{} pending", why.pending);
    if !why.added_by.is_empty() {
        words += &format!(", {}", sources(&why.added_by, "added by"));
    }
    if why.prevented > 0 {
        words += &match why.prevented_by.as_slice() {
            [] => format!(", {} prevented", why.prevented),
            list => format!(", {}", sources(list, "prevented by")),
        };
    }
    words
}

fn event_text(state: &GameState, event: &Event, viewer: Viewer) -> Option<String> {
    let unit = |id: &UnitId| unit_text(state, *id, viewer);
    Some(match event {
        Event::SetupPlaced {
            side, name, arena, ..
        } => {
            format!("{side} puts {name} into the {arena} arena")
        }
        Event::SetupEnded => "Setup ends.".into(),
        Event::TurnStarted { turn } => format!("— Turn {turn} —"),
        Event::ForceGained { side, amount } => format!("{side} gains {amount} Force"),
        Event::BuildPoints { amount } => format!("Build roll: {amount} build points each"),
        Event::Drew { side } => format!("{side} draws a card"),
        Event::BuildCounters { unit: u, points } => {
            format!("{points} build counters on {}", unit(u))
        }
        // The engine's name already carries the unit's id ("TIE Fighter [u13]").
        Event::Completed { name, unit: u } if name.ends_with(&format!("[{u}]")) => {
            format!("{name} is completed")
        }
        Event::Completed { name, unit: u } => format!("{name} [{u}] is completed"),
        Event::Stacked { unit: u, .. } => format!("{} is stacked", unit(u)),
        Event::Deployed { unit: u, arena } => {
            format!("{} is deployed to the {arena} arena", unit(u))
        }
        Event::Retreated { unit: u } => format!("{} retreats", unit(u)),
        Event::LocationPlaced { name, arena, .. } => {
            format!("{name} is placed in the {arena} arena as a Location")
        }
        Event::LocationReplaced { name, .. } => {
            format!("  {name} is replaced by a new Location there and discarded")
        }
        Event::ResourcePlaced { name, .. } => format!("{name} is put into the Resource zone"),
        Event::ResourceReplaced { name, .. } => {
            format!("  {name} is replaced by a new Resource and discarded")
        }
        Event::Attack { attacker, defender } => {
            format!("{} attacks {}", unit(attacker), unit(defender))
        }
        Event::Hits { hits, why, .. } => hits_text(state, *hits, why.as_ref(), viewer),
        Event::DamagePlaced {
            unit: u,
            amount,
            why,
        } => match why {
            Some(why) => format!("  {amount} damage on {} ({})", unit(u), damage_why(why)),
            None => format!("  {amount} damage on {}", unit(u)),
        },
        Event::Discarded { name, unit: u, why } => {
            let because = match why {
                Some(DiscardWhy::Damage { damage, health }) => {
                    format!(": its {damage} damage reached its health of {health}")
                }
                Some(DiscardWhy::Unique) => {
                    ": another unique card of its name came into play".to_string()
                }
                Some(DiscardWhy::Cost) => " to pay a cost".to_string(),
                Some(DiscardWhy::Replaced) => ", replaced by a new Location".to_string(),
                Some(DiscardWhy::Ability { text }) => format!(" by \"{text}\""),
                None => String::new(),
            };
            format!("  {name} [{u}] is discarded{because}")
        }
        Event::DamageCountersPlaced { unit: u, amount } => {
            format!("  {amount} damage counters put on {}", unit(u))
        }
        Event::DamageRemoved { unit: u, amount } => {
            format!("  {amount} damage counters removed from {}", unit(u))
        }
        Event::CardDiscarded { name, from, .. } => {
            format!("  {name} leaves the stack of [{from}] for the discard pile")
        }
        Event::LeftPlay { .. } | Event::RemovedFromGame { .. } => cost_event_text(event),
        Event::ArenaControl { arena, controller } => match controller {
            Some(side) => format!("{side} controls the {arena} arena"),
            None => format!("Nobody controls the {arena} arena"),
        },
        Event::Winner { side, turn } => format!("{side} wins on turn {turn}!"),
        Event::TurnLimit { turn } => format!("No winner after {turn} turns (turn limit)."),
        Event::PluginError { message } => format!("plugin error: {message}"),
        // What an ability proposed, in words; the game log has every field, the plugin and
        // the hook.
        Event::Proposed {
            unit: u,
            text,
            effects,
            ..
        } => {
            // The ability's controller: whose the delayed effects' gains and draws are.
            let controller = state
                .unit(*u)
                .or_else(|| state.departed.get(u))
                .map_or(Side::Dark, |unit| unit.controller);
            let words: Vec<String> = effects
                .iter()
                .map(|effect| effect_words(state, effect, controller, viewer))
                .collect();
            format!("  \"{text}\" of {}: {}", unit(u), words.join("; "))
        }
        Event::Activated { unit: u, text } => format!("{} uses {text}", unit(u)),
        Event::DefenderChanged { defender, .. } => {
            format!("  the attack now targets {}", unit(defender))
        }
        Event::Paid { unit: u, cost } => format!("{} pays {cost}", unit(u)),
        Event::CardPlayed { side, name, .. } => format!("{side} plays {name}"),
        Event::MissionResolved { side, name, .. } => {
            format!("{side}'s Mission {name} resolves and is discarded")
        }
        Event::CampaignKept { name, .. } => format!("  Campaign {name} stays in the build zone"),
        Event::EventPut { name, .. } => format!("{name} is put into the Event zone"),
        Event::TrapSprung { name, hook, .. } => format!("Trap {name} is sprung ({hook})"),
        Event::Disrupted {
            side,
            name,
            text,
            by,
            ..
        } => format!("{by} disrupts {side}'s {name} (\"{text}\"): it does not resolve"),
        Event::UnlessPays { side, cost, paid } => match paid {
            true => format!("{side} pays \"{cost}\""),
            false => format!("{side} does not pay \"{cost}\""),
        },
        Event::CannotBeDisrupted { name, because, .. } => {
            format!("{name} can't be disrupted (\"{because}\")")
        }
        Event::DiscardedFromHand { .. } | Event::DiscardedFromDeck { .. } => cost_event_text(event),
        Event::Equipped { unit: u, name, .. } => format!("{name} is equipped to {}", unit(u)),
        Event::Boarded { unit: u, name, .. } => format!("{name} boards {} as its Pilot", unit(u)),
        Event::Disembarked { from, name, .. } => {
            format!("{name} moves off {} into the Character arena", unit(from))
        }
        Event::SubordinateTaken {
            side, name, arena, ..
        } => format!("{side} takes {name} from their supply into the {arena} arena"),
        Event::CardPicked { .. } | Event::DeckShuffled { .. } | Event::CardsRevealed { .. } => {
            pile_event_text(event)
        }
        Event::NoSubordinate { side, name, why } => {
            format!("{side} takes no {name} Subordinate: {why}")
        }
    })
}

/// The log's words for cards and units that leave for a cost (game 13.8): discarded from the hand
/// or the deck, removed from the game, or returned to the supply.
fn cost_event_text(event: &Event) -> String {
    match event {
        Event::DiscardedFromHand { side, name, .. } => {
            format!("{side} discards {name} from their hand to pay a cost")
        }
        Event::DiscardedFromDeck { side, name, .. } => {
            format!(
                "{side} puts {name} from the top of their deck into their discard pile to pay a cost"
            )
        }
        Event::LeftPlay { name, unit: u, to } => match to {
            LeftTo::Supply => {
                format!("  {name} [{u}] returns to its owner's supply to pay a cost")
            }
            LeftTo::RemovedFromGame => {
                format!("  {name} [{u}] is removed from the game to pay a cost")
            }
        },
        Event::RemovedFromGame { side, name, .. } => {
            format!("{side} removes {name} from their discard pile from the game to pay a cost")
        }
        _ => String::new(),
    }
}

/// The log's words for a card picked from a pile and a deck shuffled (API 1.11 `pick-cards`).
fn pile_event_text(event: &Event) -> String {
    match event {
        Event::CardPicked {
            side,
            owner,
            name,
            to,
        } => {
            let whose = if side == owner {
                "their"
            } else {
                "the opponent's"
            };
            format!("{side} picks {name} from {whose} cards; it goes to {to}")
        }
        Event::DeckShuffled { side } => format!("{side}'s deck is shuffled"),
        Event::CardsRevealed { to, owner, names } => {
            let whose = if to == owner {
                "their"
            } else {
                "the opponent's"
            };
            if names.is_empty() {
                format!("{to} looks at {whose} cards: none")
            } else {
                format!("{to} looks at {whose} cards: {}", names.join(", "))
            }
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    //! The log's words for the results issue 22 found unexplained or misnamed, one test each.

    use std::sync::Arc;

    use swtcg_engine::model::attack::AttackState;
    use swtcg_engine::model::{CardDef, Unit};
    use swtcg_engine::{Ruleset, Side};

    use super::*;

    /// A Dark Side unit (u0, "Krrsantan (B)") attacking a Light Side unit (u1, "AT-AP") in the
    /// Ground arena.
    fn two_units() -> GameState {
        let mut state = GameState::new(Arc::new(Ruleset::default()), 0);
        for (side, name) in [(Side::Dark, "Krrsantan (B)"), (Side::Light, "AT-AP")] {
            let def = CardDef::unit(
                name,
                swtcg_engine::model::CardSide::Dark,
                vec![Arena::Ground],
                [5, 30, 6, 5],
            );
            let card = state.new_card(Arc::new(def), side);
            state.add_unit(Unit::new(side, card, Place::Arena(Arena::Ground)));
        }
        state
    }

    fn event(event: Event) -> LogEntry {
        LogEntry::Event { event }
    }

    #[test]
    fn hits_show_each_die_and_the_value_armor_raised() {
        // Game 10.5: Krrsantan rolled 3, 4, 5, 1, 4, 1 against an AT-AP with Armor (a die hits
        // on 5 or more) and scored one hit: the line says so, not just "1 hits".
        let state = two_units();
        let hits = event(Event::Hits {
            attacker: UnitId(0),
            hits: 1,
            why: Some(HitsWhy {
                defender: UnitId(1),
                dice: vec![(3, 0), (4, 0), (5, 0), (1, 0), (4, 0), (1, 0)],
                hit_on: 5,
                raised_by: vec!["Armor".into()],
                modifiers: Vec::new(),
                power_against: Vec::new(),
            }),
        });
        assert_eq!(
            entry_text(&state, &hits, Viewer::Side(Side::Light)).unwrap(),
            "  1 hit against AT-AP [u1]: dice 3, 4, 5, 1, 4, 1; a die hits on 5 or more, \
             not 4, because of \"Armor\""
        );
        // Dice changed by an ability show the change and its source.
        let modified = event(Event::Hits {
            attacker: UnitId(0),
            hits: 2,
            why: Some(HitsWhy {
                defender: UnitId(1),
                dice: vec![(3, 1), (5, 1)],
                hit_on: 4,
                raised_by: Vec::new(),
                modifiers: vec![("Accuracy 1".into(), 1)],
                power_against: vec![("Shields 1".into(), -1)],
            }),
        });
        assert_eq!(
            entry_text(&state, &modified, Viewer::Everything).unwrap(),
            "  2 hits against AT-AP [u1]: dice 3+1, 5+1 (-1 dice from \"Shields 1\") (+1 from \
             \"Accuracy 1\"); a die hits on 4 or more"
        );
        // The attack dice are not repeated one line each: the hits show them.
        let die = LogEntry::Die {
            purpose: "attack".into(),
            value: 3,
        };
        assert_eq!(entry_text(&state, &die, Viewer::Everything), None);
    }

    #[test]
    fn removed_damage_counters_and_a_completed_card_are_said_once() {
        let state = two_units();
        let removed = event(Event::DamageRemoved {
            unit: UnitId(0),
            amount: 1,
        });
        assert_eq!(
            entry_text(&state, &removed, Viewer::Everything).unwrap(),
            "  1 damage counters removed from Krrsantan (B) [u0]"
        );
        // "TIE Fighter DS-61-9 [u13] [u13] is completed": the id once.
        let completed = event(Event::Completed {
            unit: UnitId(13),
            name: "TIE Fighter DS-61-9 [u13]".into(),
        });
        assert_eq!(
            entry_text(&state, &completed, Viewer::Everything).unwrap(),
            "TIE Fighter DS-61-9 [u13] is completed"
        );
    }

    #[test]
    fn prevented_damage_and_the_cause_of_a_discard_are_said() {
        let state = two_units();
        let placed = event(Event::DamagePlaced {
            unit: UnitId(1),
            amount: 1,
            why: Some(DamageWhy {
                pending: 3,
                prevented: 2,
                added_by: vec![("Critical Hit 1".into(), 1)],
                prevented_by: vec![("Pay 2 Force -> Evade 2".into(), 2)],
            }),
        });
        assert_eq!(
            entry_text(&state, &placed, Viewer::Everything).unwrap(),
            "  1 damage on AT-AP [u1] (3 pending, 1 added by \"Critical Hit 1\", 2 prevented by \
             \"Pay 2 Force -> Evade 2\")"
        );
        let discarded = event(Event::Discarded {
            unit: UnitId(1),
            name: "AT-AP".into(),
            why: Some(DiscardWhy::Damage {
                damage: 5,
                health: 5,
            }),
        });
        assert_eq!(
            entry_text(&state, &discarded, Viewer::Everything).unwrap(),
            "  AT-AP [u1] is discarded: its 5 damage reached its health of 5"
        );
    }

    #[test]
    fn the_board_shows_hands_with_text_discard_piles_stacks_and_the_switch_half() {
        // "cards in hand show only name and cost", "stacks, discard piles and the active half
        // of Switch can't be seen".
        let mut state = two_units();
        let krrsantan = CardDef {
            abilities: vec!["Switch: Ferocity, Overkill/Stealth".into()],
            arenas: vec![Arena::Ground, Arena::Character],
            ..CardDef::unit(
                "Krrsantan (B)",
                swtcg_engine::model::CardSide::Dark,
                vec![],
                [9, 40, 6, 8],
            )
        };
        let in_hand = state.new_card(Arc::new(krrsantan.clone()), Side::Dark);
        state.player_mut(Side::Dark).hand.push(in_hand);
        let under = state.new_card(Arc::new(krrsantan.clone()), Side::Dark);
        let top = state.new_card(Arc::new(krrsantan), Side::Dark);
        let id = state.add_unit(Unit::new(Side::Dark, top, Place::Arena(Arena::Character)));
        state.units.get_mut(&id).unwrap().cards.push(under);
        let gone = state.new_card(
            Arc::new(CardDef::unit(
                "Jawa",
                swtcg_engine::model::CardSide::Light,
                vec![Arena::Ground],
                [1, 10, 1, 1],
            )),
            Side::Light,
        );
        state.player_mut(Side::Light).discard.push(gone);
        let board = render(&state, Viewer::Side(Side::Dark), false, &[]);
        assert!(
            board.contains(
                "Krrsantan (B) (Unit, Ground/Character; cost 9, speed 40, power 6, health 8) — \
                 Switch: Ferocity, Overkill/Stealth"
            ),
            "{board}"
        );
        assert!(
            board.contains("Light Side discard pile (1): Jawa"),
            "{board}"
        );
        assert!(
            board.contains("stack of 2: Krrsantan (B) under it"),
            "{board}"
        );
        assert!(
            board.contains("Switch in the Character arena: Stealth"),
            "{board}"
        );
        // The other side's hand stays hidden.
        assert!(!render(&state, Viewer::Side(Side::Light), false, &[]).contains("Dark Side hand"));
    }

    #[test]
    fn what_an_ability_proposed_is_said_in_words() {
        // Not "(critical-hit@1.0.0 at pop-p6): add-pending".
        let state = two_units();
        let proposed = event(Event::Proposed {
            by: "critical-hit@1.0.0".into(),
            hook: "pop-p6".into(),
            unit: UnitId(0),
            text: "Critical Hit 1".into(),
            effects: vec![swtcg_plugin_api::Effect::AddPending { unit: 1, amount: 1 }],
        });
        assert_eq!(
            entry_text(&state, &proposed, Viewer::Everything).unwrap(),
            "  \"Critical Hit 1\" of Krrsantan (B) [u0]: 1 more damage on AT-AP [u1]"
        );
    }

    #[test]
    fn stat_changes_say_their_source_and_how_long_they_last() {
        // "a unit's power 0 from Stun": the change, what made it and until when.
        let mut state = two_units();
        let unit = state.units.get_mut(&UnitId(1)).unwrap();
        unit.modifiers.push(swtcg_engine::model::Modifier {
            speed: 0,
            power: -2,
            health: 0,
            duration: Duration::EndOfTurn,
            source: Some("Stun 2".into()),
        });
        unit.static_bonus = [10, 0, 1];
        unit.static_from = vec![("Switch: +10 speed/+1 health".into(), [10, 0, 1])];
        assert_eq!(
            stat_changes(unit),
            [
                "-2 power from \"Stun 2\" until the end of the turn",
                "+10 speed, +1 health from \"Switch: +10 speed/+1 health\""
            ]
        );
        let line = unit_line(&state, UnitId(1), Viewer::Everything, &[]);
        assert!(
            line.contains("power 4 ") && line.contains("-2 power from \"Stun 2\""),
            "{line}"
        );
    }

    #[test]
    fn a_unit_that_left_play_keeps_its_name_after_the_turn_ends() {
        // "TIE Fighter DS-55-6 [u16] attacks a unit that left play [u8]": the engine forgets
        // departed units at the end of the turn, the front end remembers them.
        let mut state = two_units();
        let mut seen = Seen::default();
        seen.see(&state);
        state.units.remove(&UnitId(1));
        state.departed.clear();
        let attack = event(Event::Attack {
            attacker: UnitId(0),
            defender: UnitId(1),
        });
        assert_eq!(
            entry_text(&state, &attack, Viewer::Everything).unwrap(),
            "Krrsantan (B) [u0] attacks a unit that left play [u1]",
            "without the memory"
        );
        assert_eq!(
            entry_text(&seen.complete(&state), &attack, Viewer::Everything).unwrap(),
            "Krrsantan (B) [u0] attacks AT-AP [u1] (left play)"
        );
    }

    #[test]
    fn a_face_down_card_is_never_remembered_by_name() {
        let mut state = two_units();
        state.units.get_mut(&UnitId(1)).unwrap().built = false;
        let mut seen = Seen::default();
        seen.see(&state);
        state.units.remove(&UnitId(1));
        let attack = event(Event::Attack {
            attacker: UnitId(0),
            defender: UnitId(1),
        });
        let text = entry_text(&seen.complete(&state), &attack, Viewer::Side(Side::Dark)).unwrap();
        assert!(!text.contains("AT-AP"), "{text}");
    }

    #[test]
    fn secret_attack_dice_wait_for_the_defender_until_they_are_shown() {
        // Cunning: the dice are rolled secretly and shown to the opponent only after the
        // damage prevention POP; the attacker's own side sees them at once.
        let mut state = two_units();
        let log = vec![
            event(Event::TurnStarted { turn: 1 }),
            event(Event::Attack {
                attacker: UnitId(0),
                defender: UnitId(1),
            }),
            LogEntry::Die {
                purpose: "attack".into(),
                value: 6,
            },
            event(Event::Hits {
                attacker: UnitId(0),
                hits: 1,
                why: None,
            }),
        ];
        state.attack = Some(AttackState {
            attacker: UnitId(0),
            defender: UnitId(1),
            arena: Arena::Ground,
            dice: Vec::new(),
            hits: 0,
            counted: true,
            secret: true,
            hidden: false,
        });
        assert_eq!(visible_entries(&state, &log, Viewer::Side(Side::Light)), 2);
        assert_eq!(visible_entries(&state, &log, Viewer::Side(Side::Dark)), 4);
        assert_eq!(visible_entries(&state, &log, Viewer::Everything), 4);
        state.attack.as_mut().unwrap().secret = false;
        assert_eq!(visible_entries(&state, &log, Viewer::Side(Side::Light)), 4);
    }
}
