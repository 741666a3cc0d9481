//! The conversion of a scenario's position: the whole file's checks, `[start]`, the players,
//! the `[[card]]` tables and the `[[unit]]` tables with their attachments.

use std::collections::HashSet;

use toml::Spanned;

use super::located::Ctx;
use super::raw::*;
use super::*;

/// The most turns a scenario may run (`[start] turns`): enough for effects that last into a
/// later turn, few enough that a script stays readable.
const MAX_TURNS: i64 = 10;

/// The unit ids declared by `[[unit]]` tables.
pub(super) type UnitIds = HashSet<String>;

impl Ctx<'_> {
    pub(super) fn convert(&self, raw: RawScenario) -> Result<Scenario, ScenarioError> {
        if raw.title.get_ref().trim().is_empty() {
            return Err(self.error(
                &raw.title.span(),
                Some("title"),
                "the title must not be empty".to_owned(),
            ));
        }
        let dice = raw
            .dice
            .iter()
            .map(|die| {
                u8::try_from(*die.get_ref())
                    .ok()
                    .filter(|value| (1..=6).contains(value))
                    .ok_or_else(|| {
                        self.error(
                            &die.span(),
                            Some("dice"),
                            format!("a die shows 1 to 6, not {}", die.get_ref()),
                        )
                    })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let start = self.start(raw.start)?;
        let dark = self.player(raw.dark)?;
        let light = self.player(raw.light)?;
        let cards = self.cards(raw.cards)?;
        let units = self.units(raw.units)?;
        let ids: UnitIds = units.iter().map(|unit| unit.id.clone()).collect();
        let acts = raw
            .acts
            .into_iter()
            .enumerate()
            .map(|(index, act)| self.act(index + 1, act, &ids))
            .collect::<Result<Vec<Act>, _>>()?;
        let expect = self.expect(raw.expect, &ids, acts.len())?;
        Ok(Scenario {
            title: raw.title.into_inner(),
            rules: raw.rules,
            seed: raw.seed,
            dice,
            ruleset: raw.ruleset,
            start,
            dark,
            light,
            units,
            cards,
            acts,
            expect,
        })
    }

    pub(super) fn start(&self, raw: Spanned<RawStart>) -> Result<Start, ScenarioError> {
        let raw = raw.into_inner();
        let phase = *raw.phase.get_ref();
        match phase {
            Phase::Battle => {
                if let Some(step) = &raw.step {
                    return Err(self.error(
                        &step.span(),
                        Some("step"),
                        "`step` is for the build and retreat phases; the battle phase names \
                         its step with `arena`"
                            .to_owned(),
                    ));
                }
                if raw.arena.is_none() {
                    return Err(self.error(
                        &raw.phase.span(),
                        Some("arena"),
                        "a scenario starting in the battle phase must say which battle step \
                         with `arena` (\"space\", \"ground\" or \"character\")"
                            .to_owned(),
                    ));
                }
            }
            Phase::Build | Phase::Retreat => {
                if let Some(arena) = &raw.arena {
                    return Err(self.error(
                        &arena.span(),
                        Some("arena"),
                        "`arena` is for the battle phase; the build and retreat phases name \
                         their step with `step`"
                            .to_owned(),
                    ));
                }
                if raw.step.is_none() {
                    return Err(self.error(
                        &raw.phase.span(),
                        Some("step"),
                        "a scenario starting in the build or retreat phase must say whose step \
                         with `step` (\"dark\" or \"light\")"
                            .to_owned(),
                    ));
                }
            }
        }
        let turns = match &raw.turns {
            None => 1,
            Some(turns) => {
                let value = *turns.get_ref();
                if !(1..=MAX_TURNS).contains(&value) {
                    return Err(self.error(
                        &turns.span(),
                        Some("turns"),
                        format!("`turns` must be from 1 to {MAX_TURNS}, found {value}"),
                    ));
                }
                if value > 1 && raw.stop != Some(Stop::TurnEnd) {
                    return Err(self.error(
                        &turns.span(),
                        Some("turns"),
                        "a run of more than one turn ends at the end of its last turn: it \
                         needs `stop = \"turn-end\"`"
                            .to_owned(),
                    ));
                }
                value as u32
            }
        };
        Ok(Start {
            phase,
            arena: raw.arena.map(Spanned::into_inner),
            step: raw.step.map(Spanned::into_inner),
            stop: raw.stop,
            turns,
        })
    }

    pub(super) fn player(&self, raw: RawPlayer) -> Result<PlayerSetup, ScenarioError> {
        Ok(PlayerSetup {
            force: self.non_negative(raw.force.as_ref(), "force")?.unwrap_or(0),
            build_points: self
                .non_negative(raw.build_points.as_ref(), "build_points")?
                .unwrap_or(0),
            hand: raw.hand,
            deck: raw.deck,
            discard: raw.discard,
        })
    }

    /// The value of an optional count or stat, rejecting negative numbers at their line.
    pub(super) fn non_negative(
        &self,
        value: Option<&Spanned<i64>>,
        key: &str,
    ) -> Result<Option<i64>, ScenarioError> {
        match value {
            Some(value) if *value.get_ref() < 0 => Err(self.error(
                &value.span(),
                Some(key),
                format!("`{key}` must not be negative, found {}", value.get_ref()),
            )),
            Some(value) => Ok(Some(*value.get_ref())),
            None => Ok(None),
        }
    }

    /// Checks a type line: arena words joined with `/`, compared without regard to case as the
    /// card database writes them; or, where `played` allows them, a card type of a card played
    /// then discarded (extension: "Battle", "Mission").
    pub(super) fn type_line(
        &self,
        value: &Spanned<String>,
        played: &[&str],
    ) -> Result<(), ScenarioError> {
        if played
            .iter()
            .any(|kind| value.get_ref().trim().eq_ignore_ascii_case(kind))
        {
            return Ok(());
        }
        for word in value.get_ref().split('/') {
            let word = word.trim();
            let known = ["space", "ground", "character"]
                .iter()
                .any(|arena| word.eq_ignore_ascii_case(arena));
            if !known {
                return Err(self.error(
                    &value.span(),
                    Some("type"),
                    format!(
                        "`{word}` is not an arena; a type line is Space, Ground or Character, \
                         several joined with `/` (\"Ground/Character\")"
                    ),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn cards(&self, raw: Vec<Spanned<RawCard>>) -> Result<Vec<CardSpec>, ScenarioError> {
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut cards = Vec::with_capacity(raw.len());
        for card in raw {
            let line = self.line(&card.span());
            let card = card.into_inner();
            let name = card.name.get_ref();
            if name.trim().is_empty() {
                return Err(self.error(
                    &card.name.span(),
                    Some("name"),
                    "a card name must not be empty".to_owned(),
                ));
            }
            if let Some(first) = seen.insert(name.clone(), line) {
                return Err(self.error(
                    &card.name.span(),
                    Some("name"),
                    format!("the card `{name}` is already written at line {first}"),
                ));
            }
            self.type_line(&card.type_, &["Battle", "Mission"])?;
            let stat = |value: &Spanned<i64>, key: &str| {
                self.non_negative(Some(value), key).map(|v| v.unwrap_or(0))
            };
            cards.push(CardSpec {
                cost: stat(&card.cost, "cost")?,
                speed: stat(&card.speed, "speed")?,
                power: stat(&card.power, "power")?,
                health: stat(&card.health, "health")?,
                name: card.name.into_inner(),
                side: card.side,
                type_: card.type_.into_inner(),
                subtypes: card.subtypes,
                unique: card.unique,
                abilities: card.abilities,
                line,
            });
        }
        Ok(cards)
    }

    pub(super) fn units(&self, raw: Vec<Spanned<RawUnit>>) -> Result<Vec<UnitSpec>, ScenarioError> {
        // First pass: declare every id, so that stacks and pilots may name units written later.
        let mut lines: HashMap<String, usize> = HashMap::new();
        for unit in &raw {
            let id = unit.get_ref().id.get_ref();
            if id.trim().is_empty() {
                return Err(self.error(
                    &unit.get_ref().id.span(),
                    Some("id"),
                    "a unit id must not be empty".to_owned(),
                ));
            }
            if let Some(first) = lines.insert(id.clone(), self.line(&unit.span())) {
                return Err(self.error(
                    &unit.get_ref().id.span(),
                    Some("id"),
                    format!("the unit id `{id}` is already used by the unit at line {first}"),
                ));
            }
        }
        self.check_attachments(&raw, &lines)?;
        raw.into_iter().map(|unit| self.unit(unit)).collect()
    }

    /// Checks `stack`, `pilots` and `equipment`: each names another declared unit, each unit
    /// sits in at most one such list, and a unit that sits in one carries no list itself, which
    /// also rules out cycles.
    pub(super) fn check_attachments(
        &self,
        raw: &[Spanned<RawUnit>],
        ids: &HashMap<String, usize>,
    ) -> Result<(), ScenarioError> {
        let mut host_of: HashMap<&str, (&str, &str)> = HashMap::new();
        for unit in raw {
            let unit = unit.get_ref();
            let host = unit.id.get_ref().as_str();
            for (key, list) in [
                ("stack", &unit.stack),
                ("pilots", &unit.pilots),
                ("equipment", &unit.equipment),
            ] {
                for entry in list {
                    let id = entry.get_ref().as_str();
                    if !ids.contains_key(id) {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!(
                                "unit `{host}`: `{key}` names `{id}`, which no [[unit]] declares"
                            ),
                        ));
                    }
                    if id == host {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!("unit `{host}` cannot name itself in its own `{key}`"),
                        ));
                    }
                    if let Some((other_host, other_key)) = host_of.insert(id, (host, key)) {
                        return Err(self.error(
                            &entry.span(),
                            Some(key),
                            format!(
                                "unit `{id}` is already in the `{other_key}` of `{other_host}`; \
                                 a unit can be stacked under, pilot or equip only one unit"
                            ),
                        ));
                    }
                }
            }
        }
        for unit in raw {
            let unit = unit.get_ref();
            let id = unit.id.get_ref().as_str();
            if let Some((host, key)) = host_of.get(id)
                && let Some(first) = unit
                    .stack
                    .first()
                    .or(unit.pilots.first())
                    .or(unit.equipment.first())
            {
                let own = if !unit.stack.is_empty() {
                    "stack"
                } else if !unit.pilots.is_empty() {
                    "pilots"
                } else {
                    "equipment"
                };
                return Err(self.error(
                    &first.span(),
                    Some(own),
                    format!(
                        "unit `{id}` is in the `{key}` of `{host}`, so it is part of that unit \
                         and cannot have its own `{own}`"
                    ),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn unit(&self, unit: Spanned<RawUnit>) -> Result<UnitSpec, ScenarioError> {
        let header = unit.span();
        let line = self.line(&header);
        let raw = unit.into_inner();
        let id = raw.id.get_ref().clone();
        if let Some(card) = &raw.card {
            let well_formed = card
                .get_ref()
                .split_once('/')
                .is_some_and(|(set, name)| !set.trim().is_empty() && !name.trim().is_empty());
            if !well_formed {
                return Err(self.error(
                    &card.span(),
                    Some("card"),
                    format!(
                        "`card` must be a set reference `SET/Name` such as \
                         \"ANH/Luke's X-Wing (A)\", found \"{}\"",
                        card.get_ref()
                    ),
                ));
            }
        }
        if raw.arena == UnitZone::ResourceZone && raw.card.is_none() {
            return Err(self.error(
                &raw.id.span(),
                Some("arena"),
                format!(
                    "unit `{id}` is in the Resource zone, which holds only Resources: give the \
                     Resource card with `card` (such as \"FOR/Rebel Family\")"
                ),
            ));
        }
        if raw.arena == UnitZone::EventZone && raw.card.is_none() {
            return Err(self.error(
                &raw.id.span(),
                Some("arena"),
                format!(
                    "unit `{id}` is in the Event zone, which holds only Events: give the Event \
                     card with `card` (such as \"TAL/Great Schism\")"
                ),
            ));
        }
        if let Some(type_) = &raw.type_ {
            // A Mission written out is built in the build zone; no Battle card is ever a unit.
            let played: &[&str] = if raw.arena == UnitZone::BuildZone {
                &["Mission"]
            } else {
                &[]
            };
            self.type_line(type_, played)?;
        } else if raw.arena == UnitZone::BuildZone && raw.card.is_none() {
            // In an arena the type line defaults to that arena; a build zone says nothing about
            // where the card will be deployed, so the file has to.
            return Err(self.error(
                &raw.id.span(),
                Some("type"),
                format!(
                    "unit `{id}` is in the build zone without `card`, so it must give its type \
                     line with `type` (such as \"Ground\")"
                ),
            ));
        }
        let stats = [
            ("cost", &raw.cost),
            ("speed", &raw.speed),
            ("power", &raw.power),
            ("health", &raw.health),
        ];
        let mut values = [None; 4];
        for ((key, value), slot) in stats.into_iter().zip(values.iter_mut()) {
            *slot = self.non_negative(value.as_ref(), key)?;
            if slot.is_none() && raw.card.is_none() {
                return Err(self.error(
                    &raw.id.span(),
                    Some(key),
                    format!(
                        "unit `{id}` has no `card` to take its stats from, so it must give \
                         `{key}`"
                    ),
                ));
            }
        }
        let [cost, speed, power, health] = values;
        let equipment_card = match &raw.card_type {
            None => false,
            Some(kind) => match kind.get_ref().to_ascii_lowercase().as_str() {
                "unit" => false,
                "equipment" => true,
                other => {
                    return Err(self.error(
                        &kind.span(),
                        Some("card_type"),
                        format!(
                            "unit `{id}`: `card_type` is \"unit\" or \"equipment\", found \"{other}\""
                        ),
                    ));
                }
            },
        };
        Ok(UnitSpec {
            id,
            side: raw.side,
            arena: raw.arena,
            name: raw.name,
            card: raw.card.map(Spanned::into_inner),
            unique: raw.unique,
            type_: raw.type_.map(Spanned::into_inner),
            subtypes: raw.subtypes,
            cost,
            speed,
            power,
            health,
            abilities: raw.abilities,
            damage: raw.damage,
            counters: raw.counters,
            tapped: raw.tapped,
            build_counters: raw.build_counters,
            stack: raw.stack.into_iter().map(Spanned::into_inner).collect(),
            pilots: raw.pilots.into_iter().map(Spanned::into_inner).collect(),
            equipment: raw.equipment.into_iter().map(Spanned::into_inner).collect(),
            equipment_card,
            line,
        })
    }
}
