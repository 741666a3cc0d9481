//! Card plugin for unit texts that untap another of your units, read as a pattern so that every
//! card printing it is served:
//!
//! - "[Tap] -> Untap one of your other Lothal Rebels" (Sabine Wren (D));
//! - "Tap this unit -> Untap one of your other units in this arena.";
//! - "Pay 2 Force -> Untap one of your Starfighters in the Space arena.".
//!
//! The cost is any of "[Tap]", "tap this unit" and "Pay N Force", joined by commas. The units are
//! "units", "Characters", "<Arena> units" or a subtype (possibly of two words, "Lothal Rebels"),
//! optionally "other", "tapped" and "unique", and a place: "in the <Arena> arena", "in this
//! arena" or "in any arena". Texts with more (a "Play only ..." restriction, a printed-stat
//! condition, a second sentence) are not claimed, so they stay unsupported card text.
//!
//! An untapped unit may act again in the battle step (game 6.3.5), so the offer is made in every
//! POP that is not reserved (game 9.4), with your tapped units in an arena that match as targets:
//! untapping an untapped unit would do nothing.

use swtcg_card_text::card_text::force_cost;
use swtcg_card_text::played_text::arena_of;
use swtcg_sdk::*;

struct Untap;

/// One kind of unit the text names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// "units": any unit.
    Any,
    /// "Space units", "Characters": a type-line arena.
    Arena(Arena),
    /// "Lothal Rebels", "Jedi": a subtype, possibly plural, of one or two words.
    Subtype(String),
}

/// Where the untapped unit must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Anywhere,
    /// "in this arena": the arena of the unit with the ability.
    This,
    In(Arena),
}

/// What a printed text of the pattern says.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Text {
    cost: String,
    other: bool,
    unique: bool,
    kind: Kind,
    place: Place,
}

/// Whether every part of a cost is one the engine pays for activations: tapping this unit or
/// paying Force.
fn plain_cost(cost: &str) -> bool {
    !cost.is_empty()
        && cost.split(',').all(|part| {
            let part = part.trim().to_ascii_lowercase();
            let words: Vec<&str> = part.split_whitespace().collect();
            matches!(words.as_slice(), ["[tap]"] | ["tap", "this", "unit"])
                || force_cost(&part).is_some()
        })
}

fn read(text: &str) -> Option<Text> {
    let (cost, effect) = text.trim().split_once("->")?;
    let cost = cost.trim();
    if !plain_cost(cost) {
        return None;
    }
    let effect = effect.trim();
    let effect = effect.strip_suffix('.').unwrap_or(effect).trim();
    // One sentence only: anything after it ("Play only ...") is more than this pattern.
    if effect.contains('.') || effect.contains(';') {
        return None;
    }
    let rest = effect.strip_prefix("Untap one of your ")?;
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    let (mut other, mut unique) = (false, false);
    while let Some(&first) = words.first() {
        match first {
            "other" => other = true,
            "unique" => unique = true,
            // The offer only ever lists tapped units.
            "tapped" => {}
            _ => break,
        }
        words.remove(0);
    }
    // The place, at the end: "in the Space arena", "in this arena", "in any arena".
    let mut place = Place::Anywhere;
    if let [head @ .., "in", which, "arena"] = words.as_slice() {
        place = match *which {
            "this" => Place::This,
            "any" => Place::Anywhere,
            _ => return None,
        };
        words = head.to_vec();
    } else if let [head @ .., "in", "the", name, "arena"] = words.as_slice() {
        place = Place::In(Arena::from_word(name)?);
        words = head.to_vec();
    }
    let kind = match words.as_slice() {
        ["units"] => Kind::Any,
        ["Characters"] => Kind::Arena(Arena::Character),
        [arena, "units"] => Kind::Arena(Arena::from_word(arena)?),
        [one] | [one, _] if one.chars().next().is_some_and(char::is_uppercase) => {
            let name = words.join(" ");
            // Only capitalised words name a subtype ("Jedi with printed power ..." is more).
            if !words
                .iter()
                .all(|w| w.chars().next().is_some_and(char::is_uppercase))
            {
                return None;
            }
            Kind::Subtype(name)
        }
        _ => return None,
    };
    Some(Text {
        cost: cost.to_string(),
        other,
        unique,
        kind,
        place,
    })
}

/// A subtype as printed and its singular forms ("Rebels" → "Rebel").
fn forms(printed: &str) -> Vec<String> {
    let mut forms = vec![printed.to_ascii_lowercase()];
    for suffix in ["es", "s"] {
        if let Some(stem) = printed.strip_suffix(suffix) {
            forms.push(stem.to_ascii_lowercase());
        }
    }
    forms
}

