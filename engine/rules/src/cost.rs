//! Printed costs (game 13.8): "Pay 2 Force", "Pay 1 build point", "tap this unit", and the
//! check whether a player can pay them.

use crate::model::{GameState, Side, UnitId};

/// One cost the engine knows how to pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cost {
    Force(u32),
    BuildPoints(u32),
    /// Tap the unit whose ability it is ([Tap]); impossible if it is already tapped.
    TapThis,
    /// A benefit written as an Upkeep "cost": "Gain 1 Force".
    GainForce(u32),
    /// Tap one of your other untapped units in an arena with this subtype ("tap a Padawan",
    /// "tap one of your Clones"); the first such unit by id is tapped.
    TapSubtype(String),
    /// Discard the unit whose ability it is ("Discard Gregor", "discard this unit"); the engine
    /// discards it after the other costs, through the usual discard (game 14.4).
    DiscardThis(String),
    /// "Pay X Force", with "where X is N or less" as `max`: the player chooses X when paying
    /// (0 up to `max` and the Force they have), and [`with_x`] turns it into `Force(X)`. Until X
    /// is chosen it can't be paid.
    ForceX {
        max: Option<u32>,
    },
}

/// Parses a printed cost, or several joined by commas and "and", paid in order, where every
/// amount is a number. Returns an error naming the part the engine does not understand, or the
/// X that would have to be chosen first.
pub fn parse_costs(text: &str) -> Result<Vec<Cost>, String> {
    let costs = parse_costs_with_x(text)?;
    if costs.iter().any(|c| matches!(c, Cost::ForceX { .. })) {
        return Err(format!(
            "the cost \"{}\" has an X, which only a completion lets the player choose",
            text.trim()
        ));
    }
    Ok(costs)
}

/// The X of a cost, if it has one: `Some(max)`, `max` being the printed limit ("where X is 8 or
/// less") if any.
pub fn x_limit(costs: &[Cost]) -> Option<Option<u32>> {
    costs.iter().find_map(|c| match c {
        Cost::ForceX { max } => Some(*max),
        _ => None,
    })
}

/// The costs with X chosen: every "Pay X Force" becomes "Pay `x` Force". `None` when `x` is
/// above the printed limit.
pub fn with_x(costs: &[Cost], x: u32) -> Option<Vec<Cost>> {
    costs
        .iter()
        .map(|c| match c {
            Cost::ForceX { max } if max.is_some_and(|max| x > max) => None,
            Cost::ForceX { .. } => Some(Cost::Force(x)),
            other => Some(other.clone()),
        })
        .collect()
}

/// Parses a printed cost like [`parse_costs`], also "Pay X Force" (optionally limited by a
/// following "where X is N or less"), whose X the player chooses when paying.
pub fn parse_costs_with_x(text: &str) -> Result<Vec<Cost>, String> {
    let cleaned = text.trim().trim_end_matches('.');
    let mut costs: Vec<Cost> = Vec::new();
    for part in cleaned
        .split([',', ';'])
        .flat_map(|part| part.split(" and "))
        .map(str::trim)
        .filter(|part| !part.is_empty())
    {
        // "where X is 8 or less" limits the X of the cost before it ("Pay X Force, where X is 8
        // or less"); it is no cost of its own.
        if let Some(limit) = x_limit_clause(part) {
            match costs.last_mut() {
                Some(Cost::ForceX { max }) if max.is_none() => *max = Some(limit),
                _ => return Err(format!("\"{part}\" follows no cost with an X")),
            }
            continue;
        }
        costs.push(parse_one(part)?);
    }
    Ok(costs)
}

/// "where X is 8 or less" → 8.
fn x_limit_clause(part: &str) -> Option<u32> {
    let lower = part.to_ascii_lowercase();
    let rest = lower.strip_prefix("where x is ")?;
    rest.strip_suffix(" or less")?.trim().parse().ok()
}

fn number_before(words: &[&str], unit: &str) -> Option<u32> {
    let at = words.iter().position(|w| {
        w.eq_ignore_ascii_case(unit) || w.eq_ignore_ascii_case(&format!("{unit}s"))
    })?;
    words.get(at.checked_sub(1)?)?.parse().ok()
}

