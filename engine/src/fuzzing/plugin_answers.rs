//! The fuzz target of plugin answers: a whole game against a fake host whose plugins answer every
//! hook and query from the fuzz bytes (issue 17: no plugin answer may crash or hang the host).
//!
//! The fake plugins subscribe to every hook point and answer every query, and their keywords are
//! printed on the cards of the seed decks, so that every path of the engine that reads a plugin's
//! answer can be reached. Each call decodes its answer from the next bytes: effect lists of every
//! variant (unit ids mostly of units in play, numbers mostly small, texts mostly short), plugin
//! errors, query answers of the right kind and sometimes of a wrong one, activations, choices and
//! granted abilities. When the bytes run out, every call answers "no effect" and the game plays
//! on to its end. What must hold: no panic, the game ends within a budget of decisions and host
//! calls (more is a hang), an error is a value naming a loaded plugin and a hook (and the log
//! holds it), and every card is in exactly one place at every decision and at the end.
//!
//! How an answer is read: each call takes a tag byte. Below 128 it answers "no effect", as do
//! the next `tag % 16` calls (times 256 in a sparse game). For a hook, 128-191 is one or two
//! likely valid effects, 192-243 one to three effects of any kind, 244-247 a plugin error,
//! 248-255 up to 255 effects of any kind. For a query, 128-243 is an answer of the right kind,
//! 244-249 one of any kind, 250-255 an error; the offers a plugin made are mostly answered the
//! same way when the engine asks again (as it does when one is played). The first three bytes
//! set up the game (`plugin_answers`).

use std::sync::{Arc, OnceLock};

use swtcg_plugin_api::{
    Ability, Activation, Arena, Completion, Delayed, Duration, Effect, HookEvent, HookPoint,
    LostKeywords, NOT_IN_PLAY, Query, QueryAnswer, QueryCall, RoomForPilots, StatChange, Stats,
    Zone,
};

use crate::cards::CardDb;
use crate::decision::{DecideError, Decider, Decision, Player, Seats};
use crate::game::{EngineError, Game, Outcome};
use crate::hooks::{AbilityHost, HookError, PluginId, plugin_returned_error};
use crate::log::{Event, LogEntry};
use crate::model::{CardDef, CardType, GameState, Side, UnitId};
use crate::players::{GreedyPlayer, RandomPlayer};
use crate::plugins::Manifest;
use crate::ruleset::{OnPluginError, Ruleset};

/// The most decisions one fuzzed game may ask. A game of at most `MAX_TURNS` turns asks about a
/// hundred; more than this means that plugins' answers keep a step from ending.
pub const DECISION_BUDGET: u64 = 100_000;

/// The most hook calls and queries one fuzzed game may make, for the same reason: a loop that
/// asks plugins without asking a player would never reach the decision budget.
pub const CALL_BUDGET: u64 = 2_000_000;

/// The turn limit of a fuzzed game is 1 to this (the default ruleset's 40 would make each input
/// slow to run without reaching anything new).
pub const MAX_TURNS: u32 = 4;

/// The fake keyword plugins: id, printed name and the manifest keys that differ, so that between
/// them they have every parameter shape, class, use limit, zone and instance rule a manifest can
/// ask for. Each subscribes to every hook and answers every query but `understands` (a keyword
/// plugin that lists it may refuse its own text, which would leave the keyword unplayed).
const KEYWORDS: [(&str, &str, &str); 6] = [
    (
        "fuzz-alpha",
        "Fuzz Alpha",
        "parameter = \"none\"\nclass = [\"triggered\"]\nzones = [\"arena\", \"build-zone\", \
         \"stack\", \"pilot\", \"discard\", \"equipped\", \"played\"]\n",
    ),
    (
        "fuzz-beta",
        "Fuzz Beta",
        "parameter = \"number\"\nclass = [\"cumulative\", \"static\"]\ninstances = \"add-up\"\n\
         limit = \"turn\"\n",
    ),
    (
        "fuzz-gamma",
        "Fuzz Gamma",
        "parameter = \"cost\"\nclass = [\"activated\"]\nlimit = \"attack\"\n\
         activation-pops = [\"battle-phase\", \"attack\", \"damage-prevention\", \"attack-end\"]\n",
    ),
    (
        "fuzz-delta",
        "Fuzz Delta",
        "parameter = \"text\"\naliases = [\"Fuzz D\"]\nclass = [\"isolated\"]\n\
         limit = \"damage-instance\"\ngrants = \"in-build-zone\"\nzones = [\"arena\", \"build-zone\"]\n",
    ),
    (
        "fuzz-epsilon",
        "Fuzz Epsilon",
        "parameter = \"effects\"\nclass = [\"layered\", \"selective\"]\ntypes = [\"unit\"]\n\
         zones = [\"arena\", \"pilot\", \"stack\"]\n",
    ),
    (
        "fuzz-equip",
        "Fuzz Equip",
        "parameter = \"none\"\nclass = [\"activated\"]\ntypes = [\"equipment\"]\n\
         zones = [\"build-zone\", \"equipped\"]\nlimit = \"turn\"\n",
    ),
];

/// The fake keywords as printed on the cards of a fuzzed game (one or two per card, by its place
/// in the deck), in every form the ability parser reads: plain, with a number, behind a cost, with
/// a colon and free text.
const PRINTED: [&str; 9] = [
    "Fuzz Alpha",
    "Fuzz Beta 2",
    "Pay 1 Force -> Fuzz Gamma",
    "Fuzz Delta: When this unit attacks, it gets +1 power.",
    "Fuzz Epsilon: Fuzz Alpha/Fuzz Beta 1",
    "Fuzz Beta -1",
    "Fuzz D: Gain 1 Force.",
    "Fuzz Gamma: Pay 1 Force or tap this unit.",
    "Fuzz Equip",
];

/// Texts the fake plugins answer with (granted abilities, costs, counter kinds, options): the
/// fake keywords, real keywords no loaded plugin implements, costs, and text no one claims.
const WORDS: [&str; 16] = [
    "Fuzz Alpha",
    "Fuzz Beta 3",
    "Pay 2 Force -> Fuzz Gamma",
    "Fuzz Delta: Fuzz Delta: Fuzz Delta",
    "Fuzz Epsilon: Fuzz Beta 1",
    "Fuzz Equip",
    "Accuracy 1",
    "Critical Hit 1",
    "Pay 1 Force",
    "Tap this unit",
    "Pay 3 Force or tap this unit",
    "",
    "damage",
    "Stealth",
    "Fuzz Beta 999999999999",
    "Pay 1 Force -> Pay 1 Force -> Fuzz Alpha",
];

