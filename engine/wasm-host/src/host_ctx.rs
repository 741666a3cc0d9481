//! The data of a plugin's store: the game lent to the call in progress (read through
//! `Reading`, which notes what a kept query reads), the host questions it may still ask, the
//! memory limiter, and the ability keys of API 1.2.

use swtcg_plugin_api as api;
use swtcg_rules::model::GameState;
use swtcg_rules::reads::{Read, Reading};
use swtcg_rules::view::StateView;

use crate::{core_abi, limits};

/// The data of one plugin's store: the game it may read during a call, and its limits.
pub struct HostCtx {
    /// The game state of the call in progress, or null between calls. It is set only while
    /// the engine lends `&GameState` to a call, which outlives the call.
    pub(crate) view: *const GameState,
    pub(crate) limits: limits::Limiter,
    /// Host questions asked in the call in progress. Host functions cost no fuel, so they are
    /// counted: a plugin asking more than `MAX_HOST_CALLS` in one call is stopped.
    pub(crate) calls: u32,
    /// The ability keys given to this instance (API 1.2). They live with the store, so a
    /// replaced instance starts with no keys, as its memory starts with none kept.
    pub(crate) keys: AbilityKeys,
    /// The memory and allocator of a core-path instance (`core_abi`), which its host functions
    /// lower their answers with; `None` for a component instance.
    pub(crate) guest: Option<core_abi::Guest>,
    /// Whether the call in progress notes what it reads (`WasmPlugin::query_reading`), and
    /// what it has read so far.
    pub(crate) recording: bool,
    pub(crate) reads: std::cell::RefCell<Vec<Read>>,
}

/// The most ability keys one instance is given; a plugin about to need more gets a fresh
/// instance first (a game has far fewer distinct ability texts per keyword).
pub(crate) const MAX_ABILITY_KEYS: usize = 4096;

/// The ability keys of API 1.2: what the engine calls a plugin about (an ability's index, text,
/// parameter, cost and `under`) gets a small number the first time, so that a call passes two
/// numbers and the plugin asks for the strings once per key (`describe-ability`) and keeps them.
#[derive(Default)]
pub(crate) struct AbilityKeys {
    /// The details of each key, by key.
    pub(crate) details: Vec<api::Ability>,
    /// The key of each details' hash (the first key with that hash).
    by_hash: std::collections::HashMap<u64, u32, std::hash::BuildHasherDefault<FastHasher>>,
    /// The key of the previous call. Calls about one ability come in runs (a hook and the
    /// queries of one unit, one POP after another), and comparing with the last details costs
    /// less than hashing the strings.
    last: Option<u32>,
}

