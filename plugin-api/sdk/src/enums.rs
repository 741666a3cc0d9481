//! The bindings' WIT enums (`side`, `arena`, `zone`, `play-kind`, and since 1.11 `pile`,
//! `card-kind` and `allegiance`, since 1.19 `attached-as`) and the contract's mirrors
//! of them, converted both ways.
//!
//! wit-bindgen generates its own types for the WIT enums, which plugins use; the contract's
//! `api::Side`, `api::Arena` and `api::Zone` are the same cases in the same order, and what the
//! native path's messages and the contract's readers (`api::Arena::from_word`) speak. The cases
//! are matched by name, so a case added to the WIT without its mirror fails to compile here.
//! The bindings' `Arena` also gets the contract's reader of arena words, for the plugins.

use crate::{Allegiance, Arena, AttachedAs, CardKind, Pile, PlayKind, Side, Zone, api};

impl From<api::Side> for Side {
    fn from(side: api::Side) -> Side {
        match side {
            api::Side::Dark => Side::Dark,
            api::Side::Light => Side::Light,
        }
    }
}

impl From<Side> for api::Side {
    fn from(side: Side) -> api::Side {
        match side {
            Side::Dark => api::Side::Dark,
            Side::Light => api::Side::Light,
        }
    }
}

impl From<api::PlayKind> for PlayKind {
    fn from(kind: api::PlayKind) -> PlayKind {
        match kind {
            api::PlayKind::BattleCard => PlayKind::BattleCard,
            api::PlayKind::Mission => PlayKind::Mission,
            api::PlayKind::ActivatedAbility => PlayKind::ActivatedAbility,
        }
    }
}

impl From<PlayKind> for api::PlayKind {
    fn from(kind: PlayKind) -> api::PlayKind {
        match kind {
            PlayKind::BattleCard => api::PlayKind::BattleCard,
            PlayKind::Mission => api::PlayKind::Mission,
            PlayKind::ActivatedAbility => api::PlayKind::ActivatedAbility,
        }
    }
}

impl From<api::Arena> for Arena {
    fn from(arena: api::Arena) -> Arena {
        match arena {
            api::Arena::Space => Arena::Space,
            api::Arena::Ground => Arena::Ground,
            api::Arena::Character => Arena::Character,
        }
    }
}

impl From<Arena> for api::Arena {
    fn from(arena: Arena) -> api::Arena {
        match arena {
            Arena::Space => api::Arena::Space,
            Arena::Ground => api::Arena::Ground,
            Arena::Character => api::Arena::Character,
        }
    }
}

impl Arena {
    /// The arena a printed word names ("Space", "ground"), in any case: the contract's one
    /// reader of arena words, `api::Arena::from_word`.
    pub fn from_word(word: &str) -> Option<Arena> {
        api::Arena::from_word(word).map(Arena::from)
    }

    /// The arena's word in lower case, "ground" (`api::Arena::word`).
    pub fn word(self) -> &'static str {
        api::Arena::from(self).word()
    }
}

impl Zone {
    /// The arena this zone is, or none for the build zone, the Resource zone and the Event zone
    /// (`api::Zone::arena`): the one reading of a zone as an arena, for every plugin.
    pub fn arena(self) -> Option<Arena> {
        api::Zone::from(self).arena().map(Arena::from)
    }
}

/// The zone an arena is.
impl From<Arena> for Zone {
    fn from(arena: Arena) -> Zone {
        api::Zone::from(api::Arena::from(arena)).into()
    }
}

impl From<api::Zone> for Zone {
    fn from(zone: api::Zone) -> Zone {
        match zone {
            api::Zone::Space => Zone::Space,
            api::Zone::Ground => Zone::Ground,
            api::Zone::Character => Zone::Character,
            api::Zone::BuildZone => Zone::BuildZone,
            api::Zone::ResourceZone => Zone::ResourceZone,
            api::Zone::EventZone => Zone::EventZone,
        }
    }
}

impl From<Zone> for api::Zone {
    fn from(zone: Zone) -> api::Zone {
        match zone {
            Zone::Space => api::Zone::Space,
            Zone::Ground => api::Zone::Ground,
            Zone::Character => api::Zone::Character,
            Zone::BuildZone => api::Zone::BuildZone,
            Zone::ResourceZone => api::Zone::ResourceZone,
            Zone::EventZone => api::Zone::EventZone,
        }
    }
}

/// Converts a WIT enum of the bindings and its mirror in the contract both ways, case by case.
macro_rules! mirror {
    ($name:ident, [$($case:ident),+ $(,)?]) => {
        impl From<api::$name> for $name {
            fn from(case: api::$name) -> $name {
                match case {
                    $(api::$name::$case => $name::$case),+
                }
            }
        }

        impl From<$name> for api::$name {
            fn from(case: $name) -> api::$name {
                match case {
                    $($name::$case => api::$name::$case),+
                }
            }
        }
    };
}

mirror!(Pile, [Deck, DiscardPile, Hand]);
mirror!(
    CardKind,
    [
        Unit,
        Subordinate,
        Battle,
        Mission,
        Location,
        Equipment,
        Event,
        Other,
        Resource
    ]
);
mirror!(Allegiance, [Dark, Light, Neutral]);
mirror!(AttachedAs, [Pilot, Equipment]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_converts_to_the_case_of_its_number_and_back() {
        for &side in api::Side::ALL {
            assert_eq!(api::Side::from(Side::from(side)), side);
        }
        for &arena in api::Arena::ALL {
            assert_eq!(api::Arena::from(Arena::from(arena)), arena);
        }
        for &zone in api::Zone::ALL {
            assert_eq!(api::Zone::from(Zone::from(zone)), zone);
        }
        for &pile in api::Pile::ALL {
            assert_eq!(api::Pile::from(Pile::from(pile)), pile);
        }
        for &kind in api::CardKind::ALL {
            assert_eq!(api::CardKind::from(CardKind::from(kind)), kind);
        }
        for &allegiance in api::Allegiance::ALL {
            assert_eq!(
                api::Allegiance::from(Allegiance::from(allegiance)),
                allegiance
            );
        }
        assert_eq!(Side::from(api::Side::Light), Side::Light);
        assert_eq!(Zone::from(api::Zone::BuildZone), Zone::BuildZone);
        assert_eq!(Arena::from_word("Ground"), Some(Arena::Ground));
        assert_eq!(Arena::Space.word(), "space");
    }
}
