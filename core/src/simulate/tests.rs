use super::*;
use crate::error::Error;

#[test]
fn round_seeds_are_splitmix64() {
    // SplitMix64's published first outputs for state 0 (seed 0, rounds 0, 1, 2).
    assert_eq!(round_seed(0, 0), 0xE220_A839_7B1D_CDAF);
    assert_eq!(round_seed(0, 1), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(round_seed(0, 2), 0x06C4_5D18_8009_454F);
}

#[test]
fn quantiles_are_nearest_rank() {
    let mut e = Exact::default();
    for x in [5, 1, 3, 2, 4] {
        e.add(x);
    }
    let d = e.distribution(1.0);
    let at = |q: f64| d.quantiles.iter().find(|x| x.q == q).unwrap().value;
    assert_eq!((at(0.0), at(0.25), at(0.5), at(0.75), at(1.0)), (1.0, 2.0, 3.0, 4.0, 5.0));
    assert_eq!(d.summary.mean, 3.0);
    assert!((d.summary.sd - 2.5f64.sqrt()).abs() < 1e-12);
    assert_eq!(d.histogram.len(), 5);
}

#[test]
fn policies_parse_by_name() {
    assert_eq!("Greedy".parse::<Policy>().unwrap(), Policy::Greedy);
    assert_eq!("ours".parse::<Policy>().unwrap(), Policy::Arranger);
    assert!(matches!("nobody".parse::<Policy>(), Err(Error::InvalidArgument(_))));
}