/// Costs an offer may print: ones the engine pays, one whose X only a completion chooses, and
/// one it can't pay.
const COSTS: [&str; 8] = [
    "Pay 1 Force",
    "Pay 2 Force",
    "Tap this unit",
    "Pay 1 build point",
    "Pay 0 Force",
    "Discard this unit",
    "Pay X Force",
    "Sing a song",
];

/// Texts that a terminal or a log must not take at their word: escapes, line breaks, NUL,
/// padding, a homoglyph of a fake keyword.
const HOSTILE_WORDS: [&str; 6] = [
    "\u{1b}[2J\u{1b}[31mPASS\n\0",
    "Fuzz Alpha\nFuzz Beta 1",
    "  Fuzz Alpha  ",
    "Fuzz \u{410}lpha",
    "\u{202e}ahplA zzuF",
    "Fuzz Alpha\0",
];

/// The bundled card database, built once.
fn cards() -> &'static CardDb {
    super::cards()
}

/// The fake host's plugins: one manifest per fake keyword, then the card plugin.
fn manifests() -> &'static [Manifest] {
    static MANIFESTS: OnceLock<Vec<Manifest>> = OnceLock::new();
    MANIFESTS.get_or_init(|| {
        let hooks = HookPoint::ALL
            .iter()
            .map(|h| format!("\"{}\"", h.name()))
            .collect::<Vec<_>>()
            .join(", ");
        let queries = |understands: bool| {
            Query::ALL
                .iter()
                .filter(|&&q| understands || q != Query::Understands)
                .map(|q| format!("\"{}\"", q.name()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut manifests: Vec<Manifest> = KEYWORDS
            .iter()
            .map(|(id, name, keys)| {
                let text = format!(
                    "[keyword]\nid = \"{id}\"\nname = \"{name}\"\nversion = \"1.0.0\"\n\
                     api = \"^1.0\"\ntemplate = \"{name}\"\n{keys}hooks = [{hooks}]\n\
                     queries = [{}]\n",
                    queries(false)
                );
                Manifest::parse(id, &text).expect("a fake keyword's manifest reads")
            })
            .collect();
        let card = format!(
            "[card]\nid = \"fuzz-card\"\nname = \"Fuzz card text\"\nversion = \"1.0.0\"\n\
             api = \"^1.0\"\ntypes = [\"unit\", \"battle\", \"mission\", \"equipment\"]\n\
             class = [\"triggered\", \"activated\"]\nzones = [\"arena\", \"build-zone\", \
             \"stack\", \"pilot\", \"discard\", \"equipped\"]\nhooks = [{hooks}]\n\
             queries = [{}]\n",
            queries(true)
        );
        manifests.push(Manifest::parse("fuzz-card", &card).expect("the card plugin's manifest"));
        manifests
    })
}

/// `id@version` of a fake plugin, as the plugin registry names a plugin in its errors.
fn label(manifest: &Manifest) -> String {
    format!("{}@{}", manifest.id, manifest.version)
}

/// The two decks of a fuzzed game: the seed decks with a fake keyword printed on most cards, and
/// three Battle cards, three Missions and three Equipment of the deck's side in place of their
/// last nine units, so that played cards and attached Equipment are reached too. The card plugin
/// does not work on played cards (manifest zone `played`), so that it plays Battle cards rather
/// than adding to them; Fuzz Alpha does.
fn decks() -> &'static [Vec<Arc<CardDef>>; 2] {
    static DECKS: OnceLock<[Vec<Arc<CardDef>>; 2]> = OnceLock::new();
    DECKS.get_or_init(|| {
        let deck = |origin: &str, text: &str, side: Side| {
            let mut deck =
                crate::deck::parse_deck_list(origin, text, cards()).expect("the seed decks read");
            let others: Vec<Arc<CardDef>> = [CardType::Battle, CardType::Mission]
                .into_iter()
                .chain([CardType::Equipment])
                .flat_map(|card_type| {
                    cards()
                        .cards()
                        .iter()
                        .filter(move |c| {
                            c.card_type == card_type
                                && c.side.playable_by(side)
                                && !c.abilities.is_empty()
                        })
                        .take(3)
                        .cloned()
                })
                .collect();
            let keep = deck.len() - others.len();
            deck.truncate(keep);
            deck.extend(others);
            deck.into_iter()
                .enumerate()
                .map(|(i, def)| {
                    let mut def = (*def).clone();
                    if def.card_type == CardType::Equipment {
                        def.abilities.push("Fuzz Equip".into());
                    } else if i % 7 != 6 {
                        def.abilities.push(PRINTED[i % PRINTED.len()].into());
                        if i % 4 == 0 {
                            def.abilities.push(PRINTED[(i / 4) % PRINTED.len()].into());
                        }
                    }
                    Arc::new(def)
                })
                .collect()
        };
        [
            deck("seed-dark.txt", crate::deck::SEED_DARK, Side::Dark),
            deck("seed-light.txt", crate::deck::SEED_LIGHT, Side::Light),
        ]
    })
}

/// The fuzz bytes, read one at a time; zero once they are used up.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

/// The units of the defender's side in the arena of the attack `a`: where a changed defender
/// may be.
fn defenders_side_in_arena(
    state: &GameState,
    a: &swtcg_rules::model::attack::AttackState,
) -> Vec<u32> {
    let side = state.unit(a.defender).map(|d| d.controller);
    state
        .units
        .values()
        .filter(|u| u.in_arena() == Some(a.arena) && Some(u.controller) == side)
        .map(|u| u.id.0)
        .collect()
}

/// The units in an arena of the controller of `own`: where its card may be attached.
fn controllers_units_in_arenas(state: &GameState, own: u32) -> Vec<u32> {
    let side = state.unit(UnitId(own)).map(|o| o.controller);
    state
        .units
        .values()
        .filter(|u| u.in_arena().is_some() && Some(u.controller) == side)
        .map(|u| u.id.0)
        .collect()
}

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let byte = self.data.get(self.at).copied().unwrap_or(0);
        self.at = (self.at + 1).min(self.data.len());
        byte
    }

    fn left(&self) -> bool {
        self.at < self.data.len()
    }

    fn raw_u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }
}

