// Type declarations of the npm package `shisanshui` (the same for every entry point).

/**
 * A card: its code (0-51: rank index × 4 + suit, 2♦ = 0 … A♠ = 51) or its text (`"As"`, `"10h"`,
 * `"♠A"`). The wild jokers (RULES.md §12) are `"SJ"` / `"小王"` (code 52) and `"BJ"` / `"大王"`
 * (code 53), taken where the rule set's deck deals them (`jokers`).
 */
export type CardLike = number | string;
/** Cards: text (`"As Kd 10h"`), an array of codes or card texts, or a `Uint8Array` of codes. */
export type Cards = string | readonly CardLike[] | Uint8Array;
/** A rule set: a `Rules`, a preset name, a plain object in the rule-set JSON form, or nothing for classic. */
export type RulesLike = Rules | PresetName | RuleSetObject | undefined | null;
/** The shipped presets (RULES.md §9). */
export type PresetName = 'classic' | 'regional' | 'kx' | 'hk' | 'ranked' | 'chinese_poker';
/**
 * The rule-set JSON form as a plain object (see RULES.md); it may name a `preset` to start from.
 * The wild jokers (RULES.md §12): `jokers` 0 to 6, `joker_lanes` `'each_best'` or `'avoid_foul'`,
 * `jokers_in_specials`. Field names may be written in camelCase too (`extraSuits`,
 * `laneWater: { frontTrips: 4 }`), at every level; values keep their JSON form; JSON output is
 * snake_case. A field named both ways in one object is an `InvalidRulesError`, and so is an unknown
 * field, named as written (`path` is the JSON form's).
 */
export type RuleSetObject = {
  preset?: PresetName;
  extra_suits?: string[];
  extraSuits?: string[];
  jokers?: number;
  joker_lanes?: JokerLanes;
  jokerLanes?: JokerLanes;
  jokers_in_specials?: boolean;
  jokersInSpecials?: boolean;
  strict_order?: boolean;
  strictOrder?: boolean;
  suit_tiebreak?: boolean;
  suitTiebreak?: boolean;
} & Record<string, unknown>;
/** A hand category in the engine's JSON form. */
export type Category =
  | 'high_card' | 'one_pair' | 'two_pair' | 'three_of_a_kind' | 'straight' | 'flush'
  | 'full_house' | 'four_of_a_kind' | 'straight_flush' | 'five_of_a_kind';
/** A category as callers may name it: its JSON name, English or Chinese name (`"pair"`, `"同花"`), or number 0-9. */
export type CategoryLike = Category | string | number;
/** A seed: a non-negative safe integer, or a BigInt below 2^64. */
export type Seed = number | bigint;
/** A bot level of the Arranger, weakest first. */
export type Level = 'beginner' | 'casual' | 'strong' | 'best';

/** An exact amount of water: `num / den` in lowest terms (`den` is 1 for whole water). */
export interface Fraction { num: number; den: number }

/** Three lanes as card texts. */
export interface Lanes { front: string[]; middle: string[]; back: string[] }
/** An arrangement as callers may give it: text (`"As Kd Qh / … / …"`), 13 cards in lane order, or lanes. */
export type ArrangementLike = string | readonly CardLike[] | Uint8Array | { front: Cards; middle: Cards; back: Cards };

/** The rank of a 3- or 5-card hand; a larger `value` is a stronger hand (the layout of RULES.md and every surface). */
export interface HandRank { value: number; category: Category; text: string }

/** Each lane's rank and the foul check (RULES.md §2). */
export interface ArrangementEval {
  front: HandRank;
  middle: HandRank;
  back: HandRank;
  front_over_middle: boolean;
  middle_over_back: boolean;
  is_foul: boolean;
  /**
   * Only when the lanes hold jokers (RULES.md §12): the lanes as played under the rule set's
   * `joker_lanes` reading, each joker replaced by the card it stands for (`"SJ"` → `"As"`).
   */
  played?: Lanes;
}

/** How a hand's jokers are read when its lanes are valued (RULES.md §12). */
export type JokerLanes = 'each_best' | 'avoid_foul';

