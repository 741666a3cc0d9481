//! Which printed texts the loaded plugins carry out: the plugins' word on a text (`understands`)
//! for `cards coverage`, and the cards of a deck that a game would play without part of their
//! text, for `deck validate` and the commands that play games.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

use anyhow::bail;
use swtcg_card_script::vocabulary::colon_keyword_ability;
use swtcg_engine::cards::CardDb;
use swtcg_engine::cards::coverage::{Gap, card_gaps};
use swtcg_engine::cards::supply;
use swtcg_engine::model::{CardSide, CardType};
use swtcg_engine::plugins::Registry;
use swtcg_engine::{AbilityHost, CardDef, Ruleset};

/// The loaded plugins, asked about printed texts.
pub struct Support<'r> {
    registry: RefCell<&'r mut Registry>,
    /// The keyword names the ability parser knows: the glossary's and every plugin's.
    pub keywords: Vec<String>,
    /// The loaded sets' Subordinate cards: a text that takes a Subordinate none of them is
    /// takes nothing in a game (its supply can't hold it), so it is not carried out.
    subordinates: Vec<Arc<CardDef>>,
}

impl<'r> Support<'r> {
    pub fn new(registry: &'r mut Registry, cards: &CardDb) -> Self {
        let mut keywords = cards.keyword_names().to_vec();
        keywords.extend(registry.keyword_names());
        let subordinates = cards
            .cards()
            .iter()
            .filter(|card| card.card_type == CardType::Subordinate)
            .cloned()
            .collect();
        Support {
            registry: RefCell::new(registry),
            keywords,
            subordinates,
        }
    }

    /// Whether a keyword, as the ability parser spells it, has a plugin.
    pub fn has_plugin(&self, keyword: &str) -> bool {
        self.registry.borrow().plugin_for(keyword).is_some()
    }

    /// The plugins' word on a printed text of `card`, read as a text of a card of `kind` (see
    /// `coverage::coverage`): a keyword plugin that answers `understands` says whether it can
    /// carry the text out; otherwise a card plugin reading that card type may claim it. Both are
    /// asked in the game a game asks them in (`claim_game`), which holds the card.
    pub fn understood(&self, card: &CardDef, text: &str, kind: CardType) -> Option<bool> {
        if self.trap_route(card, text) {
            return Some(false);
        }
        let answer = understood(
            &mut self.registry.borrow_mut(),
            &self.keywords,
            card,
            text,
            kind,
        );
        if answer == Some(true)
            && supply::taken_by_text(card, text)
                .iter()
                .any(|(name, stats)| supply::find_among(&self.subordinates, name, stats).is_none())
        {
            return Some(false);
        }
        if answer == Some(true) && self.granted_not_carried_out(card, text).is_some() {
            return Some(false);
        }
        answer
    }

    /// The first ability of a keyword printed before a colon ("Upkeep: Gain 1 Force.") that
    /// `text` grants in quotes and no loaded plugin carries out. The card plugin granting it
    /// can't tell which plugin will (the engine gives a granted text to the one that claims it,
    /// as a printed one), so the plugins are asked here, about the text on a unit of no name.
    pub fn granted_not_carried_out(&self, card: &CardDef, text: &str) -> Option<String> {
        let script = swtcg_engine::cards::coverage::read_text(card, text).script?;
        let unit = CardDef::unit("", CardSide::Neutral, Vec::new(), [0; 4]);
        script
            .granted_abilities()
            .into_iter()
            .map(|granted| granted.trim().trim_end_matches('.').trim())
            .filter(|granted| colon_keyword_ability(granted))
            .find(|granted| {
                let answer = understood(
                    &mut self.registry.borrow_mut(),
                    &self.keywords,
                    &unit,
                    granted,
                    CardType::Unit,
                );
                answer != Some(true)
            })
            .map(str::to_string)
    }

    /// Whether `text` on `card` is a way to complete a Trap other than its trigger: a keyword
    /// whose plugin offers completion routes (Meditate, Alternative Cost...) or a "To complete
    /// ..." text. The engine completes a Trap only when its trigger happens (game 16.7), so the
    /// text does nothing yet (Meditate's "Traps: only when their trigger happens" is not played).
    pub fn trap_route(&self, card: &CardDef, text: &str) -> bool {
        if !card.is_trap() {
            return false;
        }
        let registry = self.registry.borrow();
        let routed = swtcg_engine::ability::parse_ability(text, &self.keywords)
            .keyword
            .and_then(|k| registry.plugin_for(&k))
            .is_some_and(|plugin| {
                registry
                    .manifest(plugin)
                    .queries
                    .contains(&swtcg_plugin_api::Query::Completions)
            });
        routed || text.trim_start().starts_with("To complete")
    }

