//! The web board's wire format (version 1, docs/web-board.md): the messages a side's socket
//! receives and sends, and the board as one side may see it. Hidden information — the
//! opponent's hand and the cards the opponent builds face down (game 1.5, 4.3) — is left out
//! here, on the server, so that it never reaches the wrong side's page.

use serde::{Deserialize, Serialize};
use swtcg_engine::decision::{Decision, DecisionKind, describe_decision, describe_option};
use swtcg_engine::model::{CardId, Place, Unit};
use swtcg_engine::{Arena, Choice, GameState, Side};

use crate::board::{Viewer, option_group, printed};

/// The version of this format; a front end refuses messages of another major version.
pub const WIRE_VERSION: u32 = 1;

/// A message from the server to one side's page.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// The first message on a socket: who this page plays and against whom.
    Hello {
        version: u32,
        side: Side,
        /// Each side's deck name, Dark Side first.
        decks: [String; 2],
        /// "ai" or "human" for each side, Dark Side first.
        players: [&'static str; 2],
        seed: u64,
        ruleset: String,
    },
    /// The board as this side sees it now, the log entries it has not been sent yet, the
    /// decision it must answer (if any) and the result once the game is over.
    Update {
        board: Box<BoardView>,
        /// The log lines from `log_from` on (the first update of a socket sends them all).
        log_from: usize,
        log: Vec<LogLine>,
        decision: Option<DecisionView>,
        /// Whether this side may undo its last decision now (nothing hidden was revealed
        /// since, and the other player has not decided since).
        can_undo: bool,
        result: Option<String>,
    },
    /// An answer of this page's was refused (stale decision, wrong side, unknown option).
    Refused { message: String },
}

/// A message from a page to the server.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Answer decision `decision` with the option numbered `option` (0-based).
    Choose { decision: u64, option: usize },
    /// Let the built-in AI answer decision `decision` this once.
    Ai { decision: u64 },
    /// Leave the game: it ends without a result, as `swtcg play`'s `q` does.
    Concede,
    /// Take back this side's last decision (when the update said `can_undo`): the game is
    /// played again from its seed up to it, and the log starts over (`log_from` 0).
    Undo,
}

/// One line of the game log in words, as this side may know it: `entry` is the entry's index
/// in the game log (`--log`, after the header), so a line can be traced to the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogLine {
    pub entry: usize,
    pub text: String,
}

/// A decision this side must answer.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionView {
    /// The decision's number in the game (every decision asked, of both sides, counts).
    pub id: u64,
    pub prompt: String,
    pub options: Vec<OptionView>,
}

/// One legal answer. Options of one `group` (the counters to start building one card with,
/// say) are shown together, each by its `short` label.
#[derive(Debug, Clone, Serialize)]
pub struct OptionView {
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub short: Option<String>,
}

impl DecisionView {
    pub fn new(state: &GameState, decision: &Decision, id: u64) -> Self {
        let options = decision
            .options
            .iter()
            .map(|choice| option_view(state, &decision.kind, choice))
            .collect();
        DecisionView {
            id,
            prompt: describe_decision(state, &decision.kind),
            options,
        }
    }
}

fn option_view(state: &GameState, kind: &DecisionKind, choice: &Choice) -> OptionView {
    let (group, short) = match option_group(state, choice) {
        Some((group, short)) => (Some(group), Some(short)),
        None => (None, None),
    };
    OptionView {
        label: describe_option(state, kind, choice),
        group,
        short,
    }
}

/// The board as one side sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardView {
    pub turn: u32,
    /// Where the game is in the turn, in words ("Build step (Dark Side)").
    pub step: String,
    /// Dark Side first.
    pub players: [PlayerView; 2],
    /// Space, Ground, Character.
    pub arenas: Vec<ArenaView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerView {
    pub side: Side,
    pub force: u32,
    pub build_points: u32,
    pub deck: usize,
    pub hand_count: usize,
    /// The cards in hand: only in the view of the hand's owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<CardView>>,
    /// The discard pile, top card last: it is public (game 4.5).
    pub discard: Vec<CardView>,
    /// The build zone: the opponent's cards being built show no card, only their counters.
    pub build_zone: Vec<UnitView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArenaView {
    pub arena: Arena,
    pub controller: Option<Side>,
    /// Dark Side's units and Locations first, then Light Side's.
    pub units: [Vec<UnitView>; 2],
}

/// A printed card: what a player reads on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardView {
    pub card: u32,
    pub name: String,
    pub kind: String,
    pub set: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    pub arenas: Vec<Arena>,
    pub subtypes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<String>,
    pub text: Vec<String>,
}

/// A unit, a Location or a card in a build zone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitView {
    pub id: u32,
    /// The top card; none for a card the opponent builds face down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<CardView>,
    pub face_down: bool,
    pub built: bool,
    pub build_counters: u32,
    /// The build cost, when the viewer may know the card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_cost: Option<u32>,
    pub location: bool,
    pub tapped: bool,
    pub damage: u32,
    /// The current stats (printed plus every change), for a built unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// The cards under the top one (Stack), from the top down.
    pub stack: Vec<String>,
    pub pilots: Vec<String>,
    /// The Equipment attached to it (game 16.2).
    pub equipment: Vec<String>,
    /// Abilities given to it now (by a grant or an aura) and keywords it has lost.
    pub given: Vec<String>,
    pub loses: Vec<String>,
    /// The half of its Switch ability that applies in its arena now, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub switch: Option<String>,
    /// Its stat changes in words, each with its source and how long it lasts ("-2 power from
    /// \"Stun 2\" until the end of the turn").
    pub changes: Vec<String>,
    /// Counters of named kinds on it ("mastery": 2).
    pub counters: Vec<(String, u32)>,
    /// Printed texts no plugin carries out in this game (`--allow-unsupported`).
    pub inert: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stats {
    pub speed: i32,
    pub power: i32,
    pub health: i32,
}

