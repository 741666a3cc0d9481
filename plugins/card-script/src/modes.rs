//! "Choose one: <steps>, or <steps>" and "Choose an arena. <steps> in that arena": a script
//! whose controller picks one of several options when it is played or happens. Each option is
//! read as the script it makes (the choice's step replaced by that option's steps, or "that
//! arena" by the arena chosen), so that what is carried out of a script with options is
//! exactly what is carried out of the scripts without them. A triggered ability or a Mission
//! offers the choice with the `choose` effect and `chosen` gets the option taken; an activated
//! ability or a Battle card makes one offer per option, told apart by its label.

use swtcg_card_script::script::{self, Arena, Effect as Does, Filter, Script, Where};

/// Whether a step offers options.
fn offers_options(effect: &Does) -> bool {
    matches!(
        effect,
        Does::ChooseOne(_) | Does::ChooseArena | Does::ChooseArenaOf(_)
    )
}

/// The step of a script that offers options, if it has exactly one (and none inside an
/// option).
fn choice_at(script: &Script) -> Option<usize> {
    let mut found = script
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| offers_options(&s.effect));
    let (at, _) = found.next()?;
    found.next().is_none().then_some(at)
}

/// Whether a script offers options ("Choose one: ...", "Choose an arena.").
pub(crate) fn has_options(script: &Script) -> bool {
    script.steps.iter().any(|s| offers_options(&s.effect))
}

/// The options of a script with one choice: each option's name and the script it makes. `None`
/// for a script with no choice, or with more than one, or an option that offers options itself
/// or is no plain list of steps ("you may", "if you do" inside an option).
pub(crate) fn options(script: &Script) -> Option<Vec<(String, Script)>> {
    let at = choice_at(script)?;
    let arenas = match &script.steps[at].effect {
        Does::ChooseArena => Some(vec![Arena::Space, Arena::Ground, Arena::Character]),
        Does::ChooseArenaOf(arenas) => Some(arenas.clone()),
        _ => None,
    };
    if let Some(arenas) = arenas {
        return Some(
            arenas
                .into_iter()
                .map(|a| in_arena(script, at, a))
                .collect(),
        );
    }
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

/// The script an arena chosen makes: the choice gone, and "that arena" the arena.
fn in_arena(script: &Script, at: usize, arena: Arena) -> (String, Script) {
    let mut made = script.clone();
    made.steps.remove(at);
    for step in &mut made.steps {
        if let Some(units) = crate::steps::subject_mut(&mut step.effect) {
            for filter in &mut units.filters {
                if *filter == Filter::In(Where::ThatArena) {
                    *filter = Filter::In(Where::Arenas(vec![arena]));
                }
            }
        }
    }
    (format!("{} arena", arena_name(arena)), made)
}

fn arena_name(arena: Arena) -> &'static str {
    match arena {
        script::Arena::Space => "Space",
        script::Arena::Ground => "Ground",
        script::Arena::Character => "Character",
    }
}
