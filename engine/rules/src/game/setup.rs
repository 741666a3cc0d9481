//! Setup (game 5): opening hands, the mulligan, the 30-point alternation and the final partial build.

use swtcg_plugin_api::HookPoint;

use super::{Flow, Game};
use crate::decision::{Choice, DecisionKind};
use crate::log::Event;
use crate::model::{CardId, CardType, Place, Side, Unit, UnitId};

impl Game<'_> {
    pub(crate) fn setup(&mut self) -> Flow {
        let _span = tracing::debug_span!("setup").entered();
        self.state.step = crate::model::state::TurnStep::Setup;
        // OQ-8: the Events are in play when setup starts ("When setup starts, ...").
        self.put_events()?;
        self.hook(HookPoint::SetupStart, self.hook_event())?;
        let ruleset = self.state.ruleset.clone();
        for side in Side::BOTH {
            self.state.player_mut(side).force = ruleset.starting_force;
            for _ in 0..ruleset.opening_hand {
                self.draw(side)?;
            }
        }
        if ruleset.mulligan_battle_and_mission {
            for side in Side::BOTH {
                self.mulligan(side)?;
            }
        }

        // Game 5.4–5.6: the Dark Side puts one unit in play, then each player in turn puts units
        // in play until their total build cost exceeds the other's, within 30 points each.
        let mut remaining = [ruleset.setup_build_points; 2];
        let mut totals = [0u32; 2];
        let mut stopped = [false; 2];
        let mut current = Side::Dark;
        let mut first_placement = true;
        while !(stopped[0] && stopped[1]) {
            if stopped[current.index()] {
                current = current.opponent();
                continue;
            }
            let options = self.setup_place_options(current, remaining[current.index()]);
            let choice = if options.len() == 1 {
                Choice::Pass
            } else {
                self.decide(current, DecisionKind::SetupPlace, options)?
            };
            match choice {
                Choice::Place { card, arena } => {
                    let cost = self.state.def(card).cost_value().max(0) as u32;
                    remaining[current.index()] -= cost;
                    totals[current.index()] += cost;
                    let unit = self.put_from_hand(current, card, Place::Arena(arena), true);
                    let name = self.state.def(card).name.clone();
                    self.event(Event::SetupPlaced {
                        side: current,
                        unit,
                        name,
                        arena,
                    });
                    self.draw(current)?;
                    let event = swtcg_plugin_api::HookEvent {
                        unit: Some(unit.0),
                        side: Some(current.into()),
                        ..self.hook_event()
                    };
                    self.hook(HookPoint::SetupUnitPlaced, event)?;
                    let other = current.opponent();
                    if first_placement
                        || (totals[current.index()] > totals[other.index()]
                            && !stopped[other.index()])
                    {
                        current = other;
                    }
                    first_placement = false;
                }
                _ => {
                    stopped[current.index()] = true;
                    current = current.opponent();
                }
            }
        }

        // Game 5.7: each player may partially build one unit card with the points left.
        for side in Side::BOTH {
            let left = remaining[side.index()];
            let mut options = vec![Choice::Pass];
            for card in self.distinct_hand_units(side) {
                let cost = self.state.def(card).cost_value().max(0) as u32;
                for points in 1..=left.min(cost.max(1)) {
                    options.push(Choice::StartBuild { card, points });
                }
            }
            if options.len() == 1 {
                continue;
            }
            if let Choice::StartBuild { card, points } =
                self.decide(side, DecisionKind::SetupPartialBuild, options)?
            {
                let unit = self.put_from_hand(side, card, Place::BuildZone, false);
                let cost = self.state.def(card).cost_value().max(0) as u32;
                // OQ-10: a card paid in full with setup points is a completed unit in the
                // build zone, deployable in its owner's first build step.
                let completed = points >= cost && self.state.ruleset.setup_final_build_completes;
                if let Some(u) = self.state.unit_mut(unit) {
                    u.build_counters = points;
                    u.built = completed;
                }
                self.event(Event::BuildCounters { unit, points });
                self.draw(side)?;
            }
        }
        self.state_check()?;
        self.event(Event::SetupEnded);
        self.hook(HookPoint::SetupEnd, self.hook_event())
    }

    /// OQ-9: once, a player may set aside the Battle and Mission cards of the opening hand,
    /// draw as many, then shuffle the set-aside cards back into the deck.
    fn mulligan(&mut self, side: Side) -> Flow {
        let is_spell = |g: &Self, c: CardId| {
            matches!(
                g.state.def(c).card_type,
                CardType::Battle | CardType::Mission
            )
        };
        let set_aside: Vec<CardId> = self
            .state
            .player(side)
            .hand
            .iter()
            .copied()
            .filter(|&c| is_spell(self, c))
            .collect();
        if set_aside.is_empty() {
            return Ok(());
        }
        if self.decide(
            side,
            DecisionKind::Mulligan,
            vec![Choice::Pass, Choice::Mulligan],
        )? != Choice::Mulligan
        {
            return Ok(());
        }
        self.state
            .player_mut(side)
            .hand
            .retain(|c| !set_aside.contains(c));
        for _ in 0..set_aside.len() {
            self.draw(side)?;
        }
        let mut deck = std::mem::take(&mut self.state.player_mut(side).deck);
        deck.extend(set_aside);
        self.state.dice.rng().shuffle(&mut deck);
        self.state.player_mut(side).deck = deck;
        Ok(())
    }

    fn setup_place_options(&self, side: Side, points: u32) -> Vec<Choice> {
        let mut options = vec![Choice::Pass];
        for card in self.distinct_hand_units(side) {
            let def = self.state.def(card);
            // Game 3.5.3: a second unit of a unique name can't be put in play unstacked.
            if def.is_unique() && self.state.unit_named(side, def.unique_name()).is_some() {
                continue;
            }
            if def.cost_value().max(0) as u32 <= points {
                options.extend(
                    def.arenas
                        .iter()
                        .map(|&arena| Choice::Place { card, arena }),
                );
            }
        }
        options
    }

    /// One card of each distinct unit card in `side`'s hand, so that options are not repeated
    /// for identical copies.
    pub(crate) fn distinct_hand_units(&self, side: Side) -> Vec<CardId> {
        let mut seen: Vec<&str> = Vec::new();
        let mut cards = Vec::new();
        for &card in &self.state.player(side).hand {
            let def = self.state.def(card);
            if def.is_unit() && !def.arenas.is_empty() && !seen.contains(&def.name.as_str()) {
                seen.push(&def.name);
                cards.push(card);
            }
        }
        cards
    }

    /// One card of each name in `side`'s hand that may be started in the build step: units,
    /// Missions, Equipment, Locations and Resources (game 7.2, 7.4, 16.1, 16.2, 16.4).
    pub(crate) fn distinct_hand_buildable(&self, side: Side) -> Vec<CardId> {
        let mut seen: Vec<&str> = Vec::new();
        let mut cards = Vec::new();
        for &card in &self.state.player(side).hand {
            let def = self.state.def(card);
            // Missions, Equipment and Resources are built like units (game 7.4, 16.2, 16.4),
            // and so are Locations with an arena on their type line to go into (16.1).
            let buildable = ((def.is_unit() || def.card_type == crate::model::CardType::Location)
                && !def.arenas.is_empty())
                || matches!(
                    def.card_type,
                    crate::model::CardType::Mission
                        | crate::model::CardType::Equipment
                        | crate::model::CardType::Resource
                );
            if buildable && !seen.contains(&def.name.as_str()) {
                seen.push(&def.name);
                cards.push(card);
            }
        }
        cards
    }

    /// Moves a card from `side`'s hand into play as a new unit.
    pub(crate) fn put_from_hand(
        &mut self,
        side: Side,
        card: CardId,
        place: Place,
        built: bool,
    ) -> UnitId {
        self.state.player_mut(side).hand.retain(|&c| c != card);
        self.state.add_unit(Unit {
            built,
            ..Unit::new(side, card, place)
        })
    }
}
