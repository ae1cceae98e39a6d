// What the Node tests share: the repository's files, the shared vectors, a counting `assert`,
// and the checks of a thrown error. The tests run from a fresh folder that has the packed
// tarball installed (tests/js/run.sh), so `shisanshui` here is the installed package.

import strict from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as sss from 'shisanshui';

/** The repository (tests/js/run.sh sets SSS_ROOT). */
export const ROOT = process.env.SSS_ROOT;
if (!ROOT) throw new Error('SSS_ROOT is not set: run the tests through tests/js/run.sh');

// Every assertion counts; run.sh sums the counts each test file writes when it exits.
let count = 0;
export const assert = new Proxy(strict, {
  apply(target, self, args) {
    count++;
    return Reflect.apply(target, self, args);
  },
  get(target, key) {
    const v = target[key];
    if (typeof v !== 'function' || key === 'AssertionError') return v;
    return (...args) => {
      count++;
      return v.apply(target, args);
    };
  },
});
const self = basename(process.argv[1] ?? 'unknown');
process.on('exit', () => {
  if (process.env.SSS_COUNTS) appendFileSync(process.env.SSS_COUNTS, `${self} ${count}\n`);
});

/** The text of a repository file. */
export function repoText(path) {
  return readFileSync(`${ROOT}/${path}`, 'utf8');
}

/**
 * One shared vector file, checked for its version. Seeds may exceed 2^53 (deal.json has
 * 2^64 - 1): they are read as BigInt where a number would lose digits.
 */
export function vectors(name) {
  const text = repoText(`tests/vectors/${name}.json`).replace(/"seed"\s*:\s*(\d{16,})/g, '"seed":"$1"');
  const data = JSON.parse(text, (key, value) => (key === 'seed' && typeof value === 'string' ? BigInt(value) : value));
  strict.equal(data.version, 1, `${name}.json version`);
  return data;
}

/** Card codes of card texts (the results' form), without the one-deck copy check. */
export function codes(texts) {
  return texts.map((t) => sss.cardCode(t));
}

/** The lanes of an arrangement object as codes. */
export function laneCodes(a) {
  return [codes(a.front), codes(a.middle), codes(a.back)];
}

/** The categories' JSON names, in the order of the vectors' numbers (0 high card .. 9). */
export const CATEGORIES = [
  'high_card', 'one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush',
  'full_house', 'four_of_a_kind', 'straight_flush', 'five_of_a_kind',
];

/** The CamelCase class name of an error code: `too_many_copies` -> `TooManyCopiesError`. */
export function className(code) {
  return code.split('_').map((p) => p[0].toUpperCase() + p.slice(1)).join('') + 'Error';
}

/**
 * Run `f`, which must throw the engine error `code`: an instance of exactly its class (and so
 * of ShisanshuiError and Error), with `code`, `name` and the given fields.
 */
export function throwsCode(f, code, fields = {}, what = '') {
  let err;
  try {
    f();
  } catch (e) {
    err = e;
  }
  const label = `${what} (expected ${code})`;
  assert.ok(err !== undefined, `${label}: nothing was thrown`);
  assert.ok(err instanceof sss.ShisanshuiError, `${label}: not a ShisanshuiError: ${err}`);
  assert.ok(err instanceof Error, label);
  assert.equal(err.code, code, `${label}: ${err.message}`);
  assert.equal(err.constructor, sss.errorClasses[code], `${label}: class ${err.constructor.name}`);
  assert.equal(err.name, className(code), label);
  for (const [k, v] of Object.entries(fields)) assert.deepEqual(err[k], v, `${label}: ${k}`);
  return err;
}

/** Expected water floats as Python and C# compare them (the vectors round to 9 places). */
export function near(actual, expected, what) {
  assert.equal(typeof actual, 'number', what);
  assert.ok(Math.abs(actual - expected) <= 1e-9, `${what}: ${actual} vs ${expected}`);
}

/** A small deterministic generator (mulberry32) for the random checks. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `k` distinct codes of 0..51 drawn with `next`. */
export function drawCodes(next, k) {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(next() * (52 - i));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.slice(0, k);
}
