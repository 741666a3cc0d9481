//! The ability script: what one printed ability does, as the grammar reads it. Every name comes from the rules (game.md): units, arenas, the build
//! zone, Force, build counters. The types serialize to the JSON of `cards explain --json` and
//! deserialize back.

use serde::{Deserialize, Serialize};

/// One printed ability read completely.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Script {
    pub kind: Kind,
    /// What starts a triggered ability ("When this unit attacks").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<Trigger>,
    /// What must hold for the ability to work or be used ("As long as ...", "If ...").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
    /// What an activated ability costs, paid in order (game 13.8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<Cost>,
    /// What it does, in order.
    pub steps: Vec<Step>,
    /// When it may be used ("Play only during your build step.", "once per turn").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<Limit>,
    /// "Enhance: <cost> -> <steps>" (keywords.md "Enhance"; game 9.3 P10): an addition to the
    /// card's play, declared and paid with it, whose steps replace the card's effects when one
    /// of them says "instead" and add to them otherwise; "that unit" is the card's target.
    #[serde(default, skip_serializing_if = "is_false")]
    pub enhance: bool,
}

/// The kinds of ability (game 13.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Works while its card is in play (and its conditions hold).
    Static,
    /// Happens when its trigger does.
    Triggered,
    /// Used by paying its cost ("cost -> effect").
    Activated,
    /// The text of a Battle card or Mission, carried out when it is played or completed.
    Played,
}

/// One thing an ability does, with the words around it that decide whether it happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Step {
    pub effect: Effect,
    /// "you may ...": the controller chooses whether it happens.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// "If you do, ...": happens only if the step before it happened.
    #[serde(default, skip_serializing_if = "is_false")]
    pub if_you_do: bool,
    /// "If <condition>, ..." inside the effect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<Condition>,
    /// "... unless your opponent pays 2 Force", "tap this unit unless you pay 1 build point":
    /// the step happens unless that player pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unless_paid: Option<Payment>,
    /// How long its change lasts; none for an instant effect or a static ability's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
    /// "... when the attack ends": the step happens when the current attack ends (game 10.9),
    /// not now.
    #[serde(default, skip_serializing_if = "is_false")]
    pub when_attack_ends: bool,
    /// "... when your next build step starts": the step happens when the controller's next
    /// build step starts (game 6.2.1), not now, even if the card has left play by then.
    #[serde(default, skip_serializing_if = "is_false")]
    pub when_build_step_starts: bool,
    /// "... instead": in an Enhance, the step is done in place of the card's effects.
    #[serde(default, skip_serializing_if = "is_false")]
    pub instead: bool,
}

/// A cost a player may pay inside an effect ("unless your opponent pays 2 Force", "your
/// opponent may pay 2 Force").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Payment {
    pub who: Player,
    pub costs: Vec<Cost>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}

fn you() -> Player {
    Player::You
}

fn is_you(player: &Player) -> bool {
    *player == Player::You
}

