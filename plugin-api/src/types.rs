//! The host-side Rust mirror of the records of `wit/keyword.wit`: abilities, events, effects,
//! activations and the answers of queries. The engine works with these; the wasm host converts
//! them to and from the component's types.

use serde::{Deserialize, Serialize};

use crate::hook::Pop;

/// A unit as numbered by the engine.
pub type UnitId = u32;

/// A number that names no value of a WIT enum: the wire carries the enums `side`, `arena` and
/// `zone` as their case numbers, and a number past the last case is refused where it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotInEnum {
    /// The enum, as the WIT names it ("side").
    pub what: &'static str,
    /// The number read.
    pub number: u8,
}

impl std::fmt::Display for NotInEnum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid {} {}", self.what, self.number)
    }
}

impl std::error::Error for NotInEnum {}

/// Declares the Rust mirror of a WIT enum: its cases in the WIT's order, numbered from 0 as the
/// canonical ABI numbers them, with the one conversion from a wire number (`TryFrom<u8>`) and
/// back (`u8::from`), and the WIT's name of each case (`name`, also its `Display`). Serde writes
/// the number, so every record that holds one keeps the shape it had when the field was a plain
/// `u8` (saved games hold `Delayed`, the native path's messages hold them all).
macro_rules! wire_enum {
    ($(#[$doc:meta])* $name:ident, $wit:literal, [$($case:ident = $case_name:literal),+ $(,)?]) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(into = "u8", try_from = "u8")]
        #[repr(u8)]
        pub enum $name {
            $($case),+
        }

        impl $name {
            /// Every case, in the WIT's order (the order of their numbers).
            pub const ALL: &'static [$name] = &[$($name::$case),+];

            /// The case's name in the WIT, e.g. "build-zone".
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$case => $case_name),+
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl TryFrom<u8> for $name {
            type Error = NotInEnum;

            fn try_from(number: u8) -> Result<$name, NotInEnum> {
                $name::ALL
                    .get(usize::from(number))
                    .copied()
                    .ok_or(NotInEnum { what: $wit, number })
            }
        }

        impl From<$name> for u8 {
            fn from(value: $name) -> u8 {
                value as u8
            }
        }
    };
}

wire_enum!(
    /// One of the two players (WIT `side`): 0 Dark, 1 Light.
    Side,
    "side",
    [Dark = "dark", Light = "light"]
);

wire_enum!(
    /// One of the three arenas (WIT `arena`): 0 Space, 1 Ground, 2 Character.
    Arena,
    "arena",
    [Space = "space", Ground = "ground", Character = "character"]
);

wire_enum!(
    /// Where a unit is (WIT `zone`): an arena, or its owner's build zone, or (since API 1.17) a
    /// Resource's Resource zone (game 4.9, 16.4), or (since 1.18) an Event's Event zone (4.8,
    /// 16.3): 0 Space, 1 Ground, 2 Character, 3 build zone, 4 Resource zone, 5 Event zone.
    Zone,
    "zone",
    [
        Space = "space",
        Ground = "ground",
        Character = "character",
        BuildZone = "build-zone",
        ResourceZone = "resource-zone",
        EventZone = "event-zone",
    ]
);

impl Arena {
    /// The arena a printed word names ("Space", "ground", " Character "), in any case and
    /// without the spaces around it: the one reader of arena words, for the engine's type lines
    /// and the plugins' texts alike.
    pub fn from_word(word: &str) -> Option<Arena> {
        let word = word.trim();
        Arena::ALL
            .iter()
            .copied()
            .find(|arena| arena.word().eq_ignore_ascii_case(word))
    }

    /// The arena's word in lower case, "ground": as texts print it, and the WIT's name of the
    /// case.
    pub fn word(self) -> &'static str {
        self.name()
    }
}

impl From<Arena> for Zone {
    fn from(arena: Arena) -> Zone {
        match arena {
            Arena::Space => Zone::Space,
            Arena::Ground => Zone::Ground,
            Arena::Character => Zone::Character,
        }
    }
}

impl Zone {
    /// The arena this zone is, or `None` for the build zone, the Resource zone and the Event
    /// zone.
    pub fn arena(self) -> Option<Arena> {
        match self {
            Zone::Space => Some(Arena::Space),
            Zone::Ground => Some(Arena::Ground),
            Zone::Character => Some(Arena::Character),
            Zone::BuildZone | Zone::ResourceZone | Zone::EventZone => None,
        }
    }
}

/// The ability instance a call is about (WIT `ability`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    pub unit: UnitId,
    /// Which of the unit's active abilities it is.
    pub index: u32,
    /// The printed text, e.g. "Pay 2 Force -> Evade 2".
    pub text: String,
    /// What follows the keyword, e.g. "2".
    pub parameter: String,
    /// The activation cost before the arrow, if any.
    pub cost: Option<String>,
    /// Whether it is printed on a card under the top card of the unit's stack.
    #[serde(default)]
    pub under: bool,
}

/// How long a stat change lasts (WIT `duration`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    ThisAttack,
    NextAttack,
    EndOfBattle,
    EndOfTurn,
    EndOfGame,
}

/// A change of a unit's total stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatChange {
    pub unit: UnitId,
    pub speed: i32,
    pub power: i32,
    pub health: i32,
    pub duration: Duration,
}

/// Stat deltas without a unit or duration (the answer of `stat-modifier`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub speed: i32,
    pub power: i32,
    pub health: i32,
}

