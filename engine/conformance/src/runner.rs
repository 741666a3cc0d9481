//! Runs one conformance scenario: builds the position, plays the script of acts and dice, and
//! compares the game with the expectations.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::ability_name::{By, Known, listed, named, normalize};
use super::scenario::{
    Act, Action, ArenaName, CardSideName, ChooseOption, ExpectZone, Phase, Scenario, SideName,
    Stop, UnitSpec, UnitZone, Via, Winner,
};
use swtcg_cards::CardDb;
use swtcg_rules::ability::parse_ability;
use swtcg_rules::decision::{Choice, DecideError, Decider, Decision, DecisionKind};
use swtcg_rules::game::{Game, StopAt, card_plugin_for};
use swtcg_rules::hooks::AbilityHost;
use swtcg_rules::log::LogHeader;
use swtcg_rules::model::state::TurnStep;
use swtcg_rules::model::{
    Arena, CardDef, CardId, CardSide, CardType, GameState, Place, Printed, Side, Unit, UnitId,
};
use swtcg_rules::rng::Dice;
use swtcg_rules::ruleset::Ruleset;

/// Why a scenario failed: a reason line and, for unmet expectations, one line per difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub reason: String,
    /// `(what, expected, actual)` for each unmet expectation.
    pub diff: Vec<(String, String, String)>,
}

impl Failure {
    fn new(reason: impl Into<String>) -> Self {
        Failure {
            reason: reason.into(),
            diff: Vec::new(),
        }
    }
}

/// What a scenario run needs besides the scenario.
pub struct RunOptions<'a> {
    /// Card sets for `card = "SET/Name"` and hand or deck names.
    pub cards: &'a CardDb,
    /// The ruleset used when the scenario names none (the `--ruleset` of `check`).
    pub ruleset: &'a Ruleset,
    /// Resolves a scenario's `ruleset = "..."` (a built-in name or a file the caller reads).
    pub resolve_ruleset: &'a dyn Fn(&str) -> Result<Ruleset, String>,
}

/// Runs a scenario with the given abilities; `Ok` when every expectation holds.
pub fn run_scenario(
    scenario: &Scenario,
    host: &mut dyn AbilityHost,
    options: &RunOptions,
) -> Result<(), Failure> {
    let ruleset = match &scenario.ruleset {
        Some(name) => (options.resolve_ruleset)(name).map_err(Failure::new)?,
        None => options.ruleset.clone(),
    };
    let built = build_position(scenario, options.cards, ruleset)?;
    check_keywords(&built.state, &mut *host, options.cards)?;
    let names = AbilityNames::of(&*host, options.cards);

    let (step, stop) = start_of(scenario);
    let header = LogHeader::new(
        scenario.seed.unwrap_or(0),
        (*built.state.ruleset).clone(),
        [Vec::new(), Vec::new()],
        Vec::new(),
    );
    let mut script = Script::new(scenario, &built.ids, &built.cards, names);
    let mut game = Game::new(built.state, header, host, &mut script);
    let result = game.run_turns_from(step, stop, scenario.start.turns);
    let state = game.state;

    script.follow_cards(&state);
    script.finish(&state);
    // The script's own verdicts come first: they explain any error the run ended with.
    if let Some(failure) = script.failure.take() {
        return Err(Failure::new(failure));
    }
    for (number, reason) in &script.refused {
        if scenario.expect.illegal != Some(*number) {
            return Err(Failure::new(format!("illegal act {number}: {reason}")));
        }
    }
    if let Err(err) = result {
        return Err(Failure::new(err.to_string()));
    }
    if let Some(act) = scenario.acts.get(script.next) {
        return Err(Failure::new(format!(
            "act {} never used (line {})",
            act.number, act.line
        )));
    }
    if let Some(number) = scenario.expect.illegal
        && !script.refused.iter().any(|(n, _)| *n == number)
    {
        return Err(Failure::new(format!(
            "act {number} was expected to be illegal, but the engine allowed it"
        )));
    }
    if !state.dice.unused().is_empty() {
        let unused: Vec<String> = state.dice.unused().iter().map(u8::to_string).collect();
        return Err(Failure::new(format!(
            "unused dice: [{}]",
            unused.join(", ")
        )));
    }
    compare(scenario, &state, &script.ids, &built.cards)
}

/// The scenario's position as a game state, with its unit ids mapped to the engine's.
struct Built {
    state: GameState,
    ids: BTreeMap<String, UnitId>,
    /// The top card each unit id stands for (stacked and piloting entries have their own).
    cards: BTreeMap<String, CardId>,
}

fn side_of(name: SideName) -> Side {
    match name {
        SideName::Dark => Side::Dark,
        SideName::Light => Side::Light,
    }
}

fn arena_of(name: ArenaName) -> Arena {
    match name {
        ArenaName::Space => Arena::Space,
        ArenaName::Ground => Arena::Ground,
        ArenaName::Character => Arena::Character,
    }
}

fn card_side(side: Side) -> CardSide {
    match side {
        Side::Dark => CardSide::Dark,
        Side::Light => CardSide::Light,
    }
}

/// The type-line arenas of a "Ground/Character"-style string.
fn arenas_of(type_line: &str) -> Vec<Arena> {
    type_line.split('/').filter_map(Arena::parse).collect()
}

/// The card type a written-out card's `type` names: a Battle card or Mission (played, then
/// discarded, game 7.4), else a unit whose type line lists its arenas.
fn card_type_of(type_line: &str) -> CardType {
    match type_line.trim().to_ascii_lowercase().as_str() {
        "battle" => CardType::Battle,
        "mission" => CardType::Mission,
        _ => CardType::Unit,
    }
}

fn printed(value: i64) -> Option<Printed> {
    Some(Printed::Value(
        value.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
    ))
}

/// A Battle card or Mission has no speed, power or health (its printed stats are blank): a
/// written-out one keeps none, so that no state check treats it as a unit with 0 health.
fn played_card_stats(def: &mut CardDef) {
    if matches!(def.card_type, CardType::Battle | CardType::Mission) {
        (def.speed, def.power, def.health) = (None, None, None);
    }
}

