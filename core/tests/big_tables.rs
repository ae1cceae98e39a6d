//! Big tables (RULES.md §11): decks with extra suits, hands with copies, 5 to 8 seats.
//!
//! Every check here is against an oracle written from RULES.md in this file, not against the
//! engine's own structure:
//! - evaluation of every five- and three-card hand that holds a copy (1,149,200 and 2,652 of
//!   them), under both wheels, with and without the suit tie-break: category, the tie-break ranks
//!   of the documented layout and the deciding suit; batches agree with single calls;
//! - the documented deal over each of the 16 decks (Fisher–Yates over 52 to 104 cards), and the
//!   one-deck deal unchanged;
//! - special hands with copies against a brute force that groups each rank's cards in every
//!   way (set partitions) and walks every 3/5/5 split for the three-piece specials; the reading
//!   of copies agrees with the bit-set reading on hands without copies;
//! - bad input: a card once too often, copies under one deck, too many seats.
//!
//! `tests/vectors/big_tables.json` records deals, evaluations, specials, settlements and errors
//! for the other surfaces; `UPDATE_VECTORS=1 cargo test -p shisanshui --features serde --test
//! big_tables` rewrites it.

use shisanshui::card::{check_copies, parse_cards_in};
use shisanshui::deal::{deal, deal_for, shuffled_deck_of, Dealer};
use shisanshui::special::SpecialDetector;
use shisanshui::{
    Arrangement, Card, Category, Error, Evaluator, HandRank, Preset, Rules, Special, Suit, SuitSet, Wheel,
};

mod support;

use support::{documented_shuffle, SplitMix};

fn card(code: u8) -> Card {
    Card::from_code(code).unwrap()
}

fn cards(codes: &[u8]) -> Vec<Card> {
    codes.iter().map(|&c| card(c)).collect()
}

// ---------------------------------------------------------------------------------------------
// Evaluation: the oracle of RULES.md §3 and §11
// ---------------------------------------------------------------------------------------------

/// What RULES.md says a hand is: its category, its tie-break ranks in the documented nibble
/// layout, and the suit that decides under `suit_tiebreak`.
fn oracle_rank(hand: &[Card], wheel: Wheel) -> (Category, [u8; 5], Suit) {
    let mut count = [0u8; 13];
    for c in hand {
        count[c.rank().index() as usize] += 1;
    }
    // Ranks high to low, each as often as held; groups by size, then rank.
    let mut by_group: Vec<u8> = Vec::new();
    for size in (1..=5).rev() {
        for r in (0..13u8).rev() {
            if count[r as usize] == size {
                by_group.extend(std::iter::repeat(r).take(size as usize));
            }
        }
    }
    let mut by_rank: Vec<u8> = hand.iter().map(|c| c.rank().index()).collect();
    by_rank.sort_unstable_by(|a, b| b.cmp(a));
    let highest_suit = |rank: u8| hand.iter().filter(|c| c.rank().index() == rank).map(|c| c.suit()).max().unwrap();
    let pad = |v: &[u8]| {
        let mut n = [0u8; 5];
        n[..v.len()].copy_from_slice(v);
        n
    };
    if hand.len() == 3 {
        let cat = match by_group.iter().filter(|&&r| r == by_group[0]).count() {
            3 => Category::ThreeOfAKind,
            2 => Category::OnePair,
            _ => Category::HighCard,
        };
        return (cat, pad(&by_group), highest_suit(by_group[0]));
    }
    let one_suit = hand.iter().all(|c| c.suit() == hand[0].suit());
    let distinct = count.iter().filter(|&&n| n > 0).count() == 5;
    let wheel_ranks = distinct && [12u8, 0, 1, 2, 3].iter().all(|&r| count[r as usize] == 1);
    let run = distinct && (by_rank[0] - by_rank[4] == 4 || wheel_ranks);
    if run {
        let (top, card_rank) = if wheel_ranks {
            match wheel {
                Wheel::SecondHighest => (13, 12),
                _ => (3, 3),
            }
        } else if by_rank[0] == 12 && wheel == Wheel::SecondHighest {
            (14, 12)
        } else {
            (by_rank[0], by_rank[0])
        };
        let cat = if one_suit { Category::StraightFlush } else { Category::Straight };
        return (cat, [top, 0, 0, 0, 0], highest_suit(card_rank));
    }
    if one_suit {
        // A flush, pairs or not (§11), card by card from the highest.
        return (Category::Flush, pad(&by_rank), highest_suit(by_rank[0]));
    }
    let mut groups: Vec<u8> = count.iter().copied().filter(|&n| n > 0).collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let cat = match groups.as_slice() {
        [5] => Category::FiveOfAKind,
        [4, 1] => Category::FourOfAKind,
        [3, 2] => Category::FullHouse,
        [3, 1, 1] => Category::ThreeOfAKind,
        [2, 2, 1] => Category::TwoPair,
        [2, 1, 1, 1] => Category::OnePair,
        _ => Category::HighCard,
    };
    (cat, pad(&by_group), highest_suit(by_group[0]))
}

