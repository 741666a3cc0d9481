//! `swtcg-card-text`: the reader of printed card text that the plugins share, so that every
//! plugin reading a sentence form reads it alike. It is the seed of the card-text grammar crate:
//! the words of the game that texts name (`vocabulary`) and the sentence forms read so far.
//!
//! The guest SDK (`swtcg-sdk`) knows no keyword and no card text; a plugin that reads printed
//! text depends on this crate besides it. Every reader here gives `None` for a text it can't
//! read, so that a plugin claims (`understands`) only what it carries out completely.
//!
//! - `effect_text`: printed effects, "Gain 2 Force.", that "Keyword: [effect]" plugins use.
//! - `card_text`: the parts unit texts share: who a sentence is about, filters of units, what a
//!   unit gets, conditions, the cost "Pay N Force".
//! - `played_text`: the texts of Battle cards and Missions, read into steps and carried out.
//! - `vocabulary`: the keywords an effect may grant and the subtypes written in several words,
//!   re-exported from the grammar crate `swtcg-card-script`, which owns them.

pub mod card_text;
pub mod effect_text;
pub mod played_text;
/// The words of the game, now owned by the grammar of card text (`swtcg-card-script`).
pub use swtcg_card_script::vocabulary;
