//! Card removal's fast corrections (`shisanshui::arrange` with card removal on) against the
//! reference that conditions the field class by class (`shisanshui_tools::card_removal`): on
//! random hands, each subset's correction of its middle and back lane value follows the exact
//! conditioned value's change closely, and the front's is the same to the reference's fixed-point
//! rounding (its runs are single classes).

use shisanshui::arrange::search::HandSubsets;
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{model_tables, Arranger};
use shisanshui::deal::Dealer;
use shisanshui::{Card, Lane, Preset, Rules};
use shisanshui_tools::card_removal::conditioned;

#[test]
fn corrections_follow_the_class_by_class_reference() {
    for (preset, players) in [(Preset::Classic, 2), (Preset::Classic, 4), (Preset::Kx, 4), (Preset::Hk, 2)] {
        let rules = Rules::preset(preset);
        let st = Strength::get(rules.wheel);
        let field = model_tables::field(preset, players).unwrap();
        let base = Arranger::with_field(&rules, players, field).unwrap();
        let mut d = Dealer::from_seed(5);
        let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
        for _ in 0..8 {
            let deck = d.shuffle_deck(Default::default());
            let hand: [Card; 13] = deck[..13].try_into().unwrap();
            let exact = Arranger::with_field(&rules, players, &conditioned(field, st, &hand)).unwrap();
            let h = HandSubsets::new(st, hand.map(|c| c.code()));
            let corr = base.objective().corrections(&h).unwrap();
            let delta = |lane: Lane, x: u16| {
                exact.objective().lane_values(lane)[x as usize] - base.objective().lane_values(lane)[x as usize]
            };
            for (lane, c) in [(Lane::Middle, &corr.middle), (Lane::Back, &corr.back)] {
                for (i, &x) in h.five.iter().enumerate() {
                    let (e, a) = (delta(lane, x), c[i]);
                    (sxy, sxx, syy) = (sxy + e * a, sxx + e * e, syy + a * a);
                }
            }
            for (i, &x) in h.three.iter().enumerate() {
                let e = delta(Lane::Front, x);
                assert!((corr.front[i] - e).abs() < 1e-3, "{preset} front {x}: {} vs {e}", corr.front[i]);
            }
        }
        let correlation = sxy / (sxx * syy).sqrt();
        let scale = (syy / sxx).sqrt();
        assert!(correlation > 0.9, "{preset} {players}: correlation {correlation:.3}");
        assert!((0.7..1.3).contains(&scale), "{preset} {players}: size {scale:.3} of the reference's");
    }
}
