//! Abilities in play: which ability instances are active on which unit, asking their plugins at
//! hooks and queries, offering activations in POPs, and validating and applying the effects the
//! plugins propose.

use std::collections::HashMap;
use std::sync::Arc;

use swtcg_plugin_api::{
    Ability, ActivationChoice, Delayed, DiceKind, Effect, HookEvent, HookPoint, Pop, Query,
    QueryAnswer, QueryCall, Retarget, Stats,
    text::{PilotRoom, pilot_rooms},
};

use super::cascade::Work;
use super::{EngineError, Flow, Game};
use crate::ability::parse_ability;
use crate::cost::{can_pay, can_pay_as, parse_costs, pay, pay_as};
use crate::decision::{Choice, DecisionKind, PrintedText};
use crate::hooks::{AbilityHost, HookError, PluginId};
use crate::log::Event;
use crate::model::attack::{AttackDie, PendingDamage};
use crate::model::{CardId, CardType, Duration, GameState, Modifier, SavedEffect, Side, UnitId};
use crate::plugins::manifest::{Grants, Instances, Manifest, UseLimit, Zone};
use crate::ruleset::OnPluginError;

/// The largest number one effect may carry (damage, Force, a stat change, counters).
const EFFECT_LIMIT: u32 = 1_000;
/// The most dice one effect may roll.
const DICE_LIMIT: u32 = 100;
/// The most effects one call may propose.
const EFFECTS_PER_CALL: usize = 64;
/// The largest "up to X" an activation may offer; more would only multiply the options.
const AMOUNT_LIMIT: u32 = 20;
/// The most options one `choose` effect may offer.
const OPTIONS_LIMIT: usize = 20;
/// The most abilities one `granted-abilities` answer may grant: every granted instance is asked
/// at every hook, so a plugin granting thousands would slow every game moment down.
const GRANTS_PER_ANSWER: usize = 16;
/// How many levels of grants are followed: a printed ability grants (INSERT), what it grants may
/// grant again (INSERT: Reserves: ...), and so on up to here, so that grants can't loop.
const GRANT_DEPTH: usize = 3;
/// The longest ability text a plugin may grant, and the longest counter kind it may name.
const GRANT_TEXT_LIMIT: usize = 500;
const COUNTER_KIND_LIMIT: usize = 64;
/// The most choices in a row one ability may offer (a `chosen` answer offering another).
const CHOICE_DEPTH_LIMIT: u32 = 8;

/// The costs an offer prints ("Pay 2 Force"), none if it prints none; `Err` says why a cost does
/// not read. The offer was checked when it was made, but the plugin is asked for its offers again
/// when one is played, and its second answer need not be the first.
fn printed_costs(cost: Option<&str>) -> Result<Vec<crate::cost::Cost>, String> {
    cost.map(parse_costs)
        .transpose()
        .map(Option::unwrap_or_default)
}

/// Whether a delayed effect carries a number beyond the limits of an effect.
fn delayed_too_big(d: &Delayed) -> bool {
    match d {
        Delayed::DiceOfDamage { dice, .. } => *dice > DICE_LIMIT,
        Delayed::Damage { amount, .. }
        | Delayed::GainForce { amount }
        | Delayed::GainBuildPoints { amount }
        | Delayed::Draw { cards: amount }
        | Delayed::LoseForce { amount, .. } => *amount > EFFECT_LIMIT,
        Delayed::Stats(c) => [c.speed, c.power, c.health]
            .iter()
            .any(|v| v.unsigned_abs() > EFFECT_LIMIT),
    }
}

/// The texts abilities grant to the units `board` effects name, by unit id (see
/// `Game::granted_to_boarded`).
type Granted = Vec<(u32, Vec<String>)>;

/// One ability instance on a unit, with the plugin that implements it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveAbility {
    pub plugin: PluginId,
    /// The keyword (or card plugin) name, shared with the parse cache's entry.
    pub keyword: Arc<str>,
    pub ability: Ability,
    pub controller: Side,
    /// The card the ability is printed on, for a printed ability of a unit in play (a Pilot's
    /// ability on the unit it pilots names the Pilot card); `None` for a granted one.
    pub card: Option<CardId>,
}

/// A Battle card being played: the card, the costs paid instead of its printed ones when it is
/// played from the discard pile (Meditate), and the addition declared with it (Enhance): the
/// ability instance of the card whose plugin works on cards being played, and its offer.
pub(crate) struct PlayedCard {
    pub card: CardId,
    pub costs: Option<Vec<crate::cost::Cost>>,
    pub addition: Option<(ActiveAbility, u32)>,
}

/// How an addition offer's label says that its effects replace the card's ("... instead")
/// rather than add to them ("Also, ..."): it starts with these words.
pub(crate) const REPLACES: &str = "Instead: ";

/// Whether an addition offer replaces the card's effects (its label starts with [`REPLACES`]).
pub(crate) fn replaces(addition: &swtcg_plugin_api::Activation) -> bool {
    addition
        .label
        .get(..REPLACES.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(REPLACES))
}

/// The offer of a card's play with an addition declared (Enhance, game 9.3 P10): one choice
/// serves both, so "that unit" in the addition is the card's target. An addition without
/// targets takes the card's; one with targets gives them to a card that has none, and narrows
/// the card's own to the units both allow. `None` when no unit fits both, or when the addition
/// offers nothing now (an amount of at most 0).
pub(crate) fn with_addition(
    base: &swtcg_plugin_api::Activation,
    addition: &swtcg_plugin_api::Activation,
) -> Option<swtcg_plugin_api::Activation> {
    if addition.max_amount == Some(0) {
        return None;
    }
    let targets: Vec<u32> = if addition.targets.is_empty() {
        base.targets.clone()
    } else if base.targets.is_empty() {
        addition.targets.clone()
    } else {
        let both: Vec<u32> = base
            .targets
            .iter()
            .copied()
            .filter(|t| addition.targets.contains(t))
            .collect();
        if both.is_empty() {
            return None;
        }
        both
    };
    Some(swtcg_plugin_api::Activation {
        label: format!("{} + {}", base.label, addition.label),
        cost: None,
        targets,
        max_amount: base.max_amount.or(addition.max_amount),
    })
}

/// The player's answer to an activation's offer: which offer, and its target and amount.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Activation {
    pub offer: u32,
    pub target: Option<UnitId>,
    pub amount: Option<u32>,
}

/// What identifies one ability instance of a unit for its use limit: its number among the unit's
/// abilities and its text, so that two identical layered instances are used separately.
fn use_key(a: &ActiveAbility) -> String {
    format!("{}:{}", a.ability.index, a.ability.text)
}

/// A printed text matched to the plugin that implements it, with its parsed form (the unit and
/// number of the instance are filled in per unit).
#[derive(Debug)]
pub(crate) struct Resolved {
    pub plugin: PluginId,
    /// Shared with every instance made from it: building an instance copies no keyword.
    pub keyword: Arc<str>,
    pub ability: Ability,
}

/// The printed abilities each card resolves to, in printed order (`None` where no loaded plugin
/// implements the text).
type CardAbilities = Arc<[Option<Arc<Resolved>>]>;

/// The printed texts already matched to a plugin (or to none), so that each text is parsed once,
/// and the same by card, so that finding a unit's abilities hashes no text. Shared, so that a
/// look-up copies no strings.
#[derive(Default)]
pub(crate) struct ParseCache {
    /// By the card type slot of `type_slot`: the same text can be a unit's ability and a
    /// Mission's effect, claimed by different card plugins.
    texts: [HashMap<String, Option<Arc<Resolved>>>; 5],
    /// By `CardId`: the definition the abilities were resolved from (a card whose definition
    /// was replaced is resolved again), its abilities and what their plugins subscribe to.
    cards: Vec<Option<(Arc<crate::model::CardDef>, CardAbilities, Subscriptions)>>,
}

/// What the plugins of one card's abilities may be called for: the hooks they subscribe to, the
/// queries they answer (one bit each), and whether any grants abilities. A unit none of whose
/// cards may be called for a hook or query, and that has no granted abilities, has no instance
/// for it: finding that out from these bits spares every hook the look at each ability.
#[derive(Debug, Clone, Copy, Default)]
struct Subscriptions {
    hooks: u64,
    queries: u64,
    grants: bool,
}

// One bit per hook point and per query.
const _: () = assert!(HookPoint::ALL.len() <= 64 && Query::ALL.len() <= 64);

impl Subscriptions {
    fn of(host: &dyn AbilityHost, abilities: &[Option<Arc<Resolved>>]) -> Self {
        let mut subscriptions = Subscriptions::default();
        for resolved in abilities.iter().flatten() {
            let manifest = host.manifest(resolved.plugin);
            for &hook in &manifest.hooks {
                subscriptions.hooks |= 1 << hook.index();
            }
            for &query in &manifest.queries {
                subscriptions.queries |= 1 << query as u32;
            }
            subscriptions.grants |= grants(manifest);
        }
        subscriptions
    }

    /// Whether an instance of these abilities may be wanted, or grant one that is.
    fn may_give(self, wanted: Wanted) -> bool {
        self.grants
            || match wanted {
                Wanted::All => true,
                Wanted::Hook(hook) => self.hooks & (1 << hook.index()) != 0,
                Wanted::Query(query) => self.queries & (1 << query as u32) != 0,
            }
    }
}

impl ParseCache {
    /// A card's resolved abilities if they are cached for its current definition (lent, not
    /// shared: every hook looks up each card of each unit in play, and counting a reference
    /// up and down is an atomic operation each time).
    fn cached(&self, state: &GameState, card: CardId) -> Option<&CardAbilities> {
        let def = &state.cards.get(card.0 as usize)?.def;
        match self.cards.get(card.0 as usize) {
            Some(Some((cached, abilities, _))) if Arc::ptr_eq(cached, def) => Some(abilities),
            _ => None,
        }
    }

    /// What a card's abilities may be called for, if they are cached for its definition.
    fn subscriptions(&self, state: &GameState, card: CardId) -> Option<Subscriptions> {
        let def = &state.cards.get(card.0 as usize)?.def;
        match self.cards.get(card.0 as usize) {
            Some(Some((cached, _, subscriptions))) if Arc::ptr_eq(cached, def) => {
                Some(*subscriptions)
            }
            _ => None,
        }
    }

    /// The resolved abilities of a card's printed texts.
    fn card(
        &mut self,
        host: &mut dyn AbilityHost,
        state: &GameState,
        card: CardId,
    ) -> CardAbilities {
        if let Some(abilities) = self.cached(state, card) {
            return abilities.clone();
        }
        let def = &state.cards[card.0 as usize].def;
        let slot = card.0 as usize;
        let abilities: CardAbilities = def
            .abilities
            .iter()
            .map(|text| resolve(&mut self.texts, host, state, text, def.card_type))
            .collect();
        if self.cards.len() <= slot {
            self.cards.resize(slot + 1, None);
        }
        let subscriptions = Subscriptions::of(host, &abilities);
        self.cards[slot] = Some((def.clone(), abilities.clone(), subscriptions));
        abilities
    }
}

/// Which ability instances a caller wants. The others still count in the numbering of a unit's
/// abilities, but are not built, so that a hook or query touches only its own plugins' instances.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Wanted {
    All,
    /// Instances of plugins subscribed to a hook.
    Hook(HookPoint),
    /// Instances of plugins that answer a query.
    Query(Query),
}

impl Wanted {
    fn accepts(self, manifest: &Manifest) -> bool {
        match self {
            Wanted::All => true,
            Wanted::Hook(hook) => manifest.hooks.contains(&hook),
            Wanted::Query(query) => manifest.queries.contains(&query),
        }
    }
}

/// When activations are offered: in a POP (`activations`), or in a player's build step
/// (API 1.3 `build-activations`: Equip).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moment {
    Pop(Pop),
    BuildStep(Side),
}

impl Moment {
    /// The query that asks for the offers of this moment.
    fn query(self) -> Query {
        match self {
            Moment::Pop(_) => Query::Activations,
            Moment::BuildStep(_) => Query::BuildActivations,
        }
    }

    /// The call that asks an ability for its offers at this moment.
    fn offers(self, event: HookEvent) -> QueryCall {
        match self {
            Moment::Pop(pop) => QueryCall::Activations { pop, event },
            Moment::BuildStep(_) => QueryCall::BuildActivations { event },
        }
    }
}

/// How a card whose ability is visited is attached to the unit, if it is not in its stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Attached {
    No,
    Pilot,
    Equipment,
}

/// The decision options of one activation offer: one per target it allows (or one without a
/// target) and per amount from its "up to X" down to 1 (or one without an amount).
pub(crate) fn offer_choices(
    activation: &swtcg_plugin_api::Activation,
    choice: impl Fn(Option<UnitId>, Option<u32>) -> Choice,
) -> Vec<Choice> {
    let targets: Vec<Option<UnitId>> = if activation.targets.is_empty() {
        vec![None]
    } else {
        activation
            .targets
            .iter()
            .map(|&t| Some(UnitId(t)))
            .collect()
    };
    let amounts: Vec<Option<u32>> = match activation.max_amount {
        Some(max) => (1..=max.min(AMOUNT_LIMIT)).rev().map(Some).collect(),
        None => vec![None],
    };
    let mut options = Vec::with_capacity(targets.len() * amounts.len());
    for &target in &targets {
        for &amount in &amounts {
            options.push(choice(target, amount));
        }
    }
    options
}

