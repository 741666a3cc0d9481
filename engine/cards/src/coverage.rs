//! Card coverage: which printed abilities the loaded keyword plugins implement, and so which cards
//! the engine can play today. Pure: the caller hands in the cards, the keyword names the parser
//! knows (the bundled glossary plus every loaded plugin's names) and whether a keyword has a
//! plugin.
//!
//! Units (and Subordinates, which are units), Battle cards, Missions, Equipment and Locations are
//! played by the engine today, so only they can be playable: such a card is playable when every
//! ability it prints is a keyword ability whose plugin is loaded or a text a card plugin reading
//! its type claims (a Battle card, Mission, Equipment or Location also needs some text, and a
//! Location an arena on its type line). INSERT and Switch grant other abilities; such an ability is supported only
//! if INSERT or Switch and every ability it grants are (each granted ability is classified like
//! a printed one); so is a Reserves ability only if the ability it lists is. A keyword ability
//! is a keyword with its parameter and nothing more
//! ([`keyword_ability`]): card text that only mentions a keyword (`... gets "Pay 2 Force -> Evade
//! 2."`, "Evade 2, and you may ...") is card text, although `parse_ability` names a keyword in it.

use std::collections::HashMap;

use swtcg_plugin_api::text::split_at_arrow;
use swtcg_rules::ability::{PILOT_PREFIX, parse_ability};
use swtcg_rules::model::{CardDef, CardType};

/// How deep INSERT and Switch grants are followed ("INSERT: Switch: ..."); the data nests at
/// most once, the limit only guards against pathological text.
const MAX_GRANT_DEPTH: usize = 4;

/// What one printed ability is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AbilityClass {
    /// A keyword ability: "Pay 2 Force -> Absorb 2" (Absorb), "[Pilot] ..." (Pilot),
    /// "INSERT: ..." (INSERT). `plugin` tells whether it is supported: its keyword has a plugin
    /// and, for INSERT and Switch, so does everything it grants.
    Keyword { name: String, plugin: bool },
    /// Card text: it needs a card plugin.
    CardText,
}

/// One reason an ability is not supported.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Missing {
    /// A keyword with no plugin: the ability's own, or one that INSERT or Switch grants.
    Keyword(String),
    /// Card text that needs a card plugin: the printed ability as a whole, also when the card
    /// text is only one of the parts that INSERT or Switch grants.
    CardText(String),
    /// A keyword ability's printed cost that the contract's grammar of costs can't read, so the
    /// engine can't pay it ("Remove 1 counter from your Resource -> Intercept").
    Cost(String),
}

impl Missing {
    /// How reports list it: `keyword X (no plugin)`, or the ability text.
    pub fn label(&self) -> String {
        match self {
            Missing::Keyword(name) => format!("keyword {name} (no plugin)"),
            Missing::CardText(text) => text.clone(),
            Missing::Cost(cost) => format!("the cost \"{cost}\" (the engine can't pay it yet)"),
        }
    }
}

/// The classification of one printed ability and what keeps it from being supported (empty when
/// it is supported).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbilityCoverage {
    pub class: AbilityClass,
    /// Distinct reasons, in the order met.
    pub missing: Vec<Missing>,
}

impl AbilityCoverage {
    /// Whether the loaded plugins implement the whole ability.
    pub fn supported(&self) -> bool {
        self.missing.is_empty()
    }

    /// Whether keyword plugins alone could implement it (no card text anywhere in it).
    pub fn keyword_only(&self) -> bool {
        !self
            .missing
            .iter()
            .any(|missing| matches!(missing, Missing::CardText(_)))
    }
}

/// The coverage of one set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetCoverage {
    /// The set code, e.g. `ANH`.
    pub set: String,
    /// Game cards in the set (every printing, promos and alternate art included; Lackey
    /// "Reminder" help cards are not game cards and are left out).
    pub cards: usize,
    /// Cards of the types the engine plays: units (and Subordinates), Battle cards, Missions
    /// and Equipment.
    pub played: usize,
    /// Units among them (`CardDef::is_unit`: units and Subordinates).
    pub units: usize,
    /// Cards of those types whose every ability is supported: by a keyword plugin or a card
    /// plugin that reads the card's type (units without text included; a Battle card, Mission
    /// or Equipment needs text).
    pub playable: usize,
    /// Units among the playable cards.
    pub units_playable: usize,
    /// Units whose every ability is a keyword ability, supported or not: what keyword plugins
    /// alone could make playable.
    pub keyword_only: usize,
    /// What keeps cards of the played types from being playable: each unsupported ability text
    /// (or `keyword X (no plugin)` for a keyword without a plugin) with the number of
    /// abilities it affects, most frequent first, then by text.
    pub unsupported: Vec<(String, usize)>,
    /// Card-text abilities (not keyword abilities) printed on cards of the played types, each
    /// printing counted: what the grammar of card text must read.
    pub texts: usize,
    /// Those the grammar reads completely into a script (`swtcg_card_script::read`), whether a
    /// plugin carries the script out or not.
    pub texts_read: usize,
    /// Those with a script written by hand instead (`written`), which the grammar is not asked
    /// to read.
    pub texts_written: usize,
    /// Where the grammar stops on the others: what it expected there, the number of abilities,
    /// and the first text that stopped so; most frequent first.
    pub grammar_stops: Vec<GrammarStop>,
}

