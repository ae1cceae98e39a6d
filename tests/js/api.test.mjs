// The package's API beyond the shared vectors: every export index.d.ts declares, the error
// classes, bad argument types, huge bad input, the batches against the one-at-a-time calls,
// Rules, Arrangement, a big table, and the `shisanshui/manual` entry.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, CATEGORIES, drawCodes, laneCodes, rng, throwsCode } from './helpers.mjs';

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('shisanshui/package.json'));
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const dts = readFileSync(join(pkgDir, 'index.d.ts'), 'utf8');

const HAND = 'As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd';
const DRAGON = '2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad';
const LANES = 'Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d';

/** The value exports index.d.ts declares: functions, classes and consts. */
const declared = [...dts.matchAll(/^export (?:declare )?(function|class|const) (\w+)/gm)].map((m) => [m[2], m[1]]);

test('the installed package is the one built from this repository', () => {
  assert.equal(pkg.name, 'shisanshui');
  assert.equal(sss.version(), pkg.version);
  assert.ok(require.resolve('shisanshui').startsWith(pkgDir), 'shisanshui resolves into node_modules');
});

test('every export index.d.ts declares is exported, and nothing else', () => {
  assert.ok(declared.length > 40, `${declared.length} declarations read`);
  for (const [name, kind] of declared) {
    assert.ok(name in sss, `${name} is exported`);
    assert.equal(typeof sss[name], kind === 'const' ? 'object' : 'function', `${name} is a ${kind}`);
  }
  assert.deepEqual(Object.keys(sss).sort(), declared.map(([n]) => n).sort(), 'the exports are exactly the declared ones');
});

test('every function is callable', () => {
  const rules = sss.Rules.preset('kx');
  const results = {
    version: sss.version(),
    rulesOf: sss.rulesOf('hk'),
    parseCards: sss.parseCards('As Kd 10h'),
    formatCards: sss.formatCards([51, 44, 34]),
    cardCode: sss.cardCode('As'),
    cardText: sss.cardText(51),
    deck: sss.deck(),
    evaluate: sss.evaluate('As Ks Qs Js Ts', rules),
    evaluatePlayed: sss.evaluatePlayed('As Ks Qs Js SJ', { jokers: 1 }),
    isJoker: sss.isJoker('SJ'),
    evaluateMany: sss.evaluateMany(Uint8Array.of(51, 47, 43, 39, 35), rules),
    checkArrangement: sss.checkArrangement(LANES, rules),
    detectSpecial: sss.detectSpecial(DRAGON, rules),
    parseSpecial: sss.parseSpecial('dragon'),
    specials: sss.specials(),
    deal: sss.deal(4, 42),
    shuffledDeck: sss.shuffledDeck(42),
    roundSeed: sss.roundSeed(42, 0),
    autoArrange: sss.autoArrange(HAND, rules),
    suggest: sss.suggest(HAND, rules, { n: 2 }),
    play: sss.play(DRAGON, rules),
    combos: sss.combos(HAND, 'pair'),
    settle: sss.settle(sss.deal(3, 7).map((h) => sss.autoArrange(h, 'classic', { players: 3 }).arrangement)),
    settleMoney: sss.settleMoney([{ num: 3, den: 1 }, -3], { base: 100 }),
    escape: sss.escape(4, 0, { base: 10 }),
  };
  assert.equal(results.version, pkg.version);
  assert.ok(results.rulesOf instanceof sss.Rules);
  assert.deepEqual(results.parseCards, [51, 44, 34]);
  assert.equal(results.formatCards, 'As Kd Th');
  assert.equal(results.cardCode, 51);
  assert.equal(results.cardText, 'As');
  assert.equal(results.deck.length, 52);
  assert.equal(results.evaluate.category, 'straight_flush');
  assert.deepEqual(results.evaluatePlayed.played, ['As', 'Ks', 'Qs', 'Js', 'Ts']);
  assert.equal(results.isJoker, true);
  assert.deepEqual(Array.from(results.evaluateMany), [results.evaluate.value]);
  assert.equal(results.checkArrangement.is_foul, false);
  assert.equal(results.detectSpecial.best, 'DR');
  assert.equal(results.parseSpecial, 'DR');
  assert.equal(results.specials.length, 16);
  assert.equal(results.deal.length, 4);
  assert.equal(results.shuffledDeck.length, 52);
  assert.equal(typeof results.roundSeed, 'bigint');
  assert.equal(results.autoArrange.categories.length, 3);
  assert.equal(results.suggest.length, 2);
  assert.equal(results.play.special, 'DR');
  assert.ok(results.combos.length > 0);
  assert.equal(results.settle.totals.length, 3);
  assert.deepEqual(results.settleMoney.amounts, [300, -300]);
  assert.deepEqual(results.escape.amounts, [-180, 10, 10, 10]);
  for (const [name, kind] of declared) {
    if (kind === 'function' && !['init', 'initSync'].includes(name) && !/^[A-Z]/.test(name)) {
      assert.ok(name in results, `${name} was called here`);
    }
  }
  // Already loaded: init and initSync return at once.
  assert.equal(sss.initSync(new Uint8Array(0)), undefined);
  return sss.init().then((v) => assert.equal(v, undefined));
});

