//! What plugins may read of the game during a call (the WIT `host` interface), computed from
//! the state once for both the wasm and the native backends.

use swtcg_plugin_api::{
    AttachedAs, AttachedCard, AttackView, CardKind, DieView, HostView, PendingView, Pile, PileCard,
    PlayerView, Side, UnitId, UnitView, Zone,
};

use crate::model::{CardDef, CardType, GameState, Place, Printed, Unit};

/// The game lent to a plugin call.
pub struct StateView<'a>(pub &'a GameState);

/// The zone plugins see a card in: a placed Location is in its arena (game 16.1), but never
/// among the units `units` lists there; a Resource in the Resource zone (16.4), which `units`
/// lists only when asked for that zone (plugins of API 1.16 and older see the build zone, the
/// one their `zone` knows, and never see it listed); a completed Campaign in the build zone, as
/// the cards say ("another Campaign ... in your build zone", 16.6); an Event in its Event zone
/// (16.3, API 1.18; a plugin of 1.17 or older sees the build zone).
pub(crate) fn zone_of(place: Place) -> Zone {
    match place {
        Place::Arena(arena) | Place::Location(arena) => swtcg_plugin_api::Arena::from(arena).into(),
        Place::BuildZone | Place::Campaign => Zone::BuildZone,
        Place::Resource => Zone::ResourceZone,
        Place::Event => Zone::EventZone,
    }
}

impl StateView<'_> {
    /// What anyone can see of a unit, in play or as it last was.
    fn view_of(&self, unit: &Unit) -> UnitView {
        let state = self.0;
        let def = state.top_def(unit);
        UnitView {
            id: unit.id.0,
            name: def.name.clone(),
            owner: unit.owner.into(),
            controller: unit.controller.into(),
            zone: zone_of(unit.place),
            built: unit.built,
            tapped: unit.tapped,
            damage: unit.damage,
            speed: state.total_speed(unit),
            power: state.total_power(unit),
            health: state.total_health(unit),
            cost: state.build_cost(unit) as i32,
            build_counters: unit.build_counters,
            unique: def.is_unique(),
            subtypes: state.subtypes_of(unit).into_owned(),
            arenas: def.arenas.iter().map(|&a| a.into()).collect(),
            stack_size: unit.cards.len() as u32,
        }
    }
}

impl StateView<'_> {
    /// The ids of the units (or, with `locations`, the Locations) in a zone or in play: a
    /// Location is no unit (game 16.1), so "each unit in the Space arena" never means it, and
    /// `locations` lists only them.
    pub(crate) fn ids_in(
        &self,
        zone: Option<Zone>,
        locations: bool,
    ) -> impl Iterator<Item = UnitId> + '_ {
        self.0
            .units
            .values()
            .filter(move |u| {
                u.is_location() == locations
                    && match zone {
                        // A Resource, a completed Campaign and an Event are no units: listed
                        // only by their zone.
                        None => !u.is_kept_card(),
                        Some(z) => zone_of(u.place) == z,
                    }
            })
            .map(|u| u.id.0)
    }
}

