//! The compile cache: compiled plugins on disk, so that warm starts skip compilation. An entry
//! is only ever loaded as the module it names: its header carries its full cache key (which
//! holds the wasm's sha256) and a CRC-32 of its payload, both checked on every read; entries are
//! opened without following symlinks and written through a temporary file and a rename.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use swtcg_engine::plugins::WasmRuntime;
use swtcg_engine::plugins::wasmtime_free::Compiled;

/// Where compiled plugins are cached: `SWTCG_CACHE_DIR`, else `$XDG_CACHE_HOME/swtcg`, else
/// `~/.cache/swtcg`; `None` when no home is known.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SWTCG_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("swtcg"))
}

/// The start of an entry's header line, `swtcg-cache <key> crc32:xxxxxxxx`: the cache key the
/// entry was written under, then the CRC-32 of the payload that follows the line.
const HEADER_TAG: &[u8] = b"swtcg-cache ";

/// The name of a key's entry. `-keyed` names the layout (a header line with the key and a
/// CRC-32, then the payload), so that files of older layouts (`-crc32`: a CRC-32 line only;
/// none: a sha256 line) are never read and reported as damaged.
fn entry_name(key: &str) -> String {
    format!("{key}-keyed.cwasm")
}

/// An entry's bytes: the header line for `key`, then the payload.
fn entry_bytes(key: &str, payload: &[u8]) -> Vec<u8> {
    let mut file = Vec::with_capacity(payload.len() + key.len() + 32);
    file.extend_from_slice(HEADER_TAG);
    file.extend_from_slice(format!("{key} crc32:{:08x}\n", crc32fast::hash(payload)).as_bytes());
    file.extend_from_slice(payload);
    file
}

/// The payload of an entry read for `key`, or why it can't be used: another key in its header
/// (an entry copied or swapped under another plugin's name), no header, or a payload that does
/// not match its checksum (cut or damaged).
fn checked_payload<'a>(file: &'a [u8], key: &str) -> Result<&'a [u8], String> {
    let rest = file
        .strip_prefix(HEADER_TAG)
        .ok_or("it has no header line")?;
    let end = rest
        .iter()
        .position(|&b| b == b'\n')
        .ok_or("its header line is cut")?;
    let (header, payload) = (&rest[..end], &rest[end + 1..]);
    let header = std::str::from_utf8(header).map_err(|_| "its header line is not text")?;
    let (named, crc) = header
        .rsplit_once(" crc32:")
        .ok_or("its header line has no checksum")?;
    if named != key {
        // The key holds the wasm's sha256: this is the compiled form of another wasm (or of
        // this one under other settings), which must never run in its place.
        return Err(format!(
            "it holds the compiled plugin {}, not {key}",
            printable(named)
        ));
    }
    let crc = u32::from_str_radix(crc, 16).map_err(|_| "its checksum is not hex")?;
    if crc32fast::hash(payload) != crc {
        return Err("its payload does not match its checksum (cut or damaged)".into());
    }
    Ok(payload)
}

/// A header's key as a warning may print it: at most 200 characters, control characters escaped.
fn printable(text: &str) -> String {
    let cut: String = text.chars().take(200).collect();
    swtcg_engine::text::escape_controls(&cut).into_owned()
}

/// Reads an entry without following a symlink (`O_NOFOLLOW`) or waiting on a FIFO; `Ok(None)`
/// when there is none. Anything but a regular file is an error, so that the entry is replaced.
fn read_entry(path: &Path) -> Result<Option<Vec<u8>>, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let mut file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(match std::fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    "it is a symlink, which the cache never follows".to_string()
                }
                _ => format!("it can't be opened: {e}"),
            });
        }
    };
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("it is not a regular file".into());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    Ok(Some(bytes))
}

/// Tells temporary files of one process apart (the threads of `sim` load plugins at once).
static TEMPORARY: AtomicU64 = AtomicU64::new(0);

