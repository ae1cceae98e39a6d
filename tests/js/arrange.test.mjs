// tests/vectors/arrange.json (ffi/tests/arrange_vectors.rs) and hints.json
// (ffi/tests/hints_vectors.rs): arrangements per preset and table size, suggestions, special
// advice, banker roles, 理牌 combinations and completions, and their errors.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, CATEGORIES, codes, laneCodes, near, throwsCode, vectors } from './helpers.mjs';

const arrange = vectors('arrange');
const hints = vectors('hints');

const arrangers = new Map();
function arrangerOf(preset, players) {
  const key = `${preset} ${players}`;
  if (!arrangers.has(key)) arrangers.set(key, new sss.Arranger(preset, players));
  return arrangers.get(key);
}

/** An arranged result against a record's lanes, categories and expected water. */
function same(rec, got, what) {
  assert.deepEqual(laneCodes(got.arrangement), [rec.front, rec.middle, rec.back], `${what}: lanes`);
  assert.deepEqual(got.categories, rec.categories.map((c) => CATEGORIES[c]), `${what}: categories`);
  near(got.expected_water, rec.expected_water, `${what}: expected water`);
}

/** The arrangement holds exactly the hand's cards and does not foul. */
function legal(hand, got, rules, what) {
  const lanes = laneCodes(got.arrangement);
  assert.deepEqual(lanes.flat().sort((a, b) => a - b), [...hand].sort((a, b) => a - b), `${what}: the hand's cards`);
  assert.equal(sss.checkArrangement(got.arrangement, rules).is_foul, false, `${what}: no foul`);
}

test('arrange.json hands: best arrangement and suggestions per preset and table size', () => {
  const n = arrange.suggestions_n;
  assert.ok(arrange.hands.length >= 100);
  for (const rec of arrange.hands) {
    const what = `${rec.preset} ${rec.players} seed ${rec.seed} seat ${rec.seat}`;
    const arr = arrangerOf(rec.preset, rec.players);
    assert.equal(arr.players, rec.players);
    assert.deepEqual(codes(sss.deal(rec.players, rec.seed)[rec.seat]), rec.codes, `${what}: the deal`);
    const best = arr.arrange(rec.codes);
    same(rec, best, what);
    legal(rec.codes, best, arr.rules, what);
    const listed = arr.suggest(rec.codes, n);
    assert.equal(listed.length, rec.suggestions.length, `${what}: suggestions`);
    for (const [i, want] of rec.suggestions.entries()) {
      assert.equal(listed[i].kind, want.kind, `${what}: suggestion ${i} kind`);
      same(want, listed[i], `${what}: suggestion ${i}`);
    }
    near(arr.expectedWater(best.arrangement), rec.expected_water, `${what}: expectedWater`);
    if (rec.players === 4 && rec.seat === 0) {
      assert.deepEqual(sss.autoArrange(rec.codes, rec.preset), best, `${what}: autoArrange`);
    }
  }
});

test('arrange.json plain: card removal off plays the field as trained', () => {
  assert.ok(arrange.plain.length >= 12);
  let differ = 0;
  for (const rec of arrange.plain) {
    const what = `${rec.preset} ${rec.players} seed ${rec.seed} seat ${rec.seat}, card removal off`;
    assert.deepEqual(codes(sss.deal(rec.players, rec.seed)[rec.seat]), rec.codes, `${what}: the deal`);
    const on = arrangerOf(rec.preset, rec.players);
    const off = new sss.Arranger(rec.preset, rec.players, { cardRemoval: false });
    assert.equal(on.cardRemoval, true, what);
    assert.equal(off.cardRemoval, false, what);
    const best = off.arrange(rec.codes);
    same(rec, best, what);
    legal(rec.codes, best, rec.preset, what);
    const apart = JSON.stringify(on.arrange(rec.codes).arrangement) !== JSON.stringify(best.arrangement);
    assert.equal(apart, rec.differs, `${what}: card removal on plays ${apart ? 'apart' : 'the same'}`);
    if (apart) differ++;
    off.free();
  }
  assert.ok(differ >= 6, `${differ} hands played apart`);
  // A card-removal-off arranger made after a shared one leaves the shared one on.
  assert.equal(new sss.Arranger('classic', 4).cardRemoval, true);
  throwsCode(() => new sss.Arranger('classic', 4, { cardRemoval: 'no' }), 'invalid_argument');
  throwsCode(() => new sss.Arranger('classic', 4, { cardRemoval: 0 }), 'invalid_argument');
});

