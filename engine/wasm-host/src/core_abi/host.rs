//! The host functions of the core path (the WIT `host` interface lowered by hand) and what
//! they share with the calls into the plugin: writing into the guest's memory, allocated with
//! its `cabi_realloc`, in the canonical ABI's layouts.

use swtcg_plugin_api as api;
use swtcg_plugin_api::HostView;
use wasmtime::{AsContextMut, Caller, Linker, Memory};

use super::{HostCtx, Mem, Result, fail, host_module, lift};

/// The host functions of the newest API for core modules, in `linker`.
pub(crate) fn add_host_functions(linker: &mut Linker<HostCtx>) -> Result<()> {
    let m = host_module();
    linker.func_wrap(&m, "unit", host_unit)?;
    linker.func_wrap(&m, "units", host_units)?;
    linker.func_wrap(&m, "attack", host_attack)?;
    linker.func_wrap(&m, "attack-inline", host_attack_inline)?;
    linker.func_wrap(&m, "pending-damage", host_pending_damage)?;
    linker.func_wrap(&m, "player", host_player)?;
    linker.func_wrap(&m, "rule", host_rule)?;
    linker.func_wrap(&m, "abilities", host_abilities)?;
    linker.func_wrap(&m, "note", host_note)?;
    linker.func_wrap(&m, "cards-beneath", host_cards_beneath)?;
    linker.func_wrap(&m, "describe-ability", host_describe_ability)?;
    linker.func_wrap(&m, "last-seen", host_last_seen)?;
    linker.func_wrap(&m, "dice-hidden", host_dice_hidden)?;
    linker.func_wrap(&m, "playing", host_playing)?;
    linker.func_wrap(&m, "pile-cards", host_pile_cards)?;
    linker.func_wrap(&m, "printed", host_printed)?;
    linker.func_wrap(&m, "locations", host_locations)?;
    linker.func_wrap(&m, "counters", host_counters)?;
    linker.func_wrap(&m, "place", host_place)?;
    linker.func_wrap(&m, "paid-with", host_paid_with)?;
    linker.func_wrap(&m, "attached", host_attached)?;
    linker.func_wrap(&m, "chosen-before", host_chosen_before)?;
    linker.func_wrap(&m, "chosen-by", host_chosen_by)?;
    Ok(())
}

/// Allocates `size` bytes aligned to `align` with the guest's `cabi_realloc`, as the canonical
/// ABI lowers a list or a string, and checks what it returned.
pub(super) fn alloc(
    cx: &mut impl AsContextMut<Data = HostCtx>,
    align: u32,
    size: u32,
) -> Result<u32> {
    // The guest's functions are taken out of the context for the call rather than cloned:
    // cloning a `TypedFunc` clones its type, which counts two shared references up and down
    // (atomic operations, a measurable part of a hook call). A nested question from inside
    // `cabi_realloc` finds no instance and fails.
    let Some(guest) = cx.as_context_mut().data_mut().guest.take() else {
        return fail("no core instance");
    };
    let called = guest
        .realloc
        .call(&mut *cx, (0, 0, align as i32, size as i32));
    let len = guest.memory.data_size(&*cx);
    cx.as_context_mut().data_mut().guest = Some(guest);
    let ptr = called? as u32;
    if !ptr.is_multiple_of(align) || ptr as usize + size as usize > len {
        return fail(format!(
            "the plugin's cabi_realloc returned {ptr} for {size} bytes: unaligned or outside its memory"
        ));
    }
    Ok(ptr)
}

/// The guest memory of the instance in `cx`.
pub(super) fn memory(cx: &mut impl AsContextMut<Data = HostCtx>) -> Result<Memory> {
    match &cx.as_context_mut().data().guest {
        Some(guest) => Ok(guest.memory),
        None => fail("no core instance"),
    }
}