test('errors: the class of every code, ShisanshuiError, Error, code and name', () => {
  const other = sss.deck().filter((c) => !DRAGON.split(' ').includes(c)).slice(0, 13);
  const triggers = {
    unknown_rank: () => sss.parseCards('As Xs'),
    unknown_suit: () => sss.parseCards('As Kx'),
    bad_card_code: () => sss.evaluate([0, 1, 52]),
    duplicate_card: () => sss.parseCards('As As'),
    too_many_copies: () => sss.parseCards('As As As', { extra_suits: ['s'] }),
    joker_not_in_deck: () => sss.parseCards('As SJ'),
    wrong_card_count: () => sss.evaluate('As Ks'),
    invalid_rules: () => sss.Rules.preset('classic', { wheel: 'sideways' }),
    unknown_preset: () => sss.Rules.preset('macau'),
    unknown_special: () => sss.parseSpecial('dragons'),
    special_not_allowed: () => sss.settle([{ special: 'SD', cards: DRAGON }, other]),
    invalid_table: () => sss.deal(9),
    invalid_money: () => sss.settleMoney([1, -1], { base: -1 }),
    invalid_argument: () => sss.evaluate({}),
    card_not_in_hand: () => new sss.Arranger().complete(HAND, { front: 'Qs Qh Qd' }),
    no_legal_arrangement: () => new sss.Arranger().complete(HAND, { front: 'As Ad Kh', middle: '2c 3h 4s 5d 6c' }),
  };
  assert.deepEqual(Object.keys(triggers).sort(), Object.keys(sss.errorClasses).filter((c) => c !== 'error').sort());
  for (const [code, f] of Object.entries(triggers)) {
    const e = throwsCode(f, code, {}, code);
    assert.ok(e instanceof sss.errorClasses[code]);
    assert.equal(typeof e.message, 'string');
    assert.ok(e.message.length > 0 && e.message.length < 1024, e.message);
    assert.ok(typeof e.stack === 'string');
  }
  assert.ok(throwsCode(triggers.too_many_copies, 'too_many_copies') instanceof sss.DuplicateCardError);
  assert.equal(sss.errorClasses.error, sss.ShisanshuiError);
  // The fields of the error beside its code.
  throwsCode(() => sss.parseCards('As Kd Xs'), 'unknown_rank', { position: 2, token: 'Xs', tokenLength: 2 });
  throwsCode(() => sss.parseCards('As Kd As'), 'duplicate_card', { position: 2, card: 'As' });
  throwsCode(() => sss.evaluate([0, 1, 52]), 'bad_card_code', { cardCode: 52 });
  throwsCode(() => sss.evaluate('As Ks'), 'wrong_card_count', { expected: 3, found: 2 });
  throwsCode(() => sss.Rules.preset('classic', { wheel: 'sideways' }), 'invalid_rules', { path: 'wheel' });
  throwsCode(() => sss.Rules.preset('macau'), 'unknown_preset', { preset: 'macau' });
  throwsCode(() => sss.parseCards('As As As', { extra_suits: ['s'] }), 'too_many_copies', { position: 2, card: 'As', copies: 2 });
  throwsCode(() => sss.parseCards('As BJ', { jokers: 1 }), 'joker_not_in_deck', { position: 1, card: 'BJ', jokers: 1 });
});

