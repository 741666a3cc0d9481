//! Import of LackeyCCG set files (the community's tab-separated card database) into `CardDef`s.
//!
//! The parser is pure: it takes the text of one set file and returns the cards it could read plus
//! one error per line it could not, so that one bad row never hides the rest of a set.

use std::borrow::Cow;

use thiserror::Error;

use swtcg_rules::model::{Arena, CardDef, CardSide, CardType, Printed};

/// Subtypes that are written with a space inside them (OQ-3), shared with the readers of card
/// text. A ruleset that knows more of them can pass a longer list to [`parse_set_with`].
pub use swtcg_plugin_api::text::MULTI_WORD_SUBTYPES;

use crate::ability_runs::split_ability_run;

/// Columns a row cannot be understood without. The other columns are optional because older
/// files lack some of them (KAE has no Classification, for example).
const REQUIRED_COLUMNS: [&str; 3] = ["Name", "Side", "Type"];

/// One line of a set file that could not be imported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}: {message}")]
pub struct ImportError {
    /// The file name as given to [`parse_set`].
    pub file: String,
    /// The 1-based physical line number (the header is line 1).
    pub line: usize,
    pub message: String,
}

/// The outcome of importing one set file: every card that could be read, and every line that
/// could not.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetImport {
    pub cards: Vec<CardDef>,
    pub errors: Vec<ImportError>,
}

/// Parses one Lackey set file, splitting subtypes with [`MULTI_WORD_SUBTYPES`].
pub fn parse_set(file_name: &str, text: &str) -> SetImport {
    parse_set_with(file_name, text, MULTI_WORD_SUBTYPES)
}

/// Parses one Lackey set file, keeping each of `multi_word_subtypes` together as one subtype.
pub fn parse_set_with(file_name: &str, text: &str, multi_word_subtypes: &[&str]) -> SetImport {
    let mut import = SetImport::default();
    let error = |line: usize, message: String| ImportError {
        file: file_name.to_string(),
        line,
        message,
    };
    // Editors on Windows sometimes save a byte order mark; it is not part of the first column name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Splitting on '\n' alone and trimming '\r' afterwards handles both LF and CRLF files while
    // keeping the physical line numbers that error messages point at.
    let mut lines = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line));

    let Some(header_line) = lines.next().filter(|line| !line.trim().is_empty()) else {
        import
            .errors
            .push(error(1, "missing header line".to_string()));
        return import;
    };
    let header: Vec<String> = split_fields(header_line)
        .into_iter()
        .map(|name| name.trim().to_string())
        .collect();
    let columns = match Columns::from_header(&header) {
        Ok(columns) => columns,
        Err(message) => {
            import.errors.push(error(1, message));
            return import;
        }
    };
    let default_set = set_code_from_file_name(file_name);

    for (index, line) in lines.enumerate() {
        let line_number = index + 2;
        // Blank lines (usually the one after the final line break) carry no card.
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_fields(line);
        if fields.len() != header.len() {
            import.errors.push(error(
                line_number,
                format!(
                    "expected {} tab-separated fields as in the header, found {}",
                    header.len(),
                    fields.len()
                ),
            ));
            continue;
        }
        match parse_row(&columns, &fields, &default_set, multi_word_subtypes) {
            Ok(card) => import.cards.push(card),
            Err(problems) => import.errors.push(error(line_number, problems.join("; "))),
        }
    }
    import
}

/// Where each known column sits in this file, found by header name so that files with 15, 16 or
/// 17 columns (or reordered ones) all read the same way.
struct Columns {
    name: usize,
    side: usize,
    card_type: usize,
    set: Option<usize>,
    subtype: Option<usize>,
    cost: Option<usize>,
    speed: Option<usize>,
    power: Option<usize>,
    health: Option<usize>,
    rarity: Option<usize>,
    number: Option<usize>,
    usage: Option<usize>,
    text: Option<usize>,
    image: Option<usize>,
}

