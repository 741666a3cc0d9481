//! Plugin manifests (`keyword.toml`): what a plugin implements, which hooks and queries it
//! answers, which API versions it supports, and where its wasm is.

use std::collections::BTreeMap;

use serde::Deserialize;
use swtcg_plugin_api::{HookPoint, Pop, Query};

use crate::model::CardType;
use crate::text::{escape_controls, is_hiding_format, key_line, line_of};

/// The parameter shape of the printed keyword (how the text after the keyword reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParameterShape {
    /// "Armor": nothing follows.
    None,
    /// "Accuracy 1", "Accuracy -1": a signed number.
    Number,
    /// "Upkeep: Pay 1 Force or tap this unit.": a list of costs.
    Cost,
    /// "Switch: Ferocity, Overkill/Stealth": slash-separated effects.
    Effects,
    /// Anything else, read by the plugin.
    Text,
}

/// Where an ability of the keyword works besides the arenas (game 4.3, 3.6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    /// In an arena, on the top card of a unit: where every ability works.
    Arena,
    /// On a unit or card in the build zone (Upkeep, Hidden Cost, INSERT...).
    BuildZone,
    /// On a card under the top of a stack (INSERT).
    Stack,
    /// On a Pilot card piloting a unit, whose other text is ignored (game 12.3, 12.6: Upkeep).
    Pilot,
    /// On a card in its owner's discard pile (Meditate): only its `completions` are asked,
    /// as ways to play the card from there.
    Discard,
    /// On an Equipment attached to a unit (game 16.2): the instance belongs to the equipped
    /// unit, whose abilities it joins ("Equipped Starfighter gets +2 power").
    Equipped,
    /// On a Battle card or Mission as it is played (Enhance, game 9.3 P10): the `activations` of
    /// a Battle card's ability are not plays of their own but additions the player may declare
    /// and pay with each play of the card; a Mission's ability resolves with it.
    Played,
    /// On a Battle card or Mission whose ability a `lasts` effect keeps in effect after the card
    /// has resolved (`GameState::lasting`): the ability is called at the hooks the manifest
    /// lists, as a card not in play ("Prevent all damage done by Space units this turn."). The
    /// `forbids` query is asked of it whatever the zones.
    Lasting,
}

/// How often one activated ability may be used (game 13.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UseLimit {
    /// Once per attack (Retaliate, Intercept).
    Attack,
    /// Once for each instance of damage (Evade, Protect, Absorb).
    DamageInstance,
    /// Once per turn.
    Turn,
    /// Any number of times, each play being one activation.
    #[default]
    None,
}

/// How the engine presents several instances of the keyword on one unit to the plugin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Instances {
    /// Each printed or granted instance is called on its own; a plugin that adds instances
    /// up, or whose ruleset flag can keep them separate, does it itself.
    #[default]
    Separate,
    /// The instances without a cost whose X is a plain number are added up into one, the first,
    /// with the sum as its X (game 13.2.2, cumulative keywords): "Damage Control 1" twice is
    /// one "Damage Control 2", used once.
    AddUp,
}

/// Where the abilities a keyword grants (`granted-abilities`) work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grants {
    /// Where their own keyword works: in the build zone only if its manifest lists it (INSERT:
    /// "the granted effect may not work in the build zone as per the rule for that effect").
    #[default]
    AsTheirKeyword,
    /// In the build zone too, whatever their keyword (Reserves: "the listed ability works
    /// while, and only while, the card is in the build zone").
    InBuildZone,
}

/// The `[keyword]` table of a manifest.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKeyword {
    id: String,
    name: String,
    version: String,
    api: String,
    #[serde(default)]
    aliases: Vec<String>,
    template: String,
    parameter: ParameterShape,
    class: Vec<String>,
    #[serde(default)]
    hooks: Vec<String>,
    #[serde(default)]
    queries: Vec<String>,
    #[serde(default = "default_zones")]
    zones: Vec<Zone>,
    #[serde(default)]
    limit: UseLimit,
    /// The POPs in which the engine asks `activations`; `None` (the key left out) is every POP.
    #[serde(default, rename = "activation-pops")]
    activation_pops: Option<Vec<String>>,
    #[serde(default)]
    instances: Instances,
    #[serde(default)]
    grants: Grants,
    /// Where a card played from the discard pile through this keyword goes when it would be
    /// discarded again (`discarded-again = "removed"`: removed from the game).
    #[serde(default, rename = "discarded-again")]
    discarded_again: DiscardedAgain,
    #[serde(default)]
    description: String,
    /// The card types the keyword is recognised on; empty (the default) for every type. Equip
    /// names only Equipment: on any other card its text does nothing.
    #[serde(default)]
    types: Vec<CardType>,
    /// The keyword flags the plugin reads through the host's `rule` function, by name.
    #[serde(default)]
    flags: BTreeMap<String, RawFlag>,
    /// A card plugin's `additions`, carried with the keyword table it is read into; a
    /// `[keyword]` table can't name them (its plugin's zone `played` says it instead).
    #[serde(skip)]
    additions: Vec<String>,
}

