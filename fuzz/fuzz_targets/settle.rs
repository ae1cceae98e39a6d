//! Settlement and money invariants on fuzz-chosen rounds: any rule-set variant of a preset, with
//! any extra suits (RULES.md §11: 52 to 104 cards) and 0 to 6 jokers under either `joker_lanes`
//! reading (§12), 2 to the deck's seats (up to 8) dealt from its shuffled deck (so a seat may
//! hold two copies of a card, and jokers), each playing lanes in any order (fouls included), its
//! cards in code order, the auto-arranger's lanes (one-deck tables), its best special, or any
//! declared special (maybe one the cards do not make); at times one card of a seat replaced by a
//! joker, which the deck may not deal (`jokers` 0, the big joker of a one-joker deck) or not as
//! often (a joker held twice); then the round's water in money under any stakes (int64 extremes).
//!
//! Invariants: the settlement is zero-sum with an antisymmetric matrix and a zero diagonal, each
//! total is its row, each pair its matrix entry; a fouled seat is one whose lanes the engine's
//! own foul check rejects; a seat's lanes with jokers are real cards as played that make their
//! values, each at least a fuzz-chosen substitution of its jokers, and their foul check is the
//! `joker_lanes` reading's; a table holding a card more often than the deck deals it is refused
//! (Rust and C alike); `settle_into` (into a settlement that held another round) equals
//! `settle`, and a failed `settle_into` leaves it as it was; the C settlement equals the
//! engine's and fails alike (a joker code under a rule set without jokers is
//! `SSS_ERR_BAD_CARD_CODE` to C, which reads codes). Money: C and Rust agree (status, lines,
//! totals); when it succeeds, every amount keeps its water's sign, stays within the carry,
//! scaled ≤ capped ≤ raw in size, rake is never negative, and money is conserved: Σ amounts +
//! house + unclaimed = 0 (RULES.md §8), for a settled round (unclaimed 0) and for an escape.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::arrange::nearest_preset as preset_of;
use shisanshui_fuzz::engine::JokerLanes;
use shisanshui_fuzz::engine::money::{escape, settle_money, MoneyResult, Rake, Stakes};
use shisanshui_fuzz::engine::settle::{PlayerHand, SeatResult, Settlement, Settler, Water};
use shisanshui_fuzz::engine::{detect_special, Arrangement, Card, Deck, Evaluator, Rules, Special, SuitSet, Wheel};
use shisanshui_fuzz::sss::money::{sss_money_escape, sss_money_settle, SssMoneyLine, SssMoneyTotals, SssStakes};
use shisanshui_fuzz::sss::settle::{
    sss_settle, sss_settle_into_with_banker, sss_settle_with_banker, sss_settlement_free, sss_settlement_to_json,
};
use shisanshui_fuzz::sss::SssStatus;
use shisanshui_fuzz::{
    arranger, banker_of, c_banker, c_rules, c_seat, call, check_c_settlement, check_joker_arrangement,
    check_settlement, distinct_cards, rules_of, shuffled_deck_of, status_of, text_out, with_jokers, Sentinel, I64,
};
use shisanshui_fuzz::permute;

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Plan {
    /// The 13 cards in an order chosen by the bytes (front 3, middle 5, back 5).
    Lanes([u8; 13]),
    /// Code order, lowest three in front.
    Sorted,
    /// The auto-arranger's lanes.
    Arranged,
    /// The best special the cards make, else code order.
    BestSpecial,
    /// Declare this special whether or not the cards make it.
    Declare(u8),
}