impl HostView for StateView<'_> {
    fn unit(&self, id: UnitId) -> Option<UnitView> {
        let unit = self.0.unit(crate::model::UnitId(id))?;
        Some(self.view_of(unit))
    }

    fn last_seen(&self, id: UnitId) -> Option<UnitView> {
        let id = crate::model::UnitId(id);
        // A unit back in play (a new id is never reused, but a save may hold both) is seen
        // through `unit`, not as it was.
        if self.0.unit(id).is_some() {
            return None;
        }
        let unit = self.0.departed.get(&id)?;
        Some(self.view_of(unit))
    }

    fn dice_hidden(&self) -> bool {
        self.0.attack.as_ref().is_some_and(|a| a.hidden)
    }

    fn playing(&self) -> Option<swtcg_plugin_api::PlayView> {
        self.0.plays.last().map(|p| p.view.clone())
    }

    fn pile_cards(&self, side: Side, pile: Pile) -> Vec<PileCard> {
        self.0
            .player(side.into())
            .pile(pile)
            .iter()
            .map(|&card| pile_card(card.0, self.0.def(card)))
            .collect()
    }

    fn printed(&self, id: UnitId) -> Option<PileCard> {
        let state = self.0;
        let unit = state
            .unit(crate::model::UnitId(id))
            .or_else(|| state.departed.get(&crate::model::UnitId(id)))?;
        Some(pile_card(unit.top().0, state.top_def(unit)))
    }

    fn units(&self, zone: Option<Zone>) -> Vec<UnitId> {
        self.ids_in(zone, false).collect()
    }

    fn locations(&self, zone: Option<Zone>) -> Vec<UnitId> {
        self.ids_in(zone, true).collect()
    }

    fn place(&self, id: UnitId) -> Option<swtcg_plugin_api::UnitPlace> {
        let unit = self.0.unit(crate::model::UnitId(id))?;
        Some(swtcg_plugin_api::UnitPlace {
            controller: unit.controller.into(),
            zone: zone_of(unit.place),
        })
    }

    fn paid_with(&self) -> Vec<UnitId> {
        self.0.paid_with.iter().map(|u| u.0).collect()
    }

    fn chosen_before(&self) -> Vec<u32> {
        self.0.chosen_before.clone()
    }

    fn chosen_by(&self) -> Option<Side> {
        self.0.chosen_by.map(Into::into)
    }

    fn attached(&self, id: UnitId) -> Vec<AttachedCard> {
        let state = self.0;
        let Some(unit) = state.unit(crate::model::UnitId(id)) else {
            return Vec::new();
        };
        let pilots = unit.pilots.iter().map(|&c| (AttachedAs::Pilot, c));
        let equipment = unit.equipment.iter().map(|&c| (AttachedAs::Equipment, c));
        pilots
            .chain(equipment)
            .map(|(attached_as, card)| AttachedCard {
                attached_as,
                card: pile_card(card.0, state.def(card)),
            })
            .collect()
    }

    fn counters(&self, id: UnitId) -> Vec<(String, u32)> {
        self.0
            .unit(crate::model::UnitId(id))
            .map(|unit| {
                unit.counters
                    .iter()
                    .filter(|&(_, &amount)| amount > 0)
                    .map(|(kind, &amount)| (kind.clone(), amount))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn attack(&self) -> Option<AttackView> {
        let attack = self.0.attack.as_ref()?;
        Some(AttackView {
            attacker: attack.attacker.0,
            defender: attack.defender.0,
            arena: attack.arena.into(),
            dice: attack
                .dice
                .iter()
                .map(|d| DieView {
                    initial: d.initial,
                    natural: d.natural,
                    modifier: d.modifier,
                })
                .collect(),
            hits: attack.hits,
        })
    }

    fn pending_damage(&self) -> Vec<PendingView> {
        let Some(instance) = self.0.damage.last() else {
            return Vec::new();
        };
        instance
            .pending
            .iter()
            .map(|p| PendingView {
                target: p.target.0,
                amount: p.amount,
                prevented: p.prevented,
                source: instance.source.map(|s| s.0),
                from_attack_dice: p.from_attack_dice,
                preventable: p.preventable,
            })
            .collect()
    }

    fn rule(&self, name: &str) -> Option<String> {
        // OQ-4's names of one unit are a setting of the core (uniqueness, stacking) that Stack
        // reads too: the plugin gets the core's table, never a flag of its own.
        if name == swtcg_plugin_api::names::SAME_UNIT_NAMES_RULE {
            let names = &self.0.ruleset.same_unit_names;
            return Some(swtcg_plugin_api::names::encode_same_unit_names(names));
        }
        self.0.ruleset.keyword_flags.get(name).cloned()
    }

    fn abilities(&self, id: UnitId) -> Vec<String> {
        let state = self.0;
        let Some(unit) = state.unit(crate::model::UnitId(id)) else {
            return Vec::new();
        };
        // The top card's printed abilities, then those effects granted; abilities other
        // plugins grant through a query (Switch) are not included.
        let mut texts = state.top_def(unit).abilities.clone();
        texts.extend(unit.granted.iter().map(|(text, _)| text.clone()));
        texts
    }

    fn note(&self, id: UnitId, key: &str) -> Option<i32> {
        let unit = self.0.unit(crate::model::UnitId(id))?;
        unit.notes.get(key).map(|(value, _)| *value)
    }

    fn cards_beneath(&self, id: UnitId) -> u32 {
        self.0
            .unit(crate::model::UnitId(id))
            .map_or(0, |u| u.beneath.len() as u32)
    }

    fn player(&self, side: Side) -> PlayerView {
        let p = self.0.player(side.into());
        PlayerView {
            force: p.force,
            build_points: p.build_points,
            hand_size: p.hand.len() as u32,
            deck_size: p.deck.len() as u32,
        }
    }
}

/// A card of a pile as printed, as the host question `pile-cards` shows it.
fn pile_card(card: u32, def: &CardDef) -> PileCard {
    PileCard {
        card,
        name: def.name.clone(),
        kind: match def.card_type {
            CardType::Unit => CardKind::Unit,
            CardType::Subordinate => CardKind::Subordinate,
            CardType::Battle => CardKind::Battle,
            CardType::Mission => CardKind::Mission,
            CardType::Location => CardKind::Location,
            CardType::Equipment => CardKind::Equipment,
            CardType::Event => CardKind::Event,
            CardType::Resource => CardKind::Resource,
            CardType::Reminder | CardType::Other => CardKind::Other,
        },
        allegiance: def.side.allegiance(),
        subtypes: def.subtypes.clone(),
        arenas: def.arenas.iter().map(|&a| a.into()).collect(),
        unique: def.is_unique(),
        cost: match def.cost {
            Some(Printed::Value(cost)) => Some(cost),
            _ => None,
        },
    }
}