test('bad argument types throw InvalidArgumentError, never a TypeError', () => {
  const bad = {
    'an object for cards': () => sss.evaluate({ cards: 'As Ks Qs' }),
    'an object in a card array': () => sss.evaluate([{}, 1, 2]),
    'null in a card array': () => sss.evaluate([null, 1, 2]),
    'a float card code': () => sss.evaluate([0.5, 1, 2]),
    'a negative card code': () => sss.evaluate([-1, 1, 2]),
    'NaN as a card code': () => sss.cardText(NaN),
    'a float cardText': () => sss.cardText(1.5),
    'an object to cardText': () => sss.cardText({}),
    'a number to cardCode': () => sss.cardCode(5),
    'an object to parseSpecial': () => sss.parseSpecial({}),
    'a number for cards': () => sss.parseCards(51),
    'undefined cards': () => sss.evaluate(undefined),
    'a negative seed': () => sss.deal(4, -1),
    'a float seed': () => sss.deal(4, 1.5),
    'a seed above 2^53': () => sss.deal(4, 2 ** 60),
    'a BigInt seed of 2^64': () => sss.deal(4, 2n ** 64n),
    'a negative BigInt seed': () => sss.shuffledDeck(-1n),
    'a text seed': () => sss.shuffledDeck('42'),
    'no seed to shuffledDeck': () => sss.shuffledDeck(),
    'no round to roundSeed': () => sss.roundSeed(1),
    'an array to evaluateMany': () => sss.evaluateMany([51, 47, 43, 39, 35]),
    'a text to evaluateMany': () => sss.evaluateMany('As Ks Qs Js Ts'),
    'an Int8Array to evaluateMany': () => sss.evaluateMany(new Int8Array(5)),
    'hand size 4 to evaluateMany': () => sss.evaluateMany(new Uint8Array(8), 'classic', 4),
    'a partial row to evaluateMany': () => sss.evaluateMany(new Uint8Array(7)),
    'an array to arrangeMany': () => new sss.Arranger().arrangeMany([1, 2, 3]),
    'a partial row to arrangeMany': () => new sss.Arranger().arrangeMany(new Uint8Array(14)),
    'a number for rules': () => sss.evaluate('As Ks Qs', 5),
    'a number for rule changes': () => sss.Rules.preset('classic', 5),
    'a number for an arrangement': () => sss.checkArrangement(5),
    'an arrangement object without back': () => sss.checkArrangement({ front: 'As Ks Qs', middle: '2c 3c 4c 5c 6c' }),
    'a text for the seats': () => sss.settle('As Ks'),
    'a number for a special': () => sss.settle([{ special: 5, cards: HAND }, HAND]),
    'an object for a category': () => sss.combos(HAND, {}),
    'category 10': () => sss.combos(HAND, 10),
    'an unknown category': () => sss.combos(HAND, 'royal'),
    'a number for fixed lanes': () => new sss.Arranger().complete(HAND, 5),
    '0 suggestions': () => sss.suggest(HAND, 'classic', { n: 0 }),
    // Text parameters given something else (once a trap: "memory access out of bounds").
    'a number for a preset name': () => sss.Rules.preset(5),
    'an object for a preset name': () => sss.Rules.preset({ name: 'kx' }),
    'an object for rule-set JSON': () => sss.Rules.fromJSON({ preset: 'kx' }),
    'a number for rule-set JSON': () => sss.Rules.fromJSON(5),
    'a number for a special': () => sss.Rules.preset('kx').specialWater(5),
    'a number for a seat role': () => new sss.Arranger(sss.Rules.preset('classic', { table: 'banker' }), 4, { role: 5 }),
    // Counts and seat indexes that are not whole numbers from 0 (once read as u32: 4.5 as 4,
    // "x" as 0, -1 as 4294967295).
    'a float player count': () => sss.deal(4.5, 1),
    'a text player count': () => sss.deal('4', 1),
    'a negative player count': () => sss.deal(-1, 1),
    'a float table size': () => new sss.Arranger('classic', 3.5),
    'a text table size': () => new sss.Arranger('classic', 'four'),
    'a float suggestion count': () => sss.suggest(HAND, 'classic', { n: 1.5 }),
    'a float hand size to evaluateMany': () => sss.evaluateMany(new Uint8Array(5), 'classic', 5.5),
    'a huge hand size to evaluateMany': () => sss.evaluateMany(new Uint8Array(5), 'classic', 2 ** 33 + 5),
    'a float banker seat': () => sss.settle(sss.deal(2, 1), sss.Rules.preset('classic', { table: 'banker' }), 0.5),
    'a negative leaver': () => sss.escape(4, -1, { base: 1 }),
    'a text seat count to escape': () => sss.escape('a', 0, { base: 1 }),
    'no leaver': () => sss.escape(4, undefined, { base: 1 }),
    'an unknown seat role': () => new sss.Arranger(sss.Rules.preset('classic', { table: 'banker' }), 4, { role: 'dealer' }),
  };
  for (const [what, f] of Object.entries(bad)) {
    let err;
    try {
      f();
    } catch (e) {
      err = e;
    }
    assert.ok(err !== undefined, `${what}: nothing was thrown`);
    assert.ok(!(err instanceof TypeError), `${what}: a raw ${err.name}: ${err.message}`);
    assert.ok(err instanceof sss.InvalidArgumentError, `${what}: ${err?.name} ${err?.code}: ${err?.message}`);
    assert.ok(err instanceof sss.ShisanshuiError && err instanceof Error, what);
    assert.equal(err.code, 'invalid_argument', what);
    assert.equal(err.name, 'InvalidArgumentError', what);
  }
  // The module still works after all of them.
  assert.equal(sss.evaluate('As Ks Qs Js Ts').category, 'straight_flush');
  // Comparing a rule set with anything else is false, not an error.
  assert.equal(sss.Rules.preset('kx').equals('kx'), false);
  assert.equal(sss.Rules.preset('kx').equals(undefined), false);
  assert.equal(sss.Rules.preset('kx').equals(sss.Rules.preset('kx')), true);
  // Bad money arguments are invalid_money (the engine's kind for them).
  throwsCode(() => sss.settleMoney([1.0001, -1], { base: 1 }), 'invalid_money');
  throwsCode(() => sss.settleMoney('1 -1', { base: 1 }), 'invalid_money');
  throwsCode(() => sss.settleMoney([1, -1], { base: 1.5 }), 'invalid_money');
  throwsCode(() => sss.settleMoney([1, -1], 100), 'invalid_money');
  throwsCode(() => sss.settleMoney([{}, -1], { base: 1 }), 'invalid_money');
  throwsCode(() => sss.settleMoney([1, -1], { base: 1, rake: '5' }), 'invalid_money');
  throwsCode(() => sss.settleMoney([1, -1], { base: 1, rake: [1] }), 'invalid_money');
  throwsCode(() => sss.settleMoney([1, -1], { base: 1, carries: 'x' }), 'invalid_money');
});

