//! Keywords a script gives units, as the printed texts the engine resolves to their plugins
//! ("Accuracy 1", "Stealth").

use swtcg_card_script::script::{Amount, Keyword};
use swtcg_card_script::vocabulary::GRANTED_KEYWORDS;

/// The printed text of a keyword a script grants, if this plugin can grant it: a keyword the
/// grammar knows that is used without a cost (an activated keyword such as Evade is printed
/// with its cost, "Pay 1 Force -> Evade 2", which a plain grant would leave out), with its
/// number when it takes one and none otherwise.
pub(crate) fn keyword_text(keyword: &Keyword) -> Option<String> {
    let known = GRANTED_KEYWORDS
        .iter()
        .find(|k| k.name.eq_ignore_ascii_case(&keyword.name))?;
    if known.cost || !keyword.costs.is_empty() {
        return None;
    }
    match (&keyword.amount, known.number) {
        (None, false) => Some(known.name.to_string()),
        (Some(Amount::Number(n)), true) => Some(format!("{} {n}", known.name)),
        _ => None,
    }
}

/// The texts of every keyword a script grants, if this plugin can grant each.
pub(crate) fn keyword_texts(keywords: &[Keyword]) -> Option<Vec<String>> {
    keywords.iter().map(keyword_text).collect()
}
