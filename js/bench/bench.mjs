// The npm package's speed in Node, on the workloads of tools/examples/js_peer.rs (the native
// figures of the same run): scripts/bench-js.sh runs both and prints them side by side.
//
//   node bench.mjs            (from a folder where the package is installed)
//
// Prints one JSON object: evaluateMany of all 2,598,960 five-card hands in order (best of 5,
// hands per second), and Arranger#arrange of the hands of 1,000 seeded four-seat deals under
// classic (best of 3, microseconds a hand), and the same through arrangeMany.
import { Arranger, deal, evaluateMany, parseCards } from 'shisanshui';

function allHands() {
  const out = new Uint8Array(2598960 * 5);
  let k = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            out[k++] = a; out[k++] = b; out[k++] = c; out[k++] = d; out[k++] = e;
          }
  return out;
}

function best(n, f) {
  let t = Infinity;
  for (let i = 0; i < n; i++) {
    const s = process.hrtime.bigint();
    f();
    t = Math.min(t, Number(process.hrtime.bigint() - s) / 1e9);
  }
  return t;
}

const hands5 = allHands();
let sink = 0;
const evalSeconds = best(5, () => { sink ^= evaluateMany(hands5, 'classic')[12345]; });

const hands = [];
for (let seed = 0; seed < 1000; seed++) for (const h of deal(4, seed)) hands.push(h);
const codes = new Uint8Array(hands.length * 13);
hands.forEach((h, i) => codes.set(parseCards(h), i * 13));
const arranger = new Arranger('classic', 4);
arranger.arrange(hands[0]);
const arrangeSeconds = best(3, () => { for (const h of hands) sink ^= arranger.arrange(h).arrangement.front.length; });
const manySeconds = best(3, () => { sink ^= arranger.arrangeMany(codes)[0]; });

console.log(JSON.stringify({
  node: process.version,
  eval5_hands_per_second: 2598960 / evalSeconds,
  eval5_ms: evalSeconds * 1e3,
  arrange_us_per_hand: (arrangeSeconds / hands.length) * 1e6,
  arrange_many_us_per_hand: (manySeconds / hands.length) * 1e6,
  hands: hands.length,
  sink,
}));