/** A lane's rank with the lane as played: `played` is the cards in the order given, each joker replaced by the card it stands for. */
export interface PlayedRank extends HandRank { played: string[] }

/** What 13 cards qualify for: the highest enabled special's id (`"SD"`), all of them, and for TSF/TF/TS the lanes. */
export interface SpecialDetection { best: string | null; all: string[]; arrangement: Lanes | null }

/** One special the engine knows. */
export interface SpecialInfo { id: string; name: string; chinese: string }

/** An arrangement the arranger chose, with its lanes' categories and expected water against the field. */
export interface Arranged { arrangement: Lanes; categories: [Category, Category, Category]; expected_water: number }
/** One suggestion. */
export interface Suggestion extends Arranged { kind: 'best' | 'strongest_back' | 'strongest_middle' | 'alternative' }
/** Whether to declare a special. */
export interface SpecialAdvice {
  special: string;
  declare_water: number;
  lane_water: number;
  advantage: number;
  declare: boolean;
  best_lanes: Arranged;
}
/** One combination of a category (理牌 hints). */
export interface Combo {
  category: Category;
  cards: string[];
  fits_front: boolean;
  /** The cards with each joker replaced by what it stands for in this combination; only when it holds a joker. */
  played?: string[];
}

/** A seat of a round: an arrangement, an arranger's answer (its lanes), or a declared special with its 13 cards. */
export type Seat = ArrangementLike | Arrangement | Arranged | { special: string; cards: Cards };
/** What `play` puts on the table: a declared special, or lanes. */
export type PlayedSeat = { special: string; cards: string[] } | Lanes;

/** A settled round in the engine's JSON form (the same object as Python's `Settlement.to_dict()`). */
export interface Settlement {
  mode: 'pairwise' | 'ranked';
  banker: number | null;
  /** Each seat's water. */
  totals: Fraction[];
  /** Each seat's water in 840ths of a point (exact integers). */
  units: number[];
  /** `matrix[i][j]`: what seat i receives from seat j. */
  matrix: Fraction[][];
  /** Each seat: `kind`, its `eval` (lanes) or special; a seat whose lanes hold jokers also has `played` (Lanes). */
  seats: Record<string, unknown>[];
  pairs: Record<string, unknown>[];
  events: Record<string, unknown>[];
  ranked_lane_water: [number, number, number] | null;
  [key: string]: unknown;
}

/** Money settings: base in minor units per water, optional carries per seat, optional rake. */
export interface Stakes {
  base: number;
  carries?: number[] | null;
  /** A whole percent (`5`), `[numerator, denominator]` or `{numerator, denominator}`. */
  rake?: number | [number, number] | { numerator: number; denominator: number } | null;
}
/** One seat's way from water to money. */
export interface MoneyLine { water: Fraction; raw: number; capped: number; scaled: number; rake: number; amount: number }
/** A round in money. */
export interface MoneyResult { lines: MoneyLine[]; amounts: number[]; rake: number; rounding: number; house: number; unclaimed: number }
/** Water per seat: a fraction, a number (a whole number of 840ths) or a fraction's text (`"-7/3"`). */
export type WaterLike = Fraction | number | string;