/// Copies `bytes` to `ptr` in guest memory, which must hold them (aligned to `align`).
pub(super) fn write(
    cx: &mut impl AsContextMut<Data = HostCtx>,
    ptr: u32,
    align: u32,
    bytes: &[u8],
) -> Result<()> {
    let memory = memory(cx)?;
    if !ptr.is_multiple_of(align) {
        return fail(format!("the plugin passed an unaligned pointer {ptr}"));
    }
    let start = ptr as usize;
    match memory
        .data_mut(&mut *cx)
        .get_mut(start..start + bytes.len())
    {
        Some(to) => {
            to.copy_from_slice(bytes);
            Ok(())
        }
        None => fail(format!(
            "the plugin pointed outside its memory ({} bytes at {ptr})",
            bytes.len()
        )),
    }
}

/// Lowers bytes as a list (or string) of the guest: allocates and copies them; the pointer.
pub(super) fn lower_bytes(
    cx: &mut impl AsContextMut<Data = HostCtx>,
    align: u32,
    bytes: &[u8],
) -> Result<u32> {
    let Ok(size) = u32::try_from(bytes.len()) else {
        return fail("a list too long for the plugin's memory");
    };
    let ptr = alloc(cx, align, size)?;
    write(cx, ptr, align, bytes)?;
    Ok(ptr)
}

/// Lowers a `list<string>`: its pointer and length.
pub(super) fn lower_strings(
    cx: &mut impl AsContextMut<Data = HostCtx>,
    strings: &[String],
) -> Result<(u32, u32)> {
    let mut list = Vec::with_capacity(strings.len() * 8);
    for s in strings {
        let ptr = lower_bytes(cx, 1, s.as_bytes())?;
        list.extend_from_slice(&ptr.to_le_bytes());
        list.extend_from_slice(&(s.len() as u32).to_le_bytes());
    }
    Ok((lower_bytes(cx, 4, &list)?, strings.len() as u32))
}

/// A fixed-size record being built before it is copied into guest memory.
pub(super) struct Record<const N: usize>(pub(super) [u8; N]);

impl<const N: usize> Record<N> {
    pub(super) fn new() -> Self {
        Record([0; N])
    }

    pub(super) fn u8(&mut self, at: usize, v: u8) {
        if let Some(b) = self.0.get_mut(at) {
            *b = v;
        }
    }

    pub(super) fn u32(&mut self, at: usize, v: u32) {
        if let Some(b) = self.0.get_mut(at..at + 4) {
            b.copy_from_slice(&v.to_le_bytes());
        }
    }

    pub(super) fn i32(&mut self, at: usize, v: i32) {
        self.u32(at, v as u32);
    }
}

/// Lowers a string into a record: allocates it and stores its pointer and length at `at`.
pub(super) fn string_into<const N: usize>(
    cx: &mut impl AsContextMut<Data = HostCtx>,
    record: &mut Record<N>,
    at: usize,
    s: &str,
) -> Result<()> {
    let ptr = lower_bytes(cx, 1, s.as_bytes())?;
    record.u32(at, ptr);
    record.u32(at + 4, s.len() as u32);
    Ok(())
}

/// Stores an `option<unit-view>` (72 bytes) at `ret`.
pub(super) fn store_unit_view(
    cx: &mut Caller<'_, HostCtx>,
    ret: u32,
    unit: Option<api::UnitView>,
) -> Result<()> {
    let Some(u) = unit else {
        return write(cx, ret, 4, &[0]);
    };
    let mut r = Record::<72>::new();
    r.u8(0, 1);
    r.u32(4, u.id);
    string_into(cx, &mut r, 8, &u.name)?;
    r.u8(16, u.owner.into());
    r.u8(17, u.controller.into());
    r.u8(18, u.zone.into());
    r.u8(19, u.built.into());
    r.u8(20, u.tapped.into());
    r.u32(24, u.damage);
    r.i32(28, u.speed);
    r.i32(32, u.power);
    r.i32(36, u.health);
    r.i32(40, u.cost);
    r.u32(44, u.build_counters);
    r.u8(48, u.unique.into());
    let (subtypes, count) = lower_strings(cx, &u.subtypes)?;
    r.u32(52, subtypes);
    r.u32(56, count);
    let arenas: Vec<u8> = u.arenas.iter().map(|&a| a.into()).collect();
    r.u32(60, lower_bytes(cx, 1, &arenas)?);
    r.u32(64, arenas.len() as u32);
    r.u32(68, u.stack_size);
    write(cx, ret, 4, &r.0)
}