/// A place where the grammar of card text stops, shared by several texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarStop {
    /// What the grammar expected there: `"gets", "can't" or a unit`.
    pub expected: String,
    pub count: usize,
    /// The first such text met, with where it stopped.
    pub example: String,
    pub example_stop: String,
}

/// Classifies one printed ability. `keywords` are the names the parser recognises (the bundled
/// glossary plus the loaded plugins' names and aliases); `has_plugin` tells whether a keyword,
/// as `parse_ability` spells it, has a plugin.
pub fn classify(
    text: &str,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
) -> AbilityCoverage {
    let mut missing = Vec::new();
    check(text, text, keywords, has_plugin, 0, &mut missing);
    let class = match keyword_ability(text, keywords) {
        Some((name, _)) => AbilityClass::Keyword {
            name,
            plugin: missing.is_empty(),
        },
        None => AbilityClass::CardText,
    };
    AbilityCoverage { class, missing }
}

/// The keyword and parameter of a keyword ability, or `None` for card text.
///
/// Stricter than [`parse_ability`], which names the keyword after the first arrow wherever it
/// is: here a keyword ability is a keyword with its parameter and nothing else, so that card text
/// that merely mentions a keyword is card text:
/// - "[Pilot] ..." is Pilot, whatever arrows its text holds;
/// - a cost before the arrow must read like a cost: no quotes (`... gets "Pay 2 Force -> Evade
///   2."` grants a keyword under a condition), no `*` list, no second sentence, and it doesn't
///   start with a condition ("As long as", "When", "Each" ...);
/// - after the keyword comes either a colon and the keyword's text ("Upkeep: ...",
///   "INSERT: ...", "Foresight: ...") or at most an amount ("2", "+1", "X", "X+1"), optionally
///   followed by a colon and text ("Reduced Cost 2: If ..."), or by the keyword's reminder text
///   in parentheses ending the text. Anything else ("Evade 2, and you
///   may ...", "Deflect X, where X is ...", "Redirect to a Crime unit") is card text.
pub fn keyword_ability(text: &str, keywords: &[String]) -> Option<(String, String)> {
    let text = text.trim();
    if let Some(head) = text.get(..PILOT_PREFIX.len())
        && head.eq_ignore_ascii_case(PILOT_PREFIX)
    {
        let rest = text.get(PILOT_PREFIX.len()..).unwrap_or("").trim();
        return Some(("Pilot".to_string(), rest.to_string()));
    }
    let parsed = parse_ability(text, keywords);
    let keyword = parsed.keyword?;
    let effect = match &parsed.cost {
        Some(cost) => {
            if !swtcg_rules::ability::plain_cost(cost) {
                return None;
            }
            split_at_arrow(text).map_or(text, |(_, effect)| effect.trim())
        }
        None => text,
    };
    let rest = effect.get(keyword.len()..).unwrap_or("").trim();
    // `parsed.plain` reads an amount followed by the keyword's reminder text ("Evade 2 (Prevent
    // up to 2 damage to this unit.)") as the amount.
    let plain = rest.starts_with(':') || parsed.plain;
    plain.then_some((keyword, parsed.parameter))
}

/// Adds to `missing` what keeps `text` (the printed ability `printed`, or a part granted inside
/// it) from being supported.
fn check(
    text: &str,
    printed: &str,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    depth: usize,
    missing: &mut Vec<Missing>,
) {
    let mut add = |reason: Missing| {
        if !missing.contains(&reason) {
            missing.push(reason);
        }
    };
    let Some((keyword, parameter)) = keyword_ability(text, keywords) else {
        add(Missing::CardText(printed.to_string()));
        return;
    };
    if !has_plugin(&keyword) {
        add(Missing::Keyword(keyword.clone()));
    }
    // The engine pays a keyword ability's printed cost by the contract's grammar of costs (the
    // keyword's plugin offers it as printed): a cost it can't read is never paid.
    if let Some(cost) = parse_ability(text, keywords).cost
        && swtcg_plugin_api::cost::parse_costs_with_x(&cost).is_err()
    {
        add(Missing::Cost(cost));
    }
    if depth >= MAX_GRANT_DEPTH {
        return;
    }
    let granted = if keyword.eq_ignore_ascii_case("INSERT") {
        vec![parameter]
    } else if keyword.eq_ignore_ascii_case("Switch") {
        switch_grants(&parameter)
    } else {
        Vec::new()
    };
    for part in granted.iter().filter(|part| !part.is_empty()) {
        check(part, printed, keywords, has_plugin, depth + 1, missing);
    }
}

/// The abilities a Switch parameter grants across its arenas, as the Switch plugin reads them:
/// the slash-separated parts, each split into its effects at the commas (keeping together a
/// "Keyword: ..." form and the commas of a cost before its arrow). "None" and plain stat changes
/// ("+10 speed"), which Switch applies itself, grant no ability.
pub fn switch_grants(parameter: &str) -> Vec<String> {
    parameter
        .split('/')
        .map(str::trim)
        .filter(|part| !part.trim_end_matches('.').eq_ignore_ascii_case("none"))
        .flat_map(swtcg_plugin_api::text::split_effects)
        .filter(|effect| swtcg_plugin_api::text::stat_change(effect).is_none())
        .collect()
}