/// Which of `ParseCache::texts` holds the texts of a card type: units (and Subordinates),
/// Battle cards, Missions, Equipment, and the types no card plugin reads.
fn type_slot(card_type: CardType) -> usize {
    match card_type {
        CardType::Unit | CardType::Subordinate => 0,
        CardType::Battle => 1,
        CardType::Mission => 2,
        CardType::Equipment => 3,
        _ => 4,
    }
}

/// The plugin and parsed form of a printed ability of a card of `card_type`, if a loaded plugin
/// implements it; parsed once per text, card type and game.
fn resolve(
    caches: &mut [HashMap<String, Option<Arc<Resolved>>>; 5],
    host: &mut dyn AbilityHost,
    state: &GameState,
    text: &str,
    card_type: CardType,
) -> Option<Arc<Resolved>> {
    let cache = &mut caches[type_slot(card_type)];
    if let Some(hit) = cache.get(text) {
        return hit.clone();
    }
    let names = host.keyword_names();
    let parsed = parse_ability(text, &names);
    let keyword_hit = parsed
        .keyword
        .as_deref()
        .and_then(|k| host.plugin_for(k))
        .filter(|&plugin| parsed.fits(host.manifest(plugin).parameter))
        // A keyword that names the card types it works on (Equip: Equipment) does nothing on
        // another card.
        .filter(|&plugin| {
            let manifest = host.manifest(plugin);
            manifest.card_types.is_empty() || manifest.reads_card_type(card_type)
        })
        .map(|plugin| Resolved {
            plugin,
            keyword: parsed.keyword.as_deref().unwrap_or_default().into(),
            ability: Ability {
                unit: 0,
                index: 0,
                text: parsed.text.clone(),
                parameter: parsed.parameter.clone(),
                cost: parsed.cost.clone(),
                under: false,
            },
        })
        // A plugin may say it can't carry out this text (an effect it can't read): the ability
        // then does nothing, as card text with no plugin.
        .filter(|r| {
            !host
                .manifest(r.plugin)
                .queries
                .contains(&Query::Understands)
                || understands(host, state, r.plugin, &r.ability)
        });
    // Text no keyword plugin carries out goes to the card plugins: the first that claims it
    // implements it, the whole text being its parameter.
    let hit = keyword_hit
        .or_else(|| {
            card_plugin_for(host, state, text, card_type).map(|(plugin, ability)| Resolved {
                plugin,
                keyword: host.manifest(plugin).name.as_str().into(),
                ability,
            })
        })
        .map(Arc::new);
    cache.insert(text.to_string(), hit.clone());
    hit
}

/// The first card plugin reading `card_type` whose `understands` claims a printed text, with the
/// ability it is asked about: the whole text is its parameter.
pub(crate) fn card_plugin_for(
    host: &mut dyn AbilityHost,
    state: &GameState,
    text: &str,
    card_type: CardType,
) -> Option<(PluginId, Ability)> {
    let ability = Ability {
        unit: 0,
        index: 0,
        text: text.trim().to_string(),
        parameter: text.trim().to_string(),
        cost: None,
        under: false,
    };
    let readers: Vec<PluginId> = host
        .card_plugins()
        .into_iter()
        .filter(|&plugin| host.manifest(plugin).reads_card_type(card_type))
        .collect();
    readers
        .into_iter()
        .find(|&plugin| understands(host, state, plugin, &ability))
        .map(|plugin| (plugin, ability))
}

/// Whether a plugin's `understands` says it can carry out an ability.
fn understands(
    host: &mut dyn AbilityHost,
    state: &GameState,
    plugin: PluginId,
    ability: &Ability,
) -> bool {
    matches!(
        host.query(plugin, ability, &QueryCall::Understands, state),
        Ok(QueryAnswer::Flag(true))
    )
}

impl Resolved {
    /// The instance of this ability on `unit`, numbered `index` among its abilities.
    pub(crate) fn instance(
        &self,
        unit: UnitId,
        index: u32,
        under: bool,
        controller: Side,
    ) -> ActiveAbility {
        ActiveAbility {
            plugin: self.plugin,
            keyword: self.keyword.clone(),
            ability: Ability {
                unit: unit.0,
                index,
                under,
                ..self.ability.clone()
            },
            controller,
            card: None,
        }
    }
}

/// One unit's instances with those of each keyword whose manifest says `instances = "add-up"`
/// added up (game 13.2.2, cumulative: "numeric values of all instances add up (Accuracy 1 +
/// Accuracy 2 = Accuracy 3)"): the first instance stands for all, with the sum as its X, so that
/// a triggered or chosen use (Damage Control, Area Damage, Avenge) happens once with the total
/// rather than once per instance. Instances with a cost, or whose X is not a plain number, stay
/// separate: each is its own use.
///
/// Works in place on the instances from `start` on, keeping their order: the dispatch of every
/// hook goes through here once per unit, and most units have nothing to add up, so that case
/// allocates nothing.
fn add_up_cumulative(host: &dyn AbilityHost, active: &mut Vec<ActiveAbility>, start: usize) {
    // One instance has nothing to add up with (most units at most hooks).
    if active.len() < start + 2 {
        return;
    }
    let mut first = start;
    while first < active.len() {
        let Some(x) = cumulative_x(host, &active[first]) else {
            first += 1;
            continue;
        };
        let mut sum = i64::from(x);
        let plugin = active[first].plugin;
        let mut merged = false;
        let mut later = first + 1;
        while later < active.len() {
            match cumulative_x(host, &active[later]) {
                Some(x) if active[later].plugin == plugin => {
                    sum = sum.saturating_add(i64::from(x));
                    merged = true;
                    active.remove(later);
                }
                _ => later += 1,
            }
        }
        if merged {
            let instance = &mut active[first];
            let ability = &mut instance.ability;
            let x = sum
                .clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                .to_string();
            ability.text = match ability.text.strip_suffix(ability.parameter.as_str()) {
                Some(head) if !ability.parameter.is_empty() => format!("{head}{x}"),
                _ => format!("{} {x}", instance.keyword),
            };
            ability.parameter = x;
        }
        first += 1;
    }
}

/// X of an instance that adds up with the others of its keyword: the manifest asks for it, the
/// ability has no cost and X is a plain number.
fn cumulative_x(host: &dyn AbilityHost, instance: &ActiveAbility) -> Option<i32> {
    let manifest = host.manifest(instance.plugin);
    if instance.ability.cost.is_some() || manifest.instances != Instances::AddUp {
        return None;
    }
    instance.ability.parameter.trim().parse::<i32>().ok()
}

/// Puts one active instance where it is wanted: among the instances whose grants are asked next
/// (`granting`, if its plugin answers `granted-abilities`) and among the instances asked for
/// (`active`, if `wanted` accepts its plugin).
fn sort_instance(
    manifest: &Manifest,
    instance: ActiveAbility,
    wanted: Wanted,
    granting: &mut Vec<ActiveAbility>,
    active: &mut Vec<ActiveAbility>,
) {
    let wanted = wanted.accepts(manifest);
    if grants(manifest) {
        if wanted {
            granting.push(instance.clone());
        } else {
            granting.push(instance);
            return;
        }
    }
    if wanted {
        active.push(instance);
    }
}

/// Whether a plugin's instances may grant abilities (they are asked `granted-abilities`).
fn grants(manifest: &Manifest) -> bool {
    manifest.queries.contains(&Query::GrantedAbilities)
}

/// Whether a plugin's keyword (or an alias) is among the keywords a unit lost.
fn is_lost(manifest: &Manifest, lost: &[String]) -> bool {
    !lost.is_empty()
        && manifest
            .names()
            .any(|name| lost.iter().any(|l| l.eq_ignore_ascii_case(name)))
}

fn duration_of(d: swtcg_plugin_api::Duration) -> Duration {
    use swtcg_plugin_api::Duration as D;
    match d {
        D::ThisAttack => Duration::ThisAttack,
        D::NextAttack => Duration::NextAttack,
        D::EndOfBattle => Duration::EndOfBattle,
        D::EndOfTurn => Duration::EndOfTurn,
        D::EndOfGame => Duration::EndOfGame,
    }
}

/// One thing a player resolves at a hook, in the order they choose (game 13.4.3): an ability
/// that triggered, or an effect saved for this moment (a Bounty's, at the start of the build
/// step, game 6.2.1).
enum Resolving {
    Triggered(ActiveAbility, Vec<Effect>),
    Saved(SavedEffect),
}

impl Resolving {
    /// How the player names it when ordering: the ability and its unit.
    fn choice(&self) -> Choice {
        match self {
            Resolving::Triggered(a, _) => Choice::Trigger {
                unit: UnitId(a.ability.unit),
                text: a.ability.text.clone(),
            },
            Resolving::Saved(s) => Choice::Trigger {
                unit: s.unit,
                text: s.text.clone(),
            },
        }
    }
}

