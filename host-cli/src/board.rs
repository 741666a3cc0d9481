//! The game in words for a terminal: the board, log entries and choices, as one side sees them
//! (or as a spectator sees everything, for replays). Hidden information — a hand, a card being
//! built face down (game 1.5, 4.3) — is shown only to its owner.

use swtcg_engine::decision::describe_choice;
use swtcg_engine::model::Place;
use swtcg_engine::{Arena, Choice, Event, GameState, LogEntry, Side, UnitId};

use crate::colour;

/// Who is looking: one side, or a spectator who sees everything (replays).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Side(Side),
    Everything,
}

impl Viewer {
    fn sees_hidden_of(self, side: Side) -> bool {
        match self {
            Viewer::Side(me) => me == side,
            Viewer::Everything => true,
        }
    }
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
        notes.push(format!("stack of {}", unit.cards.len()));
    }
    if !unit.pilots.is_empty() {
        notes.push(format!("{} pilots", unit.pilots.len()));
    }
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
/// three arenas and both build zones, and the viewer's hand.
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
    for side in Side::BOTH {
        let zone: Vec<UnitId> = state
            .units
            .values()
            .filter(|u| u.controller == side && u.place == Place::BuildZone)
            .map(|u| u.id)
            .collect();
        if zone.is_empty() {
            continue;
        }
        out += &bold(&format!("-- {side} build zone --\n"));
        for id in zone {
            out += &format!(
                "  {} {}\n",
                side_colour(side, side_mark(side), colour),
                unit_line(state, id, viewer, inert)
            );
        }
    }
    for side in Side::BOTH {
        if !viewer.sees_hidden_of(side) {
            continue;
        }
        let hand: Vec<String> = state
            .player(side)
            .hand
            .iter()
            .map(|c| {
                let def = state.def(*c);
                format!("{} ({})", def.name, def.cost_value())
            })
            .collect();
        out += &format!(
            "{}: {}\n",
            bold(&format!("{side} hand")),
            if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.join(", ")
            }
        );
    }
    out
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

/// A choice someone made, as the viewer may know it: the opponent's builds name no card.
pub fn choice_text(state: &GameState, side: Side, choice: &Choice, viewer: Viewer) -> String {
    if viewer.sees_hidden_of(side) {
        return describe_choice(state, choice);
    }
    match choice {
        Choice::StartBuild { points, .. } => {
            format!("build a face-down card with {points} build counters")
        }
        Choice::AddCounters { unit, points } => format!(
            "put {points} build counters on {}",
            unit_text(state, *unit, viewer)
        ),
        other => describe_choice(state, other),
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
        LogEntry::Decision { side, choice, .. } => Some(format!(
            "{side}: {}",
            choice_text(state, *side, choice, viewer)
        )),
        LogEntry::Die { purpose, value } => Some(format!("  die ({purpose}): {value}")),
        LogEntry::Event { event } => event_text(state, event, viewer),
        LogEntry::Abandoned { side, reason } => Some(format!(
            "{side} left the game ({reason}); it ends without a result"
        )),
    }
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
        Event::Attack { attacker, defender } => {
            format!("{} attacks {}", unit(attacker), unit(defender))
        }
        Event::Hits { hits, .. } => format!("  {hits} hits"),
        Event::DamagePlaced { unit: u, amount } => format!("  {amount} damage on {}", unit(u)),
        Event::Discarded { name, unit: u } => format!("  {name} [{u}] is discarded"),
        Event::CardDiscarded { name, from, .. } => {
            format!("  {name} leaves the stack of [{from}] for the discard pile")
        }
        Event::ArenaControl { arena, controller } => match controller {
            Some(side) => format!("{side} controls the {arena} arena"),
            None => format!("Nobody controls the {arena} arena"),
        },
        Event::Winner { side, turn } => format!("{side} wins on turn {turn}!"),
        Event::TurnLimit { turn } => format!("No winner after {turn} turns (turn limit)."),
        Event::PluginError { message } => format!("plugin error: {message}"),
        // What an ability's plugin proposed, by effect name; the game log has every field.
        Event::Proposed {
            by,
            hook,
            text,
            effects,
            ..
        } => {
            let names: Vec<String> = effects
                .iter()
                .map(|effect| {
                    serde_json::to_value(effect)
                        .ok()
                        .and_then(|v| v["effect"].as_str().map(str::to_string))
                        .unwrap_or_default()
                })
                .collect();
            format!("  \"{text}\" ({by} at {hook}): {}", names.join(", "))
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
        Event::DiscardedFromHand { side, name, .. } => {
            format!("{side} discards {name} from their hand to pay a cost")
        }
        Event::DiscardedFromDeck { side, name, .. } => {
            format!(
                "{side} puts {name} from the top of their deck into their discard pile to pay a cost"
            )
        }
        Event::Equipped { unit: u, name, .. } => format!("{name} is equipped to {}", unit(u)),
        Event::Boarded { unit: u, name, .. } => format!("{name} boards {} as its Pilot", unit(u)),
        Event::Disembarked { from, name, .. } => {
            format!("{name} moves off {} into the Character arena", unit(from))
        }
    })
}
