//! The `host` functions of every API version, answered from `StateView` (shared with the native
//! backend): `host_impl!` with the functions each version added, in the macros `host_1_1` to
//! `host_1_16`, and one invocation per version with its bindings and conversions.

use swtcg_plugin_api::HostView;

use super::super::HostCtx;
use super::*;

/// The `host` functions of one API version, answered from `StateView` (shared with the native
/// backend); `$extra` are the functions the version added.
macro_rules! host_impl {
    ($bindings:ident, $conv:ident, { $($extra:item)* }) => {
        impl $bindings::swtcg::keyword::types::Host for HostCtx {}

        impl $bindings::swtcg::keyword::host::Host for HostCtx {
            fn unit(
                &mut self,
                id: u32,
            ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::UnitView>> {
                self.charge()?;
                Ok(self.view().and_then(|v| v.unit(id)).map($conv::unit_view))
            }

            fn units(
                &mut self,
                zone: Option<$bindings::swtcg::keyword::types::Zone>,
            ) -> wasmtime::Result<Vec<u32>> {
                self.charge()?;
                Ok(self
                    .view()
                    .map(|v| v.units(zone.map($conv::from_wit_zone)))
                    .unwrap_or_default())
            }

            fn attack(
                &mut self,
            ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::AttackView>> {
                self.charge()?;
                // Read straight from the state: going through `HostView::attack` (the native
                // backend's form) would copy the dice into one list and then into another.
                Ok(self
                    .view()
                    .and_then(|v| v.attack_state())
                    .map($conv::attack_view))
            }

            fn pending_damage(
                &mut self,
            ) -> wasmtime::Result<Vec<$bindings::swtcg::keyword::types::Pending>> {
                self.charge()?;
                Ok(self
                    .view()
                    .map(|v| v.pending_damage().into_iter().map($conv::pending).collect())
                    .unwrap_or_default())
            }

            fn rule(&mut self, name: String) -> wasmtime::Result<Option<String>> {
                self.charge()?;
                Ok(self.view().and_then(|v| v.rule(&name)))
            }

            fn player(
                &mut self,
                side: $bindings::swtcg::keyword::types::Side,
            ) -> wasmtime::Result<$bindings::swtcg::keyword::types::PlayerView> {
                self.charge()?;
                let p = match self.view() {
                    Some(v) => v.player($conv::from_wit_side(side)),
                    None => api::PlayerView {
                        force: 0,
                        build_points: 0,
                        hand_size: 0,
                        deck_size: 0,
                    },
                };
                Ok($conv::player_view(p))
            }

            $($extra)*
        }
    };
}

/// The host functions API 1.1.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_1 {
    () => {
        fn abilities(&mut self, id: u32) -> wasmtime::Result<Vec<String>> {
            self.charge()?;
            Ok(self.view().map(|v| v.abilities(id)).unwrap_or_default())
        }

        fn note(&mut self, id: u32, key: String) -> wasmtime::Result<Option<i32>> {
            self.charge()?;
            Ok(self.view().and_then(|v| v.note(id, &key)))
        }

        fn cards_beneath(&mut self, id: u32) -> wasmtime::Result<u32> {
            self.charge()?;
            Ok(self.view().map_or(0, |v| v.cards_beneath(id)))
        }
    };
}

/// The host function API 1.2.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_2 {
    ($bindings:ident, $conv:ident) => {
        fn describe_ability(
            &mut self,
            key: u32,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::AbilityDetails>> {
            self.charge()?;
            Ok(self
                .keys
                .details
                .get(key as usize)
                .map($conv::to_wit_details))
        }
    };
}

/// The host function API 1.4.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_4 {
    ($bindings:ident, $conv:ident) => {
        fn last_seen(
            &mut self,
            id: u32,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::UnitView>> {
            self.charge()?;
            Ok(self
                .view()
                .and_then(|v| v.last_seen(id))
                .map($conv::unit_view))
        }
    };
}

/// The host function API 1.5.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_5 {
    () => {
        fn dice_hidden(&mut self) -> wasmtime::Result<bool> {
            self.charge()?;
            Ok(self.view().is_some_and(|v| v.dice_hidden()))
        }
    };
}

/// The host function API 1.6.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_6 {
    ($bindings:ident, $conv:ident) => {
        fn attack_inline(
            &mut self,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::InlineAttackView>> {
            self.charge()?;
            Ok(self
                .view()
                .and_then(|v| v.attack_state())
                .map($conv::inline_attack_view))
        }
    };
}

/// The host function API 1.8.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_8 {
    ($bindings:ident, $conv:ident) => {
        fn playing(
            &mut self,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::PlayView>> {
            self.charge()?;
            Ok(self.view().and_then(|v| v.playing()).map($conv::play_view))
        }
    };
}

