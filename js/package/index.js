// shisanshui: the rules engine for Thirteen Water (十三水), compiled to WebAssembly.
//
// This module is the package's API. It needs the WebAssembly module loaded first: the
// package's entry points do that (`shisanshui` in Node and in browsers and bundlers), and
// `shisanshui/manual` leaves it to the caller's `init(...)` (mini-game loaders, custom hosting).
// Everything here converts arguments to the engine's terms and calls it; the game logic is all
// in the Rust engine.

import * as raw from './wasm/shisanshui.js';
import { errorClasses, invalidArgument, InvalidRulesError } from './errors.js';

// The error classes, not the internal helper `invalidArgument`.
export {
  ShisanshuiError, UnknownRankError, UnknownSuitError, BadCardCodeError, DuplicateCardError,
  TooManyCopiesError, JokerNotInDeckError, WrongCardCountError, InvalidRulesError, UnknownPresetError,
  UnknownSpecialError, SpecialNotAllowedError, InvalidTableError, InvalidMoneyError, InvalidArgumentError,
  CardNotInHandError, NoLegalArrangementError, errorClasses,
} from './errors.js';
export const { Rules } = raw;

// `equals` of anything but a Rules is false (the generated method throws a plain Error for it).
const rulesEquals = raw.Rules.prototype.equals;
Object.defineProperty(raw.Rules.prototype, 'equals', {
  value: function equals(other) {
    return other instanceof raw.Rules && rulesEquals.call(this, other);
  },
  writable: true,
  configurable: true,
});

// Rule-set objects may name their fields in camelCase, as JavaScript code does (`extraSuits`,
// `laneWater: { frontTrips: 4 }`), or in the rule-set JSON's snake_case: the keys of plain objects
// are read as snake_case here, at every level, before the object crosses to the engine (which
// reads the JSON form). Here rather than in the engine so the `.wasm` does not grow. Values are
// left as they are; JSON output stays snake_case. An object that names one field both ways is an
// InvalidRulesError naming both spellings. `renamed` gets, by the snake_case path of each key
// written otherwise, that key and its path as written.
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
function snakeKeys(value, renamed, path = '', written = '') {
  if (Array.isArray(value)) return value.map((v, i) => snakeKeys(v, renamed, `${path}[${i}]`, `${written}[${i}]`));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out = {};
  const given = {};
  for (const [key, v] of Object.entries(value)) {
    const snake = CAMEL.test(key) ? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : key;
    const at = path ? `${path}.${snake}` : snake;
    const writtenAt = written ? `${written}.${key}` : key;
    if (Object.prototype.hasOwnProperty.call(out, snake)) {
      const e = new InvalidRulesError(
        `invalid rule set at \`${at}\`: given twice, as \`${given[snake]}\` and \`${key}\``,
      );
      e.code = 'invalid_rules';
      e.path = at;
      e.reason = `given twice, as \`${given[snake]}\` and \`${key}\``;
      throw e;
    }
    given[snake] = key;
    if (writtenAt !== at) renamed.set(at, { key, snake, writtenAt });
    out[snake] = snakeKeys(v, renamed, at, writtenAt);
  }
  return out;
}

// `call` of a rule-set object read through snakeKeys. The engine names an unknown field by its
// snake_case reading; the message names it as written (`unknown field \`noSuchField\``), while
// `path` stays the JSON form's, as for every other InvalidRulesError.
function withSnakeKeys(value, call) {
  const renamed = new Map();
  const snake = snakeKeys(value, renamed);
  try {
    return call(snake);
  } catch (e) {
    const as = e instanceof InvalidRulesError && typeof e.path === 'string' ? renamed.get(e.path) : undefined;
    const unknown = as && `unknown field \`${as.snake}\``;
    if (
      as &&
      typeof e.reason === 'string' &&
      e.reason.startsWith(unknown) &&
      e.message === `invalid rule set at \`${e.path}\`: ${e.reason}`
    ) {
      e.reason = `unknown field \`${as.key}\`${e.reason.slice(unknown.length)}`;
      e.message = `invalid rule set at \`${as.writtenAt}\`: ${e.reason}`;
    }
    throw e;
  }
}

// The entry points that take a rule-set object read it through snakeKeys.
for (const [name, wrap] of [
  ['preset', (f) => function preset(name, changes) { return withSnakeKeys(changes, (c) => f.call(this, name, c)); }],
  ['fromObject', (f) => function fromObject(object) { return withSnakeKeys(object, (o) => f.call(this, o)); }],
]) {
  Object.defineProperty(raw.Rules, name, { value: wrap(raw.Rules[name]), writable: true, configurable: true });
}
const rulesCopy = raw.Rules.prototype.copy;
Object.defineProperty(raw.Rules.prototype, 'copy', {
  value: function copy(changes) {
    return withSnakeKeys(changes, (c) => rulesCopy.call(this, c));
  },
  writable: true,
  configurable: true,
});