/// Stores an `option<string>` (12 bytes) at `ret`.
pub(super) fn store_option_string(
    cx: &mut Caller<'_, HostCtx>,
    ret: u32,
    s: Option<String>,
) -> Result<()> {
    let Some(s) = s else {
        return write(cx, ret, 4, &[0]);
    };
    let mut r = Record::<12>::new();
    r.u8(0, 1);
    string_into(cx, &mut r, 4, &s)?;
    write(cx, ret, 4, &r.0)
}

// ----- the host functions -----

pub(super) fn host_unit(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let unit = cx.data().view().and_then(|v| v.unit(id as u32));
    store_unit_view(&mut cx, ret as u32, unit)
}

/// `place` (API 1.16): the `option<unit-place>` (3 bytes, aligned to 1: the case, then the
/// controller and zone enums) at `ret`, written in one copy with nothing allocated.
pub(super) fn host_place(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let place = cx.data().view().and_then(|v| v.place(id as u32));
    let bytes = match place {
        Some(p) => [1, p.controller.into(), p.zone.into()],
        None => [0, 0, 0],
    };
    write(&mut cx, ret as u32, 1, &bytes)
}

pub(super) fn host_last_seen(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let unit = cx.data().view().and_then(|v| v.last_seen(id as u32));
    store_unit_view(&mut cx, ret as u32, unit)
}

pub(super) fn host_units(cx: Caller<'_, HostCtx>, case: i32, zone: i32, ret: i32) -> Result<()> {
    store_ids_in(cx, case, zone, ret, |v, zone| v.units(zone))
}

pub(super) fn host_locations(
    cx: Caller<'_, HostCtx>,
    case: i32,
    zone: i32,
    ret: i32,
) -> Result<()> {
    store_ids_in(cx, case, zone, ret, |v, zone| v.locations(zone))
}

/// Answers `units` or `locations`: the `option<zone>` lifted from its case and value, the ids
/// `ids` gives stored at `ret` as a `list<unit-id>`.
pub(super) fn store_ids_in(
    mut cx: Caller<'_, HostCtx>,
    case: i32,
    zone: i32,
    ret: i32,
    ids: impl Fn(&dyn HostView, Option<api::Zone>) -> Vec<u32>,
) -> Result<()> {
    cx.data_mut().charge()?;
    let zone = match case {
        0 => None,
        1 => Some(lift(u8::try_from(zone).unwrap_or(u8::MAX))?),
        _ => return fail(format!("invalid option case {case}")),
    };
    let units = cx.data().view().map(|v| ids(&v, zone)).unwrap_or_default();
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    store_list(&mut cx, ret as u32, &bytes, units.len())
}

pub(super) fn host_attack(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    cx.data().note_attack_read();
    let ret = ret as u32;
    let state = cx.data().view;
    // SAFETY: as in `HostCtx::view`: the state is lent for the whole call and outlives it, and
    // nothing the guest runs meanwhile (its allocator, below) can change it. Holding it apart
    // from `cx` lets the dice be written straight from the state into guest memory.
    let Some(a) = unsafe { state.as_ref() }.and_then(|s| s.attack.as_ref()) else {
        return write(&mut cx, ret, 4, &[0]);
    };
    let Some(size) = u32::try_from(a.dice.len())
        .ok()
        .and_then(|n| n.checked_mul(8))
    else {
        return fail("too many dice");
    };
    let dice = alloc(&mut cx, 4, size)?;
    let memory = memory(&mut cx)?;
    let Some(to) = memory
        .data_mut(&mut cx)
        .get_mut(dice as usize..dice as usize + size as usize)
    else {
        return fail("the dice do not fit the plugin's memory");
    };
    for (to, d) in to.chunks_exact_mut(8).zip(&a.dice) {
        to[0] = d.initial;
        to[1] = d.natural;
        to[4..8].copy_from_slice(&d.modifier.to_le_bytes());
    }
    let mut r = Record::<28>::new();
    r.u8(0, 1);
    r.u32(4, a.attacker.0);
    r.u32(8, a.defender.0);
    r.u8(12, api::Arena::from(a.arena).into());
    r.u32(16, dice);
    r.u32(20, a.dice.len() as u32);
    r.u32(24, a.hits);
    write(&mut cx, ret, 4, &r.0)
}