/// One `[keyword.flags.NAME]` (or `[card.flags.NAME]`) table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFlag {
    values: Vec<String>,
    default: String,
    description: String,
}

fn default_zones() -> Vec<Zone> {
    vec![Zone::Arena]
}

fn default_card_types() -> Vec<CardType> {
    vec![CardType::Unit]
}

/// The `[wasm]` table: the compiled plugin beside the manifest.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WasmFile {
    /// The wasm file, relative to the manifest: a component, or a core module built by
    /// wit-bindgen that the host turns into a component.
    pub file: String,
    /// The file's sha256 in hex; when given, a file that does not match is refused.
    pub sha256: Option<String>,
}

/// The `[card]` table of a card plugin: it implements printed card text that is no keyword,
/// claiming each text it can carry out through its `understands` query.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    version: String,
    api: String,
    /// The cards whose text it implements, as `SET/Name` (for listings and coverage).
    #[serde(default)]
    cards: Vec<String>,
    /// The card types whose text it is asked about: the same words can be a unit's static
    /// ability or a Mission's effect, so a plugin names the types it reads.
    #[serde(default = "default_card_types")]
    types: Vec<CardType>,
    #[serde(default)]
    class: Vec<String>,
    #[serde(default)]
    hooks: Vec<String>,
    #[serde(default)]
    queries: Vec<String>,
    #[serde(default = "default_zones")]
    zones: Vec<Zone>,
    #[serde(default)]
    limit: UseLimit,
    #[serde(default, rename = "activation-pops")]
    activation_pops: Option<Vec<String>>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    flags: BTreeMap<String, RawFlag>,
    /// Keywords whose abilities this plugin claims as additions to a card's play (game 9.3
    /// P10): a text it claims that starts with "<keyword>:" ("Enhance: Pay 2 more Force -> ...")
    /// is declared and paid with each play of its Battle card, never played alone.
    #[serde(default)]
    additions: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    keyword: Option<RawKeyword>,
    card: Option<RawCard>,
    wasm: Option<WasmFile>,
}

/// What a plugin implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginKind {
    /// A keyword of the glossary (and its aliases), matched by name.
    Keyword,
    /// Printed card text that is no keyword, matched by the plugin's `understands` answer.
    Card,
}

/// The card types the engine plays, whose text a card plugin may read.
const PLAYED_TYPES: [CardType; 7] = [
    CardType::Unit,
    CardType::Battle,
    CardType::Mission,
    CardType::Equipment,
    CardType::Location,
    CardType::Resource,
    CardType::Event,
];

/// The class words of game 13.2: how an ability works (static, activated, triggered) and how
/// its instances stack (isolated, cumulative, layered, selective).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Static,
    Activated,
    Triggered,
    Isolated,
    Cumulative,
    Layered,
    Selective,
}

impl Class {
    pub const ALL: [Class; 7] = [
        Class::Static,
        Class::Activated,
        Class::Triggered,
        Class::Isolated,
        Class::Cumulative,
        Class::Layered,
        Class::Selective,
    ];

    /// The word a manifest's `class` list writes.
    pub fn word(self) -> &'static str {
        match self {
            Class::Static => "static",
            Class::Activated => "activated",
            Class::Triggered => "triggered",
            Class::Isolated => "isolated",
            Class::Cumulative => "cumulative",
            Class::Layered => "layered",
            Class::Selective => "selective",
        }
    }
}

/// Where a card that a keyword of manifest zone `discard` let its player play from the discard
/// pile goes when it would be discarded again: to the discard pile as any card (the default), or
/// removed from the game (`"removed"`, as keywords.md's text for that keyword says).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DiscardedAgain {
    #[default]
    Discard,
    Removed,
}

