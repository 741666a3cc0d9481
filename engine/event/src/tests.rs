//! Whole events without I/O: registering, pairing, reporting and standings, with game results
//! drawn from a seeded generator in place of played games.

use std::collections::BTreeSet;

use super::*;

fn deck(side: Side, name: &str) -> RegisteredDeck {
    RegisteredDeck {
        side,
        name: name.to_string(),
        file: format!("decks/{name}.toml"),
        sha256: "0".repeat(64),
    }
}

/// Players with one deck each, alternately Dark Side ("Imperial") and Light Side ("Rebel"),
/// and `both` more with a deck of each side.
fn entrants(one_deck: usize, both: usize) -> Vec<Entrant> {
    let mut players: Vec<Entrant> = (0..one_deck)
        .map(|i| Entrant {
            name: format!("P{i}"),
            decks: vec![if i % 2 == 0 {
                deck(Side::Dark, "Imperial")
            } else {
                deck(Side::Light, "Rebel")
            }],
        })
        .collect();
    players.extend((0..both).map(|i| Entrant {
        name: format!("B{i}"),
        decks: vec![deck(Side::Dark, "Empire"), deck(Side::Light, "Alliance")],
    }));
    players
}

fn event(players: Vec<Entrant>, rounds: u32, best_of: u32, seed: u64) -> Event {
    Event::new(
        "Test Open".into(),
        "ruleset.lock".into(),
        "ab".repeat(32),
        seed,
        rounds,
        best_of,
        players,
    )
    .unwrap()
}

/// Plays one table's match with results from `rng`: each game won by either side, or (one in
/// six) drawn at the turn limit, until the match is decided.
fn report_at_random(event: &mut Event, round: u32, table: u32, rng: &mut Rng) {
    let mut games = Vec::new();
    loop {
        let number = games.len() as u32 + 1;
        let [dark, light] = event.sides(round, table, number).unwrap();
        let (dark, light) = (dark.to_string(), light.to_string());
        let roll = rng.below(6);
        let (ending, winner) = match roll {
            0 => (Ending::TurnLimit, None),
            1 => (Ending::Abandoned, Some(light.clone())),
            2 | 3 => (Ending::Won, Some(dark.clone())),
            _ => (Ending::Won, Some(light.clone())),
        };
        games.push(GameResult {
            log: format!("games/r{round}-t{table}-g{number}.jsonl"),
            sha256: "0".repeat(64),
            dark,
            light,
            ending,
            winner,
            turn: 5,
        });
        let mut probe = event.table(round, table).unwrap().clone();
        probe.games = games.clone();
        if !event.match_goes_on(&probe) {
            break;
        }
    }
    event.record(round, table, games).unwrap();
}

/// Runs every planned round of `event`, reporting each match at random.
fn run(event: &mut Event, results_seed: u64) {
    let mut rng = Rng::new(results_seed);
    for _ in 0..event.rounds {
        let round = event.pair_next().unwrap().clone();
        for table in &round.tables {
            report_at_random(event, round.number, table.number, &mut rng);
        }
    }
}

/// Every pair of players that met, checking on the way that nobody met anyone twice and that
/// everyone played or had the bye in every round.
fn meetings(event: &Event) -> BTreeSet<(String, String)> {
    let mut met = BTreeSet::new();
    for round in &event.played {
        let mut seated: Vec<&String> = round.bye.iter().collect();
        for table in &round.tables {
            let [a, b] = &table.players;
            let key = (a.min(b).clone(), a.max(b).clone());
            assert!(
                met.insert(key),
                "round {}: {a} and {b} meet again",
                round.number
            );
            seated.extend([a, b]);
        }
        assert_eq!(seated.len(), event.players.len(), "round {}", round.number);
    }
    met
}

#[test]
fn an_eight_player_three_round_event_has_no_rematches_and_its_points_add_up() {
    let mut event = event(entrants(4, 4), 3, 1, 2026);
    assert_eq!(Event::usual_rounds(8), 3);
    run(&mut event, 1);
    assert_eq!(event.played.len(), 3);
    meetings(&event);
    // One-deck players of the same side never meet; every game had a Dark Side deck and a
    // Light Side deck of the players who played it.
    for table in event.played.iter().flat_map(|r| &r.tables) {
        for game in &table.games {
            assert!(event.deck(&game.dark, Side::Dark).is_some(), "{game:?}");
            assert!(event.deck(&game.light, Side::Light).is_some(), "{game:?}");
        }
    }
    let lines = event.standings();
    let matches = event.played.iter().flat_map(|r| &r.tables).count();
    assert_eq!(matches, 12);
    let points: u32 = lines.iter().map(|l| l.match_points).sum();
    // A won match gives 3 points, a drawn one 1 to each of its two players.
    let drawn_matches = lines.iter().map(|l| l.draws).sum::<u32>() / 2;
    assert_eq!(points, 3 * matches as u32 - drawn_matches);
    assert!(lines.windows(2).all(|w| w[0].rank <= w[1].rank));
    assert_eq!(lines[0].rank, 1);
    // The standings are ordered by points first.
    assert!(
        lines
            .windows(2)
            .all(|w| w[0].match_points >= w[1].match_points)
    );
    // Every planned round is paired: a fourth is refused.
    let refused = event.pair_next().unwrap_err().to_string();
    assert!(refused.contains("all 3 rounds"), "{refused}");

    // The same seeds give the same event; the event file reads back as written.
    let mut again = self::event(entrants(4, 4), 3, 1, 2026);
    run(&mut again, 1);
    assert_eq!(again, event);
    let text = event.to_toml().unwrap();
    assert_eq!(Event::from_toml("event.toml", &text).unwrap(), event);
}