/// Effects that run when the current attack ends (WIT `delayed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "delayed")]
pub enum Delayed {
    DiceOfDamage {
        source: UnitId,
        target: UnitId,
        dice: u32,
    },
    Damage {
        source: UnitId,
        target: UnitId,
        amount: u32,
    },
    Stats(StatChange),
    /// Since API 1.1.
    GainForce {
        amount: u32,
    },
    /// Since API 1.1.
    GainBuildPoints {
        amount: u32,
    },
    /// Since API 1.1.
    Draw {
        cards: u32,
    },
    /// A player loses Force. Since API 1.1.
    LoseForce {
        side: Side,
        amount: u32,
    },
}

impl Delayed {
    /// The effect this delayed effect is when it runs, for the player whose ability made it
    /// (`controller`: the one who gains Force or build points, or draws). The WIT can't nest a
    /// variant in itself, so `delayed` lists again the effects that may wait; on this side each
    /// is the `Effect` of the same name, and the engine checks and applies it as that one.
    pub fn effect(self, controller: Side) -> Effect {
        match self {
            Delayed::DiceOfDamage {
                source,
                target,
                dice,
            } => Effect::DiceOfDamage {
                source,
                target,
                dice,
            },
            Delayed::Damage {
                source,
                target,
                amount,
            } => Effect::Damage {
                source,
                target,
                amount,
            },
            Delayed::Stats(change) => Effect::Stats(change),
            Delayed::GainForce { amount } => Effect::GainForce { amount },
            Delayed::GainBuildPoints { amount } => Effect::GainBuildPoints { amount },
            Delayed::Draw { cards } => Effect::Draw {
                side: controller,
                cards,
            },
            Delayed::LoseForce { side, amount } => Effect::LoseForce { side, amount },
        }
    }
}

