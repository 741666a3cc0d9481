//! The ability-text splitter against the keyword list of the bundled card database.

use swtcg_rules::ability::parse_ability;

fn keywords() -> Vec<String> {
    swtcg_cards::CardDb::bundled().keyword_names().to_vec()
}

#[test]
fn printed_abilities_of_the_card_data_name_their_keyword() {
    let k = keywords();
    let cases = [
        ("Accuracy 1", Some("Accuracy"), None, "1"),
        (
            "Pay 2 Force -> Absorb 2",
            Some("Absorb"),
            Some("Pay 2 Force"),
            "2",
        ),
        (
            "Upkeep: Pay 1 Force or tap this unit.",
            Some("Upkeep"),
            None,
            "Pay 1 Force or tap this unit.",
        ),
        (
            "Alternative Cost: Pay 2 Force, tap a Padawan.",
            Some("Alternative Cost"),
            None,
            "Pay 2 Force, tap a Padawan.",
        ),
        (
            "INSERT: Pay 1 Force -> Absorb 1",
            Some("INSERT"),
            None,
            "Pay 1 Force -> Absorb 1",
        ),
        (
            "Switch: Overkill/Armor, Area Damage 2",
            Some("Switch"),
            None,
            "Overkill/Armor, Area Damage 2",
        ),
        ("Hidden Cost 5", Some("Hidden Cost"), None, "5"),
        ("Elude", Some("Elude"), None, ""),
        (
            "[Pilot] Starfighter Pilot. The Starfighter gets: * +20 speed.",
            Some("Pilot"),
            None,
            "Starfighter Pilot. The Starfighter gets: * +20 speed.",
        ),
        // Jedi Guardians prints keywords with their reminder text.
        (
            "Pay 4 Force -> Evade 2 (Prevent up to 2 damage to this unit. )",
            Some("Evade"),
            Some("Pay 4 Force"),
            "2",
        ),
        (
            "Overkill (When this unit attacks, you may divide hits in excess of the defending unit_s health.).",
            Some("Overkill"),
            None,
            "",
        ),
        (
            "Shields 1 (Each unit gets -1 power as long as it_s attacking this unit.)",
            Some("Shields"),
            None,
            "1",
        ),
        (
            "Tap this unit -> Gain 1 Force.",
            None,
            Some("Tap this unit"),
            "Gain 1 Force.",
        ),
    ];
    for (text, keyword, cost, parameter) in cases {
        let parsed = parse_ability(text, &k);
        assert_eq!(parsed.keyword.as_deref(), keyword, "{text}");
        assert_eq!(parsed.cost.as_deref(), cost, "{text}");
        assert_eq!(parsed.parameter, parameter, "{text}");
    }
}
