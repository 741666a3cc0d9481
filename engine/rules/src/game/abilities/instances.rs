//! Which ability instances are active on which unit: printed texts resolved to plugins once
//! (`ParseCache`), the instances built from them and from grants, and cumulative keywords added up.

use rustc_hash::FxHashMap;
use std::sync::Arc;

use swtcg_plugin_api::{Ability, HookPoint, Query, QueryAnswer, QueryCall};

use super::{ActiveAbility, GRANT_DEPTH, Resolved, Wanted};
use crate::ability::parse_ability;
use crate::game::{Flow, Game};
use crate::hooks::{AbilityHost, PluginId};
use crate::manifest::{Grants, Instances, Manifest, Zone};
use crate::model::{CardDef, CardId, CardType, GameState, Place, Side, Unit, UnitId};

/// The printed abilities each card resolves to, in printed order (`None` where no loaded plugin
/// implements the text).
type CardAbilities = Arc<[Option<Arc<Resolved>>]>;

/// Texts resolved to plugins (or to none), by the printed text and then by the name of the card
/// it is printed on or granted to: `understands` sees that card (`claim_game`), so one text may
/// be claimed on one card and not on another ("Damage from Vader can't be prevented." names the
/// card itself only on Darth Vader). Two levels, so that a look-up builds no key.
type TextCache = FxHashMap<String, FxHashMap<String, Option<Arc<Resolved>>>>;

/// The printed texts already matched to a plugin (or to none), so that each text is parsed once,
/// and the same by card, so that finding a unit's abilities hashes no text. Shared, so that a
/// look-up copies no strings.
#[derive(Default)]
pub(crate) struct ParseCache {
    /// By the card type slot of `type_slot`: the same text can be a unit's ability and a
    /// Mission's effect, claimed by different card plugins.
    texts: [TextCache; TYPE_SLOTS],
    /// By `CardId`: the definition the abilities were resolved from (a card whose definition
    /// was replaced is resolved again) and its abilities.
    cards: Vec<Option<(Arc<crate::model::CardDef>, CardAbilities)>>,
}

/// The printed texts resolved to plugins by every game a host has played, kept by the host
/// (`AbilityHost::resolved_texts`) so that a later game asks no `understands` again: each game
/// starts with fresh plugin instances, and asking every card plugin about each text again
/// instantiated them all in every game (issue 21). A text's resolution depends on the plugins,
/// the card type, the text and the card it is on (`understands` answers from the ability and
/// that card alone, docs/plugin-protocol.md), and on nothing of a game but its ruleset, which
/// the texts are kept for: another ruleset starts them again.
#[derive(Default)]
pub struct ResolvedTexts {
    ruleset: Option<Arc<crate::ruleset::Ruleset>>,
    texts: [TextCache; TYPE_SLOTS],
}

impl ResolvedTexts {
    /// Forgets every text (the host's plugins changed).
    pub fn clear(&mut self) {
        self.ruleset = None;
        self.texts.iter_mut().for_each(FxHashMap::clear);
    }

    /// The texts kept for `ruleset`: those of another ruleset are forgotten.
    fn for_ruleset(
        &mut self,
        ruleset: &Arc<crate::ruleset::Ruleset>,
    ) -> &mut [TextCache; TYPE_SLOTS] {
        let same = self
            .ruleset
            .as_ref()
            .is_some_and(|kept| Arc::ptr_eq(kept, ruleset) || **kept == **ruleset);
        if !same {
            self.clear();
            self.ruleset = Some(ruleset.clone());
        }
        &mut self.texts
    }
}

/// What the plugins of one unit's instances may be called for: the hooks they subscribe to, the
/// queries they answer (one bit each), and whether any grants abilities. A unit none of whose
/// instances may be called for a hook or query, and that has no granted abilities, has no
/// instance for it: finding that out from these bits spares every hook the look at each one.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Subscriptions {
    hooks: u64,
    queries: u64,
    grants: bool,
}

// One bit per hook point and per query.
const _: () = assert!(HookPoint::ALL.len() <= 64 && Query::ALL.len() <= 64);

impl Subscriptions {
    /// Adds what one instance's plugin may be called for.
    fn add(&mut self, manifest: &Manifest) {
        for &hook in &manifest.hooks {
            self.hooks |= 1 << hook.index();
        }
        for &query in &manifest.queries {
            self.queries |= 1 << query as u32;
        }
        self.grants |= grants(manifest);
    }

