//! Swiss pairings for one round: players in score groups (most match points first, a seeded
//! random order within a group), each paired with the nearest player below who may meet them
//! (no rematch, one Dark Side and one Light Side deck between them), backtracking when the rest
//! of the round could not be paired; with an odd number of players, the bye goes to the
//! lowest-ranked player who has not had one.

use std::collections::HashSet;

use swtcg_rules::model::Side;
use swtcg_rules::rng::Rng;

/// The most players one event pairs: the search keeps the unpaired players as a 128-bit set.
pub const MAX_PLAYERS: usize = 128;

/// How many partial pairings the search may try before it gives up, so that a round no
/// pairing can satisfy ends with an error instead of a search through every arrangement.
const SEARCH_BUDGET: u64 = 2_000_000;

/// One player as the pairing sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// Match points so far: the score group.
    pub points: u32,
    /// Whether the player has had a bye in an earlier round.
    pub had_bye: bool,
    /// The only side the player has a deck for, if they registered one deck: two players who
    /// can play only the same side cannot meet (game 2.2).
    pub only_side: Option<Side>,
}

/// A round's pairings by player index: tables in order (table 1 first, the top score group's),
/// each with its players in pairing order, and the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub tables: Vec<[usize; 2]>,
    pub bye: Option<usize>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("an event pairs at most {MAX_PLAYERS} players; this one has {0}")]
    TooManyPlayers(usize),
    #[error("fewer than two players: there is nobody to pair")]
    TooFewPlayers,
    #[error(
        "no pairing of this round gives every player an opponent they have not met, with one \
         Dark Side and one Light Side deck at each table (too many rounds for this many players?)"
    )]
    Impossible,
    #[error("no pairing was found within {SEARCH_BUDGET} tries")]
    TooHard,
}

/// Pairs one round. `ranking` lists every player from first to last in the standings (the bye
/// goes to the last one without a bye); `have_met(a, b)` says whether two players have played
/// each other already; `rng` orders the players within each score group.
pub fn pair(
    candidates: &[Candidate],
    ranking: &[usize],
    have_met: &dyn Fn(usize, usize) -> bool,
    rng: &mut Rng,
) -> Result<Pairing, PairingError> {
    let count = candidates.len();
    if count > MAX_PLAYERS {
        return Err(PairingError::TooManyPlayers(count));
    }
    if count < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    // A seeded shuffle, then a stable sort by points: score groups from the top, a random
    // order inside each.
    let mut order: Vec<usize> = (0..count).collect();
    rng.shuffle(&mut order);
    order.sort_by(|a, b| candidates[*b].points.cmp(&candidates[*a].points));
    let can_meet = |a: usize, b: usize| {
        let sides = (candidates[a].only_side, candidates[b].only_side);
        !matches!(sides, (Some(x), Some(y)) if x == y) && !have_met(a, b)
    };
    let mut search = Search {
        order: &order,
        candidates,
        can_meet: &can_meet,
        failed: HashSet::new(),
        tries: 0,
    };
    if count.is_multiple_of(2) {
        return match search.complete(0)? {
            Some(tables) => Ok(Pairing { tables, bye: None }),
            None => Err(PairingError::Impossible),
        };
    }
    // The bye: the lowest-ranked player without one whose absence leaves a round that can be
    // paired; only when no such player exists does a player get a second bye.
    let from_bottom = ranking.iter().rev().copied();
    let first_choice = from_bottom.clone().filter(|p| !candidates[*p].had_bye);
    let second_choice = from_bottom.filter(|p| candidates[*p].had_bye);
    for bye in first_choice.chain(second_choice) {
        if let Some(tables) = search.complete(1u128 << bye)? {
            return Ok(Pairing {
                tables,
                bye: Some(bye),
            });
        }
    }
    Err(PairingError::Impossible)
}

/// The backtracking search: the first unpaired player in pairing order takes the nearest
/// player below who may meet them, and the rest is paired the same way; a set of unpaired
/// players that cannot be paired is remembered, so that it is tried once.
struct Search<'a> {
    order: &'a [usize],
    candidates: &'a [Candidate],
    can_meet: &'a dyn Fn(usize, usize) -> bool,
    failed: HashSet<u128>,
    tries: u64,
}