/// A checked manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub id: String,
    /// The keyword as printed on cards.
    pub name: String,
    pub version: semver::Version,
    /// The API versions the plugin supports.
    pub api: semver::VersionReq,
    pub aliases: Vec<String>,
    pub template: String,
    pub parameter: ParameterShape,
    pub class: Vec<String>,
    pub hooks: Vec<HookPoint>,
    pub queries: Vec<Query>,
    pub zones: Vec<Zone>,
    pub limit: UseLimit,
    /// Whether the engine adds up the keyword's instances on a unit (`instances = "add-up"`).
    pub instances: Instances,
    /// Where the abilities it grants work (`grants = "in-build-zone"` for Reserves).
    pub grants: Grants,
    /// Where a card it lets be played from the discard pile goes when discarded again.
    pub discarded_again: DiscardedAgain,
    /// The POPs in which the engine asks the plugin's `activations` (`activation-pops`; every
    /// POP unless the manifest names some). Most activated keywords offer something in one POP
    /// only, and an `activations` call in any other is a whole plugin call that can only
    /// answer nothing.
    pub activation_pops: Vec<Pop>,
    pub description: String,
    pub wasm: Option<WasmFile>,
    pub kind: PluginKind,
    /// For a card plugin, the cards whose text it implements (`SET/Name`).
    pub cards: Vec<String>,
    /// For a card plugin, the card types whose printed text it is asked to claim (`[card]
    /// types`, default units; Subordinates count as units). For a keyword plugin, the card
    /// types its keyword is recognised on (`[keyword] types`), empty for any card.
    pub card_types: Vec<CardType>,
    /// The keyword flags it reads (`[keyword.flags.NAME]`), by name; none for a manifest
    /// written before flags were declared, which loads all the same.
    pub flags: Vec<FlagDeclaration>,
    /// For a card plugin, the keywords whose abilities it claims as additions to a card's play
    /// (`[card] additions = ["Enhance"]`, game 9.3 P10); empty for a keyword plugin, whose zone
    /// `played` says so of all its abilities.
    pub additions: Vec<String>,
}

impl Manifest {
    /// Whether `text`, claimed by this plugin, is an addition to its card's play: an ability of
    /// one of its `additions` keywords ("Enhance: ...").
    pub fn claims_as_addition(&self, text: &str) -> bool {
        text.split_once(':').is_some_and(|(head, _)| {
            self.additions
                .iter()
                .any(|keyword| head.trim().eq_ignore_ascii_case(keyword))
        })
    }
}

/// A keyword flag a plugin reads through the host's `rule` function: a setting of a keyword
/// rule left open (OQ-K*) that a ruleset's `[keyword_flags]` may choose. A ruleset naming a
/// flag no loaded plugin declares, or a value not declared, is refused (`plugins::flags`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlagDeclaration {
    /// The flag's name in `[keyword_flags]` (lowercase letters, digits and dashes).
    pub name: String,
    /// The values a ruleset may give it.
    pub values: Vec<String>,
    /// The value the plugin uses when the ruleset gives none; one of `values`.
    pub default: String,
    /// What the flag settles, in one line.
    pub description: String,
}

/// A manifest that could not be read; names the file, the line and the key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}{}: {}{message}", line.map(|l| format!(":{l}")).unwrap_or_default(), key.as_ref().map(|k| format!("key `{k}`: ")).unwrap_or_default())]
pub struct ManifestError {
    pub origin: String,
    pub line: Option<usize>,
    pub key: Option<String>,
    pub message: String,
}

impl Manifest {
    /// Whether the manifest lists this class word (each word was checked when it was parsed).
    pub fn has_class(&self, class: Class) -> bool {
        self.class.iter().any(|word| word == class.word())
    }

    /// Parses and checks a manifest; `origin` names the file in errors.
    pub fn parse(origin: &str, text: &str) -> Result<Manifest, ManifestError> {
        let raw: RawManifest = toml::from_str(text).map_err(|err| ManifestError {
            origin: origin.to_string(),
            line: err.span().map(|span| line_of(text, span.start)),
            key: None,
            // A parser message may quote the text it refused.
            message: escape_controls(err.message()).into_owned(),
        })?;
        let at = KeyErrors { origin, text };
        let (k, kind, cards, card_types) = plugin_table(raw.keyword, raw.card, &at)?;
        check_names(&k, kind, &cards, &at)?;
        let version = semver::Version::parse(&k.version)
            .map_err(|e| at.error("version", format!("`{}`: {e}", k.version)))?;
        let api = semver::VersionReq::parse(&k.api)
            .map_err(|e| at.error("api", format!("`{}`: {e}", k.api)))?;
        for word in &k.class {
            if !Class::ALL.iter().any(|c| c.word() == word) {
                let words: Vec<&str> = Class::ALL.iter().map(|c| c.word()).collect();
                return Err(at.error(
                    "class",
                    format!("`{word}` is not a class word (one of {})", words.join(", ")),
                ));
            }
        }
        let (hooks, queries) = hooks_and_queries(&k, &at)?;
        let activation_pops = activation_pops(&k, &queries, &at)?;
        let flags = k
            .flags
            .into_iter()
            .map(|(name, flag)| check_flag(origin, text, name, flag))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(wasm) = &raw.wasm
            && let Some(hash) = &wasm.sha256
            && (hash.len() != 64 || !hash.chars().all(|c| c.is_ascii_hexdigit()))
        {
            return Err(at.error("sha256", format!("`{hash}` is not a sha256 in hex")));
        }
        Ok(Manifest {
            id: k.id,
            name: k.name,
            version,
            api,
            aliases: k.aliases,
            template: k.template,
            parameter: k.parameter,
            class: k.class,
            hooks,
            queries,
            zones: k.zones,
            limit: k.limit,
            instances: k.instances,
            grants: k.grants,
            discarded_again: k.discarded_again,
            activation_pops,
            description: k.description,
            wasm: raw.wasm,
            kind,
            cards,
            card_types,
            flags,
            additions: k.additions,
        })
    }

