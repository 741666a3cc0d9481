//! Units and the other cards in play: stacks, pilots, counters, tapped state and stat modifiers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Arena, Side, state::CardId, state::UnitId};

/// Where a card in play is: in one of the arenas, in its owner's build zone (game 4.3, 4.4), a
/// Location placed in an arena (game 16.1), or a Resource in its player's Resource zone (game
/// 4.9, 16.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    Arena(Arena),
    BuildZone,
    /// A Location in an arena of its type line: in play there, but no unit of it (it can't
    /// attack or be attacked and does not count toward controlling the arena, game 16.1), so
    /// that every rule about the units of an arena passes it by.
    Location(Arena),
    /// A completed Resource in its player's Resource zone: in play, its abilities paid by adding
    /// counters to it or removing them (game 16.4), but in no arena and no unit.
    Resource,
    /// A completed Campaign, kept in its owner's build zone with its text working (game 16.6,
    /// OQ-25 `campaigns_stay = true`): in play as a Resource is, in no arena and no unit, and
    /// apart from the cards being built there, so that no build action reaches it.
    Campaign,
    /// An Event in its player's Event zone, put there from the supply at setup (game 4.8, 16.3,
    /// OQ-8): in play all game, its text working, in no arena and no unit.
    Event,
}

impl Place {
    /// The arena a unit stands in; none for the build zone and for a Location, which is no
    /// unit.
    pub fn arena(self) -> Option<Arena> {
        match self {
            Place::Arena(arena) => Some(arena),
            Place::BuildZone
            | Place::Location(_)
            | Place::Resource
            | Place::Campaign
            | Place::Event => None,
        }
    }
    /// The arena a Location is placed in.
    pub fn location(self) -> Option<Arena> {
        match self {
            Place::Location(arena) => Some(arena),
            Place::Arena(_)
            | Place::BuildZone
            | Place::Resource
            | Place::Campaign
            | Place::Event => None,
        }
    }
    /// The name of the place in logs and scenario expectations: a Location is in its arena.
    pub fn name(self) -> &'static str {
        match self {
            Place::Arena(arena) | Place::Location(arena) => arena.name(),
            Place::BuildZone | Place::Campaign => "build-zone",
            Place::Resource => "resource-zone",
            Place::Event => "event-zone",
        }
    }
}

/// The kind under which a Resource's counters are kept (game 16.4), as counters of any other kind
/// are: the contract's, which plugins use too.
pub use swtcg_plugin_api::cost::RESOURCE_COUNTER;

/// How long a continuous effect lasts (game 13.1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// Until the current attack ends.
    ThisAttack,
    /// For the unit's next attack only; it becomes `ThisAttack` when that attack is declared.
    NextAttack,
    /// Until the battle phase ends (OQ-K10 reads "end of battle" this way).
    EndOfBattle,
    EndOfTurn,
    EndOfGame,
}

/// A temporary change to a unit's total stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub speed: i32,
    pub power: i32,
    pub health: i32,
    pub duration: Duration,
    /// The printed text of the ability that made the change ("Stun 2"), for the board to
    /// explain it; none for a change whose ability is not known (a delayed effect). Saves
    /// written before it was kept have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<std::sync::Arc<str>>,
}

