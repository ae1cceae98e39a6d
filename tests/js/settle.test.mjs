// tests/vectors/settle.json and banker.json (ffi/tests/settle_vectors.rs): every table's water
// (totals exactly, the matrix, each pair, the events), its money, the money and escape records,
// and every error. The package returns the engine's JSON form (fractions {num, den}); the
// vectors write water in 840ths ("units"), so the results are put in the vectors' form here.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, throwsCode, vectors } from './helpers.mjs';

const settleVectors = vectors('settle');
const bankerVectors = vectors('banker');

/** 840ths of a point of a fraction {num, den}. */
function units(w) {
  assert.ok(Number.isInteger(w.num) && Number.isInteger(w.den) && w.den > 0, JSON.stringify(w));
  assert.equal(Math.abs((w.num * 840) % w.den), 0, `${JSON.stringify(w)} is a whole number of 840ths`);
  return (w.num * 840) / w.den;
}

/** The engine's text form of a fraction: "4", "-40/3". */
function fractionText(w) {
  return w.den === 1 ? String(w.num) : `${w.num}/${w.den}`;
}

/** A seat of a record as the package takes it. */
function seatOf(seat) {
  return seat.kind === 'special' ? { special: seat.special, cards: seat.cards } : seat.cards;
}

/** A pair of the engine's JSON form in the vectors' form. */
function pairForm(p, withMajority) {
  const out = {
    seats: p.seats,
    kind: p.kind,
    winners: p.lanes === null ? null : p.lanes.map((l) => l.winner),
    lane_water: p.lanes === null ? null : p.lanes.map((l) => l.water),
    net: p.lane_water,
    shot: p.shot,
    home_run: p.home_run === null ? null : p.home_run.value,
    special: p.special === null ? null : { winner: p.special.winner, special: p.special.special, units: units(p.special.water) },
    units: units(p.water),
  };
  if (withMajority) out.majority = p.majority;
  return out;
}

/** An event of the engine's JSON form in the vectors' form. */
function eventForm(e) {
  switch (e.kind) {
    case 'foul':
      return { kind: 'foul', seat: e.seat, foul_bits: (e.foul.front_over_middle ? 1 : 0) | (e.foul.middle_over_back ? 2 : 0) };
    case 'shot':
      return { kind: 'shot', seat: e.shooter, victim: e.victim, value: e.value };
    default:
      return e;
  }
}

/** A money result against a record's {amounts, rake, rounding, house[, unclaimed]}. */
function checkMoney(m, want, what) {
  assert.deepEqual(m.amounts, want.amounts, `${what}: amounts`);
  assert.deepEqual(m.lines.map((l) => l.amount), want.amounts, `${what}: lines`);
  for (const key of ['rake', 'rounding', 'house', 'unclaimed']) {
    if (key in want) assert.equal(m[key], want[key], `${what}: ${key}`);
  }
}

/** Stakes of a record as the package takes them (the rake as [numerator, denominator]). */
function stakesOf(s) {
  return { base: s.base, carries: s.carries, rake: s.rake };
}

function checkTable(t, rules, what, withMajority) {
  const banker = t.banker ?? undefined;
  const s = sss.settle(t.seats.map(seatOf), rules, banker);
  assert.equal(s.banker, t.banker ?? null, `${what}: banker`);
  assert.deepEqual(s.totals.map(fractionText), t.totals, `${what}: totals`);
  assert.deepEqual(s.totals.map(units), t.units, `${what}: units of the totals`);
  assert.deepEqual(s.units, t.units, `${what}: units`);
  assert.deepEqual(s.matrix.map((row) => row.map(units)), t.matrix, `${what}: matrix`);
  assert.equal(s.seats.length, t.seats.length, `${what}: seats`);
  assert.deepEqual(s.pairs.map((p) => pairForm(p, withMajority)), t.pairs, `${what}: pairs`);
  assert.deepEqual(s.events.map(eventForm), t.events, `${what}: events`);
  assert.deepEqual(s.ranked_lane_water, t.ranked_lane_water, `${what}: ranked lane water`);
  // Money from the settlement's totals as they are, and from their text.
  checkMoney(sss.settleMoney(s.totals, stakesOf(t.stakes)), t.money, `${what}: money`);
  checkMoney(sss.settleMoney(t.totals, stakesOf(t.stakes)), t.money, `${what}: money from text`);
  return s;
}

