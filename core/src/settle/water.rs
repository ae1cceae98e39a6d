//! Water (水), the unit a round is settled in, held exactly.
//!
//! Pairwise scoring only ever moves whole water. The ranked preset (§9) makes every normal
//! player pay a special `w / p` of its water, with `p` the number of normal players: at a table
//! of at most eight seats (RULES.md §11) `p` is 1 to 8, so every result is a whole number of
//! 840ths (840 = lcm(1, …, 8)). `Water` is therefore an integer count of 840ths, its *units*:
//! exact, `Copy`, totally ordered, and free of any floating point.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::error::{Error, Result};

/// An exact amount of water, positive when received and negative when paid.
///
/// Stored as 840ths of a water point ([`Water::DENOMINATOR`]). With the `serde` feature it is written as the reduced
/// fraction `{"num": -3, "den": 2}` (`den` is 1 for whole water), so that any client can show
/// it exactly.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Water(i64);

impl Water {
    /// Units in one water point: every denominator water can have divides it (see the module docs).
    pub const DENOMINATOR: i64 = 840;
    /// No water.
    pub const ZERO: Water = Water(0);

    /// Whole water.
    pub const fn from_int(n: i64) -> Water {
        Water(n * Water::DENOMINATOR)
    }

    /// From a count of units (840ths of a point).
    pub const fn from_units(t: i64) -> Water {
        Water(t)
    }

    /// The fraction `num / den`; an error unless it is a whole number of units (840ths).
    pub fn new(num: i64, den: i64) -> Result<Water> {
        if den == 0 {
            return Err(Error::InvalidArgument("water with a zero denominator".into()));
        }
        let scaled = num as i128 * Water::DENOMINATOR as i128;
        if scaled % den as i128 != 0 {
            return Err(Error::InvalidArgument(format!(
                "water {num}/{den} is not a whole number of 840ths (denominators divide 840)"
            )));
        }
        i64::try_from(scaled / den as i128)
            .map(Water)
            .map_err(|_| Error::InvalidArgument(format!("water {num}/{den} is out of range")))
    }

    /// `w / p` exactly; `p` must divide 840 (at most 8 normal players share a special).
    pub(crate) const fn share(w: i64, p: i64) -> Water {
        Water(w * (Water::DENOMINATOR / p))
    }

    /// The count of units (840ths of a point).
    pub const fn units(self) -> i64 {
        self.0
    }

    /// Numerator of the reduced fraction (sign included).
    pub const fn numer(self) -> i64 {
        self.0 / gcd_unit(self.0)
    }

    /// Denominator of the reduced fraction: a divisor of 840 (1 for whole water).
    pub const fn denom(self) -> i64 {
        Water::DENOMINATOR / gcd_unit(self.0)
    }

    /// The value when it is whole water.
    pub const fn to_integer(self) -> Option<i64> {
        if self.0 % Water::DENOMINATOR == 0 {
            Some(self.0 / Water::DENOMINATOR)
        } else {
            None
        }
    }

    /// Whether this is a whole number of water points.
    pub const fn is_integer(self) -> bool {
        self.0 % Water::DENOMINATOR == 0
    }

    /// An approximation for display only; never settle with it.
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / Water::DENOMINATOR as f64
    }
}

/// gcd(|t|, 840), with gcd(0, 840) = 840 so that zero reduces to 0/1.
const fn gcd_unit(t: i64) -> i64 {
    let mut a = t.unsigned_abs() % Water::DENOMINATOR as u64;
    let mut b = Water::DENOMINATOR as u64;
    while a != 0 {
        let r = b % a;
        b = a;
        a = r;
    }
    b as i64
}

impl From<i64> for Water {
    fn from(n: i64) -> Water {
        Water::from_int(n)
    }
}

impl Add for Water {
    type Output = Water;
    fn add(self, o: Water) -> Water {
        Water(self.0 + o.0)
    }
}

impl Sub for Water {
    type Output = Water;
    fn sub(self, o: Water) -> Water {
        Water(self.0 - o.0)
    }
}

impl Neg for Water {
    type Output = Water;
    fn neg(self) -> Water {
        Water(-self.0)
    }
}

impl Mul<i64> for Water {
    type Output = Water;
    fn mul(self, n: i64) -> Water {
        Water(self.0 * n)
    }
}

impl AddAssign for Water {
    fn add_assign(&mut self, o: Water) {
        self.0 += o.0;
    }
}

impl SubAssign for Water {
    fn sub_assign(&mut self, o: Water) {
        self.0 -= o.0;
    }
}

impl Sum for Water {
    fn sum<I: Iterator<Item = Water>>(iter: I) -> Water {
        iter.fold(Water::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Water> for Water {
    fn sum<I: Iterator<Item = &'a Water>>(iter: I) -> Water {
        iter.copied().sum()
    }
}

impl fmt::Display for Water {
    /// `7`, `-3`, `3/2`, `-1/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_integer() {
            Some(n) => write!(f, "{n}"),
            None => write!(f, "{}/{}", self.numer(), self.denom()),
        }
    }
}

impl fmt::Debug for Water {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Water({self})")
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Water;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(remote = "Self", deny_unknown_fields)]
    struct Fraction {
        num: i64,
        den: i64,
    }
    crate::rules::named_fields_only!(Fraction);

    impl Serialize for Water {
        fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            Fraction { num: self.numer(), den: self.denom() }.serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Water {
        fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Water, D::Error> {
            // The trait's function (named fields only), not the inherent one serde derived.
            let f = <Fraction as Deserialize>::deserialize(d)?;
            Water::new(f.num, f.den).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce() {
        assert_eq!(Water::from_int(-4).to_string(), "-4");
        assert_eq!(Water::new(3, 2).unwrap().to_string(), "3/2");
        assert_eq!(Water::new(-2, 6).unwrap().to_string(), "-1/3");
        assert_eq!(Water::new(9, 6).unwrap(), Water::new(3, 2).unwrap());
        assert_eq!(Water::ZERO.numer(), 0);
        assert_eq!(Water::ZERO.denom(), 1);
        assert_eq!(Water::new(5, 4).unwrap().denom(), 4);
        assert_eq!(Water::share(3, 2) + Water::share(3, 2), Water::from_int(3));
        assert_eq!(Water::share(10, 3) * 3, Water::from_int(10));
        // Big tables (RULES.md §11): five to eight normal players share a ranked special.
        assert_eq!(Water::share(4, 7) * 7, Water::from_int(4));
        assert_eq!(Water::share(3, 5).to_string(), "3/5");
        assert_eq!(Water::share(3, 8).denom(), 8);
        assert!(Water::new(1, 9).is_err());
        assert!(Water::new(1, 0).is_err());
        assert_eq!(Water::new(-6, -4).unwrap(), Water::new(3, 2).unwrap());
    }
}
