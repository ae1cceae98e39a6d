// The package in Node (>= 18): the WebAssembly module and the big tables' fields are read from
// the package folder when this module is imported.
import { readFileSync } from 'node:fs';
import { initSync } from './index.js';

initSync(readFileSync(new URL('./wasm/shisanshui_bg.wasm', import.meta.url)), {
  bigTables: readFileSync(new URL('./wasm/model_tables_big.bin.lzma', import.meta.url)),
  jokerTables: readFileSync(new URL('./wasm/model_tables_jokers.bin.lzma', import.meta.url)),
});

export * from './index.js';
