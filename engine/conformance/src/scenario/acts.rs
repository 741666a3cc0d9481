//! The conversion of a scenario's `[[act]]` tables: one function per act kind, each checking
//! the act's keys and the unit ids it names.

use std::ops::Range;

use toml::Spanned;

use super::located::Ctx;
use super::raw::*;
use super::setup::UnitIds;
use super::*;

impl Ctx<'_> {
    /// Resolves a unit id written in act `number`, at the line of the id itself.
    pub(super) fn act_ref(
        &self,
        number: usize,
        key: &str,
        value: Spanned<String>,
        ids: &UnitIds,
    ) -> Result<String, ScenarioError> {
        if ids.contains(value.get_ref()) {
            Ok(value.into_inner())
        } else {
            Err(self.error(
                &value.span(),
                Some(key),
                format!(
                    "act {number}: `{key}` names `{}`, which no [[unit]] declares",
                    value.get_ref()
                ),
            ))
        }
    }

    /// One `[[act]]` (FORMAT.md "Acts"): its side, `optional`, and exactly one action, read by
    /// the method of its action table.
    pub(super) fn act(
        &self,
        number: usize,
        act: Spanned<RawAct>,
        ids: &UnitIds,
    ) -> Result<Act, ScenarioError> {
        let header = act.span();
        let line = self.line(&header);
        let raw = act.into_inner();
        self.one_action(number, line, &header, &raw)?;
        let (side, optional) = (raw.side, raw.optional);
        let action = self.action(number, line, &header, raw, ids)?;
        Ok(Act {
            number,
            side,
            action,
            optional,
            line,
        })
    }

    /// An act takes exactly one action key: none, or a second one (named in file order), is an
    /// error.
    pub(super) fn one_action(
        &self,
        number: usize,
        line: usize,
        header: &Range<usize>,
        raw: &RawAct,
    ) -> Result<(), ScenarioError> {
        let mut present: Vec<(&str, Range<usize>)> = [
            ("attack", raw.attack.as_ref().map(Spanned::span)),
            ("skip", raw.skip.as_ref().map(Spanned::span)),
            ("use", raw.use_.as_ref().map(Spanned::span)),
            ("split", raw.split.as_ref().map(Spanned::span)),
            ("choose", raw.choose.as_ref().map(Spanned::span)),
            ("complete", raw.complete.as_ref().map(Spanned::span)),
            ("build", raw.build.as_ref().map(Spanned::span)),
            ("deploy", raw.deploy.as_ref().map(Spanned::span)),
            ("retreat", raw.retreat.as_ref().map(Spanned::span)),
            ("pass", raw.pass.as_ref().map(Spanned::span)),
            ("play", raw.play.as_ref().map(Spanned::span)),
        ]
        .into_iter()
        .filter_map(|(key, span)| span.map(|span| (key, span)))
        .collect();
        present.sort_by_key(|(_, span)| span.start);
        match present.as_slice() {
            [] => Err(self.no_action(number, line, header)),
            [_] => Ok(()),
            [(first, _), (second, second_span), ..] => Err(self.error(
                second_span,
                Some(second),
                format!(
                    "act {number} (line {line}) has {} action keys, `{first}` and \
                     `{second}`{}; an act takes exactly one",
                    present.len(),
                    if present.len() > 2 { " and more" } else { "" }
                ),
            )),
        }
    }

    pub(super) fn no_action(
        &self,
        number: usize,
        line: usize,
        header: &Range<usize>,
    ) -> ScenarioError {
        self.error(
            header,
            None,
            format!(
                "act {number} (line {line}) has no action; give exactly one of attack, skip, \
                 use, split, choose, complete, build, deploy, retreat, pass or play"
            ),
        )
    }

    /// The act's one action, from the table of its key.
    pub(super) fn action(
        &self,
        number: usize,
        line: usize,
        header: &Range<usize>,
        raw: RawAct,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        if let Some(attack) = raw.attack {
            self.attack_act(number, attack.into_inner(), ids)
        } else if let Some(skip) = raw.skip {
            self.skip_act(number, skip.into_inner(), ids)
        } else if let Some(use_) = raw.use_ {
            self.use_act(number, use_.into_inner(), ids)
        } else if let Some(play) = raw.play {
            self.play_act(number, play.into_inner(), ids)
        } else if let Some(split) = raw.split {
            self.split_act(number, split.into_inner(), ids)
        } else if let Some(choose) = raw.choose {
            self.choose_act(number, choose.into_inner(), ids)
        } else if let Some(complete) = raw.complete {
            self.complete_act(number, complete.into_inner(), ids)
        } else if let Some(build) = raw.build {
            self.build_act(number, build.into_inner(), ids)
        } else if let Some(deploy) = raw.deploy {
            self.deploy_act(number, deploy.into_inner(), ids)
        } else if let Some(retreat) = raw.retreat {
            self.retreat_act(number, retreat.into_inner(), ids)
        } else if let Some(pass) = raw.pass {
            self.pass_act(number, pass)
        } else {
            // Unreachable after `one_action`, but an error is safer than a panic.
            Err(self.no_action(number, line, header))
        }
    }

    /// `attack = { unit, defender }` (FORMAT.md "Acts").
    pub(super) fn attack_act(
        &self,
        number: usize,
        attack: RawAttack,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Attack {
            unit: self.act_ref(number, "unit", attack.unit, ids)?,
            defender: self.act_ref(number, "defender", attack.defender, ids)?,
        })
    }

    /// `skip = { unit }` (FORMAT.md "Acts").
    pub(super) fn skip_act(
        &self,
        number: usize,
        skip: RawUnitOnly,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Skip {
            unit: self.act_ref(number, "unit", skip.unit, ids)?,
        })
    }

    /// `use = { unit, ability, target?, amount?, arena? }` (FORMAT.md "Acts").
    pub(super) fn use_act(
        &self,
        number: usize,
        use_: RawUse,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Use {
            unit: self.act_ref(number, "unit", use_.unit, ids)?,
            ability: use_.ability,
            target: use_
                .target
                .map(|t| self.act_ref(number, "target", t, ids))
                .transpose()?,
            amount: use_.amount,
            arena: use_.arena,
            offer: use_.offer,
        })
    }

    /// `play = { card, target?, amount?, via?, arena?, enhance? }` (docs/scenarios.md
    /// "Extensions").
    pub(super) fn play_act(
        &self,
        number: usize,
        play: RawPlay,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Play {
            card: play.card,
            target: play
                .target
                .map(|t| self.act_ref(number, "target", t, ids))
                .transpose()?,
            amount: play.amount,
            meditate: matches!(play.via, Some(PlayVia::Meditate)),
            arena: play.arena,
            enhance: play.enhance,
            offer: play.offer,
        })
    }

    /// `split = { unit, to = { id = hits, ... } }` (FORMAT.md "Acts"), with `to` in file order.
    pub(super) fn split_act(
        &self,
        number: usize,
        split: RawSplit,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        let mut to: Vec<(Spanned<String>, u32)> = split.to.into_iter().collect();
        to.sort_by_key(|(id, _)| id.span().start);
        Ok(Action::Split {
            unit: self.act_ref(number, "unit", split.unit, ids)?,
            to: to
                .into_iter()
                .map(|(id, hits)| Ok((self.act_ref(number, "to", id, ids)?, hits)))
                .collect::<Result<_, ScenarioError>>()?,
        })
    }

    /// `choose = { unit, option }` (FORMAT.md "Acts"): `option` is text, or an index from 1.
    pub(super) fn choose_act(
        &self,
        number: usize,
        choose: RawChoose,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        let span = choose.option.span();
        let option = match choose.option.into_inner() {
            RawOption::Text(text) => ChooseOption::Text(text),
            RawOption::Index(index) => ChooseOption::Index(
                usize::try_from(index)
                    .ok()
                    .filter(|index| *index >= 1)
                    .ok_or_else(|| {
                        self.error(
                            &span,
                            Some("option"),
                            format!("act {number}: an option index counts from 1, found {index}"),
                        )
                    })?,
            ),
        };
        Ok(Action::Choose {
            unit: self.act_ref(number, "unit", choose.unit, ids)?,
            option,
        })
    }

    /// `complete = { unit, via?, x? }` (FORMAT.md "Acts"), with the `stack` extension
    /// (docs/scenarios.md "Extensions").
    pub(super) fn complete_act(
        &self,
        number: usize,
        complete: RawComplete,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Complete {
            unit: self.act_ref(number, "unit", complete.unit, ids)?,
            via: complete.via,
            x: complete.x,
            stack: complete
                .stack
                .map(|s| self.act_ref(number, "stack", s, ids))
                .transpose()?,
        })
    }

    /// `build = { unit, points }` (FORMAT.md "Acts").
    pub(super) fn build_act(
        &self,
        number: usize,
        build: RawBuild,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Build {
            unit: self.act_ref(number, "unit", build.unit, ids)?,
            points: build.points,
        })
    }

    /// `deploy = { unit, arena? }` (FORMAT.md "Acts").
    pub(super) fn deploy_act(
        &self,
        number: usize,
        deploy: RawDeploy,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Deploy {
            unit: self.act_ref(number, "unit", deploy.unit, ids)?,
            arena: deploy.arena,
        })
    }

    /// `retreat = { unit }` (FORMAT.md "Acts").
    pub(super) fn retreat_act(
        &self,
        number: usize,
        retreat: RawUnitOnly,
        ids: &UnitIds,
    ) -> Result<Action, ScenarioError> {
        Ok(Action::Retreat {
            unit: self.act_ref(number, "unit", retreat.unit, ids)?,
        })
    }

    /// `pass = true` (FORMAT.md "Acts"): `false` is an error.
    pub(super) fn pass_act(
        &self,
        number: usize,
        pass: Spanned<bool>,
    ) -> Result<Action, ScenarioError> {
        if !*pass.get_ref() {
            return Err(self.error(
                &pass.span(),
                Some("pass"),
                format!(
                    "act {number}: `pass` can only be `true`; leave the act out to let the \
                     runner pass"
                ),
            ));
        }
        Ok(Action::Pass)
    }
}