fn parse_one(part: &str) -> Result<Cost, String> {
    let lower = part.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.first().copied() {
        Some("pay") if words == ["pay", "x", "force"] => Some(Cost::ForceX { max: None }),
        Some("pay") if lower.ends_with("force") => number_before(&words, "force").map(Cost::Force),
        Some("pay") if lower.contains("build point") => {
            number_before(&words, "build").map(Cost::BuildPoints)
        }
        Some("gain") if lower.ends_with("force") => {
            number_before(&words, "force").map(Cost::GainForce)
        }
        Some("tap") if words.len() <= 3 && (lower.contains("this") || words.len() == 1) => {
            Some(Cost::TapThis)
        }
        Some("[tap]") => Some(Cost::TapThis),
        Some("tap") => tapped_subtype(part),
        Some("discard")
            if words.len() >= 2 && !lower.contains(" from ") && !lower.starts_with("discard a") =>
        {
            Some(Cost::DiscardThis(
                part.trim()["discard".len()..].trim().to_string(),
            ))
        }
        _ => None,
    }
    .ok_or_else(|| format!("the engine can't pay the cost \"{part}\" yet"))
}

/// "tap a Padawan", "tap an Ewok", "tap one of your Clones" → the subtype, as printed.
fn tapped_subtype(part: &str) -> Option<Cost> {
    let rest = part.trim().get(4..)?.trim();
    let lower = rest.to_ascii_lowercase();
    let subtype = if lower.starts_with("one of your ") {
        let plural = &rest["one of your ".len()..];
        plural.strip_suffix('s').unwrap_or(plural)
    } else if lower.starts_with("an ") {
        &rest[3..]
    } else if lower.starts_with("a ") {
        &rest[2..]
    } else {
        return None;
    };
    let subtype = subtype.trim();
    (!subtype.is_empty() && !subtype.contains(' ')).then(|| Cost::TapSubtype(subtype.to_string()))
}

/// An untapped unit of `side` in an arena with `subtype`, other than `except` and `already`.
fn subtype_to_tap(
    state: &GameState,
    side: Side,
    except: Option<UnitId>,
    subtype: &str,
    already: &[UnitId],
) -> Option<UnitId> {
    state
        .units
        .values()
        .find(|u| {
            Some(u.id) != except
                && u.controller == side
                && !u.tapped
                && u.in_arena().is_some()
                && !already.contains(&u.id)
                && state
                    .top_def(u)
                    .subtypes
                    .iter()
                    .any(|s| s.eq_ignore_ascii_case(subtype))
        })
        .map(|u| u.id)
}

/// Whether "Discard <name>" names the unit itself: "this unit", its name, or its name without
/// the version ("Gregor" for "Gregor (A)").
fn names_unit(state: &GameState, unit: UnitId, name: &str) -> bool {
    let Some(u) = state.unit(unit) else {
        return false;
    };
    let def = state.top_def(u);
    let name = name.trim().trim_end_matches('.');
    name.eq_ignore_ascii_case("this unit")
        || name.eq_ignore_ascii_case(&def.name)
        || name.eq_ignore_ascii_case(def.unique_name())
}

/// Whether the controller of `unit` can pay every cost, in order.
pub fn can_pay(state: &GameState, unit: UnitId, costs: &[Cost]) -> bool {
    state
        .unit(unit)
        .is_some_and(|u| can_pay_as(state, u.controller, Some(unit), costs))
}

/// Whether `side` can pay every cost, in order, for the ability of `unit`, or for a card not in
/// play (`None`: a card in hand, which can't tap or discard itself).
pub fn can_pay_as(state: &GameState, side: Side, unit: Option<UnitId>, costs: &[Cost]) -> bool {
    let player = state.player(side);
    let (mut force, mut points) = (player.force, player.build_points);
    let mut tapped = unit.and_then(|u| state.unit(u)).is_none_or(|u| u.tapped);
    let mut others = Vec::new();
    for cost in costs {
        match cost {
            Cost::Force(n) if force >= *n => force -= n,
            Cost::BuildPoints(n) if points >= *n => points -= n,
            Cost::TapThis if !tapped => tapped = true,
            Cost::GainForce(n) => force += n,
            Cost::TapSubtype(subtype) => {
                match subtype_to_tap(state, side, unit, subtype, &others) {
                    Some(other) => others.push(other),
                    None => return false,
                }
            }
            Cost::DiscardThis(name) if unit.is_some_and(|u| names_unit(state, u, name)) => {}
            // An X not yet chosen can't be paid (`with_x` chooses it).
            _ => return false,
        }
    }
    true
}

