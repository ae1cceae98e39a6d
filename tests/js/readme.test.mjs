// README.md's JavaScript example runs exactly as printed and prints what its comments say: the
// first ```js block under a heading that names JavaScript, written verbatim to a .mjs file in
// this folder (where the package is installed) and run with `node`. Each `console.log(...)`
// line ends with `// expected output`; the lines it prints, in order, must be those.
// SSS_README names another README to check (to try this test on a copy).

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { assert, ROOT } from './helpers.mjs';

const README = process.env.SSS_README || join(ROOT, 'README.md');

/** The first ```js (or ```javascript) block under a heading containing "JavaScript". */
export function jsBlock(text) {
  const heading = /^#{1,6}[^\n]*JavaScript[^\n]*$/m.exec(text);
  if (!heading) return { error: `${README} has no heading containing "JavaScript" (the main README's JavaScript section is not written yet)` };
  const rest = text.slice(heading.index + heading[0].length);
  // Within that section: up to the next heading of the same or a higher level.
  const level = /^#+/.exec(heading[0])[0].length;
  const end = new RegExp(`^#{1,${level}} `, 'm').exec(rest);
  const section = end ? rest.slice(0, end.index) : rest;
  const block = /^```(?:js|javascript|mjs)[ \t]*\n([\s\S]*?)^```[ \t]*$/m.exec(section);
  if (!block) return { error: `the section "${heading[0].trim()}" of ${README} has no \`\`\`js block` };
  // The block's first line in the README, for messages.
  const line = text.slice(0, heading.index + heading[0].length + block.index).split('\n').length + 1;
  return { source: block[1], line };
}

/**
 * The claims of a snippet: for each `console.log(` statement, its 1-based line and the text of
 * the `// ...` comment that ends the statement (on the same line, or on its last line when
 * the call spans lines).
 */
export function claims(source) {
  const lines = source.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const at = lines[i].indexOf('console.log(');
    if (at < 0 || /^\s*\/\//.test(lines[i])) continue;
    // Find the line where the call's parentheses close (strings are rare in these calls and
    // balanced when they hold parentheses).
    let depth = 0;
    let last = i;
    for (let j = i, start = at; j < lines.length; j++, start = 0) {
      const code = lines[j].replace(/\/\/.*$/, '');
      for (const ch of code.slice(start)) depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
      last = j;
      if (depth <= 0) break;
    }
    const comment = /\/\/ ?(.*)$/.exec(lines[last]);
    out.push({ line: i + 1, text: comment ? comment[1].trim() : null, source: lines[i].trim() });
  }
  return out;
}

// What the snippet prints, console.log by console.log: the line of the call (from its stack)
// and the text. This module wraps console.log and then imports the snippet's file, unchanged
// (a second run beside the plain \`node file.mjs\`, whose output must be the same).
const TRACER = `
import { writeFileSync } from 'node:fs';
import { format } from 'node:util';
const target = process.env.SSS_SNIPPET_URL;
const calls = [];
const log = console.log;
console.log = (...args) => {
  const frame = (new Error().stack ?? '').split('\\n').find((l) => l.includes(target));
  const m = frame && /:(\\d+):\\d+\\)?$/.exec(frame);
  calls.push({ line: m ? Number(m[1]) : null, text: format(...args) });
  log(...args);
};
process.on('exit', () => writeFileSync(process.env.SSS_SNIPPET_TRACE, JSON.stringify(calls)));
await import(target);
`;

/** Run the JavaScript example of the README at `path` and check what it prints. */
function checkExample(path, stem) {
  const found = jsBlock(readFileSync(path, 'utf8'));
  assert.ok(!found.error, found.error);
  const { source, line } = found;
  const claimed = claims(source);
  assert.ok(claimed.length >= 3, `the JavaScript example (README line ${line}) has ${claimed.length} console.log lines; expected several`);
  for (const c of claimed) {
    assert.ok(c.text, `README line ${line + c.line - 1}: ${c.source} does not end with a // comment saying what it prints`);
  }
  assert.ok(/from ['"]shisanshui['"]/.test(source), 'the example imports the package by its name');

  const dir = process.cwd();
  const file = join(dir, `${stem}-example.mjs`);
  const tracer = join(dir, `${stem}-tracer.mjs`);
  const trace = join(dir, `${stem}-trace.json`);
  writeFileSync(file, source);
  writeFileSync(tracer, TRACER);
  // As a user runs it: `node readme-example.mjs` in a folder with the package installed.
  const run = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' });
  assert.equal(run.status, 0, `the README's JavaScript example failed:\n${run.stdout}${run.stderr}`);
  const traced = spawnSync(process.execPath, [tracer], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, SSS_SNIPPET_URL: pathToFileURL(file).href, SSS_SNIPPET_TRACE: trace },
  });
  assert.equal(traced.status, 0, `the traced run failed:\n${traced.stdout}${traced.stderr}`);
  assert.equal(traced.stdout, run.stdout, 'the traced run printed the same');
  const calls = JSON.parse(readFileSync(trace, 'utf8'));
  // Everything it printed came from console.log, one line per call.
  assert.deepEqual(run.stdout.split('\n').slice(0, -1), calls.flatMap((c) => c.text.split('\n')), 'stdout is the console.log output');
  const byLine = new Map(claimed.map((c) => [c.line, c]));
  for (const [k, call] of calls.entries()) {
    const claim = byLine.get(call.line);
    assert.ok(claim, `output ${k + 1} (${JSON.stringify(call.text)}) came from line ${call.line} of the example, which claims no output`);
    assert.equal(call.text, claim.text, `README line ${line + call.line - 1}: ${claim.source}`);
  }
  // Each claimed line printed once, in the order written.
  assert.deepEqual(calls.map((c) => c.line), claimed.map((c) => c.line), 'each console.log line printed once, in order');
}

test('README.md: the JavaScript example runs as printed and prints what its comments say', () => {
  checkExample(README, 'readme');
});

test("the npm package's README: its example runs as printed and prints what its comments say", () => {
  checkExample(join(ROOT, 'js', 'package', 'README.md'), 'package-readme');
});

test('the README snippet reader: blocks, claims and multi-line calls', () => {
  const text = [
    '# T', '## Python', '```js', 'no', '```', '### JavaScript (npm)', 'Text.', '```sh', 'npm i', '```',
    '```js', "import * as sss from 'shisanshui';", 'console.log(1 + 1); // 2', 'console.log(', '  [1, 2].join(" "),', '); // 1 2',
    '// console.log(3); // not a call', '```', '```js', 'console.log(9); // 9', '```', '## Next',
  ].join('\n');
  const { source, line } = jsBlock(text);
  assert.equal(line, 12);
  assert.deepEqual(claims(source).map(({ line: l, text: t }) => [l, t]), [[2, '2'], [3, '1 2']]);
  assert.ok(jsBlock('# Only Python\n```js\nx\n```\n').error.includes('no heading'));
  assert.ok(jsBlock('## JavaScript\nsoon\n## Next\n```js\nx\n```\n').error.includes('no ```js block'));
});
