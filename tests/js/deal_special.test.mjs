// tests/vectors/deal.json (core/tests/deal.rs) and special.json (ffi/tests/special_vectors.rs):
// the seeded deal of every surface, and special-hand detection per rule set.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, codes, laneCodes, throwsCode, vectors } from './helpers.mjs';

const deal = vectors('deal');
const special = vectors('special');

test('deal.json: the same seed deals the same cards', () => {
  assert.ok(deal.deals.length >= 24);
  const seeds = new Set(deal.deals.map((r) => BigInt(r.seed)));
  assert.ok(seeds.has(0n) && seeds.has(2n ** 64n - 1n), 'the vectors hold seeds 0 and 2^64 - 1');
  let decks = 0;
  for (const rec of deal.deals) {
    const what = `seed ${rec.seed}, ${rec.players} players`;
    const hands = sss.deal(rec.players, rec.seed);
    assert.deepEqual(hands.map(codes), rec.hands, what);
    // A seed that fits a number deals the same as its BigInt.
    if (typeof rec.seed === 'number') assert.deepEqual(sss.deal(rec.players, BigInt(rec.seed)), hands, what);
    if ('deck' in rec) {
      assert.deepEqual(codes(sss.shuffledDeck(rec.seed)), rec.deck, what);
      decks++;
    }
  }
  assert.ok(decks > 0);
});

test('deal.json errors: table sizes the deck cannot deal', () => {
  assert.ok(deal.errors.length > 0);
  for (const rec of deal.errors) {
    assert.equal(rec.kind, 'invalid_table');
    const e = throwsCode(() => sss.deal(rec.players, 1), rec.kind, {}, `${rec.players} players`);
    assert.ok(e.message.includes(`${rec.players} player`) && e.message.includes('2 to 4'), e.message);
    throwsCode(() => sss.deal(rec.players), rec.kind, {}, `${rec.players} players, no seed`);
  }
});

const ruleSets = new Map(special.rule_sets.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));

test('special.json: the names of the specials', () => {
  const known = sss.specials();
  assert.deepEqual(
    known.map((s) => s.id),
    special.specials.map((s) => s.id),
  );
  for (const [i, rec] of special.specials.entries()) {
    assert.deepEqual(known[i], { id: rec.id, name: rec.name, chinese: rec.chinese }, rec.id);
  }
});

test('special.json hands: best, all, water and the lanes shown', () => {
  assert.ok(special.hands.length >= 100);
  const seen = new Set();
  for (const rec of special.hands) {
    const rules = ruleSets.get(rec.rules);
    const what = `${rec.text} under ${rec.rules}`;
    assert.deepEqual(sss.parseCards(rec.text), rec.codes, what);
    const got = sss.detectSpecial(rec.codes, rules);
    assert.deepEqual(got.all, rec.all, what);
    assert.equal(got.best, rec.best, what);
    if (rec.best !== null) assert.equal(rules.specialWater(rec.best), rec.water, what);
    if (rec.arrangement === null) assert.equal(got.arrangement, null, what);
    else assert.deepEqual(laneCodes(got.arrangement), [rec.arrangement.front, rec.arrangement.middle, rec.arrangement.back], what);
    assert.deepEqual(sss.detectSpecial(rec.text, rules), got, what);
    seen.add(rec.best);
  }
  for (const s of special.specials) assert.ok(seen.has(s.id), `a hand whose best is ${s.id}`);
});

test('special.json names: ids, English and Chinese names, and unknown ones', () => {
  const all = ruleSets.get('all');
  for (const rec of special.names) {
    if ('special' in rec) {
      assert.equal(sss.parseSpecial(rec.text), rec.special, rec.text);
      // The rule sets read the same names.
      assert.equal(all.specialWater(rec.text), all.specialWater(rec.special), rec.text);
    } else {
      assert.equal(rec.kind, 'unknown_special');
      throwsCode(() => sss.parseSpecial(rec.text), rec.kind, {}, JSON.stringify(rec.text));
      throwsCode(() => all.specialWater(rec.text), rec.kind, {}, JSON.stringify(rec.text));
    }
  }
});

test('special.json errors: cards and rule sets', () => {
  const kinds = new Set(special.errors.map((r) => r.kind));
  assert.deepEqual([...kinds].sort(), ['bad_card_code', 'duplicate_card', 'invalid_rules', 'wrong_card_count']);
  for (const rec of special.errors) {
    const fields = {};
    if ('position' in rec) fields.position = rec.position;
    if ('path' in rec) fields.path = rec.path;
    if ('rules_json' in rec) {
      throwsCode(() => sss.Rules.fromJSON(rec.rules_json), rec.kind, fields, rec.path);
      throwsCode(() => sss.Rules.fromObject(JSON.parse(rec.rules_json)), rec.kind, fields, rec.path);
    } else {
      throwsCode(() => sss.detectSpecial(rec.codes, ruleSets.get(rec.rules)), rec.kind, fields, JSON.stringify(rec));
    }
  }
});
