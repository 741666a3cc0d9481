//! The Resilience keyword: "As long as this unit has at least X damage counters on it, that
//! unit's power is modified by +/- X" (cumulative, static), printed as "Resilience 1",
//! "Resilience +1", "Resilience -1" or "Resilience X, where X is the number of damage counters
//! on <this unit>".
//!
//! OQ-K9: the definition does not say clearly what the cumulative X counts. By default the
//! instances of a unit add up to a net value N, and the unit gets N power while it has at
//! least |N| damage counters. The keyword flag `resilience-instances = "separate"` checks each
//! instance on its own instead: each gives its X while the unit has at least |X| counters.
//!
//! The engine asks every instance and adds their answers, so under the default each instance
//! answers its own X when the net condition holds, which adds up to N. An instance finds the
//! others in the texts `host::abilities` lists (printed and granted by effects); an instance
//! that is not among them (granted through another keyword's query, e.g. INSERT) counts itself.

use swtcg_sdk::*;

struct Resilience;

const NONE: Stats = Stats {
    speed: 0,
    power: 0,
    health: 0,
};

/// The prefix of the form whose X is the unit's own damage counters (Gaarkhan, Lord of Pain).
const DAMAGE_FORM: &str = "x, where x is the number of damage counters on ";

/// The X of a Resilience parameter for a unit with `damage` counters: a signed number, or the
/// number of damage counters on the unit itself; `None` for any other text.
fn value(parameter: &str, damage: u32) -> Option<i32> {
    let text = parameter.trim().trim_end_matches('.').trim();
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    if let Ok(x) = unsigned.parse::<i32>() {
        return Some(x);
    }
    let lower = text.to_ascii_lowercase();
    let target = lower.strip_prefix(DAMAGE_FORM)?.trim();
    // Only the unit's own counters can be read: "on this unit", "on it" or its own name (the
    // only other thing the printed cards name); "one of your units" and the like are not read.
    let own = !target.is_empty()
        && !["one ", "each ", "your ", "all ", "another ", "other "]
            .iter()
            .any(|word| target.starts_with(word));
    own.then_some(damage as i32)
}

/// The parameter of a printed "Resilience ..." text, if it is one.
fn parameter_of(text: &str) -> Option<&str> {
    let head = text.get(..10)?;
    if !head.eq_ignore_ascii_case("Resilience") {
        return None;
    }
    let rest = &text[10..];
    if !(rest.is_empty() || rest.starts_with([' ', ':'])) {
        return None;
    }
    Some(rest.trim_start_matches([' ', ':']))
}

impl Keyword for Resilience {
    fn understands(ability: Ability) -> bool {
        value(&ability.parameter, 0).is_some()
    }

    fn stat_modifier(ability: Ability) -> Stats {
        let Some(me) = host::unit(ability.unit) else {
            return NONE;
        };
        let Some(own) = value(&ability.parameter, me.damage) else {
            return NONE;
        };
        let applies = match host::rule("resilience-instances").as_deref() {
            Some("separate") => me.damage >= own.unsigned_abs(),
            _ => {
                let texts = host::abilities(ability.unit);
                let mut net: i32 = texts
                    .iter()
                    .filter_map(|t| parameter_of(t))
                    .filter_map(|p| value(p, me.damage))
                    .fold(0, i32::saturating_add);
                if !texts.iter().any(|t| t.trim() == ability.text.trim()) {
                    net = net.saturating_add(own);
                }
                me.damage >= net.unsigned_abs()
            }
        };
        if !applies {
            return NONE;
        }
        Stats {
            speed: 0,
            power: own,
            health: 0,
        }
    }
}

swtcg_sdk::export_keyword!(Resilience);