/// `attack-inline` (API 1.6): the `option<inline-attack-view>` at `ret`, its first eight dice
/// in the record (8 bytes each from offset 24), so nothing is allocated in the plugin.
pub(super) fn host_attack_inline(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    cx.data().note_attack_read();
    let mut r = Record::<88>::new();
    // SAFETY: as in `HostCtx::view`: the state is lent for the whole call and outlives it.
    if let Some(a) = unsafe { cx.data().view.as_ref() }.and_then(|s| s.attack.as_ref()) {
        r.u8(0, 1);
        r.u32(4, a.attacker.0);
        r.u32(8, a.defender.0);
        r.u8(12, api::Arena::from(a.arena).into());
        r.u32(16, a.hits);
        r.u32(20, u32::try_from(a.dice.len()).unwrap_or(u32::MAX));
        for (at, d) in (24..88).step_by(8).zip(&a.dice) {
            r.u8(at, d.initial);
            r.u8(at + 1, d.natural);
            r.i32(at + 4, d.modifier);
        }
    }
    write(&mut cx, ret as u32, 4, &r.0)
}

pub(super) fn host_pending_damage(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let pending = cx
        .data()
        .view()
        .map(|v| v.pending_damage())
        .unwrap_or_default();
    let mut bytes = Vec::with_capacity(pending.len() * 24);
    for p in &pending {
        let mut r = Record::<24>::new();
        r.u32(0, p.target);
        r.u32(4, p.amount);
        r.u32(8, p.prevented);
        if let Some(source) = p.source {
            r.u8(12, 1);
            r.u32(16, source);
        }
        r.u8(20, p.from_attack_dice.into());
        r.u8(21, p.preventable.into());
        bytes.extend_from_slice(&r.0);
    }
    store_list(&mut cx, ret as u32, &bytes, pending.len())
}

pub(super) fn host_player(mut cx: Caller<'_, HostCtx>, side: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let side = lift(u8::try_from(side).unwrap_or(u8::MAX))?;
    let p = cx.data().view().map(|v| v.player(side));
    let mut r = Record::<16>::new();
    if let Some(p) = p {
        r.u32(0, p.force);
        r.u32(4, p.build_points);
        r.u32(8, p.hand_size);
        r.u32(12, p.deck_size);
    }
    write(&mut cx, ret as u32, 4, &r.0)
}

/// A string parameter of a host function, read from guest memory.
pub(super) fn string_param(cx: &mut Caller<'_, HostCtx>, ptr: i32, len: i32) -> Result<String> {
    let memory = memory(cx)?;
    Mem(memory.data(&*cx)).string_at(ptr as u32, len as u32)
}

pub(super) fn host_rule(mut cx: Caller<'_, HostCtx>, ptr: i32, len: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let name = string_param(&mut cx, ptr, len)?;
    let value = cx.data().view().and_then(|v| v.rule(&name));
    store_option_string(&mut cx, ret as u32, value)
}

pub(super) fn host_abilities(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let texts = cx
        .data()
        .view()
        .map(|v| v.abilities(id as u32))
        .unwrap_or_default();
    let (ptr, len) = lower_strings(&mut cx, &texts)?;
    let mut r = Record::<8>::new();
    r.u32(0, ptr);
    r.u32(4, len);
    write(&mut cx, ret as u32, 4, &r.0)
}

pub(super) fn host_note(
    mut cx: Caller<'_, HostCtx>,
    id: i32,
    ptr: i32,
    len: i32,
    ret: i32,
) -> Result<()> {
    cx.data_mut().charge()?;
    let key = string_param(&mut cx, ptr, len)?;
    let value = cx.data().view().and_then(|v| v.note(id as u32, &key));
    let mut r = Record::<8>::new();
    if let Some(value) = value {
        r.u8(0, 1);
        r.i32(4, value);
    }
    write(&mut cx, ret as u32, 4, &r.0)
}