/// The card a `[[unit]]` stands for: from its set reference, overridden by the keys written.
fn unit_def(spec: &UnitSpec, cards: &CardDb) -> Result<CardDef, Failure> {
    let side = card_side(side_of(spec.side));
    let mut def = match &spec.card {
        Some(reference) => {
            let found = cards.lookup(reference).map_err(|e| {
                Failure::new(format!("unit `{}` (line {}): {e}", spec.id, spec.line))
            })?;
            (*found).clone()
        }
        None => {
            let arenas = match (&spec.type_, spec.arena) {
                (Some(t), _) => arenas_of(t),
                (None, UnitZone::Space) => vec![Arena::Space],
                (None, UnitZone::Ground) => vec![Arena::Ground],
                (None, UnitZone::Character) => vec![Arena::Character],
                (None, UnitZone::BuildZone) => Vec::new(),
            };
            CardDef::unit(&spec.id, side, arenas, [0; 4])
        }
    };
    if let Some(name) = &spec.name {
        def.name = name.clone();
    } else if spec.card.is_none() {
        def.name = spec.id.clone();
    }
    if let Some(t) = &spec.type_ {
        def.arenas = arenas_of(t);
        // A written type of "Battle" or "Mission" makes the card one; an arena type line keeps
        // the card type of the set's card (a Subordinate stays one).
        if card_type_of(t) != CardType::Unit {
            def.card_type = card_type_of(t);
        }
    }
    if let Some(subtypes) = &spec.subtypes {
        def.subtypes = subtypes.clone();
    }
    for (slot, value) in [
        (&mut def.cost, spec.cost),
        (&mut def.speed, spec.speed),
        (&mut def.power, spec.power),
        (&mut def.health, spec.health),
    ] {
        if let Some(value) = value {
            *slot = printed(value);
        }
    }
    played_card_stats(&mut def);
    if let Some(abilities) = &spec.abilities {
        def.abilities = abilities.clone();
    }
    match spec.unique {
        Some(true) if def.version.is_none() => def.version = Some(String::new()),
        Some(false) => def.version = None,
        _ => {}
    }
    Ok(def)
}

/// A hand or deck card: a `[[card]]` of the scenario, else a card of the sets.
fn named_card(
    scenario: &Scenario,
    name: &str,
    owner: Side,
    cards: &CardDb,
) -> Result<CardDef, Failure> {
    if let Some(spec) = scenario.card(name) {
        let side = match spec.side {
            Some(CardSideName::Dark) => CardSide::Dark,
            Some(CardSideName::Light) => CardSide::Light,
            Some(CardSideName::Neutral) => CardSide::Neutral,
            None => card_side(owner),
        };
        let mut def = CardDef::unit(&spec.name, side, arenas_of(&spec.type_), [0; 4]);
        def.card_type = card_type_of(&spec.type_);
        def.subtypes = spec.subtypes.clone();
        def.abilities = spec.abilities.clone();
        def.version = spec.unique.then(String::new);
        (def.cost, def.speed, def.power, def.health) = (
            printed(spec.cost),
            printed(spec.speed),
            printed(spec.power),
            printed(spec.health),
        );
        played_card_stats(&mut def);
        return Ok(def);
    }
    cards
        .lookup(name)
        .map(|def| (*def).clone())
        .map_err(|e| Failure::new(format!("{owner} card `{name}`: {e}")))
}

fn build_position(scenario: &Scenario, cards: &CardDb, ruleset: Ruleset) -> Result<Built, Failure> {
    let mut state = GameState::new(Arc::new(ruleset), scenario.seed.unwrap_or(0));
    state.dice = Dice::scripted(scenario.dice.clone(), scenario.seed);
    state.turn = 1;
    for (side, setup) in [(Side::Dark, &scenario.dark), (Side::Light, &scenario.light)] {
        let player = state.player_mut(side);
        player.force = setup.force.clamp(0, u32::MAX as i64) as u32;
        player.build_points = setup.build_points.clamp(0, u32::MAX as i64) as u32;
        for (zone, names) in [(0, &setup.hand), (1, &setup.deck), (2, &setup.discard)] {
            for name in names {
                let def = named_card(scenario, name, side, cards)?;
                let card = state.new_card(Arc::new(def), side);
                let player = state.player_mut(side);
                match zone {
                    0 => player.hand.push(card),
                    1 => player.deck.push(card),
                    _ => player.discard.push(card),
                }
            }
        }
    }

    // Cards first, so that stacked and piloting entries can be attached to their units.
    let mut card_of = BTreeMap::new();
    for spec in &scenario.units {
        let mut def = unit_def(spec, cards)?;
        // A Mission or Equipment from a set stays one: it is built like a unit, and resolves
        // (Mission) or waits to be equipped (Equipment) when completed.
        def.card_type = match def.card_type {
            _ if spec.equipment_card => CardType::Equipment,
            CardType::Subordinate | CardType::Mission | CardType::Equipment => def.card_type,
            _ => CardType::Unit,
        };
        let card = state.new_card(Arc::new(def), side_of(spec.side));
        card_of.insert(spec.id.clone(), card);
    }
    let attached: Vec<&String> = scenario
        .units
        .iter()
        .flat_map(|u| u.stack.iter().chain(&u.pilots).chain(&u.equipment))
        .collect();
    let mut ids = BTreeMap::new();
    for spec in scenario.units.iter().filter(|u| !attached.contains(&&u.id)) {
        let side = side_of(spec.side);
        let place = match spec.arena {
            UnitZone::Space => Place::Arena(Arena::Space),
            UnitZone::Ground => Place::Arena(Arena::Ground),
            UnitZone::Character => Place::Arena(Arena::Character),
            UnitZone::BuildZone => Place::BuildZone,
        };
        let mut stack = vec![card_of[&spec.id]];
        stack.extend(spec.stack.iter().map(|id| card_of[id]));
        let unit = Unit {
            cards: stack,
            pilots: spec.pilots.iter().map(|id| card_of[id]).collect(),
            // A card in the build zone with build counters is being built; without, it is a
            // completed or retreated unit.
            built: !(place == Place::BuildZone && spec.build_counters > 0),
            build_counters: spec.build_counters,
            damage: spec.damage,
            tapped: spec.tapped,
            equipment: spec.equipment.iter().map(|id| card_of[id]).collect(),
            ..Unit::new(side, card_of[&spec.id], place)
        };
        let id = state.add_unit(unit);
        ids.insert(spec.id.clone(), id);
        for attached in spec.stack.iter().chain(&spec.pilots).chain(&spec.equipment) {
            ids.insert(attached.clone(), id);
        }
    }
    Ok(Built {
        state,
        ids,
        cards: card_of,
    })
}

