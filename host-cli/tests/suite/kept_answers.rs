//! Answers kept while what their plugin read is unchanged (engine `reads.rs`, issue 21): through
//! the real wasm plugins, a query's answer comes with every host question the plugin asked, the
//! answer holds while those questions would be answered the same, and games played with the
//! answers kept so are the very games played with answers kept for one revision only.

use crate::common;

use std::sync::Arc;

use swtcg_engine::cards::CardDb;
use swtcg_engine::deck::parse_deck_list;
use swtcg_engine::hooks::{HookError, PluginId, QueryAsked};
use swtcg_engine::model::{Arena, CardDef, CardSide, Place, Unit};
use swtcg_engine::players::{GreedyPlayer, RandomPlayer};
use swtcg_engine::plugins::Manifest;
use swtcg_engine::reads::Read;
use swtcg_engine::{
    AbilityHost, Game, GameLog, GameState, Player, Ruleset, Seats, Side, Watched, Watcher,
};
use swtcg_plugin_api::{Ability, Effect, HookEvent, HookPoint, QueryAnswer, QueryCall};

/// A host that passes every call on but never says what a plugin read, as a host that can't
/// tell would: the game then keeps an answer for one revision of the state only.
struct Unread<'a>(&'a mut dyn AbilityHost);

impl AbilityHost for Unread<'_> {
    fn plugin_for(&self, keyword: &str) -> Option<PluginId> {
        self.0.plugin_for(keyword)
    }
    fn manifest(&self, plugin: PluginId) -> &Manifest {
        self.0.manifest(plugin)
    }
    fn keyword_names(&self) -> Vec<String> {
        self.0.keyword_names()
    }
    fn card_plugins(&self) -> Vec<PluginId> {
        self.0.card_plugins()
    }
    fn any_subscribed(&self, hook: HookPoint) -> bool {
        self.0.any_subscribed(hook)
    }
    fn any_answers(&self, query: swtcg_plugin_api::Query) -> bool {
        self.0.any_answers(query)
    }
    fn call_hook(
        &mut self,
        plugin: PluginId,
        hook: HookPoint,
        ability: &Ability,
        event: &HookEvent,
        state: &GameState,
    ) -> Result<Vec<Effect>, HookError> {
        self.0.call_hook(plugin, hook, ability, event, state)
    }
    fn query(
        &mut self,
        plugin: PluginId,
        ability: &Ability,
        call: &QueryCall,
        state: &GameState,
    ) -> Result<QueryAnswer, HookError> {
        self.0.query(plugin, ability, call, state)
    }
    fn new_game(&mut self) {
        self.0.new_game()
    }
    fn resolved_texts(&mut self) -> Option<&mut swtcg_engine::game::ResolvedTexts> {
        self.0.resolved_texts()
    }
}

/// Counts the queries a host was asked.
#[derive(Default)]
struct Queries(u64);

impl Watcher for Queries {
    fn query_asked(
        &mut self,
        _host: &dyn AbilityHost,
        _call: QueryAsked<'_>,
        _answer: &Result<QueryAnswer, HookError>,
    ) {
        self.0 += 1;
    }
}

/// The seed decks `swtcg sim` plays (Switch, INSERT, Xesh's and Rukh's card plugins).
fn seed_decks() -> [Vec<Arc<CardDef>>; 2] {
    let cards = CardDb::bundled();
    let deck = |name: &str| {
        let text =
            std::fs::read_to_string(common::root().join("engine/data/decks").join(name)).unwrap();
        parse_deck_list(name, &text, &cards).unwrap()
    };
    [deck("seed-dark.txt"), deck("seed-light.txt")]
}