impl Columns {
    fn from_header(header: &[String]) -> Result<Self, String> {
        let find = |name: &str| {
            header
                .iter()
                .position(|column| column.eq_ignore_ascii_case(name))
        };
        let missing: Vec<&str> = REQUIRED_COLUMNS
            .iter()
            .copied()
            .filter(|name| find(name).is_none())
            .collect();
        let (Some(name), Some(side), Some(card_type)) = (find("Name"), find("Side"), find("Type"))
        else {
            return Err(format!(
                "header lacks required column(s): {}",
                missing.join(", ")
            ));
        };
        Ok(Columns {
            name,
            side,
            card_type,
            set: find("Set"),
            subtype: find("Subtype"),
            cost: find("Cost"),
            speed: find("Speed"),
            power: find("Power"),
            health: find("Health"),
            rarity: find("Rarity"),
            number: find("Number"),
            usage: find("Usage"),
            text: find("Text"),
            image: find("ImageFile"),
        })
    }
}

/// Turns one data row into a card, or lists every problem found in it.
fn parse_row(
    columns: &Columns,
    fields: &[Cow<'_, str>],
    default_set: &str,
    multi_word_subtypes: &[&str],
) -> Result<CardDef, Vec<String>> {
    let get = |index: usize| fields.get(index).map_or("", |field| field.as_ref());
    let optional = |index: Option<usize>| index.map_or("", get);
    let mut problems = Vec::new();

    // Some rows carry stray trailing spaces after the name; they are not part of the card's name
    // and would only make lookups fail.
    let name = get(columns.name).trim().to_string();
    if name.is_empty() {
        problems.push("empty Name".to_string());
    }
    let set = match optional(columns.set).trim() {
        "" => default_set.to_string(),
        code => code.to_string(),
    };
    let side = match get(columns.side).trim() {
        "L" => Some(CardSide::Light),
        "D" => Some(CardSide::Dark),
        "N" => Some(CardSide::Neutral),
        "Y" => Some(CardSide::YuuzhanVong),
        other => {
            problems.push(format!("unknown Side {other:?} (expected L, D, N or Y)"));
            None
        }
    };
    let (card_type, type_arenas, type_subtypes) = parse_type(get(columns.card_type));
    let (subtype_arenas, column_subtypes) =
        split_subtype_column(optional(columns.subtype), multi_word_subtypes);
    // A subtype written in the Type column ("Mission - Trap") comes first.
    let subtypes = type_subtypes.into_iter().chain(column_subtypes).collect();
    // Units take their arenas from the Type column; the other kinds (Subordinates, Equipment,
    // Locations) write them at the start of the Subtype column, if at all.
    let arenas = if card_type == CardType::Unit {
        type_arenas
    } else {
        subtype_arenas
    };

    let mut printed = |column: &str, index: Option<usize>| match parse_printed(optional(index)) {
        Ok(value) => value,
        Err(value) => {
            problems.push(format!(
                "{column}: expected a number, X or *, found {value:?}"
            ));
            None
        }
    };
    let cost = printed("Cost", columns.cost);
    let speed = printed("Speed", columns.speed);
    let power = printed("Power", columns.power);
    let health = printed("Health", columns.health);

    let (Some(side), true) = (side, problems.is_empty()) else {
        return Err(problems);
    };
    Ok(CardDef {
        version: version_of(&name).map(str::to_string),
        name,
        set,
        side,
        card_type,
        arenas,
        subtypes,
        cost,
        speed,
        power,
        health,
        rarity: non_empty(optional(columns.rarity)),
        number: non_empty(optional(columns.number))
            .map(|number| strip_zero_fraction(&number).to_string()),
        abilities: split_joined(optional(columns.text))
            .iter()
            .flat_map(|entry| split_ability_run(entry))
            .collect(),
        usage: split_joined(optional(columns.usage)),
        image: non_empty(optional(columns.image)),
        scripts: Vec::new(),
    })
}

/// Splits one line into tab-separated fields, undoing CSV-style quoting where it is used.
///
/// A field that starts with `"` is read as quoted only if it is well formed: it must end with a
/// lone `"` right before a tab or the end of the line, with inner quotes doubled. Quoted fields may
/// then contain tabs. Anything else is taken literally, because several files write unquoted text
/// that merely starts with a quotation (the game text quotes granted abilities).
pub fn split_fields(line: &str) -> Vec<Cow<'_, str>> {
    let mut fields = Vec::new();
    let mut rest = line;
    loop {
        if let Some((field, after)) = take_quoted(rest) {
            fields.push(Cow::Owned(field));
            match after.strip_prefix('\t') {
                Some(next) => rest = next,
                None => break,
            }
        } else {
            match rest.split_once('\t') {
                Some((field, next)) => {
                    fields.push(Cow::Borrowed(field));
                    rest = next;
                }
                None => {
                    fields.push(Cow::Borrowed(rest));
                    break;
                }
            }
        }
    }
    fields
}