/// The host functions API 1.11.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_11 {
    ($bindings:ident, $conv:ident) => {
        fn pile_cards(
            &mut self,
            side: $bindings::swtcg::keyword::types::Side,
            pile: $bindings::swtcg::keyword::types::Pile,
        ) -> wasmtime::Result<Vec<$bindings::swtcg::keyword::types::PileCard>> {
            self.charge()?;
            let (side, pile) = ($conv::from_wit_side(side), $conv::from_wit_pile(pile));
            Ok(self
                .view()
                .map(|v| {
                    v.pile_cards(side, pile)
                        .into_iter()
                        .map($conv::pile_card)
                        .collect()
                })
                .unwrap_or_default())
        }

        fn printed(
            &mut self,
            id: u32,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::PileCard>> {
            self.charge()?;
            Ok(self
                .view()
                .and_then(|v| v.printed(id))
                .map($conv::pile_card))
        }
    };
}

/// The host function API 1.12.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_12 {
    ($bindings:ident, $conv:ident) => {
        fn locations(
            &mut self,
            zone: Option<$bindings::swtcg::keyword::types::Zone>,
        ) -> wasmtime::Result<Vec<u32>> {
            self.charge()?;
            let zone = zone.map($conv::from_wit_zone);
            Ok(self.view().map(|v| v.locations(zone)).unwrap_or_default())
        }
    };
}

/// The host function API 1.13.0 added (and later versions kept), inside `host_impl!`.
macro_rules! host_1_13 {
    ($bindings:ident) => {
        fn counters(
            &mut self,
            id: u32,
        ) -> wasmtime::Result<Vec<$bindings::swtcg::keyword::types::Counter>> {
            self.charge()?;
            Ok(self
                .view()
                .map(|v| {
                    v.counters(id)
                        .into_iter()
                        .map(|(kind, amount)| $bindings::swtcg::keyword::types::Counter {
                            kind,
                            amount,
                        })
                        .collect()
                })
                .unwrap_or_default())
        }
    };
}

/// The host functions of 1.16 and later versions: those of 1.13 and `place`.
macro_rules! host_1_16 {
    ($bindings:ident, $v:ident) => {
        host_1_1!();
        host_1_2!($bindings, $v);
        host_1_4!($bindings, $v);
        host_1_5!();
        host_1_6!($bindings, $v);
        host_1_8!($bindings, $v);
        host_1_11!($bindings, $v);
        host_1_12!($bindings, $v);
        host_1_13!($bindings);

        fn place(
            &mut self,
            id: u32,
        ) -> wasmtime::Result<Option<$bindings::swtcg::keyword::types::UnitPlace>> {
            self.charge()?;
            Ok(self.view().and_then(|v| v.place(id)).map($v::unit_place))
        }
    };
}

/// The host functions of 1.19 and later versions: those of 1.16, `paid-with` and `attached`.
macro_rules! host_1_19 {
    ($bindings:ident, $v:ident) => {
        host_1_16!($bindings, $v);

        fn paid_with(&mut self) -> wasmtime::Result<Vec<u32>> {
            self.charge()?;
            Ok(self.view().map(|v| v.paid_with()).unwrap_or_default())
        }

        fn attached(
            &mut self,
            id: u32,
        ) -> wasmtime::Result<Vec<$bindings::swtcg::keyword::types::AttachedCard>> {
            self.charge()?;
            Ok(self
                .view()
                .map(|v| v.attached(id).into_iter().map($v::attached_card).collect())
                .unwrap_or_default())
        }
    };
}

host_impl!(bindings, v1_20, {
    host_1_19!(bindings, v1_20);

    fn chosen_before(&mut self) -> wasmtime::Result<Vec<u32>> {
        self.charge()?;
        Ok(self.view().map(|v| v.chosen_before()).unwrap_or_default())
    }

    fn chosen_by(&mut self) -> wasmtime::Result<Option<bindings::swtcg::keyword::types::Side>> {
        self.charge()?;
        Ok(self
            .view()
            .and_then(|v| v.chosen_by())
            .map(v1_20::to_wit_side))
    }
});

host_impl!(bindings_1_19, v1_19, {
    host_1_19!(bindings_1_19, v1_19);
});

host_impl!(bindings_1_18, v1_18, {
    host_1_16!(bindings_1_18, v1_18);
});

host_impl!(bindings_1_17, v1_17, {
    host_1_16!(bindings_1_17, v1_17);
});

host_impl!(bindings_1_16, v1_16, {
    host_1_16!(bindings_1_16, v1_16);
});

