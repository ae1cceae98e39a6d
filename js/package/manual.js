// The package without loading anything: call `await init(source, {bigTables, jokerTables})` (or
// `initSync(bytes, {bigTables, jokerTables})`) yourself, for hosts with their own loader (a mini game's
// WebAssembly loader, Cocos Creator's asset pipeline, a CDN of your own).
export * from './index.js';
