//! Reading the files of a plugin folder without trusting the folder: a manifest and the wasm it
//! names are read only when they are regular files inside the plugin's own folder (after
//! resolving symlinks) and no larger than a limit, and every check is made before any byte is
//! read.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// The largest `keyword.toml` read. Real manifests are about 1 KB; the limit only stops a
/// folder from making the host read without end.
pub const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// What a file is, for an error that refuses it.
fn kind_of(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else if meta.is_file() {
        "a regular file"
    } else {
        "not a regular file"
    }
}

/// Opens a file for reading without following a symlink at its last component and without
/// waiting on a FIFO (`O_NONBLOCK` has no effect on a regular file), so that a file replaced
/// between the checks and the open cannot redirect or block the read.
fn open_checked(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Whether two metadata describe the same file (device and inode on Unix).
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len()
    }
}

/// The folder a manifest is in, resolved: the plugin's own folder.
pub fn plugin_folder(manifest: &Path) -> anyhow::Result<PathBuf> {
    let folder = match manifest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::canonicalize(folder)
        .with_context(|| format!("{}: resolving its folder", manifest.display()))
}

/// Reads `file`, which must resolve (symlinks followed) to a regular file inside `folder` (a
/// resolved plugin folder) of at most `limit` bytes. `origin` (the manifest) and `what` (such
/// as "[wasm] file ../x.wasm") name it in errors, each of which says why it was refused. No
/// byte is read from a file that fails a check, and a file that grows while it is read stops
/// at `limit + 1` bytes and is refused.
pub fn read_inside(
    origin: &str,
    what: &str,
    folder: &Path,
    file: &Path,
    limit: u64,
) -> anyhow::Result<Vec<u8>> {
    let real = std::fs::canonicalize(file).with_context(|| format!("{origin}: {what}"))?;
    if !real.starts_with(folder) {
        bail!(
            "{origin}: {what} is outside the plugin folder {} (it leads to {})",
            folder.display(),
            real.display()
        );
    }
    let meta = std::fs::metadata(&real).with_context(|| format!("{origin}: {what}"))?;
    if !meta.is_file() {
        bail!(
            "{origin}: {what} is {}, not a regular file ({})",
            kind_of(&meta),
            real.display()
        );
    }
    if meta.len() > limit {
        bail!(
            "{origin}: {what} is {} bytes, more than the limit of {limit}",
            meta.len()
        );
    }
    let opened = open_checked(&real).with_context(|| format!("{origin}: {what}"))?;
    let now = opened
        .metadata()
        .with_context(|| format!("{origin}: {what}"))?;
    if !now.is_file() || !same_file(&meta, &now) {
        bail!("{origin}: {what} was replaced while it was opened");
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    opened
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("{origin}: reading {what}"))?;
    if bytes.len() as u64 > limit {
        bail!("{origin}: {what} grew past the limit of {limit} bytes while it was read");
    }
    Ok(bytes)
}

/// Reads a plugin's `keyword.toml`: a regular UTF-8 file inside its own folder (a manifest
/// that is a symlink must stay inside the folder too), of at most `MAX_MANIFEST_BYTES`.
pub fn read_manifest(path: &Path) -> anyhow::Result<String> {
    let origin = path.display().to_string();
    let folder = plugin_folder(path)?;
    let bytes = read_inside(&origin, "the manifest", &folder, path, MAX_MANIFEST_BYTES)?;
    String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{origin}: the manifest is not UTF-8: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder for one test.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("swtcg-plugin-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("plugin")).unwrap();
        std::fs::canonicalize(dir).unwrap()
    }

    #[test]
    fn a_file_inside_the_folder_is_read() {
        let dir = folder("inside");
        let plugin = dir.join("plugin");
        std::fs::write(plugin.join("a.wasm"), b"wasm").unwrap();
        let bytes = read_inside("k.toml", "a.wasm", &plugin, &plugin.join("a.wasm"), 4).unwrap();
        assert_eq!(bytes, b"wasm");
        // A symlink that stays inside the folder is fine.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("a.wasm", plugin.join("b.wasm")).unwrap();
            read_inside("k.toml", "b.wasm", &plugin, &plugin.join("b.wasm"), 4).unwrap();
        }
    }

    #[test]
    fn a_file_outside_the_folder_is_refused() {
        let dir = folder("outside");
        let plugin = dir.join("plugin");
        std::fs::write(dir.join("secret"), b"secret").unwrap();
        let err = read_inside(
            "k.toml",
            "[wasm] file ../secret",
            &plugin,
            &plugin.join("../secret"),
            100,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("k.toml: [wasm] file ../secret is outside the plugin folder"),
            "{err}"
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("secret"), plugin.join("link.wasm")).unwrap();
            let err = read_inside("k.toml", "link", &plugin, &plugin.join("link.wasm"), 100)
                .unwrap_err()
                .to_string();
            assert!(err.contains("is outside the plugin folder"), "{err}");
        }
        let err = read_inside(
            "k.toml",
            "/etc/hostname",
            &plugin,
            Path::new("/etc/hostname"),
            100,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("outside the plugin folder"), "{err}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_unread() {
        let dir = folder("limit");
        let plugin = dir.join("plugin");
        std::fs::write(plugin.join("a.wasm"), [0u8; 11]).unwrap();
        let err = read_inside("k.toml", "a.wasm", &plugin, &plugin.join("a.wasm"), 10)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("a.wasm is 11 bytes, more than the limit of 10"),
            "{err}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_a_folder_and_a_device_are_refused_without_blocking() {
        let dir = folder("special");
        let plugin = dir.join("plugin");
        let fifo = plugin.join("fifo.wasm");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string; mkfifo only creates the file.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let err = read_inside("k.toml", "fifo.wasm", &plugin, &fifo, 100)
            .unwrap_err()
            .to_string();
        assert!(err.contains("is a FIFO, not a regular file"), "{err}");
        std::fs::create_dir(plugin.join("dir.wasm")).unwrap();
        let err = read_inside("k.toml", "dir.wasm", &plugin, &plugin.join("dir.wasm"), 100)
            .unwrap_err()
            .to_string();
        assert!(err.contains("is a folder"), "{err}");
        std::os::unix::fs::symlink("/dev/zero", plugin.join("zero.wasm")).unwrap();
        let err = read_inside(
            "k.toml",
            "zero.wasm",
            &plugin,
            &plugin.join("zero.wasm"),
            100,
        )
        .unwrap_err()
        .to_string();
        // Outside the folder comes first; a device inside a folder is refused as a device.
        assert!(err.contains("outside the plugin folder"), "{err}");
        let dev = std::fs::canonicalize("/dev").unwrap();
        let err = read_inside("k.toml", "zero", &dev, Path::new("/dev/zero"), 100)
            .unwrap_err()
            .to_string();
        assert!(err.contains("is a device"), "{err}");
    }
}
