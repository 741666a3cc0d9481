//! Paths as files name each other (an event file its lock, a lock its ruleset): relative to the
//! naming file's folder, so that the files can move together.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// `path` relative to the folder `base`, so that the event file names its lock wherever the
/// event and the lock are checked out together; absolute when the two share only the root.
pub fn relative(path: &Path, base: &Path) -> anyhow::Result<PathBuf> {
    let canonical = |p: &Path| {
        p.canonicalize()
            .with_context(|| format!("finding {}", p.display()))
    };
    let (path, base) = (canonical(path)?, canonical(base)?);
    let common = path
        .components()
        .zip(base.components())
        .take_while(|(a, b)| a == b)
        .count();
    if common <= 1 {
        return Ok(path);
    }
    let mut relative = PathBuf::new();
    for _ in base.components().skip(common) {
        relative.push("..");
    }
    for part in path.components().skip(common) {
        relative.push(part);
    }
    Ok(relative)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_made_relative_to_a_folder() {
        let root = std::env::temp_dir().join(format!("swtcg-relative-{}", std::process::id()));
        for dir in ["locks", "events/spring", "event"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        std::fs::write(root.join("locks/a.lock"), "").unwrap();
        let lock = root.join("locks/a.lock");
        assert_eq!(
            relative(&lock, &root.join("events/spring")).unwrap(),
            PathBuf::from("../../locks/a.lock")
        );
        assert_eq!(
            relative(&lock, &root.join("event/.")).unwrap(),
            PathBuf::from("../locks/a.lock")
        );
        assert!(relative(&root.join("missing.lock"), &root).is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