    /// What keeps a card from being played fully (empty when nothing does).
    pub fn gaps(&self, card: &CardDef) -> Vec<Gap> {
        card_gaps(
            card,
            &self.keywords,
            &|keyword| self.has_plugin(keyword),
            &|card, text, kind| self.understood(card, text, kind),
        )
    }

    /// Each distinct card of `cards` that can't be played fully, with its gaps, in deck order.
    pub fn unsupported(&self, cards: &[Arc<CardDef>]) -> Vec<(Arc<CardDef>, Vec<Gap>)> {
        let mut seen = HashSet::new();
        cards
            .iter()
            .filter(|card| seen.insert((card.set.clone(), card.name.clone())))
            .filter_map(|card| {
                let gaps = self.gaps(card);
                (!gaps.is_empty()).then(|| (Arc::clone(card), gaps))
            })
            .collect()
    }
}

/// One line per gap: `SET/Name: "text" (why)`, as reports and game logs show them.
pub fn gap_lines(unsupported: &[(Arc<CardDef>, Vec<Gap>)]) -> Vec<String> {
    unsupported
        .iter()
        .flat_map(|(card, gaps)| {
            gaps.iter()
                .map(move |gap| format!("{}/{}: {}", card.set, card.name, gap.describe()))
        })
        .collect()
}

/// The printed ability texts among the gaps: what a board marks as doing nothing.
pub fn inert_texts(unsupported: &[(Arc<CardDef>, Vec<Gap>)]) -> Vec<String> {
    unsupported
        .iter()
        .flat_map(|(_, gaps)| gaps)
        .filter_map(|gap| match gap {
            Gap::Ability { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The decks' cards that can't be played fully, or an error listing them unless the user
/// allowed them (`--allow-unsupported`).
pub fn check_decks(
    registry: &mut Registry,
    cards: &CardDb,
    decks: &[(&str, &[Arc<CardDef>])],
    allow: bool,
) -> anyhow::Result<Vec<(Arc<CardDef>, Vec<Gap>)>> {
    let support = Support::new(registry, cards);
    let mut all = Vec::new();
    let mut report = Vec::new();
    for (name, deck) in decks {
        let unsupported = support.unsupported(deck);
        if !unsupported.is_empty() {
            report.push(format!("{name}:"));
            report.extend(
                gap_lines(&unsupported)
                    .iter()
                    .map(|line| format!("  {line}")),
            );
            for found in unsupported {
                if !all
                    .iter()
                    .any(|(card, _): &(Arc<CardDef>, _)| Arc::ptr_eq(card, &found.0))
                {
                    all.push(found);
                }
            }
        }
    }
    if !all.is_empty() && !allow {
        bail!(
            "the decks hold cards the engine cannot carry out fully:\n{}\nplay them anyway with \
             --allow-unsupported (these texts then do nothing, and the game log says so)",
            report.join("\n")
        );
    }
    Ok(all)
}

fn understood(
    registry: &mut Registry,
    keywords: &[String],
    card: &CardDef,
    text: &str,
    kind: CardType,
) -> Option<bool> {
    use swtcg_plugin_api::{Ability, Query, QueryAnswer, QueryCall};
    let (state, unit) =
        swtcg_engine::game::claim_game(Arc::new(Ruleset::default()), &Arc::new(card.clone()));
    let ask = |registry: &mut Registry, plugin, parameter: &str, cost: Option<String>| {
        let ability = Ability {
            unit: unit.0,
            index: 0,
            text: text.trim().to_string(),
            parameter: parameter.to_string(),
            cost,
            under: false,
        };
        matches!(
            registry.query(plugin, &ability, &QueryCall::Understands, &state),
            Ok(QueryAnswer::Flag(true))
        )
    };
    let parsed = swtcg_engine::ability::parse_ability(text, keywords);
    let keyword_plugin = parsed
        .keyword
        .as_deref()
        .and_then(|k| registry.plugin_for(k))
        .filter(|&plugin| {
            registry
                .manifest(plugin)
                .queries
                .contains(&Query::Understands)
        });
    if let Some(plugin) = keyword_plugin
        && ask(registry, plugin, &parsed.parameter, parsed.cost.clone())
    {
        return Some(true);
    }
    // As in a game, a text its keyword's plugin can't carry out goes to the card plugins
    // ("Bounty: Put 2 mastery counters on Cara." to the card-text plugin).
    let claimed = registry
        .card_plugins()
        .into_iter()
        .filter(|&plugin| registry.manifest(plugin).reads_card_type(kind))
        .collect::<Vec<_>>()
        .into_iter()
        .any(|plugin| ask(registry, plugin, &card.card_text_parameter(text), None));
    match (claimed, keyword_plugin) {
        (true, _) => Some(true),
        (false, Some(_)) => Some(false),
        (false, None) => None,
    }
}
