//! The conversion of a scenario's `[expect]` table: the winner, the units and each side.

use super::located::Ctx;
use super::raw::*;
use super::setup::UnitIds;
use super::*;
use toml::Spanned;

impl Ctx<'_> {
    pub(super) fn expect(
        &self,
        raw: RawExpect,
        ids: &UnitIds,
        act_count: usize,
    ) -> Result<Expect, ScenarioError> {
        let known = |key: &str, id: &Spanned<String>| {
            if ids.contains(id.get_ref()) {
                Ok(id.get_ref().clone())
            } else {
                Err(self.error(
                    &id.span(),
                    Some(key),
                    format!(
                        "`expect.{key}` names `{}`, which no [[unit]] declares",
                        id.get_ref()
                    ),
                ))
            }
        };
        let mut discarded = Vec::with_capacity(raw.discarded.len());
        for entry in &raw.discarded {
            let id = known("discarded", entry)?;
            if discarded.contains(&id) {
                return Err(self.error(
                    &entry.span(),
                    Some("discarded"),
                    format!("`{id}` is listed twice in `expect.discarded`"),
                ));
            }
            discarded.push(id);
        }
        let illegal = match raw.illegal {
            None => None,
            Some(illegal) => {
                let value = *illegal.get_ref();
                let number = usize::try_from(value)
                    .ok()
                    .filter(|number| (1..=act_count).contains(number));
                match number {
                    Some(number) => Some(number),
                    None if act_count == 0 => {
                        return Err(self.error(
                            &illegal.span(),
                            Some("illegal"),
                            format!("`illegal` names act {value}, but the scenario has no [[act]]"),
                        ));
                    }
                    None => {
                        return Err(self.error(
                            &illegal.span(),
                            Some("illegal"),
                            format!(
                                "`illegal` must be the number of an act, from 1 to \
                                 {act_count}, found {value}"
                            ),
                        ));
                    }
                }
            }
        };
        let mut units: Vec<(Spanned<String>, UnitExpect)> = raw.unit.into_iter().collect();
        units.sort_by_key(|(id, _)| id.span().start);
        let units = units
            .into_iter()
            .map(|(id, expect)| Ok((known("unit", &id)?, expect)))
            .collect::<Result<Vec<_>, ScenarioError>>()?;
        Ok(Expect {
            discarded,
            illegal,
            winner: raw.winner,
            units,
            dark: raw.dark.map(|side| self.side_expect(side)).transpose()?,
            light: raw.light.map(|side| self.side_expect(side)).transpose()?,
        })
    }

    pub(super) fn side_expect(&self, raw: RawSideExpect) -> Result<SideExpect, ScenarioError> {
        Ok(SideExpect {
            force: self.non_negative(raw.force.as_ref(), "force")?,
            build_points: self.non_negative(raw.build_points.as_ref(), "build_points")?,
            hand_size: raw.hand_size,
            discard_size: raw.discard_size,
            removed_size: raw.removed_size,
            supply_size: raw.supply_size,
            deck_size: raw.deck_size,
            build_zone_size: raw.build_zone_size,
            arena_units: raw.arena_units,
            seen: raw.seen,
        })
    }
}