/** A validated rule set. Immutable; `copy(changes)` makes a changed one. */
export class Rules {
  private constructor();
  /** A preset with optional changes in the rule-set JSON form (`{strict_order: true}`, `{jokers: 2}`). */
  static preset(name: PresetName | string, changes?: RuleSetObject): Rules;
  /** The names of the shipped presets. */
  static presets(): string[];
  /** From the rule-set JSON text (it may name a `"preset"` and give only what it changes). */
  static fromJSON(text: string): Rules;
  /** From the plain-object form of the rule-set JSON. */
  static fromObject(object: RuleSetObject): Rules;
  /** A copy with changes, validated together. */
  copy(changes?: RuleSetObject): Rules;
  /** The rule-set JSON form as a plain object (what `JSON.stringify` writes). */
  toJSON(): RuleSetObject;
  /** Pretty-printed rule-set JSON. */
  toString(): string;
  /** Throws `InvalidRulesError` naming the bad field. */
  validate(): void;
  /** Whether two rule sets agree in every field (false for anything that is not a `Rules`). */
  equals(other: unknown): boolean;
  /** The most seats the deck deals 13 cards to: 4 plus one per extra suit. */
  readonly maxPlayers: number;
  /** Suits whose cards are in the deck twice (加色, RULES.md §11), as letters. */
  readonly extraSuits: string[];
  /** Wild jokers the deck adds (RULES.md §12), 0 to 6: `SJ` ⌈n/2⌉ times, `BJ` ⌊n/2⌋ times (`jokers` in JSON). */
  readonly jokers: number;
  /** How a hand's jokers are read when its lanes are valued (`joker_lanes` in JSON). */
  readonly jokerLanes: JokerLanes;
  /** Whether a joker may complete a special hand (`jokers_in_specials` in JSON). */
  readonly jokersInSpecials: boolean;
  /** How many copies of a card the deck holds (of a joker, as many as it deals). */
  copies(card: CardLike): number;
  /** The water of a special (id, English or Chinese name), or `null` if disabled. */
  specialWater(special: string): number | null;
  /** Release its memory now (the garbage collector does it otherwise). */
  free(): void;
}

/** Three lanes, checked for sizes and repeats. */
export class Arrangement implements Lanes {
  constructor(front: Cards, middle: Cards, back: Cards, rules?: RulesLike);
  constructor(arrangement: ArrangementLike);
  static parse(text: string, rules?: RulesLike): Arrangement;
  static fromCards(cards: Cards, rules?: RulesLike): Arrangement;
  readonly front: string[];
  readonly middle: string[];
  readonly back: string[];
  /** All 13 cards in lane order. */
  readonly cards: string[];
  /** Whether a lane holds a joker. */
  readonly hasJokers: boolean;
  evaluate(rules?: RulesLike): ArrangementEval;
  /** The lanes as played under a rule set (each joker replaced by the card it stands for; without jokers the lanes themselves). */
  played(rules?: RulesLike): Lanes;
  equals(other: unknown): boolean;
  toString(): string;
  toJSON(): Lanes;
}

/** The auto-arranger for one rule set, table size and seat role. */
export class Arranger {
  constructor(
    rules?: RulesLike,
    players?: number,
    options?: { role?: 'player' | 'banker'; level?: Level; seed?: Seed; cardRemoval?: boolean },
  );
  readonly players: number;
  readonly role: 'player' | 'banker';
  /** The bot level (`'best'` unless given). */
  readonly level: Level;
  /** The seed of the level's draws (0n unless given). */
  readonly seed: bigint;
  /** Whether card removal is on (`true` unless made with `cardRemoval: false`). */
  readonly cardRemoval: boolean;
  readonly rules: Rules;
  arrange(cards: Cards): Arranged;
  suggest(cards: Cards, n?: number): Suggestion[];
  specialAdvice(cards: Cards): SpecialAdvice | null;
  /** The special declared where that is worth more than the lanes, the lanes of `arrange` otherwise. */
  play(cards: Cards): PlayedSeat;
  expectedWater(arrangement: ArrangementLike | Arrangement): number;
  complete(cards: Cards, fixed?: { front?: Cards; middle?: Cards; back?: Cards }): Arranged;
  /** N × 13 codes in, each hand's arrangement as 13 codes in lane order out. */
  arrangeMany(hands: Uint8Array): Uint8Array;
  free(): void;
  [Symbol.dispose](): void;
}