let loaded = false;
// Card texts by code (the 52 cards, then the jokers SJ and BJ, codes 52 and 53) and codes by
// text (the 52 cards' display forms), category names by number: made once from the engine so
// results are built from shared strings.
let CARD_TEXT = [];
let CARD_CODE = new Map();
let CATEGORY = [];
const KIND = ['best', 'strongest_back', 'strongest_middle', 'alternative'];

function setUp(bigTables, jokerTables) {
  raw.__setErrorClasses(errorClasses);
  if (bigTables) raw.__addFields(bigTables);
  if (jokerTables) raw.__addFields(jokerTables);
  CARD_TEXT = Array.from({ length: 52 }, (_, c) => raw.cardText(c));
  CARD_CODE = new Map(CARD_TEXT.map((t, c) => [t, c]));
  CARD_TEXT.push('SJ', 'BJ');
  CATEGORY = raw.__categories();
  loaded = true;
}

// Cards for the engine: an array of codes or display texts becomes a Uint8Array of codes (one
// copy into the module instead of a string per card); anything else goes as it is and the
// engine reads it (and names what is wrong, with its position). A joker (code 52 or 53, or its
// text) also goes as it is: the engine reads it against the rule set's deck, which says
// whether it deals that joker.
function cardsArg(cards) {
  if (!Array.isArray(cards) || cards.length > 104) return cards;
  const codes = new Uint8Array(cards.length);
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    const code = typeof c === 'number' ? (Number.isInteger(c) && c >= 0 && c < 52 ? c : -1) : CARD_CODE.get(c) ?? -1;
    if (code < 0) return cards;
    codes[i] = code;
  }
  return codes;
}

// Objects from the packed numbers of the arranger (js/src/arrange.rs `pack`, 18 a row).
const PACKED = 18;
function unpack(p, at = 0) {
  const text = (i) => CARD_TEXT[p[at + i]];
  return {
    arrangement: {
      front: [text(0), text(1), text(2)],
      middle: [text(3), text(4), text(5), text(6), text(7)],
      back: [text(8), text(9), text(10), text(11), text(12)],
    },
    categories: [CATEGORY[p[at + 13]], CATEGORY[p[at + 14]], CATEGORY[p[at + 15]]],
    expected_water: p[at + 16],
  };
}

// Descriptions of hand ranks by value, made once each (at most 8,192 kept).
const DESCRIPTIONS = new Map();
function describe(value) {
  let d = DESCRIPTIONS.get(value);
  if (d === undefined) {
    d = raw.__describeRank(value);
    if (DESCRIPTIONS.size >= 8192) DESCRIPTIONS.clear();
    DESCRIPTIONS.set(value, d);
  }
  return d;
}

/**
 * Load the WebAssembly module (once; later calls return at once). `source` is what
 * wasm-bindgen's loader takes: a URL or path string, a `Response` or its promise, the module's
 * bytes (`ArrayBuffer`, `Uint8Array`) or a compiled `WebAssembly.Module`. `bigTables` is the
 * package's `wasm/model_tables_big.bin.lzma` (bytes, a `Response` or a URL), the arranger's
 * fields for five to eight seats; without it those tables use the nearest one-deck field.
 * `jokerTables`, the package's `wasm/model_tables_jokers.bin.lzma`, holds the fields of tables
 * with wild jokers; without it they use the field of the same table without jokers.
 */
export async function init(source, { bigTables, jokerTables } = {}) {
  if (loaded) return;
  const [, big, jokers] = await Promise.all([
    raw.default({ module_or_path: source }),
    bytesOf(bigTables),
    bytesOf(jokerTables),
  ]);
  setUp(big, jokers);
}

/** `init` for bytes already in hand: the module's and, optionally, the big and joker tables'. */
export function initSync(wasmBytes, { bigTables, jokerTables } = {}) {
  if (loaded) return;
  raw.initSync({ module: wasmBytes });
  setUp(bigTables, jokerTables);
}

