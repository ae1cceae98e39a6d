// Wild jokers (RULES.md §12) through the npm package, against tests/vectors/jokers.json
// (core/tests/jokers_vectors.rs writes it; tests/python/test_jokers.py reads the same sections):
// the rule sets, joker cards, deals, lanes with what each joker stands for, arrangements under
// both readings, specials, settled rounds, the arranger and the bad inputs. Lane values are also
// checked against a brute force that knows nothing of jokers: every card a joker could stand
// for, valued by the joker-free evaluator on a deck with every suit doubled.

import { test } from 'node:test';
import * as sss from 'shisanshui';
import { assert, codes, laneCodes, near, throwsCode, vectors } from './helpers.mjs';

const V = vectors('jokers');
const RULES = new Map(V.rules.map((r) => [r.name, sss.Rules.fromJSON(r.json)]));
const J2 = RULES.get('classic_j2');
const AVOID = RULES.get('classic_j2_avoid');

/** The lanes of an arrangement as the engine writes them: "8d 7s 6h / … / …". */
function lanesText(a) {
  return `${a.front.join(' ')} / ${a.middle.join(' ')} / ${a.back.join(' ')}`;
}

/** The most copies of one code in a list. */
function maxCopies(list) {
  const n = new Map();
  for (const c of list) n.set(c, (n.get(c) ?? 0) + 1);
  return Math.max(...n.values());
}

/** The same rule set without jokers and with every suit doubled: any two copies of a card. */
function doubled(r) {
  return r.copy({ jokers: 0, jokers_in_specials: false, extra_suits: ['d', 'c', 'h', 's'] });
}

/**
 * The best value over every choice of the cards a lane's jokers stand for (RULES.md §12), by
 * brute force with the joker-free evaluator (choices that would hold a card three times are
 * left out: the doubled deck holds two).
 */
function bruteBest(laneCodesList, r) {
  const plain = doubled(r);
  const natural = laneCodesList.filter((c) => c < 52);
  const jokers = laneCodesList.length - natural.length;
  let best = -1;
  const choose = (picked) => {
    if (picked.length === jokers) {
      const hand = [...natural, ...picked];
      if (maxCopies(hand) > 2) return;
      best = Math.max(best, sss.evaluate(hand, plain).value);
      return;
    }
    for (let c = 0; c < 52; c++) choose([...picked, c]);
  };
  choose([]);
  return best;
}

test('jokers.json rule sets: load, round-trip, and the options as properties', () => {
  assert.ok(V.rules.length >= 5);
  for (const rec of V.rules) {
    const r = RULES.get(rec.name);
    assert.equal(r.toString(), rec.json, rec.name);
    assert.ok(sss.Rules.fromJSON(r.toString()).equals(r), rec.name);
    assert.ok(sss.Rules.fromObject(r.toJSON()).equals(r), rec.name);
    const json = JSON.parse(rec.json);
    assert.equal(r.jokers, json.jokers ?? 0, rec.name);
    assert.equal(r.jokerLanes, json.joker_lanes ?? 'each_best', rec.name);
    assert.equal(r.jokersInSpecials, json.jokers_in_specials ?? false, rec.name);
  }
  assert.equal(J2.jokers, 2);
  assert.equal(J2.jokerLanes, 'each_best');
  assert.equal(J2.jokersInSpecials, false);
  assert.equal(AVOID.jokerLanes, 'avoid_foul');
  assert.equal(AVOID.toJSON().joker_lanes, 'avoid_foul');
  // Rules without jokers write none of the joker fields (existing JSON is unchanged).
  assert.ok(!sss.Rules.preset('classic').toString().includes('joker'));
  assert.equal(sss.Rules.preset('classic').jokers, 0);

  const r = sss.Rules.preset('classic', { jokers: 2, joker_lanes: 'avoid_foul' });
  assert.equal(r.jokers, 2);
  assert.equal(r.jokerLanes, 'avoid_foul');
  assert.equal(sss.Rules.preset('kx', { jokers: 1 }).toJSON().jokers, 1);
  assert.equal(sss.Rules.fromObject({ preset: 'hk', jokers: 4, joker_lanes: 'avoid_foul' }).jokers, 4);
  assert.equal(r.copy({ jokers: 0 }).jokers, 0);
  assert.equal(r.copy({ jokers: 4 }).jokers, 4);
  // Plain objects and preset names work wherever a rule set is asked for.
  assert.deepEqual(sss.parseCards('SJ BJ', { jokers: 2 }), [52, 53]);
  // The deck of jokers = j holds SJ ceil(j/2) times and BJ floor(j/2) times, after the 52.
  for (let j = 0; j <= 6; j++) {
    const rj = sss.Rules.preset('classic', { jokers: j });
    assert.equal(rj.copies('SJ'), Math.ceil(j / 2), `${j} jokers`);
    assert.equal(rj.copies('大王'), Math.floor(j / 2), `${j} jokers`);
    if (j > 0) assert.equal(rj.copies(52), Math.ceil(j / 2), `${j} jokers`);
    const deck = sss.deck(rj);
    assert.equal(deck.length, 52 + j, `${j} jokers`);
    assert.deepEqual(deck.slice(52), Array.from({ length: j }, (_, i) => (i % 2 === 0 ? 'SJ' : 'BJ')));
    assert.deepEqual(deck.slice(0, 52), sss.deck('classic'));
    assert.equal(rj.maxPlayers, 4, 'jokers add no seat');
  }
  const big = sss.Rules.preset('classic', { jokers: 2, extra_suits: ['s', 'h'] });
  assert.equal(sss.deck(big).length, 80);
  assert.equal(big.maxPlayers, 6);
  throwsCode(() => sss.Rules.preset('classic').copies(52), 'bad_card_code', { cardCode: 52 });
});