/// A fake host whose plugins' answers are the fuzz bytes.
struct FuzzHost<'a> {
    bytes: Bytes<'a>,
    /// How many more calls answer "no effect" before the next answer is read, so that a short
    /// input spreads its answers over a game rather than spending them all in setup.
    quiet: u32,
    /// How many calls one step of a quiet stretch is: 1, or many in a sparse game, whose few
    /// answers then fall anywhere in the game (a game that stops at its first plugin failure
    /// then fails somewhere other than its setup).
    quiet_step: u32,
    /// Where the tag bytes that answer wildly (any effect from 192, an error or a wrong kind of
    /// answer from 244) start to count as such; below it they answer likely valid effects.
    /// Chosen per game, so that some games that stop at their first plugin failure get far
    /// enough to fail somewhere other than setup.
    wild_from: u16,
    /// The latest answers about offers, by plugin, ability and call (see `query`).
    remembered: Vec<(PluginId, Ability, QueryCall, QueryAnswer)>,
    calls: u64,
}

/// How many answers about offers the fake host remembers.
const REMEMBERED: usize = 64;

impl<'a> FuzzHost<'a> {
    fn new(bytes: Bytes<'a>, wild_from: u16, quiet_step: u32) -> Self {
        FuzzHost {
            bytes,
            quiet: 0,
            quiet_step,
            wild_from,
            remembered: Vec::new(),
            calls: 0,
        }
    }

    /// A tag byte that would answer wildly in a game that allows no such answers, made a tag
    /// of likely valid effects.
    fn tamed(&self, tag: u8) -> u8 {
        if tag >= 192 && u16::from(tag) < self.wild_from {
            128 + tag % 64
        } else {
            tag
        }
    }

    /// Counts a call against the budget; past it the game is hanging, which is a bug.
    fn count_call(&mut self) {
        self.calls += 1;
        assert!(
            self.calls <= CALL_BUDGET,
            "a fuzzed game made more than {CALL_BUDGET} plugin calls: plugin answers keep it \
             from ending"
        );
    }

    /// What the next answer is: nothing (bytes used up, or a quiet stretch), or the tag byte.
    fn tag(&mut self) -> Option<u8> {
        if self.quiet > 0 {
            self.quiet -= 1;
            return None;
        }
        if !self.bytes.left() {
            return None;
        }
        let tag = self.bytes.byte();
        if tag < 128 {
            self.quiet = u32::from(tag % 16) * self.quiet_step;
            return None;
        }
        Some(tag)
    }

    /// A unit id: mostly the ability's own unit or a unit in play, sometimes one not in play.
    fn unit(&mut self, state: &GameState, own: u32) -> u32 {
        let b = self.bytes.byte();
        match b {
            0..=63 => own,
            64..=215 if !state.units.is_empty() => {
                let n = usize::from(b) % state.units.len();
                state.units.keys().nth(n).map_or(own, |id| id.0)
            }
            64..=231 => NOT_IN_PLAY,
            232..=247 => u32::from(b - 232),
            _ => self.bytes.raw_u32(),
        }
    }

    /// The play a `disrupt` names: mostly the one whose disrupt POP is open (the innermost),
    /// sometimes another number, a play that is over or never was.
    fn play(&mut self, state: &GameState) -> u32 {
        let b = self.bytes.byte();
        match (b, state.plays.last()) {
            (0..=191, Some(play)) => play.view.id,
            (0..=247, _) => u32::from(b % 8),
            _ => self.bytes.raw_u32(),
        }
    }

    /// An amount: mostly 0 to 3, sometimes at or past the engine's limits.
    fn amount(&mut self) -> u32 {
        let b = self.bytes.byte();
        match b {
            0..=191 => u32::from(b % 4),
            192..=231 => u32::from(b % 24),
            232..=247 => [
                20,
                21,
                64,
                99,
                100,
                101,
                999,
                1000,
                1001,
                65_535,
                1 << 20,
                1 << 31,
            ][usize::from(b - 232) % 12],
            248..=253 => self.bytes.raw_u32(),
            _ => u32::MAX,
        }
    }

    /// A signed number: mostly -3 to 3, sometimes at or past the limits.
    fn signed(&mut self) -> i32 {
        let b = self.bytes.byte();
        match b {
            0..=159 => i32::from(b % 7) - 3,
            160..=223 => i32::from(b % 41) - 20,
            224..=247 => [i32::MIN, i32::MAX, -1000, 1000, -1001, 1001, -1, 0][usize::from(b) % 8],
            _ => self.bytes.raw_u32() as i32,
        }
    }

    /// A text: mostly one of `WORDS`, sometimes short random characters, sometimes long, sometimes
    /// with escapes and control characters.
    fn text(&mut self) -> String {
        let b = self.bytes.byte();
        match b {
            0..=159 => WORDS[usize::from(b) % WORDS.len()].into(),
            160..=239 => (0..b % 12)
                .map(|_| {
                    let c = self.bytes.byte();
                    match c {
                        0..=31 => char::from(c),
                        128..=143 => ['\u{1b}', '\u{7f}', '\u{202e}', '\u{410}', '\u{feff}']
                            [usize::from(c) % 5],
                        _ => char::from(32 + c % 95),
                    }
                })
                .collect(),
            // A game with no wild answers has no texts too long to grant either.
            240..=247 if self.wild_from < 256 => {
                let word = WORDS[usize::from(b) % WORDS.len()];
                let length = 400 * usize::from(b - 238);
                word.chars()
                    .chain(std::iter::repeat('x'))
                    .take(length)
                    .collect()
            }
            240..=247 => WORDS[usize::from(b) % WORDS.len()].into(),
            _ => HOSTILE_WORDS[usize::from(b) % HOSTILE_WORDS.len()].into(),
        }
    }

    fn texts(&mut self, most: u8) -> Vec<String> {
        let count = self.bytes.byte() % (most + 1);
        (0..count).map(|_| self.text()).collect()
    }