export function version(): string;
export function rulesOf(rules?: RulesLike): Rules;
export function parseCards(cards: Cards, rules?: RulesLike): number[];
export function formatCards(cards: Cards, rules?: RulesLike): string;
export function cardCode(text: string): number;
/** Codes 52 and 53 (the jokers) need a rule set whose deck deals them. */
export function cardText(code: number, rules?: RulesLike): string;
/** Whether a card (text or code) is a wild joker (`SJ`, `BJ`, codes 52, 53). */
export function isJoker(card: CardLike): boolean;
export function deck(rules?: RulesLike): string[];
export function evaluate(cards: Cards, rules?: RulesLike): HandRank;
/** A lane's rank with what each joker stands for (RULES.md §12). */
export function evaluatePlayed(cards: Cards, rules?: RulesLike): PlayedRank;
/** N × `size` codes (5 or 3) in, N hand values out. */
export function evaluateMany(hands: Uint8Array, rules?: RulesLike, size?: 5 | 3): Uint32Array;
export function checkArrangement(arrangement: ArrangementLike | Arrangement, rules?: RulesLike): ArrangementEval;
export function detectSpecial(cards: Cards, rules?: RulesLike): SpecialDetection;
/** The id (`"SD"`) of a special named by its id, English or Chinese name; `UnknownSpecialError` otherwise. */
export function parseSpecial(name: string): string;
export function specials(): SpecialInfo[];
export function deal(players?: number, seed?: Seed, rules?: RulesLike): string[][];
export function shuffledDeck(seed: Seed, rules?: RulesLike): string[];
export function roundSeed(seed: Seed, round: Seed): bigint;
export function autoArrange(
  cards: Cards,
  rules?: RulesLike,
  options?: { players?: number; role?: 'player' | 'banker'; level?: Level; seed?: Seed },
): Arranged;
/** The seat a good player puts on the table with 13 cards (see `Arranger.play`). */
export function play(
  cards: Cards,
  rules?: RulesLike,
  options?: { players?: number; role?: 'player' | 'banker'; level?: Level; seed?: Seed },
): PlayedSeat;
export function suggest(cards: Cards, rules?: RulesLike, options?: { players?: number; role?: 'player' | 'banker'; n?: number }): Suggestion[];
export function combos(cards: Cards, category: CategoryLike, rules?: RulesLike): Combo[];
export function settle(hands: readonly Seat[], rules?: RulesLike, banker?: number): Settlement;
export function settleMoney(water: readonly WaterLike[], stakes: Stakes): MoneyResult;
export function escape(seats: number, leaver: number, stakes: Stakes): MoneyResult;

/** Where the WebAssembly module comes from: a URL, a `Response`, its bytes, or a compiled module. */
export type WasmSource = string | URL | Response | Promise<Response> | BufferSource | WebAssembly.Module;
/** Load the module (the `shisanshui` entry does it for you; `shisanshui/manual` does not). */
export function init(
  source?: WasmSource,
  options?: {
    bigTables?: Uint8Array | ArrayBuffer | string | URL | Response | Promise<Response>;
    jokerTables?: Uint8Array | ArrayBuffer | string | URL | Response | Promise<Response>;
  },
): Promise<void>;
/** Load the module from bytes in hand. */
export function initSync(wasm: BufferSource | WebAssembly.Module, options?: { bigTables?: Uint8Array; jokerTables?: Uint8Array }): void;

/** Every error the engine throws; `code` is its snake_case name (as in the shared vectors). */
export class ShisanshuiError extends Error {
  code: string;
  position?: number;
  token?: string;
  tokenLength?: number;
  card?: string;
  cardCode?: number;
  copies?: number;
  expected?: number;
  found?: number;
  /** The lane of a wrong card count, when the cards were given lane by lane (`"front"`, `"middle"`, `"back"`). */
  lane?: string;
  /** A card on two seats of a round (`DuplicateCardError` from `settle`): the seat of the second occurrence. */
  seat?: number;
  /** … and the seat of the first (the same seat when one seat holds the card twice). */
  firstSeat?: number;
  path?: string;
  reason?: string;
  special?: string;
  preset?: string;
  /** The first bad row of a batch. */
  row?: number;
  /** How many jokers the rule set deals (`JokerNotInDeckError`). */
  jokers?: number;
}
export class UnknownRankError extends ShisanshuiError {}
export class UnknownSuitError extends ShisanshuiError {}
export class BadCardCodeError extends ShisanshuiError {}
export class DuplicateCardError extends ShisanshuiError {}
export class TooManyCopiesError extends DuplicateCardError {}
/** A joker the rule set's deck does not deal (`jokers`, RULES.md §12); `card`, `position` and `jokers` say which. */
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
/** The class of each error code. */
export const errorClasses: Record<string, typeof ShisanshuiError>;