test('bad joker options name the field and the value', () => {
  const cases = [
    [{ jokers: 7 }, 'jokers', '7'],
    [{ jokers: -1 }, 'jokers', '-1'],
    [{ joker_lanes: 'greedy' }, 'joker_lanes', 'greedy'],
    [{ joker_lanes: 3 }, 'joker_lanes', '3'],
    [{ jokers_in_specials: 'yes' }, 'jokers_in_specials', 'yes'],
  ];
  for (const [changes, path, value] of cases) {
    const what = JSON.stringify(changes);
    for (const make of [
      () => sss.Rules.preset('classic', changes),
      () => sss.Rules.fromObject(changes),
      () => sss.Rules.fromJSON(JSON.stringify(changes)),
      () => J2.copy(changes),
      () => sss.deal(4, 1, changes),
    ]) {
      const e = throwsCode(make, 'invalid_rules', { path }, what);
      assert.ok(e.message.includes(value), `${what}: ${e.message}`);
    }
  }
  // A failed copy leaves the rule set as it was.
  assert.equal(J2.jokers, 2);
});

test('jokers.json cards: SJ / BJ / 小王 / 大王 and codes 52, 53', () => {
  assert.equal(V.cards.length, 6);
  for (const rec of V.cards) {
    assert.equal(sss.cardCode(rec.text), rec.code, rec.text);
    assert.deepEqual(sss.parseCards(rec.text, J2), [rec.code], rec.text);
    assert.deepEqual(sss.parseCards([rec.text], J2), [rec.code], rec.text);
    assert.equal(sss.formatCards([rec.code], J2), rec.display, rec.text);
    assert.equal(sss.formatCards(Uint8Array.of(rec.code), J2), rec.display, rec.text);
    assert.equal(sss.cardText(rec.code, J2), rec.display, rec.text);
    assert.ok(sss.isJoker(rec.text) && sss.isJoker(rec.code), rec.text);
  }
  assert.equal(sss.formatCards([52, 53, 0], J2), 'SJ BJ 2d');
  assert.equal(sss.formatCards(['小王', 'As', 'bj'], J2), 'SJ As BJ');
  assert.ok(!sss.isJoker('As') && !sss.isJoker(51) && !sss.isJoker(54));
  // A card on its own: its text names a joker; a bare code is a joker only under a rule set
  // that deals jokers.
  throwsCode(() => sss.cardText(52), 'bad_card_code', { cardCode: 52 });
  throwsCode(() => sss.cardText(53, 'classic'), 'bad_card_code', { cardCode: 53 });
  throwsCode(() => sss.cardText(54, { jokers: 6 }), 'bad_card_code', { cardCode: 54 });
  throwsCode(() => sss.cardText(53, { jokers: 1 }), 'joker_not_in_deck', { card: 'BJ', position: 0, jokers: 1 });
  assert.equal(sss.cardText(52, { jokers: 1 }), 'SJ');
  assert.equal(sss.cardText(7, 'hk'), '3s');
});

