//! Keywords and abilities a script gives units, as the printed texts the engine resolves to
//! their plugins ("Accuracy 1", "Stealth", "Pay 1 Force -> Evade 2").

use swtcg_card_script::script::{Amount, Keyword};
use swtcg_card_script::vocabulary::{GRANTED_KEYWORDS, colon_keyword_ability};

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

/// The printed text of an ability granted in quotes, if it will be carried out: an activated
/// keyword with a cost the engine pays (`"Pay 2 Force -> Retaliate 5."`), which the keyword's
/// plugin carries out, a text this plugin claims itself (`"[tap] -> Draw a card. Play only
/// during your build step."`), or the ability of a keyword printed before a colon (`"Upkeep:
/// Gain 1 Force."`), which the engine gives to the plugin that claims it, as any granted text:
/// this plugin can't see which one does, so `cards coverage` asks the loaded plugins about it.
/// The text is given as printed, without its closing period.
pub(crate) fn ability_text(quoted: &str) -> Option<String> {
    let text = quoted.trim().trim_end_matches('.').trim();
    (activated_keyword(text) || colon_keyword_ability(text) || crate::claimed_alone(text))
        .then(|| text.to_string())
}

/// The texts of every ability a script grants in quotes, if each will be carried out.
pub(crate) fn ability_texts(abilities: &[String]) -> Option<Vec<String>> {
    abilities.iter().map(|a| ability_text(a)).collect()
}

/// Whether a text is "<cost> -> <activated keyword> [N]" with a cost the engine pays and the
/// number the keyword takes.
fn activated_keyword(text: &str) -> bool {
    let Some((cost, effect)) = swtcg_sdk::api::text::split_at_arrow(text) else {
        return false;
    };
    if swtcg_sdk::api::cost::parse_costs(cost.trim()).is_err() {
        return false;
    }
    let effect = effect.trim();
    GRANTED_KEYWORDS.iter().filter(|k| k.cost).any(|k| {
        let Some(rest) = effect
            .get(..k.name.len())
            .filter(|head| head.eq_ignore_ascii_case(k.name))
            .map(|_| effect[k.name.len()..].trim())
        else {
            return false;
        };
        if k.number {
            rest.parse::<u32>().is_ok()
        } else {
            rest.is_empty()
        }
    })
}