    /// The printed keyword names this plugin implements: its name and its aliases; none for a
    /// card plugin.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        let keyword = self.kind == PluginKind::Keyword;
        std::iter::once(self.name.as_str())
            .chain(self.aliases.iter().map(String::as_str))
            .filter(move |_| keyword)
    }

    /// Whether the engine asks the plugin's `activations` in this POP.
    pub fn offers_activations_in(&self, pop: Pop) -> bool {
        self.activation_pops.contains(&pop)
    }

    /// Whether a card plugin is asked about text printed on a card of this type.
    pub fn reads_card_type(&self, card_type: CardType) -> bool {
        let card_type = match card_type {
            CardType::Subordinate => CardType::Unit,
            other => other,
        };
        self.card_types.contains(&card_type)
    }

    /// Whether the plugin supports the host's API version.
    pub fn supports_host_api(&self) -> bool {
        let (major, minor, patch) = swtcg_plugin_api::API_VERSION;
        self.api.matches(&semver::Version::new(
            major as u64,
            minor as u64,
            patch as u64,
        ))
    }
}

/// The host's own rules that plugins read through `rule` too, which no plugin may declare as
/// its flag: `same-unit-names` is the ruleset's `same_unit_names`.
const HOST_RULES: [&str; 1] = [swtcg_plugin_api::names::SAME_UNIT_NAMES_RULE];

/// Whether `name` is lowercase letters, digits and dashes, starting with a letter: a plugin id
/// or a flag name.
fn is_kebab_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Checks one `[keyword.flags.NAME]` table; an error names the table's line and the key.
fn check_flag(
    origin: &str,
    text: &str,
    name: String,
    flag: RawFlag,
) -> Result<FlagDeclaration, ManifestError> {
    let error = |key: &str, message: String| ManifestError {
        origin: origin.to_string(),
        line: flag_line(text, &name, key),
        key: Some(format!(
            "flags.{name}{}",
            if key.is_empty() {
                String::new()
            } else {
                format!(".{key}")
            }
        )),
        message,
    };
    if !is_kebab_name(&name) {
        return Err(error(
            "",
            format!(
                "`{}` is not a flag name (lowercase letters, digits and dashes, starting with a \
                 letter)",
                escape_controls(&name)
            ),
        ));
    }
    if HOST_RULES.contains(&name.as_str()) {
        return Err(error(
            "",
            format!("`{name}` is a rule of the ruleset itself, not a keyword flag"),
        ));
    }
    if flag.values.len() < 2 {
        return Err(error(
            "values",
            "a flag is a choice: name at least two values".into(),
        ));
    }
    for (i, value) in flag.values.iter().enumerate() {
        if let Some(problem) = name_problem(value) {
            return Err(error(
                "values",
                format!("\"{}\" {problem}", escape_controls(value)),
            ));
        }
        if flag.values[..i].contains(value) {
            return Err(error("values", format!("\"{value}\" is listed twice")));
        }
    }
    if !flag.values.contains(&flag.default) {
        return Err(error(
            "default",
            format!(
                "\"{}\" is not one of the values ({})",
                escape_controls(&flag.default),
                flag.values.join(", ")
            ),
        ));
    }
    if flag.description.trim().is_empty() {
        return Err(error(
            "description",
            "say in one line what the flag settles".into(),
        ));
    }
    if let Some(c) = flag
        .description
        .chars()
        .find(|&c| c.is_control() || is_hiding_format(c))
    {
        return Err(error(
            "description",
            format!(
                "holds the character U+{:04X}; a flag's description is one line of printable \
                 text",
                u32::from(c)
            ),
        ));
    }
    Ok(FlagDeclaration {
        name,
        values: flag.values,
        default: flag.default,
        description: flag.description,
    })
}

/// The line of a flag's `key` in the manifest: the key's line inside the flag's table, else the
/// flag table's own line (its header, or its key in an inline table).
fn flag_line(text: &str, name: &str, key: &str) -> Option<usize> {
    let table = ["flags", name];
    (!key.is_empty())
        .then(|| key_line(text, &["flags", name, key]))
        .flatten()
        .or_else(|| key_line(text, &table))
}