test('a joker under a rule set without jokers is JokerNotInDeckError', () => {
  const e = throwsCode(() => sss.parseCards('As SJ Kd'), 'joker_not_in_deck', { position: 1, card: 'SJ', jokers: 0 });
  assert.ok(e instanceof sss.JokerNotInDeckError && !(e instanceof sss.DuplicateCardError));
  assert.ok(e.message.includes('joker'), e.message);
  throwsCode(() => sss.formatCards(['As', 'BJ'], 'classic'), 'joker_not_in_deck', { position: 1, card: 'BJ' });
  throwsCode(() => sss.formatCards(['As', '大王'], 'classic'), 'joker_not_in_deck', { position: 1, card: 'BJ' });
  throwsCode(() => sss.evaluate('As Ah Ad Ac SJ'), 'joker_not_in_deck', { card: 'SJ' });
  throwsCode(() => sss.evaluatePlayed(['As', 'Ah', 'SJ']), 'joker_not_in_deck', { card: 'SJ' });
  throwsCode(() => sss.detectSpecial('2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks SJ'), 'joker_not_in_deck', { card: 'SJ' });
  throwsCode(() => new sss.Arrangement('4c 3d 2h / Qs Qh Jd 5c SJ / Ks Kh 9s 9h 3c'), 'joker_not_in_deck', { position: 7 });
  throwsCode(() => sss.checkArrangement('4c 3d 2h / Qs Qh Jd 5c BJ / Ks Kh 9s 9h 3c', { jokers: 1 }), 'joker_not_in_deck', {
    position: 7,
    jokers: 1,
    card: 'BJ',
  });
  throwsCode(() => sss.autoArrange('SJ 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc'), 'joker_not_in_deck', { card: 'SJ' });
  // Codes 52 and 53 under one deck stay bad codes, in every form of a list.
  throwsCode(() => sss.formatCards([0, 52]), 'bad_card_code', { cardCode: 52 });
  throwsCode(() => sss.formatCards(Uint8Array.of(0, 53)), 'bad_card_code', { cardCode: 53 });
  throwsCode(() => sss.evaluate([51, 50, 49, 48, 52]), 'bad_card_code', { cardCode: 52 });
  // BJ under jokers = 1, which deals only the small joker.
  throwsCode(() => sss.parseCards('SJ BJ', { jokers: 1 }), 'joker_not_in_deck', { position: 1, card: 'BJ', jokers: 1 });
  throwsCode(() => sss.evaluate([53, 1, 2], { jokers: 1 }), 'joker_not_in_deck', { position: 0, card: 'BJ' });
});

test('a joker more than the deck deals: DuplicateCardError, TooManyCopiesError', () => {
  // Two jokers are one SJ and one BJ: a third joker repeats one.
  for (const cards of ['SJ BJ SJ', ['SJ', 'BJ', 'SJ'], [52, 53, 52], Uint8Array.of(52, 53, 52), ['小王', 53, 'sj']]) {
    const e = throwsCode(() => sss.parseCards(cards, J2), 'duplicate_card', { position: 2, card: 'SJ' }, String(cards));
    assert.ok(!(e instanceof sss.TooManyCopiesError));
  }
  throwsCode(() => sss.evaluate('SJ BJ SJ', J2), 'duplicate_card', { position: 2 });
  throwsCode(() => sss.evaluate([52, 53, 53], J2), 'duplicate_card', { position: 2, card: 'BJ' });
  const j4 = { jokers: 4 };
  assert.deepEqual(sss.parseCards('SJ SJ BJ BJ', j4), [52, 52, 53, 53]);
  throwsCode(() => sss.parseCards('SJ 2c SJ SJ', j4), 'too_many_copies', { position: 3, copies: 2, card: 'SJ' });
  throwsCode(() => new sss.Arrangement('SJ SJ 2c', '3c 4c 5c 6c SJ', '8d 9d Td Jd Qd', j4), 'too_many_copies', { position: 7 });
  assert.deepEqual(sss.parseCards('SJ SJ SJ', { jokers: 5 }), [52, 52, 52]);
});