impl Script {
    /// The abilities its steps grant in quotes, as printed ("Upkeep: Gain 1 Force."), in the
    /// options of "choose one" and after a roll too.
    pub fn granted_abilities(&self) -> Vec<&str> {
        fn walk<'s>(steps: &'s [Step], out: &mut Vec<&'s str>) {
            for step in steps {
                match &step.effect {
                    Effect::Grant { abilities, .. } => {
                        out.extend(abilities.iter().map(String::as_str))
                    }
                    Effect::ChooseOne(options) => {
                        for option in options {
                            walk(option, out);
                        }
                    }
                    Effect::Roll { then, .. } => walk(then, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.steps, &mut out);
        out
    }
}

impl Effect {
    /// Every amount the effect carries, the keywords' amounts of a grant included ("Fury X"),
    /// so that binding, defining or counting an X is one walk (options of "choose one" and the
    /// steps after a roll are steps of their own and not looked into).
    pub fn amounts_mut(&mut self) -> Vec<&mut Amount> {
        match self {
            Effect::Grant { keywords, .. } => keywords
                .iter_mut()
                .filter_map(|k| k.amount.as_mut())
                .collect(),
            Effect::UseKeyword(keyword) => keyword.amount.as_mut().into_iter().collect(),
            Effect::Force { amount, .. }
            | Effect::ResourceCounters { amount, .. }
            | Effect::BuildPoints { amount, .. }
            | Effect::Draw { amount, .. }
            | Effect::ExtraDraws { amount, .. }
            | Effect::Damage { amount, .. }
            | Effect::SelfDamage { amount, .. }
            | Effect::DiceDamage { dice: amount, .. }
            | Effect::DamageCounters { amount, .. }
            | Effect::Counters { amount, .. }
            | Effect::DiscardCards { amount, .. }
            | Effect::BuildCounters { amount, .. } => vec![amount],
            Effect::RemoveDamage { amount, .. } | Effect::Prevent { amount, .. } => {
                amount.as_mut().into_iter().collect()
            }
            _ => Vec::new(),
        }
    }
}

impl Step {
    /// A step that always happens, with no duration.
    pub fn plain(effect: Effect) -> Step {
        Step {
            effect,
            optional: false,
            if_you_do: false,
            only_if: None,
            unless_paid: None,
            duration: None,
            when_attack_ends: false,
            when_build_step_starts: false,
            instead: false,
        }
    }
}

/// A number printed in a text, or X defined by the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Amount {
    Number(u32),
    /// X, chosen by the player when no definition follows, or counted by the definition
    /// ("where X is the number of cards in Xesh's stack").
    X(Option<Count>),
    /// All a player has ("each player loses all of his or her Force").
    All,
    /// One for each counted thing ("+1 power for each Droid you have in play"), times `per`.
    ForEach {
        per: u32,
        count: Count,
    },
}

/// Something the engine counts when the ability resolves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Count {
    /// Units in play that match ("each of your other Jedi").
    Units(Units),
    /// Cards in a player's zone, of the filters given ("for each Jedi Character card in your
    /// discard pile"; none for every card).
    Cards {
        whose: Player,
        zone: Zone,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        filters: Vec<Filter>,
    },
    /// Counters of a kind on a unit ("mastery counters on this unit"); `kind` none for any.
    Counters { kind: Option<String>, on: Units },
    /// The cards in a unit's stack.
    Stack(Units),
    /// Cards on a unit (game 12, 16.2): its Pilots or its Equipment, of the filters given
    /// ("Equipment attached to him", "Lightsaber Weapons attached", "a Pilot on it").
    Attached {
        kind: AttachedKind,
        on: Units,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        filters: Vec<Filter>,
    },
    /// The damage just dealt, prevented or counted by the trigger ("that damage").
    ThatDamage,
    /// The printed text of X the grammar keeps without reading further.
    Text(String),
}

/// How cards are on a unit (`Count::Attached`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttachedKind {
    /// Pilot cards (game 12).
    Pilot,
    /// Equipment cards attached by Equip (game 16.2).
    Equipment,
}

/// Players named by a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    You,
    Opponent,
    Each,
    /// The controller of the unit or card the step is about ("its controller").
    Controller,
    /// A player named by their side ("the Dark Side gets -1 build point this turn").
    DarkSide,
    LightSide,
}

/// Zones of cards (game 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    Hand,
    Deck,
    DiscardPile,
    BuildZone,
    Play,
}

/// The three arenas (game 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arena {
    Space,
    Ground,
    Character,
}

/// Where units are, as a text names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Where {
    /// One or more named arenas.
    Arenas(Vec<Arena>),
    /// The arena of the card the ability is on ("in this arena", "in the same arena").
    ThisArena,
    /// A build zone, of a player or either: the cards being built there ("partially built", "in
    /// your opponent's build zone").
    BuildZone(Owner),
    /// The arena chosen or named before ("Choose an arena. Tap all units in that arena.", "each
    /// Stormtrooper in that arena").
    ThatArena,
    /// Any arena: in play.
    AnyArena,
    /// Any arena or a build zone of a player or either ("one of your opponent's Characters in
    /// any arena or his or her build zone"): a unit in play or one waiting in that build zone,
    /// completed or retreated (game 4.3), never a card being built.
    ArenaOrBuildZone(Owner),
    /// Each arena: every one of the three ("if you have a unit in each arena"), or, for the
    /// units of a phrase, any ("each of your Droids in each arena").
    EachArena,
}

/// Which units a text names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Units {
    pub pick: Pick,
    /// Whose units; `any` when the text does not say.
    #[serde(default = "any_owner", skip_serializing_if = "is_any")]
    pub owner: Owner,
    /// "other": never the card the ability is on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub other: bool,
    /// Every filter must hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Filter>,
}