/// The closed vocabulary of effects a plugin may propose (WIT `effect`). The engine validates
/// each one against the rules and applies all of a call's effects or none of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "effect")]
pub enum Effect {
    /// Change a unit's total stats for a duration (WIT `stats`).
    Stats(StatChange),
    /// Prevent up to `amount` of the damage pending on `unit` in the current damage instance
    /// (WIT `prevent`; game 14.1).
    Prevent { unit: UnitId, amount: u32 },
    /// Add `amount` damage pending on `unit` in the current instance (Critical Hit).
    AddPending { unit: UnitId, amount: u32 },
    /// Roll `dice` dice of damage from `source` at `target`, as a new damage instance (game
    /// 11.4, 13.5).
    DiceOfDamage {
        source: UnitId,
        target: UnitId,
        dice: u32,
    },
    /// Do `amount` damage (not dice) from `source` to `target`, as a new damage instance.
    Damage {
        source: UnitId,
        target: UnitId,
        amount: u32,
    },
    /// The attack now targets `unit` instead (Intercept, Redirect), if the rules allow it.
    ChangeDefender { unit: UnitId },
    /// The attacker's controller may move up to `hits` hits of the current attack from the
    /// defender to another unit in the arena (Overkill).
    OfferSplit { hits: u32 },
    /// Roll `dice` more attack dice (Fury).
    ExtraAttackDice { dice: u32 },
    /// The ability's controller gains `amount` Force.
    GainForce { amount: u32 },
    /// Tap a unit.
    Tap { unit: UnitId },
    /// Untap a unit.
    Untap { unit: UnitId },
    /// Add (or, negative, remove) counters of a named kind on a unit; never below 0.
    Counters {
        unit: UnitId,
        kind: String,
        amount: i32,
    },
    /// The unit's controller pays one of these printed costs they can pay, choosing when
    /// several can be paid, or nothing if none can (Upkeep, OQ-K14).
    PayOneOf { costs: Vec<String> },
    /// Run a delayed effect when the current attack ends (Retaliate, Backfire).
    AtAttackEnd(Delayed),
    /// Re-roll these attack dice (by index) before hits are counted (Lucky; the re-roll POP).
    Reroll { dice: Vec<u32> },
    /// Add `amount` to every attack die's value for hits in the current attack.
    DiceModifier { amount: i32 },
    /// Move a unit to an arena of its type line or to its owner's build zone.
    MoveUnit { unit: UnitId, zone: Zone },
    /// Give a unit a printed ability for a duration.
    Grant {
        unit: UnitId,
        text: String,
        duration: Duration,
    },
    /// Put damage counters on a unit: not damage, so nothing prevents them and no "when
    /// damaged" ability triggers (game 11.5).
    PlaceDamage { unit: UnitId, amount: u32 },
    /// The unit's controller may remove up to `amount` damage counters from it, choosing how
    /// many (game 14.5: not prevention).
    RemoveDamage { unit: UnitId, amount: u32 },
    /// A player draws cards. Since API 1.1.
    Draw { side: Side, cards: u32 },
    /// The ability's controller gains build points. Since API 1.1.
    GainBuildPoints { amount: u32 },
    /// A player loses Force, down to none. Since API 1.1.
    LoseForce { side: Side, amount: u32 },
    /// The ability's controller picks one of these texts; the engine then asks the query
    /// `chosen` with its 0-based index. Since API 1.1.
    Choose {
        options: Vec<String>,
        /// Whether the player may decline (then `chosen` is not asked).
        optional: bool,
    },
    /// Remember a value on a unit for a duration. Since API 1.1.
    Note {
        unit: UnitId,
        key: String,
        value: i32,
        duration: Duration,
    },
    /// The unit attacks this defender when the current attack ends, if it still may. Since
    /// API 1.1.
    AttackAgain {
        attacker: UnitId,
        defender: UnitId,
        tap: bool,
    },
    /// Runs when the ability's controller's next build step starts. Since API 1.1.
    AtBuildStepStart(Delayed),
    /// The top card of the discarded unit `from` goes face down beneath `unit`. Since API 1.1.
    PutBeneath { unit: UnitId, from: UnitId },
    /// The completed Equipment `equipment` (a card in the build zone, the ability's own) is
    /// attached to the unit `to` (Equip, game 16.2). Since API 1.3.
    Attach { equipment: UnitId, to: UnitId },
    /// The ability's own card, a Pilot that is a unit in the Character arena, moves onto the
    /// unit `onto` and pilots it (Pilot, game 12.2). Since API 1.4.
    Board { onto: UnitId },
    /// The ability's own card, a Pilot piloting the unit `from`, moves off it into the Character
    /// arena as a unit of its own (Pilot, game 12.2). Since API 1.4.
    Disembark { from: UnitId },
    /// The card or ability being played whose disrupt POP is open, `play` (its
    /// `PlayView::id`), is disrupted: it does not resolve, and its costs stay paid (game 13.3,
    /// 13.9). Since API 1.8.
    Disrupt { play: u32 },
    /// The player `side` may pay `cost` (a printed cost the contract's grammar reads, paid by
    /// that player: "unless your opponent pays 2 Force"); the engine then asks the query
    /// `chosen` of the ability with index 0 if they paid and 1 if they did not or could not,
    /// and applies its answer. Since API 1.8.
    UnlessPays { side: Side, cost: String },
    /// The ability's controller takes the Subordinate named `name` (printed name, with or
    /// without its version) from their supply and puts it into one of `arenas` that is on its
    /// type line (none: any arena of its type line), tapped if `tapped` (game 16.5). Since API
    /// 1.10.
    TakeSubordinate {
        name: String,
        arenas: Vec<Arena>,
        tapped: bool,
    },
    /// The unit (a unit in play, a Location or a card in a build zone) leaves play and goes to
    /// its owner's discard pile with its stack, Pilots and Equipment (game 14.4), discarded by
    /// the ability. Since API 1.10.
    DiscardUnit { unit: UnitId },
    /// The player `picker` picks cards of `cards` (as `HostView::pile_cards` numbers them),
    /// each in a deck, a discard pile or a hand, at most `count` (exactly `count`, or all
    /// listed if fewer, unless `up_to`), and puts them into `to`; then the deck of `shuffle`
    /// is shuffled (game 4.1). Since API 1.11.
    PickCards(PickCards),
    /// Remove `amount` damage counters from a unit, or all it has if it has fewer, with no
    /// choice (game 14.5: not prevention; `RemoveDamage` is the "up to" removal its controller
    /// chooses). Since API 1.12.
    ClearDamage { unit: UnitId, amount: u32 },
    /// The player `side` gains `amount` build points, or loses them when it is negative, never
    /// below none (game 6.1.3, 7.1): "Your opponent gains 1 build point", "the Dark Side gets
    /// -1 build point this turn". Since API 1.13.
    BuildPoints { side: Side, amount: i32 },
    /// Cards of players' piles (as `HostView::pile_cards` numbers them) shown to the player
    /// `to`: "Look at your opponent's hand". Logged for that player; nothing moves. Since API
    /// 1.13.
    Reveal { cards: Vec<u32>, to: Side },
    /// The ability stays in effect until `duration` ends, after its card has left play (a
    /// Battle card's "Your opponent can't play Battle cards this turn"): the host asks it
    /// `Forbids` as it asks the abilities in play, its unit `NOT_IN_PLAY`. Valid for the
    /// ability of a card being played or resolved only. Since API 1.14.
    Lasts { duration: Duration },
    /// Put `amount` build counters on `unit`, a card being built in a build zone (game 7.2:
    /// "Put 1 build counter on it"); its player may then complete it as usual. Since API 1.14.
    BuildCounters { unit: UnitId, amount: u32 },
    /// When the ability's controller's next build step starts, the host asks the ability
    /// `QueryCall::Later { tag }` and carries out the effects it answers, even if its unit has
    /// left play by then: "Bounty: Put 2 mastery counters on Cara.". Valid for an ability
    /// printed on a card, of a plugin whose manifest lists the query `later`. Since API 1.15.
    Later { tag: u32 },
    /// A player gains Force: the ability's controller or the opponent ("Your opponent gains 4
    /// Force"; "Each player gains 1 Force" is one effect a player). Since API 1.19.
    PlayerGainsForce { side: Side, amount: u32 },
}

/// Something a unit or a player is about to do that an ability may forbid (WIT `act`, the
/// query `Forbids`). Since API 1.14.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "act")]
pub enum Act {
    /// The unit retreats: in its controller's retreat step (`in_retreat_step`) or by an effect
    /// (game 8.1).
    Retreat { unit: UnitId, in_retreat_step: bool },
    /// The unit is declared the attacker of an attack (game 10.1).
    Attack { unit: UnitId },
    /// The player `side` plays the Battle card `card` (numbered as `HostView::pile_cards`
    /// numbers cards), from their hand or discard pile (game 13.1.1).
    PlayBattleCard { side: Side, card: u32 },
    /// The player `side` plays the activated ability `index` (`Ability::index` of its
    /// instance) of their unit `unit`: in a POP or as the unit's action instead of attacking.
    /// Build actions (Equip, a Pilot boarding) are not asked about.
    Activate {
        side: Side,
        unit: UnitId,
        index: u32,
    },
    /// The card being built `unit` is completed with its build counters (game 7.2; a Mission
    /// then resolves, 7.4): "To complete ~, you must also ...". Routes of `completions` are not
    /// asked about. Since API 1.15; a plugin of 1.14 is not asked it.
    Complete { unit: UnitId },
}