test('jokers.json errors', () => {
  assert.ok(V.errors.length >= 10);
  for (const rec of V.errors) {
    const what = JSON.stringify(rec);
    let call;
    if ('rules_json' in rec) call = () => sss.Rules.fromJSON(rec.rules_json);
    else if ('text' in rec) call = () => sss.parseCards(rec.text, RULES.get(rec.rules));
    else call = () => sss.formatCards(rec.codes, RULES.get(rec.rules));
    const fields = {};
    if ('position' in rec) fields.position = rec.position;
    if ('path' in rec) fields.path = rec.path;
    throwsCode(call, rec.kind, fields, what);
    // The same codes as a Uint8Array.
    if ('codes' in rec && rec.codes.every((c) => c < 256)) {
      throwsCode(() => sss.formatCards(Uint8Array.from(rec.codes), RULES.get(rec.rules)), rec.kind, fields, what);
    }
  }
});

test('jokers.json deals: seeded deals and decks with jokers', () => {
  assert.ok(V.deals.length > 0);
  for (const rec of V.deals) {
    const r = RULES.get(rec.rules);
    const what = `${rec.rules} ${rec.players} players seed ${rec.seed}`;
    const hands = sss.deal(rec.players, rec.seed, r);
    assert.deepEqual(hands.map(codes), rec.hands, what);
    const deck = codes(sss.shuffledDeck(rec.seed, r));
    assert.deepEqual(deck.slice(0, 13 * rec.players), rec.hands.flat(), what);
    assert.equal(deck.length, 52 + 13 * r.extraSuits.length + r.jokers, what);
    assert.deepEqual([...deck].sort((a, b) => a - b), codes(sss.deck(r)).sort((a, b) => a - b), what);
  }
  // Jokers reach the hands; the deal is a shuffle of the deck; a joker-free rule set deals as before.
  const six = { jokers: 6 };
  let seen = 0;
  for (let seed = 0; seed < 20; seed++) {
    const deck = sss.shuffledDeck(seed, six);
    assert.deepEqual([...deck].sort(), [...sss.deck(six)].sort());
    const hands = sss.deal(4, seed, six);
    assert.deepEqual(hands.flat(), deck.slice(0, 52));
    seen += hands.flat().filter((c) => sss.isJoker(c)).length;
  }
  assert.ok(seen > 0, 'some jokers dealt');
  throwsCode(() => sss.deal(5, 1, six), 'invalid_table');
  assert.deepEqual(sss.deal(4, 7, { jokers: 0 }), sss.deal(4, 7));
  assert.ok(sss.deal(4, 7).flat().every((c) => !sss.isJoker(c)));
  // An unseeded deal holds the deck's jokers somewhere among the 52 dealt or the 4 left.
  assert.equal(sss.deal(4, undefined, { jokers: 4 }).flat().length, 52);
});