/// Why a keyword name, alias, template or card name can't be one, if it can't: it must be
/// non-empty printable text (no control character, NUL included, and no invisible character
/// that reorders or hides text), without white space at either end, and in Unicode
/// normalization form C, so that a name prints as what it is and two spellings of one name
/// compare equal.
pub fn name_problem(name: &str) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;
    if name.is_empty() {
        return Some("is empty".into());
    }
    if let Some(c) = name
        .chars()
        .find(|&c| c.is_control() || is_hiding_format(c))
    {
        return Some(format!(
            "holds the character U+{:04X}; a name is printable text",
            u32::from(c)
        ));
    }
    if name.starts_with(char::is_whitespace) || name.ends_with(char::is_whitespace) {
        return Some("starts or ends with white space".into());
    }
    if !name.chars().eq(name.nfc()) {
        return Some(format!(
            "is not in Unicode normalization form C (NFC would write it \"{}\")",
            name.nfc().collect::<String>()
        ));
    }
    None
}

/// What a keyword name looks like, for finding names that look alike: the Unicode TR39
/// skeleton of the name in lowercase ("Hаvoc" with a Cyrillic а and "Havoc" have one).
pub fn confusable_skeleton(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect()
}

/// The name of a POP in a manifest's `activation-pops` (game 9.3's names, in kebab case).
pub fn pop_manifest_name(pop: Pop) -> &'static str {
    match pop {
        Pop::BattlePhase => "battle-phase",
        Pop::BattleStep => "battle-step",
        Pop::BetweenAttacks => "between-attacks",
        Pop::Attack => "attack",
        Pop::Reroll => "re-roll",
        Pop::PendingDamage => "pending-damage",
        Pop::DamagePrevention => "damage-prevention",
        Pop::DamagePlacement => "damage-placement",
        Pop::AttackEnd => "attack-end",
        Pop::Disrupt => "disrupt",
    }
}

/// The inverse of `pop_manifest_name`.
fn pop_from_manifest_name(name: &str) -> Option<Pop> {
    Pop::ALL
        .into_iter()
        .find(|&pop| pop_manifest_name(pop) == name)
}

/// Errors about a key of one manifest file, at the line where the key is written: semantic
/// errors point at the line of their key.
struct KeyErrors<'a> {
    origin: &'a str,
    text: &'a str,
}

impl KeyErrors<'_> {
    fn error(&self, key: &str, message: String) -> ManifestError {
        ManifestError {
            origin: self.origin.to_string(),
            // The plugin's own table first: a flag's table has keys of the same names.
            line: ["keyword", "card"]
                .into_iter()
                .find_map(|table| key_line(self.text, &[table, key]))
                .or_else(|| key_line(self.text, &[key])),
            key: Some(key.to_string()),
            message,
        }
    }

    /// An error about the file as a whole, at no line.
    fn whole(&self, message: &str) -> ManifestError {
        ManifestError {
            origin: self.origin.to_string(),
            line: None,
            key: None,
            message: message.into(),
        }
    }
}

/// The manifest's one table, `[keyword]` or `[card]`, read as a keyword's table (a card plugin
/// is a keyword with a text parameter and no printed name of its own), with its kind, the cards
/// a card plugin names and the card types it works on.
fn plugin_table(
    keyword: Option<RawKeyword>,
    card: Option<RawCard>,
    at: &KeyErrors,
) -> Result<(RawKeyword, PluginKind, Vec<String>, Vec<CardType>), ManifestError> {
    match (keyword, card) {
        (Some(k), None) => {
            if let Some(bad) = k.types.iter().find(|t| !PLAYED_TYPES.contains(t)) {
                return Err(at.error(
                    "types",
                    format!(
                        "the engine does not play {bad:?} cards; a keyword names unit, \
                         battle, mission, equipment, location, resource or event cards"
                    ),
                ));
            }
            let types = k.types.clone();
            Ok((k, PluginKind::Keyword, Vec::new(), types))
        }
        (None, Some(c)) => {
            if !c.queries.iter().any(|q| q == "understands") {
                return Err(at.error(
                    "queries",
                    "a card plugin must answer `understands`: it is how it claims the texts it \
                     implements"
                        .into(),
                ));
            }
            let keyword = RawKeyword {
                id: c.id,
                name: c.name,
                version: c.version,
                api: c.api,
                aliases: Vec::new(),
                template: String::new(),
                parameter: ParameterShape::Text,
                class: c.class,
                hooks: c.hooks,
                queries: c.queries,
                zones: c.zones,
                limit: c.limit,
                instances: Instances::Separate,
                grants: Grants::AsTheirKeyword,
                discarded_again: DiscardedAgain::Discard,
                activation_pops: c.activation_pops,
                description: c.description,
                types: Vec::new(),
                flags: c.flags,
                additions: c.additions,
            };
            if let Some(bad) = c.types.iter().find(|t| !PLAYED_TYPES.contains(t)) {
                return Err(at.error(
                    "types",
                    format!(
                        "the engine does not play {bad:?} cards; a card plugin reads unit, \
                         battle, mission, equipment, location, resource or event text"
                    ),
                ));
            }
            Ok((keyword, PluginKind::Card, c.cards, c.types))
        }
        (Some(_), Some(_)) => {
            Err(at.whole("a manifest has a [keyword] or a [card] table, not both"))
        }
        (None, None) => Err(at.whole("missing table [keyword] (or [card] for a card plugin)")),
    }
}

