//! Standings with the usual Swiss tiebreaks, as the Magic: The Gathering Tournament Rules
//! define them (section 3.1 and Appendix C): match points, opponents' match-win percentage,
//! game-win percentage, opponents' game-win percentage, each percentage at least 0.33.
//!
//! Percentages are exact fractions, so that two players whose tiebreaks are equal compare equal
//! (floating-point averages taken in another order may not).

use num_rational::Ratio;

/// A fraction from 0 to 1: a percentage as an exact ratio.
pub type Fraction = Ratio<u64>;

/// Match and game points (Appendix C): 3 for a win, 1 for a draw, 0 for a loss.
pub const WIN_POINTS: u32 = 3;
pub const DRAW_POINTS: u32 = 1;

/// The least match-win and game-win percentage counted (Appendix C: "if this number is lower
/// than 0.33, use 0.33 instead"), which limits what one poor record does to its opponents'
/// tiebreaks.
pub fn floor() -> Fraction {
    Ratio::new(33, 100)
}

/// One reported match between two players (by index): the games each won and the games drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRecord {
    pub players: [usize; 2],
    pub wins: [u32; 2],
    pub drawn: u32,
}

impl MatchRecord {
    /// The match points of each player: the player who won more games wins the match; equal
    /// game wins draw it.
    pub fn match_points(&self) -> [u32; 2] {
        match self.wins[0].cmp(&self.wins[1]) {
            std::cmp::Ordering::Greater => [WIN_POINTS, 0],
            std::cmp::Ordering::Less => [0, WIN_POINTS],
            std::cmp::Ordering::Equal => [DRAW_POINTS, DRAW_POINTS],
        }
    }

    /// The game points of each player.
    pub fn game_points(&self) -> [u32; 2] {
        let draws = self.drawn * DRAW_POINTS;
        [
            self.wins[0] * WIN_POINTS + draws,
            self.wins[1] * WIN_POINTS + draws,
        ]
    }

    pub fn games(&self) -> u32 {
        self.wins[0] + self.wins[1] + self.drawn
    }
}

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: usize,
    /// 1 for the first; players equal in every tiebreak share a rank.
    pub rank: usize,
    pub match_points: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Byes, also counted in `wins`.
    pub byes: u32,
    pub game_points: u32,
    pub games: u32,
    /// Match-win percentage (with the floor once a round is played).
    pub mwp: Fraction,
    /// Opponents' match-win percentage: the average of each opponent's `mwp`, byes left out.
    pub omwp: Fraction,
    /// Game-win percentage (with the floor once a game is played).
    pub gwp: Fraction,
    /// Opponents' game-win percentage.
    pub ogwp: Fraction,
    /// The opponents met, in round order.
    pub opponents: Vec<usize>,
}

impl Standing {
    /// The key the standings sort on, best first: match points, then the three tiebreaks.
    fn key(&self) -> (u32, Fraction, Fraction, Fraction) {
        (self.match_points, self.omwp, self.gwp, self.ogwp)
    }
}

/// The standings of `players` players after the reported `matches` and the `byes` (a player
/// index per bye). A bye is a match won (Appendix C) and counts as `bye_games` games won (2-0
/// in a best-of-three match), and is left out of the opponents' percentages. Players equal in
/// every tiebreak share a rank and are listed in `tie_order` (the position of each player).
pub fn standings(
    players: usize,
    matches: &[MatchRecord],
    byes: &[usize],
    bye_games: u32,
    tie_order: &[usize],
) -> Vec<Standing> {
    let mut lines: Vec<Standing> = (0..players)
        .map(|player| Standing {
            player,
            rank: 0,
            match_points: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            byes: 0,
            game_points: 0,
            games: 0,
            mwp: Ratio::from_integer(0),
            omwp: Ratio::from_integer(0),
            gwp: Ratio::from_integer(0),
            ogwp: Ratio::from_integer(0),
            opponents: Vec::new(),
        })
        .collect();
    for record in matches {
        let points = record.match_points();
        let games = record.game_points();
        for (seat, &player) in record.players.iter().enumerate() {
            let line = &mut lines[player];
            line.match_points += points[seat];
            match points[seat] {
                WIN_POINTS => line.wins += 1,
                DRAW_POINTS => line.draws += 1,
                _ => line.losses += 1,
            }
            line.game_points += games[seat];
            line.games += record.games();
            line.opponents.push(record.players[1 - seat]);
        }
    }
    for &player in byes {
        let line = &mut lines[player];
        line.match_points += WIN_POINTS;
        line.wins += 1;
        line.byes += 1;
        line.game_points += bye_games * WIN_POINTS;
        line.games += bye_games;
    }
    for line in &mut lines {
        let rounds = u64::from(line.wins + line.losses + line.draws);
        line.mwp = percentage(line.match_points, rounds * u64::from(WIN_POINTS));
        line.gwp = percentage(line.game_points, u64::from(line.games * WIN_POINTS));
    }
    let of = |lines: &[Standing], player: usize, pick: fn(&Standing) -> Fraction| {
        let opponents = &lines[player].opponents;
        if opponents.is_empty() {
            return Ratio::from_integer(0);
        }
        let sum = opponents
            .iter()
            .fold(Ratio::from_integer(0), |sum, o| sum + pick(&lines[*o]));
        sum / opponents.len() as u64
    };
    let tiebreaks: Vec<(Fraction, Fraction)> = (0..players)
        .map(|p| (of(&lines, p, |l| l.mwp), of(&lines, p, |l| l.gwp)))
        .collect();
    for (line, (omwp, ogwp)) in lines.iter_mut().zip(tiebreaks) {
        line.omwp = omwp;
        line.ogwp = ogwp;
    }
    lines.sort_by(|a, b| {
        b.key()
            .cmp(&a.key())
            .then(tie_order[a.player].cmp(&tie_order[b.player]))
    });
    for index in 0..lines.len() {
        lines[index].rank = if index > 0 && lines[index - 1].key() == lines[index].key() {
            lines[index - 1].rank
        } else {
            index + 1
        };
    }
    lines
}

