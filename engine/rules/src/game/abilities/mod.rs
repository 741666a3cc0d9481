//! Abilities in play: the types the submodules share (an active ability instance, a resolved
//! text, which instances a caller wants, when activations are offered) and the limits on what
//! plugins may propose. The work is split by job:
//!
//! - `instances`: which ability instances are active on which unit (printed, granted, added up);
//! - `dispatch`: calling plugins at hooks, in the order players choose, and asking them queries;
//! - `queries`: the rules the game asks abilities about (attack arenas, dice, thresholds, stats);
//! - `activations`: offering and playing activations, in POPs and in build steps;
//! - `validate`: checking the effects plugins propose against the rules;
//! - `apply`: applying valid effects, delayed effects and choices;
//! - `attach`: Equipment and Pilots: the rules for attaching, boarding and disembarking;
//! - `disrupt`: the disrupt POP of every card or ability played, and what can't be disrupted;
//! - `supply`: Subordinates taken from a player's supply into an arena;
//! - `piles`: cards picked from decks, discard piles and hands (searches, returns).

mod activations;
mod apply;
mod attach;
mod auras;
mod dispatch;
mod disrupt;
mod instances;
mod memo;
mod piles;
mod queries;
mod supply;
mod validate;

use std::rc::Rc;
use std::sync::Arc;

pub(crate) use memo::QueryMemo;

use swtcg_plugin_api::{Ability, HookEvent, HookPoint, Pop, Query, QueryCall};

use crate::hooks::PluginId;
use crate::manifest::Manifest;
use crate::model::{CardId, Side, UnitId};

pub(crate) use activations::{
    Activation, PlayedCard, offer_choices, several_offers_label, with_addition,
};
pub(crate) use disrupt::Announced;
pub use instances::ResolvedTexts;
pub(crate) use instances::{ParseCache, Subscriptions, UnitInstances};
pub use instances::{card_plugin_for, claim_game};

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

/// What the abilities of a unit allow a Pilot boarding it (API 1.7 `pilot-room`, added up by
/// `Game::pilot_room`; game 12.2, 12.4, OQ-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PilotRoom {
    /// Some ability lets the unit have a Pilot at all, which a Droid needs (game 12.2).
    pub allows_a_pilot: bool,
    /// How many Pilots the unit may have with this one.
    pub limit: u32,
}

/// The room each unit a `board` effect names gives its boarding Pilot, by unit id (see
/// `Game::rooms_of_boarded`).
type Rooms = Vec<(u32, PilotRoom)>;

/// Which ability made an offer: its plugin, its unit and its number among the unit's abilities
/// (`Game::picked`).
pub(crate) type Picker = (PluginId, swtcg_plugin_api::UnitId, u32);

/// One ability instance on a unit, with the plugin that implements it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveAbility {
    pub plugin: PluginId,
    /// The keyword (or card plugin) name, shared with the parse cache's entry.
    pub keyword: Arc<str>,
    /// Shared with the unit's kept instances (`instances::UnitInstances`): copying an instance
    /// copies no string.
    pub ability: Rc<Ability>,
    pub controller: Side,
    /// The card the ability is printed on, for a printed ability of a unit in play (a Pilot's
    /// ability on the unit it pilots names the Pilot card); `None` for a granted one.
    pub card: Option<CardId>,
}

/// A printed text matched to the plugin that implements it, with its parsed form (the unit and
/// number of the instance are filled in per unit).
#[derive(Debug)]
pub(crate) struct Resolved {
    pub plugin: PluginId,
    /// Shared with every instance made from it: building an instance copies no keyword.
    pub keyword: Arc<str>,
    pub ability: Ability,
    /// Whether the ability works in the build zone though its plugin's manifest does not say so:
    /// a text printed with a keyword whose definition works there (game 4.3: Upkeep, Bounty...)
    /// that the keyword's plugin could not read and a card plugin carries out, or a text that
    /// changes its own card's build cost, which counts while the card is built (game 7.4, 7.6).
    pub works_in_build_zone: bool,
    /// Whether the ability works on its card as the card is played, an addition to each of its
    /// plays rather than a play of its own (game 9.3 P10): its plugin's zone `played`, or a
    /// card plugin's claim of a text of one of its `additions` keywords ("Enhance: ...").
    pub played_addition: bool,
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
            ability: Rc::new(Ability {
                unit: unit.0,
                index,
                under,
                ..self.ability.clone()
            }),
            controller,
            card: None,
        }
    }

    /// Whether `instance` is what `instance(unit, index, false, controller)` would make: a
    /// granted instance equal to one granted before is handed out again (`instances.rs`).
    pub(crate) fn made(
        &self,
        instance: &ActiveAbility,
        unit: UnitId,
        index: u32,
        controller: Side,
    ) -> bool {
        // Every field, so that a field added to `Ability` is not forgotten here.
        let Ability {
            unit: kept_unit,
            index: kept_index,
            text,
            parameter,
            cost,
            under,
        } = &*instance.ability;
        instance.plugin == self.plugin
            && instance.controller == controller
            && instance.card.is_none()
            && *kept_unit == unit.0
            && *kept_index == index
            && !*under
            && *instance.keyword == *self.keyword
            && *text == self.ability.text
            && *parameter == self.ability.parameter
            && *cost == self.ability.cost
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

/// When activations are offered: in a POP (`activations`), in a player's build step (API 1.3
/// `build-activations`: Equip), or as the action of the unit whose turn it is to act in a
/// battle step, instead of attacking (API 1.12 `actions`, game 6.3.5 b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Moment {
    Pop(Pop),
    BuildStep(Side),
    Act(UnitId),
}

impl Moment {
    /// The query that asks for the offers of this moment.
    fn query(self) -> Query {
        match self {
            Moment::Pop(_) => Query::Activations,
            Moment::BuildStep(_) => Query::BuildActivations,
            Moment::Act(_) => Query::Actions,
        }
    }

    /// The call that asks an ability for its offers at this moment.
    fn offers(self, event: HookEvent) -> QueryCall {
        match self {
            Moment::Pop(pop) => QueryCall::Activations { pop, event },
            Moment::BuildStep(_) => QueryCall::BuildActivations { event },
            Moment::Act(_) => QueryCall::Actions { event },
        }
    }
}
