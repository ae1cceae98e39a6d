// tests/vectors/eval.json (core/tests/vectors.rs): card texts -> codes -> display, every hand's
// value and category, the arrangements' foul flags, every input error's kind and position.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, CATEGORIES, throwsCode, vectors } from './helpers.mjs';

const v = vectors('eval');

/** The classic preset with the record's three ranking options (vectors README). */
const ruleCache = new Map();
function rulesOf(rec) {
  const changes = { wheel: rec.wheel, suit_tiebreak: rec.suit_tiebreak, strict_order: rec.strict_order ?? false };
  const key = JSON.stringify(changes);
  if (!ruleCache.has(key)) ruleCache.set(key, sss.Rules.preset('classic', changes));
  return ruleCache.get(key);
}

test('eval.json cards: text -> code -> display', () => {
  assert.ok(v.cards.length > 52);
  for (const rec of v.cards) {
    assert.equal(sss.cardCode(rec.text), rec.code, rec.text);
    assert.equal(sss.cardText(rec.code), rec.display, rec.text);
    assert.deepEqual(sss.parseCards(rec.text), [rec.code], rec.text);
    assert.equal(sss.formatCards([rec.code]), rec.display, rec.text);
  }
  // Codes 0..51 in order, each displayed as the first 52 records say.
  assert.deepEqual(v.cards.slice(0, 52).map((r) => r.code), Array.from({ length: 52 }, (_, i) => i));
  assert.deepEqual(sss.deck(), v.cards.slice(0, 52).map((r) => r.display));
});

test('eval.json hands: codes, value and category of every hand', () => {
  assert.ok(v.hands.length > 100);
  const sizes = new Set();
  for (const rec of v.hands) {
    const rules = rulesOf(rec);
    assert.deepEqual(sss.parseCards(rec.text), rec.codes, rec.text);
    const byCodes = sss.evaluate(rec.codes, rules);
    assert.equal(byCodes.value, rec.value, rec.text);
    assert.equal(byCodes.category, CATEGORIES[rec.category], rec.text);
    assert.equal(typeof byCodes.text, 'string');
    assert.deepEqual(sss.evaluate(rec.text, rules), byCodes, rec.text);
    assert.deepEqual(sss.evaluate(Uint8Array.from(rec.codes), rules), byCodes, rec.text);
    assert.deepEqual(sss.evaluate(rec.codes.map((c) => sss.cardText(c)), rules), byCodes, rec.text);
    sizes.add(rec.codes.length);
  }
  assert.deepEqual([...sizes].sort(), [3, 5]);
});

test('eval.json hands: evaluateMany gives the same values per option set', () => {
  const groups = new Map();
  for (const rec of v.hands) {
    const key = `${rec.wheel} ${rec.suit_tiebreak} ${rec.codes.length}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(rec);
  }
  for (const [key, recs] of groups) {
    const size = recs[0].codes.length;
    const values = sss.evaluateMany(Uint8Array.from(recs.flatMap((r) => r.codes)), rulesOf(recs[0]), size);
    assert.ok(values instanceof Uint32Array, key);
    assert.deepEqual(Array.from(values), recs.map((r) => r.value), key);
  }
});

test('eval.json arrangements: the foul check', () => {
  assert.ok(v.arrangements.length > 10);
  for (const rec of v.arrangements) {
    const rules = rulesOf(rec);
    const what = JSON.stringify(rec);
    const e = sss.checkArrangement({ front: rec.front, middle: rec.middle, back: rec.back }, rules);
    assert.equal(e.front_over_middle, rec.front_over_middle, what);
    assert.equal(e.middle_over_back, rec.middle_over_back, what);
    assert.equal(e.is_foul, rec.front_over_middle || rec.middle_over_back, what);
    for (const lane of ['front', 'middle', 'back']) {
      assert.deepEqual(e[lane], sss.evaluate(rec[lane], rules), `${what} ${lane}`);
    }
    const a = new sss.Arrangement(rec.front, rec.middle, rec.back);
    assert.deepEqual(a.evaluate(rules), e, what);
    // 13 codes in lane order, and the arrangement's text, say the same.
    assert.deepEqual(sss.checkArrangement([...rec.front, ...rec.middle, ...rec.back], rules), e, what);
    assert.deepEqual(sss.checkArrangement(String(a), rules), e, what);
    assert.deepEqual(sss.checkArrangement(a, rules), e, what);
  }
});

test('eval.json errors: every kind, class and position', () => {
  const kinds = new Set(v.errors.map((r) => r.kind));
  assert.deepEqual([...kinds].sort(), ['bad_card_code', 'duplicate_card', 'unknown_rank', 'unknown_suit', 'wrong_card_count']);
  for (const rec of v.errors) {
    const fields = 'position' in rec ? { position: rec.position } : {};
    const what = JSON.stringify(rec);
    if ('text' in rec) {
      throwsCode(() => sss.evaluate(rec.text), rec.kind, fields, what);
      // One array item per token, where the text splits into one token per card.
      const items = rec.text.split(/\s+/).filter(Boolean);
      if (items.length > 1 || rec.text.trim().length <= 3) {
        throwsCode(() => sss.evaluate(items), rec.kind, fields, `${what} as items`);
      }
      if (rec.kind !== 'wrong_card_count') throwsCode(() => sss.parseCards(rec.text), rec.kind, fields, `${what} parseCards`);
      else assert.equal(sss.parseCards(rec.text).length === 3 || sss.parseCards(rec.text).length === 5, false, what);
    } else {
      throwsCode(() => sss.evaluate(rec.codes), rec.kind, fields, what);
      if (rec.codes.every((c) => Number.isInteger(c) && c >= 0 && c <= 255)) {
        throwsCode(() => sss.evaluate(Uint8Array.from(rec.codes)), rec.kind, fields, `${what} as Uint8Array`);
      }
    }
  }
});