/// The coverage of every set among `cards`, in the order each set first appears.
///
/// `understood` is the plugins' word on a whole printed text of a card, read as a text of a card
/// type (the card's own or, for a Subordinate, a unit's), asked first:
/// `Some(true)` when a card plugin reading that type claims it (supported), `Some(false)` when
/// its keyword's plugin says it can't carry it out (card text that needs a card plugin), `None`
/// to classify it by keywords alone.
pub fn coverage<'a>(
    cards: impl IntoIterator<Item = &'a CardDef>,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
) -> Vec<SetCoverage> {
    let mut sets: Vec<SetCoverage> = Vec::new();
    let mut counts: Vec<HashMap<String, usize>> = Vec::new();
    let mut grammar_stops: Vec<Vec<GrammarStop>> = Vec::new();
    // By whether the text is printed on a unit, a Battle card or a Mission, the text and the
    // card's name: card plugins read the types they name, and a text may name its card.
    let mut classified: HashMap<(CardType, &'a str, &'a str), AbilityCoverage> = HashMap::new();
    for card in cards {
        if card.card_type == CardType::Reminder {
            continue;
        }
        let index = match sets.iter().position(|set| set.set == card.set) {
            Some(index) => index,
            None => {
                sets.push(SetCoverage {
                    set: card.set.clone(),
                    ..SetCoverage::default()
                });
                counts.push(HashMap::new());
                grammar_stops.push(Vec::new());
                sets.len() - 1
            }
        };
        let set = &mut sets[index];
        set.cards += 1;
        let Some(kind) = played_kind(card) else {
            continue;
        };
        set.played += 1;
        set.units += usize::from(kind == CardType::Unit);
        // A Battle card, Mission, Equipment, Location or Resource without text would do nothing, and a
        // Location without an arena has nowhere to go (game 16.1): not playable.
        let mut playable = kind == CardType::Unit
            || (!card.abilities.is_empty()
                && (kind != CardType::Location || !card.arenas.is_empty()));
        let mut keyword_only = true;
        for text in &card.abilities {
            let ability = classified
                .entry((kind, text.as_str(), card.name.as_str()))
                .or_insert_with(|| {
                    ability_coverage(card, text, kind, keywords, has_plugin, understood)
                });
            if ability.class == AbilityClass::CardText {
                set.texts += 1;
                if card.scripts.iter().any(|w| w.text == *text) {
                    set.texts_written += 1;
                    continue;
                }
                let reading = read_text(card, text);
                match &reading.stop {
                    None => set.texts_read += 1,
                    Some(stop) => {
                        let stops = &mut grammar_stops[index];
                        let expected = stop.expected.join(", ");
                        let at = stops.iter().position(|s| s.expected == expected);
                        match at {
                            Some(at) => stops[at].count += 1,
                            None => stops.push(GrammarStop {
                                expected,
                                count: 1,
                                example: text.clone(),
                                example_stop: stop.describe(),
                            }),
                        }
                    }
                }
            }
            playable &= ability.supported();
            // Card text a card plugin claims is still card text, not a keyword ability.
            keyword_only &= ability.keyword_only() && ability.class != AbilityClass::CardText;
            for missing in &ability.missing {
                *counts[index].entry(missing.label()).or_default() += 1;
            }
        }
        set.playable += usize::from(playable);
        set.units_playable += usize::from(playable && kind == CardType::Unit);
        set.keyword_only += usize::from(keyword_only && kind == CardType::Unit);
    }
    for ((set, counts), mut stops) in sets.iter_mut().zip(counts).zip(grammar_stops) {
        set.unsupported = sorted(counts);
        stops.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| a.expected.cmp(&b.expected))
        });
        set.grammar_stops = stops;
    }
    sets
}

/// The grammar's reading of one printed ability of a card: a Battle card's or Mission's plain
/// text is played, a unit's, Equipment's, Location's, Resource's or Event's is static, as a
/// Campaign's or Trap's is (their texts work as those of a card in play, game 16.6, 16.7). For an ability
/// with a script written by hand, the reading of its words (`CardDef::card_text_parameter`).
pub fn read_text(card: &CardDef, text: &str) -> swtcg_card_script::Reading {
    let played = matches!(card.card_type, CardType::Battle | CardType::Mission)
        && !card.is_campaign()
        && !card.is_trap();
    swtcg_card_script::read(
        &card.card_text_parameter(text),
        swtcg_card_script::Card {
            name: &card.name,
            played,
        },
    )
}

/// The card type whose readers a card's texts go to, if the engine plays the card: units and
/// Subordinates are units; Battle cards, Missions, Equipment, Locations, Resources and Events
/// are themselves.
pub fn played_kind(card: &CardDef) -> Option<CardType> {
    match card.card_type {
        CardType::Unit | CardType::Subordinate => Some(CardType::Unit),
        CardType::Battle
        | CardType::Mission
        | CardType::Equipment
        | CardType::Location
        | CardType::Resource
        | CardType::Event => Some(card.card_type),
        _ => None,
    }
}