/// Writes an entry through a new temporary file in the same folder and a rename: a reader never
/// sees half an entry, and a symlink at the entry's path is replaced itself, its target never
/// written (the temporary file is created with `create_new`, which follows no symlink either).
fn write_entry(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let temporary = dir.join(format!(
        ".{}.{}-{}.partial",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id(),
        TEMPORARY.fetch_add(1, Ordering::Relaxed)
    ));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary)
        .and_then(|mut file| file.write_all(bytes))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Compiles a plugin through the cache (`wasm_sha256`: `sha256_hex` of `wasm`, which the caller
/// records in the registry too). An entry is loaded only when it is a regular file whose header
/// names this plugin's key (so its wasm's sha256) and whose payload matches the header's CRC-32;
/// an entry that fails a check, or whose payload wasmtime refuses, is recompiled and replaced
/// with a warning. The checks guard against damage and misplaced entries, not against someone
/// who can write the cache (docs/security.md); a CRC-32 hashes the ~300 KB of a plugin at
/// memory speed, where a sha256 took a third of a warm start.
pub fn compile(
    runtime: &WasmRuntime,
    wasm: &[u8],
    wasm_sha256: &str,
    cache: Option<&Path>,
) -> anyhow::Result<Compiled> {
    let Some(dir) = cache else {
        return Ok(runtime.compile(wasm)?);
    };
    let key = runtime.cache_key_for(wasm_sha256);
    let path = dir.join(entry_name(&key));
    let problem = match read_entry(&path) {
        Ok(None) => None,
        Ok(Some(bytes)) => match checked_payload(&bytes, &key) {
            Ok(payload) => match runtime.load_compiled(payload) {
                Ok(compiled) => return Ok(compiled),
                Err(e) => Some(format!("wasmtime can't load it ({e})")),
            },
            Err(why) => Some(why),
        },
        Err(why) => Some(why),
    };
    if let Some(why) = problem {
        tracing::warn!(
            "compile cache entry {} is not used: {why}; recompiling and replacing it",
            path.display()
        );
    }
    let payload = runtime.precompile(wasm)?;
    // A cache that can't be written only costs time on the next start.
    if let Err(e) = write_entry(dir, &path, &entry_bytes(&key, &payload)) {
        tracing::warn!("could not write the compile cache {}: {e}", path.display());
    }
    Ok(runtime.load_compiled(&payload)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "wasmtime48-core2-0123456789abcdef-aaaa";

    #[test]
    fn an_entry_is_loaded_only_whole_as_written_and_under_its_own_key() {
        let payload = b"compiled plugin".to_vec();
        let file = entry_bytes(KEY, &payload);
        assert_eq!(checked_payload(&file, KEY), Ok(&payload[..]));
        // Another plugin's entry under this key's name: refused, naming what it holds.
        let err = checked_payload(&file, "wasmtime48-core2-0123456789abcdef-bbbb").unwrap_err();
        assert!(err.contains("holds the compiled plugin"), "{err}");
        assert!(err.contains(KEY), "{err}");
        // Cut, flipped, another checksum.
        assert!(checked_payload(&file[..file.len() - 3], KEY).is_err());
        let mut flipped = file.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert!(
            checked_payload(&flipped, KEY)
                .unwrap_err()
                .contains("checksum")
        );
        let crc = crc32fast::hash(&payload);
        let other = format!("swtcg-cache {KEY} crc32:{:08x}\n", crc ^ 1);
        assert!(checked_payload(&[other.as_bytes(), &payload].concat(), KEY).is_err());
        // Older layouts and no header at all.
        let old = [format!("crc32:{crc:08x}\n").as_bytes(), &payload[..]].concat();
        assert!(checked_payload(&old, KEY).is_err());
        assert!(checked_payload(b"swtcg-cache ", KEY).is_err());
        assert!(checked_payload(b"", KEY).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_entry_is_replaced_and_its_target_left_alone() {
        let dir = std::env::temp_dir().join(format!("swtcg-cache-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let victim = dir.join("victim");
        std::fs::write(&victim, b"precious").unwrap();
        let entry = dir.join(entry_name(KEY));
        std::os::unix::fs::symlink(&victim, &entry).unwrap();
        let err = read_entry(&entry).unwrap_err();
        assert!(err.contains("symlink"), "{err}");
        write_entry(&dir, &entry, &entry_bytes(KEY, b"new")).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
        assert!(std::fs::symlink_metadata(&entry).unwrap().is_file());
        let bytes = read_entry(&entry).unwrap().unwrap();
        assert_eq!(checked_payload(&bytes, KEY), Ok(&b"new"[..]));
        // No temporary file is left behind.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
