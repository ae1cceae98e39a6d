//! Money (RULES.md §8): water × base stake, carry caps with proportional scaling, rake, escape.
//! Every expected amount is computed by hand in the comments (minor units, i.e. cents).

use shisanshui::money::{escape, escape_water, settle_money, MoneyLine, MoneyResult, Rake, Stakes};
use shisanshui::settle::Water;
use shisanshui::Error;

fn ws(v: &[i64]) -> Vec<Water> {
    v.iter().map(|&x| Water::from_int(x)).collect()
}

fn conserved(m: &MoneyResult) {
    let sum: i64 = m.lines.iter().map(|l| l.amount).sum();
    assert_eq!(sum + m.house + m.unclaimed, 0, "money is conserved: {m:?}");
    assert_eq!(m.house, m.rake + m.rounding);
    assert_eq!(m.rake, m.lines.iter().map(|l| l.rake).sum::<i64>());
}

#[test]
fn seed_003_example() {
    // Carries 1000, 500, 200, 500 and results −200, −800, +900, +100 (yuan; base 1 yuan = 100
    // cents per water point). Capped: −200, −500, +200, +100. Winners W = 300 < losers L = 700:
    // winners paid as capped, losers scaled: A = −20000 × 30000 / 70000 = −8571.43 → −8571;
    // B = −50000 × 30000 / 70000 = −21428.57 → −21428. Rake 5%: C 20000 × 0.95 = 19000,
    // D 10000 × 0.95 = 9500. Seed: −85.71, (−)214.28, 190, 95.
    // House: rake 1000 + 500 = 1500; the losers pay 29999 while the winners are owed 30000, so
    // rounding is −1 and the house keeps 1499.
    let stakes = Stakes { base: 100, carries: Some(vec![100_000, 50_000, 20_000, 50_000]), rake: Rake::percent(5) };
    let m = settle_money(&ws(&[-200, -800, 900, 100]), &stakes).unwrap();
    assert_eq!(m.amounts(), vec![-8571, -21428, 19000, 9500]);
    assert_eq!(m.lines.iter().map(|l| l.raw).collect::<Vec<_>>(), vec![-20000, -80000, 90000, 10000]);
    assert_eq!(m.lines.iter().map(|l| l.capped).collect::<Vec<_>>(), vec![-20000, -50000, 20000, 10000]);
    assert_eq!(m.lines.iter().map(|l| l.scaled).collect::<Vec<_>>(), vec![-8571, -21428, 20000, 10000]);
    assert_eq!(m.lines.iter().map(|l| l.rake).collect::<Vec<_>>(), vec![0, 0, 1000, 500]);
    assert_eq!((m.rake, m.rounding, m.house, m.unclaimed), (1500, -1, 1499, 0));
    conserved(&m);
    // The same in basis points and as a rational: 500/10000 = 1/20.
    for rake in [Rake::basis_points(500), Rake { numerator: 1, denominator: 20 }] {
        assert_eq!(settle_money(&ws(&[-200, -800, 900, 100]), &Stakes { rake, ..stakes.clone() }).unwrap(), m);
    }
}