pub(super) fn host_cards_beneath(mut cx: Caller<'_, HostCtx>, id: i32) -> Result<i32> {
    cx.data_mut().charge()?;
    Ok(cx.data().view().map_or(0, |v| v.cards_beneath(id as u32)) as i32)
}

pub(super) fn host_dice_hidden(mut cx: Caller<'_, HostCtx>) -> Result<i32> {
    cx.data_mut().charge()?;
    Ok(i32::from(cx.data().view().is_some_and(|v| v.dice_hidden())))
}

/// `playing` (API 1.8): the `option<play-view>` at `ret` (36 bytes). The option's case is at
/// 0 and the record at 4 (its alignment): `id` at 4, `side` at 8, `kind` at 9, the string
/// `card` at 12, the `option<unit-id>` `unit` at 20 (its case) and 24, the string `text` at 28.
pub(super) fn host_playing(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let ret = ret as u32;
    let Some(p) = cx.data().view().and_then(|v| v.playing()) else {
        return write(&mut cx, ret, 4, &[0]);
    };
    let mut r = Record::<36>::new();
    r.u8(0, 1);
    r.u32(4, p.id);
    r.u8(8, p.side.into());
    r.u8(9, p.kind.into());
    string_into(&mut cx, &mut r, 12, &p.card)?;
    if let Some(unit) = p.unit {
        r.u8(20, 1);
        r.u32(24, unit);
    }
    string_into(&mut cx, &mut r, 28, &p.text)?;
    write(&mut cx, ret, 4, &r.0)
}

/// `pile-cards` (API 1.11): a `list<pile-card>` (44 bytes a card) at `ret`.
pub(super) fn host_pile_cards(
    mut cx: Caller<'_, HostCtx>,
    side: i32,
    pile: i32,
    ret: i32,
) -> Result<()> {
    cx.data_mut().charge()?;
    let side = lift(u8::try_from(side).unwrap_or(u8::MAX))?;
    let pile = lift(u8::try_from(pile).unwrap_or(u8::MAX))?;
    let cards = cx
        .data()
        .view()
        .map(|v| v.pile_cards(side, pile))
        .unwrap_or_default();
    let mut bytes = Vec::with_capacity(cards.len() * 44);
    for c in &cards {
        bytes.extend_from_slice(&pile_card_record(&mut cx, c)?);
    }
    store_list(&mut cx, ret as u32, &bytes, cards.len())
}

/// `counters` (API 1.13): a `list<counter>` (12 bytes a counter: the string `kind`, then
/// `amount`) at `ret`.
pub(super) fn host_counters(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let counters = cx
        .data()
        .view()
        .map(|v| v.counters(id as u32))
        .unwrap_or_default();
    let mut bytes = Vec::with_capacity(counters.len() * 12);
    for (kind, amount) in &counters {
        let mut r = Record::<12>::new();
        string_into(&mut cx, &mut r, 0, kind)?;
        r.u32(8, *amount);
        bytes.extend_from_slice(&r.0);
    }
    store_list(&mut cx, ret as u32, &bytes, counters.len())
}

/// `paid-with` (API 1.19): the `list<unit-id>` of the units the activation's costs chose, at
/// `ret`.
pub(super) fn host_paid_with(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let units = cx.data().view().map(|v| v.paid_with()).unwrap_or_default();
    let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    store_list(&mut cx, ret as u32, &bytes, units.len())
}

/// `chosen-before` (API 1.20): the `list<u32>` of the options picked in the offers that led to
/// the one whose `chosen` is asked, at `ret`.
pub(super) fn host_chosen_before(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let picked = cx
        .data()
        .view()
        .map(|v| v.chosen_before())
        .unwrap_or_default();
    let bytes: Vec<u8> = picked.iter().flat_map(|i| i.to_le_bytes()).collect();
    store_list(&mut cx, ret as u32, &bytes, picked.len())
}