impl Search<'_> {
    /// Pairs every player not in `paired` (a set of player indices), or `None` when no pairing
    /// exists.
    fn complete(&mut self, paired: u128) -> Result<Option<Vec<[usize; 2]>>, PairingError> {
        let Some(first) = self.order.iter().copied().find(|p| paired & (1 << p) == 0) else {
            return Ok(Some(Vec::new()));
        };
        if self.failed.contains(&paired) || !self.may_complete(paired) {
            return Ok(None);
        }
        self.tries += 1;
        if self.tries > SEARCH_BUDGET {
            return Err(PairingError::TooHard);
        }
        let paired = paired | (1 << first);
        let partners: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|p| paired & (1 << p) == 0 && (self.can_meet)(first, *p))
            .collect();
        for partner in partners {
            if let Some(mut rest) = self.complete(paired | (1 << partner))? {
                rest.insert(0, [first, partner]);
                return Ok(Some(rest));
            }
        }
        self.failed.insert(paired & !(1 << first));
        Ok(None)
    }

    /// What the unpaired players must have for a pairing to exist: each has someone left to
    /// meet, and no more than half of them can play only the Dark Side, or only the Light Side.
    fn may_complete(&self, paired: u128) -> bool {
        let left: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|p| paired & (1 << p) == 0)
            .collect();
        for side in Side::BOTH {
            let only = left
                .iter()
                .filter(|p| self.candidates[**p].only_side == Some(side))
                .count();
            if only * 2 > left.len() {
                return false;
            }
        }
        left.iter()
            .all(|a| left.iter().any(|b| a != b && (self.can_meet)(*a, *b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(points: &[u32]) -> Vec<Candidate> {
        points
            .iter()
            .map(|&points| Candidate {
                points,
                had_bye: false,
                only_side: None,
            })
            .collect()
    }

    #[test]
    fn score_groups_are_paired_from_the_top_and_within_a_group_first() {
        let candidates = open(&[0, 3, 3, 0, 3, 3]);
        let ranking: Vec<usize> = (0..6).collect();
        let pairing = pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(7)).unwrap();
        assert_eq!(pairing.bye, None);
        assert_eq!(pairing.tables.len(), 3);
        let winners = [1, 2, 4, 5];
        for table in &pairing.tables[..2] {
            assert!(table.iter().all(|p| winners.contains(p)), "{pairing:?}");
        }
        assert!(pairing.tables[2].iter().all(|p| [0, 3].contains(p)));
    }

    #[test]
    fn the_same_seed_gives_the_same_pairing_and_another_seed_may_not() {
        let candidates = open(&[0; 8]);
        let ranking: Vec<usize> = (0..8).collect();
        let of = |seed| pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(seed)).unwrap();
        assert_eq!(of(3), of(3));
        assert!((1..20).any(|seed| of(seed) != of(3)));
    }

    #[test]
    fn a_rematch_is_avoided_by_pairing_down_or_backtracking() {
        // Players 0 and 1 lead alone and have met: each plays someone from the group below.
        let candidates = open(&[6, 6, 3, 3]);
        let ranking = [0, 1, 2, 3];
        let met = |a: usize, b: usize| (a.min(b), a.max(b)) == (0, 1);
        let pairing = pair(&candidates, &ranking, &met, &mut Rng::new(1)).unwrap();
        for table in &pairing.tables {
            assert!(!met(table[0], table[1]), "{pairing:?}");
        }
        // Backtracking: 0 may meet 1 or 2, but 3 may meet only 0.
        let allowed = |a: usize, b: usize| {
            let pair = (a.min(b), a.max(b));
            [(0, 1), (0, 2), (0, 3), (1, 2)].contains(&pair)
        };
        let met = |a, b| !allowed(a, b);
        let pairing = pair(&open(&[0; 4]), &ranking, &met, &mut Rng::new(1)).unwrap();
        let mut tables: Vec<[usize; 2]> = pairing
            .tables
            .iter()
            .map(|t| [t[0].min(t[1]), t[0].max(t[1])])
            .collect();
        tables.sort();
        assert_eq!(tables, vec![[0, 3], [1, 2]]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
        let mut candidates = open(&[3, 3, 0, 0, 0]);
        let ranking = [0, 1, 2, 3, 4];
        let pairing = pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(5)).unwrap();
        assert_eq!(pairing.bye, Some(4));
        candidates[4].had_bye = true;
        let pairing = pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(5)).unwrap();
        assert_eq!(pairing.bye, Some(3));
        // The bye passes over a player whose absence would leave an impossible round: 2 may
        // meet nobody but 3.
        candidates[4].had_bye = false;
        let met = |a: usize, b: usize| (a == 2 || b == 2) && a != 3 && b != 3;
        let pairing = pair(&candidates, &ranking, &met, &mut Rng::new(5)).unwrap();
        assert_eq!(pairing.bye, Some(4));
        let met = |a: usize, b: usize| (a == 2 || b == 2) && a != 4 && b != 4;
        let pairing = pair(&candidates, &ranking, &met, &mut Rng::new(5)).unwrap();
        assert_eq!(pairing.bye, Some(3));
        assert!(pairing.tables.contains(&[4, 2]) || pairing.tables.contains(&[2, 4]));
    }

    #[test]
    fn a_round_that_cannot_be_paired_is_an_error() {
        let candidates = open(&[0; 4]);
        let ranking = [0, 1, 2, 3];
        // Everyone has met everyone.
        assert_eq!(
            pair(&candidates, &ranking, &|_, _| true, &mut Rng::new(1)),
            Err(PairingError::Impossible)
        );
        assert_eq!(
            pair(&open(&[0]), &[0], &|_, _| false, &mut Rng::new(1)),
            Err(PairingError::TooFewPlayers)
        );
        let many = open(&[0; MAX_PLAYERS + 1]);
        let ranking: Vec<usize> = (0..many.len()).collect();
        assert_eq!(
            pair(&many, &ranking, &|_, _| false, &mut Rng::new(1)),
            Err(PairingError::TooManyPlayers(MAX_PLAYERS + 1))
        );
    }

    #[test]
    fn players_of_one_side_only_never_meet_and_too_many_of_them_cannot_be_paired() {
        // Six players with one deck each, four Dark Side and two Light Side: the Dark Side
        // players need four Light Side opponents.
        let mut candidates = open(&[0; 6]);
        for (p, c) in candidates.iter_mut().enumerate() {
            c.only_side = Some(if p < 4 { Side::Dark } else { Side::Light });
        }
        let ranking: Vec<usize> = (0..6).collect();
        assert_eq!(
            pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(1)),
            Err(PairingError::Impossible)
        );
        // A player with both decks can meet either.
        candidates[2].only_side = None;
        candidates[3].only_side = None;
        for seed in 0..20 {
            let pairing = pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(seed)).unwrap();
            for [a, b] in pairing.tables {
                let sides = (candidates[a].only_side, candidates[b].only_side);
                assert!(
                    !matches!(sides, (Some(x), Some(y)) if x == y),
                    "seed {seed}"
                );
            }
        }
    }

    #[test]
    fn an_impossible_large_round_ends_quickly() {
        // 42 players of which 22 hold only Dark Side decks, and a round in which one player has
        // met everyone: both are seen before any search.
        let mut candidates = open(&[0; 42]);
        for c in candidates.iter_mut().take(22) {
            c.only_side = Some(Side::Dark);
        }
        let ranking: Vec<usize> = (0..42).collect();
        assert_eq!(
            pair(&candidates, &ranking, &|_, _| false, &mut Rng::new(1)),
            Err(PairingError::Impossible)
        );
        let candidates = open(&[0; 40]);
        let met = |a: usize, b: usize| a == 7 || b == 7;
        assert_eq!(
            pair(&candidates, &ranking[..40], &met, &mut Rng::new(1)),
            Err(PairingError::Impossible)
        );
    }
}
