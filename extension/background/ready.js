// The wasm core's init, started by the background's first import: its fetch and compilation
// run while the rest of the background's modules are evaluated and its listeners registered,
// not after. Every handler that needs the core awaits `ready`.
import init from '../common/core.js';

export const ready = init();
ready.catch((error) => console.error('uri-list: the wasm core did not load:', error));
