//! The exports of a plugin's core module: their places found once per plugin (`Exports::find`),
//! and each live instance's copy, whose functions are looked up and type-checked at their first
//! call (`Export::funcs`).

use wasmtime::{Module, ModuleExport, Store, TypedFunc};

use super::{Flat9, Flat16, HookParams, HostCtx, Result, api, fail, hook_export, query_export};

/// Where one export and its post-return function (if the module has one) are in the module,
/// found by name once per plugin rather than once per instance.
#[derive(Clone, Copy)]
pub(super) struct ExportAt {
    pub(super) func: ModuleExport,
    post: Option<ModuleExport>,
}

impl ExportAt {
    pub(super) fn find(module: &Module, name: &str) -> Result<ExportAt> {
        let Some(func) = module.get_export_index(name) else {
            return fail(format!("the plugin does not export `{name}`"));
        };
        let post = module.get_export_index(&format!("cabi_post_{name}"));
        Ok(ExportAt { func, post })
    }
}

/// The functions of one export of a live instance.
pub(super) struct Funcs<P> {
    pub(super) func: TypedFunc<P, i32>,
    pub(super) post: Option<TypedFunc<i32, ()>>,
}

/// One export of a live instance, taken from the instance and type-checked at its first call:
/// a game calls few of an instance's 70 exports, and a fresh instance per game that looked up
/// all of them spent more time on it than on its calls (docs/performance.md, change 16).
pub(super) struct Export<P> {
    at: ExportAt,
    funcs: std::cell::OnceCell<Funcs<P>>,
}

impl<P> Export<P> {
    fn new(at: ExportAt) -> Self {
        Export {
            at,
            funcs: std::cell::OnceCell::new(),
        }
    }
}

impl<P> Clone for Export<P> {
    /// The same export of another instance: not looked up yet.
    fn clone(&self) -> Self {
        Export::new(self.at)
    }
}

impl<P: wasmtime::WasmParams> Export<P> {
    /// The export's functions in `instance`, looked up at the first call.
    pub(super) fn funcs(
        &self,
        store: &mut Store<HostCtx>,
        instance: &wasmtime::Instance,
    ) -> Result<&Funcs<P>> {
        if let Some(funcs) = self.funcs.get() {
            return Ok(funcs);
        }
        let func = |store: &mut Store<HostCtx>, at: &ModuleExport| {
            instance
                .get_module_export(&mut *store, at)
                .and_then(wasmtime::Extern::into_func)
                .ok_or_else(|| wasmtime::Error::msg("an export of the module is missing"))
        };
        let main = func(store, &self.at.func)?.typed::<P, i32>(&*store)?;
        let post = match &self.at.post {
            Some(at) => Some(func(store, at)?.typed::<i32, ()>(&*store)?),
            None => None,
        };
        Ok(self.funcs.get_or_init(|| Funcs { func: main, post }))
    }
}

/// The exports of the core module, by API name. `CorePre` holds one set with their places in
/// the module; each instance gets a copy whose functions are looked up as they are called.
#[derive(Clone)]
pub(super) struct Exports {
    /// The hook exports, by `HookPoint::index`.
    pub(super) hooks: Vec<Export<HookParams>>,
    pub(super) attack_die_modifier: Export<(i32, i32, i32, i32)>,
    pub(super) hit_threshold: Export<(i32, i32, i32)>,
    pub(super) can_be_attacked: Export<(i32, i32, i32)>,
    pub(super) can_be_retargeted: Export<(i32, i32, i32)>,
    pub(super) stat_modifier: Export<(i32, i32)>,
    pub(super) power_against: Export<(i32, i32, i32)>,
    pub(super) damage_preventable: Export<(i32, i32, i32, i32)>,
    pub(super) activations: Export<Flat16>,
    pub(super) activate: Export<i32>,
    pub(super) granted_abilities: Export<(i32, i32)>,
    pub(super) completions: Export<(i32, i32)>,
    pub(super) attack_arenas: Export<(i32, i32)>,
    pub(super) stat_modifier_for: Export<(i32, i32, i32)>,
    pub(super) chosen: Export<(i32, i32, i32)>,
    pub(super) understands: Export<(i32, i32)>,
    pub(super) stacks_under: Export<Flat9>,
    pub(super) secret_roll: Export<(i32, i32)>,
    pub(super) removed_keywords: Export<(i32, i32, i32)>,
    pub(super) build_activations: Export<HookParams>,
    pub(super) pilot_room: Export<(i32, i32, i32, i32)>,
    pub(super) removed_keywords_all: Export<(i32, i32)>,
    pub(super) undisruptable: Export<(i32, i32)>,
    pub(super) granted_abilities_for: Export<(i32, i32, i32)>,
    pub(super) build_cost_change_for: Export<(i32, i32, i32)>,
    pub(super) actions: Export<HookParams>,
    pub(super) forbids: Export<(i32, i32, i32, i32, i32, i32, i32)>,
    pub(super) later: Export<(i32, i32, i32)>,
    pub(super) subtypes: Export<(i32, i32)>,
}

impl Exports {
    /// Finds every export of the API in the module: a module lacking one is refused here,
    /// when the plugin is loaded, rather than at its first call.
    pub(super) fn find(module: &Module) -> Result<Exports> {
        let hooks = api::HookPoint::ALL
            .iter()
            .enumerate()
            .map(|(i, &hook)| {
                if hook.index() != i {
                    return fail("the hook points are not numbered in order");
                }
                ExportAt::find(module, &hook_export(hook)).map(Export::new)
            })
            .collect::<Result<Vec<_>>>()?;
        let q = |name: &str| ExportAt::find(module, &query_export(name));
        Ok(Exports {
            hooks,
            attack_die_modifier: Export::new(q("attack-die-modifier")?),
            hit_threshold: Export::new(q("hit-threshold")?),
            can_be_attacked: Export::new(q("can-be-attacked")?),
            can_be_retargeted: Export::new(q("can-be-retargeted")?),
            stat_modifier: Export::new(q("stat-modifier")?),
            power_against: Export::new(q("power-against")?),
            damage_preventable: Export::new(q("damage-preventable")?),
            activations: Export::new(q("activations")?),
            activate: Export::new(q("activate")?),
            granted_abilities: Export::new(q("granted-abilities")?),
            completions: Export::new(q("completions")?),
            attack_arenas: Export::new(q("attack-arenas")?),
            stat_modifier_for: Export::new(q("stat-modifier-for")?),
            chosen: Export::new(q("chosen")?),
            understands: Export::new(q("understands")?),
            stacks_under: Export::new(q("stacks-under")?),
            secret_roll: Export::new(q("secret-roll")?),
            removed_keywords: Export::new(q("removed-keywords")?),
            build_activations: Export::new(q("build-activations")?),
            pilot_room: Export::new(q("pilot-room")?),
            removed_keywords_all: Export::new(q("removed-keywords-all")?),
            undisruptable: Export::new(q("undisruptable")?),
            granted_abilities_for: Export::new(q("granted-abilities-for")?),
            build_cost_change_for: Export::new(q("build-cost-change-for")?),
            actions: Export::new(q("actions")?),
            forbids: Export::new(q("forbids")?),
            later: Export::new(q("later")?),
            subtypes: Export::new(q("subtypes")?),
        })
    }
}