    fn duration(&mut self) -> Duration {
        [
            Duration::ThisAttack,
            Duration::NextAttack,
            Duration::EndOfBattle,
            Duration::EndOfTurn,
            Duration::EndOfGame,
        ][usize::from(self.bytes.byte()) % 5]
    }

    /// A side. (The API's `Side` has no value for "neither": a number past the last case is
    /// refused where the plugin's answer is read, before the engine sees it.)
    fn side(&mut self) -> swtcg_plugin_api::Side {
        let sides = swtcg_plugin_api::Side::ALL;
        sides[usize::from(self.bytes.byte()) % sides.len()]
    }

    /// A zone, an arena or the build zone.
    fn zone(&mut self) -> Zone {
        Zone::ALL[usize::from(self.bytes.byte()) % Zone::ALL.len()]
    }

    fn stat_change(&mut self, state: &GameState, own: u32) -> StatChange {
        StatChange {
            unit: self.unit(state, own),
            speed: self.signed(),
            power: self.signed(),
            health: self.signed(),
            duration: self.duration(),
        }
    }

    fn delayed(&mut self, state: &GameState, own: u32) -> Delayed {
        match self.bytes.byte() % 7 {
            0 => Delayed::DiceOfDamage {
                source: self.unit(state, own),
                target: self.unit(state, own),
                dice: self.amount(),
            },
            1 => Delayed::Damage {
                source: self.unit(state, own),
                target: self.unit(state, own),
                amount: self.amount(),
            },
            2 => Delayed::Stats(self.stat_change(state, own)),
            3 => Delayed::GainForce {
                amount: self.amount(),
            },
            4 => Delayed::GainBuildPoints {
                amount: self.amount(),
            },
            5 => Delayed::Draw {
                cards: self.amount(),
            },
            _ => Delayed::LoseForce {
                side: self.side(),
                amount: self.amount(),
            },
        }
    }

    /// Cards of the players' piles, some of them, and maybe a number that names none.
    fn pile_cards(&mut self, state: &GameState) -> Vec<u32> {
        let mut cards: Vec<u32> = [Side::Dark, Side::Light]
            .iter()
            .flat_map(|&side| {
                let player = state.player(side);
                player
                    .deck
                    .iter()
                    .chain(&player.discard)
                    .chain(&player.hand)
            })
            .map(|card| card.0)
            .filter(|_| self.bytes.flag())
            .collect();
        if self.bytes.flag() {
            cards.push(u32::from(self.bytes.byte()) * 7);
        }
        cards
    }

    /// API 1.11's `pick-cards`: cards of the piles (or numbers that name none), any count,
    /// anywhere.
    fn pick_cards(&mut self, state: &GameState) -> Effect {
        let cards = self.pile_cards(state);
        Effect::PickCards(swtcg_plugin_api::PickCards {
            cards,
            count: u32::from(self.bytes.byte() % 5),
            up_to: self.bytes.flag(),
            shuffle: self
                .bytes
                .flag()
                .then(|| swtcg_plugin_api::Side::ALL[usize::from(self.bytes.byte() & 1)]),
            picker: swtcg_plugin_api::Side::ALL[usize::from(self.bytes.byte() & 1)],
            to: match self.bytes.byte() % 5 {
                0 => swtcg_plugin_api::Destination::Hand,
                1 => swtcg_plugin_api::Destination::DiscardPile,
                2 => swtcg_plugin_api::Destination::BuildZone(self.amount()),
                3 => swtcg_plugin_api::Destination::Play,
                _ => swtcg_plugin_api::Destination::Removed,
            },
        })
    }