fn any_owner() -> Owner {
    Owner::Any
}

fn is_any(owner: &Owner) -> bool {
    *owner == Owner::Any
}

impl Units {
    /// The card the ability is on.
    pub fn this() -> Units {
        Units::picked(Pick::This)
    }

    /// Units picked one way, of any owner, with no filter.
    pub fn picked(pick: Pick) -> Units {
        Units {
            pick,
            owner: Owner::Any,
            other: false,
            filters: Vec::new(),
        }
    }
}

/// How many of the matching units a text means, and who picks them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// The card the ability is on ("this unit", its own name).
    This,
    /// The unit this Equipment is attached to ("Equipped unit").
    Equipped,
    /// The unit the trigger or an earlier step named ("that unit", "it", "the chosen unit").
    That,
    /// The attacking or the defending unit of the current attack.
    Attacker,
    Defender,
    /// Every matching unit ("each of your Jedi", "Jedi Characters").
    Each,
    /// Some matching unit: the ability's controller chooses (`up_to`: "up to 2").
    Chosen {
        count: u32,
        up_to: bool,
    },
    /// Chosen by the opponent ("your opponent chooses one of his or her units").
    OpponentChooses {
        count: u32,
    },
    /// Any matching unit, as a condition or a trigger reads it ("a Droid", "one of your Jedi").
    Any,
}

/// Whose units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Owner {
    Any,
    Yours,
    Opponents,
}

/// A property a unit must have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Filter {
    /// A subtype as printed, singular ("Jedi", "Stormtrooper", "Bounty Hunter").
    Subtype(String),
    /// In these places.
    In(Where),
    /// Of an arena by its type line (game 3.1): "Ground unit", "Characters". A unit of
    /// several arenas is of each.
    OfArena(Arena),
    /// Of a side (game 3.3): "Dark Side", "Light Side", "Neutral".
    Side(Side),
    Unique,
    Tapped,
    Untapped,
    /// With one or more damage counters.
    Damaged,
    /// The attacking unit of the attack now ("Choose an attacking Jedi").
    Attacking,
    /// The defending unit of the attack now ("one of your defending Characters").
    Defending,
    /// With at least this many counters of a kind on it ("with 2 or more captivity counters on
    /// it", "with a mastery counter on it"; "damage" for damage counters).
    CountersAtLeast {
        kind: String,
        at_least: u32,
    },
    /// With a keyword ability ("with Stealth").
    WithKeyword(String),
    /// A card named so ("Luke Skywalker", "a Tho Yor").
    Named(String),
    /// Printed build cost at most or at least a number.
    CostAtMost(u32),
    CostAtLeast(u32),
    /// Power (the unit's total) at most or at least a number ("with power 4 or less").
    PowerAtMost(u32),
    PowerAtLeast(u32),
    /// Total speed at most or at least a number ("with speed 30 or lower").
    SpeedAtMost(u32),
    SpeedAtLeast(u32),
    /// Total health at most or at least a number ("with a total health of 3 or less").
    HealthAtMost(u32),
    HealthAtLeast(u32),
    /// Build cost at most or at least a number ("with a total build cost of 4 or less", "with
    /// build cost 5 or less"): a unit's build cost now, a card's in a pile as printed.
    BuildCostAtMost(u32),
    BuildCostAtLeast(u32),
    /// Units, Battle cards, Equipment, ...: the card type when a text names cards, not units.
    CardType(CardType),
    /// The opposite of a filter ("non-unique", "non-Droid").
    Not(Box<Filter>),
    /// One of several filters ("Jedi or Sith").
    AnyOf(Vec<Filter>),
    /// Every one of several filters: an alternative of several words ("Dark Jedi" in "Dark
    /// Jedi or Sith").
    AllOf(Vec<Filter>),
    /// The unit with this id in a game: never printed, what a phrase about the unit a cost
    /// chose becomes when the ability resolves ("one of your other Jedi in that arena" after
    /// "Tap one of your Jedi in any arena": not that Jedi).
    Id(u32),
}

/// Sides of the Force (game 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Dark,
    Light,
    Neutral,
}

/// Card types (game 3.1) as texts name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Unit,
    /// Units from the supply (game 16.5), a card type of their own, not a subtype.
    Subordinate,
    BattleCard,
    Mission,
    Equipment,
    Location,
    /// Events (game 16.3), in the Event zone, not units.
    Event,
    Card,
}