test('huge bad input fails fast with a small message', () => {
  const cases = {
    'a 10-million-character text with a bad token at the end': [() => sss.parseCards('As '.repeat(3_333_333) + 'Xs'), 'duplicate_card'],
    'ten million distinct-looking tokens, the last bad': [() => sss.evaluate('A'.repeat(10_000_000) + 's'), 'unknown_rank'],
    'one bad token of ten million characters': [() => sss.parseCards('As ' + 'X'.repeat(10_000_000)), 'unknown_rank'],
    'a 10-million-entry array': [() => sss.evaluate(new Array(10_000_000).fill(0)), 'duplicate_card'],
    'a 10-million-entry array of texts': [() => sss.parseCards(new Array(10_000_000).fill('As')), 'duplicate_card'],
    'a 10-million-byte Uint8Array': [() => sss.detectSpecial(new Uint8Array(10_000_000)), 'duplicate_card'],
    'a 10-million-byte Uint8Array to evaluateMany, the last row bad': [
      () => {
        const hands = new Uint8Array(10_000_000);
        for (let i = 0; i < hands.length; i++) hands[i] = i % 5;
        hands[hands.length - 1] = 52;
        return sss.evaluateMany(hands);
      },
      'bad_card_code',
    ],
    'ten million seats': [() => sss.settle(new Array(10_000_000).fill(HAND)), 'invalid_table'],
    'ten million water entries': [() => sss.settleMoney(new Array(10_000_000).fill(0), { base: 1 }), 'invalid_table'],
    'a 10-million-character rule set': [() => sss.Rules.fromJSON('{"wheel": "' + 'x'.repeat(10_000_000) + '"}'), 'invalid_rules'],
    'a 10-million-character preset name': [() => sss.Rules.preset('x'.repeat(10_000_000)), 'unknown_preset'],
    'a 10-million-character special name': [() => sss.parseSpecial('x'.repeat(10_000_000)), 'unknown_special'],
    'a 10-million-character category': [() => sss.combos(HAND, 'x'.repeat(10_000_000)), 'invalid_argument'],
    'a 10-million-character base': [() => sss.settleMoney([1, -1], { base: 'x'.repeat(10_000_000) }), 'invalid_money'],
    'a 10-million-character rake': [() => sss.settleMoney([1, -1], { base: 1, rake: 'x'.repeat(10_000_000) }), 'invalid_money'],
    'a 10-million-character seat role': [() => new sss.Arranger(sss.Rules.preset('classic', { table: 'banker' }), 4, { role: 'x'.repeat(10_000_000) }), 'invalid_argument'],
    'a 10-million-character water text': [() => sss.settleMoney(['1/' + '3'.repeat(10_000_000), 0], { base: 1 }), 'invalid_money'],
  };
  for (const [what, [f, code]] of Object.entries(cases)) {
    const start = Date.now();
    const e = throwsCode(f, code, {}, what);
    assert.ok(e.message.length < 1024, `${what}: a message of ${e.message.length} characters`);
    for (const [k, v] of Object.entries(e)) {
      if (typeof v === 'string') assert.ok(v.length < 1024, `${what}: field ${k} of ${v.length} characters`);
    }
    assert.ok(Date.now() - start < 5000, `${what}: ${Date.now() - start} ms`);
  }
  const rows = new Uint8Array(10_000_000);
  rows.fill(0);
  const e = throwsCode(() => sss.evaluateMany(rows), 'duplicate_card');
  assert.equal(e.row, 0);
});

test('evaluateMany equals evaluate row by row (5 and 3 cards, every preset)', () => {
  const next = rng(20261201);
  for (const [size, n] of [[5, 3000], [3, 2000]]) {
    const hands = Array.from({ length: n }, () => drawCodes(next, size));
    const flat = Uint8Array.from(hands.flat());
    for (const preset of ['classic', 'hk', 'ranked']) {
      const rules = sss.Rules.preset(preset);
      const values = sss.evaluateMany(flat, rules, size);
      assert.ok(values instanceof Uint32Array && values.length === n);
      let same = 0;
      for (let i = 0; i < n; i++) same += values[i] === sss.evaluate(hands[i], rules).value ? 1 : 0;
      assert.equal(same, n, `${preset}, ${size} cards: every row`);
    }
  }
  assert.equal(sss.evaluateMany(new Uint8Array(0)).length, 0);
  // A bad row throws with its index, and the engine's error of that row.
  const hands = Uint8Array.from(Array.from({ length: 50 }, () => drawCodes(next, 5)).flat());
  const dup = hands.slice();
  dup[37 * 5 + 4] = dup[37 * 5 + 1];
  throwsCode(() => sss.evaluateMany(dup), 'duplicate_card', { row: 37, position: 4 });
  const code = hands.slice();
  code[12 * 5] = 99;
  throwsCode(() => sss.evaluateMany(code), 'bad_card_code', { row: 12, cardCode: 99 });
  const three = Uint8Array.from([0, 1, 2, 3, 4, 4]);
  throwsCode(() => sss.evaluateMany(three, 'classic', 3), 'duplicate_card', { row: 1 });
});