/// A card or stack of cards in play: a unit in an arena, a completed or retreated unit in the
/// build zone, or a card being built there (`built == false`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub owner: Side,
    /// The player who controls it now (game 13.10); the owner unless an effect says otherwise.
    pub controller: Side,
    /// The stack, top card first (game 3.6); a plain unit has one card.
    pub cards: Vec<CardId>,
    /// Pilot cards on this unit (game 12); they belong to the unit, not to a card of the stack.
    pub pilots: Vec<CardId>,
    pub place: Place,
    /// False while the card is being built in the build zone (game 7.2).
    pub built: bool,
    pub build_counters: u32,
    pub damage: u32,
    pub tapped: bool,
    /// Effect-specific counters by kind (mastery, credit...), never negative (game 2.7).
    pub counters: BTreeMap<String, u32>,
    pub modifiers: Vec<Modifier>,
    /// Speed, power and health that static keywords give the unit now, refreshed by the game
    /// at every state check (Intimidation, Inspiration...).
    #[serde(default)]
    pub static_bonus: [i32; 3],
    /// What makes up `static_bonus`: the printed text of each ability that changes the unit's
    /// stats now, with its change, for the board to explain them; refreshed with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub static_from: Vec<(String, [i32; 3])>,
    /// Build counters more (positive) or fewer (negative) a card being built needs because of
    /// abilities in play (API 1.10 `build-cost-change-for`, "each of your Clones costs 1 fewer
    /// build counter to deploy"), refreshed at every state check like `static_bonus`; not
    /// written while 0, which keeps the saves written before it byte for byte.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cost_change: i32,
    /// Printed abilities effects gave the unit, each until its duration ends.
    #[serde(default)]
    pub granted: Vec<(String, Duration)>,
    /// Printed abilities other units' abilities give it now (auras, API 1.9
    /// `granted-abilities-for`), refreshed by the game at every state check.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aura_granted: Vec<String>,
    /// Subtypes its own abilities give it besides the printed ones (API 1.15 `subtypes`: "Treat
    /// Lobot as a Droid."), refreshed with `static_bonus`; read wherever its subtypes are
    /// (`GameState::subtypes_of`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treated_as: Vec<String>,
    /// Face-down cards beneath the unit (Consume): not part of its stack (keywords.md), they go
    /// to their owners' discard piles with it.
    #[serde(default)]
    pub beneath: Vec<CardId>,
    /// Values plugins remembered on the unit (API 1.1 `note`), each until its duration ends.
    #[serde(default)]
    pub notes: BTreeMap<String, (i32, Duration)>,
    /// Keywords other abilities make the unit lose now ("loses Precision"), refreshed by the
    /// game at every state check like `static_bonus`; its instances of them are not active.
    #[serde(default)]
    pub lost_keywords: Vec<String>,
    /// Equipment cards attached to the unit by Equip (game 16.2): they belong to the unit, not
    /// to a card of its stack (3.6.8), travel with it (4.10) and leave play with it (14.4).
    #[serde(default)]
    pub equipment: Vec<CardId>,
}

impl Unit {
    /// A completed unit of one card in `place`, controlled by its owner, untapped and
    /// undamaged, with nothing on, under or granted to it. Callers change what differs
    /// (`Unit { tapped: true, ..Unit::new(...) }`); `GameState::add_unit` gives its id.
    pub fn new(owner: Side, card: CardId, place: Place) -> Unit {
        Unit {
            id: UnitId(0),
            owner,
            controller: owner,
            cards: vec![card],
            pilots: Vec::new(),
            place,
            built: true,
            build_counters: 0,
            damage: 0,
            tapped: false,
            counters: Default::default(),
            modifiers: Vec::new(),
            static_bonus: [0; 3],
            static_from: Vec::new(),
            cost_change: 0,
            granted: Vec::new(),
            aura_granted: Vec::new(),
            treated_as: Vec::new(),
            beneath: Vec::new(),
            notes: Default::default(),
            lost_keywords: Vec::new(),
            equipment: Vec::new(),
        }
    }

    /// The card whose features the unit uses (game 3.6.2).
    pub fn top(&self) -> CardId {
        self.cards[0]
    }
    /// Number of cards under the top card, each giving +10 speed, +1 power, +1 health (game 3.6.3).
    pub fn cards_under(&self) -> i32 {
        self.cards.len().saturating_sub(1) as i32
    }
    pub fn in_arena(&self) -> Option<Arena> {
        if self.built { self.place.arena() } else { None }
    }
    /// Whether this is a Location placed in an arena (game 16.1).
    pub fn is_location(&self) -> bool {
        self.place.location().is_some()
    }
    /// Whether this is a Resource in its player's Resource zone (game 16.4).
    pub fn is_resource(&self) -> bool {
        self.place == Place::Resource
    }
    /// Whether this is a completed Campaign kept in the build zone (game 16.6).
    pub fn is_campaign(&self) -> bool {
        self.place == Place::Campaign
    }
    /// Whether this is an Event in its player's Event zone (game 16.3).
    pub fn is_event(&self) -> bool {
        self.place == Place::Event
    }
    /// Whether this is a card in play that is no unit and stands in no arena: a Resource, a
    /// completed Campaign or an Event (game 16.3, 16.4, 16.6), which `units` lists only by
    /// their zone and no effect acts on as on a unit.
    pub fn is_kept_card(&self) -> bool {
        matches!(self.place, Place::Resource | Place::Campaign | Place::Event)
    }
    /// Whether the card's abilities work as those of a card in play: a unit in an arena, a
    /// placed Location, a Resource in the Resource zone, a completed Campaign or an Event (game
    /// 4.3, 16.1, 16.3, 16.4, 16.6), not a card in the build zone.
    pub fn in_play(&self) -> bool {
        self.built && !matches!(self.place, Place::BuildZone)
    }
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}