    /// One effect of any variant.
    fn effect(&mut self, state: &GameState, own: u32) -> Effect {
        match self.bytes.byte() % 43 {
            0 => Effect::Stats(self.stat_change(state, own)),
            1 => Effect::Prevent {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            2 => Effect::AddPending {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            3 => Effect::DiceOfDamage {
                source: self.unit(state, own),
                target: self.unit(state, own),
                dice: self.amount(),
            },
            4 => Effect::Damage {
                source: self.unit(state, own),
                target: self.unit(state, own),
                amount: self.amount(),
            },
            5 => Effect::ChangeDefender {
                unit: self.unit(state, own),
            },
            6 => Effect::OfferSplit {
                hits: self.amount(),
            },
            7 => Effect::ExtraAttackDice {
                dice: self.amount(),
            },
            8 => Effect::GainForce {
                amount: self.amount(),
            },
            9 => Effect::Tap {
                unit: self.unit(state, own),
            },
            10 => Effect::Untap {
                unit: self.unit(state, own),
            },
            11 => Effect::Counters {
                unit: self.unit(state, own),
                kind: self.text(),
                amount: self.signed(),
            },
            12 => Effect::PayOneOf {
                costs: self.texts(3),
            },
            13 => Effect::AtAttackEnd(self.delayed(state, own)),
            14 => {
                let count = self.bytes.byte() % 4;
                Effect::Reroll {
                    dice: (0..count)
                        .map(|_| match self.bytes.byte() {
                            b @ 0..=239 => u32::from(b % 5),
                            _ => self.bytes.raw_u32(),
                        })
                        .collect(),
                }
            }
            15 => Effect::DiceModifier {
                amount: self.signed(),
            },
            16 => Effect::MoveUnit {
                unit: self.unit(state, own),
                zone: self.zone(),
            },
            17 => Effect::Grant {
                unit: self.unit(state, own),
                text: self.text(),
                duration: self.duration(),
            },
            18 => Effect::PlaceDamage {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            19 => Effect::RemoveDamage {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            20 => Effect::Draw {
                side: self.side(),
                cards: self.amount(),
            },
            21 => Effect::GainBuildPoints {
                amount: self.amount(),
            },
            22 => Effect::LoseForce {
                side: self.side(),
                amount: self.amount(),
            },
            23 => Effect::Choose {
                options: self.texts(4),
                optional: self.bytes.flag(),
            },
            24 => Effect::Note {
                unit: self.unit(state, own),
                key: self.text(),
                value: self.signed(),
                duration: self.duration(),
            },
            25 => Effect::AttackAgain {
                attacker: self.unit(state, own),
                defender: self.unit(state, own),
                tap: self.bytes.flag(),
            },
            26 => Effect::AtBuildStepStart(self.delayed(state, own)),
            27 => Effect::PutBeneath {
                unit: self.unit(state, own),
                from: self.unit(state, own),
            },
            28 => Effect::Attach {
                equipment: self.unit(state, own),
                to: self.unit(state, own),
            },
            29 => Effect::Board {
                onto: self.unit(state, own),
            },
            30 => Effect::Disembark {
                from: self.unit(state, own),
            },
            31 => Effect::Disrupt {
                play: self.play(state),
            },
            case => self.newer_effect(case, state, own),
        }
    }

    /// One effect of the cases from 32 of [`Self::effect`] on: variants API 1.8 and later added.
    fn newer_effect(&mut self, case: u8, state: &GameState, own: u32) -> Effect {
        match case {
            // API 1.10: a name a supply may or may not hold, any arenas, and a discard.
            32 => Effect::TakeSubordinate {
                name: ["Blue Krill", "", "BD-1", "no such card"]
                    [usize::from(self.bytes.byte() % 4)]
                .into(),
                arenas: Arena::ALL
                    .iter()
                    .filter(|_| self.bytes.flag())
                    .copied()
                    .collect(),
                tapped: self.bytes.flag(),
            },
            33 => Effect::DiscardUnit {
                unit: self.unit(state, own),
            },
            34 => self.pick_cards(state),
            // API 1.12: damage counters removed with no choice.
            35 => Effect::ClearDamage {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            // API 1.13: build points gained or lost, and cards shown to a player.
            36 => Effect::BuildPoints {
                side: swtcg_plugin_api::Side::ALL[usize::from(self.bytes.byte() & 1)],
                amount: i32::from(self.bytes.byte() as i8),
            },
            37 => Effect::Reveal {
                cards: self.pile_cards(state),
                to: swtcg_plugin_api::Side::ALL[usize::from(self.bytes.byte() & 1)],
            },
            // API 1.14: a played card's ability kept in effect.
            38 => Effect::Lasts {
                duration: self.duration(),
            },
            39 => Effect::BuildCounters {
                unit: self.unit(state, own),
                amount: self.amount(),
            },
            // API 1.15: effects put off until the next build step.
            40 => Effect::Later {
                tag: u32::from(self.bytes.byte()),
            },
            // API 1.19: either player gains Force.
            41 => Effect::PlayerGainsForce {
                side: self.side(),
                amount: self.amount(),
            },
            _ => Effect::UnlessPays {
                side: swtcg_plugin_api::Side::ALL[usize::from(self.bytes.byte() & 1)],
                cost: COSTS[usize::from(self.bytes.byte()) % COSTS.len()].into(),
            },
        }
    }

    /// An effect that is likely valid where it is proposed: small numbers, a unit in play, and
    /// the damage, attack and build-step effects only where they apply. A game that stops at its
    /// first plugin failure gets past its setup only with answers like these.
    fn likely_valid_effect(&mut self, state: &GameState, own: u32) -> Effect {
        let kind = self.bytes.byte();
        let b = self.bytes.byte();
        let pick = |ids: Vec<u32>| match ids.len() {
            0 => own,
            n => ids[usize::from(b) % n],
        };
        let unit = match b & 3 {
            0 => own,
            _ => pick(state.units.keys().map(|id| id.0).collect()),
        };
        let small = u32::from(b >> 6);
        let attack = state.attack.as_ref();
        // The play whose disrupt POP is open (API 1.8), the only one a `disrupt` may name.
        let playing = state.plays.last().map(|p| p.view.id);
        let pending = state
            .damage
            .last()
            .map(|d| &d.pending[..])
            .unwrap_or_default();
        match kind % 20 {
            0 => Effect::GainForce { amount: small },
            1 => Effect::GainBuildPoints { amount: small },
            2 => Effect::Draw {
                side: swtcg_plugin_api::Side::ALL[usize::from(b >> 7)],
                cards: small % 2,
            },
            3 => Effect::LoseForce {
                side: swtcg_plugin_api::Side::ALL[usize::from(b >> 7)],
                amount: small,
            },
            4 => Effect::Stats(StatChange {
                unit,
                speed: 0,
                power: i32::from(b >> 6) - 1,
                health: i32::from(b >> 7),
                duration: self.duration(),
            }),
            5 => Effect::Tap { unit },
            6 => Effect::Untap { unit },
            7 => Effect::Counters {
                unit,
                kind: ["shield", "charge", "fuzz"][usize::from(b >> 6) % 3].into(),
                amount: i32::from(b >> 6),
            },
            8 => Effect::Note {
                unit,
                key: ["fuzz", "used", "x"][usize::from(b >> 6) % 3].into(),
                value: i32::from(b >> 5),
                duration: self.duration(),
            },
            9 => Effect::Grant {
                unit,
                text: PRINTED[usize::from(b >> 2) % PRINTED.len()].into(),
                duration: self.duration(),
            },
            10 => Effect::Choose {
                options: WORDS[..1 + usize::from(b >> 6)]
                    .iter()
                    .map(|w| (*w).into())
                    .collect(),
                optional: b & 16 != 0,
            },
            11 => Effect::PayOneOf {
                costs: COSTS[..1 + usize::from(b >> 6)]
                    .iter()
                    .map(|c| (*c).into())
                    .collect(),
            },
            12 if !pending.is_empty() => Effect::Prevent {
                unit: pending[usize::from(b) % pending.len()].target.0,
                amount: small,
            },
            13 if !pending.is_empty() => Effect::AddPending {
                unit: pending[usize::from(b) % pending.len()].target.0,
                amount: small,
            },
            12 | 13 => Effect::PlaceDamage { unit, amount: 1 },
            14 => match attack {
                Some(a) if !a.counted => match b >> 6 {
                    0 => Effect::DiceModifier { amount: 1 },
                    1 => Effect::Reroll { dice: vec![0] },
                    _ => Effect::ExtraAttackDice { dice: 1 },
                },
                Some(a) => Effect::OfferSplit { hits: a.hits },
                None => Effect::RemoveDamage { unit, amount: 1 },
            },
            15 => match attack {
                // Another unit of the defender's side in the arena of the attack.
                Some(a) => Effect::ChangeDefender {
                    unit: pick(defenders_side_in_arena(state, a)),
                },
                None => Effect::AtBuildStepStart(Delayed::Draw { cards: 1 }),
            },
            16 => match attack {
                Some(a) if b & 1 == 0 => Effect::AttackAgain {
                    attacker: a.attacker.0,
                    defender: a.defender.0,
                    tap: b & 16 != 0,
                },
                Some(a) => Effect::AtAttackEnd(Delayed::Damage {
                    source: a.attacker.0,
                    target: a.defender.0,
                    amount: 1,
                }),
                None => Effect::AtBuildStepStart(Delayed::GainForce { amount: 1 }),
            },
            // The ability's own card onto another unit: Equipment onto a unit of its controller
            // in an arena, a Pilot onto any unit.
            17 => Effect::Attach {
                equipment: own,
                to: pick(controllers_units_in_arenas(state, own)),
            },
            18 => match b & 4 {
                0 => Effect::Board { onto: unit },
                _ => Effect::Disembark { from: unit },
            },
            // Only while a play is open: no other `disrupt` can be valid.
            19 if b & 8 == 0 && playing.is_some() => Effect::Disrupt {
                play: playing.unwrap_or_default(),
            },
            19 if b & 16 == 0 => Effect::UnlessPays {
                side: swtcg_plugin_api::Side::ALL[usize::from(b >> 7)],
                cost: COSTS[usize::from(b >> 5) % COSTS.len()].into(),
            },
            _ => match state.departed.keys().next_back() {
                Some(from) if b & 4 == 0 => Effect::PutBeneath { unit, from: from.0 },
                _ => Effect::MoveUnit {
                    unit,
                    zone: Zone::ALL[usize::from(b % 4)],
                },
            },
        }
    }

    /// A list of effects, by the answer's tag: one or two likely valid ones, one to three of any
    /// kind, or up to 255 (past the most one call may propose).
    fn effects(&mut self, tag: u8, state: &GameState, own: u32) -> Vec<Effect> {
        match tag {
            0..=191 => (0..1 + tag % 2)
                .map(|_| self.likely_valid_effect(state, own))
                .collect(),
            248..=255 => {
                let count = self.bytes.byte();
                (0..count).map(|_| self.effect(state, own)).collect()
            }
            _ => (0..1 + tag % 3).map(|_| self.effect(state, own)).collect(),
        }
    }

    /// A cost for an offer: mostly none or one the engine can pay, sometimes any text.
    fn cost(&mut self) -> Option<String> {
        match self.bytes.byte() {
            0..=127 => None,
            b @ 128..=239 => Some(COSTS[usize::from(b) % COSTS.len()].into()),
            _ => Some(self.text()),
        }
    }

    fn activations(&mut self, state: &GameState, own: u32) -> Vec<Activation> {
        let count = self.bytes.byte() % 4;
        (0..count)
            .map(|_| {
                let label = self.text();
                // Read from the label's length rather than a byte of its own, so that the
                // corpus files written before `replaces` (API 1.7) decode as they did.
                let replaces = label.len() % 2 == 1;
                Activation {
                    label,
                    cost: self.cost(),
                    targets: {
                        let count = self.bytes.byte() % 4;
                        (0..count).map(|_| self.unit(state, own)).collect()
                    },
                    max_amount: self.bytes.flag().then(|| self.amount()),
                    replaces,
                }
            })
            .collect()
    }

    fn completions(&mut self) -> Vec<Completion> {
        let count = self.bytes.byte() % 3;
        (0..count)
            .map(|_| Completion {
                label: self.text(),
                cost: self.cost(),
                min_counters: self.amount(),
                force_for_missing: self.bytes.flag(),
                from_hand: self.bytes.flag(),
                anytime: self.bytes.flag(),
            })
            .collect()
    }

    fn stats(&mut self) -> Stats {
        Stats {
            speed: self.signed(),
            power: self.signed(),
            health: self.signed(),
        }
    }

    /// The answer of the right kind for a query.
    fn right_answer(&mut self, call: &QueryCall, state: &GameState, own: u32) -> QueryAnswer {
        match call {
            QueryCall::AttackDieModifier { .. }
            | QueryCall::PowerAgainst { .. }
            | QueryCall::BuildCostChangeFor { .. } => QueryAnswer::Number(self.signed()),
            QueryCall::HitThreshold { .. } => {
                QueryAnswer::Threshold(self.bytes.flag().then(|| self.bytes.byte()))
            }
            QueryCall::CanBeAttacked { .. }
            | QueryCall::CanBeRetargeted { .. }
            | QueryCall::Understands
            | QueryCall::StacksUnder { .. }
            | QueryCall::SecretRoll
            | QueryCall::Undisruptable
            | QueryCall::Forbids { .. } => QueryAnswer::Flag(self.bytes.flag()),
            QueryCall::StatModifier | QueryCall::StatModifierFor { .. } => {
                QueryAnswer::Stats(self.stats())
            }
            QueryCall::DamagePreventable { .. } => {
                QueryAnswer::MaybeFlag(match self.bytes.byte() {
                    0..=127 => None,
                    b => Some(b & 1 == 1),
                })
            }
            QueryCall::Activations { .. }
            | QueryCall::BuildActivations { .. }
            | QueryCall::Actions { .. } => QueryAnswer::Activations(self.activations(state, own)),
            QueryCall::Activate { .. } | QueryCall::Chosen { .. } | QueryCall::Later { .. } => {
                let tag = self.bytes.byte();
                let tag = self.tamed(tag);
                QueryAnswer::Effects(self.effects(tag, state, own))
            }
            QueryCall::GrantedAbilities
            | QueryCall::GrantedAbilitiesFor { .. }
            | QueryCall::RemovedKeywords { .. }
            | QueryCall::Subtypes => QueryAnswer::Abilities(self.texts(3)),
            QueryCall::Completions => QueryAnswer::Completions(self.completions()),
            QueryCall::AttackArenas => {
                let count = self.bytes.byte() % 3;
                QueryAnswer::Arenas(
                    (0..count)
                        .map(|_| {
                            let arena = usize::from(self.bytes.byte()) % Arena::ALL.len();
                            (Arena::ALL[arena], self.signed())
                        })
                        .collect(),
                )
            }
            QueryCall::PilotRoom { .. } => QueryAnswer::PilotRoom(RoomForPilots {
                allows_a_pilot: self.bytes.flag(),
                up_to: self.bytes.flag().then(|| self.amount()),
                extra: self.amount(),
            }),
            // `query` answers this one unit at a time; an answer made whole here names any
            // unit, in play or not.
            QueryCall::RemovedKeywordsAll => {
                let count = self.bytes.byte() % 3;
                QueryAnswer::LostKeywords(
                    (0..count)
                        .map(|_| LostKeywords {
                            unit: self.unit(state, own),
                            keywords: self.texts(3),
                        })
                        .collect(),
                )
            }
        }
    }

    /// An answer of any kind, most likely the wrong one for the query asked.
    fn any_answer(&mut self, state: &GameState, own: u32) -> QueryAnswer {
        let calls = [
            QueryCall::AttackArenas,
            QueryCall::StatModifier,
            QueryCall::SecretRoll,
            QueryCall::GrantedAbilities,
            QueryCall::Completions,
            QueryCall::Chosen { index: 0 },
            QueryCall::AttackDieModifier {
                attacker: 0,
                defender: 0,
            },
            QueryCall::HitThreshold {
                kind: swtcg_plugin_api::DiceKind::Attack,
            },
            QueryCall::DamagePreventable {
                source: 0,
                target: 0,
            },
            QueryCall::BuildActivations {
                event: HookEvent::default(),
            },
        ];
        let call = &calls[usize::from(self.bytes.byte()) % calls.len()];
        self.right_answer(call, state, own)
    }
}

/// The answer of a query that changes nothing, given when the bytes say nothing: what the wasm
/// host answers for a query added after a plugin's API version.
fn no_change(call: &QueryCall) -> QueryAnswer {
    match call {
        QueryCall::AttackDieModifier { .. } | QueryCall::PowerAgainst { .. } => {
            QueryAnswer::Number(0)
        }
        QueryCall::HitThreshold { .. } => QueryAnswer::Threshold(None),
        QueryCall::CanBeAttacked { .. }
        | QueryCall::CanBeRetargeted { .. }
        | QueryCall::Understands => QueryAnswer::Flag(true),
        QueryCall::StacksUnder { .. }
        | QueryCall::SecretRoll
        | QueryCall::Undisruptable
        | QueryCall::Forbids { .. } => QueryAnswer::Flag(false),
        QueryCall::StatModifier | QueryCall::StatModifierFor { .. } => {
            QueryAnswer::Stats(Stats::default())
        }
        QueryCall::DamagePreventable { .. } => QueryAnswer::MaybeFlag(None),
        QueryCall::Activations { .. }
        | QueryCall::BuildActivations { .. }
        | QueryCall::Actions { .. } => QueryAnswer::Activations(Vec::new()),
        QueryCall::Activate { .. } | QueryCall::Chosen { .. } | QueryCall::Later { .. } => {
            QueryAnswer::Effects(Vec::new())
        }
        QueryCall::GrantedAbilities
        | QueryCall::GrantedAbilitiesFor { .. }
        | QueryCall::RemovedKeywords { .. }
        | QueryCall::Subtypes => QueryAnswer::Abilities(Vec::new()),
        QueryCall::BuildCostChangeFor { .. } => QueryAnswer::Number(0),
        QueryCall::Completions => QueryAnswer::Completions(Vec::new()),
        QueryCall::AttackArenas => QueryAnswer::Arenas(Vec::new()),
        QueryCall::PilotRoom { .. } => QueryAnswer::PilotRoom(RoomForPilots::default()),
        QueryCall::RemovedKeywordsAll => QueryAnswer::LostKeywords(Vec::new()),
    }
}

impl FuzzHost<'_> {
    /// A query's answer from the bytes.
    fn answer_query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        let Some(tag) = self.tag() else {
            return Ok(no_change(call));
        };
        if tag >= 244 && u16::from(tag) < self.wild_from {
            return Ok(self.right_answer(call, state, ability.unit));
        }
        match tag {
            128..=243 => Ok(self.right_answer(call, state, ability.unit)),
            244..=249 => Ok(self.any_answer(state, ability.unit)),
            _ => Err(HookError {
                plugin: label(&manifests()[plugin]),
                hook: query_name(call).into(),
                reason: plugin_returned_error(&self.text()),
            }),
        }
    }
}

/// The name a query is reported under in errors, as the plugin registry reports it.
fn query_name(call: &QueryCall) -> &'static str {
    match call {
        QueryCall::Activate { .. } => "activate",
        other => other.query().name(),
    }
}

impl AbilityHost for FuzzHost<'_> {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        manifests()
            .iter()
            .position(|m| m.names().any(|name| name.eq_ignore_ascii_case(keyword)))
    }

