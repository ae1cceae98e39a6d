//! `ArrangerOptions`: an arranger made from options plays as the one built call by call, and gives
//! its options back.

use shisanshui::arrange::{Level, Role};
use shisanshui::{deal, Arranger, ArrangerOptions, Error, Rules, Table};

#[test]
fn options_make_the_arranger_the_calls_make() {
    let rules = Rules::classic();
    let mut options = ArrangerOptions::new(4);
    options.level = Level::Casual;
    options.seed = 7;
    options.card_removal = false;
    let made = Arranger::with_options(&rules, &options).unwrap();
    let built = Arranger::new(&rules, 4).unwrap().with_card_removal(false).with_level(Level::Casual, 7);
    assert_eq!(made.options(), options);
    assert_eq!(built.options(), options);
    for seed in 0..6 {
        for hand in deal::deal(4, Some(seed)).unwrap() {
            assert_eq!(made.arrange(&hand).unwrap(), built.arrange(&hand).unwrap());
        }
    }
    // The defaults are what Arranger::new makes.
    assert_eq!(Arranger::new(&rules, 3).unwrap().options(), ArrangerOptions::new(3));
}

#[test]
fn a_banker_seat_from_options() {
    let rules = Rules { table: Table::Banker, ..Rules::classic() };
    let mut options = ArrangerOptions::new(4);
    options.role = Role::Banker;
    let a = Arranger::with_options(&rules, &options).unwrap();
    assert_eq!(a.role(), Role::Banker);
    assert_eq!(a.options(), options);
    // The banker's role needs a banker table; seats outside 2..=4 are refused as by new_for.
    assert!(matches!(Arranger::with_options(&Rules::classic(), &options), Err(Error::InvalidTable(_))));
    options.role = Role::Player;
    options.players = 5;
    assert!(matches!(Arranger::with_options(&rules, &options), Err(Error::InvalidTable(_))));
}