test('jokers.json lanes: values and what each joker stands for, against a brute force', () => {
  assert.ok(V.lanes.length >= 30);
  let brute = 0;
  for (const rec of V.lanes) {
    const r = RULES.get(rec.rules);
    const what = `${rec.rules} ${rec.codes}`;
    const rank = sss.evaluate(rec.codes, r);
    assert.equal(rank.value, rec.value, what);
    assert.equal(rank.category, sss.evaluate(rec.codes, r).category, what);
    assert.equal(rank.category, ['high_card', 'one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush',
      'full_house', 'four_of_a_kind', 'straight_flush', 'five_of_a_kind'][rec.category], what);
    const p = sss.evaluatePlayed(rec.codes, r);
    assert.deepEqual(codes(p.played), rec.played, what);
    assert.deepEqual({ value: p.value, category: p.category, text: p.text }, rank, what);
    assert.ok(p.played.every((c) => !sss.isJoker(c)), what);
    // The naturals are played as they are, in place.
    rec.codes.forEach((c, i) => c < 52 && assert.equal(codes(p.played)[i], c, what));
    if ('text' in rec) {
      assert.deepEqual(sss.parseCards(rec.text, r), rec.codes, what);
      assert.equal(sss.evaluatePlayed(rec.text, r).value, rec.value, what);
    }
    // The played lane, valued without jokers, is worth the lane; and no choice of the jokers'
    // cards is worth more.
    if (maxCopies(rec.played) <= 2) {
      assert.equal(sss.evaluate(rec.played, doubled(r)).value, rec.value, what);
      assert.equal(bruteBest(rec.codes, r), rec.value, `${what}: brute force`);
      brute++;
    }
  }
  assert.ok(brute > 20, `${brute} lanes checked by brute force`);
  const five = sss.evaluatePlayed('As Ah Ad Ac SJ', J2);
  assert.equal(five.category, 'five_of_a_kind');
  assert.deepEqual(five.played.slice(0, 4), ['As', 'Ah', 'Ad', 'Ac']);
  assert.ok(five.played[4].startsWith('A'));
  const trips = sss.evaluatePlayed('SJ BJ 7d', J2);
  assert.equal(trips.category, 'three_of_a_kind');
  assert.deepEqual(trips.played.map((c) => c[0]), ['7', '7', '7']);
  // Three jokers in the front are trips of aces.
  assert.deepEqual(sss.evaluatePlayed([52, 53, 52], { jokers: 4 }).played.map((c) => c[0]), ['A', 'A', 'A']);
  // Without jokers the lane is played as given (and under any rule set).
  assert.deepEqual(sss.evaluatePlayed('As Kd Qh', J2).played, ['As', 'Kd', 'Qh']);
  assert.deepEqual(sss.evaluatePlayed('As Kd Qh').played, ['As', 'Kd', 'Qh']);
  // Random lanes with one or two jokers, against the brute force.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let n = 0; n < 12; n++) {
    const size = n % 3 === 0 ? 3 : 5;
    const jokers = 1 + (n % 2);
    const naturals = new Set();
    while (naturals.size < size - jokers) naturals.add(Math.floor(next() * 52));
    const lane = [...naturals, ...[52, 53].slice(0, jokers)];
    const p = sss.evaluatePlayed(lane, J2);
    if (maxCopies(codes(p.played)) <= 2) {
      assert.equal(sss.evaluate(p.played, doubled(J2)).value, p.value, `random lane ${lane}`);
      assert.equal(bruteBest(lane, J2), p.value, `random lane ${lane}: brute force`);
    }
  }
});

test('jokers.json arrangements: the foul check under both readings, and what the jokers played', () => {
  const readings = new Set();
  for (const rec of V.arrangements) {
    const r = RULES.get(rec.rules);
    readings.add(r.jokerLanes);
    const what = `${rec.rules} ${rec.front} / ${rec.middle} / ${rec.back}`;
    const a = new sss.Arrangement(rec.front, rec.middle, rec.back, r);
    const e = a.evaluate(r);
    assert.equal(e.front_over_middle, rec.front_over_middle, what);
    assert.equal(e.middle_over_back, rec.middle_over_back, what);
    assert.equal(e.is_foul, rec.front_over_middle || rec.middle_over_back, what);
    assert.deepEqual([e.front.value, e.middle.value, e.back.value], rec.values, what);
    const hasJokers = [...rec.front, ...rec.middle, ...rec.back].some((c) => c >= 52);
    assert.equal(a.hasJokers, hasJokers, what);
    const played = a.played(r);
    assert.deepEqual(laneCodes(played), rec.played, what);
    if (hasJokers) assert.deepEqual(e.played, played, what);
    else assert.equal(e.played, undefined, `${what}: no played lanes without jokers`);
    assert.deepEqual(sss.checkArrangement(a, r), e, what);
    assert.deepEqual(sss.checkArrangement([...rec.front, ...rec.middle, ...rec.back], r), e, what);
    assert.deepEqual(sss.checkArrangement(String(a), r), e, what);
    for (const lane of ['front', 'middle', 'back']) assert.ok(played[lane].every((c) => !sss.isJoker(c)), what);
    // Each lane played is worth its value; under each_best each lane is its own best (brute force).
    const plain = doubled(r);
    ['front', 'middle', 'back'].forEach((lane, i) => {
      if (maxCopies(codes(played[lane])) <= 2) assert.equal(sss.evaluate(played[lane], plain).value, rec.values[i], `${what} ${lane}`);
      if (r.jokerLanes === 'each_best' && rec[lane].some((c) => c >= 52) && maxCopies(codes(played[lane])) <= 2) {
        assert.equal(bruteBest(rec[lane], r), rec.values[i], `${what} ${lane}: brute force`);
      }
    });
  }
  assert.deepEqual([...readings].sort(), ['avoid_foul', 'each_best']);
});

