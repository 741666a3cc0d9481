//! The script: a scenario's acts as the `Decider` that answers the game's decisions for both
//! players (FORMAT.md "Principles" and "Acts"), one method per act kind.

use std::collections::BTreeMap;

use super::{arena_of, side_of};
use crate::ability_name::{By, Known, listed, named, normalize};
use crate::scenario::{Act, Action, ChooseOption, Scenario, Via};
use swtcg_cards::CardDb;
use swtcg_rules::ability::parse_ability;
use swtcg_rules::decision::{Choice, DecideError, Decider, Decision, DecisionKind};
use swtcg_rules::hooks::AbilityHost;
use swtcg_rules::model::{CardDef, CardId, GameState, Unit, UnitId};

/// How an act relates to a decision.
enum Fit {
    /// The act answers the decision with this option.
    Answer(usize),
    /// The act is of this decision's kind but the rules refuse it now.
    Refused(String),
    /// The act and the one after it answer the decision together.
    AnswerTwo(usize),
    /// The act is for a later decision: the decision takes its default.
    Later,
    /// The act shows which option to take here but answers a later decision (an attack act
    /// picks the acting unit among tied ones, then answers that unit's action).
    Peek(usize),
    /// The act can't be read (it names an ability ambiguously): the scenario fails with this.
    Error(String),
}

/// What the script needs to read an ability's name as printed (FORMAT.md): the keyword names, to
/// tell a printed keyword from card text, and the names of the card plugins, which are no
/// ability's name.
pub(super) struct AbilityNames {
    keywords: Vec<String>,
    card_plugins: Vec<String>,
}

impl AbilityNames {
    pub(super) fn of(host: &dyn AbilityHost, cards: &CardDb) -> Self {
        let card_plugins: Vec<String> = host
            .card_plugins()
            .into_iter()
            .map(|p| host.manifest(p).name.clone())
            .collect();
        // The IDC keyword list and every keyword a loaded keyword plugin implements.
        let mut keywords = cards.keyword_names().to_vec();
        keywords.extend(
            host.keyword_names()
                .into_iter()
                .filter(|k| !card_plugins.contains(k)),
        );
        AbilityNames {
            keywords,
            card_plugins,
        }
    }

    /// An offered activation as a name is matched against it.
    fn offered<'c>(&self, keyword: &'c str, text: &'c str) -> Known<'c> {
        let card_text = self.card_plugins.iter().any(|p| p == keyword);
        Known {
            text,
            keyword: (!card_text).then_some(keyword),
            card_plugin: card_text.then_some(keyword),
        }
    }
}

/// The scenario's acts as a decider for both players (FORMAT.md "Principles").
pub(super) struct Script<'s> {
    acts: &'s [Act],
    /// The number of the act `expect.illegal` names: it does not wait for its unit's turn.
    expected_illegal: Option<usize>,
    names: AbilityNames,
    /// The printed texts and plugin names of the activations each unit was offered during the
    /// run, for naming what a unit could use when an act names none of its abilities.
    offered: BTreeMap<UnitId, Vec<(String, String)>>,
    /// The engine's unit for each scenario id, followed as cards move between units (a Pilot
    /// boarding or moving off a unit, game 12.2).
    pub(super) ids: BTreeMap<String, UnitId>,
    /// The card each scenario id stands for.
    cards: &'s BTreeMap<String, CardId>,
    pub(super) next: usize,
    pub(super) refused: Vec<(usize, String)>,
    /// Set when a mandatory decision met an act that does not answer it.
    pub(super) failure: Option<String>,
}

impl<'s> Script<'s> {
    pub(super) fn new(
        scenario: &'s Scenario,
        ids: &BTreeMap<String, UnitId>,
        cards: &'s BTreeMap<String, CardId>,
        names: AbilityNames,
    ) -> Self {
        Script {
            acts: &scenario.acts,
            expected_illegal: scenario.expect.illegal,
            names,
            offered: BTreeMap::new(),
            ids: ids.clone(),
            cards,
            next: 0,
            refused: Vec::new(),
            failure: None,
        }
    }

    fn id(&self, name: &str) -> Option<UnitId> {
        self.ids.get(name).copied()
    }

    /// Points each scenario id at the unit its card is part of now (as its stack, a Pilot or an
    /// Equipment), so that a Pilot that boarded a unit is named by its id as that unit, and one
    /// that moved off as its own unit again; a card no longer in play keeps its last unit.
    pub(super) fn follow_cards(&mut self, state: &GameState) {
        for (name, card) in self.cards {
            let holder = state.units.values().find(|u| {
                u.cards.contains(card) || u.pilots.contains(card) || u.equipment.contains(card)
            });
            if let Some(unit) = holder {
                self.ids.insert(name.clone(), unit.id);
            }
        }
    }

    /// Keeps the activations a decision offers, by unit, for naming what a unit could use.
    fn note_offers(&mut self, decision: &Decision) {
        for choice in &decision.options {
            if let Choice::Activate {
                unit,
                keyword,
                text,
                ..
            } = choice
            {
                let seen = self.offered.entry(*unit).or_default();
                if !seen.iter().any(|(t, _)| *t == text.0) {
                    seen.push((text.0.clone(), keyword.clone()));
                }
            }
        }
    }

