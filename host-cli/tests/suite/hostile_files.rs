//! Hostile plugin folders, run through the `swtcg` binary as a user would (issue 17, cases 8 and
//! 10): a manifest whose wasm lies outside its folder or is no regular file, a FIFO manifest, a
//! file over the size limit, two plugins with one id, and plugins outside a lock. Each is
//! refused with an error naming the manifest and the reason, within seconds.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{root, stderr, stdout, temp};

/// The most any refusal here may take: each is refused before the plugin is read or compiled.
const REFUSAL_TIME: Duration = Duration::from_secs(30);

/// The most a command that loads every bundled plugin may take: with a cold compile cache, a
/// debug build on two busy cores compiles them in minutes, and tests compile them at once.
const LOAD_TIME: Duration = Duration::from_secs(3600);

/// The folder holding the wasm builds of the bundled plugins, beside the test's binary.
fn plugin_builds() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_swtcg"));
    let target = bin.parent().and_then(Path::parent).unwrap();
    target.join("plugins-wasm/wasm32-unknown-unknown/release")
}

/// A real plugin's wasm, used under the test manifests (the engine never calls a hook or query
/// a manifest does not list, so any plugin's code loads under any manifest).
fn some_wasm() -> PathBuf {
    let wasm = plugin_builds().join("swtcg_keyword_shields.wasm");
    assert!(wasm.is_file(), "no plugin build at {}", wasm.display());
    wasm
}

/// A manifest for a keyword plugin `id` implementing `name`, its wasm at `file`.
fn manifest(id: &str, name: &str, file: &str) -> String {
    format!(
        "[keyword]\nid = \"{id}\"\nname = \"{name}\"\nversion = \"1.0.0\"\napi = \"^1.0\"\n\
         template = \"{name}\"\nparameter = \"none\"\nclass = [\"static\"]\n\
         description = \"A test plugin.\"\n\n[wasm]\nfile = \"{file}\"\n"
    )
}