/// Cards an ability lets its controller pick from players' piles (WIT `pick-cards`; the
/// effect `Effect::PickCards`). Since API 1.11.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickCards {
    /// The cards that may be picked, each in a deck, a discard pile or a hand.
    pub cards: Vec<u32>,
    /// How many at most.
    pub count: u32,
    /// Whether fewer may be picked.
    pub up_to: bool,
    /// The player whose deck is shuffled afterwards (the deck searched), if any.
    pub shuffle: Option<Side>,
    /// The player who picks.
    pub picker: Side,
    pub to: Destination,
}

wire_enum!(
    /// A player's piles of cards (WIT `pile`, game 4), since API 1.11: 0 the deck, 1 the
    /// discard pile, 2 the hand.
    Pile,
    "pile",
    [Deck = "deck", DiscardPile = "discard-pile", Hand = "hand"]
);

wire_enum!(
    /// A card's type (WIT `card-kind`, game 3.1), since API 1.11; `Resource` since 1.17 (a
    /// Resource was `Other` before).
    CardKind,
    "card-kind",
    [
        Unit = "unit",
        Subordinate = "subordinate",
        Battle = "battle",
        Mission = "mission",
        Location = "location",
        Equipment = "equipment",
        Event = "event",
        Other = "other",
        Resource = "resource",
    ]
);

wire_enum!(
    /// The side of the Force a card is of (WIT `allegiance`, game 3.3), since API 1.11.
    Allegiance,
    "allegiance",
    [Dark = "dark", Light = "light", Neutral = "neutral"]
);

/// A card in a pile as printed (WIT `pile-card`; the host question `pile-cards`). Since API 1.11.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileCard {
    /// The card's number in the game, which `PickCards::cards` names.
    pub card: u32,
    /// The name as printed, with its version.
    pub name: String,
    pub kind: CardKind,
    pub allegiance: Allegiance,
    pub subtypes: Vec<String>,
    pub arenas: Vec<Arena>,
    pub unique: bool,
    /// The printed build cost; `None` when it has none or it is X.
    pub cost: Option<i32>,
}

wire_enum!(
    /// How a card is on a unit (WIT `attached-as`): a Pilot card (game 12) or an Equipment card
    /// attached by Equip (game 16.2). Since API 1.19.
    AttachedAs,
    "attached-as",
    [Pilot = "pilot", Equipment = "equipment"]
);

/// A card on a unit, as printed (WIT `attached-card`; the host question `attached`). Since API
/// 1.19.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttachedCard {
    pub attached_as: AttachedAs,
    pub card: PileCard,
}

/// Where picked cards go (WIT `destination`). Each card goes to its owner's hand, discard pile
/// or build zone; a unit card put into play goes into an arena of its type line under its
/// owner's control. Since API 1.11.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Destination {
    Hand,
    DiscardPile,
    /// Face down in the build zone with this many build counters on it (game 7.2).
    BuildZone(u32),
    /// Into play: a unit card into an arena of its type line (any other card goes nowhere).
    Play,
    /// Removed from the game (game 4.6).
    Removed,
}

wire_enum!(
    /// What kind of thing is being played (WIT `play-kind`), since API 1.8: 0 a Battle card
    /// (from hand, or from the discard pile by Meditate), 1 a Mission completed in its owner's
    /// build zone (game 7.4), 2 an activated ability of a unit (printed, granted, or under the
    /// top card: INSERT) or of an Equipment in the build zone (Equip).
    PlayKind,
    "play-kind",
    [
        BattleCard = "battle-card",
        Mission = "mission",
        ActivatedAbility = "activated-ability",
    ]
);

/// A card or ability announced and paid for, whose disrupt POP is open (WIT `play-view`, game
/// 13.3; the host question `playing`). Since API 1.8.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayView {
    /// The play's number in the game, which a `disrupt` effect names.
    pub id: u32,
    /// The player who plays it.
    pub side: Side,
    pub kind: PlayKind,
    /// The name of the card played, or of the card whose ability it is (the top card of the
    /// unit's stack), as printed: "Change in Destiny", "Darth Vader (G)".
    pub card: String,
    /// The unit whose ability it is, or the Mission in the build zone; `None` for a Battle
    /// card.
    pub unit: Option<UnitId>,
    /// The printed text played: the ability ("Pay 2 Force -> Evade 2"), the Battle card's
    /// ability, or the Mission's abilities joined by " | ".
    pub text: String,
}

/// How an attack's target would be changed (WIT `retarget`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Retarget {
    Intercept,
    Redirect,
    Other,
}

/// The dice being counted for hits (WIT `dice-kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiceKind {
    Attack,
    Damage,
}

/// An activated ability offered to its controller (WIT `activation`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub label: String,
    pub cost: Option<String>,
    pub targets: Vec<UnitId>,
    pub max_amount: Option<u32>,
    /// For an addition to a card being played (Enhance): its effects replace the card's
    /// ("... instead") rather than add to them. Since API 1.7; absent from the messages of
    /// older native plugins, so it reads as `false` there.
    #[serde(default)]
    pub replaces: bool,
}

