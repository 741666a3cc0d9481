//! The `swtcg` command line.
fn main() {}