#[test]
fn score_groups_meet_within_themselves_when_they_can() {
    // Eight players with both decks: after round 1, the four winners (3 points) are paired
    // with each other in round 2.
    for seed in 0..10 {
        let mut event = event(entrants(0, 8), 3, 1, seed);
        let round = event.pair_next().unwrap().clone();
        for table in &round.tables {
            let [dark, light] = event.sides(1, table.number, 1).unwrap();
            let game = GameResult {
                log: "g.jsonl".into(),
                sha256: String::new(),
                dark: dark.into(),
                light: light.into(),
                ending: Ending::Won,
                winner: Some(dark.into()),
                turn: 3,
            };
            event.record(1, table.number, vec![game]).unwrap();
        }
        let round = event.pair_next().unwrap().clone();
        // The points before round 2: its results are not reported.
        let points = |name: &str| {
            let index = event.player_index(name).unwrap();
            event
                .standings()
                .iter()
                .find(|l| l.player == index)
                .unwrap()
                .match_points
        };
        for table in &round.tables {
            let [a, b] = &table.players;
            assert_eq!(points(a), points(b), "seed {seed}: {table:?}");
        }
        // The top score group sits at the first tables.
        assert_eq!(points(&round.tables[0].players[0]), 3);
    }
}

#[test]
fn byes_go_to_the_lowest_ranked_player_without_one() {
    let mut event = event(entrants(0, 7), 3, 3, 9);
    let mut rng = Rng::new(4);
    let mut byes = Vec::new();
    for _ in 0..3 {
        let round = event.pair_next().unwrap().clone();
        let bye = round.bye.clone().expect("seven players: a bye every round");
        // The bye went to the lowest-ranked player without one, before this round.
        if round.number > 1 {
            let before = event.clone();
            let mut before = before;
            before.played.pop();
            let lines = before.standings();
            let lowest_points = lines
                .iter()
                .filter(|l| l.byes == 0)
                .map(|l| l.match_points)
                .min()
                .unwrap();
            let index = event.player_index(&bye).unwrap();
            let line = lines.iter().find(|l| l.player == index).unwrap();
            assert_eq!(line.byes, 0, "{bye} had a bye already");
            assert_eq!(line.match_points, lowest_points, "round {}", round.number);
        }
        byes.push(bye);
        for table in &round.tables {
            report_at_random(&mut event, round.number, table.number, &mut rng);
        }
    }
    let distinct: BTreeSet<&String> = byes.iter().collect();
    assert_eq!(distinct.len(), 3, "{byes:?}");
    meetings(&event);
    // A bye is a match won 2-0 in a best-of-three.
    let index = event.player_index(&byes[0]).unwrap();
    let line = event
        .standings()
        .into_iter()
        .find(|l| l.player == index)
        .unwrap();
    assert!(line.byes == 1 && line.wins >= 1);
    assert!(line.games >= 2);
}

#[test]
fn sides_alternate_and_the_player_with_fewer_dark_games_starts_dark() {
    let mut event = event(entrants(2, 2), 2, 3, 5);
    let round = event.pair_next().unwrap().clone();
    for table in &round.tables {
        let [a, b] = &table.players;
        let first = event.sides(1, table.number, 1).unwrap();
        let second = event.sides(1, table.number, 2).unwrap();
        if a.starts_with('B') && b.starts_with('B') {
            assert_eq!(first, [a.as_str(), b.as_str()]);
            assert_eq!(second, [b.as_str(), a.as_str()]);
        } else {
            // A one-deck player always plays their deck's side.
            assert_eq!(first, second);
        }
    }
    let mut rng = Rng::new(3);
    for table in &round.tables {
        report_at_random(&mut event, 1, table.number, &mut rng);
    }
    let round = event.pair_next().unwrap().clone();
    for table in &round.tables {
        let [dark, _] = event.sides(2, table.number, 1).unwrap();
        let [a, b] = &table.players;
        if a.starts_with('B') && b.starts_with('B') {
            let dark_games = |name: &str| {
                event.played[0]
                    .tables
                    .iter()
                    .flat_map(|t| &t.games)
                    .filter(|g| g.dark == name)
                    .count()
            };
            let other = if dark == a { b } else { a };
            assert!(dark_games(dark) <= dark_games(other));
        }
    }
}