/// Whether the unit's subtype line has the printed subtype as whole words ("Lothal Rebels" in
/// "Mandalorian Lothal Rebel").
fn has_subtype(unit: &UnitView, printed: &str) -> bool {
    let line: Vec<String> = unit
        .subtypes
        .iter()
        .flat_map(|s| s.split_whitespace())
        .map(str::to_ascii_lowercase)
        .collect();
    forms(printed).iter().any(|form| {
        let wanted: Vec<&str> = form.split_whitespace().collect();
        !wanted.is_empty() && line.windows(wanted.len()).any(|w| w == wanted.as_slice())
    })
}

/// The units the text may untap now, for the unit `me` whose ability it is.
fn targets(text: &Text, me: &UnitView) -> Vec<UnitId> {
    let mine = arena_of(me.zone);
    host::units(None)
        .into_iter()
        .filter_map(host::unit)
        .filter(|u| {
            let Some(arena) = arena_of(u.zone) else {
                return false;
            };
            let kind = match &text.kind {
                Kind::Any => true,
                Kind::Arena(a) => u.arenas.contains(a),
                Kind::Subtype(s) => has_subtype(u, s),
            };
            let place = match text.place {
                Place::Anywhere => true,
                Place::This => mine == Some(arena),
                Place::In(a) => a == arena,
            };
            u.controller == me.controller
                && u.built
                && u.tapped
                && kind
                && place
                && (!text.other || u.id != me.id)
                && (!text.unique || u.unique)
        })
        .map(|u| u.id)
        .collect()
}

impl Keyword for Untap {
    fn understands(ability: Ability) -> bool {
        read(&ability.parameter).is_some()
    }

    fn activations(ability: Ability, pop: Pop, _event: Event) -> Vec<Activation> {
        // Reserved POPs (game 9.4) take only their own kinds of effects.
        if matches!(pop, Pop::Reroll | Pop::DamagePrevention | Pop::Disrupt) {
            return Vec::new();
        }
        let (Some(text), Some(me)) = (read(&ability.parameter), host::unit(ability.unit)) else {
            return Vec::new();
        };
        // Only a unit in an arena uses its abilities (game 13.7).
        if arena_of(me.zone).is_none() {
            return Vec::new();
        }
        let targets = targets(&text, &me);
        if targets.is_empty() {
            return Vec::new();
        }
        vec![Activation {
            label: ability.text.clone(),
            cost: Some(text.cost),
            targets,
            max_amount: None,
            replaces: false,
        }]
    }

    fn activate(ability: Ability, _index: u32, choice: Choice, _event: Event) -> HookResult {
        let text = read(&ability.parameter)
            .ok_or_else(|| format!("can't read \"{}\"", ability.parameter))?;
        let target = choice.target.ok_or("the untap needs one of your units")?;
        let me = host::unit(ability.unit).ok_or("the unit with the ability left play")?;
        if !targets(&text, &me).contains(&target) {
            return Err(format!(
                "unit {target} is not one of your tapped units this text untaps"
            ));
        }
        Ok(vec![Effect::Untap(target)])
    }
}

swtcg_sdk::export_keyword!(Untap);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_texts_are_read() {
        let sabine = read("[Tap] -> Untap one of your other Lothal Rebels").unwrap();
        assert_eq!(sabine.cost, "[Tap]");
        assert!(sabine.other);
        assert_eq!(sabine.kind, Kind::Subtype("Lothal Rebels".into()));
        assert_eq!(sabine.place, Place::Anywhere);
        let here = read("Tap this unit -> Untap one of your other units in this arena.").unwrap();
        assert_eq!(here.kind, Kind::Any);
        assert_eq!(here.place, Place::This);
        let space =
            read("Pay 2 Force -> Untap one of your Space units in the Space arena.").unwrap();
        assert_eq!(space.kind, Kind::Arena(Arena::Space));
        assert_eq!(space.place, Place::In(Arena::Space));
        let chars = read("Pay 1 Force, [Tap] -> Untap one of your unique Characters.").unwrap();
        assert!(chars.unique);
        assert_eq!(chars.kind, Kind::Arena(Arena::Character));
    }

    #[test]
    fn other_texts_are_not_claimed() {
        for text in [
            "[Tap] -> Untap one of your other Rebels. Play only when Gideon would attack.",
            "Pay 5 Force -> Untap one of your other Jedi with printed power 6 or less.",
            "[Tap] -> Untap one of your Space units with printed build cost 5 or less.",
            "Discard a card from your hand -> Untap one of your units.",
            "Pay 3 Force -> Untap one of your tapped Starfighters in the Space arena or tapped Speeders in the Ground arena.",
            "[Tap] -> Untap Boba.",
            // "Neutral" is an alignment, which a unit view does not show.
            "[Tap] -> Untap one of your other unique Neutral units.",
        ] {
            assert!(read(text).is_none(), "{text}");
        }
    }
}