/// The coverage of one printed text on a card of `kind` (a unit, a Battle card, a Mission or an
/// Equipment): the plugins' word first (`understood`, as [`coverage`] describes), else by keywords.
pub fn ability_coverage(
    card: &CardDef,
    text: &str,
    kind: CardType,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
) -> AbilityCoverage {
    match understood(card, text, kind) {
        Some(true) => match keyword_ability(text, keywords) {
            Some((keyword, parameter)) if keyword == "Pilot" => {
                pilot_coverage(card, keyword, &parameter, keywords, has_plugin, understood)
            }
            _ if let Some(listed) = listed_by_reserves(text, keywords) => {
                reserves_coverage(card, text, &listed, keywords, has_plugin, understood)
            }
            _ => AbilityCoverage {
                class: AbilityClass::CardText,
                missing: Vec::new(),
            },
        },
        Some(false) => AbilityCoverage {
            class: AbilityClass::CardText,
            missing: vec![Missing::CardText(text.to_string())],
        },
        None => {
            let mut coverage = classify(text, keywords, has_plugin);
            // INSERT grants its text to the unit as printed (keywords.md): a text that is no
            // keyword ability is carried out when a card plugin claims it on that card, as a
            // text printed on it would be.
            if let Some((keyword, granted)) = keyword_ability(text, keywords)
                && keyword.eq_ignore_ascii_case("INSERT")
                && keyword_ability(&granted, keywords).is_none()
                && understood(card, &granted, kind) == Some(true)
            {
                coverage
                    .missing
                    .retain(|missing| *missing != Missing::CardText(text.to_string()));
            }
            coverage
        }
    }
}

/// The ability a "Reserves: <ability>" text lists, if `text` is one (`cards explain` reads it in
/// the text's place).
pub fn listed_by_reserves(text: &str, keywords: &[String]) -> Option<String> {
    keyword_ability(text, keywords)
        .filter(|(keyword, _)| keyword.eq_ignore_ascii_case("Reserves"))
        .map(|(_, listed)| listed.trim().to_string())
}

/// A Reserves text its plugin claims: the plugin hands the listed ability to the unit as
/// printed while the unit is in its build zone (keywords.md), where the plugin that claims the
/// listed text carries it out, a keyword's or a card plugin. Reserves claims any listed text, so
/// the text is supported only when its listed ability is too, as if the unit printed it.
fn reserves_coverage(
    card: &CardDef,
    text: &str,
    listed: &str,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
) -> AbilityCoverage {
    let listed = ability_coverage(
        card,
        listed,
        CardType::Unit,
        keywords,
        has_plugin,
        understood,
    );
    let missing = if listed.missing.is_empty() {
        Vec::new()
    } else {
        vec![Missing::CardText(text.to_string())]
    };
    AbilityCoverage {
        class: AbilityClass::CardText,
        missing,
    }
}

/// The name coverage gives the unit a Pilot card pilots, a name no card text uses.
const PILOTED_UNIT: &str = "Piloted Unit";

/// A Pilot text its plugin claims: it grants its listed items to the unit it pilots (game 12),
/// each carried out by the plugin that claims it there, a keyword's or a card plugin.
fn pilot_coverage(
    card: &CardDef,
    keyword: String,
    parameter: &str,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
) -> AbilityCoverage {
    let mut missing = Vec::new();
    let items = swtcg_plugin_api::pilot_text::parse(parameter)
        .map(|pilot| pilot.grants)
        .unwrap_or_default();
    // An item is a text of the piloted unit, another card: the Pilot's name in it ("+1 health
    // for each card in Daragon Family's stack") names the Pilot card there, not that unit.
    let piloted = CardDef {
        name: PILOTED_UNIT.to_string(),
        ..card.clone()
    };
    for item in items {
        let reasons = match understood(&piloted, &item, CardType::Unit) {
            Some(true) => Vec::new(),
            Some(false) => vec![Missing::CardText(item)],
            None => classify(&item, keywords, has_plugin).missing,
        };
        for reason in reasons {
            if !missing.contains(&reason) {
                missing.push(reason);
            }
        }
    }
    AbilityCoverage {
        class: AbilityClass::Keyword {
            name: keyword,
            plugin: true,
        },
        missing,
    }
}

/// What keeps one card from being carried out fully by the engine and the loaded plugins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gap {
    /// The engine does not play cards of this type yet (Locations, Events, Resources...).
    TypeNotPlayed(CardType),
    /// A Battle card, Mission, Equipment or Location without text: playing it would do nothing.
    NoText,
    /// A Location whose type line names no arena: it has nowhere to go (game 16.1).
    NoArena,
    /// A printed ability that the loaded plugins don't carry out, and why.
    Ability { text: String, missing: Vec<Missing> },
}