#[derive(Arbitrary, Debug)]
struct Round {
    preset: u8,
    strict: bool,
    suit_tiebreak: bool,
    lowest_wheel: Option<bool>,
    /// The suits the deck holds twice (low 4 bits).
    extra_suits: u8,
    /// Jokers in the deck (`% 7`), `avoid_foul`, `jokers_in_specials` (RULES.md §12).
    jokers: Option<(u8, bool, bool)>,
    /// Seat, slot and small/big: that card of the seat replaced by a joker.
    spoil: Option<(u8, u8, bool)>,
    /// The cards a seat's jokers are tried as (each at most its lanes' values).
    subs: [u8; 13],
    players: u8,
    deck: [u8; 104],
    plans: [Plan; 8],
    base: I64,
    rake: (I64, I64),
    carries: Option<[I64; 8]>,
    leaver: u8,
    banker: u8,
}

/// A seat's hand under `rules`, its cards read against `deck` (the rule set's, or the biggest
/// one for a seat given a joker the rule set's deck may not deal, which settling then refuses).
fn hand(rules: &Rules, players: usize, cards: &[Card], plan: Plan, deck: Deck) -> PlayerHand {
    let mut cards = cards.to_vec();
    let extra = deck;
    let lanes = |cards: &[Card]| PlayerHand::Arranged(Arrangement::from_cards_in(cards, extra).unwrap());
    match plan {
        Plan::Lanes(order) => {
            permute(&mut cards, &order);
            lanes(&cards)
        }
        Plan::Sorted => {
            cards.sort();
            lanes(&cards)
        }
        // The preset's own arranger (one per preset and table size, made once): its lanes are
        // legal under the preset and may foul under a variant of it, which is fine here. It plays
        // one-deck tables; a big table's seats play code order. With jokers, the preset's arranger
        // under the round's `joker_lanes` and a deck of six (so any seat's jokers are in it).
        Plan::Arranged if rules.extra_suits.is_empty() => {
            let mut base = Rules::preset(preset_of(rules));
            if rules.jokers > 0 {
                base = with_jokers(base, 6, rules.joker_lanes != JokerLanes::EachBest, false);
            }
            match arranger(&base, players).arrange(&cards) {
                Ok(a) => PlayerHand::Arranged(a.arrangement),
                Err(_) => {
                    cards.sort();
                    lanes(&cards)
                }
            }
        }
        Plan::Arranged => {
            cards.sort();
            lanes(&cards)
        }
        // A seat given a joker the deck does not deal has no special to detect (an error).
        Plan::BestSpecial => match detect_special(&cards, rules).ok().and_then(|d| d.best) {
            Some(s) => PlayerHand::special_in(s, &cards, extra).unwrap(),
            None => {
                cards.sort();
                lanes(&cards)
            }
        },
        Plan::Declare(i) => PlayerHand::special_in(Special::ALL[i as usize % 16], &cards, extra).unwrap(),
    }
}

fn check_seats(s: &Settlement, hands: &[PlayerHand], rules: &Rules, subs: &[u8]) {
    let e = Evaluator::new(rules);
    for (seat, (result, hand)) in s.seats.iter().zip(hands).enumerate() {
        match (result, hand) {
            (SeatResult::Arranged { eval, .. }, PlayerHand::Arranged(a)) => {
                let own = a.evaluate(rules);
                assert_eq!(*eval, own, "seat {seat}: the settlement's lane ranks are the evaluator's");
                assert_eq!(result.is_foul(), own.foul.is_foul(), "seat {seat}: foul as the foul check says");
                if a.has_jokers() {
                    let je = a.evaluate_jokers(rules);
                    assert_eq!(je.eval, own, "seat {seat}: settled at the values its jokers give");
                    check_joker_arrangement(&e, rules.strict_order, a, &je, subs);
                }
            }
            (SeatResult::Special { special, .. }, PlayerHand::Special { special: declared, .. }) => {
                assert_eq!(special, declared, "seat {seat}: the declared special");
            }
            _ => panic!("seat {seat}: the result is not of the hand's kind"),
        }
    }
}

fn c_stakes(st: &Stakes) -> (SssStakes, Vec<i64>) {
    let c = SssStakes { base: st.base, rake_numerator: st.rake.numerator, rake_denominator: st.rake.denominator };
    (c, st.carries.clone().unwrap_or_default())
}