/// Every keyword on the board must have a plugin; card text needs a card plugin.
fn check_keywords(
    state: &GameState,
    host: &mut dyn AbilityHost,
    cards: &CardDb,
) -> Result<(), Failure> {
    // The IDC keyword list and every keyword a loaded plugin implements (a fan keyword may be
    // in no list).
    let mut names = cards.keyword_names().to_vec();
    names.extend(host.keyword_names());
    // The cards in play (attached ones included) and the Battle cards in the players' hands.
    let mut cards_to_check: Vec<CardId> = state
        .units
        .values()
        .flat_map(|unit| {
            unit.cards
                .iter()
                .chain(&unit.pilots)
                .chain(&unit.equipment)
                .copied()
        })
        .collect();
    cards_to_check.extend(
        state
            .players
            .iter()
            .flat_map(|p| &p.hand)
            .filter(|&&card| state.def(card).card_type == CardType::Battle),
    );
    {
        for card in cards_to_check {
            let def = state.def(card);
            for text in &def.abilities {
                let parsed = parse_ability(text, &names);
                if card_plugin_for(host, state, text, def.card_type).is_some() {
                    continue;
                }
                match parsed.keyword {
                    // A keyword that works only on some card types (Equip: Equipment) does
                    // nothing on another card.
                    Some(keyword)
                        if host.plugin_for(&keyword).is_some_and(|p| {
                            let m = host.manifest(p);
                            !m.card_types.is_empty() && !m.reads_card_type(def.card_type)
                        }) =>
                    {
                        return Err(Failure::new(format!(
                            "the {keyword} plugin works only on {:?} cards, not on {} (ability \"{text}\")",
                            host.plugin_for(&keyword)
                                .map(|p| host.manifest(p).card_types.clone())
                                .unwrap_or_default(),
                            def.name
                        )));
                    }
                    Some(keyword)
                        if host
                            .plugin_for(&keyword)
                            .is_some_and(|p| parsed.fits(host.manifest(p).parameter)) => {}
                    Some(keyword) if host.plugin_for(&keyword).is_some() => {
                        return Err(Failure::new(format!(
                            "no card plugin for the ability \"{text}\" of {}: the {keyword} plugin reads only a number after the keyword",
                            def.name
                        )));
                    }
                    Some(keyword) => {
                        return Err(Failure::new(format!(
                            "no plugin for keyword {keyword} (ability \"{text}\" of {})",
                            def.name
                        )));
                    }
                    None => {
                        return Err(Failure::new(format!(
                            "no card plugin for the ability \"{text}\" of {}",
                            def.name
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}

fn start_of(scenario: &Scenario) -> (TurnStep, StopAt) {
    let start = &scenario.start;
    let side = side_of(start.step.unwrap_or(SideName::Dark));
    let step = match start.phase {
        Phase::Build => TurnStep::Build(side),
        Phase::Retreat => TurnStep::Retreat(side),
        Phase::Battle => TurnStep::Battle(arena_of(start.arena.unwrap_or(ArenaName::Space))),
    };
    let stop = match start.stop {
        Some(Stop::AttackEnd) => StopAt::AttackEnd,
        Some(Stop::StepEnd) | None => StopAt::StepEnd,
        Some(Stop::PhaseEnd) => StopAt::PhaseEnd,
        Some(Stop::TurnEnd) => StopAt::TurnEnd,
    };
    (step, stop)
}

/// How an act relates to a decision.
enum Fit {
    /// The act answers the decision with this option.
    Answer(usize),
    /// The act is of this decision's kind but the rules refuse it now.
    Refused(String),
    /// The act and the one after it answer the decision together.
    AnswerTwo(usize),
    /// The act is for a later decision: the decision takes its default.
    Later,
    /// The act shows which option to take here but answers a later decision (an attack act
    /// picks the acting unit among tied ones, then answers that unit's action).
    Peek(usize),
    /// The act can't be read (it names an ability ambiguously): the scenario fails with this.
    Error(String),
}

/// What the script needs to read an ability's name as printed (FORMAT.md): the keyword names, to
/// tell a printed keyword from card text, and the names of the card plugins, which are no
/// ability's name.
struct AbilityNames {
    keywords: Vec<String>,
    card_plugins: Vec<String>,
}

impl AbilityNames {
    fn of(host: &dyn AbilityHost, cards: &CardDb) -> Self {
        let card_plugins: Vec<String> = host
            .card_plugins()
            .into_iter()
            .map(|p| host.manifest(p).name.clone())
            .collect();
        // The IDC keyword list and every keyword a loaded keyword plugin implements.
        let mut keywords = cards.keyword_names().to_vec();
        keywords.extend(
            host.keyword_names()
                .into_iter()
                .filter(|k| !card_plugins.contains(k)),
        );
        AbilityNames {
            keywords,
            card_plugins,
        }
    }

    /// An offered activation as a name is matched against it.
    fn offered<'c>(&self, keyword: &'c str, text: &'c str) -> Known<'c> {
        let card_text = self.card_plugins.iter().any(|p| p == keyword);
        Known {
            text,
            keyword: (!card_text).then_some(keyword),
            card_plugin: card_text.then_some(keyword),
        }
    }
}

/// The scenario's acts as a decider for both players (FORMAT.md "Principles").
struct Script<'s> {
    acts: &'s [Act],
    /// The number of the act `expect.illegal` names: it does not wait for its unit's turn.
    expected_illegal: Option<usize>,
    names: AbilityNames,
    /// The printed texts and plugin names of the activations each unit was offered during the
    /// run, for naming what a unit could use when an act names none of its abilities.
    offered: BTreeMap<UnitId, Vec<(String, String)>>,
    /// The engine's unit for each scenario id, followed as cards move between units (a Pilot
    /// boarding or moving off a unit, game 12.2).
    ids: BTreeMap<String, UnitId>,
    /// The card each scenario id stands for.
    cards: &'s BTreeMap<String, CardId>,
    next: usize,
    refused: Vec<(usize, String)>,
    /// Set when a mandatory decision met an act that does not answer it.
    failure: Option<String>,
}

impl<'s> Script<'s> {
    fn new(
        scenario: &'s Scenario,
        ids: &BTreeMap<String, UnitId>,
        cards: &'s BTreeMap<String, CardId>,
        names: AbilityNames,
    ) -> Self {
        Script {
            acts: &scenario.acts,
            expected_illegal: scenario.expect.illegal,
            names,
            offered: BTreeMap::new(),
            ids: ids.clone(),
            cards,
            next: 0,
            refused: Vec::new(),
            failure: None,
        }
    }

    fn id(&self, name: &str) -> Option<UnitId> {
        self.ids.get(name).copied()
    }

    /// Points each scenario id at the unit its card is part of now (as its stack, a Pilot or an
    /// Equipment), so that a Pilot that boarded a unit is named by its id as that unit, and one
    /// that moved off as its own unit again; a card no longer in play keeps its last unit.
    fn follow_cards(&mut self, state: &GameState) {
        for (name, card) in self.cards {
            let holder = state.units.values().find(|u| {
                u.cards.contains(card) || u.pilots.contains(card) || u.equipment.contains(card)
            });
            if let Some(unit) = holder {
                self.ids.insert(name.clone(), unit.id);
            }
        }
    }

    /// Keeps the activations a decision offers, by unit, for naming what a unit could use.
    fn note_offers(&mut self, decision: &Decision) {
        for choice in &decision.options {
            if let Choice::Activate {
                unit,
                keyword,
                text,
                ..
            } = choice
            {
                let seen = self.offered.entry(*unit).or_default();
                if !seen.iter().any(|(t, _)| *t == text.0) {
                    seen.push((text.0.clone(), keyword.clone()));
                }
            }
        }
    }

    fn find(decision: &Decision, wanted: impl Fn(&Choice) -> bool) -> Option<usize> {
        decision.options.iter().position(wanted)
    }

    /// Whether `act` answers `decision`, and how. Each act kind of FORMAT.md "Acts" (and the
    /// `play` extension of docs/scenarios.md) has its own method, which answers the decisions
    /// that act is for and leaves every other decision to a later act (`Fit::Later`).
    fn fit(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        if side_of(act.side) != decision.player {
            return self.other_players_act(state, act, decision);
        }
        match &act.action {
            Action::Attack { .. } => self.attack(state, act, decision),
            Action::Skip { .. } => self.skip(state, act, decision),
            Action::Use { .. } => self.use_ability(state, act, decision),
            Action::Split { .. } => self.split(act, decision),
            Action::Choose { .. } => self.choose(act, decision),
            Action::Complete { via: None, .. } => self.complete(act, decision),
            Action::Complete { via: Some(_), .. } => self.complete_via(act, decision),
            Action::Build { .. } => self.build(act, decision),
            Action::Deploy { .. } => self.deploy(act, decision),
            Action::Retreat { .. } => self.retreat(act, decision),
            Action::Pass => Self::pass(decision),
            Action::Play { .. } => self.play(state, act, decision),
        }
    }

    /// Whether `act` is the one `expect.illegal` names, which does not wait for its unit's turn
    /// (FORMAT.md "Acts wait for their unit's turn, except an expected illegal one").
    fn out_of_turn(&self, act: &Act) -> bool {
        self.expected_illegal == Some(act.number)
    }

    /// An act of the player who is not deciding waits for a decision of its own player, except
    /// the expected illegal attack or skip, which is tried at the next unit action of either
    /// player (FORMAT.md "Acts wait for their unit's turn, except an expected illegal one").
    fn other_players_act(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Act { .. } | DecisionKind::ChooseActor { .. },
                Action::Attack { unit, .. } | Action::Skip { unit },
            ) if self.out_of_turn(act) => self.not_its_turn(state, unit, decision),
            _ => Fit::Later,
        }
    }

    /// `attack = { unit, defender }` (FORMAT.md "Acts"; game 6.3.5 (a), 10.1.1): at its unit's
    /// action, the attack on that defender; at another unit's action, it waits for its unit's
    /// turn ([`Self::unit_cannot_act`]), or is refused there if it is the expected illegal act;
    /// among tied units, it picks its unit ([`Self::acting_unit`]).
    fn attack(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Act { unit },
                Action::Attack {
                    unit: attacker,
                    defender,
                },
            ) => {
                let (attacker_id, defender_id) = (self.id(attacker), self.id(defender));
                if attacker_id == Some(*unit) {
                    let index = Self::find(decision, |c| {
                        defender_id.map(|d| Choice::Attack { defender: d }).as_ref() == Some(c)
                    });
                    answer(index, format!("{attacker} can't attack {defender} now"))
                } else if self.out_of_turn(act) {
                    self.not_its_turn(state, attacker, decision)
                } else {
                    self.unit_cannot_act(state, attacker, attacker_id, unit)
                }
            }
            (DecisionKind::ChooseActor { .. }, Action::Attack { unit, .. }) => {
                self.acting_unit(state, act, unit, decision)
            }
            _ => Fit::Later,
        }
    }

    /// `skip = { unit }` (FORMAT.md "Acts"; game 6.3.5 (c)): at its unit's action, doing
    /// nothing; otherwise it waits or is refused, and picks its unit among tied ones, as an
    /// [`Self::attack`] act does.
    fn skip(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (DecisionKind::Act { unit }, Action::Skip { unit: actor }) => {
                let actor_id = self.id(actor);
                if actor_id == Some(*unit) {
                    Fit::Answer(Self::find(decision, |c| *c == Choice::Skip).unwrap_or(0))
                } else if self.out_of_turn(act) {
                    self.not_its_turn(state, actor, decision)
                } else {
                    self.unit_cannot_act(state, actor, actor_id, unit)
                }
            }
            (DecisionKind::ChooseActor { .. }, Action::Skip { unit }) => {
                self.acting_unit(state, act, unit, decision)
            }
            _ => Fit::Later,
        }
    }

    /// An `attack` or `skip` act when its player picks which of their units tied for speed acts
    /// (game 6.3.5; docs/scenarios.md "Acts"): the act picks its unit, and answers that unit's
    /// action next; a unit not among the tied ones waits for its turn, or is refused if the act
    /// is the expected illegal one.
    fn acting_unit(&self, state: &GameState, act: &Act, unit: &str, decision: &Decision) -> Fit {
        let id = self.id(unit);
        match Self::find(decision, |c| {
            id.map(|u| Choice::Actor { unit: u }).as_ref() == Some(c)
        }) {
            Some(index) => Fit::Peek(index),
            None if self.out_of_turn(act) => self.not_its_turn(state, unit, decision),
            None => Fit::Later,
        }
    }

    /// `use = { unit, ability, target?, amount?, arena? }` (FORMAT.md "Acts"; game 9.2, 13.3, and
    /// 7.1 for the activations of the build step): plays the activation of that ability the unit
    /// is offered in a POP or as a build action. `ability` is the printed text, its start, or the
    /// keyword's name (FORMAT.md "Abilities are written as printed"), read against what the unit
    /// is offered now; a name that fits none of those waits for a later offer, and an ambiguous
    /// one fails the scenario.
    fn use_ability(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        let (
            DecisionKind::Pop { .. } | DecisionKind::BuildAction,
            Action::Use {
                unit,
                ability,
                target,
                amount,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let (id, target) = (self.id(unit), target.as_deref().map(|t| self.id(t)));
        let offers: Vec<Known> = decision
            .options
            .iter()
            .filter_map(|c| match c {
                Choice::Activate {
                    unit: u,
                    keyword,
                    text,
                    ..
                } if Some(*u) == id => Some(self.names.offered(keyword, &text.0)),
                _ => None,
            })
            .collect();
        let text = match named(ability, &offers) {
            // "Enough of its start to be unambiguous" among all the unit's abilities, not only
            // those it can pay for now.
            Ok(Some((text, By::Start))) => {
                let printed = self.printed(state, unit);
                if let Err(why) = named(ability, &known(&printed)) {
                    let all: Vec<Known> = offers.iter().copied().chain(known(&printed)).collect();
                    return Fit::Error(format!(
                        "act {} (line {}): {why}; {unit}'s abilities: {}",
                        act.number,
                        act.line,
                        listed(&all)
                    ));
                }
                text
            }
            Ok(Some((text, _))) => text,
            Ok(None) => return Fit::Later,
            Err(why) => {
                return Fit::Error(format!(
                    "act {} (line {}): {why}; {unit} can use now: {}",
                    act.number,
                    act.line,
                    listed(&offers)
                ));
            }
        };
        Self::find(decision, |c| match c {
            Choice::Activate {
                unit: u,
                text: t,
                target: to,
                amount: a,
                ..
            } => {
                Some(*u) == id
                    && normalize(&t.0) == normalize(text)
                    && target.is_none_or(|want| want == *to)
                    && amount.is_none_or(|want| Some(want) == *a)
            }
            _ => false,
        })
        .map_or(Fit::Later, Fit::Answer)
    }

    /// `play = { card, target?, amount?, via?, arena?, enhance? }` (docs/scenarios.md
    /// "Extensions"; game 9.2, 13.3): in a POP, plays that Battle card from hand, or from the
    /// discard pile by Meditate, with its Enhance or without; in a build step, `via =
    /// "Meditate"` plays that unit or Mission from the discard pile (`arena`: where the unit is
    /// deployed at once). A play not offered now waits for a later offer.
    fn play(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Pop { .. },
                Action::Play {
                    card,
                    target,
                    amount,
                    meditate,
                    enhance,
                    ..
                },
            ) => {
                let target = target.as_deref().map(|t| self.id(t));
                Self::find(decision, |c| match c {
                    Choice::PlayCard {
                        card: c,
                        target: t,
                        amount: a,
                        from_discard: m,
                        addition,
                        ..
                    } => {
                        state.def(*c).name.eq_ignore_ascii_case(card.trim())
                            && m.is_some() == *meditate
                            && addition.is_some() == *enhance
                            && target.is_none_or(|want| want == *t)
                            && amount.is_none_or(|want| Some(want) == *a)
                    }
                    _ => false,
                })
                .map_or(Fit::Later, Fit::Answer)
            }
            (
                DecisionKind::BuildAction,
                Action::Play {
                    card,
                    meditate: true,
                    arena,
                    ..
                },
            ) => {
                let arena = arena.map(arena_of);
                Self::find(decision, |c| match c {
                    Choice::CompleteVia {
                        unit: None,
                        card: c,
                        label,
                        arena: a,
                        ..
                    } => {
                        label == "Meditate"
                            && state.def(*c).name.eq_ignore_ascii_case(card.trim())
                            && *a == arena
                    }
                    _ => false,
                })
                .map_or(Fit::Later, Fit::Answer)
            }
            _ => Fit::Later,
        }
    }

    /// `split = { unit, to = { id = hits, ... } }` (FORMAT.md "Acts"; game 10.6.1, keyword
    /// Overkill): answers the attacker's division of its excess hits, refused if another unit is
    /// attacking or the hits can't be divided that way.
    fn split(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::SplitHits { attacker }, Action::Split { unit, to }) =
            (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        if self.id(unit) != Some(*attacker) {
            return Fit::Refused(format!(
                "{unit} is not the attacking unit whose hits are split"
            ));
        }
        let wanted: Vec<(Option<UnitId>, u32)> =
            to.iter().map(|(id, hits)| (self.id(id), *hits)).collect();
        let index = match wanted.as_slice() {
            [(Some(to), hits)] => Self::find(decision, |c| {
                *c == Choice::Split {
                    to: *to,
                    hits: *hits,
                }
            }),
            _ => None,
        };
        answer(
            index,
            format!("the hits of {unit} can't be split that way ({to:?})"),
        )
    }

    /// `choose = { unit, option }` (FORMAT.md "Acts", docs/scenarios.md "Extensions"): which of
    /// the player's waiting triggered abilities resolves next (game 13.4.3), an option the
    /// unit's ability offers (API 1.1 `choose`; a choice for another unit's ability waits), which
    /// of several payable costs is paid (Upkeep) or how many damage counters are removed (game
    /// 14.5). `option` is the option's printed text or its 1-based index.
    fn choose(&self, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (DecisionKind::OrderTriggers { .. }, Action::Choose { unit, option }) => {
                // `option` is the printed text of the ability to resolve next, or its number.
                let id = self.id(unit);
                let index = match option {
                    ChooseOption::Index(n) => (*n <= decision.options.len()).then(|| n - 1),
                    ChooseOption::Text(t) => Self::find(decision, |c| match c {
                        Choice::Trigger { unit: u, text } => {
                            Some(*u) == id && text.eq_ignore_ascii_case(t.trim())
                        }
                        _ => false,
                    }),
                };
                answer(
                    index,
                    format!("{unit} has no triggered ability {option:?} waiting"),
                )
            }
            (DecisionKind::ChooseOption { unit: asking }, Action::Choose { unit, option }) => {
                // A choice for another unit's ability answers a later decision.
                if self.id(unit) != Some(*asking) {
                    return Fit::Later;
                }
                answer(
                    Self::option(decision, option),
                    format!("option {option:?} is not one the ability of {unit} offers"),
                )
            }
            (
                DecisionKind::ChooseCost { .. } | DecisionKind::RemoveDamage { .. },
                Action::Choose { option, .. },
            ) => answer(
                Self::option(decision, option),
                format!("option {option:?} is not one of the costs that can be paid"),
            ),
            _ => Fit::Later,
        }
    }

    /// The offered `Choice::Option` a `choose` act's option names, by its index or its text.
    fn option(decision: &Decision, option: &ChooseOption) -> Option<usize> {
        Self::find(decision, |c| match (c, option) {
            (Choice::Option { index, .. }, ChooseOption::Index(n)) => *index as usize == *n,
            (Choice::Option { text, .. }, ChooseOption::Text(t)) => {
                text.eq_ignore_ascii_case(t.trim())
            }
            _ => false,
        })
    }

    /// `complete = { unit }` (FORMAT.md "Acts"; game 7.4), paying the build cost, in the build
    /// step; with the extension `stack` (docs/scenarios.md), into that stack (game 3.6), else
    /// the first legal completion of the card.
    fn complete(&self, act: &Act, decision: &Decision) -> Fit {
        let (
            DecisionKind::BuildAction,
            Action::Complete {
                unit,
                via: None,
                stack,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let id = self.id(unit);
        let into = stack.as_ref().map(|s| self.id(s));
        let index = Self::find(decision, |c| match (c, into) {
            (Choice::Complete { unit: u } | Choice::CompleteIntoStack { unit: u, .. }, None) => {
                Some(*u) == id
            }
            (
                Choice::CompleteIntoStack {
                    unit: u, stack: s, ..
                },
                Some(into),
            ) => Some(*u) == id && Some(*s) == into,
            _ => false,
        });
        answer(index, format!("{unit} can't be completed now"))
    }

    /// `complete = { unit, via, x? }` (FORMAT.md "Acts"; game 7.6, keywords Hidden Cost,
    /// Alternative Cost, Reduced Cost): completes the card by that route, in a build step or in
    /// a POP, with `x` as the X of the route's cost. A `deploy` act for the same unit right after
    /// it says where the unit goes at once, and is answered with it. Not offered in a POP or the
    /// opponent's build step, it waits; not offered in its player's build step, it is refused,
    /// naming the values of X that could be paid.
    fn complete_via(&self, act: &Act, decision: &Decision) -> Fit {
        let (
            DecisionKind::BuildAction | DecisionKind::Pop { .. } | DecisionKind::OpponentsBuildStep,
            Action::Complete {
                unit,
                via: Some(via),
                x: wanted_x,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        // A completion by another route may deploy at once: a `deploy` act for the same unit
        // right after it says where.
        let (id, wanted) = (self.id(unit), via_label(*via));
        let deploy = match self.acts.get(self.next + 1).map(|a| &a.action) {
            Some(Action::Deploy { unit: next, arena }) if next == unit => Some(arena.map(arena_of)),
            _ => None,
        };
        let index = Self::find(decision, |c| match c {
            Choice::CompleteVia {
                unit: u,
                label,
                arena,
                x,
                ..
            } => {
                // The act's `x` picks the value of an X in the cost; a cost with an X needs one,
                // a cost without takes none.
                *u == id
                    && label.starts_with(wanted)
                    && x == wanted_x
                    && match deploy {
                        None => arena.is_none(),
                        Some(None) => arena.is_some(),
                        Some(Some(want)) => *arena == Some(want),
                    }
            }
            _ => false,
        });
        match (index, &decision.kind, deploy.is_some()) {
            (Some(index), _, true) => Fit::AnswerTwo(index),
            (Some(index), _, false) => Fit::Answer(index),
            (None, DecisionKind::Pop { .. } | DecisionKind::OpponentsBuildStep, _) => Fit::Later,
            (None, _, _) => {
                // Name the values of X the route could be paid with, if it has one.
                let xs: Vec<u32> = decision
                    .options
                    .iter()
                    .filter_map(|c| match c {
                        Choice::CompleteVia {
                            unit: u,
                            label,
                            x: Some(x),
                            ..
                        } if *u == id && label.starts_with(wanted) => Some(*x),
                        _ => None,
                    })
                    .collect();
                let with_x = wanted_x
                    .map(|x| format!(" with X = {x}"))
                    .unwrap_or_default();
                let payable = match (xs.iter().min(), xs.iter().max()) {
                    (Some(low), Some(high)) => {
                        format!(" (its cost has an X, payable now from {low} to {high})")
                    }
                    _ => String::new(),
                };
                Fit::Refused(format!(
                    "{unit} can't be completed via {wanted}{with_x} now{payable}"
                ))
            }
        }
    }

    /// `build = { unit, points }` (FORMAT.md "Acts"; game 7.2): puts that many build counters
    /// on the card in the build step, refused if they can't be put on it now.
    fn build(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::BuildAction, Action::Build { unit, points }) =
            (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let index = Self::find(decision, |c| {
            self.id(unit)
                .map(|u| Choice::AddCounters {
                    unit: u,
                    points: *points,
                })
                .as_ref()
                == Some(c)
        });
        answer(
            index,
            format!("{unit} can't get {points} build counters now"),
        )
    }

    /// `deploy = { unit, arena? }` (FORMAT.md "Acts"; game 7.1, 7.4, 7.8, 8.4): moves the
    /// completed or retreated unit from the build zone into that arena (any arena it may go to
    /// when `arena` is left out), refused if it can't go there now. A `deploy` act right after a
    /// `complete` act by another route is answered with it ([`Self::complete_via`]).
    fn deploy(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::BuildAction, Action::Deploy { unit, arena }) =
            (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let id = self.id(unit);
        let arena = arena.map(arena_of);
        let index = Self::find(decision, |c| match c {
            Choice::Deploy { unit: u, arena: a } => {
                Some(*u) == id && arena.is_none_or(|want| want == *a)
            }
            _ => false,
        });
        answer(index, format!("{unit} can't be deployed there now"))
    }

    /// `retreat = { unit }` (FORMAT.md "Acts"; game 8.1): retreats the unit in its player's
    /// retreat step, refused if it can't retreat now.
    fn retreat(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::Retreat, Action::Retreat { unit }) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let index = Self::find(decision, |c| {
            self.id(unit).map(|u| Choice::Retreat { unit: u }).as_ref() == Some(c)
        });
        answer(index, format!("{unit} can't retreat now"))
    }

    /// `pass = true` (FORMAT.md "Acts"; game 9.2): passes at the next decision of its player
    /// that can be passed.
    fn pass(decision: &Decision) -> Fit {
        if decision.options.contains(&Choice::Pass) {
            Fit::Answer(Self::find(decision, |c| *c == Choice::Pass).unwrap_or(0))
        } else {
            Fit::Later
        }
    }

    /// An attack or skip act for another unit than the one acting: it waits for that unit's
    /// turn, unless that unit cannot act in this step at all.
    fn unit_cannot_act(
        &self,
        state: &GameState,
        name: &str,
        id: Option<UnitId>,
        acting: &UnitId,
    ) -> Fit {
        let acting_arena = state.unit(*acting).and_then(Unit::in_arena);
        match id.and_then(|id| state.unit(id)) {
            Some(unit)
                if !unit.tapped && unit.in_arena().is_some() && unit.in_arena() == acting_arena =>
            {
                Fit::Later
            }
            Some(unit) if unit.tapped => Fit::Refused(format!("{name} is tapped and can't act")),
            Some(_) => Fit::Refused(format!(
                "{name} is not in the arena whose battle step is running"
            )),
            None => Fit::Refused(format!("{name} is no longer in play")),
        }
    }

    /// The expected illegal act of a unit that is not the one acting at this unit action (nor
    /// one of the tied units its player chooses from): refused, because units act in order of
    /// speed (game 6.3.5).
    fn not_its_turn(&self, state: &GameState, name: &str, decision: &Decision) -> Fit {
        let running = match &decision.kind {
            DecisionKind::Act { unit } => state.unit(*unit).and_then(Unit::in_arena),
            DecisionKind::ChooseActor { arena } => Some(*arena),
            _ => None,
        };
        match self.id(name).and_then(|id| state.unit(id)) {
            Some(unit) if unit.tapped => Fit::Refused(format!("{name} is tapped and can't act")),
            Some(unit) if unit.in_arena().is_none() || unit.in_arena() != running => Fit::Refused(
                format!("{name} is not in the arena whose battle step is running"),
            ),
            Some(_) => {
                let acting: Vec<String> = match &decision.kind {
                    DecisionKind::Act { unit } => vec![self.name_of(state, *unit)],
                    _ => decision
                        .options
                        .iter()
                        .filter_map(|c| match c {
                            Choice::Actor { unit } => Some(self.name_of(state, *unit)),
                            _ => None,
                        })
                        .collect(),
                };
                Fit::Refused(format!(
                    "it is not {name}'s turn to act: {} acts now (game 6.3.5: units act in \
                     order of speed)",
                    acting.join(" or ")
                ))
            }
            None => Fit::Refused(format!("{name} is no longer in play")),
        }
    }

    /// The scenario's id for a unit, or its card name where no id names it.
    fn name_of(&self, state: &GameState, id: UnitId) -> String {
        // Several ids name one unit (its stacked cards, its Pilots): the top card's id first.
        let top = state.unit(id).map(Unit::top);
        self.ids
            .iter()
            .filter(|&(_, &u)| u == id)
            .max_by_key(|&(name, _)| self.cards.get(name).copied() == top)
            .map_or_else(|| state.unit_label(id), |(name, _)| name.clone())
    }

    /// At the end of the run, acts for units that could not act any more are refused rather
    /// than left unused: an attack by a tapped unit is illegal, not merely late.
    fn finish(&mut self, state: &GameState) {
        while let Some(act) = self.acts.get(self.next) {
            if let Action::Use { unit, ability, .. } = &act.action
                && let Err(reason) = self.names_an_ability(state, unit, ability)
            {
                // A name that is none of the unit's abilities is a mistake in the scenario, not
                // an illegal act that `expect.illegal` or `optional` could excuse.
                self.failure
                    .get_or_insert(format!("act {} (line {}): {reason}", act.number, act.line));
                self.next += 1;
                continue;
            }
            if let Some(reason) = never_possible(&act.action) {
                if !act.optional {
                    self.refused.push((act.number, reason));
                }
                self.next += 1;
                continue;
            }
            let (Action::Attack { unit, .. } | Action::Skip { unit }) = &act.action else {
                break;
            };
            let reason = match self.id(unit).and_then(|id| state.unit(id)) {
                Some(u) if u.tapped => format!("{unit} is tapped and can't act"),
                Some(u) if u.in_arena().is_none() => format!("{unit} is not in an arena"),
                Some(_) => break,
                None => format!("{unit} is no longer in play"),
            };
            if !act.optional {
                self.refused.push((act.number, reason));
            }
            self.next += 1;
        }
    }

    /// Whether a `use` act never played names one of the unit's abilities (the activations it
    /// was offered during the run, and the texts printed on its cards or granted to it, which
    /// may never have been offered: a cost never payable) or a keyword ability. The error lists
    /// the unit's abilities.
    fn names_an_ability(&self, state: &GameState, unit: &str, ability: &str) -> Result<(), String> {
        let offered = self.id(unit).and_then(|id| self.offered.get(&id));
        let printed = self.printed(state, unit);
        let offered: Vec<Known> = offered
            .into_iter()
            .flatten()
            .map(|(text, keyword)| self.names.offered(keyword, text))
            .collect();
        let printed = known(&printed);
        let all: Vec<Known> = offered.iter().chain(&printed).copied().collect();
        // The offers and the printed texts are read apart: an offer may be a granted copy of a
        // printed text (Velocity's, armed for a battle step), which is no second ability.
        // A keyword ability the unit does not have ("Pay 3 Force -> Evade 1" that a condition
        // never granted) is a name all the same: using it is illegal, not a mistake.
        let keyword_ability = || {
            parse_ability(ability, &self.names.keywords)
                .keyword
                .is_some()
        };
        match (named(ability, &offered), named(ability, &printed)) {
            (Ok(Some(_)), _) | (_, Ok(Some(_))) => Ok(()),
            _ if keyword_ability() => Ok(()),
            (Err(why), _) | (_, Err(why)) => {
                Err(format!("{unit}: {why}; its abilities: {}", listed(&all)))
            }
            (Ok(None), Ok(None)) => Err(format!(
                "{unit} has no ability \"{}\"; its abilities: {}",
                ability.trim(),
                listed(&all)
            )),
        }
    }

    /// The texts printed on the cards of the unit a scenario id names (its stack, Pilots and
    /// Equipment) or granted to it, each with the keyword it is; for a unit no longer in play,
    /// the texts of the id's own card.
    fn printed(&self, state: &GameState, unit: &str) -> Vec<(String, Option<String>)> {
        let texts: Vec<String> = match self.id(unit).and_then(|id| state.unit(id)) {
            Some(u) => u
                .cards
                .iter()
                .chain(&u.pilots)
                .chain(&u.equipment)
                .flat_map(|&card| state.def(card).abilities.iter().cloned())
                .chain(u.granted.iter().map(|(text, _)| text.clone()))
                .collect(),
            None => self
                .cards
                .get(unit)
                .map(|&card| state.def(card).abilities.clone())
                .unwrap_or_default(),
        };
        texts
            .into_iter()
            .map(|text| {
                let keyword = parse_ability(&text, &self.names.keywords).keyword;
                (text, keyword)
            })
            .collect()
    }

    /// The answer when no act fits: pass, do nothing, or the first option.
    fn default_answer(decision: &Decision) -> usize {
        let preferred = match decision.kind {
            DecisionKind::Act { .. } => Choice::Skip,
            _ => Choice::Pass,
        };
        decision
            .options
            .iter()
            .position(|c| *c == preferred)
            .unwrap_or(0)
    }
}

impl Decider for Script<'_> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        self.follow_cards(state);
        self.note_offers(decision);
        while let Some(act) = self.acts.get(self.next) {
            match self.fit(state, act, decision) {
                Fit::Error(reason) => {
                    // The act can't be read: the scenario fails, and the run goes on without it.
                    self.failure.get_or_insert(reason);
                    self.next += 1;
                }
                Fit::Answer(index) => {
                    self.next += 1;
                    return Ok(index);
                }
                Fit::Refused(reason) => {
                    // A refused act is skipped and the run goes on with the next one; it fails
                    // the scenario unless it is optional or the expected illegal act.
                    if !act.optional {
                        self.refused.push((act.number, reason));
                    }
                    self.next += 1;
                }
                Fit::Peek(index) => return Ok(index),
                Fit::AnswerTwo(index) => {
                    self.next += 2;
                    return Ok(index);
                }
                Fit::Later => break,
            }
        }
        // A mandatory decision with no default takes the next act, which must answer it.
        let mandatory_choice = matches!(decision.kind, DecisionKind::ChooseOption { .. })
            && !decision.options.contains(&Choice::Pass);
        if (matches!(decision.kind, DecisionKind::ChooseCost { .. }) || mandatory_choice)
            && let Some(act) = self.acts.get(self.next)
            && self.failure.is_none()
        {
            self.failure = Some(format!(
                "the engine asked {} for {}, but act {} (line {}) does not answer it",
                decision.player,
                decision.kind.describe(),
                act.number,
                act.line
            ));
        }
        Ok(Self::default_answer(decision))
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        self.acts
            .get(self.next)
            .is_some_and(|act| !matches!(self.fit(state, act, decision), Fit::Later))
    }
}

/// How an act of the decision's kind answers it: with the option it names, else refused for
/// `refusal`.
fn answer(index: Option<usize>, refusal: String) -> Fit {
    index.map_or(Fit::Refused(refusal), Fit::Answer)
}

/// Printed texts with their keywords, as a name is matched against them.
fn known(printed: &[(String, Option<String>)]) -> Vec<Known<'_>> {
    printed
        .iter()
        .map(|(text, keyword)| Known {
            text,
            keyword: keyword.as_deref(),
            card_plugin: None,
        })
        .collect()
}

/// Why an act still waiting at the end of the run is refused, for acts that wait for the engine
/// to offer them: an activation never offered when its side could act, a Battle card never
/// playable, a split of hits never asked for (no Overkill, or no hits to divide), a completion
/// by another route that never became possible. `None` for other acts.
fn never_possible(action: &Action) -> Option<String> {
    match action {
        Action::Use { unit, ability, .. } => {
            Some(format!("{unit} was never offered {ability} during the run"))
        }
        Action::Play {
            card,
            enhance: true,
            ..
        } => Some(format!(
            "{card} could not be played with its Enhance at any point of the run (the card has \
             no Enhance a plugin carries out, or its extra cost could not be paid on top of the \
             card's)"
        )),
        Action::Play { card, .. } => Some(format!(
            "{card} could not be played at any point of the run"
        )),
        Action::Split { unit, .. } => Some(format!(
            "{unit} was never asked to divide hits during the run"
        )),
        Action::Complete {
            unit,
            via: Some(via),
            ..
        } => Some(format!(
            "{unit} could not be completed via {} at any point of the run",
            via_label(*via)
        )),
        _ => None,
    }
}

fn via_label(via: Via) -> &'static str {
    match via {
        Via::HiddenCost => "Hidden Cost",
        Via::AlternativeCost => "Alternative Cost",
        Via::ReducedCost => "Reduced Cost",
    }
}