test("the foul check under both readings: RULES.md §12's example", () => {
  const lanes = ['4c 3d 2h', 'Qs Qh Jd 5c SJ', 'Ks Kh 9s 9h 3c'];
  const each = sss.checkArrangement({ front: lanes[0], middle: lanes[1], back: lanes[2] }, J2);
  assert.ok(each.is_foul && each.middle_over_back);
  assert.equal(each.middle.category, 'three_of_a_kind');
  assert.deepEqual(each.played.middle.map((c) => c[0]).sort(), ['5', 'J', 'Q', 'Q', 'Q']);
  const avoid = sss.checkArrangement(lanes.join(' / '), AVOID);
  assert.ok(!avoid.is_foul);
  assert.equal(avoid.middle.category, 'two_pair');
  assert.equal(avoid.played.middle.filter((c) => c[0] === 'J').length, 2);
  assert.deepEqual(avoid.played.back, lanes[2].split(' '));
  assert.deepEqual(avoid.played.front, lanes[0].split(' '));
  const a = new sss.Arrangement(...lanes, { jokers: 1 });
  assert.deepEqual(a.evaluate(J2), each);
  assert.deepEqual(a.evaluate(AVOID), avoid);
  assert.notDeepEqual(a.played(J2).middle, a.played(AVOID).middle);
  // Under a rule set that does not deal it, the arrangement's joker is an error.
  throwsCode(() => a.evaluate('classic'), 'joker_not_in_deck', { position: 7, card: 'SJ' });
  throwsCode(() => a.played('classic'), 'joker_not_in_deck', { position: 7 });
  throwsCode(() => new sss.Arranger('classic', 4).expectedWater(a), 'joker_not_in_deck');
  // Without jokers: played is the lanes, and the evaluation has no played lanes.
  const plain = new sss.Arrangement('4c 3d 2h / Qs Qh Jd 5c 5d / Ks Kh 9s 9h 3c');
  assert.deepEqual(plain.played(J2), plain.toJSON());
  assert.equal(plain.evaluate(J2).played, undefined);
  assert.ok(!plain.hasJokers && a.hasJokers);
});

test('jokers.json specials', () => {
  let on = 0;
  for (const rec of V.specials) {
    const r = RULES.get(rec.rules);
    const what = `${rec.rules} ${rec.codes}`;
    const d = sss.detectSpecial(rec.codes, r);
    assert.equal(d.best, rec.best, what);
    assert.deepEqual(d.all, rec.all, what);
    assert.equal(d.arrangement === null ? null : lanesText(d.arrangement), rec.arrangement, what);
    if (r.jokersInSpecials && d.best !== null) on++;
  }
  assert.ok(on > 0, 'vectors of specials made with jokers');
});

test('jokers.json rounds: settled water, and each seat as played', () => {
  assert.ok(V.rounds.length > 0);
  for (const rec of V.rounds) {
    const r = RULES.get(rec.rules);
    const what = `${rec.rules} ${JSON.stringify(rec.seats)}`;
    const s = sss.settle(rec.seats, r);
    assert.deepEqual(s.totals.map((w) => (w.den === 1 ? String(w.num) : `${w.num}/${w.den}`)), rec.totals, what);
    assert.equal(s.units.reduce((a, b) => a + b, 0), 0, what);
    rec.seats.forEach((seat, i) => {
      const e = sss.checkArrangement(seat, r);
      const { played, ...eval_ } = e;
      const lanes = ['front', 'middle', 'back'];
      assert.deepEqual(lanes.map((l) => s.seats[i].eval[l]), lanes.map((l) => eval_[l].value), what);
      assert.equal(s.seats[i].eval.foul.front_over_middle, eval_.front_over_middle, what);
      assert.equal(s.seats[i].eval.foul.middle_over_back, eval_.middle_over_back, what);
      assert.deepEqual(s.seats[i].played, played, `${what}: seat ${i} played`);
      assert.equal(seat.some((c) => c >= 52), played !== undefined, what);
    });
    // The same round from text, from Arrangements and from Uint8Arrays.
    const arrangements = rec.seats.map((seat) => sss.Arrangement.fromCards(seat, r));
    assert.deepEqual(sss.settle(arrangements.map(String), r).totals, s.totals, what);
    assert.deepEqual(sss.settle(arrangements, r).totals, s.totals, what);
    assert.deepEqual(sss.settle(rec.seats.map((x) => Uint8Array.from(x)), r), s, what);
  }
  // A round with a joker under a rule set that deals none names the card and its seat.
  const rec = V.rounds[0];
  const seat = rec.seats.findIndex((x) => x.some((c) => c >= 52));
  const texts = rec.seats.map((x) => String(sss.Arrangement.fromCards(x, RULES.get(rec.rules))));
  const e = throwsCode(() => sss.settle(texts, 'classic'), 'joker_not_in_deck', { jokers: 0 });
  assert.ok(sss.isJoker(e.card) && Math.floor(e.position / 13) === seat, `${e.position}`);
  throwsCode(() => sss.settle(rec.seats, 'classic'), 'bad_card_code', { cardCode: 52 });
  // Under one joker the big joker is not dealt: its position counts across the table.
  const big = rec.seats.findIndex((x) => x.includes(53));
  assert.ok(big > 0, 'the round has a big joker after seat 0');
  throwsCode(() => sss.settle(rec.seats, { jokers: 1 }), 'joker_not_in_deck', {
    card: 'BJ',
    jokers: 1,
    position: 13 * big + rec.seats[big].indexOf(53),
  });
});

