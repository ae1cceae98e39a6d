// tests/vectors/big_tables.json (core/tests/big_tables.rs): decks with extra suits (加色, RULES.md
// §11), five to eight seats: deals, evaluations with copies, specials, settlements, errors.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, CATEGORIES, className, codes, throwsCode, vectors } from './helpers.mjs';

const big = vectors('big_tables');

/** The record's rule set: its preset (classic when it names none), extra suits and options. */
function rulesOf(rec) {
  const changes = { extra_suits: [...(rec.extra_suits ?? '')] };
  for (const option of ['wheel', 'suit_tiebreak', 'split_quads', 'strict_order', 'table']) {
    if (option in rec) changes[option] = rec[option];
  }
  return sss.Rules.preset(rec.preset ?? 'classic', changes);
}

/** A seat of a record as the package takes it. */
function seatOf(seat) {
  return 'special' in seat ? { special: seat.special, cards: seat.cards } : seat.arranged;
}

test('big_tables.json deals', () => {
  assert.ok(big.deals.some((d) => d.players > 4));
  for (const d of big.deals) {
    const rules = rulesOf(d);
    const what = `${d.extra_suits} ${d.players} seed ${d.seed}`;
    assert.equal(rules.maxPlayers, 4 + d.extra_suits.length, what);
    assert.deepEqual(codes(sss.shuffledDeck(d.seed, rules)), d.deck, what);
    assert.deepEqual(sss.deal(d.players, d.seed, rules).map(codes), d.hands, what);
    if (!d.extra_suits) assert.deepEqual(sss.deal(d.players, d.seed).map(codes), d.hands, what);
    assert.equal(sss.deck(rules).length, 52 + 13 * d.extra_suits.length, what);
  }
  assert.ok(big.deals.some((d) => d.players === 6 && [...d.extra_suits].sort().join('') === 'hs'));
});

test('big_tables.json evaluations: hands with copies', () => {
  assert.ok(big.evaluations.some((r) => r.category === 9));
  for (const rec of big.evaluations) {
    const rules = rulesOf(rec);
    const what = JSON.stringify(rec);
    const rank = sss.evaluate(rec.cards, rules);
    assert.equal(rank.value, rec.value, what);
    assert.equal(rank.category, CATEGORIES[rec.category], what);
    assert.deepEqual(sss.evaluate(sss.formatCards(rec.cards, rules), rules), rank, what);
    assert.deepEqual(sss.parseCards(sss.formatCards(rec.cards, rules), rules), rec.cards, what);
    assert.deepEqual(Array.from(sss.evaluateMany(Uint8Array.from(rec.cards), rules, rec.cards.length)), [rec.value], what);
  }
});

test('big_tables.json specials', () => {
  for (const rec of big.specials) {
    const d = sss.detectSpecial(rec.cards, rulesOf(rec));
    assert.equal(d.best, rec.best, JSON.stringify(rec));
    assert.deepEqual(d.all, rec.all, JSON.stringify(rec));
  }
});

test('big_tables.json settlements', () => {
  assert.ok(big.settlements.some((r) => r.seats.length > 4));
  for (const [k, rec] of big.settlements.entries()) {
    const s = sss.settle(rec.seats.map(seatOf), rulesOf(rec), rec.banker ?? undefined);
    assert.deepEqual(s.totals, rec.totals, `settlement ${k}: totals`);
    assert.deepEqual(s.units, rec.units, `settlement ${k}: units`);
    assert.equal(s.banker, rec.banker ?? null, `settlement ${k}: banker`);
  }
});

test('big_tables.json errors: kind, class and message', () => {
  assert.ok(big.errors.some((r) => r.error === 'too_many_copies'));
  for (const rec of big.errors) {
    const what = JSON.stringify(rec).slice(0, 160);
    const call = {
      rules_json: () => sss.Rules.fromJSON(rec.json),
      evaluate: () => sss.evaluate(rec.cards, rulesOf(rec)),
      deal: () => sss.deal(rec.players, rec.seed ?? 0, rulesOf(rec)),
      settle: () => sss.settle(rec.seats.map(seatOf), rulesOf(rec), rec.banker ?? undefined),
      parse: () => sss.parseCards(rec.text, rulesOf(rec)),
    }[rec.kind];
    assert.ok(call, `unknown record kind ${rec.kind}`);
    const e = throwsCode(call, rec.error, {}, what);
    assert.equal(e.constructor.name, className(rec.error), what);
    assert.equal(e.message, rec.message, what);
    if (rec.error === 'too_many_copies') assert.ok(e instanceof sss.DuplicateCardError, what);
  }
});
