//! Card plugin for "As long as Praji is in the Character arena, each of your other Characters
//! gets +10 speed." and every text of that pattern: while the unit with the text is in the arena
//! named, each unit in an arena that fits the text gets the stats (`stat-modifier-for` for the
//! others, `stat-modifier` for the unit itself when the text does not say "other"). "Each of
//! your other Rakata gets +1 power." without "as long as" holds while the unit is in any arena;
//! printed on a Location ("Each non-Creature Ground unit gets -20 speed.", Jungles of Dagobah),
//! it holds while the Location is in play in its arena (game 16.1). A Location is never one of
//! the units that get the stats: the engine asks no ability about it.
//!
//! The units are "of your [other] <kind>", "of your opponent's <kind>", "[other] <kind> (yours
//! and your opponent's)" or "<kind> in that arena" (both players' units in the arena named);
//! `<kind>` is a `card_text::UnitFilter`. Cards being built are no units in an arena and get
//! nothing. Keywords given to other units ("each of your other Stormtroopers gets Accuracy 1")
//! can't be expressed by the API (`granted-abilities` gives only the unit's own) and are not
//! claimed.

use swtcg_card_text::card_text::{UnitFilter, is_self, names_unit, stats};
use swtcg_sdk::*;

struct ArenaAura;

/// Whose units a text speaks of.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Whose {
    Mine,
    Opponents,
    Both,
}

/// What a printed text of this pattern says.
#[derive(Debug)]
struct Text {
    /// The name the text calls the unit by ("this unit" for a text without "as long as").
    subject: String,
    /// The arena the unit with the text must be in; any arena for a text without "as long as".
    arena: Option<Arena>,
    whose: Whose,
    /// Whether the unit with the text is left out ("other").
    other: bool,
    /// Whether only units in `arena` get the stats ("in that arena").
    that_arena: bool,
    filter: UnitFilter,
    change: Stats,
}

fn read(text: &str) -> Option<Text> {
    let text = text.trim().strip_suffix('.')?;
    let (subject, arena, rest) = match text.strip_prefix("Each ") {
        Some(rest) => ("this unit", None, rest),
        None => {
            let rest = text.strip_prefix("As long as ")?;
            let (subject, rest) = rest.split_once(" is in the ")?;
            if !is_self(subject) {
                return None;
            }
            let (arena, rest) = rest.split_once(" arena, each ")?;
            (subject, Some(Arena::from_word(arena)?), rest)
        }
    };
    // "gets", or "get" as some cards print it.
    let (who, change) = rest
        .rsplit_once(" gets ")
        .or_else(|| rest.rsplit_once(" get "))?;
    let change = stats(change)?;
    let (whose, who) = if let Some(w) = who.strip_prefix("of your opponent's ") {
        (Whose::Opponents, w)
    } else if let Some(w) = who.strip_prefix("of your ") {
        (Whose::Mine, w)
    } else if let Some(w) = who.strip_suffix(" (yours and your opponent's)") {
        (Whose::Both, w)
    } else {
        (Whose::Both, who)
    };
    let (other, who) = match who.strip_prefix("other ") {
        Some(w) => (true, w),
        None => (false, who),
    };
    let (that_arena, who) = match who.strip_suffix(" in that arena") {
        Some(w) => (true, w),
        None => (false, who),
    };
    Some(Text {
        subject: subject.to_string(),
        arena,
        whose,
        other,
        that_arena,
        filter: UnitFilter::read(who)?,
        change,
    })
}

fn zone_of(arena: Arena) -> Zone {
    match arena {
        Arena::Space => Zone::Space,
        Arena::Ground => Zone::Ground,
        Arena::Character => Zone::Character,
    }
}

const NO_CHANGE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// The stats `target` gets from the text on `source`, if the text's conditions hold.
fn change_for(text: &Text, source: UnitId, target: UnitId) -> Stats {
    let (Some(me), Some(unit)) = (host::unit(source), host::unit(target)) else {
        return NO_CHANGE;
    };
    let side_ok = match text.whose {
        Whose::Mine => unit.controller == me.controller,
        Whose::Opponents => unit.controller != me.controller,
        Whose::Both => true,
    };
    if !names_unit(&text.subject, &me.name) {
        return NO_CHANGE;
    }
    let in_place = |zone: Zone| match text.arena {
        Some(arena) => zone == zone_of(arena),
        None => zone != Zone::BuildZone,
    };
    let holds = in_place(me.zone)
        && unit.zone != Zone::BuildZone
        && side_ok
        && (!text.other || source != target)
        && (!text.that_arena || in_place(unit.zone))
        && text.filter.matches(&unit);
    if holds { text.change } else { NO_CHANGE }
}

impl Keyword for ArenaAura {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        match read(&ability.parameter) {
            Some(text) => change_for(&text, ability.unit, ability.unit),
            None => NO_CHANGE,
        }
    }

    fn stat_modifier_for(ability: Ability, unit: UnitId) -> Stats {
        match read(&ability.parameter) {
            Some(text) => change_for(&text, ability.unit, unit),
            None => NO_CHANGE,
        }
    }
}

swtcg_sdk::export_keyword!(ArenaAura);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        let figrin = read("As long as Figrin is in the Character arena, each of your opponent's Characters gets -10 speed and -1 power.").unwrap();
        assert_eq!(figrin.whose, Whose::Opponents);
        assert_eq!((figrin.change.speed, figrin.change.power), (-10, -1));
        let momaw = read("As long as Momaw is in the Character arena, each Stormtrooper in that arena gets -20 speed.").unwrap();
        assert!(momaw.that_arena && momaw.whose == Whose::Both);
        let praji = read("As long as Praji is in the Character arena, each of your other Characters gets +10 speed.").unwrap();
        assert!(praji.other && praji.whose == Whose::Mine);
        let jawa = read("As long as this unit is in the Character arena, each other Jawa (yours and your opponent's) gets +1 power.").unwrap();
        assert!(jawa.other && jawa.whose == Whose::Both);
        let station = read("As long as this unit is in the Ground arena, each of your Imperial Starfighters gets +1 power.").unwrap();
        assert_eq!(station.arena, Some(Arena::Ground));
        let ground = read("As long as this unit is in the Ground arena, each of your other Ground units get +10 speed.").unwrap();
        assert!(ground.other && ground.change.speed == 10);
        let rakata = read("Each of your other Rakata gets +1 power.").unwrap();
        assert!(rakata.arena.is_none() && rakata.other && rakata.whose == Whose::Mine);
        let old = read("Each Old Republic unit gets -1 power.").unwrap();
        assert_eq!((old.whose, old.change.power), (Whose::Both, -1));
        let jungles = read("Each non-Creature Ground unit gets -20 speed.").unwrap();
        assert_eq!((jungles.whose, jungles.change.speed), (Whose::Both, -20));
    }

    #[test]
    fn other_texts_are_not_claimed() {
        assert!(read("As long as this unit is in the Character arena, each of your other Stormtroopers gets Accuracy 1.").is_none());
        assert!(read("As long as Tagge is in the Character arena, you can't play Battle cards and each of your Capital Ships gets +1 Power.").is_none());
        assert!(read("As long as C-3PO is in the Character arena, each of your neutral units costs 1 fewer build counter to deploy.").is_none());
        assert!(
            read("Each non-Jedi Character gets -2 power as long as it's attacking Obi-Wan.")
                .is_none()
        );
        assert!(read("Each of your Subordinates gets +10 speed and +1 power.").is_none());
    }
}