test('arrange.json roles: banker tables arrange for the seat', () => {
  assert.ok(arrange.roles.length >= 24);
  let differ = 0;
  for (const rec of arrange.roles) {
    const what = `${rec.preset} ${rec.players} ${rec.role} seed ${rec.seed}`;
    assert.equal(rec.table, 'banker');
    const rules = sss.Rules.preset(rec.preset, { table: 'banker' });
    assert.deepEqual(codes(sss.deal(rec.players, rec.seed)[rec.seat]), rec.codes, `${what}: the deal`);
    const arr = new sss.Arranger(rules, rec.players, { role: rec.role });
    assert.equal(arr.role, rec.role);
    const best = arr.arrange(rec.codes);
    same(rec, best, what);
    legal(rec.codes, best, rules, what);
    const other = new sss.Arranger(rules, rec.players, { role: rec.role === 'banker' ? 'player' : 'banker' });
    const theirs = other.arrange(rec.codes);
    assert.notEqual(theirs.expected_water, best.expected_water, what);
    if (JSON.stringify(theirs.arrangement) !== JSON.stringify(best.arrangement)) differ++;
    assert.deepEqual(sss.autoArrange(rec.codes, rules, { players: rec.players, role: rec.role }), best, what);
    arr.free();
    other.free();
  }
  assert.ok(differ >= 4, `${differ} hands arranged differently by role`);
  // A banker table needs the role.
  throwsCode(() => new sss.Arranger(sss.Rules.preset('classic', { table: 'banker' }), 4), 'invalid_table');
});

test('arrange.json advice: whether to declare the special', () => {
  for (const rec of arrange.advice) {
    const what = `${rec.preset} ${rec.players} ${rec.text}`;
    const arr = arrangerOf(rec.preset, rec.players);
    const advice = arr.specialAdvice(rec.codes);
    if (rec.special === null) {
      assert.equal(advice, null, what);
      continue;
    }
    assert.equal(advice.special, rec.special, what);
    assert.equal(advice.declare, rec.declare, what);
    near(advice.declare_water, rec.declare_water, `${what}: declare water`);
    near(advice.lane_water, rec.lane_water, `${what}: lane water`);
    near(advice.advantage, rec.declare_water - rec.lane_water, `${what}: advantage`);
    assert.deepEqual(laneCodes(advice.best_lanes.arrangement), [rec.front, rec.middle, rec.back], what);
    legal(rec.codes, advice.best_lanes, arr.rules, what);
    assert.deepEqual(advice.best_lanes, arr.arrange(rec.codes), what);
  }
});

test('play follows the advice vectors, and settle takes what it plays', () => {
  for (const rec of arrange.advice) {
    const what = `${rec.preset} ${rec.players} ${rec.text}`;
    const arr = arrangerOf(rec.preset, rec.players);
    const seat = arr.play(rec.codes);
    if (rec.special !== null && rec.declare) {
      assert.equal(seat.special, rec.special, what);
      assert.deepEqual([...sss.parseCards(seat.cards)].sort((a, b) => a - b), [...rec.codes].sort((a, b) => a - b), what);
    } else if (rec.special !== null) {
      assert.equal(seat.special, undefined, what);
      assert.deepEqual(laneCodes(seat), [rec.front, rec.middle, rec.back], what);
    } else {
      assert.deepEqual(seat, arr.arrange(rec.codes).arrangement, what);
    }
  }
  // A dragon, declared: each of the other three seats pays its 36 under classic (RULES.md §6).
  const dragon = '2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac';
  const seat = sss.play(dragon);
  assert.equal(seat.special, 'DR');
  const used = new Set(sss.parseCards(dragon));
  const rest = sss.deck().filter((c) => !used.has(sss.cardCode(c)));
  const others = [0, 1, 2].map((k) => sss.autoArrange(rest.filter((_, i) => i % 3 === k)));
  const s = sss.settle([seat, ...others]);
  assert.equal(s.units[0], 3 * 36 * 840);
  // An Arranged seat settles as its lanes.
  assert.deepEqual(sss.settle([seat, ...others.map((o) => o.arrangement)]).units, s.units);
  // Without a special: the arranged lanes; jokers reach the shared arranger and are refused
  // by rules that do not deal them.
  const hand = 'As Ah Ad Kc Kd 2s 3s 4s 5d 7c 8c 9d Jh';
  assert.deepEqual(sss.play(hand, 'kx', { players: 3 }), new sss.Arranger('kx', 3).arrange(hand).arrangement);
  const jokers = sss.Rules.preset('classic', { jokers: 2 });
  const jokerHand = 'As Ah Ad Ac SJ 2c 3d 5h 7s 9c Jd Qh 4s';
  const lanes = sss.play(jokerHand, jokers);
  assert.ok([...lanes.front, ...lanes.middle, ...lanes.back].includes('SJ'));
  throwsCode(() => sss.play(jokerHand), 'joker_not_in_deck', {}, 'a joker under rules without');
});