test('Arranger#arrangeMany equals arrange row by row', () => {
  const next = rng(7);
  for (const [preset, players] of [['classic', 4], ['hk', 3]]) {
    const arr = new sss.Arranger(preset, players);
    const hands = Array.from({ length: 40 }, () => drawCodes(next, 13));
    const out = arr.arrangeMany(Uint8Array.from(hands.flat()));
    assert.ok(out instanceof Uint8Array && out.length === 13 * hands.length);
    for (const [i, hand] of hands.entries()) {
      const want = laneCodes(arr.arrange(hand).arrangement).flat();
      assert.deepEqual(Array.from(out.subarray(13 * i, 13 * i + 13)), want, `${preset} row ${i}`);
    }
    const bad = Uint8Array.from(hands.slice(0, 5).flat());
    bad[3 * 13 + 6] = bad[3 * 13];
    throwsCode(() => arr.arrangeMany(bad), 'duplicate_card', { row: 3 }, 'arrangeMany bad row');
    assert.equal(arr.arrangeMany(new Uint8Array(0)).length, 0);
    arr.free();
    // Freed: a clear InvalidArgumentError, not wasm-bindgen's null-pointer Error; freeing twice is fine.
    throwsCode(() => arr.arrange(hands[0]), 'invalid_argument', {}, 'arrange after free');
    throwsCode(() => arr.players, 'invalid_argument', {}, 'players after free');
    arr.free();
  }
});

test('deal: seeds, BigInt seeds, unseeded deals, roundSeed', () => {
  assert.deepEqual(sss.deal(4, 42), sss.deal(4, 42));
  assert.deepEqual(sss.deal(4, 42), sss.deal(4, 42n));
  assert.equal(sss.deal().length, 4);
  assert.notDeepEqual(sss.deal(), sss.deal(), 'unseeded deals differ');
  assert.notDeepEqual(sss.deal(4, 1), sss.deal(4, 2));
  const hands = sss.deal(4);
  assert.equal(new Set(hands.flat()).size, 52);
  assert.deepEqual(sss.deal(4, 2n ** 64n - 1n).flat().length, 52);
  assert.deepEqual(sss.shuffledDeck(5).slice(0, 13), sss.deal(2, 5)[0]);
  assert.equal(sss.roundSeed(1, 2), sss.roundSeed(1n, 2n));
  assert.notEqual(sss.roundSeed(1, 2), sss.roundSeed(1, 3));
  assert.deepEqual(sss.deal(4, sss.roundSeed(9, 0)), sss.deal(4, sss.roundSeed(9n, 0)));
});

test('Rules: presets, changes, JSON round trips, fields', () => {
  assert.deepEqual(sss.Rules.presets(), ['classic', 'regional', 'kx', 'hk', 'ranked', 'chinese_poker']);
  const kx = sss.Rules.preset('kx');
  const strict = sss.Rules.preset('kx', { strict_order: true });
  assert.equal(strict.toJSON().strict_order, true);
  assert.equal(kx.equals(strict), false);
  assert.ok(kx.copy({ strict_order: true }).equals(strict));
  assert.ok(kx.copy().equals(kx));
  // toJSON / fromJSON / fromObject / toString / JSON.stringify.
  const obj = strict.toJSON();
  assert.equal(typeof obj, 'object');
  assert.ok(sss.Rules.fromObject(obj).equals(strict));
  assert.ok(sss.Rules.fromJSON(JSON.stringify(obj)).equals(strict));
  assert.ok(sss.Rules.fromJSON(strict.toString()).equals(strict));
  assert.deepEqual(JSON.parse(JSON.stringify(strict)), obj);
  assert.deepEqual(JSON.parse(JSON.stringify({ rules: strict })).rules, obj);
  assert.deepEqual(JSON.parse(strict.toString()), obj);
  assert.ok(sss.Rules.fromJSON('{"preset": "kx", "strict_order": true}').equals(strict));
  assert.ok(sss.Rules.fromObject({ preset: 'kx', strict_order: true }).equals(strict));
  assert.ok(sss.rulesOf({ preset: 'kx', strict_order: true }).equals(strict));
  assert.ok(sss.rulesOf('kx').equals(kx) && sss.rulesOf().equals(sss.Rules.preset('classic')));
  assert.equal(sss.rulesOf(kx), kx);
  for (const name of sss.Rules.presets()) {
    const r = sss.Rules.preset(name);
    assert.ok(sss.Rules.fromJSON(r.toString()).equals(r), name);
    assert.ok(sss.Rules.fromObject(r.toJSON()).equals(r), name);
    assert.equal(r.validate(), undefined, name);
  }
  assert.equal(kx.maxPlayers, 4);
  assert.deepEqual(kx.extraSuits, []);
  assert.equal(kx.copies('As'), 1);
  const big = sss.Rules.preset('classic', { extra_suits: ['s', 'h'] });
  assert.equal(big.maxPlayers, 6);
  assert.deepEqual(big.extraSuits, ['h', 's']);
  assert.equal(big.copies('As'), 2);
  assert.equal(big.copies(51), 2);
  assert.equal(big.copies('Ad'), 1);
  assert.equal(sss.Rules.preset('classic').specialWater('SD'), 108);
  assert.equal(sss.Rules.preset('classic').specialWater('dragon'), sss.Rules.preset('classic').specialWater('DR'));
  throwsCode(() => kx.copy({ strict_order: 'yes' }), 'invalid_rules');
  throwsCode(() => sss.Rules.fromJSON('{'), 'invalid_rules');
  throwsCode(() => sss.Rules.fromJSON('{"no_such_field": 1}'), 'invalid_rules');
  kx.copy().free();
});