    fn manifest(&self, plugin: PluginId) -> &Manifest {
        &manifests()[plugin]
    }

    fn keyword_names(&self) -> Vec<String> {
        manifests()
            .iter()
            .flat_map(|m| m.names().map(String::from))
            .collect()
    }

    fn card_plugins(&self) -> Vec<PluginId> {
        vec![manifests().len() - 1]
    }

    fn any_subscribed(&self, _hook: HookPoint) -> bool {
        true
    }

    fn any_answers(&self, _query: Query) -> bool {
        true
    }

    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        _event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        self.count_call();
        let Some(tag) = self.tag().map(|tag| self.tamed(tag)) else {
            return Ok(Vec::new());
        };
        if (244..248).contains(&tag) {
            return Err(HookError {
                plugin: label(&manifests()[plugin]),
                hook: hook.name().into(),
                reason: plugin_returned_error(&self.text()),
            });
        }
        Ok(self.effects(tag, state, ability.unit))
    }

    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        if matches!(call, QueryCall::RemovedKeywordsAll) {
            // The fake plugins answer it as the hosts answer a plugin built before API 1.7,
            // with a per-unit question about each unit in play, so that the corpus files
            // written before 1.7 decode as they did.
            let lost = swtcg_wasm_host::lost_keywords_unit_by_unit(state, |unit| {
                let call = QueryCall::RemovedKeywords { unit };
                Ok(match self.query(plugin, ability, &call, state)? {
                    QueryAnswer::Abilities(keywords) => keywords,
                    _ => Vec::new(),
                })
            })?;
            return Ok(QueryAnswer::LostKeywords(lost));
        }
        self.count_call();
        // The engine asks for offers again when one is played (and `activate` once to check
        // a build action, then to play it): a plugin mostly answers the same question the same
        // way, and sometimes not.
        let remembers = matches!(
            call,
            QueryCall::Activations { .. }
                | QueryCall::BuildActivations { .. }
                | QueryCall::Activate { .. }
                | QueryCall::Completions
        );
        if remembers
            && let Some((.., answer)) = self
                .remembered
                .iter()
                .find(|(p, a, c, _)| *p == plugin && a == ability && c == call)
        {
            let answer = answer.clone();
            if !self.bytes.left() || self.bytes.byte() < 224 {
                return Ok(answer);
            }
        }
        let answer = self.answer_query(plugin, ability, call, state)?;
        if remembers {
            self.remembered
                .retain(|(p, a, c, _)| !(*p == plugin && a == ability && c == call));
            if self.remembered.len() == REMEMBERED {
                self.remembered.remove(0);
            }
            self.remembered
                .push((plugin, ability.clone(), call.clone(), answer.clone()));
        }
        Ok(answer)
    }
}

