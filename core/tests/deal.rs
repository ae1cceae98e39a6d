//! Dealing (RULES.md §10): the generator against an independent oracle, the shuffle's
//! fairness, bad input, and the shared cross-language vector `tests/vectors/deal.json`.
//!
//! The vector is regenerated from the engine and compared with the committed file;
//! `UPDATE_VECTORS=1 cargo test -p shisanshui --test deal` rewrites it.

use std::collections::HashSet;

use shisanshui::deal::{deal, seed_key, shuffled_deck, Dealer, DECK_SIZE, HAND_SIZE};
use shisanshui::{Card, Error};

mod support;

use support::{check_vectors, documented_shuffle};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/deal.json");

/// Seeds recorded in the vector: small, large, powers of two, the extremes.
const SEEDS: [u64; 8] = [0, 1, 2, 42, 1_234_567_890, 1 << 32, 1 << 63, u64::MAX];

/// RFC 8439 appendix A.1, test vector #1: ChaCha20 block 0 for the all-zero key and nonce.
/// Seed 0 is the all-zero key, so its first sixteen words must be this block, little-endian.
const RFC8439_ZERO_KEY_BLOCK0: &str = "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7\
                                       da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";

#[test]
fn generator_is_rfc8439_chacha20() {
    let bytes: Vec<u8> =
        (0..64).map(|i| u8::from_str_radix(&RFC8439_ZERO_KEY_BLOCK0[2 * i..2 * i + 2], 16).unwrap()).collect();
    let mut d = Dealer::from_seed(0);
    for chunk in bytes.chunks(4) {
        assert_eq!(d.next_word(), u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]));
    }
    assert_eq!(seed_key(0x0102_0304_0506_0708)[..9], [8, 7, 6, 5, 4, 3, 2, 1, 0]);
}

/// The documented shuffle of one deck, from the raw words.
fn documented_deck(seed: u64) -> Vec<u8> {
    let mut words = Dealer::from_seed(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    documented_shuffle(&mut deck, || words.next_word());
    deck
}

#[test]
fn shuffle_follows_the_documented_algorithm() {
    for seed in SEEDS.into_iter().chain(1000..1100) {
        let deck: Vec<u8> = shuffled_deck(seed).iter().map(|c| c.code()).collect();
        assert_eq!(deck, documented_deck(seed), "seed {seed}");
        for players in 2..=4 {
            let hands = deal(players, Some(seed)).unwrap();
            assert_eq!(hands.len(), players);
            for (p, hand) in hands.iter().enumerate() {
                let codes: Vec<u8> = hand.iter().map(|c| c.code()).collect();
                assert_eq!(codes, deck[p * HAND_SIZE..(p + 1) * HAND_SIZE], "seed {seed} seat {p}");
            }
        }
    }
}

#[test]
fn every_deal_is_a_partition_of_one_deck() {
    let mut dealer = Dealer::from_seed(99);
    for _ in 0..2000 {
        let hands = dealer.deal_four();
        let all: HashSet<Card> = hands.iter().flatten().copied().collect();
        assert_eq!(all.len(), DECK_SIZE);
    }
}

/// The shuffle is uniform: each card lands in each position about equally often
/// (chi-square over 52 × 52 cells; the bound is far above the 99.99th percentile of χ²(2601)).
#[test]
fn shuffle_is_not_biased() {
    let mut dealer = Dealer::from_seed(7);
    let rounds = 20_000u32;
    let mut counts = vec![[0u32; DECK_SIZE]; DECK_SIZE];
    for _ in 0..rounds {
        for (pos, card) in dealer.shuffle().iter().enumerate() {
            counts[pos][card.code() as usize] += 1;
        }
    }
    let expected = rounds as f64 / DECK_SIZE as f64;
    let chi2: f64 = counts.iter().flatten().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    // χ²(2601): mean 2601, sd ≈ 72; 3000 is > 5 sd.
    assert!(chi2 < 3000.0, "chi-square {chi2}");
    assert!(chi2 > 2200.0, "suspiciously uniform: {chi2}");
}

#[test]
fn seeds_give_different_deals() {
    let decks: HashSet<Vec<u8>> = (0..500u64).map(|s| shuffled_deck(s).iter().map(|c| c.code()).collect()).collect();
    assert_eq!(decks.len(), 500);
}

#[test]
fn unseeded_deals_are_unpredictable() {
    let a = deal(4, None).unwrap();
    let b = deal(4, None).unwrap();
    assert_ne!(a, b);
    // Not one of the recorded seeds either.
    for seed in SEEDS {
        assert_ne!(a, deal(4, Some(seed)).unwrap());
    }
}

#[test]
fn bad_player_counts_are_errors() {
    for players in [0usize, 1, 5, 13, usize::MAX] {
        for seed in [Some(1), None] {
            match deal(players, seed) {
                Err(Error::InvalidTable(msg)) => assert!(msg.contains(&players.to_string()), "{msg}"),
                other => panic!("{players} players: {other:?}"),
            }
        }
    }
}

fn codes(cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|c| c.code().to_string()).collect();
    format!("[{}]", v.join(", "))
}