/// The room for Pilots one ability gives its unit when a Pilot boards it (WIT
/// `room-for-pilots`, the answer of `pilot-room`; game 12.2, 12.4, OQ-20). The default gives
/// nothing. Since API 1.7.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomForPilots {
    /// The unit may have a Pilot at all, which a Droid needs (game 12.2).
    pub allows_a_pilot: bool,
    /// The unit may have up to this many Pilots.
    pub up_to: Option<u32>,
    /// Pilots the unit may have beyond its limit, for the Pilot that boards.
    pub extra: u32,
}

/// The player's answer to an activation (WIT `choice`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ActivationChoice {
    pub target: Option<UnitId>,
    pub amount: Option<u32>,
}

/// The static questions of the `queries` interface, by the name a manifest lists them with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Query {
    AttackDieModifier,
    HitThreshold,
    CanBeAttacked,
    CanBeRetargeted,
    StatModifier,
    PowerAgainst,
    DamagePreventable,
    Activations,
    GrantedAbilities,
    Completions,
    AttackArenas,
    /// Since API 1.1.
    StatModifierFor,
    /// Since API 1.1; asked after a `choose` effect of any plugin, never listed in a manifest.
    Chosen,
    /// Since API 1.1.
    Understands,
    /// Since API 1.1.
    StacksUnder,
    /// Since API 1.1.
    SecretRoll,
    /// Since API 1.1: answers `removed-keywords` and, since API 1.7, `removed-keywords-all`
    /// (one manifest name for both forms, so that no manifest changes for the new one).
    RemovedKeywords,
    /// Since API 1.3.
    BuildActivations,
    /// Since API 1.7.
    PilotRoom,
    /// Since API 1.8.
    Undisruptable,
    /// Since API 1.9.
    GrantedAbilitiesFor,
    /// Since API 1.10.
    BuildCostChangeFor,
    /// Since API 1.12.
    Actions,
    /// Since API 1.14.
    Forbids,
    /// Since API 1.15.
    Later,
    /// Since API 1.15.
    Subtypes,
}

impl Query {
    pub const ALL: [Query; 26] = [
        Query::AttackDieModifier,
        Query::HitThreshold,
        Query::CanBeAttacked,
        Query::CanBeRetargeted,
        Query::StatModifier,
        Query::PowerAgainst,
        Query::DamagePreventable,
        Query::Activations,
        Query::GrantedAbilities,
        Query::Completions,
        Query::AttackArenas,
        Query::StatModifierFor,
        Query::Chosen,
        Query::Understands,
        Query::StacksUnder,
        Query::SecretRoll,
        Query::RemovedKeywords,
        Query::BuildActivations,
        Query::PilotRoom,
        Query::Undisruptable,
        Query::GrantedAbilitiesFor,
        Query::BuildCostChangeFor,
        Query::Actions,
        Query::Forbids,
        Query::Later,
        Query::Subtypes,
    ];

    /// The name used in manifests and in the WIT interface.
    pub fn name(self) -> &'static str {
        match self {
            Query::AttackDieModifier => "attack-die-modifier",
            Query::HitThreshold => "hit-threshold",
            Query::CanBeAttacked => "can-be-attacked",
            Query::CanBeRetargeted => "can-be-retargeted",
            Query::StatModifier => "stat-modifier",
            Query::PowerAgainst => "power-against",
            Query::DamagePreventable => "damage-preventable",
            Query::Activations => "activations",
            Query::GrantedAbilities => "granted-abilities",
            Query::Completions => "completions",
            Query::AttackArenas => "attack-arenas",
            Query::StatModifierFor => "stat-modifier-for",
            Query::Chosen => "chosen",
            Query::Understands => "understands",
            Query::StacksUnder => "stacks-under",
            Query::SecretRoll => "secret-roll",
            Query::RemovedKeywords => "removed-keywords",
            Query::BuildActivations => "build-activations",
            Query::PilotRoom => "pilot-room",
            Query::Undisruptable => "undisruptable",
            Query::GrantedAbilitiesFor => "granted-abilities-for",
            Query::BuildCostChangeFor => "build-cost-change-for",
            Query::Actions => "actions",
            Query::Forbids => "forbids",
            Query::Later => "later",
            Query::Subtypes => "subtypes",
        }
    }

    pub fn from_name(name: &str) -> Option<Query> {
        Query::ALL.into_iter().find(|q| q.name() == name)
    }
}

