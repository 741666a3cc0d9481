//! What damage a text prevents: "prevent all damage to this unit", "prevent 1 of that damage",
//! "Prevent all damage done by Space units this turn".

use winnow::combinator::{alt, opt};
use winnow::prelude::*;

use super::counts::amount;
use super::units::units;
use super::words::{R, ahead, fail, one_of, w};
use crate::script::{Effect, Pick, Units};

/// "prevent all damage to this unit", "prevent 1 of that damage", "prevent that damage".
#[inline(never)]
pub(super) fn prevent(input: &mut &str) -> R<Effect> {
    (
        w("prevent"),
        alt((
            w("all").map(|_| None),
            // "Prevent up to 2 damage": no more than the damage there is, as "Prevent 2".
            (opt(w("up to")), amount, opt(w("of"))).map(|(_, n, _)| Some(n)),
            ahead_that.map(|_| None),
        )),
        opt(one_of(&["that damage", "the damage", "damage"])),
        // "Prevent all damage done by Space units this turn", "... that would be done by units
        // in that arena": only the damage those units do.
        opt((
            one_of(&[
                "that would be done by",
                "that would be dealt by",
                "done by",
                "dealt by",
            ]),
            units,
        )
            .map(|(_, u)| u)),
        opt((
            one_of(&[
                "that would be done to",
                "that would be dealt to",
                "done to",
                "dealt to",
                "to",
            ]),
            units,
        )
            .map(|(_, u)| u)),
    )
        .map(|(_, amount, _, by, to)| Effect::Prevent {
            // Damage done by some units, to any unit.
            to: to.unwrap_or_else(|| match by {
                Some(_) => Units::picked(Pick::Each),
                None => Units::picked(Pick::That),
            }),
            amount,
            by,
        })
        .parse_next(input)
}

fn ahead_that(input: &mut &str) -> R<()> {
    if ahead(w("that damage"), input) {
        Ok(())
    } else {
        fail(input, "that damage")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Amount, Filter};

    fn one(text: &str) -> Effect {
        super::super::words::read_whole(prevent, text)
    }

    #[test]
    fn prevent_up_to_a_number() {
        assert!(matches!(
            one("prevent up to 2 damage to one of your Ground units"),
            Effect::Prevent {
                amount: Some(Amount::Number(2)),
                ..
            }
        ));
    }

    #[test]
    fn damage_done_by_or_to_units() {
        // AOTC Lost in the Asteroids: only the damage Space units do, to any unit.
        let Effect::Prevent {
            to,
            amount: None,
            by: Some(by),
        } = one("Prevent all damage done by Space units")
        else {
            panic!()
        };
        assert_eq!((to.pick, by.pick), (Pick::Each, Pick::Each));
        assert!(!by.filters.is_empty());
        // ANH Slipping Through.
        assert!(matches!(
            one("Prevent all damage that would be done by units in that arena"),
            Effect::Prevent { by: Some(_), .. }
        ));
        // PM Discuss It in Committee, TAL Ood Bnar (A): the damage to some units.
        let Effect::Prevent { to, by: None, .. } =
            one("Prevent all damage that would be dealt to units in that arena")
        else {
            panic!()
        };
        assert_eq!(to.pick, Pick::Each);
        let Effect::Prevent { to, by: None, .. } =
            one("Prevent all damage done to units in the Character arena")
        else {
            panic!()
        };
        assert!(to.filters.iter().any(|f| matches!(f, Filter::In(_))));
    }
}