impl Gap {
    /// How `deck validate` and a game's log word it.
    pub fn describe(&self) -> String {
        match self {
            Gap::TypeNotPlayed(kind) => format!("{kind:?} cards are not played yet"),
            Gap::NoText => "it has no text to carry out".to_string(),
            Gap::NoArena => "its type line names no arena to put it into".to_string(),
            Gap::Ability { text, missing } => {
                let why: Vec<String> = missing
                    .iter()
                    .filter_map(|missing| match missing {
                        Missing::Keyword(name) => Some(format!("keyword {name} has no plugin")),
                        Missing::CardText(part) if part != text => {
                            Some(format!("no card plugin reads {part:?}"))
                        }
                        Missing::CardText(_) => None,
                        Missing::Cost(cost) => Some(format!("the engine can't pay {cost:?} yet")),
                    })
                    .collect();
                if why.is_empty() {
                    format!("{text:?} (no plugin carries it out)")
                } else {
                    format!("{text:?} ({})", why.join("; "))
                }
            }
        }
    }
}

/// Every [`Gap`] of one card, in printed order; empty when the engine plays the whole card.
/// The arguments are those of [`coverage`].
pub fn card_gaps(
    card: &CardDef,
    keywords: &[String],
    has_plugin: &dyn Fn(&str) -> bool,
    understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
) -> Vec<Gap> {
    let kind = match card.card_type {
        CardType::Unit | CardType::Subordinate => CardType::Unit,
        CardType::Battle | CardType::Mission | CardType::Equipment => card.card_type,
        CardType::Location if card.arenas.is_empty() => return vec![Gap::NoArena],
        CardType::Location | CardType::Resource | CardType::Event => card.card_type,
        other => return vec![Gap::TypeNotPlayed(other)],
    };
    if kind != CardType::Unit && card.abilities.is_empty() {
        return vec![Gap::NoText];
    }
    card.abilities
        .iter()
        .filter_map(|text| {
            let ability = ability_coverage(card, text, kind, keywords, has_plugin, understood);
            (!ability.supported()).then(|| Gap::Ability {
                text: text.clone(),
                missing: ability.missing,
            })
        })
        .collect()
}

/// The sum of several sets' coverage, named `set`; the unsupported counts are merged.
pub fn total(sets: &[SetCoverage], set: &str) -> SetCoverage {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for coverage in sets {
        for (text, count) in &coverage.unsupported {
            *counts.entry(text.clone()).or_default() += count;
        }
    }
    SetCoverage {
        set: set.to_string(),
        cards: sets.iter().map(|s| s.cards).sum(),
        played: sets.iter().map(|s| s.played).sum(),
        units: sets.iter().map(|s| s.units).sum(),
        playable: sets.iter().map(|s| s.playable).sum(),
        units_playable: sets.iter().map(|s| s.units_playable).sum(),
        keyword_only: sets.iter().map(|s| s.keyword_only).sum(),
        unsupported: sorted(counts),
        texts: sets.iter().map(|s| s.texts).sum(),
        texts_read: sets.iter().map(|s| s.texts_read).sum(),
        texts_written: sets.iter().map(|s| s.texts_written).sum(),
        grammar_stops: merged_stops(sets),
    }
}

/// The grammar's stops of several sets, counted together, most frequent first.
fn merged_stops(sets: &[SetCoverage]) -> Vec<GrammarStop> {
    let mut stops: Vec<GrammarStop> = Vec::new();
    for stop in sets.iter().flat_map(|s| &s.grammar_stops) {
        match stops.iter_mut().find(|s| s.expected == stop.expected) {
            Some(merged) => merged.count += stop.count,
            None => stops.push(stop.clone()),
        }
    }
    stops.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then_with(|| a.expected.cmp(&b.expected))
    });
    stops
}