test('settle.json tables: water, matrix, pairs, events, money', () => {
  const rules = new Map(settleVectors.rule_sets.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));
  assert.ok(settleVectors.tables.length >= 50);
  const kinds = new Set();
  for (const [k, t] of settleVectors.tables.entries()) {
    const s = checkTable(t, rules.get(t.rules), `table ${k} (${t.rules})`, false);
    for (const e of s.events) kinds.add(e.kind);
    assert.equal(s.mode, rules.get(t.rules).toJSON().scoring === 'ranked' ? 'ranked' : 'pairwise', `table ${k} mode`);
  }
  for (const kind of ['foul', 'special', 'shot', 'home_run']) assert.ok(kinds.has(kind), `an event ${kind}`);
});

test('settle.json money and escapes', () => {
  assert.ok(settleVectors.money.length > 0 && settleVectors.escapes.length > 0);
  for (const [k, rec] of settleVectors.money.entries()) {
    const stakes = stakesOf(rec.stakes);
    checkMoney(sss.settleMoney(rec.units.map((u) => ({ num: u, den: 840 })), stakes), rec, `money ${k}`);
    checkMoney(sss.settleMoney(rec.units.map((u) => `${u}/840`), stakes), rec, `money ${k} from text`);
    // The rake in its other accepted form.
    const [numerator, denominator] = rec.stakes.rake;
    checkMoney(sss.settleMoney(rec.units.map((u) => ({ num: u, den: 840 })), { ...stakes, rake: { numerator, denominator } }), rec, `money ${k} rake object`);
  }
  for (const [k, rec] of settleVectors.escapes.entries()) {
    checkMoney(sss.escape(rec.seats, rec.leaver, stakesOf(rec.stakes)), rec, `escape ${k}`);
  }
});

test('settle.json errors: tables, seats, money', () => {
  const rules = new Map(settleVectors.rule_sets.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));
  for (const rec of settleVectors.errors) {
    const fields = 'position' in rec ? { position: rec.position } : {};
    throwsCode(() => sss.settle(rec.seats.map(seatOf), rules.get(rec.rules)), rec.kind, fields, JSON.stringify(rec).slice(0, 200));
  }
  // A seat of its own: as seat 0 of a round (its card positions are the table's), and an
  // arrangement alone.
  const other = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48];
  for (const rec of settleVectors.seat_errors) {
    const fields = 'position' in rec ? { position: rec.position } : {};
    const what = JSON.stringify(rec);
    if ('special' in rec) {
      throwsCode(() => sss.settle([{ special: rec.special, cards: rec.cards }, other]), rec.kind, fields, what);
    } else {
      throwsCode(() => new sss.Arrangement(rec.front, rec.middle, rec.back), rec.kind, fields, what);
      throwsCode(() => sss.settle([{ front: rec.front, middle: rec.middle, back: rec.back }, other]), rec.kind, fields, what);
    }
  }
  for (const rec of settleVectors.money_errors) {
    const what = JSON.stringify(rec);
    throwsCode(() => sss.settleMoney(rec.units.map((u) => ({ num: u, den: 840 })), stakesOf(rec.stakes)), rec.kind, {}, what);
  }
});

test('banker.json tables: banker mode, chinese_poker, players - 1, majority', () => {
  const rules = new Map(bankerVectors.rule_sets.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));
  assert.ok(bankerVectors.tables.length >= 50);
  let banker = 0;
  for (const [k, t] of bankerVectors.tables.entries()) {
    const s = checkTable(t, rules.get(t.rules), `banker table ${k} (${t.rules})`, true);
    if (t.banker !== null) {
      banker++;
      assert.deepEqual(s.events[0], { kind: 'banker', seat: t.banker }, `banker table ${k}: first event`);
    }
  }
  assert.ok(banker > 0);
});

test('banker.json errors: banker seats and rule sets', () => {
  const rules = new Map(bankerVectors.rule_sets.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));
  for (const rec of bankerVectors.errors) {
    throwsCode(() => sss.settle(rec.seats.map(seatOf), rules.get(rec.rules), rec.banker ?? undefined), rec.kind, {}, JSON.stringify(rec).slice(0, 200));
  }
  for (const rec of bankerVectors.rules_errors) {
    throwsCode(() => sss.Rules.fromJSON(rec.json), rec.kind, { path: rec.path }, rec.path);
  }
});