impl Game<'_> {
    /// The plugin and parsed form of an ability a unit has (printed or granted), if a loaded
    /// plugin implements it.
    pub(crate) fn resolve_text(&mut self, text: &str) -> Option<Arc<Resolved>> {
        resolve(
            &mut self.parse_cache.texts,
            &mut *self.host,
            &self.state,
            text,
            CardType::Unit,
        )
    }

    /// The plugin and parsed form of ability number `text` printed on `card`.
    pub(crate) fn resolve_text_of(&mut self, card: CardId, text: usize) -> Option<Arc<Resolved>> {
        self.parse_cache
            .card(&mut *self.host, &self.state, card)
            .get(text)
            .cloned()
            .flatten()
    }

    /// The active ability instances of a unit (game 4.3, 3.6.2, 13.7): the top card's abilities
    /// in an arena; in the build zone only those whose plugin works there; cards under the top
    /// only for plugins that work from a stack; plus the abilities granted by active ones.
    pub(crate) fn abilities_of(&mut self, unit: UnitId) -> Flow<Vec<ActiveAbility>> {
        self.abilities_where(unit, Wanted::All)
    }

    /// The active ability instances of a unit that `wanted` accepts, numbered among all of the
    /// unit's active abilities as `abilities_of` numbers them.
    pub(crate) fn abilities_where(
        &mut self,
        unit: UnitId,
        wanted: Wanted,
    ) -> Flow<Vec<ActiveAbility>> {
        let mut active = Vec::new();
        self.collect_abilities(unit, wanted, &mut active)?;
        Ok(active)
    }

    /// Adds the instances `abilities_where` returns to `active`, the instances of a cumulative
    /// keyword added up into one (game 13.2.2).
    fn collect_abilities(
        &mut self,
        unit: UnitId,
        wanted: Wanted,
        active: &mut Vec<ActiveAbility>,
    ) -> Flow {
        let start = active.len();
        self.collect_instances(unit, wanted, active)?;
        add_up_cumulative(&*self.host, active, start);
        Ok(())
    }

    /// Adds the unit's instances, one per printed or granted ability, to `active`.
    fn collect_instances(
        &mut self,
        unit: UnitId,
        wanted: Wanted,
        active: &mut Vec<ActiveAbility>,
    ) -> Flow {
        // A unit that has left play keeps its last abilities for effects that outlive it.
        let Some(u) = self
            .state
            .unit(unit)
            .or_else(|| self.state.departed.get(&unit))
        else {
            return Ok(());
        };
        // Most units have nothing a given hook or query wants: their cards' subscriptions say
        // so without looking at each ability (a card not resolved yet is looked at).
        if u.granted.is_empty()
            && u.cards
                .iter()
                .chain(&u.pilots)
                .chain(&u.equipment)
                .all(|&card| {
                    self.parse_cache
                        .subscriptions(&self.state, card)
                        .is_some_and(|s| !s.may_give(wanted))
                })
        {
            return Ok(());
        }
        let in_arena = u.in_arena().is_some();
        let controller = u.controller;
        let lost = u.lost_keywords.clone();
        let state = &self.state;
        let cache = &mut self.parse_cache;
        // First every printed text is resolved (which may ask plugins' `understands`), then the
        // instances are built from the cache.
        let granted: Vec<Arc<Resolved>> = {
            let host: &mut dyn AbilityHost = &mut *self.host;
            for &card in u.cards.iter().chain(&u.pilots).chain(&u.equipment) {
                if cache.cached(state, card).is_none() {
                    cache.card(host, state, card);
                }
            }
            // Abilities effects gave the unit work like its own (game 13.1.4 durations).
            if u.granted.is_empty() {
                Vec::new()
            } else {
                u.granted
                    .iter()
                    .filter_map(|(text, _)| {
                        resolve(&mut cache.texts, host, state, text, CardType::Unit)
                    })
                    .collect()
            }
        };
        let host: &dyn AbilityHost = &*self.host;
        let mut index: u32 = 0;
        let mut granting: Vec<ActiveAbility> = Vec::new();
        // Each printed ability with whether it is printed under the top card, and whether on a
        // Pilot card piloting the unit or on an Equipment attached to it.
        let mut visit =
            |resolved: &Arc<Resolved>, card: Option<CardId>, under: bool, attached: Attached| {
                let manifest = host.manifest(resolved.plugin);
                // "Loses Precision": the unit's instances of a lost keyword do nothing.
                if is_lost(manifest, &lost) {
                    return;
                }
                let zones = &manifest.zones;
                let zone_ok = in_arena || zones.contains(&Zone::BuildZone);
                if !zone_ok
                    || (under && !zones.contains(&Zone::Stack))
                    || (attached == Attached::Pilot && !zones.contains(&Zone::Pilot))
                    || (attached == Attached::Equipment && !zones.contains(&Zone::Equipped))
                {
                    return;
                }
                // The instance is built (its strings copied) only where it is wanted.
                if wanted.accepts(manifest) || grants(manifest) {
                    let mut instance = resolved.instance(unit, index, under, controller);
                    instance.card = card;
                    sort_instance(manifest, instance, wanted, &mut granting, active);
                }
                index += 1;
            };
        for (position, &card) in u.cards.iter().enumerate() {
            for resolved in cache
                .cached(state, card)
                .iter()
                .flat_map(|a| a.iter().flatten())
            {
                visit(resolved, Some(card), position > 0, Attached::No);
            }
        }
        for &card in &u.pilots {
            for resolved in cache
                .cached(state, card)
                .iter()
                .flat_map(|a| a.iter().flatten())
            {
                visit(resolved, Some(card), false, Attached::Pilot);
            }
        }
        // Equipment texts ("Equipped Starfighter gets +2 power") work on the unit they equip
        // (game 16.2), for plugins whose manifest lists the zone `equipped`.
        for &card in &u.equipment {
            for resolved in cache
                .cached(state, card)
                .iter()
                .flat_map(|a| a.iter().flatten())
            {
                visit(resolved, Some(card), false, Attached::Equipment);
            }
        }
        for resolved in &granted {
            visit(resolved, None, false, Attached::No);
        }
        // Granted abilities (Switch, INSERT, Reserves). A granted ability may grant in turn
        // ("INSERT: Reserves: ..."), up to `GRANT_DEPTH` levels, so that a grant can't loop.
        let mut level = 0;
        while !granting.is_empty() && level < GRANT_DEPTH {
            level += 1;
            let mut next = Vec::new();
            for source in std::mem::take(&mut granting) {
                let QueryAnswer::Abilities(texts) =
                    self.ask(&source, QueryCall::GrantedAbilities)?
                else {
                    continue;
                };
                if texts.len() > GRANTS_PER_ANSWER
                    || texts.iter().any(|t| t.len() > GRANT_TEXT_LIMIT)
                {
                    let error = HookError {
                        plugin: self.plugin_label(source.plugin),
                        hook: Query::GrantedAbilities.name().to_string(),
                        reason: format!(
                            "granted {} abilities; an answer may grant at most \
                             {GRANTS_PER_ANSWER}, each at most {GRANT_TEXT_LIMIT} bytes long",
                            texts.len()
                        ),
                    };
                    self.plugin_failed(error)?;
                    continue;
                }
                // Reserves' grants work in the build zone whatever their keyword ("works while,
                // and only while, the card is in the build zone").
                let source_grants = self.host.manifest(source.plugin).grants;
                for text in texts {
                    let Some(resolved) = self.resolve_text(&text) else {
                        continue;
                    };
                    let manifest = self.host.manifest(resolved.plugin);
                    // Otherwise a granted ability works in the build zone only if its own
                    // keyword does (INSERT: "as per the rule for that effect").
                    if !in_arena
                        && !manifest.zones.contains(&Zone::BuildZone)
                        && source_grants != Grants::InBuildZone
                    {
                        continue;
                    }
                    if is_lost(manifest, &lost) {
                        continue;
                    }
                    if wanted.accepts(manifest) || grants(manifest) {
                        let instance = resolved.instance(unit, index, false, controller);
                        sort_instance(manifest, instance, wanted, &mut next, active);
                    }
                    index += 1;
                }
            }
            granting = next;
        }
        Ok(())
    }

    /// Every active ability instance in play that `wanted` accepts: the Dark Side's first
    /// (game 13.4.3), each side's units in id order.
    fn all_abilities(&mut self, wanted: Wanted) -> Flow<Vec<ActiveAbility>> {
        let mut all = Vec::new();
        self.collect_all_abilities(wanted, &mut all)?;
        Ok(all)
    }

    /// Adds every active ability instance in play that `wanted` accepts to `all`, in the order
    /// of `all_abilities`.
    fn collect_all_abilities(&mut self, wanted: Wanted, all: &mut Vec<ActiveAbility>) -> Flow {
        // The ids are copied into a list the game keeps, because every hook comes through here
        // and the list would otherwise be allocated each time. A call nested in another (none
        // is now) would find it empty and allocate its own.
        let mut ids = std::mem::take(&mut self.unit_order);
        ids.clear();
        ids.extend(self.state.units.values().map(|u| (u.controller, u.id)));
        ids.sort_unstable();
        let mut result = Ok(());
        for &(_, id) in &ids {
            result = self.collect_abilities(id, wanted, all);
            if result.is_err() {
                break;
            }
        }
        self.unit_order = ids;
        result
    }

    /// A failed plugin call: the ruleset decides whether the game stops (with the log saved) or
    /// goes on without that call's effects.
    pub(crate) fn plugin_failed(&mut self, error: HookError) -> Flow {
        self.event(Event::PluginError {
            message: error.to_string(),
        });
        match self.state.ruleset.on_plugin_error {
            OnPluginError::Stop => Err(EngineError::Hook(error).into()),
            OnPluginError::Skip => Ok(()),
        }
    }

    /// Calls every subscribed ability instance at a hook and applies what each proposes.
    pub(crate) fn dispatch_hook(&mut self, hook: HookPoint, event: &HookEvent) -> Flow {
        // The instances go into a list the game keeps between hooks (taken here, so that a hook
        // reached while this one resolves uses a list of its own).
        let mut candidates = std::mem::take(&mut self.hook_instances);
        candidates.clear();
        self.collect_all_abilities(Wanted::Hook(hook), &mut candidates)?;
        if hook == HookPoint::UnitDiscarded {
            // Units that left play keep their last abilities for this moment: the discarded
            // unit itself (Last Stand) and a departed source of the damage being resolved
            // (Bounty "even if the attacking unit leaves play").
            let gone = [
                event.unit.map(UnitId),
                self.state.damage.last().and_then(|d| d.source),
            ];
            for id in gone.into_iter().flatten() {
                if self.state.unit(id).is_none()
                    && !candidates.iter().any(|a| a.ability.unit == id.0)
                {
                    candidates.extend(self.abilities_where(id, Wanted::Hook(hook))?);
                }
            }
            // Stable: the Dark Side's first (game 13.4.3), each side's order kept.
            candidates.sort_by_key(|a| a.controller);
        } else if matches!(
            hook,
            HookPoint::DamagePlaced | HookPoint::Pop(Pop::DamagePlacement)
        ) {
            // The source of the damage being placed keeps its last abilities too: deflected
            // damage is placed before the damage it came from (keywords.md Deflect: all of it
            // is applied together), so a source it discarded still damaged its target (Stun).
            let source = self.state.damage.last().and_then(|d| d.source);
            if let Some(id) = source
                && self.state.unit(id).is_none()
                && !candidates.iter().any(|a| a.ability.unit == id.0)
            {
                candidates.extend(self.abilities_where(id, Wanted::Hook(hook))?);
            }
        }
        // The instances asked, kept in place at the front of the candidates' list.
        let mut kept = 0;
        for at in 0..candidates.len() {
            let a = &candidates[at];
            let manifest = self.host.manifest(a.plugin);
            if !manifest.hooks.contains(&hook) {
                continue;
            }
            // Game 13.2.1: an isolated keyword acts once per unit however many instances it has.
            if candidates[..kept]
                .iter()
                .any(|b| b.plugin == a.plugin && b.ability.unit == a.ability.unit)
                && manifest.class.iter().any(|c| c == "isolated")
            {
                continue;
            }
            candidates.swap(kept, at);
            kept += 1;
        }
        candidates.truncate(kept);
        let mut instances = candidates;
        // Every instance is asked at the same moment (game 13.4.1); what triggered then resolves
        // even if its conditions stop being true (13.4.2), the Dark Side's first, each player
        // choosing the order of their own (13.4.3).
        let mut triggered: Vec<(ActiveAbility, Vec<Effect>)> = Vec::new();
        for instance in &instances {
            match self
                .host
                .call_hook(instance.plugin, hook, &instance.ability, event, &self.state)
            {
                Ok(effects) if !effects.is_empty() => triggered.push((instance.clone(), effects)),
                Ok(_) => {}
                Err(error) => self.plugin_failed(error)?,
            }
        }
        instances.clear();
        self.hook_instances = instances;
        // Game 6.2.1: the effects saved for this build step (Bounty) are start-of-step events
        // too, which the player orders with the triggered ones (Upkeep, Damage Control); they
        // come first unless the player picks otherwise.
        let saved = match hook {
            HookPoint::BuildStepStart => Side::BOTH
                .into_iter()
                .filter(|&s| event.side == Some(s as u8))
                .flat_map(|s| self.take_build_step_start_effects(s))
                .collect(),
            _ => Vec::new(),
        };
        // Most hooks trigger nothing: nothing to order or resolve.
        if triggered.is_empty() && saved.is_empty() {
            return Ok(());
        }
        for side in Side::BOTH {
            let mut mine: Vec<Resolving> = saved
                .iter()
                .filter(|s| s.side == side)
                .cloned()
                .map(Resolving::Saved)
                .chain(
                    triggered
                        .iter()
                        .filter(|(a, _)| a.controller == side)
                        .cloned()
                        .map(|(a, effects)| Resolving::Triggered(a, effects)),
                )
                .collect();
            while !mine.is_empty() {
                let next = if mine.len() == 1 {
                    0
                } else {
                    let options = mine.iter().map(Resolving::choice).collect();
                    let chosen =
                        self.decide(side, DecisionKind::OrderTriggers { hook }, options)?;
                    mine.iter().position(|r| r.choice() == chosen).unwrap_or(0)
                };
                match mine.remove(next) {
                    Resolving::Triggered(instance, effects) => {
                        self.apply_effects(&instance, hook.name(), effects)?
                    }
                    Resolving::Saved(saved) => self.run_delayed(saved.side, saved.delayed)?,
                }
            }
        }
        Ok(())
    }

    /// Asks one ability instance a query. A failed query counts as a plugin failure and answers
    /// "no change" when the ruleset lets the game go on.
    pub(crate) fn ask(&mut self, instance: &ActiveAbility, call: QueryCall) -> Flow<QueryAnswer> {
        // Offers in a POP are made to a player, who decides without secret attack dice
        // (Cunning): the plugin computes them from what that player sees (host `dice-hidden`).
        // What an offer does when played (`activate`) is worked out on the whole game.
        let seen = match call {
            QueryCall::Activations { .. } => super::seen_by(&self.state, instance.controller),
            _ => std::borrow::Cow::Borrowed(&self.state),
        };
        match self
            .host
            .query(instance.plugin, &instance.ability, &call, &seen)
        {
            Ok(answer) => Ok(answer),
            Err(error) => {
                self.plugin_failed(error)?;
                Ok(QueryAnswer::Effects(Vec::new()))
            }
        }
    }

    /// The instances of a unit whose plugin answers `query`.
    pub(crate) fn answering(&mut self, unit: UnitId, query: Query) -> Flow<Vec<ActiveAbility>> {
        let all = self.abilities_where(unit, Wanted::Query(query))?;
        let mut answering: Vec<ActiveAbility> = Vec::new();
        for a in all {
            let manifest = self.host.manifest(a.plugin);
            if !manifest.queries.contains(&query) {
                continue;
            }
            // Game 13.2.1: an isolated keyword counts once however many instances a unit has.
            let isolated = manifest.class.iter().any(|c| c == "isolated");
            if isolated && answering.iter().any(|b| b.plugin == a.plugin) {
                continue;
            }
            answering.push(a);
        }
        Ok(answering)
    }

    /// The other arenas the unit's abilities let it attack, with the keyword's X there.
    pub(crate) fn attack_arenas(&mut self, unit: UnitId) -> Flow<Vec<(crate::model::Arena, i32)>> {
        let mut arenas = Vec::new();
        for a in self.answering(unit, Query::AttackArenas)? {
            if let QueryAnswer::Arenas(list) = self.ask(&a, QueryCall::AttackArenas)? {
                for (arena, power) in list {
                    let arena = match arena {
                        0 => crate::model::Arena::Space,
                        1 => crate::model::Arena::Ground,
                        _ => crate::model::Arena::Character,
                    };
                    arenas.push((arena, power));
                }
            }
        }
        Ok(arenas)
    }

    /// Sum of Accuracy-like modifiers of the attacker's abilities (cumulative, game 13.2.2).
    pub(crate) fn attack_die_modifier(&mut self, attacker: UnitId, defender: UnitId) -> Flow<i32> {
        let mut total: i32 = 0;
        for a in self.answering(attacker, Query::AttackDieModifier)? {
            if let QueryAnswer::Number(n) = self.ask(
                &a,
                QueryCall::AttackDieModifier {
                    attacker: attacker.0,
                    defender: defender.0,
                },
            )? {
                total = total.saturating_add(n);
            }
        }
        Ok(total)
    }

    /// Whether `attacker` rolls its attack dice secretly (Cunning): any of its abilities says so.
    pub(crate) fn secret_roll(&mut self, attacker: UnitId) -> Flow<bool> {
        for a in self.answering(attacker, Query::SecretRoll)? {
            if self.ask(&a, QueryCall::SecretRoll)? == QueryAnswer::Flag(true) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The value a die must reach to hit `target`: the ruleset's, or the highest a keyword of
    /// the target asks for (Armor).
    pub(crate) fn hit_threshold(&mut self, target: UnitId, kind: DiceKind) -> Flow<u8> {
        let mut threshold = self.state.ruleset.hit_threshold;
        for a in self.answering(target, Query::HitThreshold)? {
            if let QueryAnswer::Threshold(Some(t)) =
                self.ask(&a, QueryCall::HitThreshold { kind })?
            {
                threshold = threshold.max(t);
            }
        }
        Ok(threshold)
    }

    /// Whether `attacker` may choose `defender`: "can't" beats "can" (game 1.1.3).
    pub(crate) fn can_be_attacked(&mut self, attacker: UnitId, defender: UnitId) -> Flow<bool> {
        for a in self.answering(defender, Query::CanBeAttacked)? {
            if self.ask(
                &a,
                QueryCall::CanBeAttacked {
                    attacker: attacker.0,
                },
            )? == QueryAnswer::Flag(false)
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the attack of `attacker` may be retargeted in this way (Precision).
    pub(crate) fn can_be_retargeted(&mut self, attacker: UnitId, by: Retarget) -> Flow<bool> {
        for a in self.answering(attacker, Query::CanBeRetargeted)? {
            if self.ask(&a, QueryCall::CanBeRetargeted { by })? == QueryAnswer::Flag(false) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Power changes of the defender's abilities against this attacker (Shields).
    pub(crate) fn power_against(&mut self, attacker: UnitId, defender: UnitId) -> Flow<i32> {
        let mut total: i32 = 0;
        for a in self.answering(defender, Query::PowerAgainst)? {
            if let QueryAnswer::Number(n) = self.ask(
                &a,
                QueryCall::PowerAgainst {
                    attacker: attacker.0,
                },
            )? {
                total = total.saturating_add(n);
            }
        }
        Ok(total)
    }

    /// Whether damage from `source` to `target` may be prevented (game 14.2): the abilities of
    /// both units are asked; one allowing it (Fortitude on the target) beats one forbidding it
    /// (Ferocity on the source).
    pub(crate) fn damage_preventable(
        &mut self,
        source: Option<UnitId>,
        target: UnitId,
    ) -> Flow<bool> {
        let Some(source) = source else {
            return Ok(true);
        };
        let mut asked = self.answering(source, Query::DamagePreventable)?;
        if target != source {
            asked.extend(self.answering(target, Query::DamagePreventable)?);
        }
        let mut forbidden = false;
        for a in asked {
            match self.ask(
                &a,
                QueryCall::DamagePreventable {
                    source: source.0,
                    target: target.0,
                },
            )? {
                QueryAnswer::MaybeFlag(Some(true)) => return Ok(true),
                QueryAnswer::MaybeFlag(Some(false)) => forbidden = true,
                _ => {}
            }
        }
        Ok(!forbidden)
    }

    /// Recomputes the keywords abilities make units lose ("Each of your opponent's units loses
    /// Precision"), so that ability lists stay a pure function of the state. The abilities that
    /// remove keywords are read with the losses of the previous check.
    pub(crate) fn refresh_lost_keywords(&mut self) -> Flow {
        if !self.any_answers(Query::RemovedKeywords) {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        let mut lost: Vec<Vec<String>> = vec![Vec::new(); ids.len()];
        for &source in &ids {
            for a in self.answering(source, Query::RemovedKeywords)? {
                for (i, &unit) in ids.iter().enumerate() {
                    let call = QueryCall::RemovedKeywords { unit: unit.0 };
                    if let QueryAnswer::Abilities(names) = self.ask(&a, call)? {
                        lost[i].extend(names.into_iter().take(AMOUNT_LIMIT as usize));
                    }
                }
            }
        }
        for (id, mut names) in ids.into_iter().zip(lost) {
            names.sort();
            names.dedup();
            if let Some(unit) = self.state.unit_mut(id) {
                unit.lost_keywords = names;
            }
        }
        Ok(())
    }

    /// Recomputes the static stat changes keywords give each unit (Intimidation, Inspiration...)
    /// so that total stats stay a pure function of the state.
    pub(crate) fn refresh_static_stats(&mut self) -> Flow {
        let own = self.any_answers(Query::StatModifier);
        let others = self.any_answers(Query::StatModifierFor);
        if !own && !others {
            return Ok(());
        }
        let ids: Vec<UnitId> = self.state.units.keys().copied().collect();
        let mut sums = vec![Stats::default(); ids.len()];
        let add = |sum: &mut Stats, s: Stats| {
            sum.speed = sum.speed.saturating_add(s.speed);
            sum.power = sum.power.saturating_add(s.power);
            sum.health = sum.health.saturating_add(s.health);
        };
        for (i, &id) in ids.iter().enumerate() {
            if own {
                for a in self.answering(id, Query::StatModifier)? {
                    if let QueryAnswer::Stats(s) = self.ask(&a, QueryCall::StatModifier)? {
                        add(&mut sums[i], s);
                    }
                }
            }
            // Abilities that change other units' stats (Inspiration) are asked about every
            // other unit in play.
            if others {
                for a in self.answering(id, Query::StatModifierFor)? {
                    for (j, &other) in ids.iter().enumerate() {
                        if other == id {
                            continue;
                        }
                        let call = QueryCall::StatModifierFor { unit: other.0 };
                        if let QueryAnswer::Stats(s) = self.ask(&a, call)? {
                            add(&mut sums[j], s);
                        }
                    }
                }
            }
        }
        for (id, sum) in ids.into_iter().zip(sums) {
            if let Some(unit) = self.state.unit_mut(id) {
                unit.static_bonus = [sum.speed, sum.power, sum.health];
            }
        }
        Ok(())
    }

    /// Whether any loaded plugin answers a query at all (a quick way past static checks).
    pub(crate) fn any_answers(&self, query: Query) -> bool {
        self.host.any_answers(query)
    }

    /// The activations `side` may play in this POP, as decision options (game 9.2, 13.6).
    pub(crate) fn activation_options(&mut self, side: Side, pop: Pop) -> Flow<Vec<Choice>> {
        self.offered_activations(side, Moment::Pop(pop))
    }

    /// The activations `side` may play now in their build step (game 7.1: "pay Equip costs"),
    /// as build actions: the API 1.3 `build-activations` offers.
    pub(crate) fn build_activation_options(&mut self, side: Side) -> Flow<Vec<Choice>> {
        self.offered_activations(side, Moment::BuildStep(side))
    }

    /// The activations of `side`'s abilities offered at `moment` whose cost they can pay.
    fn offered_activations(&mut self, side: Side, moment: Moment) -> Flow<Vec<Choice>> {
        let mut options = Vec::new();
        let query = moment.query();
        // Once a step's activations are used up (and one more was refused), nothing is offered:
        // a player skipping failures would otherwise be offered the same ability forever.
        if !self.any_answers(query) || !self.activations_left() {
            return Ok(options);
        }
        let event = self.moment_event(moment);
        let instances: Vec<ActiveAbility> = self
            .all_abilities(Wanted::Query(query))?
            .into_iter()
            .filter(|a| {
                // In a POP a plugin is asked only if its manifest names that POP.
                a.controller == side
                    && match moment {
                        Moment::Pop(pop) => self.host.manifest(a.plugin).offers_activations_in(pop),
                        Moment::BuildStep(_) => true,
                    }
            })
            .collect();
        // The build actions offered so far that a card's abilities would do: its card, cost
        // and effects.
        let mut offered: Vec<(CardId, Option<String>, Vec<Effect>)> = Vec::new();
        for a in instances {
            if self.used_up(&a) {
                continue;
            }
            let QueryAnswer::Activations(offers) = self.ask(&a, moment.offers(event.clone()))?
            else {
                continue;
            };
            let unit = UnitId(a.ability.unit);
            for (offer, activation) in offers.iter().enumerate() {
                // An offer the controller can't pay for is not legal (game 13.1.1).
                let costs = match activation.cost.as_deref().map(parse_costs).transpose() {
                    Ok(costs) => costs.unwrap_or_default(),
                    Err(_) => continue,
                };
                if !can_pay(&self.state, unit, &costs) {
                    continue;
                }
                let choices = offer_choices(activation, |target, amount| Choice::Activate {
                    unit,
                    ability: a.ability.index,
                    keyword: a.keyword.to_string(),
                    offer: offer as u32,
                    target,
                    amount,
                    text: PrintedText(a.ability.text.clone()),
                });
                for choice in choices {
                    // A build action is offered only if what it would do is valid now (a Pilot
                    // boarding a full unit or moving twice in one step, game 12.2, 12.4): the
                    // plugin can't see every rule the host checks, and a refused action would
                    // stop the game.
                    if matches!(moment, Moment::BuildStep(_)) {
                        let Some(effects) =
                            self.valid_effects(&a, offer as u32, &choice, &event)?
                        else {
                            continue;
                        };
                        // Two abilities of one card that would do the same thing for the same
                        // cost are one action, offered once: "Several Pilot abilities of one
                        // card for the same subtype count as one" (game 12.3), so a Pilot card
                        // with two of them boards a unit, or moves off it, by one offer.
                        if let Some(card) = a.card
                            && !effects.is_empty()
                        {
                            let action = (card, activation.cost.clone(), effects);
                            if offered.contains(&action) {
                                continue;
                            }
                            offered.push(action);
                        }
                    }
                    options.push(choice);
                }
            }
        }
        Ok(options)
    }

    /// The effects the plugin would propose for `choice`, if they are all valid now (`None`
    /// otherwise): `activate` is asked without paying anything (plugin calls are pure). A call
    /// that fails is left for the activation itself to report: it counts as valid, with no
    /// effects known.
    fn valid_effects(
        &mut self,
        instance: &ActiveAbility,
        offer: u32,
        choice: &Choice,
        event: &HookEvent,
    ) -> Flow<Option<Vec<Effect>>> {
        let Choice::Activate { target, amount, .. } = choice else {
            return Ok(Some(Vec::new()));
        };
        let call = QueryCall::Activate {
            index: offer,
            choice: ActivationChoice {
                target: target.map(|t| t.0),
                amount: *amount,
            },
            event: event.clone(),
        };
        match self
            .host
            .query(instance.plugin, &instance.ability, &call, &self.state)
        {
            Ok(QueryAnswer::Effects(effects)) => {
                let granted = self.granted_to_boarded(&effects)?;
                let valid = effects
                    .iter()
                    .all(|e| self.validate(instance, e, &granted).is_ok());
                Ok(valid.then_some(effects))
            }
            _ => Ok(Some(Vec::new())),
        }
    }

    /// The period an activation's use limit counts in (game 13.6).
    fn use_period(&self, limit: UseLimit) -> Option<u64> {
        match limit {
            UseLimit::Attack => Some(self.state.attacks_declared),
            // The innermost damage instance being resolved: damage done inside it (Area Damage,
            // Deflect) starts instances of its own without renewing this one's uses.
            UseLimit::DamageInstance => Some(
                self.state
                    .damage
                    .last()
                    .map_or(self.state.damage_instances, |d| d.id),
            ),
            UseLimit::Turn => Some(self.state.turn as u64),
            UseLimit::None => None,
        }
    }

    fn used_up(&self, a: &ActiveAbility) -> bool {
        let Some(period) = self.use_period(self.host.manifest(a.plugin).limit) else {
            return false;
        };
        let key = use_key(a);
        self.state
            .used
            .iter()
            .any(|(unit, used, p)| *unit == UnitId(a.ability.unit) && *used == key && *p == period)
    }

    /// The event of the offers at `moment`: in a build step it names the player whose step it is.
    fn moment_event(&self, moment: Moment) -> HookEvent {
        match moment {
            Moment::Pop(_) => self.hook_event(),
            Moment::BuildStep(side) => HookEvent {
                side: Some(side as u8),
                ..self.hook_event()
            },
        }
    }

    /// Plays an activation the player chose: pays its cost, then asks the plugin for its effects
    /// and applies them (game 13.3).
    pub(crate) fn play_activation(&mut self, pop: Pop, choice: &Choice) -> Flow {
        self.play_activation_at(Moment::Pop(pop), choice)
    }

    /// Plays a build-step activation the player chose as a build action (Equip).
    pub(crate) fn play_build_activation(&mut self, side: Side, choice: &Choice) -> Flow {
        self.play_activation_at(Moment::BuildStep(side), choice)
    }

    fn play_activation_at(&mut self, moment: Moment, choice: &Choice) -> Flow {
        let Choice::Activate {
            unit,
            ability,
            offer,
            target,
            amount,
            ..
        } = choice
        else {
            return Ok(());
        };
        let Some(instance) = self
            .abilities_of(*unit)?
            .into_iter()
            .find(|a| a.ability.index == *ability)
        else {
            return Ok(());
        };
        let played = Activation {
            offer: *offer,
            target: *target,
            amount: *amount,
        };
        self.activate(moment, &instance, None, played)
    }

    /// Runs offer `played.offer` of an activated ability: of a unit's ability, or of a Battle
    /// card in hand (`card`; game 13.1.1: "Battle cards use the same arrow"), which is
    /// discarded once it resolved. The cost is paid first; a failed or invalid answer puts the
    /// game back as it was, cost included.
    pub(crate) fn activate(
        &mut self,
        moment: Moment,
        instance: &ActiveAbility,
        played_card: Option<PlayedCard>,
        played: Activation,
    ) -> Flow {
        let card = played_card.as_ref().map(|p| p.card);
        let unit = UnitId(instance.ability.unit);
        let side = instance.controller;
        let event = match card {
            // A card played from hand: the event names the player who plays it.
            Some(_) => HookEvent {
                side: Some(side as u8),
                ..self.hook_event()
            },
            None => self.moment_event(moment),
        };
        // A plugin is asked only in the POPs its manifest names, so it has nothing to play
        // in the others.
        if let Moment::Pop(pop) = moment
            && !self
                .host
                .manifest(instance.plugin)
                .offers_activations_in(pop)
        {
            return Ok(());
        }
        let QueryAnswer::Activations(offers) = self.ask(instance, moment.offers(event.clone()))?
        else {
            return Ok(());
        };
        let Some(activation) = offers.get(played.offer as usize) else {
            return Ok(());
        };
        let meditated = played_card.as_ref().is_some_and(|p| p.costs.is_some());
        let (route_costs, addition) = match played_card {
            Some(p) => (p.costs, p.addition),
            None => (None, None),
        };
        let mut costs = match route_costs {
            Some(costs) => costs,
            None => match printed_costs(activation.cost.as_deref()) {
                Ok(costs) => costs,
                Err(reason) => return self.unreadable_offer(instance, moment, reason),
            },
        };
        // An addition (Enhance) is declared with the play and its cost paid after the card's,
        // before any effect resolves (game 9.3 P10); it must still be offered and fit the
        // player's target.
        let addition = match addition {
            Some((extra, offer)) => {
                let QueryAnswer::Activations(offers) =
                    self.ask(&extra, moment.offers(event.clone()))?
                else {
                    return Ok(());
                };
                let Some(extra_offer) = offers.get(offer as usize) else {
                    return Ok(());
                };
                let Some(both) = with_addition(activation, extra_offer) else {
                    return Ok(());
                };
                if played
                    .target
                    .is_some_and(|t| !both.targets.is_empty() && !both.targets.contains(&t.0))
                {
                    return Ok(());
                }
                match printed_costs(extra_offer.cost.as_deref()) {
                    Ok(extra_costs) => costs.extend(extra_costs),
                    Err(reason) => return self.unreadable_offer(&extra, moment, reason),
                }
                Some((extra, offer, replaces(extra_offer), both.max_amount))
            }
            None => None,
        };
        let payer = card.is_none().then_some(unit);
        if !can_pay_as(&self.state, side, payer, &costs) {
            return Ok(());
        }
        // A free ability with no use limit could be played forever (by an AI, too).
        if let Err(reason) = self.charge(Work::Activation) {
            let error = HookError {
                plugin: self.plugin_label(instance.plugin),
                hook: "activate".into(),
                reason,
            };
            return self.plugin_failed(error);
        }
        // The state before the cost is paid: a failed or invalid activation leaves the game as
        // it was, cost included.
        let before = self.state.clone();
        let log_len = self.log.entries.len();
        pay_as(&mut self.state, side, payer, &costs);
        // OQ-K7: a unit discarded as a cost leaves play before its ability resolves; the plugin
        // decides, by the ruleset's flag, whether it still counts as where it was.
        if card.is_none()
            && costs
                .iter()
                .any(|c| matches!(c, crate::cost::Cost::DiscardThis(_)))
        {
            self.discard_unit(unit)?;
        }
        if card.is_none()
            && let Some(period) = self.use_period(self.host.manifest(instance.plugin).limit)
        {
            self.state.used.push((unit, use_key(instance), period));
        }
        match card {
            Some(card) => self.event(Event::CardPlayed {
                side,
                card,
                name: self.state.def(card).name.clone(),
            }),
            None => self.event(Event::Activated {
                unit,
                text: instance.ability.text.clone(),
            }),
        }
        let max_amount = match &addition {
            Some((_, _, _, both)) => *both,
            None => activation.max_amount,
        };
        let choice = ActivationChoice {
            target: played.target.map(|t| t.0),
            amount: played.amount,
        };
        // Every call is asked and checked before any effect applies: the card's and its
        // addition's effects resolve all or none (an addition that replaces the card's effects,
        // "... instead", leaves the card's own unasked).
        let mut calls: Vec<(&ActiveAbility, u32)> = Vec::new();
        if !addition
            .as_ref()
            .is_some_and(|(_, _, replaces, _)| *replaces)
        {
            calls.push((instance, played.offer));
        }
        if let Some((extra, offer, _, _)) = &addition {
            calls.push((extra, *offer));
        }
        let mut answers = Vec::with_capacity(calls.len());
        for (source, index) in calls {
            let call = QueryCall::Activate {
                index,
                choice,
                event: event.clone(),
            };
            match self.activate_effects(source, &call, played.amount.or(max_amount))? {
                Ok(effects) => answers.push((source, effects)),
                Err(error) => return self.undo_activation(before, log_len, error),
            }
        }
        for (source, effects) in answers {
            self.apply_effects(source, "activate", effects)?;
        }
        if let Some(card) = card {
            // Game 7.4: Battle cards are played, then discarded.
            self.discard_played(side, card, meditated);
        }
        Ok(())
    }

    /// An offer being played whose cost, as the plugin now answers, does not read: the plugin's
    /// failure at the query that made the offer, before anything is paid.
    fn unreadable_offer(
        &mut self,
        instance: &ActiveAbility,
        moment: Moment,
        reason: String,
    ) -> Flow {
        let error = HookError {
            plugin: self.plugin_label(instance.plugin),
            hook: moment.query().name().into(),
            reason: format!("an offer being played has a cost that does not read: {reason}"),
        };
        self.plugin_failed(error)
    }

    /// The effects one `activate` call proposes, checked: an "up to X" activation can't do more
    /// than the amount `chosen`, and every effect must be valid now.
    fn activate_effects(
        &mut self,
        instance: &ActiveAbility,
        call: &QueryCall,
        chosen: Option<u32>,
    ) -> Flow<Result<Vec<Effect>, HookError>> {
        let label = self.plugin_label(instance.plugin);
        let failure = |reason: String| HookError {
            plugin: label.clone(),
            hook: "activate".into(),
            reason,
        };
        let effects = match self
            .host
            .query(instance.plugin, &instance.ability, call, &self.state)
        {
            Ok(QueryAnswer::Effects(effects)) => effects,
            Ok(other) => return Ok(Err(failure(format!("answered activate with {other:?}")))),
            Err(error) => return Ok(Err(error)),
        };
        if let Some(effect) = effects.iter().find(
            |e| matches!(e, Effect::Prevent { amount: n, .. } if chosen.is_some_and(|c| *n > c)),
        ) {
            return Ok(Err(failure(format!(
                "proposed {effect:?}, more than the amount chosen ({chosen:?})"
            ))));
        }
        let granted = self.granted_to_boarded(&effects)?;
        if let Some((effect, reason)) = effects
            .iter()
            .find_map(|e| self.validate(instance, e, &granted).err().map(|r| (e, r)))
        {
            return Ok(Err(failure(format!("invalid effect {effect:?}: {reason}"))));
        }
        Ok(Ok(effects))
    }

    /// Puts the game back as it was before a failed activation, then reports the failure.
    fn undo_activation(
        &mut self,
        before: crate::model::GameState,
        log_len: usize,
        error: HookError,
    ) -> Flow {
        self.state = before;
        self.log.entries.truncate(log_len);
        self.plugin_failed(error)
    }

    fn plugin_label(&self, plugin: PluginId) -> String {
        let m = self.host.manifest(plugin);
        format!("{}@{}", m.id, m.version)
    }

    /// The texts abilities grant now to each unit a `board` effect among `effects` names (a
    /// Pilot's "The Starfighter gets *This unit can have up to 2 Pilots", game 12.4), which
    /// `validate` reads with the unit's printed texts: the texts of its active instances that
    /// are printed on no card, less those effects gave it (`Unit::granted`, read already).
    fn granted_to_boarded(&mut self, effects: &[Effect]) -> Flow<Granted> {
        let mut granted = Vec::new();
        for effect in effects {
            let Effect::Board { onto } = effect else {
                continue;
            };
            let unit = UnitId(*onto);
            let Some(mut by_effects) = self.state.unit(unit).map(|u| u.granted.clone()) else {
                continue;
            };
            let mut texts = Vec::new();
            for a in self.abilities_of(unit)? {
                if a.card.is_some() {
                    continue;
                }
                match by_effects.iter().position(|(t, _)| *t == a.ability.text) {
                    Some(i) => {
                        by_effects.remove(i);
                    }
                    None => texts.push(a.ability.text),
                }
            }
            granted.push((*onto, texts));
        }
        Ok(granted)
    }

    /// Checks one proposed effect against the rules; the reason is reported with the plugin.
    /// `granted` holds what `granted_to_boarded` found for these effects.
    fn validate(
        &self,
        source: &ActiveAbility,
        effect: &Effect,
        granted: &Granted,
    ) -> Result<(), String> {
        // Numbers beyond any card's reach are refused before they can overflow a pool.
        let too_big = match effect {
            Effect::Stats(c) => [c.speed, c.power, c.health]
                .iter()
                .any(|v| v.unsigned_abs() > EFFECT_LIMIT),
            Effect::Prevent { amount, .. }
            | Effect::AddPending { amount, .. }
            | Effect::Damage { amount, .. }
            | Effect::GainForce { amount } => *amount > EFFECT_LIMIT,
            Effect::DiceOfDamage { dice, .. } | Effect::ExtraAttackDice { dice } => {
                *dice > DICE_LIMIT
            }
            Effect::Counters { amount, .. } => amount.unsigned_abs() > EFFECT_LIMIT,
            Effect::AtAttackEnd(Delayed::DiceOfDamage { dice, .. }) => *dice > DICE_LIMIT,
            Effect::AtAttackEnd(Delayed::Damage { amount, .. }) => *amount > EFFECT_LIMIT,
            Effect::AtAttackEnd(d) | Effect::AtBuildStepStart(d) => delayed_too_big(d),
            Effect::Draw { cards: amount, .. }
            | Effect::GainBuildPoints { amount }
            | Effect::LoseForce { amount, .. } => *amount > EFFECT_LIMIT,
            Effect::Note { value, .. } => value.unsigned_abs() > EFFECT_LIMIT,
            _ => false,
        };
        if too_big {
            return Err(format!(
                "a number beyond the limits of an effect ({EFFECT_LIMIT}, or {DICE_LIMIT} dice)"
            ));
        }
        // Strings a plugin puts into the game are shown to players and kept in logs: no control
        // or hiding character may reach them (docs/security.md, "No control of the terminal").
        let hidden = |text: &str| {
            text.chars()
                .any(|c| c.is_control() || crate::text::is_hiding_format(c))
        };
        // Matched in place, so that validating an effect without text allocates nothing.
        let has_hidden = match effect {
            Effect::Note { key: text, .. }
            | Effect::Counters { kind: text, .. }
            | Effect::Grant { text, .. } => hidden(text),
            Effect::Choose { options: texts, .. } | Effect::PayOneOf { costs: texts } => {
                texts.iter().any(|t| hidden(t))
            }
            _ => false,
        };
        if has_hidden {
            return Err("a text with a control or invisible formatting character".into());
        }
        let exists = |id: u32| self.state.unit(UnitId(id)).is_some();
        let damage = self.state.damage.last();
        let attack = self.state.attack.as_ref();
        match effect {
            Effect::Stats(change) if !exists(change.unit) => {
                Err(format!("unit {} does not exist", change.unit))
            }
            Effect::Prevent { unit, .. } | Effect::AddPending { unit, .. } => match damage {
                None => Err("no damage is being resolved".into()),
                Some(d)
                    if !d.pending.iter().any(|p| p.target.0 == *unit)
                        && matches!(effect, Effect::Prevent { .. }) =>
                {
                    Err(format!("no damage is pending on unit {unit}"))
                }
                Some(_) if !exists(*unit) => Err(format!("unit {unit} does not exist")),
                Some(_) => Ok(()),
            },
            Effect::DiceOfDamage { target, .. } | Effect::Damage { target, .. }
                if !exists(*target) =>
            {
                Err(format!("unit {target} does not exist"))
            }
            Effect::ChangeDefender { unit } if attack.is_none() => {
                Err(format!("no attack to give defender {unit}"))
            }
            Effect::ChangeDefender { unit } if !exists(*unit) => {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::OfferSplit { hits } => match attack {
                None => Err("no attack whose hits could be split".into()),
                Some(a) if *hits > a.hits => Err(format!(
                    "can't split {hits} hits of an attack with {}",
                    a.hits
                )),
                Some(_) => Ok(()),
            },
            Effect::ExtraAttackDice { .. } | Effect::AtAttackEnd(_) if attack.is_none() => {
                Err("no attack in progress".into())
            }
            Effect::Tap { unit } | Effect::Untap { unit } | Effect::Counters { unit, .. }
                if !exists(*unit) =>
            {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::Counters { kind, .. }
                if kind.trim().is_empty() || kind.len() > COUNTER_KIND_LIMIT =>
            {
                Err(format!(
                    "a counter kind must have 1 to {COUNTER_KIND_LIMIT} characters (this one has {})",
                    kind.len()
                ))
            }
            Effect::Counters { unit, kind, amount } => {
                let have = self
                    .state
                    .unit(UnitId(*unit))
                    .and_then(|u| u.counters.get(kind))
                    .copied()
                    .unwrap_or(0) as i64;
                if have + (*amount as i64) < 0 {
                    Err(format!("unit {unit} has only {have} {kind} counters"))
                } else {
                    Ok(())
                }
            }
            Effect::PayOneOf { costs } => costs.iter().try_for_each(|c| parse_costs(c).map(drop)),
            Effect::Reroll { dice } => match attack {
                None => Err("no attack whose dice could be re-rolled".into()),
                Some(a) if a.counted => Err("the hits are already counted".into()),
                Some(a) if dice.iter().any(|&i| i as usize >= a.dice.len()) => {
                    Err(format!("the attack has only {} dice", a.dice.len()))
                }
                Some(_) => {
                    let mut sorted = dice.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    if sorted.len() == dice.len() {
                        Ok(())
                    } else {
                        Err("a die is named twice".into())
                    }
                }
            },
            Effect::DiceModifier { amount } => match attack {
                None => Err("no attack whose dice could change".into()),
                Some(a) if a.counted => Err("the hits are already counted".into()),
                Some(_) if amount.unsigned_abs() > DICE_LIMIT => {
                    Err(format!("a dice modifier beyond {DICE_LIMIT}"))
                }
                Some(_) => Ok(()),
            },
            Effect::MoveUnit { unit, zone } => match self.state.unit(UnitId(*unit)) {
                None => Err(format!("unit {unit} does not exist")),
                Some(u) if !u.built => Err(format!("unit {unit} is being built")),
                // Only units go to arenas: an Equipment's subtype arenas name where it may be
                // equipped, not where it may stand (game 16.2).
                Some(u) if !self.state.top_def(u).is_unit() && *zone != 3 => {
                    Err(format!("card {unit} in the build zone is not a unit"))
                }
                Some(u) => match zone {
                    3 => Ok(()),
                    0..=2
                        if self
                            .state
                            .top_def(u)
                            .arenas
                            .iter()
                            .any(|&a| a as u8 == *zone) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!(
                        "unit {unit} can't go to zone {zone}: not an arena of its type line"
                    )),
                },
            },
            Effect::PlaceDamage { unit, amount } | Effect::RemoveDamage { unit, amount }
                if !exists(*unit) || *amount > EFFECT_LIMIT =>
            {
                Err(format!(
                    "unit {unit} does not exist, or {amount} is beyond the limit"
                ))
            }
            Effect::Grant { unit, text, .. } if !exists(*unit) => {
                Err(format!("unit {unit} does not exist"))
            }
            Effect::Grant { text, .. }
                if text.trim().is_empty() || text.len() > GRANT_TEXT_LIMIT =>
            {
                Err("a granted ability must be printed text of at most 500 characters".into())
            }
            Effect::Draw { side, .. }
            | Effect::LoseForce { side, .. }
            | Effect::AtAttackEnd(Delayed::LoseForce { side, .. })
            | Effect::AtBuildStepStart(Delayed::LoseForce { side, .. })
                if *side > 1 =>
            {
                Err(format!(
                    "no player {side} (0 is the Dark Side, 1 the Light Side)"
                ))
            }
            Effect::Choose { options, .. }
                if options.is_empty()
                    || options.len() > OPTIONS_LIMIT
                    || options.iter().any(|o| o.trim().is_empty() || o.len() > 200) =>
            {
                Err(format!(
                    "a choice needs 1 to {OPTIONS_LIMIT} options of printed text (at most 200 characters each)"
                ))
            }
            Effect::Note { unit, key, .. } => {
                if !exists(*unit) {
                    Err(format!("unit {unit} does not exist"))
                } else if key.is_empty() || key.len() > 64 {
                    Err("a note's key must have 1 to 64 characters".into())
                } else {
                    Ok(())
                }
            }
            Effect::AttackAgain { .. } if attack.is_none() => {
                Err("another attack can only be asked for during an attack".into())
            }
            // Counted with the extra attacks already asked for: an attack that asks for
            // another at every declaration would never end.
            Effect::AttackAgain { .. } if self.attacks_left() == 0 => Err(format!(
                "another attack would be more than the {} of one battle step (the ruleset's \
                 limits.attacks_per_step): an endless cascade",
                self.state.ruleset.limits.attacks_per_step
            )),
            Effect::AttackAgain {
                attacker, defender, ..
            } => match (self.state.unit(UnitId(*attacker)), exists(*defender)) {
                (Some(u), true) if u.in_arena().is_some() => Ok(()),
                _ => Err(format!(
                    "unit {attacker} can't attack unit {defender}: one is not in an arena"
                )),
            },
            Effect::PutBeneath { unit, from } => {
                let card = self.state.departed.get(&UnitId(*from)).map(|u| u.top());
                match card {
                    _ if !exists(*unit) => Err(format!("unit {unit} does not exist")),
                    Some(card)
                        if self
                            .state
                            .player(self.state.owner(card))
                            .discard
                            .contains(&card) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!(
                        "unit {from} was not discarded, or its top card left the discard pile"
                    )),
                }
            }
            Effect::Attach { equipment, to } => self.check_attach(source, *equipment, *to),
            Effect::Board { onto } => {
                let texts = granted
                    .iter()
                    .find(|(unit, _)| unit == onto)
                    .map_or(&[][..], |(_, texts)| &texts[..]);
                self.check_board(source, *onto, texts)
            }
            Effect::Disembark { from } => self.check_disembark(source, *from),
            _ => Ok(()),
        }
    }

    /// Validates every effect of one call, then applies them all; one invalid effect discards
    /// the whole call, so the state is never half-changed.
    pub(crate) fn apply_effects(
        &mut self,
        source: &ActiveAbility,
        hook: &str,
        effects: Vec<Effect>,
    ) -> Flow {
        if effects.is_empty() {
            return Ok(());
        }
        if effects.len() > EFFECTS_PER_CALL {
            let error = HookError {
                plugin: self.plugin_label(source.plugin),
                hook: hook.to_string(),
                reason: format!(
                    "proposed {} effects, more than the {EFFECTS_PER_CALL} one call may",
                    effects.len()
                ),
            };
            return self.plugin_failed(error);
        }
        let choices = effects
            .iter()
            .filter(|e| matches!(e, Effect::Choose { .. }))
            .count();
        if choices > 1 {
            let error = HookError {
                plugin: self.plugin_label(source.plugin),
                hook: hook.to_string(),
                reason: format!("proposed {choices} choices; one call may offer one"),
            };
            return self.plugin_failed(error);
        }
        let granted = self.granted_to_boarded(&effects)?;
        if let Some((effect, reason)) = effects
            .iter()
            .find_map(|e| self.validate(source, e, &granted).err().map(|r| (e, r)))
        {
            let error = HookError {
                plugin: self.plugin_label(source.plugin),
                hook: hook.to_string(),
                reason: format!("invalid effect {effect:?}: {reason}"),
            };
            return self.plugin_failed(error);
        }
        // The cascade bounds (game/cascade.rs): checked last, so that only effects that would
        // apply are counted, and before anything applies.
        if let Err(reason) = self
            .unit_room(&effects)
            .and_then(|()| self.enter_cascade(effects.len()))
        {
            let error = HookError {
                plugin: self.plugin_label(source.plugin),
                hook: hook.to_string(),
                reason,
            };
            return self.plugin_failed(error);
        }
        let applied = self.apply_valid_effects(source, effects);
        self.cascade.leave();
        applied
    }

    /// Applies a call's effects, all of them valid, then runs the state check.
    fn apply_valid_effects(&mut self, source: &ActiveAbility, effects: Vec<Effect>) -> Flow {
        let mut new_damage = Vec::new();
        for effect in effects {
            match effect {
                Effect::Stats(change) => {
                    if let Some(unit) = self.state.unit_mut(UnitId(change.unit)) {
                        unit.modifiers.push(Modifier {
                            speed: change.speed,
                            power: change.power,
                            health: change.health,
                            duration: duration_of(change.duration),
                        });
                    }
                }
                Effect::Prevent { unit, amount } => {
                    if let Some(p) = self
                        .state
                        .damage
                        .last_mut()
                        .and_then(|d| d.pending.iter_mut().find(|p| p.target.0 == unit))
                    {
                        p.prevented = (p.prevented + amount).min(p.amount);
                    }
                }
                Effect::AddPending { unit, amount } => {
                    if let Some(d) = self.state.damage.last_mut() {
                        match d.pending.iter_mut().find(|p| p.target.0 == unit) {
                            Some(p) => p.amount += amount,
                            None => d.pending.push(PendingDamage {
                                target: UnitId(unit),
                                amount,
                                prevented: 0,
                                from_attack_dice: false,
                                preventable: true,
                            }),
                        }
                    }
                }
                Effect::DiceOfDamage {
                    source,
                    target,
                    dice,
                } => new_damage.push((UnitId(source), UnitId(target), Some(dice), 0)),
                Effect::Damage {
                    source,
                    target,
                    amount,
                } => new_damage.push((UnitId(source), UnitId(target), None, amount)),
                Effect::ChangeDefender { unit } => self.change_defender(source, UnitId(unit))?,
                Effect::OfferSplit { hits } => self.split_hits(hits)?,
                Effect::ExtraAttackDice { dice } => self.extra_attack_dice(dice)?,
                Effect::GainForce { amount } => {
                    let force = &mut self.state.player_mut(source.controller).force;
                    *force = force.saturating_add(amount);
                }
                Effect::Tap { unit } | Effect::Untap { unit } => {
                    let tap = matches!(effect, Effect::Tap { .. });
                    if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                        u.tapped = tap;
                    }
                }
                Effect::Counters { unit, kind, amount } => {
                    if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                        let count = u.counters.entry(kind).or_insert(0);
                        *count = count.saturating_add_signed(amount);
                    }
                }
                Effect::PayOneOf { costs } => {
                    self.pay_one_of(UnitId(source.ability.unit), &costs)?
                }
                Effect::AtAttackEnd(delayed) => {
                    self.state.at_attack_end.push((source.controller, delayed))
                }
                Effect::AtBuildStepStart(delayed) => {
                    self.state.at_build_step_start.push(SavedEffect {
                        side: source.controller,
                        delayed,
                        unit: UnitId(source.ability.unit),
                        text: source.ability.text.clone(),
                    })
                }
                Effect::Draw { side, cards } => {
                    let side = if side == 0 { Side::Dark } else { Side::Light };
                    for _ in 0..cards {
                        self.draw(side)?;
                    }
                }
                Effect::GainBuildPoints { amount } => {
                    let points = &mut self.state.player_mut(source.controller).build_points;
                    *points = points.saturating_add(amount);
                }
                Effect::LoseForce { side, amount } => {
                    let side = if side == 0 { Side::Dark } else { Side::Light };
                    let force = &mut self.state.player_mut(side).force;
                    *force = force.saturating_sub(amount);
                }
                Effect::Choose { options, optional } => {
                    self.offer_choice(source, options, optional)?
                }
                Effect::Note {
                    unit,
                    key,
                    value,
                    duration,
                } => {
                    if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                        u.notes.insert(key, (value, duration_of(duration)));
                    }
                }
                Effect::AttackAgain {
                    attacker,
                    defender,
                    tap,
                } => self
                    .state
                    .attacks_again
                    .push((UnitId(attacker), UnitId(defender), tap)),
                Effect::PutBeneath { unit, from } => self.put_beneath(UnitId(unit), UnitId(from)),
                Effect::Attach { equipment, to } => self.attach(UnitId(equipment), UnitId(to)),
                Effect::Board { onto } => self.board(source, UnitId(onto)),
                Effect::Disembark { from } => self.disembark(source, UnitId(from)),
                Effect::Reroll { dice } => {
                    for index in dice {
                        self.reroll_attack_die(index as usize)?;
                    }
                }
                Effect::DiceModifier { amount } => {
                    if let Some(attack) = self.state.attack.as_mut() {
                        for die in &mut attack.dice {
                            die.modifier = die.modifier.saturating_add(amount);
                        }
                    }
                }
                Effect::MoveUnit { unit, zone } => self.move_unit(UnitId(unit), zone)?,
                Effect::PlaceDamage { unit, amount } => {
                    // Game 11.5: counters, not damage: no prevention, no damage hooks.
                    if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                        u.damage = u.damage.saturating_add(amount);
                    }
                }
                Effect::RemoveDamage { unit, amount } => {
                    self.remove_damage(UnitId(unit), amount)?
                }
                Effect::Grant {
                    unit,
                    text,
                    duration,
                } => {
                    if let Some(u) = self.state.unit_mut(UnitId(unit)) {
                        u.granted.push((text, duration_of(duration)));
                    }
                }
            }
        }
        for (source, target, dice, amount) in new_damage {
            match dice {
                Some(dice) => {
                    self.dice_of_damage(Some(source), target, dice)?;
                }
                None => self.resolve_damage(
                    Some(source),
                    vec![PendingDamage {
                        target,
                        amount,
                        prevented: 0,
                        from_attack_dice: false,
                        preventable: true,
                    }],
                )?,
            }
        }
        self.state_check()
    }

    /// Runs the effects saved for the end of the attack (Retaliate...), in the order they were
    /// activated, even if their source has left play (game 10.10).
    pub(crate) fn run_attack_end_effects(&mut self) -> Flow {
        // Effects saved while these resolve run too, in the same attack end.
        while !self.state.at_attack_end.is_empty() {
            for (side, delayed) in std::mem::take(&mut self.state.at_attack_end) {
                self.run_delayed(side, delayed)?;
            }
        }
        Ok(())
    }

    /// Takes the effects saved for `side`'s build step (Bounty), in the order they were made;
    /// they run even if their source has left play.
    pub(crate) fn take_build_step_start_effects(&mut self, side: Side) -> Vec<SavedEffect> {
        let (mine, others): (Vec<_>, Vec<_>) = std::mem::take(&mut self.state.at_build_step_start)
            .into_iter()
            .partition(|s| s.side == side);
        self.state.at_build_step_start = others;
        mine
    }

    /// One delayed effect, for the player whose ability made it.
    fn run_delayed(&mut self, side: Side, delayed: Delayed) -> Flow {
        match delayed {
            Delayed::DiceOfDamage {
                source,
                target,
                dice,
            } => {
                if self.state.unit(UnitId(target)).is_some() {
                    self.dice_of_damage(Some(UnitId(source)), UnitId(target), dice)?;
                }
            }
            Delayed::Damage {
                source,
                target,
                amount,
            } => {
                let pending = vec![PendingDamage {
                    target: UnitId(target),
                    amount,
                    prevented: 0,
                    from_attack_dice: false,
                    preventable: true,
                }];
                self.resolve_damage(Some(UnitId(source)), pending)?;
            }
            Delayed::Stats(change) => {
                if let Some(unit) = self.state.unit_mut(UnitId(change.unit)) {
                    unit.modifiers.push(Modifier {
                        speed: change.speed,
                        power: change.power,
                        health: change.health,
                        duration: duration_of(change.duration),
                    });
                }
            }
            Delayed::GainForce { amount } => {
                let force = &mut self.state.player_mut(side).force;
                *force = force.saturating_add(amount);
            }
            Delayed::GainBuildPoints { amount } => {
                let points = &mut self.state.player_mut(side).build_points;
                *points = points.saturating_add(amount);
            }
            Delayed::Draw { cards } => {
                for _ in 0..cards {
                    self.draw(side)?;
                }
            }
            Delayed::LoseForce { side, amount } => {
                let side = if side == 0 { Side::Dark } else { Side::Light };
                let force = &mut self.state.player_mut(side).force;
                *force = force.saturating_sub(amount);
            }
        }
        Ok(())
    }

    /// API 1.1 `choose`: the ability's controller picks an option (or declines an optional
    /// offer), and the plugin's `chosen` answers with the effects of that option.
    fn offer_choice(
        &mut self,
        source: &ActiveAbility,
        options: Vec<String>,
        optional: bool,
    ) -> Flow {
        // A plugin whose every answer offers another choice would never end.
        if self.choice_depth >= CHOICE_DEPTH_LIMIT {
            let error = HookError {
                plugin: self.plugin_label(source.plugin),
                hook: "chosen".into(),
                reason: format!("offered more than {CHOICE_DEPTH_LIMIT} choices in a row"),
            };
            return self.plugin_failed(error);
        }
        let mut choices: Vec<Choice> = Vec::with_capacity(options.len() + 1);
        if optional {
            choices.push(Choice::Pass);
        }
        // The answer of `chosen` for each option is known before the player picks (plugin
        // calls are pure), so an option whose effects the rules forbid is never offered: the
        // player can't choose it, and the decision stays open for the legal ones.
        let mut answers: Vec<Option<Vec<Effect>>> = Vec::with_capacity(options.len());
        for (i, text) in options.into_iter().enumerate() {
            let answer = self.chosen_answer(source, i as u32)?;
            if let Some(effects) = &answer
                && !self.choice_allowed(effects)?
            {
                answers.push(None);
                continue;
            }
            answers.push(answer);
            choices.push(Choice::Option {
                index: i as u32 + 1,
                text,
            });
        }
        if choices.is_empty() {
            return Ok(());
        }
        let unit = UnitId(source.ability.unit);
        let picked = self.decide(
            source.controller,
            DecisionKind::ChooseOption { unit },
            choices,
        )?;
        let Choice::Option { index, .. } = picked else {
            return Ok(());
        };
        let known = answers.get_mut(index as usize - 1).and_then(Option::take);
        let effects = match known {
            Some(effects) => effects,
            // A call that failed when asked ahead is asked again, so that its error is
            // reported as the ruleset says.
            None => match self.ask(source, QueryCall::Chosen { index: index - 1 })? {
                QueryAnswer::Effects(effects) => effects,
                _ => return Ok(()),
            },
        };
        self.choice_depth += 1;
        let applied = self.apply_effects(source, "chosen", effects);
        self.choice_depth -= 1;
        applied
    }

    /// The effects `chosen` answers for option `index`, asked ahead of the player's pick; `None`
    /// when the call fails (it is asked again, and its error reported, only if picked).
    fn chosen_answer(&mut self, source: &ActiveAbility, index: u32) -> Flow<Option<Vec<Effect>>> {
        let answer = self.host.query(
            source.plugin,
            &source.ability,
            &QueryCall::Chosen { index },
            &self.state,
        );
        Ok(match answer {
            Ok(QueryAnswer::Effects(effects)) => Some(effects),
            _ => None,
        })
    }

    /// Whether the rules allow what a player's choice would do: each attack it asks for must
    /// be at a defender the attacker may choose (game 10.1.1: not a Stealth unit that is
    /// untapped and undamaged, not a "can't be attacked" unit, only the arenas it may attack).
    /// The attacker's own tapped state is not asked: an extra attack is made by a unit that
    /// just attacked.
    fn choice_allowed(&mut self, effects: &[Effect]) -> Flow<bool> {
        for effect in effects {
            if let Effect::AttackAgain {
                attacker, defender, ..
            } = effect
                && !self
                    .legal_defenders(UnitId(*attacker))?
                    .contains(&UnitId(*defender))
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Consume: the top card of a discarded unit goes face down beneath `unit` (validated:
    /// the card is still in its owner's discard pile).
    fn put_beneath(&mut self, unit: UnitId, from: UnitId) {
        let Some(card) = self.state.departed.get(&from).map(|u| u.top()) else {
            return;
        };
        let owner = self.state.owner(card);
        let discard = &mut self.state.player_mut(owner).discard;
        let Some(position) = discard.iter().position(|&c| c == card) else {
            return;
        };
        discard.remove(position);
        match self.state.unit_mut(unit) {
            Some(u) => u.beneath.push(card),
            // Validated above; should the unit be gone, the card stays where it was.
            None => self.state.player_mut(owner).discard.insert(position, card),
        }
    }

    /// Game 16.2 and keywords.md Equip: an ability attaches its own card, a completed Equipment
    /// in its controller's build zone, in that player's build step, to a completed unit in play
    /// whose type line has one of the arenas of the Equipment's subtype line (an Equipment whose
    /// subtype line names no arena goes on any unit: the older wording "to any unit").
    fn check_attach(&self, source: &ActiveAbility, equipment: u32, to: u32) -> Result<(), String> {
        if equipment != source.ability.unit {
            return Err(format!(
                "an ability attaches only its own card, unit {}, not unit {equipment}",
                source.ability.unit
            ));
        }
        if self.state.step != crate::model::state::TurnStep::Build(source.controller) {
            return Err("Equipment is attached only in its controller's build step".into());
        }
        let Some(e) = self.state.unit(UnitId(equipment)) else {
            return Err(format!("unit {equipment} does not exist"));
        };
        let kit = self.state.top_def(e);
        if kit.card_type != CardType::Equipment
            || !e.built
            || e.place != crate::model::Place::BuildZone
            || e.controller != source.controller
        {
            return Err(format!(
                "unit {equipment} is not a completed Equipment in its controller's build zone"
            ));
        }
        let Some(t) = self.state.unit(UnitId(to)) else {
            return Err(format!("unit {to} does not exist"));
        };
        let target = self.state.top_def(t);
        if !t.built || !target.is_unit() {
            return Err(format!("unit {to} is not a completed unit"));
        }
        if !kit.arenas.is_empty() && !kit.arenas.iter().any(|a| target.arenas.contains(a)) {
            return Err(format!(
                "{} goes on {} units; {} is not one",
                kit.name,
                kit.arenas
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join("/"),
                target.name
            ));
        }
        Ok(())
    }

    /// Attaches the completed Equipment `equipment` (a card in the build zone) to `unit`: its
    /// card leaves the build zone and belongs to the unit from now on (game 3.6.8, 4.10).
    fn attach(&mut self, equipment: UnitId, unit: UnitId) {
        if self.state.unit(unit).is_none() {
            return;
        }
        let Some(kit) = self.state.units.remove(&equipment) else {
            return;
        };
        let card = kit.top();
        if let Some(u) = self.state.unit_mut(unit) {
            // The Equipment's own card, and what effects put with it in the build zone
            // (face-down cards beneath it: `put-beneath` accepts any unit), which would
            // otherwise be in no zone.
            u.equipment.extend(kit.cards.iter().chain(&kit.equipment));
            u.beneath.extend(&kit.beneath);
            u.pilots.extend(&kit.pilots);
        }
        let name = self.state.def(card).name.clone();
        self.event(Event::Equipped {
            equipment,
            card,
            unit,
            name,
        });
    }

    /// Game 12.2, 12.4 and keywords.md Pilot: an ability moves its own card, a Pilot that is a
    /// unit of its own (nothing stacked, piloting or equipped with it) in its controller's
    /// Character arena, onto another of that player's units in an arena, in that player's build
    /// step, once per build step. The unit may not be a Droid unless one of its texts says it can
    /// have a Pilot, and may not already have as many Pilots as it may (the ruleset's
    /// `pilot_limit`, OQ-20, unless one of its texts says otherwise). Its texts are its cards'
    /// printed ones, those effects gave it and `granted`, those abilities grant it now (a Pilot
    /// already on it: "The Starfighter gets *This unit can have up to 2 Pilots"). Which
    /// subtypes the Pilot may fly is the plugin's to read: it offers only those units.
    fn check_board(
        &self,
        source: &ActiveAbility,
        onto: u32,
        granted: &[String],
    ) -> Result<(), String> {
        let side = source.controller;
        if self.state.step != crate::model::state::TurnStep::Build(side) {
            return Err("a Pilot moves onto a unit only in its controller's build step".into());
        }
        let Some(pilot) = self.state.unit(UnitId(source.ability.unit)) else {
            return Err(format!("unit {} does not exist", source.ability.unit));
        };
        let card = pilot.top();
        if source.card != Some(card)
            || pilot.cards.len() != 1
            || !pilot.pilots.is_empty()
            || !pilot.equipment.is_empty()
            || !pilot.beneath.is_empty()
        {
            return Err(format!(
                "unit {} is not the ability's own Pilot card standing alone as a unit",
                source.ability.unit
            ));
        }
        if pilot.controller != side || pilot.in_arena() != Some(crate::model::Arena::Character) {
            return Err(format!(
                "unit {} is not a unit in its controller's Character arena",
                source.ability.unit
            ));
        }
        if self.state.pilots_moved.contains(&card) {
            return Err(format!(
                "{} already moved onto or off a unit this build step",
                self.state.def(card).name
            ));
        }
        if onto == source.ability.unit {
            return Err("a Pilot can't pilot itself".into());
        }
        let Some(target) = self.state.unit(UnitId(onto)) else {
            return Err(format!("unit {onto} does not exist"));
        };
        let def = self.state.top_def(target);
        if target.controller != side || target.in_arena().is_none() || !def.is_unit() {
            return Err(format!(
                "{} is not one of the Pilot's controller's units in an arena",
                def.name
            ));
        }
        let mut texts = unit_texts(&self.state, target);
        texts.extend(granted.iter().cloned());
        let droid = def.subtypes.iter().any(|s| s.eq_ignore_ascii_case("Droid"));
        if droid && !texts.iter().any(|t| may_have_a_pilot(t)) {
            return Err(format!(
                "{} is a Droid and no text says it can have a Pilot",
                def.name
            ));
        }
        let limit = pilot_capacity(
            &texts,
            self.state.ruleset.pilot_limit,
            &self.state.def(card).subtypes,
        );
        if target.pilots.len() as u32 >= limit {
            return Err(format!(
                "{} already has {} Pilot(s), as many as it may have ({limit})",
                def.name,
                target.pilots.len()
            ));
        }
        Ok(())
    }

    /// Game 12.2: an ability moves its own card, a Pilot piloting the unit `from`, off it into
    /// the Character arena, in its controller's build step, once per build step.
    fn check_disembark(&self, source: &ActiveAbility, from: u32) -> Result<(), String> {
        let side = source.controller;
        if self.state.step != crate::model::state::TurnStep::Build(side) {
            return Err("a Pilot moves off a unit only in its controller's build step".into());
        }
        if from != source.ability.unit {
            return Err(format!(
                "an ability moves its Pilot card off unit {}, the one it pilots, not unit {from}",
                source.ability.unit
            ));
        }
        let Some(unit) = self.state.unit(UnitId(from)) else {
            return Err(format!("unit {from} does not exist"));
        };
        let Some(card) = source.card.filter(|c| unit.pilots.contains(c)) else {
            return Err(format!(
                "the ability is not on a Pilot card piloting unit {from}"
            ));
        };
        if unit.controller != side {
            return Err(format!("unit {from} is not its controller's"));
        }
        if self.state.pilots_moved.contains(&card) {
            return Err(format!(
                "{} already moved onto or off a unit this build step",
                self.state.def(card).name
            ));
        }
        Ok(())
    }

    /// Moves the ability's own Pilot card, a unit of its own, onto `onto` (game 12.2): the card
    /// leaves its unit, which is gone with its damage, tap and counters, and pilots `onto`.
    fn board(&mut self, source: &ActiveAbility, onto: UnitId) {
        let pilot = UnitId(source.ability.unit);
        if self.state.unit(onto).is_none() || self.state.unit(pilot).is_none() {
            return;
        }
        let Some(unit) = self.state.units.remove(&pilot) else {
            return;
        };
        let card = unit.top();
        if let Some(u) = self.state.unit_mut(onto) {
            u.pilots.push(card);
        }
        self.state.pilots_moved.push(card);
        let name = self.state.def(card).name.clone();
        self.event(Event::Boarded {
            pilot,
            card,
            unit: onto,
            name,
        });
    }

    /// Moves the ability's own Pilot card off `from` into its controller's Character arena
    /// (game 12.2), where it is a unit of its own again: completed, untapped and undamaged (the
    /// rules say nothing of either), its own text active again (12.5).
    fn disembark(&mut self, source: &ActiveAbility, from: UnitId) {
        let Some(card) = source.card else {
            return;
        };
        let Some(u) = self.state.unit_mut(from) else {
            return;
        };
        let Some(position) = u.pilots.iter().position(|&c| c == card) else {
            return;
        };
        u.pilots.remove(position);
        let owner = self.state.owner(card);
        let pilot = self.state.add_unit(crate::model::Unit {
            controller: source.controller,
            ..crate::model::Unit::new(
                owner,
                card,
                crate::model::Place::Arena(crate::model::Arena::Character),
            )
        });
        self.state.pilots_moved.push(card);
        let name = self.state.def(card).name.clone();
        self.event(Event::Disembarked {
            from,
            card,
            pilot,
            name,
        });
    }

    /// "May remove up to N damage counters" (game 14.5): the unit's controller chooses how many.
    fn remove_damage(&mut self, unit: UnitId, up_to: u32) -> Flow {
        let Some((side, damage)) = self.state.unit(unit).map(|u| (u.controller, u.damage)) else {
            return Ok(());
        };
        let most = up_to.min(damage);
        if most == 0 {
            return Ok(());
        }
        // The options are the numbers of counters; "0", declining, is first and so the default.
        let options = (0..=most)
            .map(|n| Choice::Option {
                index: n + 1,
                text: n.to_string(),
            })
            .collect();
        let removed = match self.decide(side, DecisionKind::RemoveDamage { unit }, options)? {
            Choice::Option { text, .. } => text.parse::<u32>().unwrap_or(0),
            _ => 0,
        };
        if let Some(u) = self.state.unit_mut(unit) {
            u.damage -= removed.min(u.damage);
        }
        Ok(())
    }

    /// Moves a unit into an arena of its type line or into the build zone (game 4.4, 8.5).
    fn move_unit(&mut self, unit: UnitId, zone: u8) -> Flow {
        let place = match zone {
            0 => crate::model::Place::Arena(crate::model::Arena::Space),
            1 => crate::model::Place::Arena(crate::model::Arena::Ground),
            2 => crate::model::Place::Arena(crate::model::Arena::Character),
            _ => crate::model::Place::BuildZone,
        };
        let Some(u) = self.state.unit_mut(unit) else {
            return Ok(());
        };
        let was_in_arena = u.in_arena().is_some();
        u.place = place;
        match place {
            crate::model::Place::Arena(arena) => {
                self.event(Event::Deployed { unit, arena });
                // `amount` 0: moved by an effect, not deployed (Deploy triggers on 1).
                let event = HookEvent {
                    unit: Some(unit.0),
                    arena: Some(arena as u8),
                    amount: Some(0),
                    ..self.hook_event()
                };
                self.hook(HookPoint::UnitEntersArena, event)
            }
            crate::model::Place::BuildZone => {
                self.event(Event::Retreated { unit });
                if was_in_arena {
                    let event = HookEvent {
                        unit: Some(unit.0),
                        ..self.hook_event()
                    };
                    self.hook(HookPoint::UnitLeavesArena, event)?;
                }
                Ok(())
            }
        }
    }

    /// Intercept and Redirect (game 10.2, 10.11): the attack targets `unit` instead, if the
    /// attacker could attack it and its attack may be retargeted; otherwise the activation is
    /// paid but the defender does not change.
    fn change_defender(&mut self, source: &ActiveAbility, unit: UnitId) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let by = if unit.0 == source.ability.unit {
            Retarget::Intercept
        } else {
            Retarget::Redirect
        };
        // The new defender must be in the defender's arena (which is the attacker's, except for
        // Bombard-like attacks into another arena).
        let arena = self
            .state
            .unit(attack.defender)
            .and_then(|d| d.in_arena())
            .unwrap_or(attack.arena);
        let same_arena = self.state.unit(unit).and_then(|u| u.in_arena()) == Some(arena);
        let legal = same_arena
            && unit != attack.attacker
            && self.can_be_retargeted(attack.attacker, by)?
            && self.can_be_attacked(attack.attacker, unit)?;
        if legal {
            if let Some(a) = self.state.attack.as_mut() {
                a.defender = unit;
            }
            self.event(Event::DefenderChanged {
                attacker: attack.attacker,
                defender: unit,
            });
        }
        Ok(())
    }

    /// Overkill (game 10.6.1): the attacker's controller may move up to `hits` hits from the
    /// defender to another unit in the arena; the moved hits are damage from the ability, not
    /// from the dice.
    fn split_hits(&mut self, hits: u32) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let side = self
            .state
            .unit(attack.attacker)
            .map_or(Side::Dark, |u| u.controller);
        let mut options = vec![Choice::Pass];
        // "Another unit in the same arena" as the defending unit.
        let arena = self
            .state
            .unit(attack.defender)
            .and_then(|d| d.in_arena())
            .unwrap_or(attack.arena);
        let others: Vec<UnitId> = self
            .state
            .units
            .values()
            .filter(|u| {
                u.in_arena() == Some(arena) && u.id != attack.defender && u.id != attack.attacker
            })
            .map(|u| u.id)
            .collect();
        for to in others {
            options.extend((1..=hits).map(|n| Choice::Split { to, hits: n }));
        }
        if let Choice::Split { to, hits } = self.decide(
            side,
            DecisionKind::SplitHits {
                attacker: attack.attacker,
            },
            options,
        )? && let Some(d) = self.state.damage.last_mut()
        {
            if let Some(p) = d.pending.iter_mut().find(|p| p.target == attack.defender) {
                p.amount = p.amount.saturating_sub(hits);
            }
            d.pending.push(PendingDamage {
                target: to,
                amount: hits,
                prevented: 0,
                from_attack_dice: false,
                preventable: true,
            });
        }
        Ok(())
    }

    /// Fury: roll more attack dice, which count for hits like the others (OQ-K17).
    fn extra_attack_dice(&mut self, dice: u32) -> Flow {
        let Some(attack) = self.state.attack.clone() else {
            return Ok(());
        };
        let modifier = self.attack_die_modifier(attack.attacker, attack.defender)?;
        for _ in 0..dice {
            let value = self.roll("attack")?;
            if let Some(a) = self.state.attack.as_mut() {
                a.dice.push(AttackDie {
                    initial: value,
                    natural: value,
                    modifier,
                });
            }
        }
        Ok(())
    }

    /// Upkeep-style payment: the controller pays one of the costs they can pay, choosing when
    /// several can be paid; if none can, nothing happens (OQ-K14).
    fn pay_one_of(&mut self, unit: UnitId, costs: &[String]) -> Flow {
        let Some(side) = self.state.unit(unit).map(|u| u.controller) else {
            return Ok(());
        };
        let payable: Vec<(String, Vec<crate::cost::Cost>)> = costs
            .iter()
            .filter_map(|text| parse_costs(text).ok().map(|c| (text.clone(), c)))
            .filter(|(_, c)| can_pay(&self.state, unit, c))
            .collect();
        let chosen = match payable.len() {
            0 => return Ok(()),
            1 => 0,
            _ => {
                let options = payable
                    .iter()
                    .enumerate()
                    .map(|(i, (text, _))| Choice::Option {
                        index: i as u32 + 1,
                        text: text.clone(),
                    })
                    .collect();
                match self.decide(side, DecisionKind::ChooseCost { unit }, options)? {
                    Choice::Option { index, .. } => index as usize - 1,
                    _ => 0,
                }
            }
        };
        let (text, cost) = &payable[chosen.min(payable.len() - 1)];
        pay(&mut self.state, unit, cost);
        self.event(Event::Paid {
            unit,
            cost: text.clone(),
        });
        Ok(())
    }
}

/// The texts a unit has now: its cards' printed abilities and the abilities effects gave it
/// ("This unit can have up to 3 Pilots"; game 12.4).
fn unit_texts(state: &GameState, unit: &crate::model::Unit) -> Vec<String> {
    unit.cards
        .iter()
        .flat_map(|&card| state.def(card).abilities.iter().cloned())
        .chain(unit.granted.iter().map(|(text, _)| text.clone()))
        .collect()
}

/// Whether a text lets its unit have a Pilot at all (IDC: "This unit can have a Pilot"; also
/// "can have up to 3 Pilots" and "can have an extra Pilot"), which a Droid needs (game 12.2).
/// The sentences are read by `swtcg_plugin_api::text::pilot_rooms`, as the card plugin
/// `card-pilot-room` reads the texts it claims.
fn may_have_a_pilot(text: &str) -> bool {
    !pilot_rooms(text).is_empty()
}

/// How many Pilots a unit with these texts may have when a Pilot of subtypes `boarding` joins
/// it (game 12.4, OQ-20): `limit` (the ruleset's) unless a text says "can have up to N Pilots"
/// (the larger of the two), plus one for each "can have an extra Pilot" / "can have 1 extra
/// Pilot". An extra Pilot "as long as that Pilot isn't a <subtype>" (R2-D2 (J)) counts only for
/// a Pilot without that subtype.
fn pilot_capacity(texts: &[String], limit: u32, boarding: &[String]) -> u32 {
    let has = |word: &String| {
        boarding
            .iter()
            .flat_map(|s| s.split_whitespace())
            .any(|s| s.eq_ignore_ascii_case(word))
    };
    let mut capacity = limit;
    let mut extra: u32 = 0;
    for room in texts.iter().flat_map(|text| pilot_rooms(text)) {
        match room {
            PilotRoom::UpTo(n) => capacity = capacity.max(n),
            PilotRoom::Extra { count, unless } if unless.is_empty() || !unless.iter().all(has) => {
                extra = extra.saturating_add(count);
            }
            PilotRoom::Extra { .. } | PilotRoom::APilot => {}
        }
    }
    capacity.saturating_add(extra)
}

#[cfg(test)]
mod pilot_limit_tests {
    use super::{may_have_a_pilot, pilot_capacity};

    fn texts(list: &[&str]) -> Vec<String> {
        list.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn an_extra_pilot_may_be_conditional_on_its_subtype() {
        // R2-D2 (J)'s grant: another Astromech Droid Pilot gets no extra room.
        let r2 = texts(&[
            "This unit can have an extra Pilot as long as that Pilot isn't an Astromech Droid.",
        ]);
        let astromech = texts(&["Rebel", "Astromech Droid"]);
        let officer = texts(&["Rebel", "Officer"]);
        assert_eq!(pilot_capacity(&r2, 1, &officer), 2);
        assert_eq!(pilot_capacity(&r2, 1, &astromech), 1);
        // A condition of another kind is not met.
        let other = texts(&["This unit can have an extra Pilot as long as it is attacking."]);
        assert_eq!(pilot_capacity(&other, 1, &officer), 1);
    }

    #[test]
    fn card_texts_change_the_pilot_limit() {
        // Trexlor 906, TT-6 Landspeeder, Grogu (K)'s grant, and a unit saying nothing.
        let trexlor = texts(&["This unit can have up to 3 Pilots.", "Armor"]);
        assert_eq!(pilot_capacity(&trexlor, 1, &[]), 3);
        let tt6 = texts(&["This unit can have an extra Pilot.", "Damage Control 1"]);
        assert_eq!(pilot_capacity(&tt6, 1, &[]), 2);
        assert_eq!(pilot_capacity(&tt6, 2, &[]), 3);
        assert_eq!(pilot_capacity(&texts(&["Critical Hit 1"]), 1, &[]), 1);
        assert_eq!(pilot_capacity(&texts(&["Critical Hit 1"]), 2, &[]), 2);
        // A stack limit is not a Pilot limit.
        let abeloth = texts(&["Abeloth can have more than 4 cards in her stack."]);
        assert_eq!(pilot_capacity(&abeloth, 1, &[]), 1);
        assert!(!may_have_a_pilot(&abeloth[0]));
        assert!(may_have_a_pilot("This unit can have a Pilot."));
        assert!(may_have_a_pilot(&trexlor[0]));
        assert!(!may_have_a_pilot("Armor"));
    }
}