async function bytesOf(source) {
  if (source === undefined || source === null) return undefined;
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  let response = await source;
  if (typeof response === 'string' || response instanceof URL) response = await fetch(response);
  if (!response.ok) throw invalidArgument(`cannot load the fields at ${response.url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function ready() {
  if (!loaded) throw invalidArgument('the WebAssembly module is not loaded: await init() first (shisanshui/manual)');
}

// Rule sets by preset name, made once each.
const presets = new Map();

/**
 * A rule set from what callers pass: a `Rules`, a preset name (`"kx"`), a plain object in the
 * rule-set JSON form (which may name a `preset`), or nothing for classic.
 */
export function rulesOf(rules) {
  ready();
  if (rules instanceof raw.Rules) return rules;
  if (rules === undefined || rules === null) rules = 'classic';
  if (typeof rules === 'string') {
    let r = presets.get(rules);
    if (!r) {
      r = raw.Rules.preset(rules);
      presets.set(rules, r);
    }
    return r;
  }
  if (typeof rules === 'object') return raw.Rules.fromObject(rules);
  throw invalidArgument('rules must be a Rules, a preset name or a rule-set object');
}

/** The engine's version. */
export function version() {
  ready();
  return raw.version();
}

/** The codes (0-51) of cards given as text, codes or card texts. */
export function parseCards(cards, rules) {
  return Array.from(raw.parseCards(cardsArg(cards), rulesOf(rules)));
}

/** Cards as text, space-separated (`"As Kd Th"`). */
export function formatCards(cards, rules) {
  return raw.formatCards(cardsArg(cards), rulesOf(rules));
}

/** The code of one card (`"As"` → 51; the jokers `"SJ"` / `"小王"` → 52, `"BJ"` / `"大王"` → 53). */
export function cardCode(text) {
  ready();
  if (typeof text !== 'string') throw invalidArgument(`cardCode takes a card's text ("As"), not ${typeof text}`);
  return raw.cardCode(text);
}

/**
 * The text of one card (51 → `"As"`). Codes 52 (`"SJ"`) and 53 (`"BJ"`) are the jokers under a
 * rule set whose deck deals them (`rules`); elsewhere they are bad codes, as for one deck.
 */
export function cardText(code, rules) {
  ready();
  if (rules === undefined || rules === null) return raw.cardText(code);
  return raw.formatCards([code], rulesOf(rules));
}

/** Whether a card (its text or code) is a wild joker: `"SJ"` / `"小王"` (52) or `"BJ"` / `"大王"` (53). */
export function isJoker(card) {
  if (typeof card === 'number') return card === 52 || card === 53;
  if (typeof card !== 'string') return false;
  const t = card.trim();
  return /^[sb]j$/i.test(t) || t === '小王' || t === '大王';
}

/** Every card of the rule set's deck, lowest first, then its jokers (`SJ`, `BJ`, `SJ`, …). */
export function deck(rules) {
  return raw.deck(rulesOf(rules));
}

/**
 * The rank of a 3- or 5-card hand: `{value, category, text}`; a larger value is stronger. A
 * hand with jokers (under a rule set that deals them) is worth its best reading (RULES.md §12).
 */
export function evaluate(cards, rules) {
  const r = rulesOf(rules);
  const value = raw.__evaluateValue(cardsArg(cards), r);
  return { value, category: CATEGORY[value >>> 22], text: describe(value) };
}

/**
 * The rank of a 3- or 5-card lane as played (RULES.md §12): `{value, category, text, played}`,
 * `played` the cards in the order given with each joker replaced by the card it stands for
 * (`"SJ"` played as `"As"`); a lane without jokers is played as given.
 */
export function evaluatePlayed(cards, rules) {
  return raw.evaluatePlayed(cardsArg(cards), rulesOf(rules));
}

/**
 * The values of many hands at once: `hands` is a `Uint8Array` of N × `size` card codes
 * (`size` 5 or 3), the result a `Uint32Array` of N values (as `evaluate(...).value`).
 */
export function evaluateMany(hands, rules, size = 5) {
  if (!(hands instanceof Uint8Array)) throw invalidArgument('evaluateMany takes a Uint8Array of card codes');
  return raw.evaluateMany(hands, rulesOf(rules), size);
}

/**
 * Each lane's rank and the foul check of an arrangement (RULES.md §2). With jokers, the lanes
 * are valued as the rule set's `joker_lanes` reads them and `played` gives the lanes with each
 * joker replaced by the card it stands for (RULES.md §12).
 */
export function checkArrangement(arrangement, rules) {
  return raw.checkArrangement(arrangement, rulesOf(rules));
}

/** Three lanes: front (3 cards), middle (5) and back (5), checked for sizes and repeats. */
export class Arrangement {
  /**
   * `new Arrangement(front, middle, back, rules)`, or `new Arrangement(text)` /
   * `new Arrangement(cards13)` / `new Arrangement({front, middle, back})`.
   */
  constructor(front, middle, back, rules) {
    const value = middle === undefined && back === undefined ? front : { front, middle, back };
    const lanes = raw.parseArrangement(value, rulesOf(rules));
    this.front = lanes.front;
    this.middle = lanes.middle;
    this.back = lanes.back;
    Object.freeze(this);
  }

  /** From text (`"As Kd Qh / … / …"`) under a rule set's deck. */
  static parse(text, rules) {
    return new Arrangement(String(text), undefined, undefined, rules);
  }

  /** From 13 cards in lane order. */
  static fromCards(cards, rules) {
    return new Arrangement(cards, undefined, undefined, rules);
  }

  /** All 13 cards in lane order. */
  get cards() {
    return [...this.front, ...this.middle, ...this.back];
  }

  /** Whether a lane holds a joker (`SJ`, `BJ`). */
  get hasJokers() {
    return this.front.some(isJoker) || this.middle.some(isJoker) || this.back.some(isJoker);
  }

  /** Each lane's rank and the foul check (with `played` when the lanes hold jokers). */
  evaluate(rules) {
    return raw.checkArrangement(this, rulesOf(rules));
  }

  /**
   * The lanes as played under a rule set (RULES.md §12): `{front, middle, back}` with each joker
   * replaced by the card it stands for under the rule set's `joker_lanes` reading; without
   * jokers the lanes themselves. A joker the rule set does not deal is `JokerNotInDeckError`.
   */
  played(rules) {
    const e = raw.checkArrangement(this, rulesOf(rules));
    return e.played ?? { front: [...this.front], middle: [...this.middle], back: [...this.back] };
  }

  /** Whether two arrangements hold the same lanes. */
  equals(other) {
    return other instanceof Arrangement && String(this) === String(other);
  }

  toString() {
    return `${this.front.join(' ')} / ${this.middle.join(' ')} / ${this.back.join(' ')}`;
  }

  toJSON() {
    return { front: this.front, middle: this.middle, back: this.back };
  }
}

/** The special hands (报到) 13 cards make: `{best, all, arrangement}`. */
export function detectSpecial(cards, rules) {
  return raw.detectSpecial(cardsArg(cards), rulesOf(rules));
}

/** The id (`"SD"`) of a special named by its id, English or Chinese name (`"dragon"`, `"一条龙"`). */
export function parseSpecial(name) {
  ready();
  if (typeof name !== 'string') throw invalidArgument(`parseSpecial takes a special's id or name ("SD"), not ${typeof name}`);
  return raw.parseSpecial(name);
}

/** Every special the engine knows, `{id, name, chinese}`. */
export function specials() {
  ready();
  return raw.specials();
}

/**
 * Deal `players` hands of 13 cards (card texts). The same seed (a number or a BigInt) deals
 * the same cards on every surface; without one the deal is random.
 */
export function deal(players = 4, seed, rules) {
  return raw.deal(players, seed, rulesOf(rules));
}

/** The whole deck in the seeded order of `seed`. */
export function shuffledDeck(seed, rules) {
  return raw.shuffledDeck(seed, rulesOf(rules));
}

/** The deal seed of round `round` of a simulation seeded `seed` (a BigInt). */
export function roundSeed(seed, round) {
  ready();
  return raw.roundSeed(seed, round);
}

/**
 * The auto-arranger for one rule set, table size and (at a banker table) seat role. Making one
 * builds its objective (shared with others of the same table); keep it and reuse it.
 */
export class Arranger {
  #raw;

  /**
   * `new Arranger(rules, players = 4, {role, level, seed, cardRemoval})`: role `"player"` or
   * `"banker"` at a banker table; `level` a bot level (`"beginner"`, `"casual"`, `"strong"`,
   * default `"best"`) whose draws `seed` (a number or BigInt, default 0) seeds: below best the
   * arrangement depends only on (seed, level, the cards as a set) and never fouls. `suggest`
   * ignores the level. `cardRemoval` (default `true`) plays each hand against the field
   * conditioned on the 13 cards it holds; `false` plays the field as trained (a little weaker,
   * about twice as fast).
   */
  constructor(rules, players = 4, { role, level, seed, cardRemoval } = {}) {
    this.#raw = new raw.Arranger(
      rulesOf(rules),
      players,
      role ?? undefined,
      level ?? undefined,
      seed ?? undefined,
      cardRemoval ?? undefined,
    );
  }

  /** Whether card removal is on (`true` unless made with `cardRemoval: false`). */
  get cardRemoval() {
    return this.#live().cardRemoval;
  }

  /** The bot level: `"beginner"`, `"casual"`, `"strong"` or `"best"`. */
  get level() {
    return this.#live().level;
  }

  /** The seed of the level's draws, a BigInt. */
  get seed() {
    return this.#live().seed;
  }

  /** Seats at the table. */
  get players() {
    return this.#live().players;
  }

  /** `"player"` or `"banker"`. */
  get role() {
    return this.#live().role;
  }

  /** A copy of its rule set. */
  get rules() {
    return this.#live().rules;
  }

  /** The best arrangement (the level's draw below best): `{arrangement, categories, expected_water}`. */
  arrange(cards) {
    return unpack(this.#live().arrangePacked(cardsArg(cards)));
  }

  /** Up to `n` arrangements worth showing (default 3), best first, each with its `kind`. */
  suggest(cards, n = 3) {
    const p = this.#live().suggestPacked(cardsArg(cards), n);
    const out = [];
    for (let at = 0; at < p.length; at += PACKED) out.push({ kind: KIND[p[at + 17]], ...unpack(p, at) });
    return out;
  }

  /** Whether to declare the special the cards make (`null` when none). */
  specialAdvice(cards) {
    return this.#live().specialAdvice(cardsArg(cards));
  }

  /**
   * The seat a good player puts on the table, as `settle` takes it: the special declared
   * (`{special, cards}`) where `specialAdvice` says that is worth more, else the lanes of
   * `arrange` (`{front, middle, back}`).
   */
  play(cards) {
    return this.#live().play(cardsArg(cards));
  }

  /** The expected water of any arrangement at this table. */
  expectedWater(arrangement) {
    return this.#live().expectedWater(arrangement);
  }

  /** The best legal arrangement keeping the lanes fixed by hand: `fixed = {front?, middle?, back?}`. */
  complete(cards, fixed = {}) {
    return unpack(this.#live().completePacked(cardsArg(cards), fixed));
  }

  /** Many hands at once: N × 13 codes in a `Uint8Array`, their arrangements (lane order) out. */
  arrangeMany(hands) {
    if (!(hands instanceof Uint8Array)) throw invalidArgument('arrangeMany takes a Uint8Array of card codes');
    return this.#live().arrangeMany(hands);
  }

  /** Release its memory now (the garbage collector does it otherwise). */
  free() {
    this.#raw?.free();
    this.#raw = undefined;
  }

  // The arranger, or a clear error once freed (wasm-bindgen's own is a plain Error).
  #live() {
    if (this.#raw === undefined) throw invalidArgument('this Arranger was freed');
    return this.#raw;
  }

  [Symbol.dispose]() {
    this.free();
  }
}

function withArranger(rules, players, role, f, level, seed) {
  const a = new Arranger(rules, players, { role, level, seed });
  try {
    return f(a);
  } finally {
    a.free();
  }
}

/** The best arrangement of 13 cards at a table of `players` (default 4). */
export function autoArrange(cards, rules, { players = 4, role, level, seed } = {}) {
  return withArranger(rules, players, role, (a) => a.arrange(cards), level, seed);
}

/** The seat a good player puts on the table with 13 cards (see `Arranger.play`). */
export function play(cards, rules, { players = 4, role, level, seed } = {}) {
  return withArranger(rules, players, role, (a) => a.play(cards), level, seed);
}

/** Suggestions for 13 cards at a table of `players` (default 4). */
export function suggest(cards, rules, { players = 4, role, n = 3 } = {}) {
  return withArranger(rules, players, role, (a) => a.suggest(cards, n));
}

/** The combinations of one category a hand holds (理牌 hints), strongest first. */
export function combos(cards, category, rules) {
  return raw.combos(cardsArg(cards), category, rulesOf(rules));
}

/**
 * Settle one round: `hands` in seat order, each an arrangement (text, 13 cards,
 * `{front, middle, back}` or an `Arrangement`) or a declared special `{special, cards}`;
 * `banker` the banker's seat at a banker table. A seat whose lanes hold jokers has `played`,
 * its lanes with each joker replaced by the card it stands for.
 */
export function settle(hands, rules, banker) {
  return raw.settle(hands, rulesOf(rules), banker ?? undefined);
}

/**
 * Water into money: `water` per seat (a settlement's `totals`, numbers or `"7/3"`), `stakes`
 * `{base, carries?, rake?}` (a rake in whole percent, or `[numerator, denominator]`).
 */
export function settleMoney(water, stakes) {
  ready();
  return raw.settleMoney(water, stakes);
}

/** An escape (逃跑): the leaver pays 18 water × base, every other seat receives 1 × base. */
export function escape(seats, leaver, stakes) {
  ready();
  return raw.escape(seats, leaver, stakes);
}