/// A fresh plugin folder `name` holding `keyword.toml` for (`id`, `keyword`) and a real wasm
/// as `plugin.wasm`.
fn plugin_folder(name: &str, id: &str, keyword: &str) -> PathBuf {
    let dir = temp("hostile-files", name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(some_wasm(), dir.join("plugin.wasm")).unwrap();
    std::fs::write(
        dir.join("keyword.toml"),
        manifest(id, keyword, "plugin.wasm"),
    )
    .unwrap();
    dir
}

/// Runs `swtcg` from the repository's root, failing the test if it takes longer than `limit`
/// (a read that blocks on a FIFO would hang it).
fn swtcg_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_swtcg"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the swtcg binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("swtcg {args:?} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `swtcg plugins validate DIR`: its one line about the folder's plugin.
fn validate(dir: &Path) -> String {
    let out = swtcg_within(
        &["plugins", "validate", dir.to_str().unwrap()],
        REFUSAL_TIME,
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    text
}

#[test]
fn a_wasm_file_outside_the_plugin_folder_is_refused() {
    let dir = plugin_folder("outside", "hostile-outside", "Outside");
    let manifest_path = dir.join("keyword.toml").display().to_string();
    for file in [
        "../../../../../../../../../../etc/passwd",
        "/proc/self/environ",
        "/etc/hostname",
    ] {
        std::fs::write(
            dir.join("keyword.toml"),
            manifest("hostile-outside", "Outside", file),
        )
        .unwrap();
        let text = validate(&dir);
        assert!(
            text.contains(&format!(
                "{manifest_path}: [wasm] file {file} is outside the plugin folder"
            )),
            "{file}: {text}"
        );
    }
    // The same through a command that plays: exit status 2 and the same reason.
    let out = swtcg_within(
        &[
            "plugins",
            "list",
            "--plugins",
            dir.to_str().unwrap(),
            "--no-cache",
        ],
        REFUSAL_TIME,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("is outside the plugin folder"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_out_of_the_plugin_folder_is_refused() {
    let dir = plugin_folder("symlink", "hostile-symlink", "Linked");
    // A real plugin, but outside the folder: reached through a symlink, it is refused.
    let outside = temp("hostile-files", "outside.wasm");
    std::fs::copy(some_wasm(), &outside).unwrap();
    std::fs::remove_file(dir.join("plugin.wasm")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("plugin.wasm")).unwrap();
    let text = validate(&dir);
    assert!(
        text.contains("[wasm] file plugin.wasm is outside the plugin folder"),
        "{text}"
    );
    assert!(text.contains("outside.wasm"), "the target is named: {text}");
    // A manifest that is a symlink out of its folder is refused the same way.
    let other = plugin_folder("symlink-manifest", "hostile-symlink", "Linked");
    let elsewhere = temp("hostile-files", "elsewhere.toml");
    std::fs::rename(other.join("keyword.toml"), &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, other.join("keyword.toml")).unwrap();
    let text = validate(&other);
    assert!(
        text.contains("the manifest is outside the plugin folder"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn special_and_oversized_files_are_refused_without_blocking() {
    let mkfifo = |path: &Path| {
        let status = Command::new("mkfifo").arg(path).status().unwrap();
        assert!(status.success(), "mkfifo {}", path.display());
    };
    // A FIFO as the wasm: nothing ever writes to it, so reading it would block forever.
    let dir = plugin_folder("fifo-wasm", "hostile-fifo", "Fifo");
    std::fs::remove_file(dir.join("plugin.wasm")).unwrap();
    mkfifo(&dir.join("plugin.wasm"));
    let text = validate(&dir);
    assert!(
        text.contains("[wasm] file plugin.wasm is a FIFO, not a regular file"),
        "{text}"
    );
    // A FIFO as the manifest.
    let dir = plugin_folder("fifo-manifest", "hostile-fifo", "Fifo");
    std::fs::remove_file(dir.join("keyword.toml")).unwrap();
    mkfifo(&dir.join("keyword.toml"));
    let text = validate(&dir);
    assert!(
        text.contains("the manifest is a FIFO, not a regular file"),
        "{text}"
    );
    // A folder as the wasm.
    let dir = plugin_folder("folder-wasm", "hostile-folder", "Folder");
    std::fs::remove_file(dir.join("plugin.wasm")).unwrap();
    std::fs::create_dir(dir.join("plugin.wasm")).unwrap();
    assert!(validate(&dir).contains("is a folder, not a regular file"));
    // A wasm one byte over the limit (a sparse file: nothing is written), and a manifest over
    // its limit.
    let dir = plugin_folder("huge", "hostile-huge", "Huge");
    let limit = swtcg_engine::plugins::MAX_WASM_BYTES;
    std::fs::File::create(dir.join("plugin.wasm"))
        .unwrap()
        .set_len(limit + 1)
        .unwrap();
    let text = validate(&dir);
    assert!(
        text.contains(&format!(
            "[wasm] file plugin.wasm is {} bytes, more than the limit of {limit}",
            limit + 1
        )),
        "{text}"
    );
    let dir = plugin_folder("huge-manifest", "hostile-huge", "Huge");
    let mut text = manifest("hostile-huge", "Huge", "plugin.wasm");
    text.push_str(&format!("# {}\n", "x".repeat(1 << 20)));
    std::fs::write(dir.join("keyword.toml"), text).unwrap();
    assert!(
        validate(&dir).contains("the manifest is 1048"),
        "the manifest's size is refused"
    );
}

#[test]
fn two_folder_plugins_with_one_id_are_refused() {
    let a = plugin_folder("id-a", "hostile-same", "Alpha");
    let b = plugin_folder("id-b", "hostile-same", "Beta");
    let out = swtcg_within(
        &[
            "plugins",
            "list",
            "--plugins",
            a.to_str().unwrap(),
            "--plugins",
            b.to_str().unwrap(),
        ],
        LOAD_TIME,
    );
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}{text}", stdout(&out));
    let (a, b) = (a.join("keyword.toml"), b.join("keyword.toml"));
    assert!(
        text.contains(&format!(
            "{}: plugin hostile-same@1.0.0 has the id of plugin hostile-same@1.0.0 ({})",
            b.display(),
            a.display()
        )),
        "{text}"
    );
    // `plugins validate` refuses the second one the same way.
    let out = swtcg_within(
        &[
            "plugins",
            "validate",
            a.parent().unwrap().to_str().unwrap(),
            b.parent().unwrap().to_str().unwrap(),
        ],
        LOAD_TIME,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("has the id of plugin"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_folder_plugin_with_a_bundled_id_replaces_the_bundled_plugin() {
    // A newer build of a bundled plugin under its id, for a differently spelt keyword: it
    // replaces the bundled plugin rather than being refused as a second plugin of the id.
    let dir = plugin_folder("replace", "shields", "Shieldz");
    let out = swtcg_within(
        &["plugins", "list", "--plugins", dir.to_str().unwrap()],
        LOAD_TIME,
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("shields ")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert!(lines[0].contains("keywords: Shieldz"), "{}", lines[0]);
    assert!(lines[0].contains("keyword.toml"), "{}", lines[0]);
}

/// A ruleset in its own folder, locked with the plugin folders `dirs`; returns the lockfile.
fn lock_with(name: &str, dirs: &[&Path]) -> PathBuf {
    let ruleset = temp("hostile-files", &format!("{name}.toml"));
    std::fs::write(&ruleset, format!("name = \"{name}\"\n")).unwrap();
    let mut args = vec!["ruleset", "lock", ruleset.to_str().unwrap()];
    for dir in dirs {
        args.extend(["--plugins", dir.to_str().unwrap()]);
    }
    let out = swtcg_within(&args, LOAD_TIME);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    ruleset.with_extension("lock")
}

#[test]
fn a_run_under_a_lock_refuses_every_plugin_outside_it() {
    let locked = plugin_folder("locked", "hostile-locked", "Locked");
    let lock = lock_with("hostile-lock", &[&locked]);
    let lock = lock.to_str().unwrap();
    let check = |dirs: &[&Path]| {
        let mut args = vec!["ruleset", "check", "--lock", lock];
        for dir in dirs {
            args.extend(["--plugins", dir.to_str().unwrap()]);
        }
        swtcg_within(&args, LOAD_TIME)
    };
    let out = check(&[&locked]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("match the lock"), "{}", stdout(&out));

    // A second plugin with the locked id (issue 17: 78 loaded against 77 locked passed): the
    // lock names the id once, so the second is outside it.
    let twin = plugin_folder("locked-twin", "hostile-locked", "Twin Locked");
    let out = check(&[&locked, &twin]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains(&format!(
            "plugin hostile-locked@1.0.0 ({}): loaded but not in the lock",
            twin.join("keyword.toml").display()
        )),
        "{}",
        stderr(&out)
    );

    // A plugin of another id, whose wasm is not even wasm: it is refused as outside the lock
    // before anything of it is compiled (a compile error would name the wasm instead).
    let extra = plugin_folder("unlocked", "hostile-unlocked", "Unlocked");
    std::fs::write(extra.join("plugin.wasm"), b"not wasm").unwrap();
    let out = check(&[&locked, &extra]);
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}{text}", stdout(&out));
    assert!(
        text.contains("plugin hostile-unlocked@1.0.0") && text.contains("not in the lock"),
        "{text}"
    );
    assert!(!text.contains("not wasm"), "{text}");

    // The locked plugin missing.
    let out = check(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("plugin hostile-locked@1.0.0: locked but not loaded"),
        "{}",
        stderr(&out)
    );

    // `sim --lock` refuses the same before any game.
    let out = swtcg_within(
        &[
            "sim",
            "-n",
            "1",
            "--lock",
            lock,
            "--plugins",
            locked.to_str().unwrap(),
            "--plugins",
            extra.to_str().unwrap(),
        ],
        LOAD_TIME,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("not in the lock"), "{}", stderr(&out));
}

#[test]
fn a_keyword_name_with_control_characters_is_refused_and_printed_escaped() {
    let dir = plugin_folder("ansi-name", "hostile-ansi", "Ansi");
    // TOML's \u001b is the ESC that starts an ANSI sequence; \n would start a forged line.
    std::fs::write(
        dir.join("keyword.toml"),
        manifest(
            "hostile-ansi",
            "Havoc\\u001b[2K\\rPASS\\nforged",
            "plugin.wasm",
        ),
    )
    .unwrap();
    let text = validate(&dir);
    assert!(!text.contains('\u{1b}') && !text.contains('\r'), "{text:?}");
    assert_eq!(text.lines().count(), 1, "one line per plugin: {text:?}");
    assert!(
        text.contains("key `name`: \"Havoc\\u{1b}[2K\\rPASS\\nforged\" holds the character U+001B"),
        "{text}"
    );
    // A trailing space is refused too.
    std::fs::write(
        dir.join("keyword.toml"),
        manifest("hostile-ansi", "Havoc ", "plugin.wasm"),
    )
    .unwrap();
    assert!(validate(&dir).contains("starts or ends with white space"));
}

#[test]
fn a_keyword_name_that_looks_like_a_bundled_one_is_refused() {
    // "Armor" with a Cyrillic А: before, it loaded beside the bundled Armor without a conflict.
    let dir = plugin_folder("homoglyph", "hostile-homoglyph", "\u{410}rmor");
    let out = swtcg_within(
        &["plugins", "list", "--plugins", dir.to_str().unwrap()],
        LOAD_TIME,
    );
    let text = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{}{text}", stdout(&out));
    assert!(
        text.contains("claims the keyword Armor (Armor), which looks like the keyword \u{410}rmor (\\u{410}rmor) of plugin hostile-homoglyph@1.0.0"),
        "{text}"
    );
}

#[test]
fn check_prints_one_line_per_scenario_whatever_it_quotes() {
    // A scenario whose title would end its PASS line and print a forged one.
    let scenario = temp("hostile-files", "forged.toml");
    let example = std::fs::read_to_string(
        root().join("../shared/conformance/examples/01-attack-hits-on-four.toml"),
    )
    .unwrap();
    let title = example.lines().find(|l| l.starts_with("title = ")).unwrap();
    let forged = example.replace(title, "title = \"real\\n\\u001b[1APASS everything else\"");
    std::fs::write(&scenario, forged).unwrap();
    let out = swtcg_within(&["check", scenario.to_str().unwrap()], LOAD_TIME);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert_eq!(text.lines().count(), 2, "{text:?}");
    assert!(
        text.contains("real\\n\\u{1b}[1APASS everything else"),
        "{text:?}"
    );
}