/// Every multiset of `n` codes holding some code twice and none three times.
fn hands_with_copies(n: usize) -> Vec<Vec<u8>> {
    fn rec(start: u8, left: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left == 0 {
            if cur.windows(2).any(|w| w[0] == w[1]) {
                out.push(cur.clone());
            }
            return;
        }
        for c in start..52 {
            let held = cur.iter().filter(|&&x| x == c).count();
            if held == 2 {
                continue;
            }
            cur.push(c);
            rec(c, left - 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(0, n, &mut Vec::new(), &mut out);
    out
}

#[test]
fn every_hand_with_copies_ranks_as_rules_md_says() {
    let fives = hands_with_copies(5);
    let threes = hands_with_copies(3);
    // [t^5] (1 + t + t²)^52 − C(52, 5): the five-card multisets of two decks with a repeat.
    assert_eq!(fives.len(), 1_149_200);
    assert_eq!(threes.len(), 2_652);
    let mut seen = std::collections::HashMap::new();
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        for tiebreak in [false, true] {
            let e = Evaluator::with_options(wheel, tiebreak).with_extra_suits(SuitSet::ALL);
            for codes in fives.iter().chain(&threes) {
                let hand = cards(codes);
                let got = e.evaluate(&hand).unwrap();
                let (cat, nibbles, suit) = oracle_rank(&hand, wheel);
                assert_eq!((got.category(), got.nibbles()), (cat, nibbles), "{hand:?} {wheel:?}");
                if tiebreak {
                    assert_eq!(got.tiebreak_suit(), suit, "{hand:?}");
                } else {
                    assert_eq!(got.value() & 3, 0, "{hand:?}");
                }
                *seen.entry(cat).or_insert(0u64) += 1;
            }
        }
    }
    // Five of a kind and paired flushes are among them.
    // Per rank, [t^5] (1 + t + t²)^4 = 16 ways; 13 ranks; four evaluators.
    assert_eq!(seen[&Category::FiveOfAKind], 4 * 13 * 16);
    assert!(seen[&Category::Flush] > 0);
}

#[test]
fn five_of_a_kind_and_paired_flushes_order_as_section_11_says() {
    let e = Evaluator::new(&Rules { extra_suits: SuitSet::ALL, ..Rules::classic() });
    let ev = |s: &str| e.evaluate(&parse_cards_in(s, SuitSet::ALL).unwrap()).unwrap();
    // Five of a kind is above every straight flush, and ranks by its rank.
    assert!(ev("2s 2s 2h 2d 2c") > ev("As Ks Qs Js Ts"));
    assert!(ev("3s 3s 3h 3d 3c") > ev("2s 2s 2h 2d 2c"));
    assert_eq!(ev("As As Ah Ad Ac").category(), Category::FiveOfAKind);
    // A flush may hold a pair, compared card by card.
    assert_eq!(ev("As As Ks 7s 2s").category(), Category::Flush);
    assert!(ev("As As Ks 7s 2s") > ev("As Ks Qs Js 9s"));
    assert!(ev("As Ks Ks 7s 2s") > ev("As Ks Qs Js 9s"));
    assert!(ev("As Qs Qs 7s 2s") < ev("As Ks 3s 4s 5s"));
    assert!(ev("As As Ks Ks 2s") > ev("As As Ks Qs Js"));
    // Still below a full house.
    assert!(ev("As As Ks 7s 2s") < ev("2d 2c 2h 3d 3c"));
    // Identical hands tie, under the suit tie-break too.
    let hk = Evaluator::new(&Rules { extra_suits: SuitSet::ALL, ..Rules::preset(Preset::Hk) });
    let a = hk.evaluate(&parse_cards_in("As Ks Qs Js 9s", SuitSet::ALL).unwrap()).unwrap();
    assert_eq!(a, hk.evaluate(&parse_cards_in("9s Js Qs Ks As", SuitSet::ALL).unwrap()).unwrap());
    // Five of a kind's suits: the group's highest suit decides, two equal highest suits tie.
    let fk = |s: &str| hk.evaluate(&parse_cards_in(s, SuitSet::ALL).unwrap()).unwrap();
    assert!(fk("7s 7h 7h 7d 7c") > fk("7h 7h 7d 7d 7c"));
    assert_eq!(fk("7s 7h 7h 7d 7c"), fk("7s 7s 7h 7d 7c"));
}

#[test]
fn batches_rank_copies_as_single_calls_do() {
    let e = Evaluator::new(&Rules { extra_suits: SuitSet::ALL, ..Rules::preset(Preset::Hk) });
    // In code order, so that the sorted batch shares the work of neighbours.
    let hands: Vec<[u8; 5]> = hands_with_copies(5).into_iter().step_by(7).map(|v| v.try_into().unwrap()).collect();
    let mut out = vec![HandRank::default(); hands.len()];
    shisanshui::batch::Batch::new().threads(2).eval5(&e, &hands, &mut out).unwrap();
    for (h, r) in hands.iter().zip(&out) {
        assert_eq!(*r, e.evaluate(&cards(h)).unwrap(), "{h:?}");
    }
    // One deck refuses the same rows, naming the first.
    let one = Evaluator::new(&Rules::preset(Preset::Hk));
    let err = shisanshui::batch::Batch::new().eval5(&one, &hands, &mut out).unwrap_err();
    assert_eq!(err.row(), Some(0));
    assert!(matches!(err.error(), Error::DuplicateCard { .. }));
}

#[test]
fn copies_are_checked_against_the_deck() {
    let spades = SuitSet::of(&[Suit::Spades]);
    let rules = Rules { extra_suits: spades, ..Rules::classic() };
    let e = Evaluator::new(&rules);
    // Two copies of a spade: fine. A third: named.
    assert!(e.evaluate(&parse_cards_in("As As Ks Qs Js", spades).unwrap()).is_ok());
    assert_eq!(
        parse_cards_in("As As Ks As", spades).unwrap_err(),
        Error::TooManyCopies { card: "As".parse().unwrap(), position: 3, copies: 2 }
    );
    assert_eq!(
        e.evaluate(&cards(&[51, 51, 51, 47, 43])).unwrap_err().to_string(),
        "card As at position 2 is one copy too many (the deck holds 2)"
    );
    // A heart is held once: its copy is a duplicate.
    assert_eq!(
        check_copies(
            &parse_cards_in("Ah As", spades).unwrap().into_iter().chain([card(50)]).collect::<Vec<_>>(),
            spades
        ),
        Err(Error::DuplicateCard { card: card(50), position: 2, seats: None })
    );
    // One deck takes no copies anywhere.
    assert!(matches!(
        Evaluator::new(&Rules::classic()).evaluate(&cards(&[51, 51, 47, 43, 39])),
        Err(Error::DuplicateCard { .. })
    ));
    assert!(matches!(
        Arrangement::parse_in("As As Kd / 2c 3c 4c 5c 6c / 7d 8d 9d Td Jd", SuitSet::EMPTY),
        Err(Error::DuplicateCard { position: 1, .. })
    ));
    let a = Arrangement::parse_in("As As Kd / 2c 3c 4c 5c 6c / 7d 8d 9d Td Jd", spades).unwrap();
    assert_eq!(a.evaluate(&rules).front.category(), Category::OnePair);
    // A bit set cannot hold copies.
    assert!(
        matches!(shisanshui::CardSet::try_from_cards(&cards(&[51, 51])), Err(Error::InvalidArgument(m)) if m.contains("As"))
    );
}

#[test]
fn extra_suits_are_an_option_of_every_rule_set() {
    for p in Preset::ALL {
        let r = Rules::preset(p);
        assert!(r.extra_suits.is_empty(), "{p}");
        assert_eq!((r.max_players(), r.deck().len()), (4, 52));
    }
    for bits in 0..16u8 {
        let s = SuitSet::from_bits(bits).unwrap();
        let r = Rules { extra_suits: s, ..Rules::classic() };
        assert_eq!(r.max_players(), 4 + s.len());
        let deck = r.deck();
        assert_eq!(deck.len(), 52 + 13 * s.len());
        assert!(deck[..52].iter().enumerate().all(|(i, c)| c.code() as usize == i));
        for c in 0..52u8 {
            let n = deck.iter().filter(|d| d.code() == c).count();
            assert_eq!(n, 1 + s.contains(card(c).suit()) as usize);
        }
        assert_eq!(s.to_string().parse::<SuitSet>().unwrap(), s);
    }
    assert_eq!("sh".parse::<SuitSet>().unwrap(), SuitSet::of(&[Suit::Hearts, Suit::Spades]));
    assert_eq!("♠, ♥".parse::<SuitSet>().unwrap().to_string(), "hs");
    for bad in ["ss", "x", "s h s"] {
        assert!(
            matches!(bad.parse::<SuitSet>(), Err(Error::InvalidRules { path, .. }) if path == "extra_suits"),
            "{bad}"
        );
    }
    assert!(SuitSet::from_bits(16).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn extra_suits_in_json() {
    let r = Rules::classic().with_json_changes(r#"{"extra_suits": ["s", "h"]}"#).unwrap();
    assert_eq!(r.extra_suits.to_string(), "hs");
    assert!(r.to_json().contains("\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]"));
    assert_eq!(Rules::from_json(&r.to_json()).unwrap(), r);
    for (bad, why) in [
        (r#"["s", "s"]"#, "listed twice"),
        (r#"["x"]"#, "unknown suit"),
        (r#"["sh"]"#, "not one suit letter"),
        (r#""s""#, "sequence"),
    ] {
        let e = Rules::classic().with_json_changes(&format!(r#"{{"extra_suits": {bad}}}"#)).unwrap_err();
        match e {
            Error::InvalidRules { path, reason } => {
                assert_eq!(path, "extra_suits", "{bad}");
                assert!(reason.contains(why), "{bad}: {reason}");
            }
            e => panic!("{bad}: {e:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Dealing (§11): the documented shuffle over the bigger deck
// ---------------------------------------------------------------------------------------------

/// The shuffle of the module docs over the deck with `extra` doubled, from the raw words.
fn documented_deck(extra: SuitSet, seed: u64) -> Vec<u8> {
    let mut words = Dealer::from_seed(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    deck.extend((0..52u8).filter(|&c| extra.contains(card(c).suit())));
    documented_shuffle(&mut deck, || words.next_word());
    deck
}

#[test]
fn deals_of_every_deck_follow_the_documented_shuffle() {
    for bits in 0..16u8 {
        let extra = SuitSet::from_bits(bits).unwrap();
        let rules = Rules { extra_suits: extra, ..Rules::classic() };
        for seed in [0u64, 1, 7, 1 << 40, u64::MAX] {
            let want = documented_deck(extra, seed);
            let deck: Vec<u8> = shuffled_deck_of(extra, seed).iter().map(|c| c.code()).collect();
            assert_eq!(deck, want, "{extra} seed {seed}");
            let players = rules.max_players();
            let hands = deal_for(&rules, players, Some(seed)).unwrap();
            for (p, h) in hands.iter().enumerate() {
                assert_eq!(h.map(|c| c.code()).to_vec(), want[13 * p..13 * p + 13].to_vec());
            }
            rules.check_cards(&hands.concat()).unwrap();
            if extra.is_empty() {
                assert_eq!(hands, deal(4, Some(seed)).unwrap(), "one deck: today's deal");
            }
        }
    }
}

#[test]
fn seats_are_checked_against_the_deck() {
    let six = Rules { extra_suits: "sh".parse().unwrap(), ..Rules::classic() };
    assert_eq!(
        deal_for(&six, 7, Some(1)).unwrap_err(),
        Error::InvalidTable("7 players, but a table of 78 cards (extra suits hs) seats 2 to 6".into())
    );
    assert_eq!(
        deal_for(&Rules::classic(), 5, Some(1)).unwrap_err(),
        Error::InvalidTable("5 players, but a table of one deck (52 cards) seats 2 to 4".into())
    );
    let two = Rules { extra_suits: SuitSet::ALL, ..Rules::classic() };
    assert_eq!(
        deal_for(&two, 9, Some(1)).unwrap_err(),
        Error::InvalidTable("9 players, but a table of two decks (104 cards) seats 2 to 8".into())
    );
    assert!(deal_for(&two, 8, None).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Specials under copies (§11): a brute force that groups each rank's cards in every way
// ---------------------------------------------------------------------------------------------

/// Every set partition of `n` labelled cards, as the multiset of its block sizes.
fn block_sizes(n: usize) -> Vec<Vec<usize>> {
    fn rec(i: usize, n: usize, blocks: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if i == n {
            let mut b = blocks.clone();
            b.sort_unstable();
            out.push(b);
            return;
        }
        for k in 0..blocks.len() {
            blocks[k] += 1;
            rec(i + 1, n, blocks, out);
            blocks[k] -= 1;
        }
        blocks.push(1);
        rec(i + 1, n, blocks, out);
        blocks.pop();
    }
    let mut out = Vec::new();
    rec(0, n, &mut Vec::new(), &mut out);
    out
}

/// Whether the hand's ranks can be grouped into `target` (block sizes), §11's rule: a rank of
/// three is trips and a pair a pair; with `split_quads` a rank of four or more may be any groups
/// of one to four cards; without it every rank is one group.
fn shape_oracle(counts: &[usize], target: &[usize], split: bool) -> bool {
    fn rec(counts: &[usize], left: &[usize], split: bool) -> bool {
        let Some((&c, rest)) = counts.split_first() else {
            return left.is_empty();
        };
        for blocks in block_sizes(c) {
            let allowed = if c >= 4 && split { blocks.iter().all(|&b| b <= 4) } else { blocks == [c] };
            if !allowed {
                continue;
            }
            let mut l = left.to_vec();
            if blocks.iter().all(|b| l.iter().position(|x| x == b).map(|i| l.remove(i)).is_some())
                && rec(rest, &l, split)
            {
                return true;
            }
        }
        false
    }
    rec(counts, target, split)
}

/// Call `f` with every 3/5/5 split of 13 cards (front, middle, back) whose back makes the piece
/// (checked first, to keep the walk short).
fn for_each_split(hand: &[Card], back_ok: impl Fn(&[Card]) -> bool, mut f: impl FnMut(&[Card], &[Card], &[Card])) {
    let pick = |m: u16, out: &mut Vec<Card>| {
        out.clear();
        out.extend(hand.iter().enumerate().filter(|(i, _)| m >> i & 1 == 1).map(|(_, c)| *c));
    };
    let (mut fr, mut mi, mut ba) = (Vec::new(), Vec::new(), Vec::new());
    for back in 0u16..1 << 13 {
        if back.count_ones() != 5 {
            continue;
        }
        pick(back, &mut ba);
        if !back_ok(&ba) {
            continue;
        }
        let rest = 0x1FFF & !back;
        let mut middle = rest;
        while middle != 0 {
            if middle.count_ones() == 5 {
                pick(middle, &mut mi);
                pick(rest & !middle, &mut fr);
                f(&fr, &mi, &ba);
            }
            middle = (middle - 1) & rest;
        }
    }
}

fn piece_ok(kind: Special, cards: &[Card]) -> bool {
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank().index()).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let run = ranks.len() == cards.len()
        && (ranks[ranks.len() - 1] - ranks[0] == cards.len() as u8 - 1
            || (cards.len() == 3 && ranks == [0, 1, 12])
            || (cards.len() == 5 && ranks == [0, 1, 2, 3, 12]));
    match kind {
        Special::ThreeStraightFlushes => flush && run,
        Special::ThreeFlushes => flush,
        _ => run,
    }
}

/// Every special the hand makes by the letter of §6 and §11 (enabled or not), and for each
/// three-piece special the best legal split's lane values.
fn special_oracle(hand: &[Card], rules: &Rules) -> (Vec<Special>, Vec<(Special, [HandRank; 3])>) {
    let mut made = Vec::new();
    let mut count = [0usize; 13];
    for c in hand {
        count[c.rank().index() as usize] += 1;
    }
    if count.iter().all(|&n| n == 1) {
        made.push(Special::Dragon);
        if hand.iter().all(|c| c.suit() == hand[0].suit()) {
            made.push(Special::SupremeDragon);
        }
    }
    if hand.iter().filter(|c| c.rank().index() >= 9).count() >= rules.twelve_royals_min as usize {
        made.push(Special::TwelveRoyals);
    }
    if hand.iter().all(|c| c.rank().index() >= 6) {
        made.push(Special::AllBig);
    }
    if hand.iter().all(|c| c.rank().index() <= 6) {
        made.push(Special::AllSmall);
    }
    match hand.iter().filter(|c| c.suit().is_red()).count() {
        0 | 13 => made.push(Special::OneColor),
        1 => made.push(Special::TwelveBlackOneRed),
        12 => made.push(Special::TwelveRedOneBlack),
        _ => {}
    }
    let present: Vec<usize> = count.iter().copied().filter(|&n| n > 0).collect();
    for (s, target) in [
        (Special::ThreeQuads, vec![1, 4, 4, 4]),
        (Special::ThreeTripsQuad, vec![3, 3, 3, 4]),
        (Special::FourTrips, vec![1, 3, 3, 3, 3]),
        (Special::FivePairsTrips, vec![2, 2, 2, 2, 2, 3]),
        (Special::SixPairs, vec![1, 2, 2, 2, 2, 2, 2]),
    ] {
        if shape_oracle(&present, &target, rules.split_quads) {
            made.push(s);
        }
    }
    let e = Evaluator::new(rules);
    let mut best = Vec::new();
    for kind in [Special::ThreeStraightFlushes, Special::ThreeFlushes, Special::ThreeStraights] {
        let mut top: Option<[HandRank; 3]> = None;
        for_each_split(
            hand,
            |b| piece_ok(kind, b),
            |f, m, b| {
                if !(piece_ok(kind, f) && piece_ok(kind, m)) {
                    return;
                }
                let (rf, rm, rb) = (e.evaluate(f).unwrap(), e.evaluate(m).unwrap(), e.evaluate(b).unwrap());
                let legal = if rules.strict_order {
                    rf.front_key() < rm.front_key() && rm.ranks_only() < rb.ranks_only()
                } else {
                    rf.front_key() <= rm.front_key() && rm.ranks_only() <= rb.ranks_only()
                };
                if legal && top.map_or(true, |t| [rb, rm, rf] > t) {
                    top = Some([rb, rm, rf]);
                }
            },
        );
        if let Some(t) = top {
            made.push(kind);
            best.push((kind, t));
        }
    }
    (made, best)
}

/// 13 cards from `deck` that lean on a few ranks or suits, so that shapes and pieces come up.
fn shaped_hand(rng: &mut SplitMix, deck: &[Card]) -> Vec<Card> {
    let mut pool: Vec<Card> = match rng.below(4) {
        // Four to six ranks only: groups of four and more.
        0 => {
            let mut ranks: Vec<u8> = (0..13).collect();
            rng.shuffle(&mut ranks);
            let keep = &ranks[..4 + rng.below(3)];
            deck.iter().copied().filter(|c| keep.contains(&c.rank().index())).collect()
        }
        // One or two suits: flush pieces.
        1 => {
            let s = rng.below(4) as u8;
            let t = rng.below(4) as u8;
            deck.iter().copied().filter(|c| c.suit() as u8 == s || c.suit() as u8 == t).collect()
        }
        // A window of ranks: straight pieces.
        2 => {
            let lo = rng.below(8) as u8;
            deck.iter().copied().filter(|c| (lo..lo + 6).contains(&c.rank().index())).collect()
        }
        _ => deck.to_vec(),
    };
    rng.shuffle(&mut pool);
    if pool.len() < 13 {
        pool = deck.to_vec();
        rng.shuffle(&mut pool);
    }
    pool.truncate(13);
    pool
}

fn check_special(hand: &[Card], rules: &Rules, detector: &SpecialDetector) {
    let got = detector.detect(hand).unwrap();
    let (made, best) = special_oracle(hand, rules);
    let want: Vec<Special> = rules.specials.iter().map(|s| s.special).filter(|s| made.contains(s)).collect();
    assert_eq!(got.all, want, "{hand:?} under {rules:?}");
    assert_eq!(got.best, want.first().copied());
    if let Some((_, lanes)) = best.iter().find(|(s, _)| Some(*s) == got.best) {
        let a = got.arrangement.expect("a three-piece special comes with its arrangement");
        let eval = a.evaluate(rules);
        assert_eq!([eval.back, eval.middle, eval.front], *lanes, "{hand:?}");
        assert!(!eval.foul.is_foul());
        let mut held: Vec<Card> = a.cards().to_vec();
        let mut h = hand.to_vec();
        held.sort();
        h.sort();
        assert_eq!(held, h, "the arrangement holds the hand's cards");
    }
}

#[test]
fn specials_with_copies_match_the_brute_force() {
    let mut rng = SplitMix(0x5bec_1a15);
    let mut seen = std::collections::HashMap::new();
    let rounds = if cfg!(debug_assertions) { 30 } else { 800 };
    for i in 0..rounds {
        let preset = Preset::ALL[i % Preset::ALL.len()];
        let mut rules = Rules::preset(preset);
        rules.extra_suits = SuitSet::from_bits(1 + rng.below(15) as u8).unwrap();
        rules.split_quads = rng.chance(70);
        rules.strict_order = rng.chance(20);
        if rng.chance(30) {
            // Every special enabled, so the oracle's whole list is compared.
            for s in Special::ALL {
                if rules.special_order(s).is_none() {
                    rules.set_special_water(s, 1);
                }
            }
        }
        let detector = SpecialDetector::new(&rules).unwrap();
        let hand = shaped_hand(&mut rng, &rules.deck());
        check_special(&hand, &rules, &detector);
        for s in detector.detect(&hand).unwrap().all {
            *seen.entry(s).or_insert(0) += 1;
        }
    }
    // The generator reaches the shapes that only copies make.
    for s in
        [Special::ThreeQuads, Special::FourTrips, Special::SixPairs, Special::ThreeFlushes, Special::ThreeStraights]
    {
        assert!(seen.get(&s).copied().unwrap_or(0) > 0, "{s:?} never came up: {seen:?}");
    }
}

#[test]
fn the_grouping_rule_of_section_11() {
    let two = Rules { extra_suits: SuitSet::ALL, ..Rules::classic() };
    let hand = parse_cards_in("9s 9s 9h 9d 9c 8s 8s 8h 8d 7s 7h 7d 7c", SuitSet::ALL).unwrap();
    // 5 + 4 + 4: three quads with split_quads (5 = 4 + 1), no shape without it.
    assert_eq!(SpecialDetector::new(&two).unwrap().detect(&hand).unwrap().best, Some(Special::ThreeQuads));
    let exact = Rules { split_quads: false, ..two.clone() };
    let found = SpecialDetector::new(&exact).unwrap().detect(&hand).unwrap();
    assert!(!found.all.contains(&Special::ThreeQuads), "{found:?}");
    // Six of a rank as 2 + 2 + 2 makes six pairs with three other pairs and a single.
    let six = parse_cards_in("As As Ah Ah Ad Ac Ks Ks Qh Qh Jd Jd 2c", SuitSet::ALL).unwrap();
    assert!(SpecialDetector::new(&two).unwrap().detect(&six).unwrap().all.contains(&Special::SixPairs));
    // Trips never split: five pairs and trips is not six pairs.
    let fpt = parse_cards_in("As As Ah Ks Ks Qh Qh Jd Jd Tc Tc 9s 9s", SuitSet::ALL).unwrap();
    let f = SpecialDetector::new(&two).unwrap().detect(&fpt).unwrap();
    assert!(f.all.contains(&Special::FivePairsTrips) && !f.all.contains(&Special::SixPairs), "{f:?}");
}

#[test]
fn the_copies_reading_agrees_with_the_bit_set_reading() {
    // On hands without copies both readings must say the same, lanes included.
    let mut rng = SplitMix(0xd15_7117c7);
    for i in 0..if cfg!(debug_assertions) { 100 } else { 3_000 } {
        let mut rules = Rules::preset(Preset::ALL[i % Preset::ALL.len()]);
        rules.strict_order = rng.chance(20);
        rules.split_quads = rng.chance(80);
        let detector = SpecialDetector::new(&rules).unwrap();
        let hand = shaped_hand(&mut rng, &rules.deck());
        let a = detector.detect(&hand).unwrap();
        let b = detector.detect_copies(&hand.clone().try_into().unwrap());
        assert_eq!((a.best, &a.all), (b.best, &b.all), "{hand:?}");
        let lanes = |x: Option<Arrangement>| {
            x.map(|a| {
                let e = a.evaluate(&rules);
                [e.front, e.middle, e.back]
            })
        };
        assert_eq!(lanes(a.arrangement), lanes(b.arrangement), "{hand:?}");
    }
}

#[test]
fn big_tables_settle_from_a_deal() {
    // A two-deck table of eight, arranged plainly by the cards' order, settles and sums to zero.
    for (preset, extra, players) in [(Preset::Classic, "dchs", 8), (Preset::Ranked, "sh", 6), (Preset::Kx, "s", 5)] {
        let rules = Rules { extra_suits: extra.parse().unwrap(), ..Rules::preset(preset) };
        let hands = deal_for(&rules, players, Some(42)).unwrap();
        let seats: Vec<shisanshui::PlayerHand> =
            hands.iter().map(|h| Arrangement::from_cards_in(h, rules.extra_suits).unwrap().into()).collect();
        let s = shisanshui::settle(&seats, &rules).unwrap();
        assert_eq!(s.totals.len(), players);
        assert_eq!(s.totals.iter().copied().sum::<shisanshui::Water>(), shisanshui::Water::ZERO);
        // One deck refuses the same table, naming both numbers.
        let one = Rules { extra_suits: SuitSet::EMPTY, ..rules.clone() };
        assert!(
            matches!(shisanshui::settle(&seats, &one), Err(Error::InvalidTable(m)) if m.contains(&players.to_string()))
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The shared vectors: tests/vectors/big_tables.json
// ---------------------------------------------------------------------------------------------

#[cfg(feature = "serde")]
mod vectors {
    use super::*;
    use shisanshui::settle::{settle_with_banker, PlayerHand};
    use shisanshui::Table;
    use support::{check_vectors, codes_json, document, js};

    const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/big_tables.json");

    fn error_name(e: &Error) -> &'static str {
        match e {
            Error::DuplicateCard { .. } => "duplicate_card",
            Error::TooManyCopies { .. } => "too_many_copies",
            Error::InvalidTable(_) => "invalid_table",
            Error::InvalidRules { .. } => "invalid_rules",
            Error::InvalidArgument(_) => "invalid_argument",
            other => panic!("unexpected error kind in the vectors: {other:?}"),
        }
    }

    fn codes(cards: &[Card]) -> String {
        codes_json(cards.iter().map(|c| c.code()))
    }

    /// The biggest groups at the back, then the middle, then the front: plain, deterministic
    /// lanes (they may foul; fouls are settled as fouls).
    fn plain_lanes(hand: &[Card], extra: SuitSet) -> Arrangement {
        let mut count = [0u8; 13];
        for c in hand {
            count[c.rank().index() as usize] += 1;
        }
        let mut c = hand.to_vec();
        c.sort_by_key(|c| std::cmp::Reverse((count[c.rank().index() as usize], c.code())));
        Arrangement::new_in(&c[10..], &c[5..10], &c[..5], extra).unwrap()
    }

    fn seat_json(seat: &PlayerHand) -> String {
        match seat {
            PlayerHand::Arranged(a) => format!("{{\"arranged\": {}}}", codes(&a.cards())),
            PlayerHand::Special { special, cards } => {
                format!("{{\"special\": \"{}\", \"cards\": {}}}", special.id(), codes(cards))
            }
        }
    }

    fn generate() -> String {
        let mut deals = Vec::new();
        for (extra, players, seed) in
            [("s", 5, 7u64), ("sh", 6, 1), ("dhs", 7, 42), ("dchs", 8, 0), ("dchs", 5, u64::MAX), ("", 4, 7)]
        {
            let rules = Rules { extra_suits: extra.parse().unwrap(), ..Rules::classic() };
            let deck = shuffled_deck_of(rules.extra_suits, seed);
            let hands = deal_for(&rules, players, Some(seed)).unwrap();
            let hands: Vec<String> = hands.iter().map(|h| codes(h)).collect();
            deals.push(format!(
                "{{\"extra_suits\": {}, \"players\": {players}, \"seed\": {seed}, \"deck\": {}, \"hands\": [{}]}}",
                js(extra),
                codes(&deck),
                hands.join(", ")
            ));
        }

        let mut evaluations = Vec::new();
        for text in [
            "As As Ah Ad Ac",
            "2s 2s 2h 2d 2c",
            "7s 7h 7h 7d 7c",
            "7h 7h 7d 7d 7c",
            "As As Ks 7s 2s",
            "As Ks Qs Js 9s",
            "As As Ks Ks 2s",
            "Ks Ks Qs Qs Js",
            "Ah Ah Kh",
            "As Ks Ks 7s 2s",
            "As As Ad Kh Kh",
            "5s 5s 4s 3s 2s",
            "As As 2s 3s 4s",
        ] {
            let hand = parse_cards_in(text, SuitSet::ALL).unwrap();
            let extra: String = SuitSet::of(&hand.iter().map(|c| c.suit()).collect::<Vec<_>>()).to_string();
            for (wheel, tiebreak) in [(Wheel::SecondHighest, false), (Wheel::Lowest, true)] {
                let e = Evaluator::with_options(wheel, tiebreak).with_extra_suits(extra.parse().unwrap());
                let r = e.evaluate(&hand).unwrap();
                let wheel_name = if wheel == Wheel::Lowest { "lowest" } else { "second_highest" };
                evaluations.push(format!(
                    "{{\"extra_suits\": {}, \"wheel\": \"{wheel_name}\", \"suit_tiebreak\": {tiebreak}, \"cards\": {}, \"value\": {}, \"category\": {}}}",
                    js(&extra),
                    codes(&hand),
                    r.value(),
                    r.category() as u8
                ));
            }
        }

        let mut specials = Vec::new();
        for (preset, extra, split, text) in [
            ("classic", "dchs", true, "9s 9s 9h 9d 9c 8s 8s 8h 8d 7s 7h 7d 7c"),
            ("classic", "dchs", false, "9s 9s 9h 9d 9c 8s 8s 8h 8d 7s 7h 7d 7c"),
            ("classic", "sh", true, "As As Ah Ah Ad Ac Ks Ks Qh Qh Jd Jc 2c"),
            ("regional", "s", true, "As As Ks Ks Qs 9h 8h 7h 6h 5h 4d 3d 2d"),
            ("kx", "sh", true, "2s 2s 3s 4s 5s 6h 7h 8h 9h Th Jd Qd Kd"),
            ("hk", "dchs", true, "As As Ah Ks Ks Qh Qh Jd Jd Tc Tc 9s 9s"),
            ("classic", "s", true, "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"),
            ("ranked", "h", true, "2h 2h 3h 4h 5h 6h 7h 8h 3d 4d 5d 6d 7d"),
        ] {
            let mut rules = Rules::preset(preset.parse().unwrap());
            rules.extra_suits = extra.parse().unwrap();
            rules.split_quads = split;
            let hand = parse_cards_in(text, rules.extra_suits).unwrap();
            let found = shisanshui::detect_special(&hand, &rules).unwrap();
            let all: Vec<String> = found.all.iter().map(|s| format!("\"{}\"", s.id())).collect();
            let best = found.best.map_or("null".to_string(), |s| format!("\"{}\"", s.id()));
            specials.push(format!(
                "{{\"preset\": \"{preset}\", \"extra_suits\": {}, \"split_quads\": {split}, \"strict_order\": false, \"cards\": {}, \"best\": {best}, \"all\": [{}]}}",
                js(extra),
                codes(&hand),
                all.join(", ")
            ));
        }

        let mut settlements = Vec::new();
        for (preset, extra, players, seed, table, banker) in [
            ("classic", "s", 5, 11u64, "all_pairs", None),
            ("classic", "sh", 6, 12, "banker", Some(2usize)),
            ("regional", "dhs", 7, 13, "all_pairs", None),
            ("kx", "dchs", 8, 14, "all_pairs", None),
            ("hk", "s", 5, 15, "all_pairs", None),
            ("ranked", "sh", 6, 16, "all_pairs", None),
            ("ranked", "dchs", 6, 17, "all_pairs", None),
            ("chinese_poker", "dc", 6, 18, "banker", Some(5)),
        ] {
            let mut rules = Rules::preset(preset.parse().unwrap());
            rules.extra_suits = extra.parse().unwrap();
            if table == "banker" {
                rules.table = Table::Banker;
            }
            let hands = deal_for(&rules, players, Some(seed)).unwrap();
            let mut seats: Vec<PlayerHand> = hands.iter().map(|h| plain_lanes(h, rules.extra_suits).into()).collect();
            // A declared special among five normal players: ranked shares it in fifths. Seat 0
            // takes six pairs from its own cards and the undealt ones.
            if preset == "ranked" && extra == "dchs" {
                let deck = shuffled_deck_of(rules.extra_suits, seed);
                let mut pool: Vec<Card> = deck[..13].iter().chain(&deck[13 * players..]).copied().collect();
                pool.sort();
                let mut sp: Vec<Card> = Vec::new();
                for r in (0..13u8).rev() {
                    let of_rank: Vec<Card> = pool.iter().copied().filter(|c| c.rank().index() == r).collect();
                    if of_rank.len() >= 2 && sp.len() < 12 {
                        sp.extend(&of_rank[..2]);
                    }
                }
                sp.push(*pool.iter().find(|c| !sp.contains(c)).unwrap());
                assert_eq!(sp.len(), 13);
                seats[0] = PlayerHand::special_in(Special::SixPairs, &sp, rules.extra_suits).unwrap();
            }
            let s = settle_with_banker(&seats, &rules, banker).unwrap();
            let seats_json: Vec<String> = seats.iter().map(seat_json).collect();
            let totals: Vec<String> =
                s.totals.iter().map(|w| format!("{{\"num\": {}, \"den\": {}}}", w.numer(), w.denom())).collect();
            let units: Vec<String> = s.totals.iter().map(|w| w.units().to_string()).collect();
            settlements.push(format!(
                "{{\"preset\": \"{preset}\", \"extra_suits\": {}, \"table\": \"{table}\", \"banker\": {}, \"seats\": [{}], \"totals\": [{}], \"units\": [{}]}}",
                js(extra),
                banker.map_or("null".into(), |b| b.to_string()),
                seats_json.join(", "),
                totals.join(", "),
                units.join(", ")
            ));
        }

        let mut errors = Vec::new();
        let err_row = |kind: &str, preset: &str, extra: &str, inputs: String, e: Error| {
            format!(
                "{{\"kind\": \"{kind}\", \"preset\": \"{preset}\", \"extra_suits\": {}, {inputs}, \"error\": \"{}\", \"message\": {}}}",
                js(extra),
                error_name(&e),
                js(&e.to_string())
            )
        };
        for (extra, c) in
            [("s", vec![51u8, 51, 51, 47, 43]), ("", vec![51, 51, 47, 43, 39]), ("s", vec![50, 50, 47, 43, 39])]
        {
            let e = Evaluator::new(&Rules { extra_suits: extra.parse().unwrap(), ..Rules::classic() })
                .evaluate(&cards(&c))
                .unwrap_err();
            errors.push(err_row("evaluate", "classic", extra, format!("\"cards\": {}", codes_json(c.clone())), e));
        }
        for (extra, text) in [("s", "As As Ks As"), ("", "As Ks As")] {
            let e = parse_cards_in(text, extra.parse::<SuitSet>().unwrap()).unwrap_err();
            errors.push(err_row("parse", "classic", extra, format!("\"text\": {}", js(text)), e));
        }
        for (extra, players) in [("", 5usize), ("sh", 7), ("dchs", 9), ("s", 1)] {
            let rules = Rules { extra_suits: extra.parse().unwrap(), ..Rules::classic() };
            let e = deal_for(&rules, players, Some(3)).unwrap_err();
            errors.push(err_row("deal", "classic", extra, format!("\"players\": {players}, \"seed\": 3"), e));
        }
        {
            // Five seats dealt from "sh", settled under one deck; and a spade a third time.
            let sh = Rules { extra_suits: "sh".parse().unwrap(), ..Rules::classic() };
            let hands = deal_for(&sh, 5, Some(9)).unwrap();
            let seats: Vec<PlayerHand> = hands.iter().map(|h| plain_lanes(h, SuitSet::ALL).into()).collect();
            let seat_rows = |seats: &[PlayerHand]| seats.iter().map(seat_json).collect::<Vec<_>>().join(", ");
            let e = shisanshui::settle(&seats, &Rules::classic()).unwrap_err();
            errors.push(err_row("settle", "classic", "", format!("\"seats\": [{}]", seat_rows(&seats)), e));
            let mut bad = seats.clone();
            let a: Vec<Card> = (0..13).map(|i| if i < 3 { card(51) } else { hands[0][i] }).collect();
            // Built as the struct (a round read from JSON is): the settlement checks the copies.
            bad[0] = Arrangement {
                front: a[..3].try_into().unwrap(),
                middle: a[3..8].try_into().unwrap(),
                back: a[8..].try_into().unwrap(),
            }
            .into();
            let held: usize = bad.iter().flat_map(|s| s.cards()).filter(|c| c.code() == 51).count();
            assert!(held > 2);
            let e = shisanshui::settle(&bad, &sh).unwrap_err();
            errors.push(err_row("settle", "classic", "sh", format!("\"seats\": [{}]", seat_rows(&bad)), e));
        }
        for bad in [r#"["s", "s"]"#, r#"["x"]"#] {
            let json = Rules::classic().to_json().replace("\"extra_suits\": []", &format!("\"extra_suits\": {bad}"));
            let e = Rules::from_json(&json).unwrap_err();
            errors.push(err_row("rules_json", "classic", "", format!("\"json\": {}", js(&json)), e));
        }

        document(
            "",
            &[
                ("deals", &deals),
                ("evaluations", &evaluations),
                ("specials", &specials),
                ("settlements", &settlements),
                ("errors", &errors),
            ],
        )
    }

    #[test]
    fn vectors_match_engine() {
        check_vectors(
            PATH,
            &generate(),
            "cargo test --release -p shisanshui --features serde --test big_tables",
            " (the big-table deal, evaluation, specials or settlement changed)",
        );
    }

    #[test]
    fn vectors_read_back() {
        // The committed file is valid JSON with what every surface reads.
        if support::vectors_absent(PATH) {
            return;
        }
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(PATH).unwrap()).unwrap();
        for key in ["deals", "evaluations", "specials", "settlements", "errors"] {
            assert!(!v[key].as_array().unwrap().is_empty(), "{key}");
        }
        // A ranked share among five or more normal players is in the file: not twelfths.
        let units = v["settlements"].as_array().unwrap().iter().flat_map(|s| s["units"].as_array().unwrap().clone());
        assert!(units.map(|u| u.as_i64().unwrap()).any(|u| u % 70 != 0), "no water beyond twelfths recorded");
    }
}

// ---------------------------------------------------------------------------------------------
// Auto-arrangement at big tables (§11, §7)
// ---------------------------------------------------------------------------------------------

/// Random big-table hands: each of the 16 decks, every preset, 2 to the deck's seats, both roles.
#[test]
fn big_table_arrangement_is_legal_and_exact() {
    use shisanshui::arrange::{Arranger, Role};
    let mut rng = SplitMix(0xa11a_26e5);
    let hands = if cfg!(debug_assertions) { 16 } else { 400 };
    let mut with_copies = 0;
    let mut fives = 0;
    for i in 0..hands {
        let mut rules = Rules::preset(Preset::ALL[i % Preset::ALL.len()]);
        rules.extra_suits = SuitSet::from_bits(1 + (i % 15) as u8).unwrap();
        rules.strict_order = rng.chance(15);
        let players = 2 + rng.below(rules.max_players() - 1);
        let role = if rules.scoring == shisanshui::ScoringMode::Pairwise && rng.chance(30) {
            rules.table = shisanshui::Table::Banker;
            if rng.coin() {
                Role::Banker
            } else {
                Role::Player
            }
        } else {
            Role::Player
        };
        let arranger = Arranger::new_for(&rules, players, role).unwrap();
        let hand = shaped_hand(&mut rng, &rules.deck());
        let got = match arranger.arrange(&hand) {
            Ok(a) => a,
            // Only strict order can leave no legal split.
            Err(Error::NoLegalArrangement(_)) if rules.strict_order => continue,
            Err(e) => panic!("{hand:?}: {e}"),
        };
        let eval = got.arrangement.evaluate(&rules);
        assert!(!eval.foul.is_foul(), "{hand:?} → {}", got.arrangement);
        let mut back: Vec<Card> = got.arrangement.cards().to_vec();
        let mut held = hand.clone();
        back.sort();
        held.sort();
        assert_eq!(back, held, "the same cards back");
        assert_eq!(got.categories, [eval.front.category(), eval.middle.category(), eval.back.category()]);
        assert!((arranger.expected_water(&got.arrangement) - got.expected_water).abs() < 1e-9);
        let copies = held.windows(2).any(|w| w[0] == w[1]);
        if copies {
            with_copies += 1;
            let reference = arranger.arrange_copies_exhaustive(&hand).unwrap();
            assert_eq!(got, reference, "{hand:?}: the search against every split");
            let s = arranger.suggest(&hand, 5).unwrap();
            assert_eq!(s[0].arrangement, got.arrangement);
            for (k, a) in s.iter().enumerate() {
                assert!(!a.arrangement.evaluate(&rules).foul.is_foul());
                assert!(s[..k].iter().all(|b| b.categories != a.categories));
            }
        }
        fives += got.categories.contains(&Category::FiveOfAKind) as u32;
    }
    assert!(with_copies > hands / 4, "{with_copies} of {hands} hands held copies");
    assert!(fives > 0, "five of a kind never played");
}

#[test]
fn five_of_a_kind_is_placed_where_it_pays() {
    use shisanshui::arrange::Arranger;
    let rules = Rules { extra_suits: SuitSet::ALL, ..Rules::classic() };
    let hand = parse_cards_in("9s 9s 9h 9d 9c Kd Qc 7h 6c 5d 4s 3h 2c", SuitSet::ALL).unwrap();
    let a = Arranger::new(&rules, 8).unwrap().arrange(&hand).unwrap();
    assert!(a.categories[1..].contains(&Category::FiveOfAKind), "{}", a.arrangement);
    // Nine seats are more than two decks deal to.
    assert!(matches!(Arranger::new(&rules, 9), Err(Error::InvalidTable(m)) if m.contains("9 players")));
    assert!(matches!(Arranger::new(&Rules::classic(), 5), Err(Error::InvalidTable(m)) if m.contains("5 players")));
    // Copies under one deck are refused, naming the card.
    let one = Arranger::new(&Rules::classic(), 4).unwrap();
    assert!(matches!(one.arrange(&hand), Err(Error::DuplicateCard { .. })));
}

#[test]
fn fixed_lanes_complete_hands_with_copies() {
    use shisanshui::arrange::Arranger;
    use shisanshui::hints::FixedLanes;
    use shisanshui::Lane;
    let rules = Rules { extra_suits: "sh".parse().unwrap(), ..Rules::classic() };
    let arranger = Arranger::new(&rules, 6).unwrap();
    let hand = parse_cards_in("As As Ks Ks Qh Qh Jh 9d 8c 7c 5d 3c 2d", rules.extra_suits).unwrap();
    assert_eq!(arranger.complete(&hand, &FixedLanes::NONE).unwrap(), arranger.arrange(&hand).unwrap());
    let front = parse_cards_in("Qh Qh 2d", rules.extra_suits).unwrap();
    let got = arranger.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &front)).unwrap();
    assert_eq!(got.arrangement.front.to_vec(), front);
    assert!(!got.arrangement.evaluate(&rules).foul.is_foul());
    // The best of every completion, by the arranger's own value.
    let mut rest = hand.clone();
    for c in &front {
        rest.remove(rest.iter().position(|x| x == c).unwrap());
    }
    let mut best = f64::NEG_INFINITY;
    for m in 0u32..1 << 10 {
        if m.count_ones() != 5 {
            continue;
        }
        let lane = |inside: bool| -> Vec<Card> {
            rest.iter().enumerate().filter(|(i, _)| (m >> i & 1 == 1) == inside).map(|(_, c)| *c).collect()
        };
        let (mid, back) = (lane(true), lane(false));
        let a = Arrangement::new_in(&front, &mid, &back, rules.extra_suits).unwrap();
        if !a.evaluate(&rules).foul.is_foul() {
            best = best.max(arranger.expected_water(&a));
        }
    }
    assert_eq!(got.expected_water, best);
    // A card the hand holds once, fixed twice, is not in the hand the second time.
    let twice = parse_cards_in("Jh Jh 2d", rules.extra_suits).unwrap();
    assert!(matches!(
        arranger.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &twice)),
        Err(Error::CardNotInHand { position: 1, .. })
    ));
}

#[test]
fn batches_settle_big_tables_as_single_rounds() {
    use shisanshui::batch::Batch;
    use shisanshui::settle::Settler;
    for (extra, seats) in [("dchs", 8usize), ("sh", 6)] {
        let rules = Rules { extra_suits: extra.parse().unwrap(), ..Rules::preset(Preset::Ranked) };
        let settler = Settler::new(&rules).unwrap();
        let mut codes: Vec<[u8; 13]> = Vec::new();
        let mut want = Vec::new();
        for seed in 0..40u64 {
            let hands = deal_for(&rules, seats, Some(seed)).unwrap();
            let table: Vec<shisanshui::PlayerHand> =
                hands.iter().map(|h| Arrangement::from_cards_in(h, rules.extra_suits).unwrap().into()).collect();
            want.extend(settler.settle(&table).unwrap().totals);
            codes.extend(hands.iter().map(|h| h.map(|c| c.code())));
        }
        let mut out = vec![shisanshui::Water::ZERO; codes.len()];
        Batch::new().threads(2).settle(&settler, seats, &codes, &mut out).unwrap();
        assert_eq!(out, want, "{extra}");
        // A third copy across the table names its round.
        let mut bad = codes.clone();
        let a = bad[3 * seats][0];
        bad[3 * seats + 1][0] = a;
        bad[3 * seats + 2][0] = a;
        let copies_of_a = bad[3 * seats..4 * seats].iter().flatten().filter(|&&c| c == a).count();
        let e = Batch::new().settle(&settler, seats, &bad, &mut out).unwrap_err();
        assert!(copies_of_a > 2 && e.row() == Some(3), "{e}");
    }
}

#[test]
fn combos_of_hands_with_copies_are_every_combination_they_make() {
    use shisanshui::hints::combos;
    let mut rng = SplitMix(0xc0_4b05);
    let rules = Rules { extra_suits: SuitSet::ALL, ..Rules::classic() };
    let e = Evaluator::new(&rules);
    let cats = [
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::FiveOfAKind,
    ];
    let mut seen_five = 0;
    for _ in 0..if cfg!(debug_assertions) { 10 } else { 150 } {
        let hand = shaped_hand(&mut rng, &rules.deck());
        for cat in cats {
            let got = combos(&hand, cat, &rules).unwrap();
            // The oracle: every 5-card subset whose category is `cat`, keyed as the module says
            // (groups by their ranks, runs by their ranks, flushes by their cards).
            let mut want: Vec<Vec<u8>> = Vec::new();
            for m in 0u16..1 << 13 {
                if m.count_ones() != 5 {
                    continue;
                }
                let five: Vec<Card> = (0..13).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect();
                let r = e.evaluate(&five).unwrap();
                // A smaller group is also in the hands of bigger ones (a pair within trips).
                let mut count = [0u8; 13];
                for c in &five {
                    count[c.rank().index() as usize] += 1;
                }
                let key: Option<Vec<u8>> = match cat {
                    Category::OnePair | Category::ThreeOfAKind | Category::FourOfAKind | Category::FiveOfAKind => {
                        let k = match cat {
                            Category::OnePair => 2,
                            Category::ThreeOfAKind => 3,
                            Category::FourOfAKind => 4,
                            _ => 5,
                        };
                        (r.category() == cat).then(|| vec![count.iter().position(|&n| n as usize == k).unwrap() as u8])
                    }
                    Category::TwoPair | Category::FullHouse => (r.category() == cat).then(|| r.nibbles()[..4].to_vec()),
                    Category::Straight => (r.category() == cat).then(|| vec![r.nibbles()[0]]),
                    _ => (r.category() == cat).then(|| {
                        let mut c: Vec<u8> = five.iter().map(|c| c.code()).collect();
                        c.sort_unstable();
                        c
                    }),
                };
                if let Some(k) = key {
                    if !want.contains(&k) {
                        want.push(k);
                    }
                }
            }
            let keys: Vec<Vec<u8>> = got
                .iter()
                .map(|c| {
                    let cs = c.cards();
                    let r = match cs.len() {
                        5 => Some(e.evaluate(cs).unwrap()),
                        _ => None,
                    };
                    match cat {
                        Category::OnePair | Category::ThreeOfAKind | Category::FourOfAKind | Category::FiveOfAKind => {
                            assert!(cs.iter().all(|x| x.rank() == cs[0].rank()), "{cs:?}");
                            vec![cs[0].rank().index()]
                        }
                        // The groups as the nibbles hold them: bigger group first, then the rank.
                        Category::TwoPair | Category::FullHouse => {
                            let mut g: Vec<(usize, u8)> = Vec::new();
                            for c in cs {
                                let r = c.rank().index();
                                if !g.iter().any(|x| x.1 == r) {
                                    g.push((cs.iter().filter(|y| y.rank().index() == r).count(), r));
                                }
                            }
                            g.sort_unstable_by(|a, b| b.cmp(a));
                            g.iter().flat_map(|&(n, r)| std::iter::repeat(r).take(n)).take(4).collect()
                        }
                        Category::Straight => vec![r.unwrap().nibbles()[0]],
                        _ => {
                            let mut c: Vec<u8> = cs.iter().map(|c| c.code()).collect();
                            c.sort_unstable();
                            c
                        }
                    }
                })
                .collect();
            let (mut a, mut b) = (keys.clone(), want.clone());
            a.sort();
            b.sort();
            // Groups of smaller size also come from bigger hands; the oracle's 5-card subsets
            // with that exact category miss a pair only held inside trips and more.
            if matches!(cat, Category::OnePair | Category::ThreeOfAKind | Category::TwoPair) {
                assert!(b.iter().all(|k| a.contains(k)), "{cat:?} {hand:?}: {a:?} lacks some of {b:?}");
            } else {
                assert_eq!(a, b, "{cat:?} {hand:?}");
            }
            // Every combination is cards the hand holds, strongest first.
            for c in &got {
                rules.check_cards(c.cards()).unwrap();
                for x in c.cards() {
                    assert!(c.cards().iter().filter(|&y| y == x).count() <= hand.iter().filter(|&y| y == x).count());
                }
            }
            seen_five += (cat == Category::FiveOfAKind && !got.is_empty()) as u32;
        }
    }
    assert!(seen_five > 0, "five of a kind never came up");
}
