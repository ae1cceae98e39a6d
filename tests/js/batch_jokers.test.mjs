// The batch functions (evaluateMany, Arranger.arrangeMany) on hands with wild jokers (RULES.md
// §12) through the npm package: mixed batches (rows with and without jokers) against the one-hand
// functions (evaluate, Arranger.arrange), and the typed errors naming the bad row: a joker under a
// rule set without jokers, a joker the deck does not deal, one joker too many.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, laneCodes, throwsCode } from './helpers.mjs';

/** A small deterministic generator (xorshift32), so the rows are the same on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** `n` rows of `size` codes: every third without a joker, the others with the small joker or
 * both, the natural cards distinct, each row in a random order. */
function jokerRows(n, size, seed) {
  const next = rng(seed);
  const out = new Uint8Array(n * size);
  for (let r = 0; r < n; r++) {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = next(i + 1);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const jokers = r % 3 === 0 ? 0 : 1 + next(2);
    if (jokers >= 1) deck[0] = 52;
    if (jokers === 2) deck[1] = 53;
    const row = deck.slice(0, size);
    for (let i = size - 1; i > 0; i--) {
      const j = next(i + 1);
      [row[i], row[j]] = [row[j], row[i]];
    }
    out.set(row, r * size);
  }
  return out;
}

const hasJoker = (row) => row.some((c) => c >= 52);

test('evaluateMany on mixed rows gives what evaluate gives each', () => {
  const ruleSets = [
    sss.Rules.preset('classic', { jokers: 2 }),
    sss.Rules.preset('hk', { jokers: 2, joker_lanes: 'avoid_foul' }),
  ];
  for (const rules of ruleSets) {
    for (const size of [5, 3]) {
      const n = 1500;
      const hands = jokerRows(n, size, 7 + size);
      const values = sss.evaluateMany(hands, rules, size);
      assert.equal(values.length, n);
      let jokers = 0;
      for (let i = 0; i < n; i++) {
        const row = Array.from(hands.subarray(i * size, (i + 1) * size));
        assert.equal(values[i], sss.evaluate(Uint8Array.from(row), rules).value, `row ${i}: ${row}`);
        if (hasJoker(row)) jokers++;
      }
      assert.ok(jokers > n / 2, `${jokers} rows with jokers`);
    }
  }
  // Two jokers and a pair of aces: four aces with the best kicker, as one hand.
  const two = sss.Rules.preset('classic', { jokers: 2 });
  const v = sss.evaluateMany(Uint8Array.of(51, 50, 52, 53, 0), two);
  assert.equal(v[0], sss.evaluate('As Ah SJ BJ 2d', two).value);
  assert.equal(sss.evaluate('As Ah SJ BJ 2d', two).category, 'four_of_a_kind');
});

test('arrangeMany on mixed hands gives what arrange gives each', () => {
  const rules = sss.Rules.preset('classic', { jokers: 2 });
  const arranger = new sss.Arranger(rules, 4);
  const n = 24;
  const hands = jokerRows(n, 13, 3);
  const out = arranger.arrangeMany(hands);
  assert.equal(out.length, n * 13);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const lanes = laneCodes(arranger.arrange(hands.subarray(i * 13, (i + 1) * 13)).arrangement).flat();
    const got = Array.from(out.subarray(i * 13, (i + 1) * 13));
    assert.deepEqual(got, lanes, `hand ${i}`);
    if (hasJoker(got)) kept++;
  }
  assert.ok(kept > n / 2, `${kept} arrangements keep their jokers`);
  arranger.free();
});

test('a joker the rule set does not deal, or one too many, names the row', () => {
  const none = sss.Rules.preset('classic');
  const one = sss.Rules.preset('classic', { jokers: 1 });
  const two = sss.Rules.preset('classic', { jokers: 2 });
  const rows = Uint8Array.of(0, 4, 8, 12, 16, 1, 5, 9, 13, 52, 52, 53, 52, 2, 6);
  throwsCode(() => sss.evaluateMany(rows, none), 'bad_card_code', { row: 1 }, 'a joker under none');
  throwsCode(() => sss.evaluateMany(rows, two), 'duplicate_card', { row: 2, position: 2 }, 'a third joker under two');
  const fronts = Uint8Array.of(0, 4, 8, 1, 53, 5);
  throwsCode(() => sss.evaluateMany(fronts, one, 3), 'joker_not_in_deck', { row: 1 }, 'BJ under one');
  const e = throwsCode(() => sss.evaluateMany(rows, none), 'bad_card_code');
  assert.match(e.message, /card code 52/);

  const hands = jokerRows(6, 13, 5);
  hands.set([52, 53, 52, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36], 13 * 4);
  const arranger = new sss.Arranger(two, 4);
  throwsCode(() => arranger.arrangeMany(hands), 'duplicate_card', { row: 4 }, 'arrangeMany, a third joker');
  arranger.free();
  const plain = new sss.Arranger(none, 4);
  const first = [0, 1, 2, 3, 4, 5].find((i) => hasJoker(Array.from(hands.subarray(i * 13, (i + 1) * 13))));
  throwsCode(() => plain.arrangeMany(hands), 'bad_card_code', { row: first }, 'arrangeMany, a joker under none');
  plain.free();
});