/// A keyword granted with its printed parameter ("Accuracy 1", "Evade 2", "Stealth").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Keyword {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
    /// The cost of an activated keyword granted in quotes (`"Pay 1 Force -> Evade 2"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<Cost>,
}

/// What an ability does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Units get changes of power, health and speed (any may be zero).
    Stats {
        who: Units,
        power: i32,
        health: i32,
        speed: i32,
        /// "+1 power for each ...": the changes are multiplied by the count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per: Option<Count>,
    },
    /// Units get keyword abilities, or abilities printed in quotes (kept as text, read again
    /// as an ability of their own).
    Grant {
        who: Units,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        keywords: Vec<Keyword>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abilities: Vec<String>,
    },
    /// A player gains or loses Force (`amount` negative for a loss is not used: `lose`).
    Force {
        who: Player,
        amount: Amount,
        lose: bool,
    },
    /// Counters added to a player's Resource or removed from it (game 16.4): "add 2 counters to
    /// your Resource", "remove up to 2 counters from your opponent's Resource"; a Resource has
    /// no fewer than none.
    ResourceCounters {
        whose: Player,
        amount: Amount,
        remove: bool,
    },
    /// A player gains build points this build step.
    BuildPoints {
        who: Player,
        amount: Amount,
        /// Lost rather than gained ("you get -1 build point this turn").
        #[serde(default, skip_serializing_if = "is_false")]
        lose: bool,
    },
    /// A player draws cards.
    Draw {
        who: Player,
        amount: Amount,
    },
    /// A player draws cards more in each of their draw steps ("draw 1 extra card during your
    /// draw step"): a static rule.
    ExtraDraws {
        who: Player,
        amount: Amount,
    },
    /// Damage dealt to units (game 11), by the ability's card or the unit `by` names.
    Damage {
        to: Units,
        amount: Amount,
        /// The unit that does it when the text names one other than the ability's card ("That
        /// Jedi does 3 dice of damage to ..."); none for the card itself.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Units>,
    },
    /// Units damage themselves ("Anakin does 2 damage to himself", "that unit does 2 damage to
    /// itself"): each is the source and the target of its damage.
    SelfDamage {
        who: Units,
        amount: Amount,
    },
    /// Dice of damage rolled at units by the ability's card or the unit `by` names ("does 4
    /// dice of damage to that unit"): each die that hits does 1 damage (game 11.2).
    DiceDamage {
        to: Units,
        dice: Amount,
        /// As `Damage::by`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Units>,
    },
    /// Damage counters put on units: no damage is dealt, so nothing prevents it (game 11.5).
    DamageCounters {
        on: Units,
        amount: Amount,
    },
    /// Damage counters removed from units; `up_to` lets the controller remove fewer.
    RemoveDamage {
        from: Units,
        amount: Option<Amount>,
        up_to: bool,
    },
    /// Damage to units prevented: all of it (`amount` none) or some; with `by`, only the damage
    /// those units do ("Prevent all damage done by Space units this turn").
    Prevent {
        to: Units,
        amount: Option<Amount>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Units>,
    },
    /// Counters of a named kind ("mastery") put on or removed from units.
    Counters {
        kind: String,
        on: Units,
        amount: Amount,
        remove: bool,
    },
    Tap(Units),
    Untap(Units),
    /// Units discarded from play (game 14.4).
    Discard(Units),
    /// Units returned to their owner's hand with their stacks.
    ReturnToHand(Units),
    /// Units retreat (moved to their owner's build zone... as game 8.4 says).
    Retreat(Units),
    /// A player discards cards from hand.
    DiscardCards {
        who: Player,
        amount: Amount,
    },
    /// A player discards every card in their hand ("Your opponent discards his or her hand.").
    DiscardHand(Player),
    /// Units can't or must do something.
    Rule {
        who: Units,
        rule: UnitRule,
    },
    /// A player can't play something ("Your opponent can't play Battle cards this turn.").
    Forbid {
        who: Player,
        act: PlayerAct,
    },
    /// Cards cost more or less to deploy, complete, attach or use.
    CostChange {
        what: Units,
        change: i32,
        resource: Resource,
        action: CostAction,
    },
    /// Cards or abilities being played are cancelled (game 13.3): "Disrupt a Battle card".
    Disrupt(Vec<Disrupted>),
    /// Build counters put on cards in a build zone ("Put 1 build counter on it").
    BuildCounters {
        on: Units,
        amount: Amount,
    },
    /// Units moved to another arena ("Move one of your Characters from the Space arena into the
    /// Character arena").
    MoveTo {
        who: Units,
        arena: Arena,
    },
    /// Added to each of the units' attack dice, or taken from it ("Subtract 1 from each of this
    /// unit's attack dice."), as Accuracy is.
    AttackDice {
        who: Units,
        change: i32,
    },
    /// A player pays a cost ("your opponent may pay 2 Force. If he or she does, ..."): with
    /// "may", the steps after it marked "if you do" happen only if that player paid.
    Pay(Payment),
    /// The current attack ends.
    EndAttack,
    /// The controller wins the game.
    WinGame,
    /// Roll a die; the steps happen if the roll is in the range.
    Roll {
        at_least: u32,
        at_most: u32,
        then: Vec<Step>,
    },
    /// An activated keyword's effect ("Pay 2 Force -> Evade X, where X is ..."): carried out as
    /// the keyword's plugin carries it out.
    UseKeyword(Keyword),
    /// Search a deck for cards matching `what`, show them, put them into a zone, shuffle the
    /// deck.
    Search {
        what: Units,
        count: u32,
        up_to: bool,
        to: Zone,
        /// Build counters put on each card put into a build zone ("with 1 build counter on
        /// it").
        #[serde(default, skip_serializing_if = "is_zero")]
        counters: u32,
        /// Whose deck: yours, or your opponent's ("Search your opponent's deck for a Location
        /// card and discard it").
        #[serde(default = "you", skip_serializing_if = "is_you")]
        whose: Player,
        /// The discard pile is searched too ("your deck and/or discard pile").
        #[serde(default, skip_serializing_if = "is_false")]
        discard_pile_too: bool,
    },
    /// Cards moved between zones ("Return a Character card from your discard pile to your
    /// hand").
    Move {
        what: Units,
        from: Zone,
        to: Zone,
    },
    /// The controller chooses one of several lists of steps ("Choose one: ..., or ...").
    ChooseOne(Vec<Vec<Step>>),
    /// The controller looks at a player's hand.
    LookAtHand(Player),
    /// The controller looks at a player's hand and picks cards there that the player discards
    /// ("Look at your opponent's hand. Choose one of those cards. Your opponent discards that
    /// card.").
    DiscardFromHand {
        whose: Player,
        /// The cards that may be picked ("If there are any Battle or Mission cards there").
        what: Units,
        count: u32,
        /// Fewer may be picked ("You may discard up to 2 cards from his or her hand").
        up_to: bool,
    },
    /// The controller chooses an arena that later steps name ("in that arena").
    ChooseArena,
    /// The controller chooses one of the arenas named ("Choose Space or Ground."), which later
    /// steps name as "that arena".
    ChooseArenaOf(Vec<Arena>),
    /// The controller chooses units that later steps name ("Choose one of your units. It gets
    /// +2 power until end of turn.").
    Choose(Units),
    /// "Reduced Cost 5: If you have 2 or more Subordinates in any arena." (keywords.md): while
    /// the card is being built and the script's condition holds, it may be completed with this
    /// many build counters instead of its build cost.
    ReducedCost(u32),
    /// Units are treated as having a subtype.
    TreatAs {
        who: Units,
        subtype: String,
    },
    /// The controller takes Subordinates from their supply and puts them into an arena (game
    /// 16.5): "Take 1 50/3/3 Dark Jedi Warrior Subordinate with \"Cunning\" and put it into the
    /// Ground or Character arena".
    TakeSubordinate {
        count: u32,
        /// The Subordinate's printed name.
        name: String,
        /// Its printed speed, power and health ("50/3/3"), as the text gives them.
        stats: String,
        /// The abilities the text prints it with, in quotes (its supply card prints them too).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abilities: Vec<String>,
        /// The arenas it may go into; none: any arena of its type line ("into its arena").
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        arenas: Vec<Arena>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tapped: bool,
    },
}