/// The players, counting the decisions they are asked: past the budget the game is hanging.
struct Counted {
    seats: Seats,
    decisions: u64,
}

impl Decider for Counted {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        self.decisions += 1;
        assert!(
            self.decisions <= DECISION_BUDGET,
            "a fuzzed game asked more than {DECISION_BUDGET} decisions: plugin answers keep it \
             from ending (last: {})",
            decision.kind.describe()
        );
        // Every card is in exactly one place whenever a player is asked.
        if let Err(err) = state.check_conservation() {
            panic!(
                "cards are not conserved at decision {} ({}): {err}",
                self.decisions,
                decision.kind.describe()
            );
        }
        self.seats.decide(state, decision)
    }
}

/// A player from one byte: random-legal (seeded) or greedy.
fn player(byte: u8, seed: u64) -> Box<dyn Player> {
    if byte & 1 == 0 {
        Box::new(RandomPlayer::new(seed))
    } else {
        Box::new(GreedyPlayer::default())
    }
}

/// Whether a name is one an error may give as its hook: a hook point, a query, or `activate`.
fn is_hook_name(name: &str) -> bool {
    HookPoint::from_name(name).is_some() || Query::from_name(name).is_some() || name == "activate"
}

/// A whole game against plugins whose every answer comes from `data` (see the module's text).
/// The first bytes choose the game: `on_plugin_error`, the players, the turn limit, how wild the
/// answers may be and how sparse, and the seed;
/// the rest are the plugins' answers, in the order the engine asks.
pub fn plugin_answers(data: &[u8]) {
    play(data);
}