#[test]
fn results_that_do_not_fit_the_table_or_the_match_are_refused() {
    let mut event = event(entrants(2, 0), 1, 3, 1);
    event.pair_next().unwrap();
    let game = |winner: &str| GameResult {
        log: "g.jsonl".into(),
        sha256: String::new(),
        dark: "P0".into(),
        light: "P1".into(),
        ending: Ending::Won,
        winner: Some(winner.into()),
        turn: 4,
    };
    let refused = event
        .record(1, 1, vec![game("P0"), game("P0"), game("P1")])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("decided before it"), "{refused}");
    let refused = event
        .record(1, 1, vec![game("Zed")])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("does not fit winner"), "{refused}");
    let mut stranger = game("P0");
    stranger.light = "Zed".into();
    let refused = event.record(1, 1, vec![stranger]).unwrap_err().to_string();
    assert!(refused.contains("not the table's"), "{refused}");
    let refused = event
        .record(1, 2, vec![game("P0")])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("no table 2"), "{refused}");
    let refused = event
        .record(2, 1, vec![game("P0")])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("round 2 has not been paired"), "{refused}");
    let mut draw = game("P0");
    draw.ending = Ending::TurnLimit;
    draw.winner = None;
    event
        .record(1, 1, vec![game("P1"), draw.clone(), game("P0")])
        .unwrap();
    let table = event.table(1, 1).unwrap().clone();
    assert_eq!(
        event.describe_match(&table),
        "P0 (Imperial) and P1 (Rebel) draw 1-1-1"
    );
    assert_eq!(
        event.describe_game(&table.games[0]),
        "P1 (Rebel) beats P0 (Imperial) on turn 4"
    );
    assert_eq!(
        event.describe_game(&draw),
        "P0 (Imperial) and P1 (Rebel) draw: no winner after 4 turns (turn limit)"
    );
    let mut left = game("P1");
    left.ending = Ending::Abandoned;
    assert_eq!(
        event.describe_game(&left),
        "P0 (Imperial) left the game on turn 4: P1 (Rebel) wins"
    );
}

#[test]
fn pairing_waits_for_every_result_and_players_of_one_side_are_not_paired() {
    let mut event = event(entrants(4, 0), 3, 1, 1);
    event.pair_next().unwrap();
    let refused = event.pair_next().unwrap_err().to_string();
    assert!(refused.contains("has not been reported"), "{refused}");
    // Two Dark Side players and two Light Side players: after two rounds each Dark Side
    // player has met both Light Side players, and a third round cannot be paired.
    let mut rng = Rng::new(1);
    for round in 1..=2 {
        if round == 2 {
            event.pair_next().unwrap();
        }
        for table in 1..=2 {
            report_at_random(&mut event, round, table, &mut rng);
        }
    }
    let refused = event.pair_next().unwrap_err().to_string();
    assert!(refused.contains("pairing round 3: no pairing"), "{refused}");
}

#[test]
fn an_event_file_with_mistakes_is_refused_with_its_line_or_what_is_wrong() {
    let event = event(entrants(2, 0), 2, 1, 1);
    let text = event.to_toml().unwrap();
    let typo = text.replace("best_of", "best_off");
    let err = Event::from_toml("event.toml", &typo)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("event.toml:"), "{err}");
    assert!(err.contains("best_off"), "{err}");
    let line = text.lines().position(|l| l.starts_with("best_of")).unwrap() + 1;
    assert!(err.starts_with(&format!("event.toml:{line}:")), "{err}");
    let twice = text.replace("name = \"P1\"", "name = \"P0\"");
    let err = Event::from_toml("event.toml", &twice)
        .unwrap_err()
        .to_string();
    assert!(err.contains("two players are named \"P0\""), "{err}");
    let mut seated = event.clone();
    seated.played.push(Round {
        number: 1,
        bye: Some("P0".into()),
        tables: vec![Table {
            number: 1,
            players: ["P0".into(), "P1".into()],
            games: Vec::new(),
        }],
    });
    let err = Event::from_toml("event.toml", &seated.to_toml().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("round 1: \"P0\" is seated twice"), "{err}");
    assert!(check_name("Anna=x").is_err());
    assert!(check_name(" Anna").is_err());
    assert!(check_name("Anna Smith").is_ok());
}