test('Rules: fields in camelCase as well as the JSON snake_case, at every level', () => {
  // The test's own spelling: each snake_case key of the JSON form in camelCase (values untouched).
  const camel = (v) =>
    Array.isArray(v)
      ? v.map(camel)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), camel(x)]))
        : v;
  const keys = (v, out = new Set()) => {
    if (Array.isArray(v)) v.forEach((x) => keys(x, out));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) keys(x, out.add(k));
    return out;
  };
  const changes = {
    strict_order: true, extra_suits: ['s'], jokers: 2, joker_lanes: 'avoid_foul', jokers_in_specials: true,
    lane_water: { front_trips: 4, middle_full_house: 3 }, shooting: { min_players: 2, allows_ties: false },
  };
  for (const name of sss.Rules.presets()) {
    const snake = sss.Rules.preset(name, changes);
    const full = snake.toJSON();
    const camelFull = camel(full);
    // Every field of the whole rule set, camelCase where its name has two words or more.
    assert.ok([...keys(full)].some((k) => k.includes('_')), name);
    assert.ok(![...keys(camelFull)].some((k) => k.includes('_')), name);
    assert.ok(sss.Rules.fromObject(camelFull).equals(snake), `${name}: fromObject`);
    assert.ok(sss.Rules.preset(name, camel(changes)).equals(snake), `${name}: preset`);
    assert.ok(sss.Rules.preset(name).copy(camel(changes)).equals(snake), `${name}: copy`);
    assert.ok(sss.rulesOf({ preset: name, ...camel(changes) }).equals(snake), `${name}: rulesOf`);
    // JSON keeps snake_case.
    assert.deepEqual(sss.Rules.fromObject(camelFull).toJSON(), full, name);
    assert.equal(JSON.stringify(sss.Rules.fromObject(camelFull)), JSON.stringify(snake), name);
  }
  // Anywhere a rule set is taken as an object.
  assert.equal(sss.deck({ extraSuits: ['s'] }).length, 65);
  assert.deepEqual(sss.evaluatePlayed('As Ks Qs Js SJ', { jokers: 1, jokerLanes: 'each_best' }).played, ['As', 'Ks', 'Qs', 'Js', 'Ts']);
  // One field named both ways, at the top or nested, is refused naming both spellings.
  const twice = throwsCode(() => sss.Rules.fromObject({ extra_suits: ['s'], extraSuits: ['h'] }), 'invalid_rules', { path: 'extra_suits' });
  assert.match(twice.message, /`extra_suits` and `extraSuits`/);
  throwsCode(() => sss.Rules.preset('kx', { laneWater: { frontTrips: 4, front_trips: 5 } }), 'invalid_rules', { path: 'lane_water.front_trips' });
  // An unknown field is still refused, in either spelling, named as written; `path` is the JSON form's.
  const snakeUnknown = throwsCode(() => sss.Rules.fromObject({ no_such_field: 1 }), 'invalid_rules', { path: 'no_such_field' });
  assert.match(snakeUnknown.message, /^invalid rule set at `no_such_field`: unknown field `no_such_field`, expected one of `wheel`/);
  for (const [what, f] of [
    ['fromObject', () => sss.Rules.fromObject({ noSuchField: 1 })],
    ['preset', () => sss.Rules.preset('kx', { noSuchField: 1 })],
    ['copy', () => sss.Rules.preset('kx').copy({ noSuchField: 1 })],
    ['rules argument', () => sss.deck({ jokers: 1, noSuchField: 1 })],
  ]) {
    const e = throwsCode(f, 'invalid_rules', { path: 'no_such_field' }, what);
    assert.equal(e.message, snakeUnknown.message.replaceAll('`no_such_field`', '`noSuchField`'), what);
    assert.equal(e.reason, snakeUnknown.reason.replace('`no_such_field`', '`noSuchField`'), what);
  }
  const nested = throwsCode(() => sss.Rules.preset('kx', { laneWater: { frontTripz: 4 } }), 'invalid_rules', {
    path: 'lane_water.front_tripz',
  });
  assert.match(nested.message, /^invalid rule set at `laneWater\.frontTripz`: unknown field `frontTripz`, expected one of `front_trips`/);
  const inList = throwsCode(() => sss.Rules.preset('kx', { specials: [{ special: 'SD', waterX: 1 }] }), 'invalid_rules', {
    path: 'specials[0].water_x',
  });
  assert.match(inList.message, /^invalid rule set at `specials\[0\]\.waterX`: unknown field `waterX`/);
  // Other errors keep the engine's message.
  const bad = throwsCode(() => sss.Rules.preset('kx', { laneWater: { frontTrips: -1 } }), 'invalid_rules', {
    path: 'lane_water.front_trips',
  });
  assert.match(bad.message, /^invalid rule set at `lane_water\.front_trips`/);
  // Values are not rewritten: a camelCase value is a bad value.
  throwsCode(() => sss.Rules.preset('kx', { jokers: 2, jokerLanes: 'avoidFoul' }), 'invalid_rules');
});