impl BoardView {
    /// The board as `viewer` may see it (a side, or a replay's spectator, who sees
    /// everything). `inert` lists the printed texts no plugin carries out.
    pub fn of(state: &GameState, viewer: Viewer, inert: &[String]) -> Self {
        let players = Side::BOTH.map(|side| player_view(state, side, viewer, inert));
        let arenas = Arena::ALL
            .iter()
            .map(|&arena| ArenaView {
                arena,
                controller: state.arena_controller(arena),
                units: Side::BOTH.map(|side| {
                    state
                        .units_in(arena, side)
                        .chain(state.locations_in(arena, side))
                        .map(|unit| unit_view(state, unit, viewer, inert))
                        .collect()
                }),
            })
            .collect();
        BoardView {
            turn: state.turn.max(1),
            step: step_words(state),
            players,
            arenas,
        }
    }
}

fn step_words(state: &GameState) -> String {
    use swtcg_engine::model::state::TurnStep;
    match state.step {
        TurnStep::Setup => "Setup".into(),
        TurnStep::Ready => "Ready step".into(),
        TurnStep::Build(side) => format!("Build step ({side})"),
        TurnStep::Retreat(side) => format!("Retreat step ({side})"),
        TurnStep::BattlePhaseStart => "Battle phase starts".into(),
        TurnStep::Battle(arena) => format!("Battle step: {arena} arena"),
        TurnStep::BattlePhaseEnd => "Battle phase ends".into(),
        TurnStep::TurnEnd => "Turn ends".into(),
    }
}

fn player_view(state: &GameState, side: Side, viewer: Viewer, inert: &[String]) -> PlayerView {
    let p = state.player(side);
    let build_zone = state
        .units
        .values()
        .filter(|u| u.controller == side && u.place == Place::BuildZone)
        .map(|u| unit_view(state, u, viewer, inert))
        .collect();
    PlayerView {
        side,
        force: p.force,
        build_points: p.build_points,
        deck: p.deck.len(),
        hand_count: p.hand.len(),
        hand: viewer
            .sees_hidden_of(side)
            .then(|| p.hand.iter().map(|&c| card_view(state, c)).collect()),
        discard: p.discard.iter().map(|&c| card_view(state, c)).collect(),
        build_zone,
    }
}

fn card_view(state: &GameState, card: CardId) -> CardView {
    let def = state.def(card);
    CardView {
        card: card.0,
        name: def.name.clone(),
        kind: format!("{:?}", def.card_type),
        set: def.set.clone(),
        cost: printed(def.cost),
        arenas: def.arenas.clone(),
        subtypes: def.subtypes.clone(),
        speed: printed(def.speed),
        power: printed(def.power),
        health: printed(def.health),
        text: def.abilities.clone(),
    }
}

fn unit_view(state: &GameState, unit: &Unit, viewer: Viewer, inert: &[String]) -> UnitView {
    let face_down = !unit.built && !viewer.sees_hidden_of(unit.controller);
    let names = |cards: &[CardId]| -> Vec<String> {
        cards.iter().map(|&c| state.def(c).name.clone()).collect()
    };
    if face_down {
        // Only what the opponent may see of a card built face down: that it is there, and its
        // counters (game 4.3).
        return UnitView {
            id: unit.id.0,
            card: None,
            face_down: true,
            built: false,
            build_counters: unit.build_counters,
            build_cost: None,
            location: false,
            tapped: false,
            damage: 0,
            stats: None,
            stack: Vec::new(),
            pilots: Vec::new(),
            equipment: Vec::new(),
            changes: Vec::new(),
            given: Vec::new(),
            loses: Vec::new(),
            switch: None,
            counters: Vec::new(),
            inert: Vec::new(),
        };
    }
    let def = state.def(unit.top());
    let stats = (unit.built && !unit.is_location()).then(|| Stats {
        speed: state.total_speed(unit),
        power: state.total_power(unit),
        health: state.total_health(unit),
    });
    UnitView {
        id: unit.id.0,
        card: Some(card_view(state, unit.top())),
        face_down: false,
        built: unit.built,
        build_counters: unit.build_counters,
        build_cost: (!unit.built).then(|| state.build_cost(unit)),
        location: unit.is_location(),
        tapped: unit.tapped,
        damage: unit.damage,
        stats,
        stack: names(unit.cards.get(1..).unwrap_or_default()),
        pilots: names(&unit.pilots),
        equipment: names(&unit.equipment),
        changes: crate::board::stat_changes(unit),
        given: unit
            .granted
            .iter()
            .map(|(text, _)| text.clone())
            .chain(unit.aura_granted.iter().cloned())
            .collect(),
        loses: unit.lost_keywords.clone(),
        switch: crate::board::switch_now(state, unit),
        counters: unit
            .counters
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(kind, n)| (kind.clone(), *n))
            .collect(),
        inert: def
            .abilities
            .iter()
            .filter(|text| inert.contains(text))
            .cloned()
            .collect(),
    }
}
