//! Card definitions: what is printed on a card, as imported from a set file or written in a scenario.

use serde::{Deserialize, Serialize};

use super::{Arena, CardSide};

/// The kind of card (game 3.1). Only units take part in the rules core today; the other kinds are
/// imported so that decks and coverage reports can name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Unit,
    Subordinate,
    Battle,
    Mission,
    Location,
    Equipment,
    Event,
    Resource,
    /// Lackey "Reminder" help cards, which are not game cards (game 3.1).
    Reminder,
    Other,
}

/// A printed number that may also be `X` (chosen when paid) or `*` (defined by the card's text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Printed {
    Value(i32),
    X,
    Star,
}

impl Printed {
    /// The numeric value, treating `X` and `*` as 0 until a card plugin defines them.
    pub fn value(self) -> i32 {
        match self {
            Printed::Value(v) => v,
            Printed::X | Printed::Star => 0,
        }
    }
}

/// Everything printed on one card (game 3.2). Shared between all copies of the card through `Arc`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    /// The full name as printed, with the version letter: `Xesh (C)`.
    pub name: String,
    /// The set code, e.g. `ANH`; `scenario` for cards written out in a scenario file.
    pub set: String,
    pub side: CardSide,
    pub card_type: CardType,
    /// The arenas of the type line, in printed order (game 3.1, multi-arena units).
    pub arenas: Vec<Arena>,
    /// Subtypes as written on the card, split on spaces and " - " (game 3.4).
    pub subtypes: Vec<String>,
    pub cost: Option<Printed>,
    pub speed: Option<Printed>,
    pub power: Option<Printed>,
    pub health: Option<Printed>,
    /// Unique cards carry a version letter (game 3.5.1).
    pub version: Option<String>,
    pub rarity: Option<String>,
    pub number: Option<String>,
    /// Abilities as printed, one string each (the set files separate them with ` | `).
    pub abilities: Vec<String>,
    /// The community's rulings for this card, kept for display only.
    pub usage: Vec<String>,
    /// The LackeyCCG image name (the set file's `ImageFile` column), which LackeyCCG's `.dek`
    /// decks write as the card's id; not part of the game. Absent from logs written before it
    /// was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
    /// Scripts a designer wrote by hand for abilities of this card that the grammar of card text
    /// can't read as printed (or reads wrongly): a `<set>.scripts.toml` beside the set file
    /// (issue 20). A card plugin is asked about such an ability with its script, in the words
    /// the grammar reads ([`CardDef::card_text_parameter`]). Absent from logs of cards without
    /// one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scripts: Vec<WrittenScript>,
}

/// A script written by hand for one printed ability of a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrittenScript {
    /// The printed ability it stands for, as the card's `abilities` hold it.
    pub text: String,
    /// What the ability does, in the words the grammar of card text reads, which read the
    /// whole text when the scripts file was loaded ("When the battle phase ends, you gain 1
    /// Force." for Yoda's "When end the battle phase does, +1 Force you gain.").
    pub reads_as: String,
    /// The scripts file it was written in, for `cards explain`.
    pub file: String,
}

impl CardDef {
    /// A plain unit with the given stats, used by scenarios and tests.
    pub fn unit(name: &str, side: CardSide, arenas: Vec<Arena>, stats: [i32; 4]) -> Self {
        let [cost, speed, power, health] = stats;
        CardDef {
            name: name.to_string(),
            set: "scenario".to_string(),
            side,
            card_type: CardType::Unit,
            arenas,
            subtypes: Vec::new(),
            cost: Some(Printed::Value(cost)),
            speed: Some(Printed::Value(speed)),
            power: Some(Printed::Value(power)),
            health: Some(Printed::Value(health)),
            version: None,
            rarity: None,
            number: None,
            abilities: Vec::new(),
            usage: Vec::new(),
            image: None,
            scripts: Vec::new(),
        }
    }