fn zone_name(zone: ExpectZone) -> &'static str {
    match zone {
        ExpectZone::Space => "space",
        ExpectZone::Ground => "ground",
        ExpectZone::Character => "character",
        ExpectZone::BuildZone => "build-zone",
        ExpectZone::Discard => "discard",
    }
}

/// Compares the final state with `[expect]`, collecting every difference.
fn compare(
    scenario: &Scenario,
    state: &GameState,
    ids: &BTreeMap<String, UnitId>,
    cards: &BTreeMap<String, CardId>,
) -> Result<(), Failure> {
    let mut diff = Vec::new();
    let in_discard = |id: &str| {
        cards.get(id).is_some_and(|card| {
            Side::BOTH
                .iter()
                .any(|&s| state.player(s).discard.contains(card))
        })
    };
    for id in &scenario.expect.discarded {
        if !in_discard(id) {
            let place = ids
                .get(id)
                .and_then(|u| state.unit(*u))
                .map_or("not in play", |u| u.place.name());
            diff.push((format!("unit {id}"), "discarded".into(), place.to_string()));
        }
    }
    for (id, expect) in &scenario.expect.units {
        let unit = ids.get(id).and_then(|u| state.unit(*u));
        let what = |key: &str| format!("unit {id} {key}");
        let Some(unit) = unit else {
            let actual = if in_discard(id) {
                "discard"
            } else {
                "not in play"
            };
            if expect.arena.map(zone_name) != Some(actual)
                || expect.damage.is_some()
                || expect.tapped.is_some()
            {
                diff.push((what("state"), "in play".into(), actual.into()));
            }
            continue;
        };
        let mut check = |key: &str, expected: Option<String>, actual: String| {
            if let Some(expected) = expected
                && expected != actual
            {
                diff.push((what(key), expected, actual));
            }
        };
        check(
            "damage",
            expect.damage.map(|v| v.to_string()),
            unit.damage.to_string(),
        );
        check(
            "tapped",
            expect.tapped.map(|v| v.to_string()),
            unit.tapped.to_string(),
        );
        check(
            "arena",
            expect.arena.map(|z| zone_name(z).to_string()),
            unit.place.name().to_string(),
        );
        check(
            "power",
            expect.power.map(|v| v.to_string()),
            state.total_power(unit).to_string(),
        );
        check(
            "speed",
            expect.speed.map(|v| v.to_string()),
            state.total_speed(unit).to_string(),
        );
        check(
            "health",
            expect.health.map(|v| v.to_string()),
            state.total_health(unit).to_string(),
        );
        check(
            "build_counters",
            expect.build_counters.map(|v| v.to_string()),
            unit.build_counters.to_string(),
        );
        check(
            "equipment",
            expect.equipment.map(|v| v.to_string()),
            unit.equipment.len().to_string(),
        );
        check(
            "pilots",
            expect.pilots.map(|v| v.to_string()),
            unit.pilots.len().to_string(),
        );
        for (kind, expected) in expect.counters.iter().flatten() {
            check(
                &format!("counters.{kind}"),
                Some(expected.to_string()),
                unit.counters.get(kind).copied().unwrap_or(0).to_string(),
            );
        }
    }
    for (side, expect) in [
        (Side::Dark, &scenario.expect.dark),
        (Side::Light, &scenario.expect.light),
    ] {
        let Some(expect) = expect else { continue };
        let player = state.player(side);
        let rows = [
            (
                "force",
                expect.force.map(|v| v.to_string()),
                player.force.to_string(),
            ),
            (
                "build_points",
                expect.build_points.map(|v| v.to_string()),
                player.build_points.to_string(),
            ),
            (
                "hand_size",
                expect.hand_size.map(|v| v.to_string()),
                player.hand.len().to_string(),
            ),
            (
                "discard_size",
                expect.discard_size.map(|v| v.to_string()),
                player.discard.len().to_string(),
            ),
            (
                "removed_size",
                expect.removed_size.map(|v| v.to_string()),
                player.removed.len().to_string(),
            ),
        ];
        for (key, expected, actual) in rows {
            if let Some(expected) = expected
                && expected != actual
            {
                diff.push((format!("{} {key}", side.name()), expected, actual));
            }
        }
    }
    if let Some(winner) = scenario.expect.winner {
        let expected = match winner {
            Winner::Dark => "dark",
            Winner::Light => "light",
            Winner::None => "none",
        };
        let actual = state.winner.map_or("none", Side::name);
        if expected != actual {
            diff.push(("winner".into(), expected.into(), actual.into()));
        }
    }
    if diff.is_empty() {
        Ok(())
    } else {
        Err(Failure {
            reason: format!("{} expectation(s) not met", diff.len()),
            diff,
        })
    }
}

#[cfg(test)]
mod tests;