/// Reads a well-formed quoted field at the start of `text`, returning its unescaped value and the
/// text after the closing quote (which starts with a tab or is empty).
fn take_quoted(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = body.char_indices();
    while let Some((index, c)) = chars.next() {
        if c != '"' {
            value.push(c);
            continue;
        }
        let after = &body[index + 1..];
        if after.starts_with('"') {
            value.push('"');
            chars.next();
        } else if after.is_empty() || after.starts_with('\t') {
            return Some((value, after));
        } else {
            return None;
        }
    }
    None
}

/// Reads the Type column: `Character`, `Space/Ground`, `Mission - Trap`, `Battle`, ...
///
/// The words before any dash name either arenas (then the card is a unit) or a card kind; the
/// words after it are the kind's subtypes (a Mission's `Trap` or `Campaign`, game 16.6, 16.7).
/// Some files use an en dash or add trailing spaces, which the word splitting tolerates.
fn parse_type(field: &str) -> (CardType, Vec<Arena>, Vec<String>) {
    let words = dash_separated_words(field);
    let head = words
        .iter()
        .take_while(|(segment, _)| *segment == 0)
        .map(|(_, word)| *word)
        .collect::<Vec<_>>();
    if let [single] = head.as_slice()
        && let Some(arenas) = parse_arena_list(single)
    {
        return (CardType::Unit, arenas, Vec::new());
    }
    let card_type = match head.join(" ").to_ascii_lowercase().as_str() {
        "subordinate" => CardType::Subordinate,
        "battle" => CardType::Battle,
        "mission" => CardType::Mission,
        "location" => CardType::Location,
        "equipment" => CardType::Equipment,
        "event" => CardType::Event,
        "resource" => CardType::Resource,
        "reminder" => CardType::Reminder,
        _ => CardType::Other,
    };
    let subtypes = words
        .iter()
        .filter(|(segment, _)| *segment > 0)
        .map(|(_, word)| word.to_string())
        .collect();
    (card_type, Vec::new(), subtypes)
}

/// Parses `Space/Ground/Character` into arenas, or `None` if any part is not an arena.
fn parse_arena_list(word: &str) -> Option<Vec<Arena>> {
    word.split('/').map(Arena::parse).collect()
}

/// Splits the Subtype column into the arenas written at its start (if any) and the subtypes.
///
/// Subordinates, Equipment and Locations start the column with their arenas
/// (`Ground/Character - Mandalorian Warrior`). The separator after them is not always ` - `:
/// some rows use an en dash, `Character -Trait`, or no dash at all (`Ground Aquatic`), so the
/// arenas are recognised as a leading word made only of arena names.
pub fn split_subtype_column(
    field: &str,
    multi_word_subtypes: &[&str],
) -> (Vec<Arena>, Vec<String>) {
    let mut words = dash_separated_words(field);
    let mut arenas = Vec::new();
    if let Some((_, first)) = words.first()
        && let Some(parsed) = parse_arena_list(first)
    {
        arenas = parsed;
        words.remove(0);
    }
    (
        arenas,
        join_multi_word_subtypes(&words, multi_word_subtypes),
    )
}

/// Splits text on whitespace, numbering the dash-separated segments each word belongs to, so
/// that multi-word subtypes are only recognised inside one segment. A dash counts as a separator
/// when whitespace is on at least one side of it; hyphens inside words (`Aki-Aki`) are kept.
fn dash_separated_words(text: &str) -> Vec<(usize, &str)> {
    const DASHES: [char; 3] = ['-', '\u{2013}', '\u{2014}'];
    let mut words = Vec::new();
    let mut segment = 0;
    for token in text.split_whitespace() {
        let leading = token.starts_with(DASHES);
        let trailing = token.ends_with(DASHES);
        let word = token.trim_matches(DASHES);
        if leading && !words.is_empty() {
            segment += 1;
        }
        if !word.is_empty() {
            words.push((segment, word));
        }
        if trailing && !word.is_empty() {
            segment += 1;
        }
    }
    words
}