test('Arrangement: constructor forms, toString, toJSON, evaluate, equals', () => {
  const a = new sss.Arrangement('Kd Kc 9h', 'Ks Kh 9s 5s 3h', 'As Ad Ah 2c 2d');
  const lanes = { front: ['Kd', 'Kc', '9h'], middle: ['Ks', 'Kh', '9s', '5s', '3h'], back: ['As', 'Ad', 'Ah', '2c', '2d'] };
  assert.deepEqual({ front: a.front, middle: a.middle, back: a.back }, lanes);
  assert.deepEqual(a.toJSON(), lanes);
  assert.deepEqual(JSON.parse(JSON.stringify(a)), lanes);
  assert.equal(String(a), LANES);
  assert.equal(a.toString(), LANES);
  assert.deepEqual(a.cards, [...lanes.front, ...lanes.middle, ...lanes.back]);
  assert.ok(Object.isFrozen(a));
  const forms = [
    new sss.Arrangement(LANES),
    new sss.Arrangement(a.cards),
    new sss.Arrangement(sss.parseCards(a.cards)),
    new sss.Arrangement(Uint8Array.from(sss.parseCards(a.cards))),
    new sss.Arrangement(lanes),
    new sss.Arrangement(a),
    new sss.Arrangement(sss.parseCards(lanes.front), sss.parseCards(lanes.middle), sss.parseCards(lanes.back)),
    new sss.Arrangement('KdKc9h | KsKh9s5s3h | AsAdAh2c2d'),
    sss.Arrangement.parse(LANES),
    sss.Arrangement.fromCards(a.cards.join(' ')),
  ];
  for (const [i, b] of forms.entries()) {
    assert.ok(b instanceof sss.Arrangement, `form ${i}`);
    assert.ok(a.equals(b), `form ${i}: ${b}`);
    assert.equal(String(b), LANES, `form ${i}`);
  }
  assert.equal(a.equals(lanes), false);
  assert.equal(a.equals(new sss.Arrangement('Kd Kc 9h / Ks Kh 9s 5s 2d / As Ad Ah 2c 3h')), false);
  const e = a.evaluate('kx');
  assert.deepEqual(e, sss.checkArrangement(a, 'kx'));
  assert.deepEqual(e, sss.checkArrangement(LANES, 'kx'));
  assert.equal(e.is_foul, false);
  assert.deepEqual([e.front.category, e.middle.category, e.back.category], ['one_pair', 'one_pair', 'full_house']);
  // A fouled arrangement is still an arrangement; its check says which lanes.
  const fouled = new sss.Arrangement('As Ad Ah / Kc Kd 4h 5h 7d / 2c 3c 9s Js Qh');
  assert.deepEqual(fouled.evaluate(), { ...fouled.evaluate(), front_over_middle: true, middle_over_back: true, is_foul: true });
  // Sizes and repeats are checked.
  const short = throwsCode(() => new sss.Arrangement('Kd Kc / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d 9h'), 'wrong_card_count', {
    lane: 'front',
    expected: 3,
    found: 2,
  });
  assert.equal(short.message, 'front lane (头墩): expected 3 cards, got 2');
  const dup = throwsCode(() => new sss.Arrangement('Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c Kd'), 'duplicate_card', { position: 12 });
  assert.equal(dup.seat, undefined, 'one hand names no seat');
  const twelve = throwsCode(() => new sss.Arrangement(a.cards.slice(0, 12)), 'wrong_card_count');
  assert.equal(twelve.lane, undefined, '13 cards in lane order name no lane');
  // A card on two seats of a round names both seats.
  const seatA = '2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s';
  const seatB = 'Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 2d';
  const across = throwsCode(() => sss.settle([seatA, seatB], 'classic'), 'duplicate_card', {
    card: '2d',
    position: 25,
    seat: 1,
    firstSeat: 0,
  });
  assert.match(across.message, /seat 1 holds 2d, and so does seat 0/);
  // Copies where the rule set's deck has them.
  const big = { extra_suits: ['s'] };
  const twin = new sss.Arrangement('As Ks Qs / As Ks 9s 5s 3h / Ad Ac Ah 2c 2d', undefined, undefined, big);
  assert.equal(twin.front[0], 'As');
  throwsCode(() => new sss.Arrangement('As Ks Qs / As Ks 9s 5s 3h / Ad Ac Ah 2c 2d'), 'duplicate_card');
});

