//! A scenario's `ruleset = "..."`, resolved the one way every caller of the runner resolves it:
//! a built-in ruleset by name, else a ruleset file read relative to the scenario's folder.

use std::path::Path;

use swtcg_rules::Ruleset;

/// Resolves the ruleset a scenario in `dir` names: a built-in one (`Ruleset::builtin`), else the
/// file `dir/name`, read and then checked by `check` (which gets the ruleset, the file's name for
/// errors and its text; `swtcg check` makes sure the loaded plugins declare its keyword flags).
/// The error names the file and, for a file that does not read as a ruleset, its line.
pub fn resolve_named_ruleset(
    dir: &Path,
    name: &str,
    check: &dyn Fn(&Ruleset, &str, &str) -> Result<(), String>,
) -> Result<Ruleset, String> {
    if let Some(ruleset) = Ruleset::builtin(name) {
        return Ok(ruleset);
    }
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "ruleset `{name}`: not a built-in ruleset, and {}: {e}",
            path.display()
        )
    })?;
    let origin = path.display().to_string();
    let ruleset = Ruleset::from_toml(&origin, &text).map_err(|e| e.to_string())?;
    check(&ruleset, &origin, &text)?;
    Ok(ruleset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_names_win_and_files_are_read_beside_the_scenario() {
        let none = |_: &Ruleset, _: &str, _: &str| Ok(());
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rulesets");
        assert!(resolve_named_ruleset(&dir, "idc-default", &none).is_ok());
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .find(|n| n.ends_with(".toml"))
            .unwrap();
        assert!(resolve_named_ruleset(&dir, &file, &none).is_ok());
        let refuse = |_: &Ruleset, origin: &str, _: &str| Err(format!("{origin}: refused"));
        let err = resolve_named_ruleset(&dir, &file, &refuse).unwrap_err();
        assert!(err.ends_with("refused"), "{err}");
        let err = resolve_named_ruleset(&dir, "missing.toml", &none).unwrap_err();
        assert!(
            err.contains("not a built-in ruleset") && err.contains("missing.toml"),
            "{err}"
        );
    }
}