/// What a disrupt cancels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Disrupted {
    BattleCard,
    ActivatedAbility,
    /// "Disrupt that Battle card": the one the trigger names.
    ThatBattleCard,
}

/// What a player may be forbidden to play (game 13.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerAct {
    BattleCards,
    ActivatedAbilities,
}

/// A rule about what units can or must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitRule {
    CantAttack,
    CantBeAttacked,
    CantRetreat,
    /// "can't retreat ... during his or her retreat step": in the retreat step only (game 8.1),
    /// not when an effect retreats it.
    CantRetreatInRetreatStep,
    CantUntap,
    CantBeDiscarded,
    MustAttack,
    /// "can attack units in the Character arena", "can attack your opponent's units in the
    /// Ground or Character arena" (one rule for each arena named): the unit may attack the
    /// opponent's units there as well as in its own arena, with its total power.
    CanAttackIn(Arena),
    /// "can have an extra Pilot".
    ExtraPilot,
    /// "doesn't untap during your next untap step".
    SkipsNextUntap,
    /// Damage from the unit can't be prevented.
    DamageCantBePrevented,
    /// Damage from the unit's attacks can't be prevented ("Damage from this unit's attack
    /// can't be prevented."): other damage it does can.
    AttackDamageCantBePrevented,
}

/// What a cost change is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Resource {
    BuildCounters,
    Force,
    BuildPoints,
}

