//! Completing cards by other routes than build counters (game 7.6): the `completions` query of
//! keywords such as Hidden Cost and Alternative Cost, offered in build steps and, for routes
//! usable "any time", in the POPs that are not reserved (game 9.4).

use swtcg_plugin_api::{
    Completion, HookEvent, HookPoint, NOT_IN_PLAY, Pop, Query, QueryAnswer, QueryCall,
};

use super::abilities::Wanted;
use super::{Flow, Game};
use crate::cost::{Cost, can_pay_playing, parse_costs_with_x, with_x, x_limit};
use crate::decision::Choice;
use crate::log::Event;
use crate::manifest::DiscardedAgain;
use crate::model::{Arena, CardId, CardType, Place, Side, UnitId};

/// One completion route of one card, with what it costs now.
struct Route {
    unit: Option<UnitId>,
    card: CardId,
    index: u32,
    completion: Completion,
    costs: Vec<Cost>,
    /// The value chosen for the X of the cost, for a cost with an X: one route per value.
    x: Option<u32>,
    /// The keyword whose ability offers the route ("Hidden Cost").
    keyword: String,
    /// Whether the card is played from its owner's discard pile, and where it goes when it would
    /// be discarded again.
    from_discard: Option<DiscardedAgain>,
}

/// A route as found, before its costs are checked: the unit (none for a card in hand or the
/// discard pile), the card, the route's number, the route, its keyword and, from the discard
/// pile, where the card goes when discarded again.
type Found = (
    Option<UnitId>,
    CardId,
    u32,
    Completion,
    String,
    Option<DiscardedAgain>,
);

/// The note the engine leaves on a unit completed with an X chosen in its cost, for the rest of
/// the game: "Xesh's power and health are equal to X" reads it (docs/plugin-protocol.md).
pub const X_NOTE: &str = "x";

