//! Settlement and money invariants on fuzz-chosen rounds: any rule-set variant of a preset, with
//! any extra suits (RULES.md §11: 52 to 104 cards), 2 to the deck's seats (up to 8) dealt from
//! its shuffled deck (so a seat may hold two copies of a card), each playing lanes in any order
//! (fouls included), its cards in code order, the auto-arranger's lanes (one-deck tables), its
//! best special, or any declared special (maybe one the cards do not make); then the round's
//! water in money under any stakes (int64 extremes).
//!
//! Invariants: the settlement is zero-sum with an antisymmetric matrix and a zero diagonal, each
//! total is its row, each pair its matrix entry; a fouled seat is one whose lanes the engine's
//! own foul check rejects; `settle_into` (into a settlement that held another round) equals
//! `settle`, and a failed `settle_into` leaves it as it was; the C settlement equals the
//! engine's and fails alike. Money: C and Rust agree (status, lines, totals); when it succeeds,
//! every amount keeps its water's sign, stays within the carry, scaled ≤ capped ≤ raw in size,
//! rake is never negative, and money is conserved: Σ amounts + house + unclaimed = 0 (RULES.md
//! §8), for a settled round (unclaimed 0) and for an escape.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::arrange::nearest_preset as preset_of;
use shisanshui_fuzz::engine::money::{escape, settle_money, MoneyResult, Rake, Stakes};
use shisanshui_fuzz::engine::settle::{PlayerHand, SeatResult, Settlement, Settler, Water};
use shisanshui_fuzz::engine::{detect_special, Arrangement, Rules, Special, SuitSet, Wheel};
use shisanshui_fuzz::sss::money::{sss_money_escape, sss_money_settle, SssMoneyLine, SssMoneyTotals, SssStakes};
use shisanshui_fuzz::sss::settle::{
    sss_settle, sss_settle_into_with_banker, sss_settle_with_banker, sss_settlement_free, sss_settlement_to_json,
};
use shisanshui_fuzz::sss::SssStatus;
use shisanshui_fuzz::{
    arranger, banker_of, c_banker, c_rules, c_seat, call, check_c_settlement, check_settlement, distinct_cards,
    permute, rules_of, status_of, text_out, Sentinel, I64,
};

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
    players: u8,
    deck: [u8; 104],
    plans: [Plan; 8],
    base: I64,
    rake: (I64, I64),
    carries: Option<[I64; 8]>,
    leaver: u8,
    banker: u8,
}

fn hand(rules: &Rules, players: usize, cards: &[shisanshui_fuzz::engine::Card], plan: Plan) -> PlayerHand {
    let mut cards = cards.to_vec();
    let extra = rules.extra_suits;
    let lanes = |cards: &[shisanshui_fuzz::engine::Card]| {
        PlayerHand::Arranged(Arrangement::from_cards_in(cards, extra).unwrap())
    };
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
        // one-deck tables; a big table's seats play code order.
        Plan::Arranged if extra.is_empty() => {
            match arranger(&Rules::preset(preset_of(rules)), players).arrange(&cards) {
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
        Plan::BestSpecial => match detect_special(&cards, rules).unwrap().best {
            Some(s) => PlayerHand::special_in(s, &cards, extra).unwrap(),
            None => {
                cards.sort();
                lanes(&cards)
            }
        },
        Plan::Declare(i) => PlayerHand::special_in(Special::ALL[i as usize % 16], &cards, extra).unwrap(),
    }
}

fn check_seats(s: &Settlement, hands: &[PlayerHand], rules: &Rules) {
    for (seat, (result, hand)) in s.seats.iter().zip(hands).enumerate() {
        match (result, hand) {
            (SeatResult::Arranged { eval, .. }, PlayerHand::Arranged(a)) => {
                let own = a.evaluate(rules);
                assert_eq!(*eval, own, "seat {seat}: the settlement's lane ranks are the evaluator's");
                assert_eq!(result.is_foul(), own.foul.is_foul(), "seat {seat}: foul as the foul check says");
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
    // 2 to the deck's seats: 4, plus one per extra suit (RULES.md §11).
    let players = 2 + r.players as usize % (rules.max_players() - 1);
    let deck = if rules.extra_suits.is_empty() {
        distinct_cards(&r.deck, 52)
    } else {
        let mut deck = rules.deck();
        permute(&mut deck, &r.deck);
        deck
    };
    let hands: Vec<PlayerHand> =
        (0..players).map(|p| hand(&rules, players, &deck[13 * p..13 * p + 13], r.plans[p])).collect();

    let settler = Settler::new(&rules).unwrap();
    // Banker-mode presets settle with a banker seat; all-pairs ones without (RULES.md §5a).
    let banker = banker_of(&rules, players, r.banker);
    let result = settler.settle_with_banker(&hands, banker);
    // Another round to settle into: the next seats of the same deck, all in code order.
    let other_players = 2 + (players - 1) % 3;
    let other: Vec<PlayerHand> =
        (0..other_players).map(|p| hand(&rules, other_players, &deck[13 * p..13 * p + 13], Plan::Sorted)).collect();
    let other_banker = banker_of(&rules, other_players, r.banker.wrapping_add(1));
    let mut reused = settler.settle_with_banker(&other, other_banker).unwrap();
    let before = reused.clone();
    let into = settler.settle_into_with_banker(&hands, banker, &mut reused);
    assert_eq!(status_of(&into), status_of(&result), "settle_into fails as settle does");

    // The C ABI on the same seats.
    let c = c_rules(&rules);
    let seats: Vec<_> = hands.iter().map(c_seat).collect();
    let other_seats: Vec<_> = other.iter().map(c_seat).collect();
    let mut cs = std::ptr::null_mut();
    let st = call("sss_settle_with_banker", || unsafe {
        sss_settle_with_banker(c, seats.as_ptr(), seats.len(), c_banker(banker), &mut cs)
    });
    assert_eq!(st, status_of(&result), "C settles as Rust does");
    if banker.is_none() {
        let mut plain = std::ptr::null_mut();
        let st = call("sss_settle", || unsafe { sss_settle(c, seats.as_ptr(), seats.len(), &mut plain) });
        assert_eq!(st, status_of(&result), "sss_settle is sss_settle_with_banker(SSS_SEAT_NONE)");
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
    assert_eq!(st, status_of(&result));

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
    check_seats(&s, &hands, &rules);
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