    fn find(decision: &Decision, wanted: impl Fn(&Choice) -> bool) -> Option<usize> {
        decision.options.iter().position(wanted)
    }

    /// Whether `act` answers `decision`, and how. Each act kind of FORMAT.md "Acts" (and the
    /// `play` extension of docs/scenarios.md) has its own method, which answers the decisions
    /// that act is for and leaves every other decision to a later act (`Fit::Later`).
    fn fit(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        if side_of(act.side) != decision.player {
            return self.other_players_act(state, act, decision);
        }
        match &act.action {
            Action::Attack { .. } => self.attack(state, act, decision),
            Action::Skip { .. } => self.skip(state, act, decision),
            Action::Use { .. } => self.use_ability(state, act, decision),
            Action::Split { .. } => self.split(act, decision),
            Action::Choose { .. } => self.choose(act, decision),
            Action::Complete { via: None, .. } => self.complete(act, decision),
            Action::Complete { via: Some(_), .. } => self.complete_via(act, decision),
            Action::Build { .. } => self.build(act, decision),
            Action::Deploy { .. } => self.deploy(act, decision),
            Action::Retreat { .. } => self.retreat(act, decision),
            Action::Pass => Self::pass(decision),
            Action::Play { .. } => self.play(state, act, decision),
        }
    }

    /// Whether `act` is the one `expect.illegal` names, which does not wait for its unit's turn
    /// (FORMAT.md "Acts wait for their unit's turn, except an expected illegal one").
    fn out_of_turn(&self, act: &Act) -> bool {
        self.expected_illegal == Some(act.number)
    }

