//! Disrupt (game 13.3, 13.9): the disrupt POP (P10) that every card or ability played opens
//! after its costs are paid and before it resolves, the abilities that make a play impossible
//! to disrupt (API 1.8 query `undisruptable`), and the `disrupt` effect's mark on the play.

use swtcg_plugin_api::{PlayKind, PlayView, Pop, Query, QueryAnswer, QueryCall};

use super::{ActiveAbility, Wanted};
use crate::game::{Flow, Game};
use crate::log::Event;
use crate::model::{Play, Side, UnitId};

/// What is being played, before it has a number (`PlayView` without its `id`).
pub(crate) struct Announced {
    pub side: Side,
    pub kind: PlayKind,
    pub card: String,
    pub unit: Option<UnitId>,
    pub text: String,
}

impl Game<'_> {
    /// Step 3 of playing a card or ability (game 13.3), its costs paid: unless an ability makes
    /// it impossible to disrupt, the disrupt POP (P10) opens, in which players may play only
    /// what their plugins offer there (game 9.4). `own` are the played card's own abilities
    /// (a Battle card's or a Mission's), which may say it can't be disrupted. Returns whether
    /// the play was disrupted: then it does not resolve, and its costs stay paid.
    ///
    /// Plays nest (a disrupt being disrupted) at most `limits.hook_depth` deep: a play deeper
    /// than that opens no disrupt POP, so that no chain of disrupts outgrows the engine's stack.
    pub(crate) fn disrupt_pop(
        &mut self,
        announced: Announced,
        own: &[ActiveAbility],
    ) -> Flow<bool> {
        if self.state.plays.len() >= self.state.ruleset.limits.hook_depth as usize {
            return Ok(false);
        }
        let id = self.state.next_play;
        self.state.next_play = id.wrapping_add(1);
        let view = PlayView {
            id,
            side: announced.side.into(),
            kind: announced.kind,
            card: announced.card,
            unit: announced.unit.map(|u| u.0),
            text: announced.text,
        };
        self.state.plays.push(Play {
            view,
            disrupted: false,
        });
        let result = self.open_disrupt_pop(id, own);
        let play = self.state.plays.pop();
        result?;
        Ok(play.is_some_and(|p| p.disrupted))
    }

    /// The disrupt POP of play `id`, the innermost play, unless an ability says it can't be
    /// disrupted.
    fn open_disrupt_pop(&mut self, id: u32, own: &[ActiveAbility]) -> Flow {
        if let Some(because) = self.undisruptable_by(own)? {
            let name = self
                .state
                .plays
                .last()
                .map(|p| p.view.card.clone())
                .unwrap_or_default();
            self.event(Event::CannotBeDisrupted {
                play: id,
                name,
                because,
            });
            return Ok(());
        }
        self.pop(Pop::Disrupt)
    }

    /// The printed text of the first ability that answers that the innermost play can't be
    /// disrupted: the abilities in play (the Dark Side's first), then the card's own.
    fn undisruptable_by(&mut self, own: &[ActiveAbility]) -> Flow<Option<String>> {
        if !self.any_answers(Query::Undisruptable) {
            return Ok(None);
        }
        let mut asked = self.all_abilities(Wanted::Query(Query::Undisruptable))?;
        asked.extend(
            own.iter()
                .filter(|a| {
                    self.host
                        .manifest(a.plugin)
                        .queries
                        .contains(&Query::Undisruptable)
                })
                .cloned(),
        );
        for instance in asked {
            if let QueryAnswer::Flag(true) = self.ask(&instance, QueryCall::Undisruptable)? {
                return Ok(Some(instance.ability.text.clone()));
            }
        }
        Ok(None)
    }

    /// Whether the play whose disrupt POP is open has been disrupted: the POP has nothing left
    /// to answer then, and ends.
    pub(crate) fn innermost_play_disrupted(&self) -> bool {
        self.state.plays.last().is_some_and(|p| p.disrupted)
    }

    /// Applies a valid `disrupt` effect of `by`'s ability: the innermost play will not resolve.
    pub(crate) fn mark_disrupted(&mut self, play: u32, by: Side) {
        let Some(pending) = self.state.plays.last_mut().filter(|p| p.view.id == play) else {
            return;
        };
        pending.disrupted = true;
        let view = pending.view.clone();
        let side = Side::from(view.side);
        self.event(Event::Disrupted {
            play,
            side,
            name: view.card,
            text: view.text,
            by,
        });
    }

    /// Why a `disrupt` effect naming `play` can't act now, if it can't: only the play whose
    /// disrupt POP is open may be disrupted.
    pub(crate) fn disrupt_error(&self, play: u32) -> Option<String> {
        match self.state.plays.last() {
            Some(p) if p.view.id == play => None,
            Some(p) => Some(format!(
                "play {play} is not the one whose disrupt POP is open (play {}: {})",
                p.view.id, p.view.card
            )),
            None => Some(format!(
                "no card or ability is being played (play {play}): disrupt acts only in a \
                 disrupt POP"
            )),
        }
    }
}