fn generate() -> String {
    let mut out = String::new();
    out.push_str("{\n  \"version\": 1,\n");
    out.push_str(
        "  \"algorithm\": \"ChaCha20 (RFC 8439 keystream, zero nonce, counter from 0) keyed by the seed's 8 \
         little-endian bytes then 24 zero bytes; words are little-endian u32; below(n): draw until x < 2^32 - \
         (2^32 mod n), return x mod n; deck [0..51]; for i = 51 down to 1 swap(i, below(i + 1)); seat p gets \
         deck[13p .. 13p + 13] in order\",\n",
    );
    out.push_str("  \"keystream\": [\n");
    let ks: Vec<String> = SEEDS
        .iter()
        .map(|&seed| {
            let mut d = Dealer::from_seed(seed);
            let words: Vec<String> = (0..8).map(|_| d.next_word().to_string()).collect();
            format!("    {{\"seed\": {seed}, \"first_words\": [{}]}}", words.join(", "))
        })
        .collect();
    out.push_str(&ks.join(",\n"));
    out.push_str("\n  ],\n  \"deals\": [\n");
    let mut deals = Vec::new();
    for seed in SEEDS {
        for players in 2..=4 {
            let hands = deal(players, Some(seed)).unwrap();
            let hs: Vec<String> = hands.iter().map(|h| codes(h)).collect();
            let deck =
                if players == 4 { format!(", \"deck\": {}", codes(&shuffled_deck(seed))) } else { String::new() };
            deals.push(format!(
                "    {{\"seed\": {seed}, \"players\": {players}, \"hands\": [{}]{deck}}}",
                hs.join(", ")
            ));
        }
    }
    out.push_str(&deals.join(",\n"));
    out.push_str("\n  ],\n  \"errors\": [\n");
    out.push_str("    {\"players\": 1, \"kind\": \"invalid_table\"},\n");
    out.push_str("    {\"players\": 5, \"kind\": \"invalid_table\"},\n");
    out.push_str("    {\"players\": 0, \"kind\": \"invalid_table\"}\n");
    out.push_str("  ]\n}\n");
    out
}

#[test]
fn shared_vector_matches_the_engine() {
    let fresh = generate();
    // The file must be valid JSON with what the bindings read.
    let v: serde_json::Value = serde_json::from_str(&fresh).unwrap();
    assert_eq!(v["deals"].as_array().unwrap().len(), SEEDS.len() * 3);
    assert_eq!(v["deals"][SEEDS.len() * 3 - 1]["seed"].as_u64(), Some(u64::MAX));
    check_vectors(PATH, &fresh, "cargo test -p shisanshui --test deal", "");
}