test('jokers.json arranged: the arranger plays jokers', () => {
  assert.ok(V.arranged.length > 0);
  const names = new Set();
  for (const rec of V.arranged) {
    const r = RULES.get(rec.rules);
    names.add(r.jokerLanes);
    const what = `${rec.rules} ${rec.codes}`;
    const arranger = new sss.Arranger(r, rec.players);
    const got = arranger.arrange(rec.codes);
    assert.deepEqual(laneCodes(got.arrangement), [rec.front, rec.middle, rec.back], what);
    assert.ok(Math.abs(got.expected_water - rec.expected_water) <= 1e-6, `${what}: ${got.expected_water}`);
    assert.deepEqual(arranger.arrange(sss.formatCards(rec.codes, r)), got, what);
    arranger.free();
  }
  assert.deepEqual([...names].sort(), ['avoid_foul', 'each_best']);
});

for (const name of ['classic_j2', 'classic_j2_avoid']) {
  test(`the arranger never fouls with jokers (${name})`, () => {
    const r = RULES.get(name);
    const arranger = new sss.Arranger(r, 4);
    const hands = [];
    for (let seed = 0; seed < 6 && hands.length < 3; seed++) {
      for (const h of sss.deal(4, seed, r)) if (h.some((c) => sss.isJoker(c)) && hands.length < 3) hands.push(h);
    }
    assert.ok(hands.length > 0);
    for (const hand of hands) {
      const got = arranger.arrange(hand);
      const a = new sss.Arrangement(got.arrangement, undefined, undefined, r);
      assert.deepEqual(codes(a.cards).sort(), codes(hand).sort(), `${hand}`);
      const e = a.evaluate(r);
      assert.ok(!e.is_foul && a.hasJokers && e.played !== undefined, `${hand}`);
      assert.deepEqual([e.front.category, e.middle.category, e.back.category], got.categories, `${hand}`);
      near(arranger.expectedWater(a), got.expected_water, `${hand}`);
      assert.deepEqual(sss.autoArrange(hand, r).arrangement, got.arrangement, `${hand}`);
      const suggestions = arranger.suggest(hand, 3);
      assert.deepEqual(suggestions[0].arrangement, got.arrangement, `${hand}`);
      for (const s of suggestions) {
        assert.deepEqual(codes([...s.arrangement.front, ...s.arrangement.middle, ...s.arrangement.back]).sort(), codes(hand).sort());
        assert.equal(sss.checkArrangement(s.arrangement, r).is_foul, false, `${hand}`);
      }
      // A hand holding a joker makes no special while jokers_in_specials is off.
      assert.equal(sss.detectSpecial(hand, r).best, null);
      assert.equal(arranger.specialAdvice(hand), null);
      // Completing with no lane fixed is arranging.
      assert.deepEqual(arranger.complete(hand).arrangement, got.arrangement);
    }
    throwsCode(() => new sss.Arranger('classic', 4).arrange(hands[0]), 'joker_not_in_deck');
    arranger.free();
  });
}