/// What a cost change applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostAction {
    Deploy,
    Complete,
    Attach,
    Play,
}

/// What starts a triggered ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// A moment of the turn (game 5 to 9).
    Moment {
        moment: Moment,
        starts: bool,
        whose: Whose,
    },
    /// Units do or suffer something ("When this unit attacks", "Whenever one of your Jedi is
    /// discarded").
    Units { who: Units, event: UnitEvent },
    /// The controller deploys units ("When you deploy this unit", "Whenever you deploy a Droid").
    Deploy(Units),
    /// The controller completes a card ("When you complete this Mission").
    Complete(Units),
    /// A player plays a Battle card.
    BattleCard(Player),
    /// Bounty (keywords.md): "When another unit is discarded by damage from this unit"; the
    /// steps of "Bounty: [bonus]" wait for the controller's next build step.
    Bounty,
    /// Foresight (keywords.md): "Whenever this unit attacks, you may predict the number of hits
    /// that will be rolled for that attack. If you're correct, gain the [effect]": the steps of
    /// "Foresight: [effect]" happen when the hits counted are the ones predicted.
    Foresight,
    /// Forewarning (keywords.md): as Foresight, whenever this unit is attacked.
    Forewarning,
    /// Upkeep (keywords.md): "When the build step [of the unit's controller] starts each turn,
    /// you must pay the following": the IDC's newer texts print an effect to carry out rather
    /// than a cost ("Upkeep: Put 1 credit counter on one of your Locations."). It works for a
    /// unit in the build zone too.
    Upkeep,
}

/// Moments of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Moment {
    Turn,
    ReadyPhase,
    CommandPhase,
    BattlePhase,
    UntapStep,
    DrawStep,
    BuildStep,
    RetreatStep,
    /// A battle step: of one arena, or of any.
    BattleStep(Option<Arena>),
    /// The roll for build points (game 6.1.3): "When the roll for build points is made".
    BuildRoll,
}

/// Whose turn or step a moment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    Yours,
    Opponents,
    Each,
}

/// What units do or suffer, for triggers and conditions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitEvent {
    /// Attacks, a unit matching `target` if one is printed ("attacks a Droid").
    Attacks(Option<Units>),
    IsAttacked,
    /// Damages a unit ("damages a unit", "does damage").
    Damages(Option<Units>),
    IsDamaged,
    /// Would be damaged: before the damage, so that it may be prevented.
    WouldBeDamaged,
    /// Would be damaged by a unit the phrase names ("When one of your opponent's Characters
    /// would damage Leia"): before the damage, so that it may be prevented.
    WouldBeDamagedBy(Units),
    /// Is discarded, from the place printed if one is ("is discarded from the Character
    /// arena"); none for "is discarded" and "leaves play".
    IsDiscarded(Option<Where>),
    Retreats,
    Untaps,
    /// Enters an arena, however it got there.
    EntersArena,
}