/// `points` of `possible`, at least the floor; 0 when nothing was possible yet.
fn percentage(points: u32, possible: u64) -> Fraction {
    if possible == 0 {
        return Ratio::from_integer(0);
    }
    Ratio::new(u64::from(points), possible).max(floor())
}

/// A fraction as a percentage with two decimals, as standings print it: `66.67`.
pub fn percent(fraction: Fraction) -> String {
    let hundredths = (fraction * 10_000u64).round().to_integer();
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// A fraction as a float, for JSON output.
pub fn to_f64(fraction: Fraction) -> f64 {
    *fraction.numer() as f64 / *fraction.denom() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, wins: [u32; 2], drawn: u32) -> MatchRecord {
        MatchRecord {
            players: [a, b],
            wins,
            drawn,
        }
    }

    fn line(lines: &[Standing], player: usize) -> &Standing {
        lines.iter().find(|l| l.player == player).unwrap()
    }

    #[test]
    fn match_and_game_points_follow_appendix_c() {
        // Appendix C's examples: 2-0-0 earns 6 game points, 2-1-0 earns 6 and 3, 2-0-1 earns 7
        // and 1.
        assert_eq!(game(0, 1, [2, 0], 0).game_points(), [6, 0]);
        assert_eq!(game(0, 1, [2, 1], 0).game_points(), [6, 3]);
        assert_eq!(game(0, 1, [2, 0], 1).game_points(), [7, 1]);
        assert_eq!(game(0, 1, [2, 1], 0).match_points(), [3, 0]);
        assert_eq!(game(0, 1, [1, 1], 1).match_points(), [1, 1]);
        assert_eq!(game(0, 1, [0, 0], 1).match_points(), [1, 1]);
    }

    #[test]
    fn percentages_have_the_floor_and_a_bye_counts_as_a_won_match() {
        // Appendix C: 1-3-0 is 3/12 = 0.25, so 0.33 is used; 3-2-0 with a first-round bye is
        // 9/15 = 0.60.
        let matches = [
            game(0, 1, [0, 1], 0),
            game(0, 2, [0, 1], 0),
            game(0, 3, [1, 0], 0),
            game(0, 4, [0, 1], 0),
            game(5, 1, [1, 0], 0),
            game(5, 2, [1, 0], 0),
            game(5, 3, [0, 1], 0),
            game(5, 4, [0, 1], 0),
        ];
        let order: Vec<usize> = (0..6).collect();
        let lines = standings(6, &matches, &[5], 1, &order);
        assert_eq!(line(&lines, 0).mwp, floor());
        assert_eq!(line(&lines, 5).mwp, Ratio::new(9, 15));
        assert_eq!(line(&lines, 5).byes, 1);
        assert_eq!(line(&lines, 5).wins, 3);
        // The bye is one game won: 3 games won of 5.
        assert_eq!(line(&lines, 5).gwp, Ratio::new(9, 15));
        // Player 3 lost to 0 and beat 5: the opponents' average, each at least 0.33.
        assert_eq!(line(&lines, 3).omwp, (floor() + Ratio::new(9, 15)) / 2u64);
        // The bye is not an opponent.
        assert_eq!(line(&lines, 5).opponents, vec![1, 2, 3, 4]);
    }

    #[test]
    fn opponents_match_win_percentage_breaks_ties_first() {
        // Best of one, two rounds: 0 beats 1 and 2; 1, 2, 3 and 4 have one win each.
        let matches = [
            game(0, 1, [1, 0], 0),
            game(2, 3, [1, 0], 0),
            game(4, 5, [1, 0], 0),
            game(0, 2, [1, 0], 0),
            game(1, 4, [1, 0], 0),
            game(3, 5, [1, 0], 0),
        ];
        let order: Vec<usize> = (0..6).collect();
        let lines = standings(6, &matches, &[], 1, &order);
        // 1 met 0 (1.0) and 4 (0.5); 3 met 2 (0.5) and 5 (0-2, so 0.33).
        assert_eq!(line(&lines, 1).omwp, Ratio::new(3, 4));
        assert_eq!(line(&lines, 3).omwp, (Ratio::new(1, 2) + floor()) / 2u64);
        let ranked: Vec<(usize, usize)> = lines.iter().map(|l| (l.player, l.rank)).collect();
        assert_eq!(ranked, vec![(0, 1), (1, 2), (2, 2), (3, 4), (4, 4), (5, 6)]);
    }

    #[test]
    fn game_win_percentage_breaks_ties_next() {
        // Best of three: 0 beats 1 2-0 and 2 beats 3 2-1. The winners' opponents both have
        // 0.33, so the games decide: 6 of 6 game points against 6 of 9. Of the losers, 3 won a
        // game (3 of 9, above the floor) and 1 none (the floor).
        let matches = [game(0, 1, [2, 0], 0), game(2, 3, [2, 1], 0)];
        let lines = standings(4, &matches, &[], 2, &[3, 2, 1, 0]);
        assert_eq!(line(&lines, 0).omwp, line(&lines, 2).omwp);
        assert_eq!(line(&lines, 0).gwp, Ratio::from_integer(1));
        assert_eq!(line(&lines, 2).gwp, Ratio::new(2, 3));
        assert_eq!(line(&lines, 1).gwp, floor());
        let ranked: Vec<usize> = lines.iter().map(|l| l.player).collect();
        assert_eq!(ranked, vec![0, 2, 3, 1]);
    }

    #[test]
    fn opponents_game_win_percentage_breaks_ties_last() {
        // Best of three, ten players. P (0) and Q (1) both beat someone 2-0 and lost 0-2 to an
        // unbeaten player; P's first opponent X (2) then won 2-1, Q's first opponent Y (3) won
        // 2-0: equal match points for X and Y, but X won fewer of its games.
        let [p, q, x, y, z, w, a, b, c, d] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        let matches = [
            game(p, x, [2, 0], 0),
            game(q, y, [2, 0], 0),
            game(z, a, [2, 0], 0),
            game(w, b, [2, 0], 0),
            game(c, d, [2, 0], 0),
            game(z, p, [2, 0], 0),
            game(w, q, [2, 0], 0),
            game(x, c, [2, 1], 0),
            game(y, d, [2, 0], 0),
            game(a, b, [2, 0], 0),
        ];
        let order: Vec<usize> = (0..10).collect();
        let lines = standings(10, &matches, &[], 2, &order);
        let (lp, lq) = (line(&lines, p), line(&lines, q));
        assert_eq!(
            (lp.match_points, lp.omwp, lp.gwp),
            (lq.match_points, lq.omwp, lq.gwp)
        );
        assert_eq!(line(&lines, x).gwp, Ratio::new(6, 15));
        assert_eq!(line(&lines, y).gwp, Ratio::new(6, 12));
        assert!(lq.ogwp > lp.ogwp);
        assert!(lq.rank < lp.rank, "{lines:?}");
    }

    #[test]
    fn players_equal_in_every_tiebreak_share_a_rank_in_tie_order() {
        let matches = [game(0, 1, [1, 0], 0), game(2, 3, [1, 0], 0)];
        let lines = standings(4, &matches, &[], 1, &[3, 2, 1, 0]);
        let ranked: Vec<(usize, usize)> = lines.iter().map(|l| (l.player, l.rank)).collect();
        assert_eq!(ranked, vec![(2, 1), (0, 1), (3, 3), (1, 3)]);
        assert_eq!(percent(Ratio::new(2, 3)), "66.67");
        assert_eq!(percent(floor()), "33.00");
        assert_eq!(percent(Ratio::from_integer(1)), "100.00");
    }
}