/// One call of the `queries` interface with its arguments (`activations` also covers
/// `activate`, which a manifest gets with it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueryCall {
    AttackDieModifier {
        attacker: UnitId,
        defender: UnitId,
    },
    HitThreshold {
        kind: DiceKind,
    },
    CanBeAttacked {
        attacker: UnitId,
    },
    CanBeRetargeted {
        by: Retarget,
    },
    StatModifier,
    PowerAgainst {
        attacker: UnitId,
    },
    DamagePreventable {
        source: UnitId,
        target: UnitId,
    },
    Activations {
        pop: Pop,
        event: crate::HookEvent,
    },
    Activate {
        index: u32,
        choice: ActivationChoice,
        event: crate::HookEvent,
    },
    GrantedAbilities,
    Completions,
    AttackArenas,
    /// Since API 1.1.
    StatModifierFor {
        unit: UnitId,
    },
    /// Since API 1.1.
    Chosen {
        index: u32,
    },
    /// Since API 1.1.
    Understands,
    /// Since API 1.1.
    StacksUnder {
        card: CardView,
    },
    /// Since API 1.1.
    SecretRoll,
    /// Since API 1.1. The engine asks `RemovedKeywordsAll` instead since API 1.7.
    RemovedKeywords {
        unit: UnitId,
    },
    /// The keywords the ability makes every unit in play lose, in one call (answered with
    /// `QueryAnswer::LostKeywords`). It belongs to the manifest's `removed-keywords`: a plugin
    /// that lists that query answers both forms. Since API 1.7; the hosts answer it for an
    /// older plugin by asking `RemovedKeywords` about each unit in play, in ascending id.
    RemovedKeywordsAll,
    /// The activations offered in the build step of the player `event.side` (answered with
    /// `QueryAnswer::Activations`; the chosen one runs through `Activate`). Since API 1.3.
    BuildActivations {
        event: crate::HookEvent,
    },
    /// The room for Pilots the ability gives its unit when a Pilot card of these printed
    /// subtypes boards it (answered with `QueryAnswer::PilotRoom`). Since API 1.7.
    PilotRoom {
        subtypes: Vec<String>,
    },
    /// Whether the ability makes the play being announced (the host question `playing`)
    /// impossible to disrupt ("Battle cards can't be disrupted.", "Jedi Night can't be
    /// disrupted."), answered with `QueryAnswer::Flag`. Asked of every ability in play and of
    /// the played card's own, before its disrupt POP. Since API 1.8.
    Undisruptable,
    /// The printed abilities the ability gives another unit in play (an aura: "Each of your
    /// other Stormtroopers gets Accuracy 1."), answered with `QueryAnswer::Abilities`. Asked at
    /// each state check about every unit in play but the ability's own. Since API 1.9; a host
    /// answers none for an older plugin.
    GrantedAbilitiesFor {
        unit: UnitId,
    },
    /// How many build counters more (positive) or fewer (negative) the card `unit` being built
    /// in a build zone needs because of the ability ("Each of your Clones costs 1 fewer build
    /// counter to deploy"), answered with `QueryAnswer::Number`. Asked at each state check about
    /// every card being built. Since API 1.10; a host answers 0 for an older plugin.
    BuildCostChangeFor {
        unit: UnitId,
    },
    /// The activations the ability offers the unit whose turn it is to act in a battle step
    /// (`event.unit`, controlled by `event.side`) as its action instead of attacking ("Play
    /// only when this unit would attack", game 6.3.5 b), answered with
    /// `QueryAnswer::Activations`; the chosen one runs through `Activate`. Since API 1.12; a
    /// host answers none for an older plugin.
    Actions {
        event: crate::HookEvent,
    },
    /// Whether the ability forbids `act` ("Characters can't retreat.", "Your opponent can't play
    /// Battle cards this turn."), answered with `QueryAnswer::Flag`. Asked of every ability in
    /// play and of every ability kept in effect by `Effect::Lasts` (its unit `NOT_IN_PLAY`)
    /// before the act is offered or made; `controller` is the ability's controller. Since API
    /// 1.14; a host answers false for an older plugin.
    Forbids {
        act: Act,
        controller: Side,
    },
    /// The effects the ability put off with `Effect::Later { tag }`, now that its controller's
    /// next build step starts, answered with `QueryAnswer::Effects`. The ability's unit is the
    /// unit it was on, which may have left play since (the host question `last-seen` then
    /// answers as it last was), or `NOT_IN_PLAY` for a card played. Since API 1.15; an older
    /// plugin can't have put anything off.
    Later {
        tag: u32,
    },
    /// Subtypes the ability gives its own unit ("Treat Lobot as a Droid."), answered with
    /// `QueryAnswer::Abilities` (the subtypes as a type line writes them), asked when the host refreshes static
    /// effects. Since API 1.15; a host answers none for an older plugin.
    Subtypes,
}

/// A card as the Stack keyword reads it (WIT `card-view`). Since API 1.1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    pub name: String,
    pub subtypes: Vec<String>,
    /// The type line's arenas.
    pub arenas: Vec<Arena>,
    pub unique: bool,
}

impl QueryCall {
    /// The query a manifest must list for this call to be made.
    pub fn query(&self) -> Query {
        match self {
            QueryCall::AttackDieModifier { .. } => Query::AttackDieModifier,
            QueryCall::HitThreshold { .. } => Query::HitThreshold,
            QueryCall::CanBeAttacked { .. } => Query::CanBeAttacked,
            QueryCall::CanBeRetargeted { .. } => Query::CanBeRetargeted,
            QueryCall::StatModifier => Query::StatModifier,
            QueryCall::PowerAgainst { .. } => Query::PowerAgainst,
            QueryCall::DamagePreventable { .. } => Query::DamagePreventable,
            QueryCall::Activations { .. } | QueryCall::Activate { .. } => Query::Activations,
            QueryCall::GrantedAbilities => Query::GrantedAbilities,
            QueryCall::Completions => Query::Completions,
            QueryCall::AttackArenas => Query::AttackArenas,
            QueryCall::StatModifierFor { .. } => Query::StatModifierFor,
            QueryCall::Chosen { .. } => Query::Chosen,
            QueryCall::Understands => Query::Understands,
            QueryCall::StacksUnder { .. } => Query::StacksUnder,
            QueryCall::SecretRoll => Query::SecretRoll,
            QueryCall::RemovedKeywords { .. } | QueryCall::RemovedKeywordsAll => {
                Query::RemovedKeywords
            }
            QueryCall::BuildActivations { .. } => Query::BuildActivations,
            QueryCall::PilotRoom { .. } => Query::PilotRoom,
            QueryCall::Undisruptable => Query::Undisruptable,
            QueryCall::GrantedAbilitiesFor { .. } => Query::GrantedAbilitiesFor,
            QueryCall::BuildCostChangeFor { .. } => Query::BuildCostChangeFor,
            QueryCall::Actions { .. } => Query::Actions,
            QueryCall::Forbids { .. } => Query::Forbids,
            QueryCall::Later { .. } => Query::Later,
            QueryCall::Subtypes => Query::Subtypes,
        }
    }
}

