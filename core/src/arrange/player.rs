//! How each type of player puts 13 cards on the table: the arranger (at its level) or a
//! baseline (greedy, product). The simulation and the tournament tool both play seats through
//! [`play_seat`], so every kind of hand (plain, copies, jokers) is served in this one place.

use super::baseline::{self, Baseline};
use super::Arranger;
use crate::card::Card;
use crate::error::Result;
use crate::rules::Rules;
use crate::settle::PlayerHand;
use crate::special::{Special, SpecialDetector};

/// Who plays a seat.
#[derive(Copy, Clone, Debug)]
#[non_exhaustive]
pub enum PlayerType<'a> {
    /// The arranger (at its bot level): it declares a special where its advice says declaring
    /// pays more than its lanes ([`Arranger::special_advice`]).
    Arranger(&'a Arranger),
    /// A baseline ([`baseline::arrange_with`]): it declares every special its cards make, as
    /// game servers do.
    Baseline(Baseline),
}

/// The seat `player` puts down with `cards`, and the special the cards make, if any (the
/// arranger's advice names the one it weighed; a baseline's is the detector's best). With
/// `detector` `None` specials are off: the lanes are played and no special is reported. With
/// `declare` off the lanes are played even when a special is made (it is still reported).
///
/// Errors: those of [`Arranger::arrange`] and [`baseline::arrange_with`] for the cards.
pub fn play_seat(
    player: PlayerType<'_>,
    cards: &[Card; 13],
    rules: &Rules,
    detector: Option<&SpecialDetector>,
    declare: bool,
) -> Result<(PlayerHand, Option<Special>)> {
    match player {
        PlayerType::Arranger(arranger) => arranger_seat(arranger, cards, detector.is_some(), declare),
        PlayerType::Baseline(which) => {
            let made = match detector {
                Some(d) => d.detect(cards)?.best,
                None => None,
            };
            if let (Some(special), true) = (made, declare) {
                return Ok((PlayerHand::Special { special, cards: *cards }, made));
            }
            Ok((PlayerHand::Arranged(baseline::arrange_with(which, cards, rules)?), made))
        }
    }
}

/// The arranger's part of [`play_seat`], on its own so that a build that only arranges
/// ([`Arranger::play`], the WebAssembly package) does not carry the baselines.
pub(crate) fn arranger_seat(
    arranger: &Arranger,
    cards: &[Card; 13],
    specials: bool,
    declare: bool,
) -> Result<(PlayerHand, Option<Special>)> {
    if !specials {
        return Ok((PlayerHand::Arranged(arranger.arrange(cards)?.arrangement), None));
    }
    Ok(match arranger.special_advice(cards)? {
        Some(adv) if declare && adv.declare() => {
            (PlayerHand::Special { special: adv.special, cards: *cards }, Some(adv.special))
        }
        Some(adv) => (PlayerHand::Arranged(adv.best_lanes.arrangement), Some(adv.special)),
        None => (PlayerHand::Arranged(arranger.arrange(cards)?.arrangement), None),
    })
}
