//! The zones and card kinds API versions added to the enums of 1.0.0, as each version writes
//! and reads them: 1.17's `resource-zone` and card kind `resource` (a Resource, game 16.4), and
//! 1.18's `event-zone` (an Event, 16.3). A version without a case writes the nearest it has (the
//! build zone, `other`).

use swtcg_plugin_api as api;

use super::wit_bindings::*;

/// The cases API 1.17 added to the enums `zone` and `card-kind` (a Resource, game 16.4), as each
/// version writes them: before 1.17 a Resource is a completed card of the build zone, of kind
/// `other`.
pub(crate) trait Since1_17 {
    const RESOURCE: Self;
}

/// `Since1_17` for the versions before 1.17: the Resource zone is written as the build zone and,
/// for those with card kinds (1.11 on), a Resource as `other`.
macro_rules! before_1_17 {
    (zone: $($zones:ident),+; kind: $($kinds:ident),+) => {
        $(impl Since1_17 for $zones::swtcg::keyword::types::Zone {
            const RESOURCE: Self = Self::BuildZone;
        })+
        $(impl Since1_17 for $kinds::swtcg::keyword::types::CardKind {
            const RESOURCE: Self = Self::Other;
        })+
    };
}

before_1_17!(
    zone: bindings_1_0, bindings_1_1, bindings_1_2, bindings_1_3, bindings_1_4, bindings_1_5,
        bindings_1_6, bindings_1_7, bindings_1_8, bindings_1_9, bindings_1_10, bindings_1_11,
        bindings_1_12, bindings_1_13, bindings_1_14, bindings_1_15, bindings_1_16;
    kind: bindings_1_11, bindings_1_12, bindings_1_13, bindings_1_14, bindings_1_15,
        bindings_1_16
);

/// `Since1_17` for 1.17 and later, which name the Resource zone and the card kind.
macro_rules! since_1_17 {
    ($($bindings:ident),+) => {
        $(impl Since1_17 for $bindings::swtcg::keyword::types::Zone {
            const RESOURCE: Self = Self::ResourceZone;
        })+
        $(impl Since1_17 for $bindings::swtcg::keyword::types::CardKind {
            const RESOURCE: Self = Self::Resource;
        })+
    };
}

since_1_17!(bindings_1_17, bindings_1_18, bindings_1_19, bindings);

/// The zones a version added to the four of 1.0.0, as it writes and reads them: 1.17's
/// `resource-zone` (`Since1_17`) and 1.18's `event-zone` (an Event, game 4.8, 16.3), which before
/// 1.18 is written as the build zone (the Event a completed card there, of its kind `event`).
pub(crate) trait Since1_18: Sized {
    const EVENT: Self;
    /// A zone beyond the four of 1.0.0 that a plugin names, in the contract's terms.
    fn newer(self) -> api::Zone;
}

/// `Since1_18` for the versions before 1.17, which have no zone beyond the four: `newer` is
/// never asked.
macro_rules! before_1_17_zones {
    ($($zones:ident),+) => {
        $(impl Since1_18 for $zones::swtcg::keyword::types::Zone {
            const EVENT: Self = Self::BuildZone;
            fn newer(self) -> api::Zone {
                api::Zone::BuildZone
            }
        })+
    };
}

before_1_17_zones!(
    bindings_1_0,
    bindings_1_1,
    bindings_1_2,
    bindings_1_3,
    bindings_1_4,
    bindings_1_5,
    bindings_1_6,
    bindings_1_7,
    bindings_1_8,
    bindings_1_9,
    bindings_1_10,
    bindings_1_11,
    bindings_1_12,
    bindings_1_13,
    bindings_1_14,
    bindings_1_15,
    bindings_1_16
);

impl Since1_18 for bindings_1_17::swtcg::keyword::types::Zone {
    const EVENT: Self = Self::BuildZone;
    fn newer(self) -> api::Zone {
        api::Zone::ResourceZone
    }
}

/// `Since1_18` for 1.18 and later, which name both zones.
macro_rules! since_1_18 {
    ($($bindings:ident),+) => {
        $(impl Since1_18 for $bindings::swtcg::keyword::types::Zone {
            const EVENT: Self = Self::EventZone;
            fn newer(self) -> api::Zone {
                match self {
                    Self::EventZone => api::Zone::EventZone,
                    _ => api::Zone::ResourceZone,
                }
            }
        })+
    };
}

since_1_18!(bindings_1_18, bindings_1_19, bindings);