test('specials with jokers_in_specials, and the advice', () => {
  const room = sss.Rules.preset('classic', { jokers: 2, jokers_in_specials: true });
  assert.equal(room.jokersInSpecials, true);
  // Twelve spades and two jokers: the jokers stand for the missing ranks.
  const hand = '2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs SJ BJ';
  assert.equal(sss.detectSpecial(hand, room).best, 'SD');
  assert.equal(sss.detectSpecial(hand, room.copy({ jokers_in_specials: false })).best, null);
  const ts = 'As 2h SJ 4c 5d 6h 7s 8c 8d 9h Tc Js Qd';
  const d = sss.detectSpecial(ts, room);
  assert.equal(d.best, 'TS');
  const held = [...d.arrangement.front, ...d.arrangement.middle, ...d.arrangement.back];
  assert.ok(held.some((c) => sss.isJoker(c)));
  assert.deepEqual(codes(held).sort(), sss.parseCards(ts, room).sort());
  const advice = new sss.Arranger(room, 4).specialAdvice(ts);
  assert.ok(advice !== null && advice.special === 'TS');
});

test('a rule set without jokers reads and plays as before', () => {
  // Code 52 is refused before and after a joker rule set was used; results carry no joker fields.
  sss.evaluate('As Ah Ad Ac SJ', J2);
  throwsCode(() => sss.evaluate([0, 1, 52]), 'bad_card_code', { cardCode: 52 });
  const e = sss.checkArrangement('4c 3d 2h / Qs Qh Jd 5c 5d / Ks Kh 9s 9h 3c');
  assert.deepEqual(Object.keys(e).sort(), ['back', 'front', 'front_over_middle', 'is_foul', 'middle', 'middle_over_back']);
  const s = sss.settle(sss.deal(4, 3).map((h) => sss.autoArrange(h).arrangement));
  assert.ok(s.seats.every((seat) => !('played' in seat)));
  assert.equal(sss.deck().length, 52);
  assert.equal(sss.cardText(51), 'As');
});

test('lane hints and completing fixed lanes use the jokers', () => {
  const hand = 'Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ';
  const pairs = sss.combos(hand, 'one_pair', J2);
  assert.equal(pairs.length, 8);
  assert.deepEqual(pairs[0].cards, ['Ks', 'Kd']);
  assert.equal(pairs[0].played, undefined, 'a pair without a joker has no played cards');
  assert.deepEqual(pairs[1].cards, ['SJ', 'Qh']);
  assert.deepEqual(pairs[1].played.slice(1), ['Qh']);
  assert.equal(pairs[1].played[0].slice(0, 1), 'Q', 'the joker pairs the queen');
  for (const p of pairs.slice(1)) assert.ok(p.cards.includes('SJ'), p.cards.join(' '));
  const trips = sss.combos(hand, 'three_of_a_kind', J2);
  assert.deepEqual(trips.map((c) => c.cards), [['SJ', 'Ks', 'Kd']]);
  const straights = sss.combos(hand, 'straight', J2);
  assert.equal(straights.length, 2);
  for (const s of straights) assert.deepEqual(s.cards, ['SJ', '9s', '8s', '7s', '6d']);
  const five = sss.combos('As Ah Ac Ad SJ 2c', 'five_of_a_kind', J2);
  assert.deepEqual(five[0].cards, ['SJ', 'As', 'Ah', 'Ac', 'Ad']);
  // A joker under a rule set without jokers is refused.
  throwsCode(() => sss.combos(hand, 'one_pair', sss.Rules.preset('classic')), 'joker_not_in_deck');
  // RULES.md §12's example, completed: no legal arrangement when each lane takes its best,
  // two pair in the middle when the jokers avoid the foul.
  const cards = 'Qs Qh Jd 5c SJ Ks Kh 9s 9h 3c 4c 3d 2h';
  const fixed = { middle: 'Qs Qh Jd 5c SJ', back: 'Ks Kh 9s 9h 3c' };
  assert.throws(() => new sss.Arranger(J2, 4).complete(cards, fixed));
  const done = new sss.Arranger(AVOID, 4).complete(cards, fixed);
  assert.ok(done.arrangement.middle.includes('SJ'));
  assert.equal(sss.checkArrangement(done.arrangement, AVOID).is_foul, false);
});