    /// Adds what another unit's instances may be called for.
    fn join(&mut self, other: Subscriptions) {
        self.hooks |= other.hooks;
        self.queries |= other.queries;
        self.grants |= other.grants;
    }

    /// What stands for "may be called for anything": a unit not looked at.
    fn anything() -> Subscriptions {
        Subscriptions {
            hooks: u64::MAX,
            queries: u64::MAX,
            grants: true,
        }
    }

    /// Whether an instance of these abilities may be wanted, or grant one that is.
    fn may_give(self, wanted: Wanted) -> bool {
        self.grants || self.called_for(wanted)
    }

    /// Whether one of these instances themselves may be wanted, whatever they grant.
    fn called_for(self, wanted: Wanted) -> bool {
        match wanted {
            Wanted::All => true,
            Wanted::Hook(hook) => self.hooks & (1 << hook.index()) != 0,
            Wanted::Query(query) => self.queries & (1 << query as u32) != 0,
        }
    }

    /// What the instances may be called for, with what `granted` was granted at this revision
    /// in place of "any": a unit with Switch or Xesh no longer makes every hook and query look
    /// at every unit (issue 21).
    fn with_granted(self, granted: Option<Subscriptions>) -> Subscriptions {
        match granted {
            Some(granted) if self.grants => Subscriptions {
                hooks: self.hooks | granted.hooks,
                queries: self.queries | granted.queries,
                grants: false,
            },
            _ => self,
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
            Some(Some((cached, abilities))) if Arc::ptr_eq(cached, def) => Some(abilities),
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
            .map(|text| resolve(&mut self.texts, host, state, text, def, def.card_type))
            .collect();
        if self.cards.len() <= slot {
            self.cards.resize(slot + 1, None);
        }
        self.cards[slot] = Some((def.clone(), abilities.clone()));
        abilities
    }
}

/// How a card whose ability is visited is attached to the unit, if it is not in its stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Attached {
    No,
    Pilot,
    Equipment,
}

/// Which of `ParseCache::texts` holds the texts of a card type: units (and Subordinates),
/// Battle cards, Missions, Equipment, Locations, Resources, and the types no card plugin reads.
fn type_slot(card_type: CardType) -> usize {
    match card_type {
        CardType::Unit | CardType::Subordinate => 0,
        CardType::Battle => 1,
        CardType::Mission => 2,
        CardType::Equipment => 3,
        CardType::Location => 4,
        CardType::Resource => 5,
        _ => 6,
    }
}

/// How many slots `type_slot` uses.
const TYPE_SLOTS: usize = 7;

/// The plugin and parsed form of a printed ability of a card of `card_type`, if a loaded plugin
/// implements it; parsed once per text, card type and game, or once per host and ruleset for a
/// host that keeps them (`ResolvedTexts`).
fn resolve(
    caches: &mut [TextCache; TYPE_SLOTS],
    host: &mut dyn AbilityHost,
    state: &GameState,
    text: &str,
    card: &Arc<CardDef>,
    card_type: CardType,
) -> Option<Arc<Resolved>> {
    let slot = type_slot(card_type);
    let cache = &mut caches[slot];
    if let Some(hit) = cache.get(text).and_then(|by_card| by_card.get(&card.name)) {
        return hit.clone();
    }
    if let Some(hit) = host.resolved_texts().and_then(|kept| {
        kept.for_ruleset(&state.ruleset)[slot]
            .get(text)
            .and_then(|by_card| by_card.get(&card.name))
            .cloned()
    }) {
        remember(cache, text, card, hit.clone());
        return hit;
    }
    let names = host.keyword_names();
    let parsed = parse_ability(text, &names);
    let keyword_plugin = parsed.keyword.as_deref().and_then(|k| host.plugin_for(k));
    // Game 4.3: a keyword's definition decides whether its ability works in the build zone,
    // whichever plugin carries out the text.
    let keyword_in_build_zone =
        keyword_plugin.is_some_and(|plugin| host.manifest(plugin).zones.contains(&Zone::BuildZone));
    let keyword_hit = keyword_plugin
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
            works_in_build_zone: keyword_in_build_zone,
            played_addition: host.manifest(plugin).zones.contains(&Zone::Played),
        })
        // A plugin may say it can't carry out this text (an effect it can't read): the ability
        // then does nothing, as card text with no plugin.
        .filter(|r| {
            !host
                .manifest(r.plugin)
                .queries
                .contains(&Query::Understands)
                || understands(host, state, r.plugin, &r.ability, card)
        });
    // Text no keyword plugin carries out goes to the card plugins: the first that claims it
    // implements it, the whole text being its parameter.
    let hit = keyword_hit
        .or_else(|| {
            card_plugin_for(host, state, text, card, card_type).map(|(plugin, ability)| Resolved {
                plugin,
                keyword: host.manifest(plugin).name.as_str().into(),
                ability,
                // Game 7.4, 7.6: a card's own cost counts while it is built.
                works_in_build_zone: keyword_in_build_zone
                    || swtcg_plugin_api::text::changes_own_build_cost(text, &card.name),
                played_addition: {
                    let manifest = host.manifest(plugin);
                    manifest.zones.contains(&Zone::Played) || manifest.claims_as_addition(text)
                },
            })
        })
        .map(Arc::new);
    if let Some(kept) = host.resolved_texts() {
        remember(
            &mut kept.for_ruleset(&state.ruleset)[slot],
            text,
            card,
            hit.clone(),
        );
    }
    remember(&mut caches[slot], text, card, hit.clone());
    hit
}

