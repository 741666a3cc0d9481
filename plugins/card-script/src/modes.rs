//! "Choose one: <steps>, or <steps>": a script whose controller picks one of several lists of
//! steps when it happens. Each option is read as the script it makes (the choice's step replaced
//! by that option's steps), so that what is carried out of a script with options is exactly
//! what is carried out of the scripts without them. The choice is offered with the `choose`
//! effect, its options named by their steps as `cards explain` shows them, and `chosen` gets the
//! option taken.

use swtcg_card_script::script::{Effect as Does, Script};

/// The step of a script that offers options, if it has exactly one (and none inside an
/// option).
fn choice_at(script: &Script) -> Option<usize> {
    let mut found = script
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.effect, Does::ChooseOne(_)));
    let (at, _) = found.next()?;
    found.next().is_none().then_some(at)
}

/// Whether a script offers options ("Choose one: ...").
pub(crate) fn has_options(script: &Script) -> bool {
    script
        .steps
        .iter()
        .any(|s| matches!(s.effect, Does::ChooseOne(_)))
}

/// The options of a script with one choice: each option's name and the script it makes. `None`
/// for a script with no choice, or with more than one, or an option that offers options itself
/// or is no plain list of steps ("you may", "if you do" inside an option).
pub(crate) fn options(script: &Script) -> Option<Vec<(String, Script)>> {
    let at = choice_at(script)?;
    let Does::ChooseOne(options) = &script.steps[at].effect else {
        return None;
    };
    let choice = &script.steps[at];
    options
        .iter()
        .map(|steps| {
            let plain = !steps.is_empty()
                && steps.iter().all(|s| {
                    !s.optional
                        && !s.if_you_do
                        && s.only_if.is_none()
                        && s.unless_paid.is_none()
                        && !matches!(s.effect, Does::ChooseOne(_))
                });
            if !plain {
                return None;
            }
            let name = steps
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            let mut made = script.clone();
            let mut taken: Vec<_> = steps.clone();
            // "If you do, choose one: ..." makes the first step of the option happen if the
            // player did.
            if let Some(first) = taken.first_mut() {
                first.if_you_do = choice.if_you_do;
            }
            made.steps.splice(at..=at, taken);
            Some((name, made))
        })
        .collect()
}
