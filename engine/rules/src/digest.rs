//! The one digest the engine uses: sha256 in lowercase hex, for plugins, locks, saves and set
//! files.

use sha2::{Digest, Sha256};

/// The sha256 of bytes in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