/// What must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    /// Units are in some place ("this unit is in the Character arena").
    UnitsIn {
        who: Units,
        place: Where,
    },
    /// The controller (or the opponent) has a matching unit in play ("you have a Droid in the
    /// Ground arena", "you have another Jedi in any arena").
    Has {
        whose: Player,
        units: Units,
    },
    /// The controller has more units of a phrase than the opponent has of another ("you have
    /// more units in the Character arena than your opponent", "you have more Imperial Characters
    /// in the Character arena than your opponent has Rebel Characters in the Character arena").
    MoreUnits {
        yours: Units,
        theirs: Units,
    },
    /// Units attack, a matching unit if `target` is printed ("as long as it's attacking a unique
    /// Character", "when attacking a Tatooine unit").
    Attacking {
        who: Units,
        target: Option<Units>,
    },
    /// Units are in a state ("this unit is tapped").
    UnitsAre {
        who: Units,
        state: UnitState,
    },
    /// A unit is one the second phrase names ("If that unit is a Creature", "If that unit is
    /// Cikatro Vizago"): what it is, which nothing in an ability's steps changes.
    UnitIs {
        who: Units,
        what: Units,
    },
    /// No unit is attacking: outside attacks (game 10).
    NoAttack,
    /// Units are about to attack: the attack has been declared and not yet made.
    WouldAttack(Units),
    /// A player controls an arena (game 15.2).
    Controls {
        whose: Player,
        arena: Arena,
    },
    /// A player controls one arena or more ("if you control any arena", game 15.2).
    ControlsAnArena(Player),
    /// It is a player's turn.
    Turn(Whose),
    /// None of the units exist ("you have no ...").
    HasNo {
        whose: Player,
        units: Units,
    },
    /// A count compared with a number ("you have 3 or more cards in your hand").
    AtLeast {
        count: Count,
        amount: u32,
    },
    AtMost {
        count: Count,
        amount: u32,
    },
}

/// States of units that conditions read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitState {
    Attacked,
    Tapped,
    Untapped,
    Damaged,
    /// "As long as this unit is unique" (FOR Hera Syndulla (E)'s Pilot item).
    Unique,
}

/// How long an effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    ThisAttack,
    ThisTurn,
    ThisBattlePhase,
    ThisGame,
}

/// When an ability may be used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// Only in a moment of a player's turn ("Play only during your build step").
    During { moment: Moment, whose: Whose },
    /// At most this many times a turn.
    PerTurn(u32),
    /// Only while a condition holds ("Play only if ...").
    If(Condition),
    /// Only in the POP right after a moment starts (game 9.5: "Play only when the battle phase
    /// starts", "... when the Space battle step starts"): the battle phase or an arena's battle
    /// step.
    WhenStarts(Moment),
    /// Only before any unit in that arena attacks this turn ("Play only before any unit in the
    /// Space arena attacks").
    BeforeAttacks(Arena),
}

/// A cost as printed (game 13.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cost {
    Force(Amount),
    BuildPoints(Amount),
    /// [Tap]: tap the unit the ability is on.
    Tap,
    /// Tap units other than this one ("tap one of your untapped Clones").
    TapUnits(Units),
    /// Discard the card the ability is on.
    DiscardThis,
    /// Discard other units ("Discard one of your units from any arena").
    DiscardUnits(Units),
    /// Discard cards from your hand.
    DiscardFromHand(Amount),
    /// "Discard your hand": every card in it (but the Battle card being played).
    DiscardHand,
    /// Put the top cards of your deck into your discard pile.
    Mill(Amount),
    /// Put damage counters on units (the ability's own unit, most often).
    DamageCounters {
        on: Units,
        amount: Amount,
    },
    /// Put counters of a kind on units ("Put 1 captivity counter on Tahl").
    Counters {
        kind: String,
        on: Units,
        amount: Amount,
    },
    /// Remove counters of a kind ("Remove 1 mastery counter from this unit").
    RemoveCounters {
        kind: Option<String>,
        from: Units,
        amount: Amount,
    },
    /// "Remove Maul from the game": the card the ability is on leaves play, out of the game
    /// (game 4.6).
    RemoveThis,
    /// "Return this unit to your supply": the Subordinate the ability is on goes back to the
    /// supply (game 16.5).
    ReturnThis,
    /// "Retreat Ahsoka": the unit the ability is on retreats (game 8.5).
    RetreatThis,
    /// "Remove 2 cards from your discard pile from the game" (game 4.6).
    RemoveFromDiscard(Amount),
    /// Counters added to a Resource or removed from it (game 16.4): "Add 1 counter" and "Remove
    /// 5 counters" printed on a Resource are its own, "... to / from your Resource" (`yours`)
    /// the controller's.
    ResourceCounters {
        amount: Amount,
        remove: bool,
        yours: bool,
    },
}