/// C's money result as the engine's, or its status.
fn c_money(
    f: impl Fn(*mut SssMoneyLine, usize, *mut usize, *mut SssMoneyTotals) -> SssStatus,
) -> Result<(Vec<SssMoneyLine>, SssMoneyTotals), SssStatus> {
    let mut lines = [SssMoneyLine::default(); 8];
    let mut count = usize::MAX;
    let mut totals = Sentinel::<SssMoneyTotals>::new();
    let st = call("money", || f(lines.as_mut_ptr(), lines.len(), &mut count, totals.ptr()));
    if st != SssStatus::SSS_OK {
        assert!(totals.untouched(), "money totals written on failure");
        return Err(st);
    }
    Ok((lines[..count].to_vec(), totals.get()))
}

fn check_money(m: &MoneyResult, stakes: &Stakes, c: Result<(Vec<SssMoneyLine>, SssMoneyTotals), SssStatus>) {
    let (lines, totals) = c.expect("C settles the money Rust settles");
    assert_eq!(lines.len(), m.lines.len());
    for (cl, l) in lines.iter().zip(&m.lines) {
        assert_eq!(
            (cl.water.units, cl.raw, cl.capped, cl.scaled, cl.rake, cl.amount),
            (l.water.units(), l.raw, l.capped, l.scaled, l.rake, l.amount),
            "C money line equals Rust's"
        );
    }
    assert_eq!(
        (totals.rake, totals.rounding, totals.house, totals.unclaimed),
        (m.rake, m.rounding, m.house, m.unclaimed)
    );
    let mut sum = 0i128;
    let mut rake = 0i128;
    for (seat, l) in m.lines.iter().enumerate() {
        let sign = l.water.units().signum();
        assert!(l.amount.signum() == sign || l.amount == 0, "seat {seat}: the amount keeps its water's sign: {l:?}");
        assert!(l.scaled.unsigned_abs() <= l.capped.unsigned_abs(), "seat {seat}: scaling only shrinks");
        assert!(l.capped.unsigned_abs() <= l.raw.unsigned_abs(), "seat {seat}: capping only shrinks");
        if let Some(c) = &stakes.carries {
            assert!(l.amount.unsigned_abs() <= c[seat].unsigned_abs(), "seat {seat}: within the carry");
        }
        assert!(l.rake >= 0 && (l.rake == 0 || l.scaled > 0), "seat {seat}: rake only from a win");
        assert_eq!(l.amount as i128, l.scaled as i128 - l.rake as i128, "seat {seat}: amount = scaled - rake");
        sum += l.amount as i128;
        rake += l.rake as i128;
    }
    assert_eq!(rake, m.rake as i128, "total rake");
    assert_eq!(m.house as i128, m.rake as i128 + m.rounding as i128, "house = rake + rounding");
    assert!(m.unclaimed >= 0);
    assert_eq!(sum + m.house as i128 + m.unclaimed as i128, 0, "money is conserved: {m:?}");
}

