//! The game's nouns: sides, arenas, cards, units and the whole game state.

pub mod attack;
pub mod card;
pub mod state;
pub mod unit;

use serde::{Deserialize, Serialize};

pub use card::{CardDef, CardType, Printed, WrittenScript};
pub use state::{CardId, GameState, Lasting, Play, PlayerState, Saved, SavedEffect, UnitId};
pub use unit::{Duration, Modifier, Place, RESOURCE_COUNTER, Unit};

/// One of the two players, named by the side of their deck (game 2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Dark,
    Light,
}

impl Side {
    /// Both sides in rules order: the Dark Side acts first (game 1.1.1).
    pub const BOTH: [Side; 2] = [Side::Dark, Side::Light];

    pub fn opponent(self) -> Side {
        match self {
            Side::Dark => Side::Light,
            Side::Light => Side::Dark,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Dark => "dark",
            Side::Light => "light",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Dark => "Dark Side",
            Side::Light => "Light Side",
        })
    }
}

/// The side printed on a card (game 2.1): Neutral cards go in either deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardSide {
    Dark,
    Light,
    Neutral,
    YuuzhanVong,
}

impl CardSide {
    /// Whether a deck of `side` may contain this card (game 2.5).
    pub fn playable_by(self, side: Side) -> bool {
        match self {
            CardSide::Neutral => true,
            CardSide::Dark => side == Side::Dark,
            CardSide::Light => side == Side::Light,
            // OQ-1: the Yuuzhan Vong side plays in the Dark Side seat.
            CardSide::YuuzhanVong => side == Side::Dark,
        }
    }

    /// The side of the Force plugins see the card of (API 1.11 `allegiance`): the Yuuzhan Vong
    /// cards show as neutral.
    pub fn allegiance(self) -> swtcg_plugin_api::Allegiance {
        use swtcg_plugin_api::Allegiance;
        match self {
            CardSide::Dark => Allegiance::Dark,
            CardSide::Light => Allegiance::Light,
            CardSide::Neutral | CardSide::YuuzhanVong => Allegiance::Neutral,
        }
    }
}

/// The three arenas, in the order their battle steps run (game 6.3.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arena {
    Space,
    Ground,
    Character,
}

impl Arena {
    pub const ALL: [Arena; 3] = [Arena::Space, Arena::Ground, Arena::Character];

    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Arena::Space => "space",
            Arena::Ground => "ground",
            Arena::Character => "character",
        }
    }
    /// Parses a type-line word ("Space", "Ground", "Character"), case-insensitively, with the
    /// plugin API's reader of arena words, which the plugins read their texts with.
    pub fn parse(word: &str) -> Option<Arena> {
        swtcg_plugin_api::Arena::from_word(word).map(Arena::from)
    }
}

impl std::fmt::Display for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Arena::Space => "Space",
            Arena::Ground => "Ground",
            Arena::Character => "Character",
        })
    }
}

// The plugin API mirrors the WIT enums `side` and `arena` (`swtcg_plugin_api::Side`, `Arena`),
// which cross the wire by number; the rules' own `Side` and `Arena` are written in logs and
// saves by name, so they stay types of their own, converted here and nowhere else.

impl From<Side> for swtcg_plugin_api::Side {
    fn from(side: Side) -> swtcg_plugin_api::Side {
        match side {
            Side::Dark => swtcg_plugin_api::Side::Dark,
            Side::Light => swtcg_plugin_api::Side::Light,
        }
    }
}

impl From<swtcg_plugin_api::Side> for Side {
    fn from(side: swtcg_plugin_api::Side) -> Side {
        match side {
            swtcg_plugin_api::Side::Dark => Side::Dark,
            swtcg_plugin_api::Side::Light => Side::Light,
        }
    }
}

impl From<Arena> for swtcg_plugin_api::Arena {
    fn from(arena: Arena) -> swtcg_plugin_api::Arena {
        match arena {
            Arena::Space => swtcg_plugin_api::Arena::Space,
            Arena::Ground => swtcg_plugin_api::Arena::Ground,
            Arena::Character => swtcg_plugin_api::Arena::Character,
        }
    }
}

impl From<swtcg_plugin_api::Arena> for Arena {
    fn from(arena: swtcg_plugin_api::Arena) -> Arena {
        match arena {
            swtcg_plugin_api::Arena::Space => Arena::Space,
            swtcg_plugin_api::Arena::Ground => Arena::Ground,
            swtcg_plugin_api::Arena::Character => Arena::Character,
        }
    }
}