host_impl!(bindings_1_15, v1_15, {
    host_1_1!();
    host_1_2!(bindings_1_15, v1_15);
    host_1_4!(bindings_1_15, v1_15);
    host_1_5!();
    host_1_6!(bindings_1_15, v1_15);
    host_1_8!(bindings_1_15, v1_15);
    host_1_11!(bindings_1_15, v1_15);
    host_1_12!(bindings_1_15, v1_15);
    host_1_13!(bindings_1_15);
});

host_impl!(bindings_1_14, v1_14, {
    host_1_1!();
    host_1_2!(bindings_1_14, v1_14);
    host_1_4!(bindings_1_14, v1_14);
    host_1_5!();
    host_1_6!(bindings_1_14, v1_14);
    host_1_8!(bindings_1_14, v1_14);
    host_1_11!(bindings_1_14, v1_14);
    host_1_12!(bindings_1_14, v1_14);
    host_1_13!(bindings_1_14);
});

host_impl!(bindings_1_13, v1_13, {
    host_1_1!();
    host_1_2!(bindings_1_13, v1_13);
    host_1_4!(bindings_1_13, v1_13);
    host_1_5!();
    host_1_6!(bindings_1_13, v1_13);
    host_1_8!(bindings_1_13, v1_13);
    host_1_11!(bindings_1_13, v1_13);
    host_1_12!(bindings_1_13, v1_13);
    host_1_13!(bindings_1_13);
});

host_impl!(bindings_1_12, v1_12, {
    host_1_1!();
    host_1_2!(bindings_1_12, v1_12);
    host_1_4!(bindings_1_12, v1_12);
    host_1_5!();
    host_1_6!(bindings_1_12, v1_12);
    host_1_8!(bindings_1_12, v1_12);
    host_1_11!(bindings_1_12, v1_12);
    host_1_12!(bindings_1_12, v1_12);
});

host_impl!(bindings_1_11, v1_11, {
    host_1_1!();
    host_1_2!(bindings_1_11, v1_11);
    host_1_4!(bindings_1_11, v1_11);
    host_1_5!();
    host_1_6!(bindings_1_11, v1_11);
    host_1_8!(bindings_1_11, v1_11);
    host_1_11!(bindings_1_11, v1_11);
});

host_impl!(bindings_1_10, v1_10, {
    host_1_1!();
    host_1_2!(bindings_1_10, v1_10);
    host_1_4!(bindings_1_10, v1_10);
    host_1_5!();
    host_1_6!(bindings_1_10, v1_10);
    host_1_8!(bindings_1_10, v1_10);
});

host_impl!(bindings_1_9, v1_9, {
    host_1_1!();
    host_1_2!(bindings_1_9, v1_9);
    host_1_4!(bindings_1_9, v1_9);
    host_1_5!();
    host_1_6!(bindings_1_9, v1_9);
    host_1_8!(bindings_1_9, v1_9);
});

host_impl!(bindings_1_8, v1_8, {
    host_1_1!();
    host_1_2!(bindings_1_8, v1_8);
    host_1_4!(bindings_1_8, v1_8);
    host_1_5!();
    host_1_6!(bindings_1_8, v1_8);
    host_1_8!(bindings_1_8, v1_8);
});

host_impl!(bindings_1_7, v1_7, {
    host_1_1!();
    host_1_2!(bindings_1_7, v1_7);
    host_1_4!(bindings_1_7, v1_7);
    host_1_5!();
    host_1_6!(bindings_1_7, v1_7);
});

host_impl!(bindings_1_6, v1_6, {
    host_1_1!();
    host_1_2!(bindings_1_6, v1_6);
    host_1_4!(bindings_1_6, v1_6);
    host_1_5!();
    host_1_6!(bindings_1_6, v1_6);
});

host_impl!(bindings_1_5, v1_5, {
    host_1_1!();
    host_1_2!(bindings_1_5, v1_5);
    host_1_4!(bindings_1_5, v1_5);
    host_1_5!();
});

host_impl!(bindings_1_4, v1_4, {
    host_1_1!();
    host_1_2!(bindings_1_4, v1_4);
    host_1_4!(bindings_1_4, v1_4);
});

host_impl!(bindings_1_3, v1_3, {
    host_1_1!();
    host_1_2!(bindings_1_3, v1_3);
});

host_impl!(bindings_1_2, v1_2, {
    host_1_1!();
    host_1_2!(bindings_1_2, v1_2);
});

host_impl!(bindings_1_1, v1_1, {
    host_1_1!();
});

host_impl!(bindings_1_0, v1_0, {});