/// One seeded game of the seed decks on `host`, and the queries it asked.
fn play(host: &mut dyn AbilityHost, seed: u64, greedy: bool) -> (GameLog, u64) {
    let player = |s: u64| -> Box<dyn Player> {
        if greedy {
            Box::new(GreedyPlayer::default())
        } else {
            Box::new(RandomPlayer::new(s))
        }
    };
    let mut seats = Seats {
        dark: player(seed),
        light: player(seed + 1),
    };
    let mut watched = Watched::new(host, Queries::default());
    let ruleset = Arc::new(Ruleset::default());
    let log = {
        let mut game = Game::from_decks(seed_decks(), seed, ruleset, &mut watched, &mut seats);
        game.play().unwrap();
        game.log
    };
    (log, watched.into_watcher().0)
}

#[test]
fn answers_kept_by_what_plugins_read_change_no_game_and_spare_calls() {
    let mut kept = common::wasm_registry();
    let mut unread = common::wasm_registry();
    let (mut asked_kept, mut asked_unread) = (0, 0);
    for seed in 0..6 {
        let greedy = seed % 2 == 0;
        let (log, asked) = play(&mut kept, seed, greedy);
        let (expected, asked_before) = play(&mut Unread(&mut unread), seed, greedy);
        assert_eq!(
            log.entries, expected.entries,
            "seed {seed}: the game changed with answers kept across revisions"
        );
        asked_kept += asked;
        asked_unread += asked_before;
    }
    // The greedy seed games asked about 3,600 queries each with answers kept for a revision,
    // and about 700 with answers kept while what was read holds.
    assert!(
        asked_kept * 2 < asked_unread,
        "{asked_kept} queries with reads against {asked_unread} without"
    );
}

#[test]
fn a_switch_answer_holds_until_its_own_unit_changes() {
    let mut host = common::wasm_registry();
    let text = "Switch: Ferocity, Overkill/Stealth";
    let mut state = GameState::new(Arc::new(Ruleset::default()), 1);
    let mut card = CardDef::unit(
        "Krrsantan",
        CardSide::Dark,
        vec![Arena::Ground, Arena::Character],
        [5, 30, 5, 5],
    );
    card.abilities = vec![text.to_string()];
    let other = CardDef::unit("Other", CardSide::Light, vec![Arena::Ground], [2, 20, 2, 2]);
    let (krrsantan, other) = (
        state.new_card(Arc::new(card), Side::Dark),
        state.new_card(Arc::new(other), Side::Light),
    );
    let ground = Place::Arena(Arena::Ground);
    let me = state.add_unit(Unit::new(Side::Dark, krrsantan, ground));
    let them = state.add_unit(Unit::new(Side::Light, other, ground));
    let switch = host.plugin_for("Switch").expect("Switch is bundled");
    let parsed = swtcg_engine::ability::parse_ability(text, &host.keyword_names());
    let ability = Ability {
        unit: me.0,
        index: 0,
        text: parsed.text,
        parameter: parsed.parameter,
        cost: parsed.cost,
        under: false,
    };
    let (answer, reads) = host
        .query_reading(switch, &ability, &QueryCall::GrantedAbilities, &state)
        .unwrap();
    assert_eq!(
        answer,
        QueryAnswer::Abilities(vec!["Ferocity".into(), "Overkill".into()])
    );
    let reads = reads.expect("the registry says what a wasm plugin read");
    assert!(
        reads
            .0
            .iter()
            .any(|read| matches!(read, Read::Unit(id, Some(_)) if *id == me.0)),
        "Switch reads its own unit: {reads:?}"
    );
    // Damage on another unit: nothing Switch read changed.
    state.unit_mut(them).unwrap().damage = 1;
    assert!(reads.still_hold(&state));
    // Its unit moved to the Character arena: asked again, it gives the other half.
    state.unit_mut(me).unwrap().place = Place::Arena(Arena::Character);
    assert!(!reads.still_hold(&state));
    let (answer, _) = host
        .query_reading(switch, &ability, &QueryCall::GrantedAbilities, &state)
        .unwrap();
    assert_eq!(answer, QueryAnswer::Abilities(vec!["Stealth".into()]));
}