/// Most frequent first, then by text.
fn sorted(counts: HashMap<String, usize>) -> Vec<(String, usize)> {
    let mut list: Vec<(String, usize)> = counts.into_iter().collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use swtcg_rules::model::{Arena, CardSide};

    /// The coverage of `text` printed on the unit `card`.
    fn on_unit(
        card: &CardDef,
        text: &str,
        has_plugin: &dyn Fn(&str) -> bool,
        understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>,
    ) -> AbilityCoverage {
        ability_coverage(
            card,
            text,
            CardType::Unit,
            &keywords(),
            has_plugin,
            understood,
        )
    }

    fn keywords() -> Vec<String> {
        [
            "Absorb", "Armor", "Evade", "INSERT", "Pilot", "Redirect", "Reserves", "Riposte",
            "Stealth", "Switch", "Upkeep",
        ]
        .map(String::from)
        .to_vec()
    }

    /// Plugins for everything but Riposte, Pilot and Redirect.
    fn has_plugin(keyword: &str) -> bool {
        !matches!(keyword, "Riposte" | "Pilot" | "Redirect")
    }

    #[test]
    fn a_pilots_items_are_carried_out_only_if_plugins_claim_them() {
        // ESB TIE Pursuit Pilot: the Pilot plugin claims the text, which grants its items to
        // the unit piloted ("this Starfighter" is that unit); an item no plugin claims is what
        // is missing.
        let text = "[Pilot] Starfighter Pilot. The Starfighter gets: * +20 speed. * Armor. * When this Starfighter is discarded from the Space arena, you gain 3 build points next turn.";
        let card = CardDef::unit("TIE Pursuit Pilot", CardSide::Dark, Vec::new(), [2; 4]);
        let understood = |_: &CardDef, asked: &str, _: CardType| -> Option<bool> {
            if asked == text || asked == "Armor" {
                Some(true)
            } else {
                Some(false)
            }
        };
        let cover = |understood: &dyn Fn(&CardDef, &str, CardType) -> Option<bool>| {
            on_unit(&card, text, &|_| true, understood)
        };
        assert_eq!(
            cover(&understood).missing,
            [Missing::CardText(
                "When this unit is discarded from the Space arena, you gain 3 build points next turn".into()
            )]
        );
        assert!(cover(&|_: &CardDef, _: &str, _: CardType| Some(true)).supported());
    }

    #[test]
    fn a_reserves_text_is_carried_out_only_if_its_listed_ability_is() {
        // JG Even Piell (A): the Reserves plugin claims any listed ability, which the unit then
        // has in its build zone; a card plugin must claim the listed text too.
        let text = "Reserves: Tap -> You gain 1 Force. Play only during your build step.";
        let listed = "Tap -> You gain 1 Force. Play only during your build step.";
        let card = CardDef::unit("Even Piell (A)", CardSide::Light, Vec::new(), [2; 4]);
        let cover = |claims_listed: bool| {
            on_unit(
                &card,
                text,
                &|_| true,
                &|_: &CardDef, asked: &str, _: CardType| Some(asked == text || claims_listed),
            )
        };
        assert_eq!(cover(false).missing, [Missing::CardText(text.into())]);
        assert!(cover(true).supported());
        assert_eq!(listed, &text["Reserves: ".len()..]);
        // A listed keyword ability needs its keyword's plugin.
        let keyword_text = "Reserves: Pay 1 Force -> Evade 2";
        let with_plugin = |plugin: bool| {
            on_unit(
                &card,
                keyword_text,
                &|keyword| plugin || keyword == "Reserves",
                &|_: &CardDef, asked: &str, _: CardType| (asked == keyword_text).then_some(true),
            )
        };
        assert!(with_plugin(true).supported());
        assert!(!with_plugin(false).supported());
    }

    #[test]
    fn a_pilots_items_are_read_as_texts_of_the_piloted_unit() {
        // TAL Daragon Family (A): "+1 health for each card in Daragon Family's stack" names the
        // Pilot card, which is no unit while it pilots: the item is asked as a text of another
        // card than the Pilot.
        let text = "[Pilot] Transport Pilot. The Transport gets:  - +1 health for each card in Daragon Family's stack.";
        let card = CardDef::unit("Daragon Family (A)", CardSide::Light, Vec::new(), [2; 4]);
        // Supported when the items are understood only as texts of the card named `name`.
        let supported = |name: &str| {
            let understood = |of: &CardDef, asked: &str, _: CardType| -> Option<bool> {
                Some(asked == text || of.name == name)
            };
            let keywords = keywords();
            ability_coverage(
                &card,
                text,
                CardType::Unit,
                &keywords,
                &|_| true,
                &understood,
            )
            .supported()
        };
        assert!(supported(PILOTED_UNIT));
        assert!(!supported(&card.name));
    }

    fn unit(set: &str, name: &str, abilities: &[&str]) -> CardDef {
        let mut card = CardDef::unit(name, CardSide::Light, vec![Arena::Ground], [2, 20, 2, 2]);
        card.set = set.to_string();
        card.abilities = abilities.iter().map(|text| text.to_string()).collect();
        card
    }

    fn of(text: &str) -> AbilityCoverage {
        classify(text, &keywords(), &has_plugin)
    }

    fn keyword(name: &str, plugin: bool) -> AbilityClass {
        AbilityClass::Keyword {
            name: name.to_string(),
            plugin,
        }
    }

    #[test]
    fn a_keyword_ability_whose_cost_the_engine_cant_pay_is_not_supported() {
        // TMW Migs Mayfeld (C) prints "a Resource", which may be the opponent's: no cost the
        // engine pays.
        let resource = of("Remove 1 counter from a Resource -> Absorb 1");
        assert_eq!(resource.class, keyword("Absorb", false));
        assert_eq!(
            resource.missing,
            [Missing::Cost("Remove 1 counter from a Resource".into())]
        );
        assert!(resource.keyword_only());
        // BOTS Gamorrean Bodyguards: the payer's Resource is (game 16.4).
        assert!(of("Remove 1 counter from your Resource -> Absorb 1").supported());
        // The data's "Pay 2" is 2 Force (JG Ki-Adi-Mundi (A)).
        assert!(of("Pay 2 -> Absorb 2").supported());
    }

    #[test]
    fn keyword_abilities_name_their_keyword_and_plugin() {
        let absorb = of("Pay 2 Force -> Absorb 2");
        assert_eq!(absorb.class, keyword("Absorb", true));
        assert!(absorb.supported());
        let pilot = of("[Pilot] Starfighter Pilot. The Starfighter gets: * +20 speed.");
        assert_eq!(pilot.class, keyword("Pilot", false));
        assert_eq!(pilot.missing, [Missing::Keyword("Pilot".into())]);
        assert_eq!(pilot.missing[0].label(), "keyword Pilot (no plugin)");
        assert!(pilot.keyword_only());
        let text = of("Tap this unit -> Gain 1 Force.");
        assert_eq!(text.class, AbilityClass::CardText);
        assert_eq!(
            text.missing,
            [Missing::CardText("Tap this unit -> Gain 1 Force.".into())]
        );
        assert!(!text.keyword_only());
    }

    #[test]
    fn keywords_only_inside_card_text_are_card_text() {
        let k = keywords();
        for text in [
            "As long as Meetra Surik is in any arena, Bao-Dur gets \"Pay 2 Force -> Evade 2.\"",
            "Each of your units gets \u{201c}Pay 1 Force -> Absorb 1.\u{201d}",
            "Pay 2 Force -> Evade 2, and you may put 1 corruption counter on a unit in this arena.",
            "Pay 2 Force -> Evade X, where X is the number of Sith in the Ground arena.",
            "Pay 1 Force -> Redirect to a Crime unit.",
            "Speeder Pilot. The Speeder gets: * +1 power * \"Pay 1 Force -> Evade 1\"",
            "Whenever this unit is attacked, you may pay 2 Force -> Evade 1",
            "Armor Plating can't be discarded.",
        ] {
            assert_eq!(keyword_ability(text, &k), None, "{text}");
            assert_eq!(of(text).class, AbilityClass::CardText, "{text}");
        }
        for (text, keyword, parameter) in [
            ("Evade 2.", "Evade", "2"),
            ("Pay X Force -> Evade X", "Evade", "X"),
            ("Pay 1 Force -> Absorb X+1", "Absorb", "X+1"),
            ("Stealth", "Stealth", ""),
            (
                "Upkeep: Pay 1 Force or tap this unit.",
                "Upkeep",
                "Pay 1 Force or tap this unit.",
            ),
            ("Armor.", "Armor", ""),
            (
                "[Pilot] Starfighter Pilot. The Starfighter gets: *Pay 2 Force -> Absorb 2",
                "Pilot",
                "Starfighter Pilot. The Starfighter gets: *Pay 2 Force -> Absorb 2",
            ),
        ] {
            assert_eq!(
                keyword_ability(text, &k),
                Some((keyword.to_string(), parameter.to_string())),
                "{text}"
            );
        }
        assert!(swtcg_rules::ability::plain_parameter(
            "2: If a Droid is in any arena."
        ));
        assert!(swtcg_rules::ability::plain_parameter("-1"));
        assert!(!swtcg_rules::ability::plain_parameter("X. up to 4"));
    }

    #[test]
    fn insert_needs_a_plugin_for_what_it_grants() {
        assert_eq!(
            of("INSERT: Pay 1 Force -> Absorb 1").class,
            keyword("INSERT", true)
        );
        let riposte = of("INSERT: Riposte 1");
        assert_eq!(riposte.class, keyword("INSERT", false));
        assert_eq!(riposte.missing, [Missing::Keyword("Riposte".into())]);
        let text = of("INSERT: Damage from Butch can't be prevented.");
        assert_eq!(text.class, keyword("INSERT", false));
        assert_eq!(
            text.missing,
            [Missing::CardText(
                "INSERT: Damage from Butch can't be prevented.".into()
            )]
        );
        // The granted ability is one ability, colon form and all.
        assert!(of("INSERT: Upkeep: Gain 1 Force.").supported());
        let missing_insert = classify("INSERT: Armor", &keywords(), &|k: &str| k != "INSERT");
        assert_eq!(missing_insert.missing, [Missing::Keyword("INSERT".into())]);
    }

    #[test]
    fn switch_needs_a_plugin_for_every_part() {
        assert!(of("Switch: Stealth/Armor, Pay 1 Force -> Evade 1").supported());
        // "None" and stat changes are Switch's own.
        assert!(of("Switch: +20 speed / +2 power").supported());
        assert!(of("Switch: None/Armor").supported());
        let riposte = of("Switch: Riposte 2/Armor, Pilot");
        assert_eq!(riposte.class, keyword("Switch", false));
        assert_eq!(
            riposte.missing,
            [
                Missing::Keyword("Riposte".into()),
                Missing::Keyword("Pilot".into())
            ]
        );
        // A "Keyword: ..." form keeps its commas; a cost keeps the commas before its arrow.
        assert_eq!(
            switch_grants("Shields 1/Armor, Upkeep: Pay 1 build point, or tap Slave I."),
            [
                "Shields 1",
                "Armor",
                "Upkeep: Pay 1 build point, or tap Slave I."
            ]
        );
        assert_eq!(
            switch_grants("Tap, pay 3 Force -> Absorb 2, Armor/+10 speed, Stealth"),
            ["Tap, pay 3 Force -> Absorb 2", "Armor", "Stealth"]
        );
        let text = of("Switch: Stealth/This unit can't be attacked.");
        assert_eq!(
            text.missing,
            [Missing::CardText(
                "Switch: Stealth/This unit can't be attacked.".into()
            )]
        );
        assert!(!text.keyword_only());
    }

    #[test]
    fn a_card_lists_what_keeps_it_from_being_played_fully() {
        let none = |_: &CardDef, _: &str, _: CardType| None;
        let plain = unit("ONE", "Plain", &[]);
        assert_eq!(card_gaps(&plain, &keywords(), &has_plugin, &none), []);
        let texty = unit(
            "ONE",
            "Texty",
            &["Riposte 1", "Stealth", "This unit gets +1 power."],
        );
        let gaps = card_gaps(&texty, &keywords(), &has_plugin, &none);
        assert_eq!(
            gaps,
            [
                Gap::Ability {
                    text: "Riposte 1".into(),
                    missing: vec![Missing::Keyword("Riposte".into())],
                },
                Gap::Ability {
                    text: "This unit gets +1 power.".into(),
                    missing: vec![Missing::CardText("This unit gets +1 power.".into())],
                },
            ]
        );
        assert_eq!(
            gaps[0].describe(),
            "\"Riposte 1\" (keyword Riposte has no plugin)"
        );
        assert_eq!(
            gaps[1].describe(),
            "\"This unit gets +1 power.\" (no plugin carries it out)"
        );
        // An Event is played (game 16.3): its text needs a plugin, as any card's does.
        let mut event = unit("ESB", "Cloud City", &["Your units get +1 speed."]);
        event.card_type = CardType::Event;
        assert_eq!(
            card_gaps(&event, &keywords(), &has_plugin, &none)[0].describe(),
            "\"Your units get +1 speed.\" (no plugin carries it out)"
        );
        let mut reminder = unit("ESB", "Cloud City", &["Your units get +1 speed."]);
        reminder.card_type = CardType::Reminder;
        assert_eq!(
            card_gaps(&reminder, &keywords(), &has_plugin, &none),
            [Gap::TypeNotPlayed(CardType::Reminder)]
        );
        // A Location is played (game 16.1) if it has an arena to go into.
        let mut location = unit("ESB", "Cloud City", &[]);
        location.card_type = CardType::Location;
        location.arenas.clear();
        assert_eq!(
            card_gaps(&location, &keywords(), &has_plugin, &none),
            [Gap::NoArena]
        );
        let mut mission = unit("ONE", "Blank", &[]);
        mission.card_type = CardType::Mission;
        assert_eq!(
            card_gaps(&mission, &keywords(), &has_plugin, &none),
            [Gap::NoText]
        );
    }

    #[test]
    fn sets_count_units_playable_and_unsupported_abilities() {
        let mut battle = unit("ONE", "Ambush", &["Tap this unit -> Gain 1 Force."]);
        battle.card_type = CardType::Battle;
        let mut reminder = unit("ONE", "Reminder", &[]);
        reminder.card_type = CardType::Reminder;
        let cards = [
            unit("ONE", "Plain", &[]),
            unit("ONE", "Armored", &["Armor", "Pay 1 Force -> Absorb 1"]),
            unit("ONE", "Pilot", &["[Pilot] Pilot text", "Armor"]),
            unit("ONE", "Pilot 2", &["[Pilot] Other pilot text"]),
            unit("ONE", "Texty", &["Riposte 1", "This unit gets +1 power."]),
            battle,
            reminder,
            unit("TWO", "Sneaky", &["Stealth"]),
            unit("TWO", "Parrying", &["Riposte 2"]),
        ];
        // A card plugin reading Battle cards claims the Battle card's text; the same words on a
        // unit would not be claimed.
        let claims = |_: &CardDef, text: &str, kind: CardType| {
            (kind == CardType::Battle && text.starts_with("Tap this unit")).then_some(true)
        };
        // A unit whose text a card plugin claims is playable but not keyword-only.
        let claimed_unit = unit("ONE", "Claimed", &["Tap this unit -> Gain 1 Force."]);
        let claims_units = |_: &CardDef, text: &str, _: CardType| {
            text.starts_with("Tap this unit").then_some(true)
        };
        let only = coverage([&claimed_unit], &keywords(), &has_plugin, &claims_units);
        assert_eq!((only[0].units_playable, only[0].keyword_only), (1, 0));
        let sets = coverage(&cards, &keywords(), &has_plugin, &claims);
        assert_eq!(sets.len(), 2);
        let one = &sets[0];
        assert_eq!(
            (
                one.set.as_str(),
                one.cards,
                one.played,
                one.units,
                one.playable,
                one.units_playable,
                one.keyword_only
            ),
            ("ONE", 6, 6, 5, 3, 2, 4)
        );
        assert_eq!(
            one.unsupported,
            [
                ("keyword Pilot (no plugin)".to_string(), 2),
                ("This unit gets +1 power.".to_string(), 1),
                ("keyword Riposte (no plugin)".to_string(), 1),
            ]
        );
        let two = &sets[1];
        assert_eq!(
            (two.cards, two.units, two.playable, two.keyword_only),
            (2, 2, 1, 2)
        );

        let all = total(&sets, "all");
        assert_eq!(
            (
                all.set.as_str(),
                all.cards,
                all.units,
                all.playable,
                all.keyword_only
            ),
            ("all", 8, 7, 4, 6)
        );
        assert_eq!(
            all.unsupported[..2],
            [
                ("keyword Pilot (no plugin)".to_string(), 2),
                ("keyword Riposte (no plugin)".to_string(), 2),
            ]
        );
    }
}