/// Pays the costs for the controller of `unit`; call only after `can_pay`.
pub fn pay(state: &mut GameState, unit: UnitId, costs: &[Cost]) {
    let Some(controller) = state.unit(unit).map(|u| u.controller) else {
        return;
    };
    pay_as(state, controller, Some(unit), costs);
}

/// Pays the costs as `side`, for the ability of `unit` or for a card not in play (`None`); call
/// only after `can_pay_as`.
pub fn pay_as(state: &mut GameState, controller: Side, unit: Option<UnitId>, costs: &[Cost]) {
    for cost in costs {
        match cost {
            Cost::Force(n) => state.player_mut(controller).force -= n,
            Cost::BuildPoints(n) => state.player_mut(controller).build_points -= n,
            Cost::GainForce(n) => state.player_mut(controller).force += n,
            Cost::TapThis => {
                if let Some(u) = unit.and_then(|u| state.unit_mut(u)) {
                    u.tapped = true;
                }
            }
            // The discard itself is done by the game, which runs the discard's hooks; an X not
            // chosen is never paid (`can_pay` refuses it).
            Cost::DiscardThis(_) | Cost::ForceX { .. } => {}
            Cost::TapSubtype(subtype) => {
                if let Some(other) = subtype_to_tap(state, controller, unit, subtype, &[])
                    && let Some(u) = state.unit_mut(other)
                {
                    u.tapped = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_costs_parse() {
        assert_eq!(parse_costs("Pay 2 Force"), Ok(vec![Cost::Force(2)]));
        assert_eq!(parse_costs("Pay 0 Force"), Ok(vec![Cost::Force(0)]));
        assert_eq!(
            parse_costs("Pay 1 build point"),
            Ok(vec![Cost::BuildPoints(1)])
        );
        assert_eq!(parse_costs("tap this unit."), Ok(vec![Cost::TapThis]));
        assert_eq!(parse_costs("Gain 1 Force."), Ok(vec![Cost::GainForce(1)]));
        assert_eq!(
            parse_costs("Pay 1 Force, tap this unit"),
            Ok(vec![Cost::Force(1), Cost::TapThis])
        );
        assert!(
            parse_costs("discard a card from your hand")
                .unwrap_err()
                .contains("discard a card")
        );
    }

    #[test]
    fn x_costs_parse_with_their_limit_and_only_where_x_may_be_chosen() {
        assert_eq!(
            parse_costs_with_x("Pay X Force, where X is 8 or less."),
            Ok(vec![Cost::ForceX { max: Some(8) }])
        );
        assert_eq!(
            parse_costs_with_x("Pay X Force"),
            Ok(vec![Cost::ForceX { max: None }])
        );
        assert_eq!(
            parse_costs_with_x("Pay X Force, tap this unit"),
            Ok(vec![Cost::ForceX { max: None }, Cost::TapThis])
        );
        assert!(parse_costs("Pay X Force").unwrap_err().contains("has an X"));
        // A limit must follow an X cost.
        assert!(parse_costs_with_x("Pay 2 Force, where X is 8 or less").is_err());
    }

    #[test]
    fn choosing_x_replaces_it_within_the_limit() {
        let costs = parse_costs_with_x("Pay X Force, where X is 8 or less").unwrap();
        assert_eq!(x_limit(&costs), Some(Some(8)));
        assert_eq!(with_x(&costs, 3), Some(vec![Cost::Force(3)]));
        assert_eq!(with_x(&costs, 8), Some(vec![Cost::Force(8)]));
        assert_eq!(with_x(&costs, 9), None);
        assert_eq!(x_limit(&[Cost::Force(2)]), None);
    }
}