    /// An act of the player who is not deciding waits for a decision of its own player, except
    /// the expected illegal attack or skip, which is tried at the next unit action of either
    /// player (FORMAT.md "Acts wait for their unit's turn, except an expected illegal one").
    fn other_players_act(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Act { .. } | DecisionKind::ChooseActor { .. },
                Action::Attack { unit, .. } | Action::Skip { unit },
            ) if self.out_of_turn(act) => self.not_its_turn(state, unit, decision),
            _ => Fit::Later,
        }
    }

    /// `attack = { unit, defender }` (FORMAT.md "Acts"; game 6.3.5 (a), 10.1.1): at its unit's
    /// action, the attack on that defender; at another unit's action, it waits for its unit's
    /// turn ([`Self::unit_cannot_act`]), or is refused there if it is the expected illegal act;
    /// among tied units, it picks its unit ([`Self::acting_unit`]).
    fn attack(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Act { unit },
                Action::Attack {
                    unit: attacker,
                    defender,
                },
            ) => {
                let (attacker_id, defender_id) = (self.id(attacker), self.id(defender));
                if attacker_id == Some(*unit) {
                    let index = Self::find(decision, |c| {
                        defender_id.map(|d| Choice::Attack { defender: d }).as_ref() == Some(c)
                    });
                    answer(index, format!("{attacker} can't attack {defender} now"))
                } else if self.out_of_turn(act) {
                    self.not_its_turn(state, attacker, decision)
                } else {
                    self.unit_cannot_act(state, attacker, attacker_id, unit)
                }
            }
            (DecisionKind::ChooseActor { .. }, Action::Attack { unit, .. }) => {
                self.acting_unit(state, act, unit, decision)
            }
            _ => Fit::Later,
        }
    }

    /// `skip = { unit }` (FORMAT.md "Acts"; game 6.3.5 (c)): at its unit's action, doing
    /// nothing; otherwise it waits or is refused, and picks its unit among tied ones, as an
    /// [`Self::attack`] act does.
    fn skip(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (DecisionKind::Act { unit }, Action::Skip { unit: actor }) => {
                let actor_id = self.id(actor);
                if actor_id == Some(*unit) {
                    Fit::Answer(Self::find(decision, |c| *c == Choice::Skip).unwrap_or(0))
                } else if self.out_of_turn(act) {
                    self.not_its_turn(state, actor, decision)
                } else {
                    self.unit_cannot_act(state, actor, actor_id, unit)
                }
            }
            (DecisionKind::ChooseActor { .. }, Action::Skip { unit }) => {
                self.acting_unit(state, act, unit, decision)
            }
            _ => Fit::Later,
        }
    }

    /// An `attack` or `skip` act when its player picks which of their units tied for speed acts
    /// (game 6.3.5; docs/scenarios.md "Acts"): the act picks its unit, and answers that unit's
    /// action next; a unit not among the tied ones waits for its turn, or is refused if the act
    /// is the expected illegal one.
    fn acting_unit(&self, state: &GameState, act: &Act, unit: &str, decision: &Decision) -> Fit {
        let id = self.id(unit);
        match Self::find(decision, |c| {
            id.map(|u| Choice::Actor { unit: u }).as_ref() == Some(c)
        }) {
            Some(index) => Fit::Peek(index),
            None if self.out_of_turn(act) => self.not_its_turn(state, unit, decision),
            None => Fit::Later,
        }
    }

    /// `use = { unit, ability, target?, amount?, arena? }` (FORMAT.md "Acts"; game 9.2, 13.3, and
    /// 7.1 for the activations of the build step): plays the activation of that ability the unit
    /// is offered in a POP or as a build action. `ability` is the printed text, its start, or the
    /// keyword's name (FORMAT.md "Abilities are written as printed"), read against what the unit
    /// is offered now; a name that fits none of those waits for a later offer, and an ambiguous
    /// one fails the scenario.
    fn use_ability(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        // At its unit's action in a battle step, an ability that says "Play only when this
        // unit would attack" is used instead of attacking (game 6.3.5 b).
        let (
            DecisionKind::Pop { .. } | DecisionKind::BuildAction | DecisionKind::Act { .. },
            Action::Use {
                unit,
                ability,
                target,
                amount,
                offer,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let (id, target) = (self.id(unit), target.as_deref().map(|t| self.id(t)));
        let offers: Vec<Known> = decision
            .options
            .iter()
            .filter_map(|c| match c {
                Choice::Activate {
                    unit: u,
                    keyword,
                    text,
                    ..
                } if Some(*u) == id => Some(self.names.offered(keyword, &text.0)),
                _ => None,
            })
            .collect();
        let text = match named(ability, &offers) {
            // "Enough of its start to be unambiguous" among all the unit's abilities, not only
            // those it can pay for now.
            Ok(Some((text, By::Start))) => {
                let printed = self.printed(state, unit);
                if let Err(why) = named(ability, &known(&printed)) {
                    let all: Vec<Known> = offers.iter().copied().chain(known(&printed)).collect();
                    return Fit::Error(format!(
                        "act {} (line {}): {why}; {unit}'s abilities: {}",
                        act.number,
                        act.line,
                        listed(&all)
                    ));
                }
                text
            }
            Ok(Some((text, _))) => text,
            Ok(None) => return Fit::Later,
            Err(why) => {
                return Fit::Error(format!(
                    "act {} (line {}): {why}; {unit} can use now: {}",
                    act.number,
                    act.line,
                    listed(&offers)
                ));
            }
        };
        Self::find(decision, |c| match c {
            Choice::Activate {
                unit: u,
                text: t,
                target: to,
                amount: a,
                label,
                ..
            } => {
                Some(*u) == id
                    && normalize(&t.0) == normalize(text)
                    && target.is_none_or(|want| want == *to)
                    && amount.is_none_or(|want| Some(want) == *a)
                    && offer_named(offer.as_deref(), &label.0)
            }
            _ => false,
        })
        .map_or(Fit::Later, Fit::Answer)
    }

    /// `play = { card, target?, amount?, via?, arena?, enhance? }` (docs/scenarios.md
    /// "Extensions"; game 9.2, 13.3): in a POP, plays that Battle card from hand, or from the
    /// discard pile by Meditate, with its Enhance or without; in a build step, `via =
    /// "Meditate"` plays that unit or Mission from the discard pile (`arena`: where the unit is
    /// deployed at once). A play not offered now waits for a later offer.
    fn play(&self, state: &GameState, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (
                DecisionKind::Pop { .. },
                Action::Play {
                    card,
                    target,
                    amount,
                    meditate,
                    enhance,
                    offer,
                    ..
                },
            ) => {
                let target = target.as_deref().map(|t| self.id(t));
                Self::find(decision, |c| match c {
                    Choice::PlayCard {
                        card: c,
                        target: t,
                        amount: a,
                        from_discard: m,
                        addition,
                        label,
                        ..
                    } => {
                        names_card(state.def(*c), card)
                            && m.is_some() == *meditate
                            && addition.is_some() == *enhance
                            && target.is_none_or(|want| want == *t)
                            && amount.is_none_or(|want| Some(want) == *a)
                            && offer_named(offer.as_deref(), &label.0)
                    }
                    _ => false,
                })
                .map_or(Fit::Later, Fit::Answer)
            }
            (
                DecisionKind::BuildAction,
                Action::Play {
                    card,
                    meditate: true,
                    arena,
                    ..
                },
            ) => {
                let arena = arena.map(arena_of);
                Self::find(decision, |c| match c {
                    Choice::CompleteVia {
                        unit: None,
                        card: c,
                        label,
                        arena: a,
                        ..
                    } => label == "Meditate" && names_card(state.def(*c), card) && *a == arena,
                    _ => false,
                })
                .map_or(Fit::Later, Fit::Answer)
            }
            _ => Fit::Later,
        }
    }

    /// `split = { unit, to = { id = hits, ... } }` (FORMAT.md "Acts"; game 10.6.1, keyword
    /// Overkill): answers the attacker's division of its excess hits, refused if another unit is
    /// attacking or the hits can't be divided that way.
    fn split(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::SplitHits { attacker }, Action::Split { unit, to }) =
            (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        if self.id(unit) != Some(*attacker) {
            return Fit::Refused(format!(
                "{unit} is not the attacking unit whose hits are split"
            ));
        }
        let wanted: Vec<(Option<UnitId>, u32)> =
            to.iter().map(|(id, hits)| (self.id(id), *hits)).collect();
        let index = match wanted.as_slice() {
            [(Some(to), hits)] => Self::find(decision, |c| {
                *c == Choice::Split {
                    to: *to,
                    hits: *hits,
                }
            }),
            _ => None,
        };
        answer(
            index,
            format!("the hits of {unit} can't be split that way ({to:?})"),
        )
    }

    /// `choose = { unit, option }` (FORMAT.md "Acts", docs/scenarios.md "Extensions"): which of
    /// the player's waiting triggered abilities resolves next (game 13.4.3), an option the
    /// unit's ability offers (API 1.1 `choose`; a choice for another unit's ability waits), which
    /// of several payable costs is paid (Upkeep) or how many damage counters are removed (game
    /// 14.5). `option` is the option's printed text or its 1-based index.
    fn choose(&self, act: &Act, decision: &Decision) -> Fit {
        match (&decision.kind, &act.action) {
            (DecisionKind::OrderTriggers { .. }, Action::Choose { unit, option }) => {
                // `option` is the printed text of the ability to resolve next, or its number.
                let id = self.id(unit);
                let index = match option {
                    ChooseOption::Index(n) => (*n <= decision.options.len()).then(|| n - 1),
                    ChooseOption::Text(t) => Self::find(decision, |c| match c {
                        Choice::Trigger { unit: u, text } => {
                            Some(*u) == id && text.eq_ignore_ascii_case(t.trim())
                        }
                        _ => false,
                    }),
                };
                answer(
                    index,
                    format!("{unit} has no triggered ability {option:?} waiting"),
                )
            }
            // The arena a Subordinate just taken, or a unit card just put into play by an
            // ability, goes into (game 16.5), which no scenario id names: the act names the unit
            // whose ability did it (any unit for a card being played) and the arena by its
            // name ("ground") or the option's number.
            (
                DecisionKind::PlaceSubordinate { by, .. } | DecisionKind::PlaceCard { by, .. },
                Action::Choose { unit, option },
            ) => {
                if by.is_some() && self.id(unit) != *by {
                    return Fit::Later;
                }
                let index = match option {
                    ChooseOption::Index(n) => {
                        (*n >= 1 && *n <= decision.options.len()).then(|| n - 1)
                    }
                    ChooseOption::Text(t) => {
                        let t = t
                            .trim()
                            .trim_end_matches(" arena")
                            .trim_start_matches("the ");
                        Self::find(decision, |c| match c {
                            Choice::Deploy { arena, .. } => arena.name().eq_ignore_ascii_case(t),
                            _ => false,
                        })
                    }
                };
                answer(
                    index,
                    format!("{option:?} is no arena the card {unit} put into play may go into"),
                )
            }
            // A card an ability picks from a deck, a discard pile or a hand (API 1.11
            // `pick-cards`): the act names the unit whose ability picks (any unit for a card
            // being played) and the card by its printed name or the option's number; `pass`
            // picks no more where fewer may be picked.
            (DecisionKind::PickCard { by }, Action::Choose { unit, option }) => {
                if by.is_some() && self.id(unit) != *by {
                    return Fit::Later;
                }
                answer(
                    Self::option(decision, option),
                    format!("{option:?} is no card the ability of {unit} may pick"),
                )
            }
            (DecisionKind::ChooseOption { unit: asking }, Action::Choose { unit, option }) => {
                // A choice for another unit's ability answers a later decision; a Battle card's
                // choice (its unit is no scenario unit) is answered by an act naming any unit.
                let from_a_unit = self.ids.values().any(|id| id == asking);
                if from_a_unit && self.id(unit) != Some(*asking) {
                    return Fit::Later;
                }
                answer(
                    Self::option(decision, option),
                    format!("option {option:?} is not one the ability of {unit} offers"),
                )
            }
            // A payment an ability offers inside its effect ("unless your opponent pays 2
            // Force"): the paying side's act names the ability's unit (any unit for a Battle
            // card's) and the cost, by its text or as option 1; `pass` declines.
            (DecisionKind::PayOrNot { unit: asking }, Action::Choose { unit, option }) => {
                let from_a_unit = self.ids.values().any(|id| id == asking);
                if from_a_unit && self.id(unit) != Some(*asking) {
                    return Fit::Later;
                }
                answer(
                    Self::option(decision, option),
                    format!("{option:?} is not the cost the ability offers to pay"),
                )
            }
            // A card to discard for a cost: the act names the unit whose ability it pays for
            // (any unit for a card being played) and the card by its name or number.
            (
                DecisionKind::DiscardForCost { unit: asking }
                | DecisionKind::RemoveForCost { unit: asking },
                Action::Choose { unit, option },
            ) => {
                if asking.is_some() && self.id(unit) != *asking {
                    return Fit::Later;
                }
                answer(
                    Self::option(decision, option),
                    format!("{option:?} is no card the cost lets you choose"),
                )
            }
            // A unit to tap or discard for a cost ("tap one of your untapped Jedi", "discard one
            // of your Jedi from the Character arena"): the act names the unit whose ability it
            // pays for (any unit for a card being played) and the unit chosen by its scenario id
            // or the option's number.
            (
                DecisionKind::TapForCost { unit: asking }
                | DecisionKind::DiscardUnitForCost { unit: asking }
                | DecisionKind::CountersForCost { unit: asking },
                Action::Choose { unit, option },
            ) => {
                if asking.is_some() && self.id(unit) != *asking {
                    return Fit::Later;
                }
                let index = match option {
                    ChooseOption::Text(t) => match self.id(t.trim()) {
                        Some(tapped) => Self::find(decision, |c| {
                            matches!(c, Choice::Option { text, .. }
                                if text.ends_with(&format!("[{tapped}]")))
                        }),
                        None => Self::option(decision, option),
                    },
                    ChooseOption::Index(_) => Self::option(decision, option),
                };
                answer(
                    index,
                    format!("{option:?} is no unit the cost lets you choose"),
                )
            }
            (
                DecisionKind::ChooseCost { .. } | DecisionKind::RemoveDamage { .. },
                Action::Choose { option, .. },
            ) => answer(
                Self::option(decision, option),
                format!("option {option:?} is not one of the costs that can be paid"),
            ),
            _ => Fit::Later,
        }
    }

    /// The offered `Choice::Option` a `choose` act's option names, by its index or its text.
    fn option(decision: &Decision, option: &ChooseOption) -> Option<usize> {
        Self::find(decision, |c| match (c, option) {
            (Choice::Option { index, .. }, ChooseOption::Index(n)) => *index as usize == *n,
            (Choice::Option { text, .. }, ChooseOption::Text(t)) => {
                text.eq_ignore_ascii_case(t.trim())
            }
            _ => false,
        })
    }

    /// `complete = { unit }` (FORMAT.md "Acts"; game 7.4), paying the build cost, in the build
    /// step; with the extension `stack` (docs/scenarios.md), into that stack (game 3.6), else
    /// the first legal completion of the card.
    fn complete(&self, act: &Act, decision: &Decision) -> Fit {
        let (
            DecisionKind::BuildAction,
            Action::Complete {
                unit,
                via: None,
                stack,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let id = self.id(unit);
        let into = stack.as_ref().map(|s| self.id(s));
        let index = Self::find(decision, |c| match (c, into) {
            (Choice::Complete { unit: u } | Choice::CompleteIntoStack { unit: u, .. }, None) => {
                Some(*u) == id
            }
            (
                Choice::CompleteIntoStack {
                    unit: u, stack: s, ..
                },
                Some(into),
            ) => Some(*u) == id && Some(*s) == into,
            _ => false,
        });
        // A card whose text adds a cost to its completion ("To complete ~, you must also tap
        // ...") is completed with its build counters by the route that pays that cost.
        let index = index.or_else(|| {
            Self::find(decision, |c| match c {
                Choice::CompleteVia {
                    unit: u,
                    label,
                    arena: None,
                    x: None,
                    ..
                } => into.is_none() && *u == id && label.starts_with(BUILD_COUNTERS_AND),
                _ => false,
            })
        });
        answer(index, format!("{unit} can't be completed now"))
    }

    /// `complete = { unit, via, x? }` (FORMAT.md "Acts"; game 7.6, keywords Hidden Cost,
    /// Alternative Cost, Reduced Cost): completes the card by that route, in a build step or in
    /// a POP, with `x` as the X of the route's cost. A `deploy` act for the same unit right after
    /// it says where the unit goes at once, and is answered with it. Not offered in a POP or the
    /// opponent's build step, it waits; not offered in its player's build step, it is refused,
    /// naming the values of X that could be paid.
    fn complete_via(&self, act: &Act, decision: &Decision) -> Fit {
        let (
            DecisionKind::BuildAction | DecisionKind::Pop { .. } | DecisionKind::OpponentsBuildStep,
            Action::Complete {
                unit,
                via: Some(via),
                x: wanted_x,
                ..
            },
        ) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        // A completion by another route may deploy at once: a `deploy` act for the same unit
        // right after it says where.
        let (id, wanted) = (self.id(unit), via_label(*via));
        let deploy = match self.acts.get(self.next + 1).map(|a| &a.action) {
            Some(Action::Deploy { unit: next, arena }) if next == unit => Some(arena.map(arena_of)),
            _ => None,
        };
        let index = Self::find(decision, |c| match c {
            Choice::CompleteVia {
                unit: u,
                label,
                arena,
                x,
                ..
            } => {
                // The act's `x` picks the value of an X in the cost; a cost with an X needs one,
                // a cost without takes none.
                *u == id
                    && label.starts_with(wanted)
                    && x == wanted_x
                    && match deploy {
                        None => arena.is_none(),
                        Some(None) => arena.is_some(),
                        Some(Some(want)) => *arena == Some(want),
                    }
            }
            _ => false,
        });
        match (index, &decision.kind, deploy.is_some()) {
            (Some(index), _, true) => Fit::AnswerTwo(index),
            (Some(index), _, false) => Fit::Answer(index),
            (None, DecisionKind::Pop { .. } | DecisionKind::OpponentsBuildStep, _) => Fit::Later,
            (None, _, _) => {
                // Name the values of X the route could be paid with, if it has one.
                let xs: Vec<u32> = decision
                    .options
                    .iter()
                    .filter_map(|c| match c {
                        Choice::CompleteVia {
                            unit: u,
                            label,
                            x: Some(x),
                            ..
                        } if *u == id && label.starts_with(wanted) => Some(*x),
                        _ => None,
                    })
                    .collect();
                let with_x = wanted_x
                    .map(|x| format!(" with X = {x}"))
                    .unwrap_or_default();
                let payable = match (xs.iter().min(), xs.iter().max()) {
                    (Some(low), Some(high)) => {
                        format!(" (its cost has an X, payable now from {low} to {high})")
                    }
                    _ => String::new(),
                };
                Fit::Refused(format!(
                    "{unit} can't be completed via {wanted}{with_x} now{payable}"
                ))
            }
        }
    }

    /// `build = { unit, points }` (FORMAT.md "Acts"; game 7.2): puts that many build counters
    /// on the card in the build step, refused if they can't be put on it now.
    fn build(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::BuildAction, Action::Build { unit, points }) =
            (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let index = Self::find(decision, |c| {
            self.id(unit)
                .map(|u| Choice::AddCounters {
                    unit: u,
                    points: *points,
                })
                .as_ref()
                == Some(c)
        });
        answer(
            index,
            format!("{unit} can't get {points} build counters now"),
        )
    }

    /// `deploy = { unit, arena? }` (FORMAT.md "Acts"; game 7.1, 7.4, 7.8, 8.4): moves the
    /// completed or retreated unit from the build zone into that arena (any arena it may go to
    /// when `arena` is left out), refused if it can't go there now. A `deploy` act right after a
    /// `complete` act by another route is answered with it ([`Self::complete_via`]). For a
    /// Location it also answers where the Location goes when it is completed (game 16.1).
    fn deploy(&self, act: &Act, decision: &Decision) -> Fit {
        let Action::Deploy { unit, arena } = &act.action else {
            return Fit::Later;
        };
        let id = self.id(unit);
        match decision.kind {
            DecisionKind::BuildAction => {}
            DecisionKind::PlaceLocation { unit: placed } if Some(placed) == id => {}
            _ => return Fit::Later,
        }
        let arena = arena.map(arena_of);
        let index = Self::find(decision, |c| match c {
            Choice::Deploy { unit: u, arena: a } => {
                Some(*u) == id && arena.is_none_or(|want| want == *a)
            }
            _ => false,
        });
        answer(index, format!("{unit} can't be deployed there now"))
    }

    /// `retreat = { unit }` (FORMAT.md "Acts"; game 8.1): retreats the unit in its player's
    /// retreat step, refused if it can't retreat now.
    fn retreat(&self, act: &Act, decision: &Decision) -> Fit {
        let (DecisionKind::Retreat, Action::Retreat { unit }) = (&decision.kind, &act.action)
        else {
            return Fit::Later;
        };
        let index = Self::find(decision, |c| {
            self.id(unit).map(|u| Choice::Retreat { unit: u }).as_ref() == Some(c)
        });
        answer(index, format!("{unit} can't retreat now"))
    }

    /// `pass = true` (FORMAT.md "Acts"; game 9.2): passes at the next decision of its player
    /// that can be passed.
    fn pass(decision: &Decision) -> Fit {
        if decision.options.contains(&Choice::Pass) {
            Fit::Answer(Self::find(decision, |c| *c == Choice::Pass).unwrap_or(0))
        } else {
            Fit::Later
        }
    }

    /// An attack or skip act for another unit than the one acting: it waits for that unit's
    /// turn, unless that unit cannot act in this step at all.
    fn unit_cannot_act(
        &self,
        state: &GameState,
        name: &str,
        id: Option<UnitId>,
        acting: &UnitId,
    ) -> Fit {
        let acting_arena = state.unit(*acting).and_then(Unit::in_arena);
        match id.and_then(|id| state.unit(id)) {
            Some(unit)
                if !unit.tapped && unit.in_arena().is_some() && unit.in_arena() == acting_arena =>
            {
                Fit::Later
            }
            Some(unit) if unit.tapped => Fit::Refused(format!("{name} is tapped and can't act")),
            Some(_) => Fit::Refused(format!(
                "{name} is not in the arena whose battle step is running"
            )),
            None => Fit::Refused(format!("{name} is no longer in play")),
        }
    }

    /// The expected illegal act of a unit that is not the one acting at this unit action (nor
    /// one of the tied units its player chooses from): refused, because units act in order of
    /// speed (game 6.3.5).
    fn not_its_turn(&self, state: &GameState, name: &str, decision: &Decision) -> Fit {
        let running = match &decision.kind {
            DecisionKind::Act { unit } => state.unit(*unit).and_then(Unit::in_arena),
            DecisionKind::ChooseActor { arena } => Some(*arena),
            _ => None,
        };
        match self.id(name).and_then(|id| state.unit(id)) {
            Some(unit) if unit.tapped => Fit::Refused(format!("{name} is tapped and can't act")),
            Some(unit) if unit.in_arena().is_none() || unit.in_arena() != running => Fit::Refused(
                format!("{name} is not in the arena whose battle step is running"),
            ),
            Some(_) => {
                let acting: Vec<String> = match &decision.kind {
                    DecisionKind::Act { unit } => vec![self.name_of(state, *unit)],
                    _ => decision
                        .options
                        .iter()
                        .filter_map(|c| match c {
                            Choice::Actor { unit } => Some(self.name_of(state, *unit)),
                            _ => None,
                        })
                        .collect(),
                };
                Fit::Refused(format!(
                    "it is not {name}'s turn to act: {} acts now (game 6.3.5: units act in \
                     order of speed)",
                    acting.join(" or ")
                ))
            }
            None => Fit::Refused(format!("{name} is no longer in play")),
        }
    }

    /// The scenario's id for a unit, or its card name where no id names it.
    fn name_of(&self, state: &GameState, id: UnitId) -> String {
        // Several ids name one unit (its stacked cards, its Pilots): the top card's id first.
        let top = state.unit(id).map(Unit::top);
        self.ids
            .iter()
            .filter(|&(_, &u)| u == id)
            .max_by_key(|&(name, _)| self.cards.get(name).copied() == top)
            .map_or_else(|| state.unit_label(id), |(name, _)| name.clone())
    }

    /// At the end of the run, acts for units that could not act any more are refused rather
    /// than left unused: an attack by a tapped unit is illegal, not merely late.
    pub(super) fn finish(&mut self, state: &GameState) {
        while let Some(act) = self.acts.get(self.next) {
            if let Action::Use { unit, ability, .. } = &act.action
                && let Err(reason) = self.names_an_ability(state, unit, ability)
            {
                // A name that is none of the unit's abilities is a mistake in the scenario, not
                // an illegal act that `expect.illegal` or `optional` could excuse.
                self.failure
                    .get_or_insert(format!("act {} (line {}): {reason}", act.number, act.line));
                self.next += 1;
                continue;
            }
            if let Some(reason) = never_possible(&act.action) {
                if !act.optional {
                    self.refused.push((act.number, reason));
                }
                self.next += 1;
                continue;
            }
            let (Action::Attack { unit, .. } | Action::Skip { unit }) = &act.action else {
                break;
            };
            let reason = match self.id(unit).and_then(|id| state.unit(id)) {
                Some(u) if u.tapped => format!("{unit} is tapped and can't act"),
                Some(u) if u.in_arena().is_none() => format!("{unit} is not in an arena"),
                Some(_) => break,
                None => format!("{unit} is no longer in play"),
            };
            if !act.optional {
                self.refused.push((act.number, reason));
            }
            self.next += 1;
        }
    }

    /// Whether a `use` act never played names one of the unit's abilities (the activations it
    /// was offered during the run, and the texts printed on its cards or granted to it, which
    /// may never have been offered: a cost never payable) or a keyword ability. The error lists
    /// the unit's abilities.
    fn names_an_ability(&self, state: &GameState, unit: &str, ability: &str) -> Result<(), String> {
        let offered = self.id(unit).and_then(|id| self.offered.get(&id));
        let printed = self.printed(state, unit);
        let offered: Vec<Known> = offered
            .into_iter()
            .flatten()
            .map(|(text, keyword)| self.names.offered(keyword, text))
            .collect();
        let printed = known(&printed);
        let all: Vec<Known> = offered.iter().chain(&printed).copied().collect();
        // The offers and the printed texts are read apart: an offer may be a granted copy of a
        // printed text (Velocity's, armed for a battle step), which is no second ability.
        // A keyword ability the unit does not have ("Pay 3 Force -> Evade 1" that a condition
        // never granted) is a name all the same: using it is illegal, not a mistake.
        let keyword_ability = || {
            parse_ability(ability, &self.names.keywords)
                .keyword
                .is_some()
        };
        match (named(ability, &offered), named(ability, &printed)) {
            (Ok(Some(_)), _) | (_, Ok(Some(_))) => Ok(()),
            _ if keyword_ability() => Ok(()),
            (Err(why), _) | (_, Err(why)) => {
                Err(format!("{unit}: {why}; its abilities: {}", listed(&all)))
            }
            (Ok(None), Ok(None)) => Err(format!(
                "{unit} has no ability \"{}\"; its abilities: {}",
                ability.trim(),
                listed(&all)
            )),
        }
    }

    /// The texts printed on the cards of the unit a scenario id names (its stack, Pilots and
    /// Equipment) or granted to it (by effects, and the items its Pilots list, game 12.3), each
    /// with the keyword it is; for a unit no longer in play, the texts of the id's own card.
    fn printed(&self, state: &GameState, unit: &str) -> Vec<(String, Option<String>)> {
        let texts: Vec<String> = match self.id(unit).and_then(|id| state.unit(id)) {
            Some(u) => u
                .cards
                .iter()
                .chain(&u.pilots)
                .chain(&u.equipment)
                .flat_map(|&card| state.def(card).abilities.iter().cloned())
                .chain(u.granted.iter().map(|(text, _)| text.clone()))
                .chain(
                    u.pilots
                        .iter()
                        .flat_map(|&card| Self::pilot_items(state, card)),
                )
                .collect(),
            None => self
                .cards
                .get(unit)
                .map(|&card| state.def(card).abilities.clone())
                .unwrap_or_default(),
        };
        texts
            .into_iter()
            .map(|text| {
                let keyword = parse_ability(&text, &self.names.keywords).keyword;
                (text, keyword)
            })
            .collect()
    }

    /// The items a Pilot card's Pilot abilities list, which it grants the unit it pilots.
    fn pilot_items(state: &GameState, card: CardId) -> Vec<String> {
        state
            .def(card)
            .abilities
            .iter()
            .filter_map(|text| swtcg_plugin_api::pilot_text::granted_by(text))
            .flatten()
            .collect()
    }

    /// The answer when no act fits: pass, do nothing, or the first option.
    fn default_answer(decision: &Decision) -> usize {
        let preferred = match decision.kind {
            DecisionKind::Act { .. } => Choice::Skip,
            _ => Choice::Pass,
        };
        decision
            .options
            .iter()
            .position(|c| *c == preferred)
            .unwrap_or(0)
    }
}

impl Decider for Script<'_> {
    fn decide(&mut self, state: &GameState, decision: &Decision) -> Result<usize, DecideError> {
        self.follow_cards(state);
        self.note_offers(decision);
        while let Some(act) = self.acts.get(self.next) {
            match self.fit(state, act, decision) {
                Fit::Error(reason) => {
                    // The act can't be read: the scenario fails, and the run goes on without it.
                    self.failure.get_or_insert(reason);
                    self.next += 1;
                }
                Fit::Answer(index) => {
                    self.next += 1;
                    return Ok(index);
                }
                Fit::Refused(reason) => {
                    // A refused act is skipped and the run goes on with the next one; it fails
                    // the scenario unless it is optional or the expected illegal act.
                    if !act.optional {
                        self.refused.push((act.number, reason));
                    }
                    self.next += 1;
                }
                Fit::Peek(index) => return Ok(index),
                Fit::AnswerTwo(index) => {
                    self.next += 2;
                    return Ok(index);
                }
                Fit::Later => break,
            }
        }
        // A mandatory decision with no default takes the next act, which must answer it.
        let mandatory_choice = matches!(
            decision.kind,
            DecisionKind::ChooseOption { .. } | DecisionKind::PickCard { .. }
        ) && !decision.options.contains(&Choice::Pass);
        if (matches!(
            decision.kind,
            DecisionKind::ChooseCost { .. }
                | DecisionKind::DiscardForCost { .. }
                | DecisionKind::TapForCost { .. }
                | DecisionKind::DiscardUnitForCost { .. }
                | DecisionKind::CountersForCost { .. }
                | DecisionKind::RemoveForCost { .. }
        ) || mandatory_choice)
            && let Some(act) = self.acts.get(self.next)
            && self.failure.is_none()
        {
            self.failure = Some(format!(
                "the engine asked {} for {}, but act {} (line {}) does not answer it",
                decision.player,
                decision.kind.describe(),
                act.number,
                act.line
            ));
        }
        Ok(Self::default_answer(decision))
    }

    fn wants_trivial(&mut self, state: &GameState, decision: &Decision) -> bool {
        self.acts
            .get(self.next)
            .is_some_and(|act| !matches!(self.fit(state, act, decision), Fit::Later))
    }
}

/// How an act of the decision's kind answers it: with the option it names, else refused for
/// `refusal`.
/// Whether an offer with `label` is the one an act's `offer` names (docs/scenarios.md: where an
/// ability makes several offers, their labels tell them apart); any offer when it names none.
fn offer_named(wanted: Option<&str>, label: &str) -> bool {
    wanted.is_none_or(|wanted| normalize(wanted) == normalize(label))
}

fn answer(index: Option<usize>, refusal: String) -> Fit {
    index.map_or(Fit::Refused(refusal), Fit::Answer)
}

/// Printed texts with their keywords, as a name is matched against them.
fn known(printed: &[(String, Option<String>)]) -> Vec<Known<'_>> {
    printed
        .iter()
        .map(|(text, keyword)| Known {
            text,
            keyword: keyword.as_deref(),
            card_plugin: None,
        })
        .collect()
}

