//! `swtcg deck validate`, run the way a user runs it.

use crate::common;

use common::{root, stderr, stdout, swtcg};

use std::path::{Path, PathBuf};

/// A deck file in a folder of this test run, removed with the folder at the end of the test.
struct TempDeck {
    dir: PathBuf,
    path: PathBuf,
}

impl TempDeck {
    fn new(name: &str, text: &str) -> TempDeck {
        let dir = std::env::temp_dir().join(format!(
            "swtcg-deck-test-{}-{}",
            std::process::id(),
            name.replace('.', "-")
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        TempDeck { dir, path }
    }

    fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempDeck {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// 48 Dark Side plain units, 16 per arena: a base the bad decks add to.
const BASE: &str = "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Droid Starfighter Wing\n4 ANH/Carrack Cruiser\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 ANH/Death Star Guard Squad\n4 AOTC/Destroyer Droid Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 ROTS/Security Droid\n4 ANH/Jawa\n";

#[test]
fn the_demo_decks_are_valid_in_both_formats_of_the_file() {
    for (file, summary) in [
        (
            "engine/data/decks/demo-dark.toml",
            "VALID Demo Dark (60 cards, Dark Side, no format)\n",
        ),
        (
            "engine/data/decks/demo-light.toml",
            "VALID Demo Light (60 cards, Light Side, no format)\n",
        ),
        (
            "engine/data/decks/demo-dark.txt",
            "VALID demo-dark (60 cards, Dark Side, no format)\n",
        ),
        (
            "engine/data/decks/demo-light.txt",
            "VALID demo-light (60 cards, Light Side, no format)\n",
        ),
    ] {
        let out = swtcg(&["deck", "validate", file]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stdout(&out));
        assert_eq!(stdout(&out), summary, "{file}");
    }
    let out = swtcg(&[
        "deck",
        "validate",
        "engine/data/decks/demo-dark.toml",
        "--format",
        "Vintage",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(
        stdout(&out),
        "VALID Demo Dark (60 cards, Dark Side, format Vintage)\n"
    );
}

#[test]
fn standard_rejects_the_demo_decks_naming_a_card_and_the_format() {
    for file in [
        "engine/data/decks/demo-dark.toml",
        "engine/data/decks/demo-light.txt",
    ] {
        let out = swtcg(&["deck", "validate", file, "--format", "Standard"]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{file}: {text}");
        assert!(
            text.lines()
                .next()
                .is_some_and(|line| line.starts_with("game 2.6: \"")
                    && line.contains(" is not legal in Standard: ")),
            "{file}: {text}"
        );
        assert!(
            text.lines().last().is_some_and(
                |line| line.starts_with("INVALID ") && line.contains("format Standard")
            ),
            "{text}"
        );
    }
    let out = swtcg(&[
        "deck",
        "validate",
        "engine/data/decks/demo-dark.toml",
        "--format",
        "Standard",
    ]);
    assert!(
        stdout(&out).starts_with(
            "game 2.6: \"ANH/TIE Fighter DS-3-12\" (line 10) is not legal in Standard: \"TIE Fighter DS-3-12\" is printed only in ANH, and Standard allows KAE, TM, TROS, 15TH, AAA, FOR, BOTS, TMW, BOBF, IA\n"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_deck_format_key_is_used_and_an_unknown_format_lists_the_known_ones() {
    let demo = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/data/decks/demo-light.toml"),
    )
    .unwrap();
    let deck = TempDeck::new(
        "standard.toml",
        &demo.replace(
            "side = \"light\"\n",
            "side = \"light\"\nformat = \"Standard\"\n",
        ),
    );
    let out = swtcg(&["deck", "validate", deck.path()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("is not legal in Standard"),
        "{}",
        stdout(&out)
    );
    // --format overrides the deck's format.
    let out = swtcg(&["deck", "validate", deck.path(), "--format", "vintage"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).ends_with("format Vintage)\n"),
        "{}",
        stdout(&out)
    );

    let out = swtcg(&[
        "deck",
        "validate",
        "engine/data/decks/demo-dark.txt",
        "--format",
        "Standart",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("unknown format \"Standart\""), "{err}");
    assert!(err.contains("Standard, Vintage, "), "{err}");
}

#[test]
fn bad_decks_name_each_broken_rule() {
    let cases: [(&str, String, &[&str]); 6] = [
        (
            "too-few-cards.txt",
            BASE.to_string(),
            &["game 2.3: the deck has 48 cards; a deck needs at least 60\n"],
        ),
        (
            "too-many-copies.txt",
            format!("{BASE}3 AOTC/Zam Wesell (B)\n2 AOTC/Zam Wesell (B) (Promo)\n4 AOTC/Zam Wesell (A)\n"),
            &["game 2.4: 5 copies of \"Zam Wesell (B)\" (lines 13, 14); a deck may hold at most 4 copies of one card\n"],
        ),
        (
            "mixed-sides.txt",
            format!("{BASE}4 AOTC/Clone Squad\n4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n"),
            &["game 2.5: \"AOTC/Clone Squad\" (line 13) is a Light Side card in a deck whose other cards are mostly Dark Side; a deck may not hold both Light Side and Dark Side cards\n"],
        ),
        (
            "too-few-units-per-arena.txt",
            "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n4 AOTC/Jango Fett (A)\n4 AOTC/Jango Fett (B)\n4 AOTC/Jango Fett (C)\n4 AOTC/Darth Tyranus (A)\n4 AOTC/Darth Tyranus (B)\n4 AOTC/Darth Tyranus (C)\n4 ANH/Jawa Leader\n".to_string(),
            &[
                "IDC: units per arena: the deck has 8 space units; each arena needs at least 12 (units: 8 space, 8 ground, 44 character; a multi-arena unit counts in each of its arenas)\n",
                "IDC: units per arena: the deck has 8 ground units;",
                "IDC: arena balance: the deck has 44 character units, more than twice its 8 space units;",
            ],
        ),
        (
            "unbalanced.txt",
            "4 ANH/TIE Fighter DS-3-12\n4 AOTC/Droid Starfighter Squadron\n4 AOTC/Droid Starfighter Wing\n4 AOTC/Battle Droid Squad\n4 ANH/Stormtrooper Squad\n4 ANH/Death Star Guard Squad\n4 AOTC/Geonosian Guard\n4 AOTC/Geonosian Warrior\n4 ROTS/Security Droid\n4 ANH/Jawa\n4 AOTC/Zam Wesell (B)\n4 AOTC/Zam Wesell (A)\n4 ANH/Sandtrooper\n4 AOTC/Jango Fett (A)\n4 AOTC/Jango Fett (B)\n".to_string(),
            &["IDC: arena balance: the deck has 36 character units, more than twice its 12 space units; no arena may have more than twice the units of another (units: 12 space, 12 ground, 36 character)\n"],
        ),
        (
            "wrong-side.toml",
            format!(
                "name = \"Confused\"\nside = \"light\"\n{}",
                BASE.lines()
                    .map(|line| {
                        let (count, name) = line.split_once(' ').unwrap();
                        format!("[[card]]\ncount = {count}\nname = \"{name}\"\n")
                    })
                    .collect::<String>()
            ),
            &["game 2.5: \"ANH/TIE Fighter DS-3-12\" (line 5) is a Dark Side card in a Light Side deck; a deck may not hold both Light Side and Dark Side cards\n"],
        ),
    ];
    for (name, text, expected) in cases {
        let deck = TempDeck::new(name, &text);
        let out = swtcg(&["deck", "validate", deck.path()]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        for line in expected {
            assert!(text.contains(line), "{name}: expected {line:?} in\n{text}");
        }
        // The verdict ends the deck rules' report; the cards the engine can't carry out
        // fully (Zam Wesell's texts, say) are listed after it.
        let verdict = text.lines().position(|line| line.starts_with("INVALID "));
        let unsupported = text
            .lines()
            .position(|line| line.starts_with("UNSUPPORTED "));
        assert!(
            verdict.is_some_and(|at| unsupported.is_none_or(|after| at < after)),
            "{name}: {text}"
        );
    }
}

#[test]
fn unreadable_decks_name_file_line_and_key_and_exit_2() {
    let deck = TempDeck::new(
        "typo.toml",
        "name = \"x\"\nside = \"dark\"\n\n[[card]]\ncount = 4\nnmae = \"ANH/Jawa\"\n",
    );
    let out = swtcg(&["deck", "validate", deck.path()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}:6: key `nmae`: unknown field", deck.path())),
        "{err}"
    );

    let deck = TempDeck::new("unknown-card.txt", "4 ANH/Jawa\n4 ANH/Jawwa\n");
    let out = swtcg(&["deck", "validate", deck.path()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("{}:2: unknown card \"ANH/Jawwa\"", deck.path())),
        "{err}"
    );

    let out = swtcg(&["deck", "validate", "no/such/deck.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no/such/deck.txt"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn help_has_an_example() {
    let out = swtcg(&["deck", "validate", "--help"]);
    assert!(
        stdout(&out).contains("Example: swtcg deck validate"),
        "{}",
        stdout(&out)
    );
}

/// A deck in LackeyCCG's own layout (see engine/tests/fixtures/decks/).
const LIGHT_REBELS: &str = "engine/tests/fixtures/decks/light-rebels.dek";

#[test]
fn a_lackey_dek_validates_and_converts_to_toml_and_back() {
    let out = swtcg(&["deck", "validate", LIGHT_REBELS]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "VALID light-rebels (60 cards, Light Side, no format)\n"
    );
    assert_eq!(
        stderr(&out),
        format!(
            "note: {LIGHT_REBELS}:69: the \"Sideboard\" superzone's 3 cards are not played and were left out\n"
        )
    );

    let dir = TempDeck::new("converted.toml", "an older file\n");
    let toml = dir.path.clone();
    let toml = toml.to_str().unwrap();
    let out = swtcg(&["deck", "convert", LIGHT_REBELS, toml]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert_eq!(
        stderr(&out),
        format!("error: {toml}: the file exists; give --force to overwrite it\n")
    );
    assert_eq!(std::fs::read_to_string(toml).unwrap(), "an older file\n");
    let out = swtcg(&["deck", "convert", LIGHT_REBELS, toml, "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("wrote {toml} (60 cards, TOML deck)\n")
    );
    let text = std::fs::read_to_string(toml).unwrap();
    assert!(
        text.contains("[[card]]\ncount = 4\nname = \"Luke's X-Wing (A)\"\n"),
        "{text}"
    );

    // Back to a .dek: the same cards in LackeyCCG's layout, less the sideboard.
    let dek = dir.dir.join("back.dek");
    let dek = dek.to_str().unwrap();
    let out = swtcg(&["deck", "convert", toml, dek]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let original = std::fs::read_to_string(root().join(LIGHT_REBELS)).unwrap();
    let deck_zone_end = original.find("\t<superzone name=\"Supply\">").unwrap();
    assert_eq!(
        std::fs::read_to_string(dek).unwrap(),
        format!("{}</deck>\n", &original[..deck_zone_end])
    );

    // --to names the format where the extension does not.
    let plain = dir.dir.join("deck.list");
    let plain = plain.to_str().unwrap();
    let out = swtcg(&["deck", "convert", dek, plain]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("--to dek|plain|toml"),
        "{}",
        stderr(&out)
    );
    let out = swtcg(&["deck", "convert", dek, plain, "--to", "plain"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(plain)
            .unwrap()
            .starts_with("4 ARC-170 Starfighter\n4 N-1 Starfighter\n"),
    );
}

#[test]
fn a_broken_dek_names_the_file_and_line() {
    let deck = TempDeck::new(
        "broken.dek",
        "<deck version=\"0.8\">\n\t<superzone name=\"Deck\">\n\t\t<card><name id=\"x\">Jawa</name><set>ANH</set></card>\n\t\t<card><name id=\"x\">Jawa</nmae><set>ANH</set></card>\n\t</superzone>\n</deck>\n",
    );
    let out = swtcg(&["deck", "validate", deck.path()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "error: {}:4: not a well-formed LackeyCCG .dek (XML) file: expected 'name' tag, not 'nmae' at 4:26\n",
            deck.path()
        )
    );
    let out = swtcg(&["deck", "convert", "--help"]);
    assert!(
        stdout(&out).contains("Example: swtcg deck convert rebels.dek rebels.toml"),
        "{}",
        stdout(&out)
    );
}