test('arrange.json errors', () => {
  for (const rec of arrange.errors) {
    const fields = 'position' in rec ? { position: rec.position } : {};
    const what = JSON.stringify(rec);
    throwsCode(
      () => {
        if (rec.call === 'arranger') return new sss.Arranger(rec.preset, rec.players);
        const arr = arrangerOf(rec.preset, rec.players);
        if (rec.call === 'arrange') return arr.arrange(rec.codes);
        if (rec.call === 'suggest') return arr.suggest(rec.codes, rec.n);
        if (rec.call === 'special_advice') return arr.specialAdvice(rec.codes);
        throw new Error(`unknown call ${rec.call}`);
      },
      rec.kind,
      fields,
      what,
    );
  }
});

const hintRules = new Map();
function hintRulesOf(rec) {
  const key = `${rec.wheel} ${rec.suit_tiebreak}`;
  if (!hintRules.has(key)) hintRules.set(key, sss.Rules.preset('classic', { wheel: rec.wheel, suit_tiebreak: rec.suit_tiebreak }));
  return hintRules.get(key);
}

/** `fixed` of complete() from a record (null lanes are free). */
function fixedOf(rec) {
  const fixed = {};
  if (rec.fixed_front !== null) fixed.front = rec.fixed_front;
  if (rec.fixed_middle !== null) fixed.middle = rec.fixed_middle;
  if (rec.fixed_back !== null) fixed.back = rec.fixed_back;
  return fixed;
}

test('hints.json combos: every combination of a category, strongest first', () => {
  assert.ok(hints.combos.length >= 100);
  for (const rec of hints.combos) {
    const rules = hintRulesOf(rec);
    const what = `${JSON.stringify(rec.codes)} category ${rec.category}`;
    const got = sss.combos(rec.codes, rec.category, rules);
    assert.deepEqual(got.map((c) => codes(c.cards)), rec.combos, what);
    for (const c of got) {
      assert.equal(c.category, CATEGORIES[rec.category], what);
      assert.equal(c.fits_front, c.cards.length <= 3, what);
    }
    assert.deepEqual(sss.combos(rec.codes, CATEGORIES[rec.category], rules), got, `${what} by name`);
  }
});

test('hints.json complete: the best arrangement keeping the fixed lanes', () => {
  for (const rec of hints.complete) {
    const what = `${rec.preset} ${rec.players} ${JSON.stringify(fixedOf(rec))}`;
    const arr = arrangerOf(rec.preset, rec.players);
    const got = arr.complete(rec.codes, fixedOf(rec));
    same(rec, got, what);
    legal(rec.codes, got, arr.rules, what);
    // The fixed lanes are kept (as sets of cards).
    const lanes = laneCodes(got.arrangement);
    for (const [i, lane] of [rec.fixed_front, rec.fixed_middle, rec.fixed_back].entries()) {
      if (lane !== null) assert.deepEqual([...lanes[i]].sort(), [...lane].sort(), `${what}: lane ${i} kept`);
    }
  }
  // Nothing fixed is the arranger's best.
  const rec = hints.complete[0];
  const arr = arrangerOf(rec.preset, rec.players);
  assert.deepEqual(arr.complete(rec.codes), arr.arrange(rec.codes));
  assert.deepEqual(arr.complete(rec.codes, {}), arr.arrange(rec.codes));
});

test('hints.json errors', () => {
  const kinds = new Set();
  for (const rec of hints.errors) {
    const fields = 'position' in rec ? { position: rec.position } : {};
    const what = JSON.stringify(rec);
    kinds.add(rec.kind);
    if (rec.call === 'combos') {
      throwsCode(() => sss.combos(rec.codes, rec.category, hintRulesOf(rec)), rec.kind, fields, what);
    } else {
      assert.equal(rec.call, 'complete');
      throwsCode(() => arrangerOf(rec.preset, rec.players).complete(rec.codes, fixedOf(rec)), rec.kind, fields, what);
    }
  }
  for (const kind of ['no_legal_arrangement', 'card_not_in_hand', 'duplicate_card', 'wrong_card_count', 'invalid_argument']) {
    assert.ok(kinds.has(kind), kind);
  }
});