/// FxHash's mixing, for the ability keys: the engine hashes an ability's strings at every
/// call, and the default SipHash cost more than the rest of the look-up. Nothing but speed
/// depends on these hashes: details with one hash are told apart by comparing them (a text
/// made to collide costs a scan of at most `MAX_ABILITY_KEYS` details, never a wrong key).
#[derive(Default, Clone, Copy)]
struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let mut last = [0; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last) ^ (rest.len() as u64) << 59);
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n.into());
    }

    fn write_u32(&mut self, n: u32) {
        self.add(n.into());
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl AbilityKeys {
    /// The key of an ability's details, given now if they have none. The unit is not part of
    /// the key: a call passes it beside the key.
    pub(crate) fn key_of(&mut self, ability: &api::Ability) -> u32 {
        let same = |d: &api::Ability| {
            d.index == ability.index
                && d.under == ability.under
                && d.text == ability.text
                && d.parameter == ability.parameter
                && d.cost == ability.cost
        };
        if let Some(last) = self.last
            && same(&self.details[last as usize])
        {
            return last;
        }
        let key = self.key_by_hash(ability, same);
        self.last = Some(key);
        key
    }

    /// `key_of` without the last key: the hash finds the details, or they get a new key.
    fn key_by_hash(&mut self, ability: &api::Ability, same: impl Fn(&api::Ability) -> bool) -> u32 {
        let hash = std::hash::BuildHasher::hash_one(
            &std::hash::BuildHasherDefault::<FastHasher>::default(),
            (
                ability.index,
                ability.under,
                &ability.text,
                &ability.parameter,
                &ability.cost,
            ),
        );
        if let Some(&key) = self.by_hash.get(&hash)
            && same(&self.details[key as usize])
        {
            return key;
        }
        // New details, or two details with one hash: the list decides.
        if let Some(key) = self.details.iter().position(&same) {
            return key as u32;
        }
        let key = self.details.len() as u32;
        self.details.push(api::Ability {
            unit: 0,
            ..ability.clone()
        });
        self.by_hash.entry(hash).or_insert(key);
        key
    }

    pub(crate) fn len(&self) -> usize {
        self.details.len()
    }
}

/// The most host questions one plugin call may ask.
const MAX_HOST_CALLS: u32 = 10_000;

// SAFETY: `view` is only dereferenced during a call, on the thread that made it, while the
// borrow it came from is alive; the store is never shared between threads during a call.
unsafe impl Send for HostCtx {}

impl HostCtx {
    /// Counts one host question and stops the call past the limit.
    pub(crate) fn charge(&mut self) -> wasmtime::Result<()> {
        self.calls += 1;
        if self.calls > MAX_HOST_CALLS {
            return Err(wasmtime::Error::msg(format!(
                "asked the host more than {MAX_HOST_CALLS} questions in one call"
            )));
        }
        Ok(())
    }

    /// The game lent to the call in progress, read through `StateView`, each question noted
    /// if the call notes what it reads.
    pub(crate) fn view(&self) -> Option<Reading<'_>> {
        // SAFETY: see the field's comment; null outside calls.
        unsafe { self.view.as_ref() }.map(|state| Reading {
            view: StateView(state),
            reads: self.recording.then_some(&self.reads),
        })
    }

    /// Notes that the call read the attack, which the core path's `attack` and `attack-inline`
    /// read straight from the state.
    pub(crate) fn note_attack_read(&self) {
        if let Some(view) = self.view() {
            view.attack_state();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ability(unit: u32, index: u32, text: &str, parameter: &str) -> api::Ability {
        api::Ability {
            unit,
            index,
            text: text.into(),
            parameter: parameter.into(),
            cost: None,
            under: false,
        }
    }

    #[test]
    fn one_key_per_distinct_details_whatever_the_unit() {
        let mut keys = AbilityKeys::default();
        let evade = ability(3, 0, "Evade 2", "2");
        assert_eq!(keys.key_of(&evade), 0);
        assert_eq!(keys.key_of(&ability(9, 0, "Evade 2", "2")), 0);
        assert_eq!(keys.key_of(&ability(3, 1, "Evade 2", "2")), 1);
        assert_eq!(keys.key_of(&ability(3, 0, "Evade 3", "3")), 2);
        let paid = api::Ability {
            cost: Some("Pay 1 Force".into()),
            ..evade.clone()
        };
        assert_eq!(keys.key_of(&paid), 3);
        let under = api::Ability {
            under: true,
            ..evade.clone()
        };
        assert_eq!(keys.key_of(&under), 4);
        assert_eq!(keys.key_of(&evade), 0);
        assert_eq!(keys.len(), 5);
        // What a key stands for is the details without the unit.
        assert_eq!(keys.details[3].cost.as_deref(), Some("Pay 1 Force"));
        assert_eq!(keys.details[2].text, "Evade 3");
    }

    #[test]
    fn details_sharing_a_hash_still_get_their_own_keys() {
        let mut keys = AbilityKeys::default();
        let first = ability(1, 0, "Evade 2", "2");
        let second = ability(1, 0, "Evade 4", "4");
        assert_eq!(keys.key_of(&first), 0);
        assert_eq!(keys.key_of(&second), 1);
        // Make every hash seen point at the first key, as if the two collided.
        for key in keys.by_hash.values_mut() {
            *key = 0;
        }
        // And forget the last key, so that the look-ups below go through the hash.
        keys.last = None;
        assert_eq!(keys.key_of(&second), 1);
        assert_eq!(keys.key_of(&first), 0);
        assert_eq!(keys.key_of(&ability(1, 0, "Evade 5", "5")), 2);
    }
}