/// The answer of a query call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum QueryAnswer {
    Number(i32),
    Threshold(Option<u8>),
    Flag(bool),
    MaybeFlag(Option<bool>),
    Stats(Stats),
    Activations(Vec<Activation>),
    Effects(Vec<Effect>),
    Abilities(Vec<String>),
    Completions(Vec<Completion>),
    /// (arena, base power there) pairs.
    Arenas(Vec<(Arena, i32)>),
    /// Since API 1.7.
    PilotRoom(RoomForPilots),
    /// The answer of `RemovedKeywordsAll`. Since API 1.7.
    LostKeywords(Vec<LostKeywords>),
}

/// The keywords an ability makes one unit in play lose (WIT `lost-keywords`, an entry of the
/// answer of `removed-keywords-all`). Since API 1.7.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LostKeywords {
    pub unit: UnitId,
    pub keywords: Vec<String>,
}

/// Another way to complete a card (WIT `completion`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completion {
    pub label: String,
    pub cost: Option<String>,
    pub min_counters: u32,
    pub force_for_missing: bool,
    pub from_hand: bool,
    pub anytime: bool,
}

/// The unit id given for a card that is not in play (a card in hand).
pub const NOT_IN_PLAY: UnitId = u32::MAX;

/// What anyone at the table can see of a unit (WIT `unit-view`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: UnitId,
    pub name: String,
    pub owner: Side,
    pub controller: Side,
    pub zone: Zone,
    pub built: bool,
    pub tapped: bool,
    pub damage: u32,
    pub speed: i32,
    pub power: i32,
    pub health: i32,
    pub cost: i32,
    pub build_counters: u32,
    pub unique: bool,
    pub subtypes: Vec<String>,
    pub arenas: Vec<Arena>,
    pub stack_size: u32,
}

/// Who controls a unit in play and where it is (WIT `unit-place`, since API 1.16): the part
/// of its view most texts ask about, which a plugin receives without an allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitPlace {
    pub controller: Side,
    pub zone: Zone,
}

/// One attack die (WIT `die`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieView {
    pub initial: u8,
    pub natural: u8,
    pub modifier: i32,
}

/// The attack in progress (WIT `attack-view`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackView {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub arena: Arena,
    pub dice: Vec<DieView>,
    pub hits: u32,
}

/// Damage pending on one unit (WIT `pending`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingView {
    pub target: UnitId,
    pub amount: u32,
    pub prevented: u32,
    pub source: Option<UnitId>,
    pub from_attack_dice: bool,
    pub preventable: bool,
}

/// A player's open pools and counts (WIT `player-view`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub force: u32,
    pub build_points: u32,
    pub hand_size: u32,
    pub deck_size: u32,
}

/// The read-only questions of the WIT `host` interface, as data.
pub trait HostView {
    fn unit(&self, id: UnitId) -> Option<UnitView>;
    /// Units in a zone, or all units in play.
    fn units(&self, zone: Option<Zone>) -> Vec<UnitId>;
    fn attack(&self) -> Option<AttackView>;
    fn pending_damage(&self) -> Vec<PendingView>;
    fn player(&self, side: Side) -> PlayerView;
    /// The ruleset's setting of a keyword flag.
    fn rule(&self, name: &str) -> Option<String>;
    /// The ability texts a unit has now. Since API 1.1.
    fn abilities(&self, id: UnitId) -> Vec<String>;
    /// A value noted on a unit. Since API 1.1.
    fn note(&self, id: UnitId, key: &str) -> Option<i32>;
    /// Face-down cards beneath a unit. Since API 1.1.
    fn cards_beneath(&self, id: UnitId) -> u32;
    /// A unit that left play this turn, as it was just before it left. Since API 1.4.
    fn last_seen(&self, id: UnitId) -> Option<UnitView>;
    /// Whether the call sees the attack without its dice (Cunning). Since API 1.5.
    fn dice_hidden(&self) -> bool;
    /// The card or ability being played whose disrupt POP is open, the innermost if plays
    /// nest (a disrupt being disrupted). Since API 1.8.
    fn playing(&self) -> Option<PlayView>;
    /// The cards of a player's pile, top first. Since API 1.11.
    fn pile_cards(&self, side: Side, pile: Pile) -> Vec<PileCard>;
    /// The top card of a unit in play, or of one that left play this turn, as printed. Since
    /// API 1.11.
    fn printed(&self, id: UnitId) -> Option<PileCard>;
    /// The Locations in play in a zone, or all of them: no units (game 16.1), so never among
    /// `units`. Since API 1.12.
    fn locations(&self, zone: Option<Zone>) -> Vec<UnitId>;
    /// The counters of every named kind on a unit in play, each kind once, by name (damage
    /// counters are the unit view's `damage`); none for a unit not in play. Since API 1.13.
    fn counters(&self, id: UnitId) -> Vec<(String, u32)>;
    /// A unit in play's controller and zone, what `unit` answers of them. Since API 1.16.
    fn place(&self, id: UnitId) -> Option<UnitPlace> {
        self.unit(id).map(|u| UnitPlace {
            controller: u.controller,
            zone: u.zone,
        })
    }
    /// The unit ids the costs of the activation being resolved chose, in the order paid; empty
    /// outside an activation's `activate` and `chosen` calls. Since API 1.19.
    fn paid_with(&self) -> Vec<UnitId> {
        Vec::new()
    }
    /// The Pilot cards, then the Equipment cards, on a unit in play; none for a unit not in
    /// play. Since API 1.19.
    fn attached(&self, id: UnitId) -> Vec<AttachedCard> {
        let _ = id;
        Vec::new()
    }
    /// The options picked in the offers of the same ability that led to the offer whose
    /// `chosen` is being asked, outermost first; empty in any other call. Since API 1.20.
    fn chosen_before(&self) -> Vec<u32> {
        Vec::new()
    }
    /// The player whose ability made the offer whose `chosen` is being asked; none in any
    /// other call. Since API 1.20.
    fn chosen_by(&self) -> Option<Side> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_numbers_convert_to_their_cases_and_others_are_refused() {
        for (number, &side) in Side::ALL.iter().enumerate() {
            let number = number as u8;
            assert_eq!(Side::try_from(number), Ok(side));
            assert_eq!(u8::from(side), number);
        }
        assert_eq!(Arena::try_from(1), Ok(Arena::Ground));
        assert_eq!(Zone::try_from(3), Ok(Zone::BuildZone));
        let refused = Side::try_from(2).unwrap_err();
        assert_eq!(refused.to_string(), "invalid side 2");
        assert!(Arena::try_from(3).is_err());
        assert_eq!(Zone::try_from(4), Ok(Zone::ResourceZone));
        assert_eq!(Zone::try_from(5), Ok(Zone::EventZone));
        assert!(Zone::try_from(6).is_err());
        assert_eq!(Zone::BuildZone.to_string(), "build-zone");
        assert_eq!(Zone::from(Arena::Character).arena(), Some(Arena::Character));
        assert_eq!(Zone::BuildZone.arena(), None);
    }