/// What one fuzzed game came to, for the summary of a run of many.
#[derive(Debug)]
pub struct Played {
    pub outcome: Result<Outcome, EngineError>,
    /// The turn the game ended in (0 in setup).
    pub turns: u32,
    /// Decisions the players were asked, and hook calls and queries the plugins answered.
    pub decisions: u64,
    pub calls: u64,
    /// How many of the input's bytes were read before the game ended.
    pub read: usize,
    /// The game's log, up to its end.
    pub log: Vec<LogEntry>,
}

/// Plays the game of `plugin_answers` and checks it; panics where a property breaks.
pub fn play(data: &[u8]) -> Played {
    let mut bytes = Bytes { data, at: 0 };
    let setup = bytes.byte();
    let seed = u64::from(u16::from_le_bytes([bytes.byte(), bytes.byte()]));
    let on_plugin_error = if setup & 1 == 0 {
        OnPluginError::Skip
    } else {
        OnPluginError::Stop
    };
    let ruleset = Arc::new(Ruleset {
        turn_limit: 1 + u32::from(setup >> 3) % MAX_TURNS,
        on_plugin_error,
        ..Ruleset::default()
    });
    let mut players = Counted {
        seats: Seats {
            dark: player(setup >> 1, seed),
            light: player(setup >> 2, seed.wrapping_add(1)),
        },
        decisions: 0,
    };
    // Wild answers from tag 192 on (half the games), only errors and big lists (244), or none.
    let wild_from = [192, 192, 244, 256][usize::from(setup >> 5) % 4];
    let quiet_step = if setup & 0x80 == 0 { 1 } else { 256 };
    let mut host = FuzzHost::new(bytes, wild_from, quiet_step);
    let mut game = Game::from_decks(decks().clone(), seed, ruleset, &mut host, &mut players);
    let outcome = game.play();
    match &outcome {
        Ok(Outcome::Winner(_) | Outcome::TurnLimit) => {}
        Err(EngineError::Hook(error)) => {
            assert!(
                on_plugin_error == OnPluginError::Stop,
                "a plugin failure stopped a game whose ruleset skips failed calls: {error}"
            );
            assert!(
                manifests().iter().any(|m| label(m) == error.plugin),
                "a plugin error names no loaded plugin: {error}"
            );
            assert!(
                is_hook_name(&error.hook),
                "a plugin error names no hook: {error}"
            );
            // The log is kept up to the failure, which it records.
            let message = error.to_string();
            let logged = game.log.entries.iter().rev().find_map(|entry| match entry {
                LogEntry::Event {
                    event: Event::PluginError { message },
                } => Some(message),
                _ => None,
            });
            assert_eq!(logged, Some(&message), "the log does not hold the failure");
        }
        Err(EngineError::Limit(message)) => {
            assert!(
                message.contains("limit"),
                "a limit error names no limit: {message}"
            );
        }
        other => panic!("a fuzzed game ended with {other:?}"),
    }
    if let Err(err) = game.state.check_conservation() {
        panic!("cards are not conserved at the end of a fuzzed game ({outcome:?}): {err}");
    }
    let turns = game.state.turn;
    let log = std::mem::take(&mut game.log.entries);
    drop(game);
    Played {
        outcome,
        turns,
        decisions: players.decisions,
        calls: host.calls,
        read: host.bytes.at,
        log,
    }
}

#[cfg(test)]
mod tests;
