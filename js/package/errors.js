// The errors every call throws: one class per engine error code, all subclasses of
// ShisanshuiError (itself an Error). `code` is the engine's snake_case name of the error (the
// `kind` of the shared test vectors); the error's own fields (position, card, path, row, ...)
// are properties beside it.

export class ShisanshuiError extends Error {}
export class UnknownRankError extends ShisanshuiError {}
export class UnknownSuitError extends ShisanshuiError {}
export class BadCardCodeError extends ShisanshuiError {}
export class DuplicateCardError extends ShisanshuiError {}
export class TooManyCopiesError extends DuplicateCardError {}
/**
 * A joker (SJ, BJ) the rule set's deck does not deal (`jokers`, RULES.md §12). One more copy of a
 * joker it does deal is a DuplicateCardError or TooManyCopiesError, as for any card.
 */
export class JokerNotInDeckError extends ShisanshuiError {}
export class WrongCardCountError extends ShisanshuiError {}
export class InvalidRulesError extends ShisanshuiError {}
export class UnknownPresetError extends ShisanshuiError {}
export class UnknownSpecialError extends ShisanshuiError {}
export class SpecialNotAllowedError extends ShisanshuiError {}
export class InvalidTableError extends ShisanshuiError {}
export class InvalidMoneyError extends ShisanshuiError {}
export class InvalidArgumentError extends ShisanshuiError {}
export class CardNotInHandError extends ShisanshuiError {}
export class NoLegalArrangementError extends ShisanshuiError {}

/** The class of each error code (what the engine constructs). */
export const errorClasses = {
  error: ShisanshuiError,
  unknown_rank: UnknownRankError,
  unknown_suit: UnknownSuitError,
  bad_card_code: BadCardCodeError,
  duplicate_card: DuplicateCardError,
  too_many_copies: TooManyCopiesError,
  joker_not_in_deck: JokerNotInDeckError,
  wrong_card_count: WrongCardCountError,
  invalid_rules: InvalidRulesError,
  unknown_preset: UnknownPresetError,
  unknown_special: UnknownSpecialError,
  special_not_allowed: SpecialNotAllowedError,
  invalid_table: InvalidTableError,
  invalid_money: InvalidMoneyError,
  invalid_argument: InvalidArgumentError,
  card_not_in_hand: CardNotInHandError,
  no_legal_arrangement: NoLegalArrangementError,
};

// `name` as a string on each prototype, so it survives a minifier renaming the classes.
const names = {
  error: 'ShisanshuiError', unknown_rank: 'UnknownRankError', unknown_suit: 'UnknownSuitError',
  bad_card_code: 'BadCardCodeError', duplicate_card: 'DuplicateCardError', too_many_copies: 'TooManyCopiesError',
  joker_not_in_deck: 'JokerNotInDeckError',
  wrong_card_count: 'WrongCardCountError', invalid_rules: 'InvalidRulesError', unknown_preset: 'UnknownPresetError',
  unknown_special: 'UnknownSpecialError', special_not_allowed: 'SpecialNotAllowedError',
  invalid_table: 'InvalidTableError', invalid_money: 'InvalidMoneyError', invalid_argument: 'InvalidArgumentError',
  card_not_in_hand: 'CardNotInHandError', no_legal_arrangement: 'NoLegalArrangementError',
};
for (const [code, cls] of Object.entries(errorClasses)) {
  Object.defineProperty(cls.prototype, 'name', { value: names[code], writable: true, configurable: true });
  if (code !== 'error') Object.defineProperty(cls.prototype, 'code', { value: code, writable: true, configurable: true });
}
Object.defineProperty(ShisanshuiError.prototype, 'code', { value: 'error', writable: true, configurable: true });

/** An InvalidArgumentError raised by the JavaScript layer itself (a bad argument type). */
export function invalidArgument(message) {
  const e = new InvalidArgumentError(message);
  e.code = 'invalid_argument';
  return e;
}