fuzz_target!(|r: Round| {
    let mut rules = rules_of(r.preset, r.strict, r.suit_tiebreak);
    if let Some(lowest) = r.lowest_wheel {
        rules.wheel = if lowest { Wheel::Lowest } else { Wheel::SecondHighest };
    }
    rules.extra_suits = SuitSet::from_bits(r.extra_suits & 0xF).unwrap();
    if let Some((jokers, avoid_foul, in_specials)) = r.jokers {
        rules = with_jokers(rules, jokers, avoid_foul, in_specials);
    }
    // 2 to the deck's seats: 4, plus one per extra suit (RULES.md §11); jokers add none (§12).
    let players = 2 + r.players as usize % (rules.max_players() - 1);
    let mut deck = if rules.extra_suits.is_empty() && rules.jokers == 0 {
        distinct_cards(&r.deck, 52)
    } else {
        shuffled_deck_of(&rules, &r.deck)
    };
    // A joker given to a seat in place of one of its cards: the seat is read against the biggest
    // deck, and the table against the rule set's (which may not deal that joker, or not as often).
    let biggest = Deck::new(SuitSet::ALL, 6).unwrap();
    let spoiled = r.spoil.and_then(|(seat, slot, big)| {
        let seat = seat as usize % players;
        let joker = if big { Card::BIG_JOKER } else { Card::SMALL_JOKER };
        let held = deck[13 * seat..13 * seat + 13].iter().filter(|&&c| c == joker).count();
        // Not where the seat already holds every copy the biggest deck has (no deck deals more).
        (held < biggest.copies(joker) as usize).then(|| {
            deck[13 * seat + slot as usize % 13] = joker;
            seat
        })
    });
    let deck_of = |p: usize| if spoiled == Some(p) { biggest } else { rules.deck_spec() };
    let hands: Vec<PlayerHand> = (0..players)
        .map(|p| hand(&rules, players, &deck[13 * p..13 * p + 13], r.plans[p], deck_of(p)))
        .collect();
    let table: Vec<Card> = hands.iter().flat_map(|h| h.cards()).collect();
    let table_ok = rules.check_cards(&table);

    let settler = Settler::new(&rules).unwrap();
    // Banker-mode presets settle with a banker seat; all-pairs ones without (RULES.md §5a).
    let banker = banker_of(&rules, players, r.banker);
    let result = settler.settle_with_banker(&hands, banker);
    // Another round to settle into: the next seats of the same deck, all in code order.
    let other_players = 2 + (players - 1) % 3;
    let other: Vec<PlayerHand> =
        (0..other_players).map(|p| hand(&rules, other_players, &deck[13 * p..13 * p + 13], Plan::Sorted, deck_of(p))).collect();
    let other_banker = banker_of(&rules, other_players, r.banker.wrapping_add(1));
    // The other round is the same deck's first seats: settled, unless the joker given to a seat
    // is one the deck does not deal as often; then a round of code order from the rule set's deck.
    let other_table: Vec<Card> = other.iter().flat_map(|h| h.cards()).collect();
    let other = if rules.check_cards(&other_table).is_ok() {
        other
    } else {
        let fresh = rules.deck();
        (0..other_players)
            .map(|p| hand(&rules, other_players, &fresh[13 * p..13 * p + 13], Plan::Sorted, rules.deck_spec()))
            .collect()
    };
    let mut reused = settler.settle_with_banker(&other, other_banker).unwrap();
    let before = reused.clone();
    let into = settler.settle_into_with_banker(&hands, banker, &mut reused);
    assert_eq!(status_of(&into), status_of(&result), "settle_into fails as settle does");

    // The C ABI on the same seats. It reads codes: 52 and 53 under a rule set without jokers are
    // no card of its deck (SSS_ERR_BAD_CARD_CODE, shisanshui.h), where the engine, given cards,
    // names the joker it does not deal.
    let c_status = if rules.jokers == 0 && table.iter().any(|c| c.is_joker()) {
        SssStatus::SSS_ERR_BAD_CARD_CODE
    } else {
        status_of(&result)
    };
    let c = c_rules(&rules);
    let seats: Vec<_> = hands.iter().map(c_seat).collect();
    let other_seats: Vec<_> = other.iter().map(c_seat).collect();
    let mut cs = std::ptr::null_mut();
    let st = call("sss_settle_with_banker", || unsafe {
        sss_settle_with_banker(c, seats.as_ptr(), seats.len(), c_banker(banker), &mut cs)
    });
    assert_eq!(st, c_status, "C settles as Rust does");
    if banker.is_none() {
        let mut plain = std::ptr::null_mut();
        let st = call("sss_settle", || unsafe { sss_settle(c, seats.as_ptr(), seats.len(), &mut plain) });
        assert_eq!(st, c_status, "sss_settle is sss_settle_with_banker(SSS_SEAT_NONE)");
        unsafe { sss_settlement_free(plain) };
    }
    let mut c_other = std::ptr::null_mut();
    let st = call("sss_settle_with_banker", || unsafe {
        sss_settle_with_banker(c, other_seats.as_ptr(), other_seats.len(), c_banker(other_banker), &mut c_other)
    });
    assert_eq!(st, SssStatus::SSS_OK);
    let json = |p| text_out("json", |b, cap, l| unsafe { sss_settlement_to_json(p, b, cap, l) }).1.unwrap();
    let other_json = json(c_other);
    let st = call("sss_settle_into_with_banker", || unsafe {
        sss_settle_into_with_banker(c, seats.as_ptr(), seats.len(), c_banker(banker), c_other)
    });
    assert_eq!(st, c_status);

    if let Err(e) = &table_ok {
        assert!(result.is_err(), "a table the deck cannot deal settled: {e}");
        if rules.jokers == 0 && table.iter().any(|c| c.is_joker()) {
            assert_eq!(status_of(&result), SssStatus::SSS_ERR_JOKER_NOT_IN_DECK, "a joker without jokers: {result:?}");
        }
    }
    let s = match result {
        Err(_) => {
            assert!(cs.is_null(), "out written on failure");
            assert_eq!(reused, before, "a failed settle_into leaves the settlement as it was");
            assert_eq!(json(c_other), other_json, "a failed C settle_into leaves the settlement as it was");
            unsafe { sss_settlement_free(c_other) };
            return;
        }
        Ok(s) => s,
    };
    check_settlement(&s, players);
    check_seats(&s, &hands, &rules, &r.subs);
    assert_eq!(reused, s, "settle_into equals settle");
    check_c_settlement(cs, &s);
    check_c_settlement(c_other, &s);
    unsafe {
        sss_settlement_free(cs);
        sss_settlement_free(c_other);
    }

    // Money.
    let stakes = Stakes {
        base: r.base.get(),
        carries: r.carries.map(|c| c[..players].iter().map(|v| v.get()).collect()),
        rake: Rake { numerator: r.rake.0.get(), denominator: r.rake.1.get() },
    };
    let (cst, carries) = c_stakes(&stakes);
    let units: Vec<i64> = s.totals.iter().map(|w| w.units()).collect();
    let money = settle_money(&s.totals, &stakes);
    let c = c_money(|lines, cap, count, totals| unsafe {
        sss_money_settle(
            units.as_ptr(),
            units.len(),
            &cst,
            carries.as_ptr(),
            carries.len(),
            lines,
            cap,
            count,
            totals,
        )
    });
    match &money {
        Ok(m) => {
            assert_eq!(m.unclaimed, 0, "a settled round leaves nothing unclaimed");
            check_money(m, &stakes, c);
        }
        Err(_) => assert_eq!(c.err(), Some(status_of(&money)), "C refuses the money Rust refuses"),
    }
    // Water that does not sum to zero is refused, never scaled silently.
    let mut skewed: Vec<Water> = s.totals.clone();
    skewed[0] = Water::from_units(skewed[0].units().wrapping_add(1));
    assert!(settle_money(&skewed, &stakes).is_err(), "non-zero-sum water accepted");

    let leaver = r.leaver as usize % (players + 1); // players itself: no such seat.
    let esc = escape(players, leaver, &stakes);
    let c = c_money(|lines, cap, count, totals| unsafe {
        sss_money_escape(players, leaver, &cst, carries.as_ptr(), carries.len(), lines, cap, count, totals)
    });
    match &esc {
        Ok(m) => check_money(m, &stakes, c),
        Err(_) => assert_eq!(c.err(), Some(status_of(&esc)), "C refuses the escape Rust refuses"),
    }
});