/// The plugin's id, printed names, template, card names and description: each must be one a
/// player can read and no other keyword's look-alike.
fn check_names(
    k: &RawKeyword,
    kind: PluginKind,
    cards: &[String],
    at: &KeyErrors,
) -> Result<(), ManifestError> {
    if k.id.is_empty()
        || !k
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Err(at.error(
            "id",
            format!(
                "`{}` is not a plugin id (lowercase letters, digits and dashes)",
                escape_controls(&k.id)
            ),
        ));
    }
    for (key, value) in std::iter::once(("name", &k.name))
        .chain(k.aliases.iter().map(|a| ("aliases", a)))
        .chain((kind == PluginKind::Keyword).then_some(("template", &k.template)))
        .chain(cards.iter().map(|c| ("cards", c)))
        .chain(k.additions.iter().map(|a| ("additions", a)))
    {
        if let Some(problem) = name_problem(value) {
            return Err(at.error(key, format!("\"{}\" {problem}", escape_controls(value))));
        }
    }
    // An addition is recognised by the keyword before its colon, so the name holds none.
    if let Some(bad) = k.additions.iter().find(|a| a.contains(':')) {
        return Err(at.error(
            "additions",
            format!(
                "\"{}\" holds a colon; name the keyword alone, as printed before its colon",
                escape_controls(bad)
            ),
        ));
    }
    if let Some(c) = k
        .description
        .chars()
        .find(|&c| (c.is_control() && c != '\n' && c != '\t') || is_hiding_format(c))
    {
        return Err(at.error(
            "description",
            format!(
                "holds the character U+{:04X}; a description is printable text (newlines \
                 and tabs allowed)",
                u32::from(c)
            ),
        ));
    }
    Ok(())
}