/// Keeps a text's resolution on a card.
fn remember(cache: &mut TextCache, text: &str, card: &CardDef, hit: Option<Arc<Resolved>>) {
    cache
        .entry(text.to_string())
        .or_default()
        .insert(card.name.clone(), hit);
}

/// The first card plugin reading `card_type` whose `understands` claims a printed text of
/// `card`, with the ability it is asked about: the whole text is its parameter, or the script a
/// designer wrote by hand for it (`CardDef::card_text_parameter`).
pub fn card_plugin_for(
    host: &mut dyn AbilityHost,
    state: &GameState,
    text: &str,
    card: &Arc<CardDef>,
    card_type: CardType,
) -> Option<(PluginId, Ability)> {
    let ability = Ability {
        unit: 0,
        index: 0,
        text: text.trim().to_string(),
        parameter: card.card_text_parameter(text),
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
        .find(|&plugin| understands(host, state, plugin, &ability, card))
        .map(|plugin| (plugin, ability))
}

/// Whether a plugin's `understands` says it can carry out an ability printed on (or granted to)
/// `card`. The plugin sees the game of [`claim_game`], which holds nothing but the ruleset and
/// that card (it reads the ability, the card, and at most the ruleset's rules and flags): its
/// answer is then the same in every game, which lets a host keep it across games
/// (`ResolvedTexts`) without a game's result depending on the games played before it.
fn understands(
    host: &mut dyn AbilityHost,
    state: &GameState,
    plugin: PluginId,
    ability: &Ability,
    card: &Arc<CardDef>,
) -> bool {
    let (claim, unit) = claim_game(state.ruleset.clone(), card);
    let ability = Ability {
        unit: unit.0,
        ..ability.clone()
    };
    matches!(
        host.query(plugin, &ability, &QueryCall::Understands, &claim),
        Ok(QueryAnswer::Flag(true))
    )
}

/// The game a plugin's `understands` is asked in: empty but for `ruleset` and `card`, a unit of
/// the Dark Side in its owner's build zone, not yet built, whose id the asked ability carries.
/// A card plugin so reads the card's name ("Vader" in "Damage from Vader can't be prevented."
/// is the card itself on Darth Vader) without a game in which it could differ.
pub fn claim_game(
    ruleset: Arc<crate::ruleset::Ruleset>,
    card: &Arc<CardDef>,
) -> (GameState, UnitId) {
    let mut claim = GameState::new(ruleset, 0);
    let id = claim.new_card(card.clone(), Side::Dark);
    let unit = claim.add_unit(Unit {
        built: false,
        ..Unit::new(Side::Dark, id, Place::BuildZone)
    });
    (claim, unit)
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
            let ability = std::rc::Rc::make_mut(&mut instance.ability);
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

/// The unit whose instances are being collected, as the granted abilities need it.
struct GrantedTo<'a> {
    unit: UnitId,
    controller: crate::model::Side,
    in_arena: bool,
    /// The keywords the unit has lost ("loses Precision").
    lost: &'a [String],
    /// The instances granted at the last look, handed out again where equal.
    before: &'a [ActiveAbility],
}

/// A unit's instances as `Game::build_instances` built them, kept (`Game::unit_instances`, by
/// unit id) while what they were built from is unchanged: every hook and query looks at the
/// instances of every unit in play, and building them copied each instance's strings each time
/// (issue 21). Instances share their ability (`Rc`), so handing one out copies no string.
#[derive(Debug)]
pub(crate) struct UnitInstances {
    /// The revision of the state at which `from` was last found unchanged.
    checked_at: u64,
    from: BuiltFrom,
    /// Every instance, numbered among the unit's abilities.
    all: Vec<ActiveAbility>,
    /// Those whose plugin answers `granted-abilities`: what they grant is asked at each look,
    /// from the answers kept for the state (`memo.rs`).
    granting: Vec<ActiveAbility>,
    /// The number of the first granted instance.
    next_index: u32,
    /// What `granting` granted (instances of every plugin, in the order `collect_granted` made
    /// them) and the revision of the state they were granted at: a state check looks at each
    /// unit several times in one revision, and asking the grants again made and dropped each
    /// granted instance's strings every time (issue 21). At a later revision the grants are
    /// asked again, and an instance equal to one granted before is that one again, so that the
    /// answers the memo keeps for it are found by pointer.
    granted: Vec<ActiveAbility>,
    granted_at: Option<u64>,
    /// What the instances may be called for.
    subscriptions: Subscriptions,
    /// What the granted instances may be called for (their own hooks and queries: a granted
    /// instance that grants in turn has had its grants asked), valid with `granted`.
    granted_subscriptions: Subscriptions,
}

impl UnitInstances {
    /// What the unit's instances may be called for at `revision`: exactly, if their grants
    /// were asked at that revision; otherwise "anything" when some instance grants.
    fn subscriptions_at(&self, revision: u64) -> Subscriptions {
        let granted = (self.granted_at == Some(revision)).then_some(self.granted_subscriptions);
        self.subscriptions.with_granted(granted)
    }
}

/// What a unit's instances are built from: its cards (and their definitions, which an effect
/// may replace), its Pilots and Equipment, the texts effects and auras gave it, the keywords it
/// lost, whether it is in an arena and who controls it.
#[derive(Debug)]
struct BuiltFrom {
    cards: Vec<(CardId, Arc<CardDef>)>,
    pilots: usize,
    equipment: usize,
    granted: Vec<String>,
    aura_granted: Vec<String>,
    lost: Vec<String>,
    in_arena: bool,
    controller: Side,
}

impl BuiltFrom {
    fn of(state: &GameState, u: &Unit) -> Self {
        BuiltFrom {
            cards: u
                .cards
                .iter()
                .chain(&u.pilots)
                .chain(&u.equipment)
                .map(|&id| (id, state.cards[id.0 as usize].def.clone()))
                .collect(),
            pilots: u.pilots.len(),
            equipment: u.equipment.len(),
            granted: u.granted.iter().map(|(text, _)| text.clone()).collect(),
            aura_granted: u.aura_granted.clone(),
            lost: u.lost_keywords.clone(),
            in_arena: works_in_play(state, u),
            controller: u.controller,
        }
    }

    /// Whether `u` would build the same instances, compared without copying anything.
    fn still(&self, state: &GameState, u: &Unit) -> bool {
        self.in_arena == works_in_play(state, u)
            && self.controller == u.controller
            && self.pilots == u.pilots.len()
            && self.equipment == u.equipment.len()
            && self.cards.len() == u.cards.len() + u.pilots.len() + u.equipment.len()
            && u.cards
                .iter()
                .chain(&u.pilots)
                .chain(&u.equipment)
                .zip(&self.cards)
                .all(|(&id, (kept, def))| {
                    id == *kept
                        && state
                            .cards
                            .get(id.0 as usize)
                            .is_some_and(|card| Arc::ptr_eq(&card.def, def))
                })
            && self.granted.len() == u.granted.len()
            && u.granted
                .iter()
                .zip(&self.granted)
                .all(|((text, _), kept)| text == kept)
            && self.aura_granted == u.aura_granted
            && self.lost == u.lost_keywords
    }
}

/// Whether a card's abilities work as those of a card in play: in play, or a Trap its trigger
/// would complete, whose triggers hear their hooks in the build zone (game 16.7).
fn works_in_play(state: &GameState, u: &Unit) -> bool {
    u.in_play() || state.is_armed_trap(u)
}

impl Game<'_> {
    /// The plugin and parsed form of an ability granted to a unit, if a loaded plugin
    /// implements it. It is claimed as a text of the unit's top card, whose name it may use.
    pub(crate) fn resolve_text(&mut self, unit: UnitId, text: &str) -> Option<Arc<Resolved>> {
        let u = self
            .state
            .unit(unit)
            .or_else(|| self.state.departed.get(&unit))?;
        let top = self.state.cards.get(u.top().0 as usize)?.def.clone();
        resolve(
            &mut self.parse_cache.texts,
            &mut *self.host,
            &self.state,
            text,
            &top,
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
        if !self.keep_instances(unit) {
            return Ok(());
        }
        let Some(Some(kept)) = self.unit_instances.get(unit.0 as usize) else {
            return Ok(());
        };
        // Most units have nothing a given hook or query wants: what their instances may be
        // called for says so without looking at each.
        let revision = self.state.revision();
        if !kept.subscriptions_at(revision).may_give(wanted) {
            return Ok(());
        }
        let host: &dyn AbilityHost = &*self.host;
        for a in &kept.all {
            if wanted.accepts(host.manifest(a.plugin)) {
                active.push(a.clone());
            }
        }
        if kept.granting.is_empty() {
            return Ok(());
        }
        // A unit that has left play keeps the abilities last granted to it ("When this Speeder
        // is discarded ..." that its Pilot granted, game 12.3): the plugins granting them would
        // see it gone, so they are not asked again.
        if kept.granted_at != Some(revision) && self.state.unit(unit).is_some() {
            self.grant_again(unit)?;
        }
        let host: &dyn AbilityHost = &*self.host;
        if let Some(Some(kept)) = self.unit_instances.get(unit.0 as usize) {
            for a in &kept.granted {
                if wanted.accepts(host.manifest(a.plugin)) {
                    active.push(a.clone());
                }
            }
        }
        Ok(())
    }

    /// Asks the unit's granting instances what they grant in the state as it is now, and keeps
    /// the instances for this revision (`UnitInstances::granted`) unless asking logged
    /// something (a failed call or a refused grant, logged again at each look, as before) or
    /// changed the state.
    fn grant_again(&mut self, unit: UnitId) -> Flow {
        let Some(Some(kept)) = self.unit_instances.get_mut(unit.0 as usize) else {
            return Ok(());
        };
        let granting = kept.granting.clone();
        let before = std::mem::take(&mut kept.granted);
        let (index, in_arena) = (kept.next_index, kept.from.in_arena);
        let controller = kept.from.controller;
        let lost = kept.from.lost.clone();
        let granted_to = GrantedTo {
            unit,
            controller,
            in_arena,
            lost: &lost,
            before: &before,
        };
        let (revision, logged) = (self.state.revision(), self.log.entries.len());
        let mut granted = Vec::new();
        self.collect_granted(granted_to, Wanted::All, granting, index, &mut granted)?;
        let unchanged = self.state.revision() == revision && self.log.entries.len() == logged;
        let mut subscriptions = Subscriptions::default();
        for a in &granted {
            subscriptions.add(self.host.manifest(a.plugin));
        }
        if let Some(Some(kept)) = self.unit_instances.get_mut(unit.0 as usize) {
            kept.granted = granted;
            kept.granted_at = unchanged.then_some(revision);
            kept.granted_subscriptions = subscriptions;
        }
        Ok(())
    }

    /// Makes sure `unit_instances` holds the unit's printed instances and those effects and
    /// auras gave it, building them again only if what they are built from changed; false for
    /// a unit neither in play nor departed.
    #[inline]
    fn keep_instances(&mut self, unit: UnitId) -> bool {
        // Looked at once per revision of the state: a state check asks every unit three or
        // four times over without changing anything. Instances checked at this revision are of
        // a unit that was there then, and so is now: not even the unit is looked up again.
        if let Some(Some(kept)) = self.unit_instances.get(unit.0 as usize)
            && kept.checked_at == self.state.revision()
        {
            return true;
        }
        self.check_instances(unit)
    }

    /// `keep_instances` for instances not yet looked at in this revision.
    #[inline(never)]
    fn check_instances(&mut self, unit: UnitId) -> bool {
        let slot = unit.0 as usize;
        let revision = self.state.revision();
        // A unit that has left play keeps its last abilities for effects that outlive it.
        let Some(u) = self
            .state
            .unit(unit)
            .or_else(|| self.state.departed.get(&unit))
        else {
            return false;
        };
        let fresh = match self.unit_instances.get_mut(slot).and_then(Option::as_mut) {
            Some(kept) if kept.from.still(&self.state, u) => {
                kept.checked_at = revision;
                true
            }
            _ => false,
        };
        if !fresh {
            let built = self.build_instances(unit);
            if self.unit_instances.len() <= slot {
                self.unit_instances.resize_with(slot + 1, || None);
            }
            self.unit_instances[slot] = built;
        }
        true
    }

    /// Builds a unit's printed instances and those effects and auras gave it, numbered in order,
    /// with the ones that grant abilities apart (game 4.3, 3.6.2, 13.7).
    fn build_instances(&mut self, unit: UnitId) -> Option<UnitInstances> {
        let u = self
            .state
            .unit(unit)
            .or_else(|| self.state.departed.get(&unit))?;
        let from = BuiltFrom::of(&self.state, u);
        // A placed Location's abilities work as a unit's in an arena do (game 16.1).
        let in_arena = from.in_arena;
        let controller = from.controller;
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
            // Abilities effects gave the unit (game 13.1.4 durations) and those auras give it
            // work like its own, as texts of its top card.
            if u.granted.is_empty() && u.aura_granted.is_empty() {
                Vec::new()
            } else {
                let top = &state.cards[u.top().0 as usize].def;
                u.granted
                    .iter()
                    .map(|(text, _)| text)
                    .chain(&u.aura_granted)
                    .filter_map(|text| {
                        resolve(&mut cache.texts, host, state, text, top, CardType::Unit)
                    })
                    .collect()
            }
        };
        let host: &dyn AbilityHost = &*self.host;
        let mut index: u32 = 0;
        let mut all = Vec::new();
        let mut granting: Vec<ActiveAbility> = Vec::new();
        let mut subscriptions = Subscriptions::default();
        // Each printed ability with whether it is printed under the top card, and whether on a
        // Pilot card piloting the unit or on an Equipment attached to it.
        let mut visit =
            |resolved: &Arc<Resolved>, card: Option<CardId>, under: bool, attached: Attached| {
                let manifest = host.manifest(resolved.plugin);
                // "Loses Precision": the unit's instances of a lost keyword do nothing.
                if is_lost(manifest, &from.lost) {
                    return;
                }
                let zones = &manifest.zones;
                let zone_ok =
                    in_arena || zones.contains(&Zone::BuildZone) || resolved.works_in_build_zone;
                if !zone_ok
                    || (under && !zones.contains(&Zone::Stack))
                    || (attached == Attached::Pilot && !zones.contains(&Zone::Pilot))
                    || (attached == Attached::Equipment && !zones.contains(&Zone::Equipped))
                {
                    return;
                }
                let mut instance = resolved.instance(unit, index, under, controller);
                instance.card = card;
                subscriptions.add(manifest);
                sort_instance(manifest, instance, Wanted::All, &mut granting, &mut all);
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
        Some(UnitInstances {
            checked_at: self.state.revision(),
            from,
            all,
            granting,
            next_index: index,
            subscriptions,
            granted: Vec::new(),
            granted_at: None,
            granted_subscriptions: Subscriptions::default(),
        })
    }

    /// Adds the instances of the abilities that `granting` grants (Switch, INSERT, Reserves),
    /// numbered on from `index`. A granted ability may grant in turn ("INSERT: Reserves: ..."),
    /// up to `GRANT_DEPTH` levels, so that a grant can't loop.
    fn collect_granted(
        &mut self,
        to: GrantedTo,
        wanted: Wanted,
        mut granting: Vec<ActiveAbility>,
        mut index: u32,
        active: &mut Vec<ActiveAbility>,
    ) -> Flow {
        let GrantedTo {
            unit,
            controller,
            in_arena,
            lost,
            before,
        } = to;
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
                if !self.grants_within_limits(source.plugin, Query::GrantedAbilities, &texts)? {
                    continue;
                }
                // Reserves' grants work in the build zone whatever their keyword ("works while,
                // and only while, the card is in the build zone").
                let source_grants = self.host.manifest(source.plugin).grants;
                for text in texts {
                    let Some(resolved) = self.resolve_text(unit, &text) else {
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
                    if is_lost(manifest, lost) {
                        continue;
                    }
                    if wanted.accepts(manifest) || grants(manifest) {
                        let instance = match before
                            .iter()
                            .find(|b| resolved.made(b, unit, index, controller))
                        {
                            Some(same) => same.clone(),
                            None => resolved.instance(unit, index, false, controller),
                        };
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
    pub(super) fn all_abilities(&mut self, wanted: Wanted) -> Flow<Vec<ActiveAbility>> {
        let mut all = Vec::new();
        self.collect_all_abilities(wanted, &mut all)?;
        Ok(all)
    }

    /// Adds every active ability instance in play that `wanted` accepts to `all`, in the order
    /// of `all_abilities`.
    pub(super) fn collect_all_abilities(
        &mut self,
        wanted: Wanted,
        all: &mut Vec<ActiveAbility>,
    ) -> Flow {
        if !self.units_may_give(wanted)? {
            return Ok(());
        }
        // The ids are taken from the list `units_may_give` made for this revision. A call
        // nested in another (none is now) would find it taken and make its own.
        let mut ids = std::mem::take(&mut self.unit_order);
        // What each unit may be called for is exact for the revision `units_may_give` made
        // the list at: a unit that may give nothing wanted is passed over without a look at
        // its instances (issue 21: every hook and every POP decision walks every unit).
        let revision = self.state.revision();
        let exact = !ids.is_empty() && self.unit_order_at.is_some_and(|(at, _)| at == revision);
        if ids.is_empty() {
            let all = Subscriptions::anything();
            ids.extend(self.state.units.values().map(|u| (u.controller, u.id, all)));
            ids.sort_unstable_by_key(|&(side, id, _)| (side, id));
        }
        let mut result = Ok(());
        for &(_, id, may) in &ids {
            if exact && !may.may_give(wanted) {
                continue;
            }
            result = self.collect_abilities(id, wanted, all);
            if result.is_err() {
                break;
            }
        }
        self.unit_order = ids;
        result
    }

    /// Whether any unit in play may have an instance that `wanted` accepts (printed, granted
    /// or given by an aura) at this revision of the state: when none may, every hook or query
    /// of that kind finds nothing, and the state checks skip asking each unit.
    pub(crate) fn units_may_give(&mut self, wanted: Wanted) -> Flow<bool> {
        let revision = self.state.revision();
        let known = self.unit_order_at.filter(|&(at, _)| at == revision);
        if let Some((_, may)) = known {
            return Ok(may.may_give(wanted));
        }
        // The units in their order (game 13.4.3), kept in a list the game keeps, made again
        // only when the state changed, because every hook comes through here and the list
        // would otherwise be allocated and sorted each time; and what each unit's
        // instances may be called for, looked at once per revision.
        let mut ids = std::mem::take(&mut self.unit_order);
        ids.clear();
        ids.extend(
            self.state
                .units
                .values()
                .map(|u| (u.controller, u.id, Subscriptions::default())),
        );
        ids.sort_unstable_by_key(|&(side, id, _)| (side, id));
        let mut may = Subscriptions::default();
        for (_, id, unit_may) in ids.iter_mut() {
            let id = *id;
            if !self.keep_instances(id) {
                continue;
            }
            // A unit whose instances grant abilities is asked what they grant now, which every
            // hook reaching the unit at this revision would ask anyway (the answers are kept,
            // `memo.rs`), so that what it may be called for is exact rather than "anything".
            let slot = id.0 as usize;
            if let Some(Some(kept)) = self.unit_instances.get(slot)
                && !kept.granting.is_empty()
                && kept.granted_at != Some(revision)
            {
                self.grant_again(id)?;
            }
            if let Some(Some(kept)) = self.unit_instances.get(slot) {
                *unit_may = kept.subscriptions_at(revision);
                may.join(*unit_may);
            }
        }
        self.unit_order = ids;
        // Kept for this revision only if looking changed nothing.
        let unchanged = self.state.revision() == revision;
        self.unit_order_at = unchanged.then_some((revision, may));
        Ok(may.may_give(wanted))
    }
}