#[test]
fn no_cap_no_rake_is_water_times_stake() {
    let m = settle_money(&ws(&[204, -55, -76, -73]), &Stakes { base: 250, carries: None, rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![51000, -13750, -19000, -18250]);
    assert_eq!((m.rake, m.rounding, m.house), (0, 0, 0));
    conserved(&m);
    // Base 0: nothing moves.
    let m =
        settle_money(&ws(&[204, -55, -76, -73]), &Stakes { base: 0, carries: None, rake: Rake::percent(5) }).unwrap();
    assert_eq!(m.amounts(), vec![0, 0, 0, 0]);
}

#[test]
fn the_larger_side_is_scaled() {
    // Losers larger: water +300, −100, −200 at base 1, carries 50, 1000, 1000: capped +50, −100,
    // −200; W = 50 < L = 300: −100 × 50 / 300 = −16.67 → −16; −200 × 50 / 300 = −33.33 → −33.
    // The losers pay 49 for a win of 50: rounding −1, the house pays that cent.
    let carries = Some(vec![50, 1000, 1000]);
    let m =
        settle_money(&ws(&[300, -100, -200]), &Stakes { base: 1, carries: carries.clone(), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![50, -16, -33]);
    assert_eq!((m.rounding, m.house), (-1, -1));
    conserved(&m);
    // Winners larger: −300, +100, +200: capped −50, +100, +200; L = 50 < W = 300:
    // 100 × 50 / 300 = 16.67 → 16; 200 × 50 / 300 = 33.33 → 33. The loser pays 50, the winners
    // get 49: the house keeps 1.
    let m =
        settle_money(&ws(&[-300, 100, 200]), &Stakes { base: 1, carries: carries.clone(), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![-50, 16, 33]);
    assert_eq!((m.rounding, m.house), (1, 1));
    conserved(&m);
    // Equal sides after capping are paid as capped: +100, −100 with carries 100, 100 from ±300.
    let m =
        settle_money(&ws(&[300, -300]), &Stakes { base: 1, carries: Some(vec![100, 100]), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![100, -100]);
    // A zero carry: that seat can neither win nor lose; the other side scales to nothing.
    let m = settle_money(&ws(&[5, -5]), &Stakes { base: 10, carries: Some(vec![0, 100]), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![0, 0]);
    conserved(&m);
}

#[test]
fn rake_truncates_toward_zero() {
    // 5% of 19: 19 × 95 / 100 = 18.05 → 18 kept, 1 raked. Losers pay in full.
    let m = settle_money(&ws(&[19, -19]), &Stakes { base: 1, carries: None, rake: Rake::percent(5) }).unwrap();
    assert_eq!(
        m.lines[0],
        MoneyLine { water: Water::from_int(19), raw: 19, capped: 19, scaled: 19, rake: 1, amount: 18 }
    );
    assert_eq!(m.amounts(), vec![18, -19]);
    assert_eq!(m.house, 1);
    // A third: 100 × 2/3 = 66.67 → 66 kept, 34 raked.
    let m = settle_money(
        &ws(&[-100, 100]),
        &Stakes { base: 1, carries: None, rake: Rake { numerator: 1, denominator: 3 } },
    )
    .unwrap();
    assert_eq!(m.amounts(), vec![-100, 66]);
    assert_eq!(m.house, 34);
    // 100%: every win goes to the house.
    let m = settle_money(&ws(&[-7, 3, 4]), &Stakes { base: 10, carries: None, rake: Rake::percent(100) }).unwrap();
    assert_eq!(m.amounts(), vec![-70, 0, 0]);
    assert_eq!(m.house, 70);
    conserved(&m);
}

#[test]
fn fractional_water() {
    // Worked example I (ranked): −40/3, 4, 50/3, −22/3 at base 100: −1333.33 → −1333, 400,
    // 1666.67 → 1666, −733.33 → −733. W = 2066 = L: paid as is.
    let q = |n, d| Water::new(n, d).unwrap();
    let water = [q(-40, 3), Water::from_int(4), q(50, 3), q(-22, 3)];
    let m = settle_money(&water, &Stakes { base: 100, carries: None, rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![-1333, 400, 1666, -733]);
    conserved(&m);
    // −3/2, −3/2, +3 at base 1: −1.5 → −1 twice, +3: W = 3 > L = 2: the winner is scaled to
    // 3 × 2 / 3 = 2.
    let m =
        settle_money(&[q(-3, 2), q(-3, 2), Water::from_int(3)], &Stakes { base: 1, carries: None, rake: Rake::NONE })
            .unwrap();
    assert_eq!(m.amounts(), vec![-1, -1, 2]);
    assert_eq!(m.house, 0);
}

#[test]
fn escape_pays_eighteen_and_one_each() {
    // Seed 000: 逃跑方扣十八水, 其余三家每家加一水.
    assert_eq!(escape_water(4, 2).unwrap(), ws(&[1, 1, -18, 1]));
    assert_eq!(escape_water(2, 0).unwrap(), ws(&[-18, 1]));
    // Base 100, no caps, no rake: −1800 and +100 × 3; 1500 belongs to no one.
    let m = escape(4, 2, &Stakes { base: 100, carries: None, rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![100, 100, -1800, 100]);
    assert_eq!((m.unclaimed, m.house), (1500, 0));
    conserved(&m);
    // 5% rake: 95 each, the house 15.
    let m = escape(4, 2, &Stakes { base: 100, carries: None, rake: Rake::percent(5) }).unwrap();
    assert_eq!(m.amounts(), vec![95, 95, -1800, 95]);
    assert_eq!((m.unclaimed, m.house), (1500, 15));
    conserved(&m);
    // The leaver carries 150: pays 150; the stayers are owed 300, so they share it:
    // 100 × 150 / 300 = 50 each.
    let carries = |c: i64| Some(vec![1000, 1000, c, 1000]);
    let m = escape(4, 2, &Stakes { base: 100, carries: carries(150), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![50, 50, -150, 50]);
    assert_eq!((m.unclaimed, m.house), (0, 0));
    // Carry 100: 100 × 100 / 300 = 33.33 → 33 each; the house keeps the cent left over.
    let m = escape(4, 2, &Stakes { base: 100, carries: carries(100), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![33, 33, -100, 33]);
    assert_eq!((m.unclaimed, m.rounding, m.house), (0, 1, 1));
    conserved(&m);
    // A stayer's own carry caps what they get: carry 40 → 40; the others 100; the leaver 1800.
    let m = escape(3, 0, &Stakes { base: 100, carries: Some(vec![5000, 40, 5000]), rake: Rake::NONE }).unwrap();
    assert_eq!(m.amounts(), vec![-1800, 40, 100]);
    assert_eq!(m.unclaimed, 1660);
    conserved(&m);
}

#[test]
fn bad_money_input() {
    let water = ws(&[-1, 1]);
    let s = |base, carries: Option<Vec<i64>>, rake| Stakes { base, carries, rake };
    let money = |st: Stakes| settle_money(&water, &st).unwrap_err();
    assert_eq!(money(s(-1, None, Rake::NONE)), Error::InvalidMoney("the base stake is negative (-1)".into()));
    assert_eq!(
        money(s(1, Some(vec![5, -3]), Rake::NONE)),
        Error::InvalidMoney("the carry of seat 1 is negative (-3)".into())
    );
    assert_eq!(money(s(1, Some(vec![5]), Rake::NONE)), Error::InvalidMoney("1 carries for 2 seats".into()));
    assert_eq!(money(s(1, None, Rake::percent(101))), Error::InvalidMoney("rake 101/100 is over 100%".into()));
    assert_eq!(money(s(1, None, Rake::percent(-5))), Error::InvalidMoney("rake -5/100 is negative".into()));
    assert_eq!(
        money(s(1, None, Rake { numerator: 0, denominator: 0 })),
        Error::InvalidMoney("rake denominator must be at least 1, got 0".into())
    );
    assert!(matches!(settle_money(&ws(&[1]), &s(1, None, Rake::NONE)), Err(Error::InvalidTable(_))));
    // Five to eight seats are big tables (RULES.md §11); nine is no table.
    assert!(settle_money(&ws(&[1, 1, 1, 1, 1, 1, 1, -7]), &s(1, None, Rake::NONE)).is_ok());
    assert!(matches!(
        settle_money(&ws(&[1, 1, 1, 1, 1, 1, 1, 1, -8]), &s(1, None, Rake::NONE)),
        Err(Error::InvalidTable(_))
    ));
    // Overflow of 64-bit minor units is refused, not wrapped.
    assert!(matches!(
        settle_money(&ws(&[-1000, 1000]), &s(i64::MAX / 10, None, Rake::NONE)),
        Err(Error::InvalidMoney(_))
    ));
    // Escape: the same checks, and the leaver must sit at the table.
    assert!(matches!(escape(4, 4, &s(1, None, Rake::NONE)), Err(Error::InvalidTable(_))));
    assert!(matches!(escape(9, 0, &s(1, None, Rake::NONE)), Err(Error::InvalidTable(_))));
    assert!(escape(8, 7, &s(1, None, Rake::NONE)).is_ok());
    assert!(matches!(escape(4, 0, &s(-1, None, Rake::NONE)), Err(Error::InvalidMoney(_))));
    assert!(matches!(escape(4, 0, &s(1, None, Rake::percent(200))), Err(Error::InvalidMoney(_))));
}

#[cfg(feature = "serde")]
#[test]
fn json_form() {
    let stakes = Stakes { base: 100, carries: Some(vec![100_000, 50_000, 20_000, 50_000]), rake: Rake::percent(5) };
    let json = serde_json::to_value(&stakes).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"base": 100, "carries": [100000, 50000, 20000, 50000], "rake": {"numerator": 5, "denominator": 100}})
    );
    assert_eq!(serde_json::from_value::<Stakes>(json).unwrap(), stakes);
    let m = settle_money(&ws(&[-200, -800, 900, 100]), &stakes).unwrap();
    let v = serde_json::to_value(&m).unwrap();
    assert_eq!(v["lines"][0]["amount"], -8571);
    assert_eq!(v["lines"][0]["water"], serde_json::json!({"num": -200, "den": 1}));
    assert_eq!(v["house"], 1499);
    assert_eq!(serde_json::from_value::<MoneyResult>(v).unwrap(), m);
}
