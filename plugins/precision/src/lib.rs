//! The Precision keyword (formerly Elude, an alias in the manifest): "This unit cannot be
//! intercepted." The engine asks the attacker's abilities before Intercept or Redirect changes
//! the defender, and a `false` answer keeps the defender.
//!
//! OQ-K4: the seed text blocks Intercept only, so Redirect and other effects still change the
//! target by default; the newer wording blocks every change of target, which the ruleset selects
//! with the keyword flag `precision-blocks = "all"`.

use swtcg_sdk::*;

struct Precision;

impl Keyword for Precision {
    fn can_be_retargeted(_ability: Ability, by: Retarget) -> bool {
        match by {
            Retarget::Intercept => false,
            // Any other value of the flag, or none, is the seed's reading (OQ-K4 default).
            Retarget::Redirect | Retarget::Other => {
                host::rule("precision-blocks").as_deref() != Some("all")
            }
        }
    }
}

swtcg_sdk::export_keyword!(Precision);
