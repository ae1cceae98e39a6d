// tests/vectors/levels.json (ffi/tests/levels_vectors.rs): the Arranger's bot levels per preset,
// table, role, level and seed, the level names and their errors.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, CATEGORIES, laneCodes, near, throwsCode, vectors } from './helpers.mjs';

const levels = vectors('levels');

test('levels.json hands: each level arranges as recorded, whatever the order of the cards', () => {
  assert.ok(levels.hands.length >= 100);
  let apart = 0;
  for (const rec of levels.hands) {
    const what = `${rec.preset} ${rec.table} ${rec.role} ${rec.players} ${rec.level} seed ${rec.seed}`;
    const rules = sss.Rules.preset(rec.preset, { table: rec.table });
    const arr = new sss.Arranger(rules, rec.players, { role: rec.role, level: rec.level, seed: rec.seed });
    assert.equal(arr.level, rec.level, what);
    assert.equal(arr.seed, BigInt(rec.seed), what);
    const got = arr.arrange(rec.codes);
    assert.deepEqual(laneCodes(got.arrangement), [rec.front, rec.middle, rec.back], `${what}: lanes`);
    assert.deepEqual(got.categories, rec.categories.map((c) => CATEGORIES[c]), `${what}: categories`);
    near(got.expected_water, rec.expected_water, `${what}: expected water`);
    assert.equal(sss.checkArrangement(got.arrangement, rules).is_foul, false, `${what}: no foul`);
    assert.deepEqual(arr.arrange([...rec.codes].reverse()), got, `${what}: the order of the cards`);
    // A BigInt seed is the same seed.
    const big = new sss.Arranger(rules, rec.players, { role: rec.role, level: rec.level, seed: BigInt(rec.seed) });
    assert.deepEqual(big.arrange(rec.codes), got, `${what}: BigInt seed`);
    const best = new sss.Arranger(rules, rec.players, { role: rec.role });
    assert.equal(best.level, 'best');
    const top = best.arrange(rec.codes);
    if (rec.level === 'best') assert.deepEqual(got, top, `${what}: best is the plain arranger`);
    else if (JSON.stringify(got) !== JSON.stringify(top)) apart++;
    for (const a of [arr, big, best]) a.free();
  }
  assert.ok(apart > 0, 'some lower-level record plays apart from the best');
});

test('levels.json names and errors', () => {
  for (const rec of levels.names) {
    const arr = new sss.Arranger('classic', 2, { level: rec.text, seed: 1 });
    assert.equal(arr.level, ['beginner', 'casual', 'strong', 'best'][rec.level], rec.text);
    arr.free();
  }
  for (const rec of levels.errors) {
    assert.equal(rec.kind, 'invalid_argument');
    if (rec.text !== undefined) {
      throwsCode(() => new sss.Arranger('classic', 2, { level: rec.text }), 'invalid_argument', {}, rec.text);
    }
  }
  throwsCode(() => new sss.Arranger('classic', 2, { level: 2 }), 'invalid_argument', {}, 'a number');
  throwsCode(() => new sss.Arranger('classic', 2, { level: 'casual', seed: -1 }), 'invalid_argument', {}, 'seed -1');
});

test('levels: reproducible, never a foul, suggestions unchanged, autoArrange takes the level', () => {
  const hand = 'As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd';
  const casual = new sss.Arranger('classic', 4, { level: 'casual', seed: 7 });
  const best = new sss.Arranger('classic', 4);
  assert.deepEqual(casual.suggest(hand, 4), best.suggest(hand, 4));
  assert.deepEqual(sss.autoArrange(hand, 'classic', { level: 'casual', seed: 7 }), casual.arrange(hand));
  let differ = 0;
  const other = new sss.Arranger('classic', 4, { level: 'casual', seed: 8 });
  for (let s = 0; s < 20; s++) {
    for (const h of sss.deal(4, s)) {
      const got = casual.arrange(h);
      assert.equal(sss.checkArrangement(got.arrangement).is_foul, false);
      assert.deepEqual(casual.arrange(h), got);
      if (JSON.stringify(other.arrange(h)) !== JSON.stringify(got)) differ++;
    }
  }
  assert.ok(differ > 0, 'another seed changes some choice');
  for (const a of [casual, best, other]) a.free();
});