/// Joins consecutive words of one segment that together form a known multi-word subtype, keeping
/// the file's spelling. Longer entries win so that a ruleset can add e.g. a three-word subtype.
fn join_multi_word_subtypes(words: &[(usize, &str)], multi_word_subtypes: &[&str]) -> Vec<String> {
    let mut entries: Vec<Vec<&str>> = multi_word_subtypes
        .iter()
        .map(|entry| entry.split_whitespace().collect())
        .collect();
    entries.sort_by_key(|entry| std::cmp::Reverse(entry.len()));

    let mut subtypes = Vec::new();
    let mut index = 0;
    while index < words.len() {
        let segment = words[index].0;
        let matched = entries.iter().map(Vec::len).find(|&len| {
            len > 1
                && words.get(index..index + len).is_some_and(|run| {
                    run.iter().all(|(s, _)| *s == segment)
                        && entries.iter().any(|entry| {
                            entry.len() == len
                                && entry.iter().zip(run).all(|(expected, (_, word))| {
                                    expected.eq_ignore_ascii_case(word)
                                })
                        })
                })
        });
        let len = matched.unwrap_or(1);
        let joined: Vec<&str> = words[index..index + len]
            .iter()
            .map(|(_, word)| *word)
            .collect();
        subtypes.push(joined.join(" "));
        index += len;
    }
    subtypes
}

/// Reads a printed number: `5`, `5.0` (as some files write it), `X` or `*`; empty means none.
/// On failure the offending value is returned for the error message.
pub fn parse_printed(field: &str) -> Result<Option<Printed>, String> {
    let value = field.trim();
    match value {
        "" => Ok(None),
        "X" | "x" => Ok(Some(Printed::X)),
        "*" => Ok(Some(Printed::Star)),
        _ => strip_zero_fraction(value)
            .parse::<i32>()
            .map(|number| Some(Printed::Value(number)))
            .map_err(|_| value.to_string()),
    }
}

/// Drops a fraction made only of zeros (`157.0` → `157`), which spreadsheet exports add to whole
/// numbers. Anything else is returned unchanged so that a real fraction still fails to parse.
fn strip_zero_fraction(value: &str) -> &str {
    match value.split_once('.') {
        Some((whole, fraction))
            if !whole.is_empty() && !fraction.is_empty() && fraction.bytes().all(|b| b == b'0') =>
        {
            whole
        }
        _ => value,
    }
}

/// The version of a unique card: the letter (optionally with digits) in the name's trailing
/// parentheses, looking past promo markers: `Jango Fett (B2)` → `B2`, `Zam Wesell (B) (Promo)`
/// → `B`. `(Promo)` alone, or a name without parentheses, has no version.
pub fn version_of(name: &str) -> Option<&str> {
    let mut rest = name.trim_end();
    loop {
        let inner_end = rest.strip_suffix(')')?;
        let open = inner_end.rfind('(')?;
        let group = inner_end[open + 1..].trim();
        let mut chars = group.chars();
        let is_version = group.len() <= 3
            && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_digit());
        if is_version {
            return Some(group);
        }
        let lower = group.to_ascii_lowercase();
        if !(lower.starts_with("promo") || lower.starts_with("preview")) {
            return None;
        }
        rest = inner_end[..open].trim_end();
    }
}

/// Splits a column of `|`-joined entries (abilities or rulings). The files mostly write ` | `,
/// but a few rows omit a space on one side, so the bare bar is the separator and each entry is
/// trimmed.
fn split_joined(field: &str) -> Vec<String> {
    field
        .split('|')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(str::to_string)
        .collect()
}

