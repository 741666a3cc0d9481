//! The Cunning keyword: "the unit's attack dice are rolled secretly and shown to the opponent
//! only after damage prevention" (keywords.md, Cunning).
//!
//! The engine can roll secretly, so the fallback of the definition (doing the damage
//! prevention POP before the roll) is never needed: the plugin only says that its unit's rolls
//! are secret, and the engine lets the defending player decide without seeing the dice, the
//! hits or the damage they make until that attack's damage prevention POP has ended. The damage
//! prevention POP always happens in this engine, so "a damage prevention POP always happens"
//! holds for a Cunning attacker too.

use swtcg_sdk::*;

struct Cunning;

impl Keyword for Cunning {
    fn secret_roll(_ability: Ability) -> bool {
        true
    }
}

swtcg_sdk::export_keyword!(Cunning);