/// The hook points and queries the manifest names, each one the engine knows.
fn hooks_and_queries(
    k: &RawKeyword,
    at: &KeyErrors,
) -> Result<(Vec<HookPoint>, Vec<Query>), ManifestError> {
    let hooks = k
        .hooks
        .iter()
        .map(|name| {
            HookPoint::from_name(name).ok_or_else(|| {
                at.error(
                    "hooks",
                    format!("`{name}` is not a hook point (see docs/hooks.md)"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let queries = k
        .queries
        .iter()
        .map(|name| {
            Query::from_name(name).ok_or_else(|| {
                at.error(
                    "queries",
                    format!("`{name}` is not a query (see docs/plugin-protocol.md)"),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((hooks, queries))
}

/// The POPs in which the engine asks the plugin `activations`: every POP when the key is left
/// out, else the ones it names, which only a plugin answering `activations` may name.
fn activation_pops(
    k: &RawKeyword,
    queries: &[Query],
    at: &KeyErrors,
) -> Result<Vec<Pop>, ManifestError> {
    let activation_pops = match &k.activation_pops {
        None => Pop::ALL.to_vec(),
        Some(names) => {
            if !queries.contains(&Query::Activations) {
                return Err(at.error(
                    "activation-pops",
                    "only a plugin that answers the query `activations` is asked it in POPs".into(),
                ));
            }
            if names.is_empty() {
                return Err(at.error(
                    "activation-pops",
                    "an empty list would never ask `activations`; leave the key out to be \
                     asked in every POP"
                        .into(),
                ));
            }
            names
                .iter()
                .map(|name| {
                    pop_from_manifest_name(name).ok_or_else(|| {
                        at.error(
                            "activation-pops",
                            format!(
                                "`{name}` is not a POP (one of {})",
                                Pop::ALL.map(pop_manifest_name).join(", ")
                            ),
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?
        }
    };
    Ok(activation_pops)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[keyword]
id = "precision"
name = "Precision"
version = "1.0.0"
api = "^1.0"
aliases = ["Elude"]
template = "Precision"
parameter = "none"
class = ["isolated", "static"]
queries = ["can-be-retargeted"]
"#;

    #[test]
    fn a_good_manifest_parses() {
        let m = Manifest::parse("keyword.toml", GOOD).unwrap();
        assert_eq!(m.names().collect::<Vec<_>>(), ["Precision", "Elude"]);
        assert_eq!(m.queries, [Query::CanBeRetargeted]);
        assert!(m.supports_host_api());
        assert_eq!(m.zones, [Zone::Arena]);
    }

    #[test]
    fn errors_name_line_and_key() {
        let err = Manifest::parse("k.toml", &GOOD.replace("template", "templat")).unwrap_err();
        assert_eq!(err.line, Some(8), "{err}");
        assert!(err.message.contains("templat"), "{err}");
        let err = Manifest::parse(
            "k.toml",
            &GOOD.replace("can-be-retargeted", "can-be-redirected"),
        )
        .unwrap_err();
        assert_eq!(
            (err.line, err.key.as_deref()),
            (Some(11), Some("queries")),
            "{err}"
        );
        assert!(
            err.to_string().starts_with("k.toml:11: key `queries`:"),
            "{err}"
        );
        let err =
            Manifest::parse("k.toml", &GOOD.replace("\"isolated\"", "\"isolate\"")).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("class"));
        let err = Manifest::parse("k.toml", &GOOD.replace("^1.0", "one")).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("api"));
    }

    #[test]
    fn activation_pops_default_to_every_pop_and_are_checked() {
        let evade = GOOD.replace("can-be-retargeted", "activations");
        let m = Manifest::parse("k.toml", &evade).unwrap();
        assert_eq!(m.activation_pops, Pop::ALL);
        let listed = format!("{evade}activation-pops = [\"damage-prevention\", \"re-roll\"]\n");
        let m = Manifest::parse("k.toml", &listed).unwrap();
        assert_eq!(m.activation_pops, [Pop::DamagePrevention, Pop::Reroll]);
        assert!(m.offers_activations_in(Pop::Reroll));
        assert!(!m.offers_activations_in(Pop::Attack));
        for pop in Pop::ALL {
            assert_eq!(pop_from_manifest_name(pop_manifest_name(pop)), Some(pop));
        }

        let err = Manifest::parse("k.toml", &listed.replace("re-roll", "reroll")).unwrap_err();
        assert_eq!(
            (err.line, err.key.as_deref()),
            (Some(12), Some("activation-pops")),
            "{err}"
        );
        assert!(err.message.contains("`reroll` is not a POP"), "{err}");
        assert!(err.message.contains("damage-prevention"), "{err}");
        let err = Manifest::parse("k.toml", &format!("{GOOD}activation-pops = [\"attack\"]\n"))
            .unwrap_err();
        assert!(err.message.contains("`activations`"), "{err}");
        let err = Manifest::parse("k.toml", &format!("{evade}activation-pops = []\n")).unwrap_err();
        assert!(err.message.contains("empty"), "{err}");
    }

    #[test]
    fn names_are_printable_trimmed_and_nfc() {
        let with = |key: &str, value: &str| {
            GOOD.replace(
                &format!("{key} = \"Precision\""),
                &format!("{key} = \"{value}\""),
            )
        };
        for (key, value, problem) in [
            ("name", "Pre\\u001b[2Kcision", "U+001B"),
            ("name", "Pre\\u0000cision", "U+0000"),
            ("name", "Precision\\n", "U+000A"),
            ("name", "Pre\\u202Ecision", "U+202E"),
            ("name", " Precision", "white space"),
            ("template", "Precision ", "white space"),
            ("name", "", "is empty"),
            // "é" as e and a combining accent: NFC writes it as one character.
            ("name", "Pre\\u0301cision", "normalization form C"),
        ] {
            let err = Manifest::parse("k.toml", &with(key, value)).unwrap_err();
            assert_eq!(err.key.as_deref(), Some(key), "{value}: {err}");
            assert!(err.message.contains(problem), "{value}: {err}");
            assert!(!err.to_string().chars().any(char::is_control), "{err:?}");
        }
        let err =
            Manifest::parse("k.toml", &GOOD.replace("\"Elude\"", "\"Elude\\t\"")).unwrap_err();
        assert_eq!(err.key.as_deref(), Some("aliases"), "{err}");
        let err = Manifest::parse(
            "k.toml",
            &format!("{GOOD}description = \"ok\\u001b[31m\"\n"),
        )
        .unwrap_err();
        assert_eq!(err.key.as_deref(), Some("description"), "{err}");
        // Any script is fine, and newlines in a description too.
        Manifest::parse("k.toml", &with("name", "Précision")).unwrap();
        Manifest::parse("k.toml", &format!("{GOOD}description = \"two\\nlines\"\n")).unwrap();
        // A bad id is quoted escaped.
        let err = Manifest::parse("k.toml", &GOOD.replace("\"precision\"", "\"pre\\u001bc\""))
            .unwrap_err();
        assert!(err.message.contains("pre\\u{1b}c"), "{err}");
    }

    #[test]
    fn look_alike_names_have_one_skeleton() {
        assert_eq!(
            confusable_skeleton("H\u{430}voc"),
            confusable_skeleton("Havoc")
        );
        assert_eq!(confusable_skeleton("HAVOC"), confusable_skeleton("havoc"));
        assert_ne!(confusable_skeleton("Havoc"), confusable_skeleton("Armor"));
    }

    const FLAG: &str = r#"
[keyword.flags.precision-blocks]
values = ["intercept", "all"]
default = "intercept"
description = "OQ-K4: Precision blocks Intercept only (\"all\": any change of target)"
"#;

    #[test]
    fn flags_are_declared_with_values_default_and_description() {
        // A manifest without flags (every manifest before flags were declared) has none.
        assert!(Manifest::parse("k.toml", GOOD).unwrap().flags.is_empty());
        let m = Manifest::parse("k.toml", &format!("{GOOD}{FLAG}")).unwrap();
        assert_eq!(
            m.flags,
            [FlagDeclaration {
                name: "precision-blocks".into(),
                values: vec!["intercept".into(), "all".into()],
                default: "intercept".into(),
                description:
                    "OQ-K4: Precision blocks Intercept only (\"all\": any change of target)".into(),
            }]
        );
        // A card plugin declares them in [card.flags.NAME].
        let card = "[card]\nid = \"c\"\nname = \"C\"\nversion = \"1.0.0\"\napi = \"^1.0\"\n\
                    queries = [\"understands\"]\n";
        let m = Manifest::parse(
            "c.toml",
            &format!("{card}{}", FLAG.replace("keyword.", "card.")),
        )
        .unwrap();
        assert_eq!(m.flags[0].name, "precision-blocks");
    }

    #[test]
    fn a_card_plugin_names_the_keywords_it_claims_as_additions() {
        let card = "[card]\nid = \"c\"\nname = \"C\"\nversion = \"1.0.0\"\napi = \"^1.0\"\n\
                    queries = [\"understands\"]\n";
        let m = Manifest::parse("c.toml", &format!("{card}additions = [\"Enhance\"]\n")).unwrap();
        // Game 9.3 P10: an Enhance it claims is declared with the card's plays.
        assert!(m.claims_as_addition("Enhance: Pay 2 more Force -> That unit gets -6 power."));
        assert!(m.claims_as_addition("enhance : Pay 1 Force -> Also, draw a card."));
        assert!(!m.claims_as_addition("Pay 2 Force -> Evade 2"));
        assert!(!m.claims_as_addition("Upkeep: Pay 1 Force."));
        let plain = Manifest::parse("c.toml", card).unwrap();
        assert!(!plain.claims_as_addition("Enhance: Pay 2 more Force -> Draw a card."));
        // A keyword names its colon, a keyword plugin says it with its zone `played`.
        let colon =
            Manifest::parse("c.toml", &format!("{card}additions = [\"Enhance:\"]\n")).unwrap_err();
        assert_eq!(colon.key.as_deref(), Some("additions"), "{colon}");
        assert!(colon.message.contains("holds a colon"), "{colon}");
        let keyword =
            Manifest::parse("k.toml", &format!("{GOOD}additions = [\"Enhance\"]\n")).unwrap_err();
        assert!(keyword.to_string().contains("additions"), "{keyword}");
    }

    #[test]
    fn a_bad_flag_declaration_names_line_and_key() {
        let bad = |from: &str, to: &str| {
            Manifest::parse("k.toml", &format!("{GOOD}{}", FLAG.replace(from, to))).unwrap_err()
        };
        // GOOD has 11 lines; the flag's table starts on line 13.
        let err = bad("default = \"intercept\"", "default = \"intercep\"");
        assert_eq!(
            (err.line, err.key.as_deref()),
            (Some(15), Some("flags.precision-blocks.default")),
            "{err}"
        );
        assert!(
            err.message
                .contains("not one of the values (intercept, all)"),
            "{err}"
        );
        let err = bad("\"intercept\", \"all\"", "\"intercept\", \"intercept\"");
        assert_eq!(err.line, Some(14), "{err}");
        assert!(err.message.contains("listed twice"), "{err}");
        let err = bad("\"intercept\", \"all\"", "\"intercept\"");
        assert!(err.message.contains("at least two values"), "{err}");
        let err = bad("precision-blocks]", "Precision_Blocks]");
        assert_eq!(
            (err.line, err.key.as_deref()),
            (Some(13), Some("flags.Precision_Blocks")),
            "{err}"
        );
        let err = bad("precision-blocks]", "same-unit-names]");
        assert!(err.message.contains("rule of the ruleset itself"), "{err}");
        let err = bad("description = \"OQ-K4", "description = \"two\\nlines");
        assert_eq!(
            err.key.as_deref(),
            Some("flags.precision-blocks.description")
        );
        let err = bad("\"all\"]", "\"al\\u001bl\"]");
        assert!(err.message.contains("U+001B"), "{err}");
        // Unknown keys in a flag's table are refused by the TOML reader, with their line.
        let err = bad("default =", "defualt =");
        assert_eq!(err.line, Some(15), "{err}");
    }

    #[test]
    fn an_old_api_range_is_not_supported() {
        let m = Manifest::parse("k.toml", &GOOD.replace("^1.0", "^0.9")).unwrap();
        assert!(!m.supports_host_api());
    }
}