test('a big table: two extra suits, six seats deal, arrange without fouls, and settle', () => {
  const rules = sss.Rules.preset('classic', { extra_suits: ['s', 'h'] });
  assert.equal(rules.maxPlayers, 6);
  const hands = sss.deal(6, 2026, rules);
  assert.equal(hands.length, 6);
  assert.equal(hands.flat().length, 78);
  assert.deepEqual(hands.flat().sort(), sss.deck(rules).sort());
  const arr = new sss.Arranger(rules, 6);
  assert.equal(arr.players, 6);
  const seats = hands.map((h) => {
    const got = arr.arrange(h);
    assert.equal(sss.checkArrangement(got.arrangement, rules).is_foul, false);
    assert.deepEqual([...got.arrangement.front, ...got.arrangement.middle, ...got.arrangement.back].sort(), [...h].sort());
    assert.ok(Number.isFinite(got.expected_water));
    return got.arrangement;
  });
  const s = sss.settle(seats, rules);
  assert.equal(s.totals.length, 6);
  assert.equal(s.units.reduce((a, b) => a + b, 0), 0, 'water sums to zero');
  assert.equal(s.pairs.length, 15);
  const money = sss.settleMoney(s.totals, { base: 100 });
  assert.equal(money.amounts.length, 6);
  // Six seats exceed a one-deck table.
  throwsCode(() => sss.settle(seats, 'classic'), 'invalid_table');
  throwsCode(() => new sss.Arranger('classic', 6), 'invalid_table');
  // The batch of a big table repeats codes within a hand.
  const flat = Uint8Array.from(hands.flatMap((h) => sss.parseCards(h, rules)));
  const out = arr.arrangeMany(flat);
  for (let i = 0; i < 6; i++) {
    assert.deepEqual(Array.from(out.subarray(13 * i, 13 * i + 13)), laneCodes(seats[i]).flat(), `row ${i}`);
  }
  arr[Symbol.dispose]();
});

/** Run a module in a fresh Node process from this folder (where node_modules is); its stdout. */
function runModule(name, source) {
  const file = join(process.cwd(), name);
  writeFileSync(file, source);
  return execFileSync(process.execPath, [file], { cwd: process.cwd(), encoding: 'utf8' });
}

test('shisanshui/manual: nothing loaded until initSync(bytes, {bigTables, jokerTables}); then the same results', () => {
  const arr = new sss.Arranger('classic', 4);
  const hand = sss.deal(4, 11)[2];
  const jokers = sss.Rules.preset('classic', { jokers: 2 });
  const want = {
    arranged4: arr.arrange(hand),
    big: new sss.Arranger(sss.Rules.preset('classic', { extra_suits: ['s', 'h'] }), 6).arrange(sss.deal(6, 3, { extra_suits: ['s', 'h'] })[0]),
    jokers: new sss.Arranger(jokers, 4).arrange(sss.deal(4, 5, jokers).find((h) => h.some(sss.isJoker))),
  };
  const source = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as m from 'shisanshui/manual';
const require = createRequire(import.meta.url);
const out = {};
try { m.evaluate('As Ks Qs'); out.before = 'no error'; } catch (e) { out.before = [e.name, e.code, e instanceof m.InvalidArgumentError]; }
const wasm = readFileSync(require.resolve('shisanshui/wasm/shisanshui_bg.wasm'));
const bigTables = readFileSync(require.resolve('shisanshui/wasm/model_tables_big.bin.lzma'));
const jokerTables = readFileSync(require.resolve('shisanshui/wasm/model_tables_jokers.bin.lzma'));
m.initSync(wasm, { bigTables, jokerTables });
const rules = m.Rules.preset('classic', { extra_suits: ['s', 'h'] });
out.arranged4 = new m.Arranger('classic', 4).arrange(m.deal(4, 11)[2]);
out.big = new m.Arranger(rules, 6).arrange(m.deal(6, 3, rules)[0]);
const jokers = m.Rules.preset('classic', { jokers: 2 });
out.jokers = new m.Arranger(jokers, 4).arrange(m.deal(4, 5, jokers).find((h) => h.some(m.isJoker)));
out.version = m.version();
console.log(JSON.stringify(out));
`;
  const got = JSON.parse(runModule('manual-probe.mjs', source));
  assert.deepEqual(got.before, ['InvalidArgumentError', 'invalid_argument', true]);
  assert.equal(got.version, pkg.version);
  assert.deepEqual(got.arranged4, want.arranged4);
  assert.deepEqual(got.big, want.big);
  // The joker tables' field plays the joker table as the default entry's does.
  assert.deepEqual(got.jokers, want.jokers);
  // The async init with bytes in hand.
  const asyncSource = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as m from 'shisanshui/manual';
const require = createRequire(import.meta.url);
await m.init(readFileSync(require.resolve('shisanshui/wasm/shisanshui_bg.wasm')), {
  bigTables: readFileSync(require.resolve('shisanshui/wasm/model_tables_big.bin.lzma')).buffer,
});
const rules = m.Rules.preset('classic', { extra_suits: ['s', 'h'] });
console.log(JSON.stringify(new m.Arranger(rules, 6).arrange(m.deal(6, 3, rules)[0])));
`;
  assert.deepEqual(JSON.parse(runModule('manual-async-probe.mjs', asyncSource)), want.big);
});

test('results are plain objects in the JSON form', () => {
  const r = sss.evaluate('As Ks Qs Js Ts');
  assert.deepEqual(Object.keys(r).sort(), ['category', 'text', 'value']);
  assert.ok(CATEGORIES.includes(r.category));
  const s = sss.settle(sss.deal(2, 3).map((h) => sss.autoArrange(h, 'classic', { players: 2 }).arrangement));
  assert.deepEqual(JSON.parse(JSON.stringify(s)), s);
  assert.equal(Object.getPrototypeOf(s), Object.prototype);
  const d = sss.detectSpecial(DRAGON);
  assert.deepEqual(JSON.parse(JSON.stringify(d)), d);
});