impl Game<'_> {
    /// The printed abilities of `card`, being built as `unit`, that say how the card itself is
    /// completed ("To complete Obi-Wan's Task, you must also tap ...", API 1.15): those whose
    /// plugin answers `query` but does not work in the build zone, where the card's other
    /// texts do nothing yet; the rest are among the unit's active abilities already.
    pub(crate) fn own_completion_texts(
        &mut self,
        unit: UnitId,
        card: CardId,
        side: Side,
        query: Query,
    ) -> Vec<crate::game::abilities::ActiveAbility> {
        // The plugin is looked at before an instance is made: the greedy AI asks the routes of
        // every card being built at each build option, and most texts are keywords that work
        // in the build zone or answer no such query (issue 21: making each instance copied its
        // strings, 3 % of a seed-deck game).
        let mut own = Vec::new();
        for text in 0..self.state.def(card).abilities.len() {
            let Some(resolved) = self.resolve_text_of(card, text) else {
                continue;
            };
            let manifest = self.host.manifest(resolved.plugin);
            if manifest.queries.contains(&query)
                && !manifest.zones.contains(&crate::manifest::Zone::BuildZone)
            {
                own.extend(self.card_instance(card, text as u32, unit, side));
            }
        }
        own
    }

    /// The completion routes of `side`'s cards now: cards being built in the build zone, and
    /// cards in hand for routes that allow it. `anytime_only` keeps the routes usable outside
    /// the owner's build step. A Trap has none: its trigger completes it (game 16.7; Meditate's
    /// "Traps: only when their trigger happens" is not played yet).
    fn completion_routes(&mut self, side: Side, anytime_only: bool) -> Flow<Vec<Route>> {
        let mut routes: Vec<Found> = Vec::new();
        // A completion by another route is played as an activated ability is, and counts
        // against the same limit: a free route from the discard pile for a card that the state
        // check discards at once could otherwise be played forever (found by the plugin-answers
        // fuzzer).
        if !self.any_answers(Query::Completions) || !self.activations_left() {
            return Ok(Vec::new());
        }
        let building: Vec<UnitId> = self
            .state
            .units
            .values()
            .filter(|u| u.controller == side && u.place == Place::BuildZone && !u.built)
            .map(|u| u.id)
            .collect();
        for unit in building {
            let card = self.state.unit(unit).map(|u| u.top());
            let Some(card) = card else { continue };
            let mut asked = self.abilities_where(unit, Wanted::Query(Query::Completions))?;
            asked.extend(self.own_completion_texts(unit, card, side, Query::Completions));
            for a in asked {
                if let QueryAnswer::Completions(list) = self.ask(&a, QueryCall::Completions)? {
                    for (index, completion) in list.into_iter().enumerate() {
                        routes.push((
                            Some(unit),
                            card,
                            index as u32,
                            completion,
                            a.keyword.to_string(),
                            None,
                        ));
                    }
                }
            }
        }
        let hand: Vec<CardId> = self.state.player(side).hand.clone();
        for card in hand {
            for text in 0..self.state.def(card).abilities.len() {
                let Some(resolved) = self.resolve_text_of(card, text) else {
                    continue;
                };
                if !self
                    .host
                    .manifest(resolved.plugin)
                    .queries
                    .contains(&Query::Completions)
                {
                    continue;
                }
                let instance = resolved.instance(UnitId(NOT_IN_PLAY), 0, false, side);
                if let QueryAnswer::Completions(list) =
                    self.ask(&instance, QueryCall::Completions)?
                {
                    for (index, completion) in
                        list.into_iter().enumerate().filter(|(_, c)| c.from_hand)
                    {
                        routes.push((
                            None,
                            card,
                            index as u32,
                            completion,
                            instance.keyword.to_string(),
                            None,
                        ));
                    }
                }
            }
        }
        // Units and Missions in the discard pile that a keyword working there (manifest zone
        // `discard`) lets
        // the player play in the build step; Battle cards are played in POPs instead.
        if !anytime_only {
            let mut seen: Vec<String> = Vec::new();
            let discard: Vec<CardId> = self.state.player(side).discard.clone();
            for card in discard {
                let def = self.state.def(card);
                let playable =
                    (def.is_unit() && !def.arenas.is_empty()) || def.card_type == CardType::Mission;
                if !playable || seen.contains(&def.name) {
                    continue;
                }
                seen.push(def.name.clone());
                for (index, keyword, completion, again) in self.discard_completions(card, side)? {
                    routes.push((None, card, index, completion, keyword, Some(again)));
                }
            }
        }
        let mut legal = Vec::new();
        for (unit, card, index, completion, keyword, from_discard) in routes {
            if (anytime_only && !completion.anytime) || self.state.def(card).is_trap() {
                continue;
            }
            let Ok(printed) = completion
                .cost
                .as_deref()
                .map(parse_costs_with_x)
                .transpose()
                .map(Option::unwrap_or_default)
            else {
                continue;
            };
            let (counters, build_cost) = match unit.and_then(|u| self.state.unit(u)) {
                Some(u) => (u.build_counters, self.state.build_cost(u)),
                None => (0, self.state.def(card).cost_value().max(0) as u32),
            };
            if counters < completion.min_counters {
                continue;
            }
            // Game 3.5.3: a second unit of a unique name in play would be discarded at once.
            let def = self.state.def(card);
            if def.is_unique() && self.state.unit_named(side, def.unique_name()).is_some() {
                continue;
            }
            // A cost with an X is one route per value the player may choose: from 0 up to its
            // printed limit and the Force the player has (more could never be paid).
            let choices: Vec<Option<u32>> = match x_limit(&printed) {
                None => vec![None],
                Some(max) => {
                    let force = self.state.player(side).force;
                    (0..=max.unwrap_or(u32::MAX).min(force)).map(Some).collect()
                }
            };
            for x in choices {
                let Some(mut costs) = x.map_or(Some(printed.clone()), |x| with_x(&printed, x))
                else {
                    continue;
                };
                if completion.force_for_missing {
                    costs.push(Cost::Force(build_cost.saturating_sub(counters)));
                }
                if can_pay_playing(&self.state, side, unit, Some(card), &costs) {
                    legal.push(Route {
                        unit,
                        card,
                        index,
                        completion: completion.clone(),
                        costs,
                        x,
                        keyword: keyword.clone(),
                        from_discard,
                    });
                }
            }
        }
        Ok(legal)
    }

    /// The completion routes as decision options: each may leave the unit in the build zone or
    /// deploy it at once to an arena of its type line (game 7.4).
    pub(crate) fn completion_options(
        &mut self,
        side: Side,
        anytime_only: bool,
    ) -> Flow<Vec<Choice>> {
        let mut options = Vec::new();
        for route in self.completion_routes(side, anytime_only)? {
            let arenas: Vec<Option<Arena>> = std::iter::once(None)
                .chain(self.state.def(route.card).arenas.iter().map(|&a| Some(a)))
                .collect();
            for arena in arenas {
                options.push(Choice::CompleteVia {
                    unit: route.unit,
                    card: route.card,
                    route: route.index,
                    label: route.completion.label.clone(),
                    arena,
                    x: route.x,
                });
            }
        }
        Ok(options)
    }

    /// Completes a card by the chosen route: pays its costs in order, completes it, and deploys
    /// it if an arena was chosen.
    pub(crate) fn complete_via(&mut self, side: Side, choice: &Choice, anytime_only: bool) -> Flow {
        let Choice::CompleteVia {
            unit,
            card,
            route,
            arena,
            x,
            ..
        } = choice
        else {
            return Ok(());
        };
        let routes = self.completion_routes(side, anytime_only)?;
        let Some(chosen) = routes
            .into_iter()
            .find(|r| r.unit == *unit && r.card == *card && r.index == *route && r.x == *x)
        else {
            return Ok(());
        };
        if self.charge(super::cascade::Work::Activation).is_err() {
            return Ok(());
        }
        let unit = match chosen.unit {
            Some(unit) => unit,
            None if chosen.from_discard.is_some() => {
                // The card leaves the discard pile; it is removed from the game when it would be
                // discarded again if its route's keyword says so.
                let player = self.state.player_mut(side);
                player.discard.retain(|&c| c != chosen.card);
                player.hand.push(chosen.card);
                if chosen.from_discard == Some(DiscardedAgain::Removed) {
                    self.state.removed_when_discarded.push(chosen.card);
                }
                self.put_from_hand(side, chosen.card, Place::BuildZone, false)
            }
            None => self.put_from_hand(side, chosen.card, Place::BuildZone, false),
        };
        self.pay_costs(side, Some(unit), None, &chosen.costs)?;
        // A Mission completed by another route resolves and is discarded (game 7.4).
        if self.state.def(chosen.card).card_type == CardType::Mission {
            self.resolve_mission(side, unit)?;
            return self.state_check();
        }
        if let Some(u) = self.state.unit_mut(unit) {
            u.built = true;
            // Abilities that care how a unit was completed ("deploys a unit using Hidden
            // Cost") read this note while the completion and its deploy resolve
            // (docs/plugin-protocol.md).
            u.notes.insert(
                format!("completed-via:{}", chosen.keyword),
                (1, crate::model::Duration::EndOfTurn),
            );
            // The X chosen stays known for as long as the unit is in play ("Xesh's power and
            // health are equal to X").
            if let Some(x) = chosen.x {
                u.notes.insert(
                    X_NOTE.to_string(),
                    (
                        i32::try_from(x).unwrap_or(i32::MAX),
                        crate::model::Duration::EndOfGame,
                    ),
                );
            }
        }
        // Stats that depend on X count from now on, in the deploy's hooks too.
        if chosen.x.is_some() {
            self.refresh_static_stats()?;
        }
        let name = self.state.unit_label(unit);
        self.event(Event::Completed { unit, name });
        // A Location goes into an arena of its type line as it is completed (game 16.1), a
        // Resource into its player's Resource zone (16.4).
        if self.is_location_card(unit) {
            self.place_completed_location(side, unit, *arena)?;
        } else if self.is_resource_card(unit) {
            self.place_resource(side, unit)?;
        } else if let Some(arena) = arena {
            if let Some(u) = self.state.unit_mut(unit) {
                u.place = Place::Arena(*arena);
            }
            self.event(Event::Deployed {
                unit,
                arena: *arena,
            });
            let event = HookEvent {
                unit: Some(unit.0),
                arena: Some((*arena).into()),
                // `amount` 1: deployed (Deploy triggers on it); side: who deployed.
                amount: Some(1),
                side: Some(side.into()),
                ..self.hook_event()
            };
            self.hook(HookPoint::UnitEntersArena, event)?;
        }
        // The note says how the unit was completed only for this completion and its deploy.
        if let Some(u) = self.state.unit_mut(unit) {
            u.notes.remove(&format!("completed-via:{}", chosen.keyword));
        }
        self.state_check()
    }
}

/// The POPs where "any time" effects may be played: not the reserved ones (game 9.4).
pub(crate) fn allows_anytime(pop: Pop) -> bool {
    !pop.is_reserved()
}
