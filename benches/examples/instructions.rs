//! Fixed workloads for instruction counts under callgrind, the stable comparison on a noisy
//! machine: the same inputs every run, one workload per argument, so that the counts of
//! `valgrind --tool=callgrind target/profiling/examples/instructions WORKLOAD` taken before and
//! after a change say what it cost. `none` builds the inputs only (subtract it).
//!
//!     cargo build --profile profiling -p shisanshui-benches --example instructions
//!     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='instructions::measured' \
//!         target/profiling/examples/instructions eval5
//!
//! (`measured` is the loop alone, the inputs being built before it.)
//! Workloads: `eval5` (every five-card hand), `eval3` (every three-card hand), `evaluate`
//! (100,000 arrangements, lanes and foul check), `settle` (20,000 four-seat rounds with a
//! prepared `Settler`), `arrange` (500 hands, classic, four seats), `arrange_plain` (the same
//! hands without card removal), `arrange_jokers` (200 hands
//! holding a joker, classic with two jokers, four seats), `none`; and `worst_jokers`, a timing
//! (run it without valgrind): the slowest of 2,000 such hands. Figures are in
//! BENCHMARKS.md.

use std::hint::black_box;

use shisanshui::{Arrangement, Arranger, Card, Evaluator, PlayerHand, Rules, Settler};

/// A fixed sequence (SplitMix64), so both sides of a comparison see the same inputs.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn deal(&mut self) -> Vec<Card> {
        let mut deck: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).collect();
        for i in (1..52).rev() {
            deck.swap(i, (self.next() % (i as u64 + 1)) as usize);
        }
        deck
    }
}

fn all<const N: usize>() -> Vec<[Card; N]> {
    fn rec<const N: usize>(start: u8, depth: usize, cur: &mut [Card; N], out: &mut Vec<[Card; N]>) {
        if depth == N {
            out.push(*cur);
            return;
        }
        for c in start..52 {
            cur[depth] = Card::from_code(c).unwrap();
            rec(c + 1, depth + 1, cur, out);
        }
    }
    let mut out = Vec::new();
    rec(0, 0, &mut [Card::from_code(0).unwrap(); N], &mut out);
    out
}

/// The measured loop: `f` once, out of line so that callgrind can count it alone.
#[inline(never)]
fn measured(f: impl FnOnce() -> u64) -> u64 {
    f()
}

fn main() {
    let workload = std::env::args().nth(1).unwrap_or_else(|| "none".into());
    let rules = Rules::classic();
    let eval = Evaluator::new(&rules);
    let mut mix = Mix(0x5EED);
    let mut sum = 0u64;
    match workload.as_str() {
        "eval5" => {
            let hands = all::<5>();
            sum = measured(|| hands.iter().fold(0, |s, h| s.wrapping_add(eval.eval5(black_box(h)).value() as u64)));
        }
        "eval3" => {
            let hands = all::<3>();
            sum = measured(|| hands.iter().fold(0, |s, h| s.wrapping_add(eval.eval3(black_box(h)).value() as u64)));
        }
        "evaluate" => {
            let arrangements: Vec<Arrangement> =
                (0..100_000).map(|_| Arrangement::from_cards(&mix.deal()[..13]).unwrap()).collect();
            sum = measured(|| {
                arrangements.iter().fold(0, |s, a| {
                    let e = black_box(a).evaluate_with(&eval, false);
                    s.wrapping_add(e.back.value() as u64 + e.foul.bits() as u64)
                })
            });
        }
        "settle" => {
            let rounds: Vec<Vec<PlayerHand>> = (0..20_000)
                .map(|_| {
                    let d = mix.deal();
                    (0..4)
                        .map(|p| PlayerHand::Arranged(Arrangement::from_cards(&d[13 * p..13 * p + 13]).unwrap()))
                        .collect()
                })
                .collect();
            let settler = Settler::new(&rules).unwrap();
            let mut out = settler.settle(&rounds[0]).unwrap();
            sum = measured(|| {
                rounds.iter().fold(0, |s, r| {
                    settler.settle_into(black_box(r), &mut out).unwrap();
                    s.wrapping_add(out.totals[0].to_f64() as u64)
                })
            });
        }
        "arrange" | "arrange_plain" => {
            let hands: Vec<Vec<Card>> = (0..500).map(|_| mix.deal()[..13].to_vec()).collect();
            // The default arranger (card removal on), or the same hands without card removal.
            let arranger = Arranger::new(&rules, 4).unwrap().with_card_removal(workload == "arrange");
            sum = measured(|| {
                hands
                    .iter()
                    .fold(0, |s, h| s.wrapping_add(arranger.arrange(black_box(h)).unwrap().expected_water as u64))
            });
        }
        "arrange_jokers" => {
            // Hands holding a joker, dealt from a deck with two (RULES.md §12).
            let mut jokers = Rules::classic();
            jokers.jokers = 2;
            let mut dealer = shisanshui::deal::Dealer::from_seed(0x10_4E55);
            let hands: Vec<Vec<Card>> = std::iter::repeat_with(|| dealer.deal_for(&jokers, 4).unwrap())
                .flatten()
                .filter(|h| h.iter().any(|c| c.is_joker()))
                .take(200)
                .map(|h| h.to_vec())
                .collect();
            let arranger = Arranger::new(&jokers, 4).unwrap();
            sum = measured(|| {
                hands
                    .iter()
                    .fold(0, |s, h| s.wrapping_add(arranger.arrange(black_box(h)).unwrap().expected_water as u64))
            });
        }
        "worst_jokers" => {
            // Not an instruction count: the slowest of 2,000 dealt hands holding a joker, each
            // timed as the fastest of 7 calls (the least noise one run can give).
            let mut jokers = Rules::classic();
            jokers.jokers = 2;
            let mut dealer = shisanshui::deal::Dealer::from_seed(7);
            let arranger = Arranger::new(&jokers, 4).unwrap();
            let (mut worst, mut total, mut n) = (0f64, 0f64, 0);
            while n < 2_000 {
                for h in dealer.deal_for(&jokers, 4).unwrap() {
                    if !h.iter().any(|c| c.is_joker()) {
                        continue;
                    }
                    let t = (0..7)
                        .map(|_| {
                            let start = std::time::Instant::now();
                            black_box(arranger.arrange(black_box(&h)).unwrap());
                            start.elapsed().as_secs_f64()
                        })
                        .fold(f64::MAX, f64::min);
                    worst = worst.max(t);
                    total += t;
                    n += 1;
                }
            }
            println!("hands holding a joker: mean {:.1} µs, slowest {:.1} µs", total / n as f64 * 1e6, worst * 1e6);
        }
        "none" => {}
        other => {
            eprintln!("unknown workload {other:?} (eval5, eval3, evaluate, settle, arrange, arrange_jokers, worst_jokers, none)");
            std::process::exit(2);
        }
    }
    println!("{workload}: checksum {sum}");
}