    #[test]
    fn arena_words_are_read_in_any_case() {
        for &arena in Arena::ALL {
            assert_eq!(Arena::from_word(arena.word()), Some(arena));
            assert_eq!(Arena::from_word(&arena.word().to_uppercase()), Some(arena));
        }
        assert_eq!(Arena::from_word(" Ground "), Some(Arena::Ground));
        assert_eq!(Arena::from_word("Space"), Some(Arena::Space));
        assert_eq!(Arena::Character.word(), "character");
        assert_eq!(Arena::from_word("build-zone"), None);
        assert_eq!(Arena::from_word("Characters"), None);
        assert_eq!(Arena::from_word(""), None);
    }

    #[test]
    fn an_activation_of_an_older_native_plugin_reads_without_replaces() {
        let old = r#"{"label":"Evade 2","cost":"Pay 2 Force","targets":[],"max_amount":2}"#;
        let offer: Activation = serde_json::from_str(old).unwrap();
        assert!(!offer.replaces);
        assert_eq!(offer.max_amount, Some(2));
    }

    #[test]
    fn a_delayed_effect_is_the_effect_of_its_name_for_its_controller() {
        let damage = Delayed::Damage {
            source: 1,
            target: 2,
            amount: 3,
        };
        assert_eq!(
            damage.effect(Side::Dark),
            Effect::Damage {
                source: 1,
                target: 2,
                amount: 3
            }
        );
        // "Draw" is the controller's; "lose Force" names its player.
        assert_eq!(
            Delayed::Draw { cards: 2 }.effect(Side::Light),
            Effect::Draw {
                side: Side::Light,
                cards: 2
            }
        );
        let lose = Delayed::LoseForce {
            side: Side::Dark,
            amount: 1,
        };
        assert_eq!(
            lose.effect(Side::Light),
            Effect::LoseForce {
                side: Side::Dark,
                amount: 1
            }
        );
    }

    #[test]
    fn records_keep_the_json_shape_of_numbered_sides_arenas_and_zones() {
        // Saved games hold `Delayed` (GameState::at_attack_end) and the native path's messages
        // hold all of these: the enums are written as the numbers the fields used to be.
        let delayed = Delayed::LoseForce {
            side: Side::Light,
            amount: 2,
        };
        let json = r#"{"delayed":"lose-force","side":1,"amount":2}"#;
        assert_eq!(serde_json::to_string(&delayed).unwrap(), json);
        assert_eq!(serde_json::from_str::<Delayed>(json).unwrap(), delayed);
        let event = crate::HookEvent {
            turn: 4,
            side: Some(Side::Dark),
            arena: Some(Arena::Character),
            ..crate::HookEvent::default()
        };
        let json = r#"{"turn":4,"side":0,"arena":2,"attacker":null,"defender":null,"unit":null,"amount":null}"#;
        assert_eq!(serde_json::to_string(&event).unwrap(), json);
        assert_eq!(
            serde_json::from_str::<crate::HookEvent>(json).unwrap(),
            event
        );
        let moved = Effect::MoveUnit {
            unit: 7,
            zone: Zone::BuildZone,
        };
        assert_eq!(
            serde_json::to_string(&moved).unwrap(),
            r#"{"effect":"move-unit","unit":7,"zone":3}"#
        );
        let bad = r#"{"delayed":"lose-force","side":2,"amount":2}"#;
        let error = serde_json::from_str::<Delayed>(bad)
            .unwrap_err()
            .to_string();
        assert!(error.contains("invalid side 2"), "{error}");
    }
}