    /// The parameter a card plugin is asked about for the printed ability `text` of this card:
    /// the text itself, or the words of a script written by hand for it.
    pub fn card_text_parameter(&self, text: &str) -> String {
        let text = text.trim();
        match self
            .scripts
            .iter()
            .find(|written| written.text.trim() == text)
        {
            Some(written) => written.reads_as.trim().to_string(),
            None => text.to_string(),
        }
    }

    /// Whether the card is unique, that is has a version letter (game 3.5.1).
    pub fn is_unique(&self) -> bool {
        self.version.is_some()
    }

    /// The name without the version letter or a "(Promo)" suffix: what uniqueness compares
    /// (game 3.5.3: versions of one unique name contest each other).
    pub fn unique_name(&self) -> &str {
        let mut name = self.name.as_str();
        for _ in 0..2 {
            if let Some(open) = name.rfind(" (")
                && name.ends_with(')')
            {
                name = &name[..open];
            }
        }
        name
    }

    /// Whether a text naming a card `named` means this card: its printed name, or its name
    /// without the version ("BD-1" names "BD-1 (A)"), ignoring case (a Subordinate an effect
    /// takes, game 16.5).
    pub fn is_named(&self, named: &str) -> bool {
        let named = named.trim();
        self.name.eq_ignore_ascii_case(named) || self.unique_name().eq_ignore_ascii_case(named)
    }

    pub fn is_unit(&self) -> bool {
        matches!(self.card_type, CardType::Unit | CardType::Subordinate)
    }

    /// Whether this is a Mission of the subtype `kind` ("Mission - Trap"), read without case.
    fn is_mission_of(&self, kind: &str) -> bool {
        self.card_type == CardType::Mission
            && self.subtypes.iter().any(|s| s.eq_ignore_ascii_case(kind))
    }

    /// A Trap: a Mission built ahead and completed when its trigger happens (game 16.7, OQ-25).
    pub fn is_trap(&self) -> bool {
        self.is_mission_of("Trap")
    }

    /// A Campaign: a Mission whose text goes on working once completed (game 16.6, OQ-25).
    pub fn is_campaign(&self) -> bool {
        self.is_mission_of("Campaign")
    }

    /// The printed build cost as a number (game 3.2.1).
    pub fn cost_value(&self) -> i32 {
        self.cost.map_or(0, Printed::value)
    }
    pub fn speed_value(&self) -> i32 {
        self.speed.map_or(0, Printed::value)
    }
    pub fn power_value(&self) -> i32 {
        self.power.map_or(0, Printed::value)
    }
    pub fn health_value(&self) -> i32 {
        self.health.map_or(0, Printed::value)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_card_is_named_with_or_without_its_version() {
        let bd1 = CardDef::unit(
            "BD-1 (A)",
            super::super::CardSide::Neutral,
            vec![],
            [0, 70, 1, 2],
        );
        assert!(bd1.is_named("BD-1"));
        assert!(bd1.is_named("bd-1 (a)"));
        assert!(!bd1.is_named("BD"));
    }

    use super::*;

    #[test]
    fn printed_x_and_star_count_as_zero() {
        // Xesh (C) prints cost X and `*` stats: until a completion chooses X and a card plugin
        // turns it into stats, they are 0.
        assert_eq!(Printed::X.value(), 0);
        assert_eq!(Printed::Star.value(), 0);
        assert_eq!(Printed::Value(7).value(), 7);
    }

    #[test]
    fn unique_name_drops_version_and_promo() {
        let mut card = CardDef::unit(
            "Zam Wesell (B) (Promo)",
            CardSide::Dark,
            vec![Arena::Character],
            [3, 40, 3, 3],
        );
        card.version = Some("B".into());
        assert_eq!(card.unique_name(), "Zam Wesell");
        card.name = "Jawa".into();
        assert_eq!(card.unique_name(), "Jawa");
    }
}