fn non_empty(field: &str) -> Option<String> {
    let value = field.trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// The set code implied by a file name (`sets/ANH.txt` → `ANH`), used when a row's Set column is
/// missing or empty.
fn set_code_from_file_name(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let stem = base.rsplit_once('.').map_or(base, |(stem, _)| stem);
    stem.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "Name\tSet\tImageFile\tSide\tType\tSubtype\tCost\tSpeed\tPower\tHealth\tRarity\tNumber\tUsage\tText";

    fn row(fields: [&str; 14]) -> String {
        fields.join("\t")
    }

    #[test]
    fn reads_a_unit_row_with_decimal_numbers() {
        let text = format!(
            "{HEADER}\n{}\n",
            row([
                "Jango Fett (B2)",
                "AOTC",
                "img",
                "D",
                "Character",
                "Bounty Hunter - Mandalorian",
                "5.0",
                "40.0",
                "4.0",
                "6.0",
                "R",
                "157.0",
                "Ruling one | Ruling two",
                "Armor | Pay 1 Force -> Evade 1",
            ])
        );
        let import = parse_set("AOTC.txt", &text);
        assert_eq!(import.errors, vec![]);
        let card = &import.cards[0];
        assert_eq!(card.name, "Jango Fett (B2)");
        assert_eq!(card.set, "AOTC");
        assert_eq!(card.side, CardSide::Dark);
        assert_eq!(card.card_type, CardType::Unit);
        assert_eq!(card.arenas, vec![Arena::Character]);
        assert_eq!(card.subtypes, vec!["Bounty Hunter", "Mandalorian"]);
        assert_eq!(card.cost, Some(Printed::Value(5)));
        assert_eq!(card.speed, Some(Printed::Value(40)));
        assert_eq!(card.power, Some(Printed::Value(4)));
        assert_eq!(card.health, Some(Printed::Value(6)));
        assert_eq!(card.version.as_deref(), Some("B2"));
        assert_eq!(card.rarity.as_deref(), Some("R"));
        assert_eq!(card.number.as_deref(), Some("157"));
        assert_eq!(card.image.as_deref(), Some("img"));
        assert_eq!(card.usage, vec!["Ruling one", "Ruling two"]);
        assert_eq!(card.abilities, vec!["Armor", "Pay 1 Force -> Evade 1"]);
    }

    #[test]
    fn printed_values() {
        assert_eq!(parse_printed("5.0"), Ok(Some(Printed::Value(5))));
        assert_eq!(parse_printed("5"), Ok(Some(Printed::Value(5))));
        assert_eq!(parse_printed("0.00"), Ok(Some(Printed::Value(0))));
        assert_eq!(parse_printed(" 40 "), Ok(Some(Printed::Value(40))));
        assert_eq!(parse_printed("X"), Ok(Some(Printed::X)));
        assert_eq!(parse_printed("*"), Ok(Some(Printed::Star)));
        assert_eq!(parse_printed(""), Ok(None));
        assert_eq!(parse_printed("5.5"), Err("5.5".to_string()));
        assert_eq!(parse_printed("five"), Err("five".to_string()));
        assert_eq!(parse_printed(".0"), Err(".0".to_string()));
    }

    #[test]
    fn versions() {
        assert_eq!(version_of("Xesh (C)"), Some("C"));
        assert_eq!(version_of("Jango Fett (B2)"), Some("B2"));
        assert_eq!(version_of("Zam Wesell (B) (Promo)"), Some("B"));
        assert_eq!(version_of("Jango Fett (D) (Promo 2)"), Some("D"));
        assert_eq!(version_of("Anakin's Starfighter (A) (Preview)"), Some("A"));
        assert_eq!(version_of("Relax for a Moment (Promo)"), None);
        assert_eq!(version_of("Clone Warrior 4/163 (Promo)"), None);
        assert_eq!(version_of("Jawa"), None);
        assert_eq!(version_of("Dooku (C) "), Some("C"));
        assert_eq!(version_of("Something (Long Remark)"), None);
    }

    #[test]
    fn quoted_field_with_doubled_quotes_and_a_tab() {
        let fields = split_fields("a\t\"He said \"\"hi\"\"\tthere\"\tc");
        assert_eq!(fields, vec!["a", "He said \"hi\"\tthere", "c"]);
        // A field that only starts with a quotation is literal, as in TROS and TM.
        let fields = split_fields("\"Tap\" gets this | \"Pay\"\tb");
        assert_eq!(fields, vec!["\"Tap\" gets this | \"Pay\"", "b"]);
        // An unterminated quote is literal too.
        assert_eq!(split_fields("\"open\tb"), vec!["\"open", "b"]);
        assert_eq!(split_fields("\"\"\t"), vec!["", ""]);
    }

    #[test]
    fn quoted_text_column_parses() {
        let text = format!(
            "{HEADER}\r\n{}\r\n",
            row([
                "Xesh (B)",
                "TAL",
                "img",
                "N",
                "Character",
                "Force Sensitive Assassin",
                "9",
                "70",
                "7",
                "7",
                "R",
                "77.0",
                "",
                "\"Take a Subordinate with \"\"Armor\"\" | Deflect X\"",
            ])
        );
        let import = parse_set("TAL.txt", &text);
        assert_eq!(import.errors, vec![]);
        assert_eq!(
            import.cards[0].abilities,
            vec!["Take a Subordinate with \"Armor\"", "Deflect X"]
        );
        assert_eq!(
            import.cards[0].subtypes,
            vec!["Force Sensitive", "Assassin"]
        );
    }

    #[test]
    fn bad_lines_are_reported_and_the_rest_loads() {
        let good = row([
            "Jawa",
            "ANH",
            "i",
            "N",
            "Ground",
            "Jawa Squad",
            "2",
            "30",
            "1",
            "2",
            "C",
            "1",
            "",
            "",
        ]);
        let bad_side = row([
            "Ewok", "ANH", "i", "Q", "Ground", "", "2", "30", "1", "2", "C", "2", "", "",
        ]);
        let bad_number = row([
            "Droid", "ANH", "i", "N", "Ground", "", "2", "fast", "1", "2.5", "C", "3", "", "",
        ]);
        let text = format!(
            "\u{feff}{HEADER}\r\n{good}\r\n\r\n{bad_side}\r\nshort\tline\r\n{bad_number}\r\n{good}\r\n\r\n\r\n"
        );
        let import = parse_set("ANH.txt", &text);
        assert_eq!(import.cards.len(), 2);
        let lines: Vec<usize> = import.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![4, 5, 6]);
        assert_eq!(
            import.errors[0].to_string(),
            "ANH.txt:4: unknown Side \"Q\" (expected L, D, N or Y)"
        );
        assert!(
            import.errors[1].message.contains("expected 14"),
            "{}",
            import.errors[1]
        );
        assert_eq!(
            import.errors[2].message,
            "Speed: expected a number, X or *, found \"fast\"; Health: expected a number, X or *, found \"2.5\""
        );
    }

    #[test]
    fn columns_are_found_by_name() {
        let text = "Type\tSide\tName\tHealth\nSpace\tL\tX-Wing\t3.0\n";
        let import = parse_set("sets/CUSTOM.txt", text);
        assert_eq!(import.errors, vec![]);
        let card = &import.cards[0];
        assert_eq!(
            (card.name.as_str(), card.set.as_str()),
            ("X-Wing", "CUSTOM")
        );
        assert_eq!(card.arenas, vec![Arena::Space]);
        assert_eq!(card.health, Some(Printed::Value(3)));
        assert_eq!(card.cost, None);

        let missing = parse_set("BAD.txt", "Name\tSet\nA\tB\n");
        assert!(missing.cards.is_empty());
        assert_eq!(
            missing.errors[0].to_string(),
            "BAD.txt:1: header lacks required column(s): Side, Type"
        );
        assert_eq!(
            parse_set("EMPTY.txt", "").errors[0].to_string(),
            "EMPTY.txt:1: missing header line"
        );
    }

    #[test]
    fn card_types_and_arenas() {
        let none = Vec::<String>::new;
        assert_eq!(
            parse_type("Space/Ground"),
            (CardType::Unit, vec![Arena::Space, Arena::Ground], none())
        );
        assert_eq!(
            parse_type("Ground/Character "),
            (
                CardType::Unit,
                vec![Arena::Ground, Arena::Character],
                none()
            )
        );
        assert_eq!(
            parse_type("Mission - Trap"),
            (CardType::Mission, vec![], strings(&["Trap"]))
        );
        assert_eq!(
            parse_type("Mission \u{2013} Campaign"),
            (CardType::Mission, vec![], strings(&["Campaign"]))
        );
        assert_eq!(parse_type("Battle "), (CardType::Battle, vec![], none()));
        assert_eq!(parse_type("Reminder"), (CardType::Reminder, vec![], none()));
        assert_eq!(
            parse_type("Subordinate"),
            (CardType::Subordinate, vec![], none())
        );
        assert_eq!(parse_type("Token"), (CardType::Other, vec![], none()));
        assert_eq!(
            parse_type("Space/Planet"),
            (CardType::Other, vec![], none())
        );
    }

    #[test]
    fn subtype_column() {
        let split = |field| split_subtype_column(field, MULTI_WORD_SUBTYPES);
        assert_eq!(
            split("Ground/Character - Old Republic Jedi Knight"),
            (
                vec![Arena::Ground, Arena::Character],
                strings(&["Old Republic", "Jedi Knight"])
            )
        );
        assert_eq!(
            split("Character -Lightsaber Weapon"),
            (vec![Arena::Character], strings(&["Lightsaber", "Weapon"]))
        );
        assert_eq!(
            split("Character  - Aquatic Frog Egg").1,
            strings(&["Aquatic", "Frog", "Egg"])
        );
        assert_eq!(
            split("Ground \u{2013} Imperial Remnant Speeder Bike").0,
            vec![Arena::Ground]
        );
        assert_eq!(
            split("Ground Aquatic"),
            (vec![Arena::Ground], strings(&["Aquatic"]))
        );
        assert_eq!(split("Character ").0, vec![Arena::Character]);
        assert_eq!(
            split("Tatooine Merchant Droid"),
            (vec![], strings(&["Tatooine", "Merchant", "Droid"]))
        );
        assert_eq!(
            split("Aki-Aki Pasaana Desert Villager Child").1[0],
            "Aki-Aki"
        );
        // A dash between two words of a multi-word subtype separates them.
        assert_eq!(
            split("Noghri Jedi - Knight").1,
            strings(&["Noghri", "Jedi", "Knight"])
        );
        assert_eq!(
            split("Twi'lek Jedi Master - Seer").1,
            strings(&["Twi'lek", "Jedi Master", "Seer"])
        );
        assert_eq!(split("crime lord").1, strings(&["crime lord"]));
        // A ruleset may add longer entries.
        let extended =
            split_subtype_column("Sith Lord of the Dark", &["Sith Lord", "Lord of the Dark"]);
        assert_eq!(extended.1, strings(&["Sith Lord", "of", "the", "Dark"]));
        let extended = split_subtype_column(
            "Dark Lord of the Sith",
            &["Sith Lord", "Dark Lord of the Sith"],
        );
        assert_eq!(extended.1, strings(&["Dark Lord of the Sith"]));
    }

    #[test]
    fn non_units_take_arenas_from_the_subtype_column() {
        let text = format!(
            "{HEADER}\n{}\n{}\n{}\n",
            row([
                "Saber",
                "S",
                "i",
                "L",
                "Equipment",
                "Character - Lightsaber Weapon",
                "1",
                "",
                "",
                "",
                "C",
                "",
                "",
                ""
            ]),
            row([
                "Guard",
                "S",
                "i",
                "D",
                "Subordinate",
                "Ground/Character - Imperial Stormtrooper",
                "",
                "30",
                "2",
                "2",
                "S",
                "S",
                "",
                ""
            ]),
            row([
                "Chosen",
                "S",
                "i",
                "L",
                "Character",
                "Character - Sorgan Farmer",
                "1",
                "10",
                "1",
                "1",
                "C",
                "",
                "",
                ""
            ]),
        );
        let import = parse_set("S.txt", &text);
        assert_eq!(import.errors, vec![]);
        let [saber, guard, chosen] = &import.cards[..] else {
            panic!("expected three cards")
        };
        assert_eq!(
            (saber.card_type, saber.arenas.as_slice()),
            (CardType::Equipment, &[Arena::Character][..])
        );
        assert_eq!(saber.subtypes, strings(&["Lightsaber", "Weapon"]));
        assert_eq!(guard.card_type, CardType::Subordinate);
        assert_eq!(guard.arenas, vec![Arena::Ground, Arena::Character]);
        assert!(guard.is_unit());
        assert_eq!(chosen.subtypes, strings(&["Sorgan", "Farmer"]));
    }

    #[test]
    fn abilities_split_on_bars_with_or_without_spaces() {
        assert_eq!(
            split_joined("Hidden Cost 3| Forewarning | |Armor "),
            strings(&["Hidden Cost 3", "Forewarning", "Armor"])
        );
        assert!(split_joined("").is_empty());
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| item.to_string()).collect()
    }
}
