// The package in browsers and bundlers: the WebAssembly module and the big tables' fields are
// fetched beside this file (bundlers that understand `new URL(..., import.meta.url)` — Vite,
// webpack 5, Rollup with its URL plugin, esbuild with a file loader — copy them as assets).
import { init } from './index.js';

await init(new URL('./wasm/shisanshui_bg.wasm', import.meta.url), {
  bigTables: new URL('./wasm/model_tables_big.bin.lzma', import.meta.url),
  jokerTables: new URL('./wasm/model_tables_jokers.bin.lzma', import.meta.url),
});

export * from './index.js';