/// `chosen-by` (API 1.20): an `option<side>` (the case, then the side) at `ret`.
pub(super) fn host_chosen_by(mut cx: Caller<'_, HostCtx>, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let bytes = match cx.data().view().and_then(|v| v.chosen_by()) {
        Some(side) => [1, side.into()],
        None => [0, 0],
    };
    write(&mut cx, ret as u32, 1, &bytes)
}

/// `attached` (API 1.19): a `list<attached-card>` (48 bytes a card: the `attached-as` case,
/// then the `pile-card` at 4) at `ret`.
pub(super) fn host_attached(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let cards = cx
        .data()
        .view()
        .map(|v| v.attached(id as u32))
        .unwrap_or_default();
    let mut bytes = Vec::with_capacity(cards.len() * 48);
    for a in &cards {
        let mut r = Record::<48>::new();
        r.u8(0, a.attached_as.into());
        r.0[4..].copy_from_slice(&pile_card_record(&mut cx, &a.card)?);
        bytes.extend_from_slice(&r.0);
    }
    store_list(&mut cx, ret as u32, &bytes, cards.len())
}

/// A `pile-card` record (44 bytes), its strings and lists lowered into the guest's memory.
pub(super) fn pile_card_record(
    cx: &mut Caller<'_, HostCtx>,
    c: &api::PileCard,
) -> Result<[u8; 44]> {
    let mut r = Record::<44>::new();
    r.u32(0, c.card);
    string_into(cx, &mut r, 4, &c.name)?;
    r.u8(12, c.kind.into());
    r.u8(13, c.allegiance.into());
    let (subtypes, count) = lower_strings(cx, &c.subtypes)?;
    r.u32(16, subtypes);
    r.u32(20, count);
    let arenas: Vec<u8> = c.arenas.iter().map(|&a| a.into()).collect();
    r.u32(24, lower_bytes(cx, 1, &arenas)?);
    r.u32(28, arenas.len() as u32);
    r.u8(32, c.unique.into());
    if let Some(cost) = c.cost {
        r.u8(36, 1);
        r.i32(40, cost);
    }
    Ok(r.0)
}

/// `printed` (API 1.11): an `option<pile-card>` (48 bytes: the case, the record at 4) at `ret`.
pub(super) fn host_printed(mut cx: Caller<'_, HostCtx>, id: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let Some(card) = cx.data().view().and_then(|v| v.printed(id as u32)) else {
        return write(&mut cx, ret as u32, 4, &[0]);
    };
    let record = pile_card_record(&mut cx, &card)?;
    let mut r = Record::<48>::new();
    r.u8(0, 1);
    r.0[4..].copy_from_slice(&record);
    write(&mut cx, ret as u32, 4, &r.0)
}

pub(super) fn host_describe_ability(mut cx: Caller<'_, HostCtx>, key: i32, ret: i32) -> Result<()> {
    cx.data_mut().charge()?;
    let ret = ret as u32;
    let Some(a) = cx.data().keys.details.get(key as u32 as usize).cloned() else {
        return write(&mut cx, ret, 4, &[0]);
    };
    let mut r = Record::<40>::new();
    r.u8(0, 1);
    r.u32(4, a.index);
    string_into(&mut cx, &mut r, 8, &a.text)?;
    string_into(&mut cx, &mut r, 16, &a.parameter)?;
    if let Some(cost) = &a.cost {
        r.u8(24, 1);
        string_into(&mut cx, &mut r, 28, cost)?;
    }
    r.u8(36, a.under.into());
    write(&mut cx, ret, 4, &r.0)
}

// ----- the calls -----

/// A list of `count` records laid out in `bytes`, lowered into the guest's memory, its pointer
/// and length written at `ret`.
fn store_list(cx: &mut Caller<'_, HostCtx>, ret: u32, bytes: &[u8], count: usize) -> Result<()> {
    let mut r = Record::<8>::new();
    r.u32(0, lower_bytes(cx, 4, bytes)?);
    r.u32(4, count as u32);
    write(cx, ret, 4, &r.0)
}