/// Whether an act's card names the card `def`: by its name, or as a deck names a card of a set
/// ("BOTS/Goodness Gracious Me!").
fn names_card(def: &CardDef, wanted: &str) -> bool {
    let wanted = wanted.trim();
    def.name.eq_ignore_ascii_case(wanted)
        || wanted.split_once('/').is_some_and(|(set, name)| {
            def.set.eq_ignore_ascii_case(set.trim()) && def.name.eq_ignore_ascii_case(name.trim())
        })
}

/// Why an act still waiting at the end of the run is refused, for acts that wait for the engine
/// to offer them: an activation never offered when its side could act, a Battle card never
/// playable, a split of hits never asked for (no Overkill, or no hits to divide), a completion
/// by another route that never became possible. `None` for other acts.
fn never_possible(action: &Action) -> Option<String> {
    match action {
        Action::Use { unit, ability, .. } => {
            Some(format!("{unit} was never offered {ability} during the run"))
        }
        Action::Play {
            card,
            enhance: true,
            ..
        } => Some(format!(
            "{card} could not be played with its Enhance at any point of the run (the card has \
             no Enhance a plugin carries out, or its extra cost could not be paid on top of the \
             card's)"
        )),
        Action::Play { card, .. } => Some(format!(
            "{card} could not be played at any point of the run"
        )),
        Action::Split { unit, .. } => Some(format!(
            "{unit} was never asked to divide hits during the run"
        )),
        Action::Complete {
            unit,
            via: Some(via),
            ..
        } => Some(format!(
            "{unit} could not be completed via {} at any point of the run",
            via_label(*via)
        )),
        _ => None,
    }
}

/// How the card-text plugin labels the route that completes a card with its build counters and
/// the cost its text adds (plugins/card-script/src/completion.rs): the `complete` act with no
/// `via` takes it.
const BUILD_COUNTERS_AND: &str = "build counters and ";

fn via_label(via: Via) -> &'static str {
    match via {
        Via::HiddenCost => "Hidden Cost",
        Via::AlternativeCost => "Alternative Cost",
        Via::ReducedCost => "Reduced Cost",
    }
}

#[cfg(test)]
mod tests;
