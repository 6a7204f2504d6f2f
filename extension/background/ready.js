// The wasm core's init, started by the background's first import: its fetch and compilation
// run while the rest of the background's modules are evaluated and its listeners registered,
// not after. Every handler that needs the core awaits `ready`.
import init from '../common/core.js';

const marked = new Set();
/**
 * Marks a step of the background's start-up on the performance timeline (`uri-list: NAME`, time
 * since the background started), the first time it happens in this background's life: the cold
 * click figures of ./build.sh bench read them (benches/README.md, "Cold start"), as does the
 * browser's performance panel. Once each, so a long-lived background keeps no growing list.
 */
export function startupMark(name) {
  if (marked.has(name)) return;
  marked.add(name);
  performance.mark(`uri-list: ${name}`);
}

startupMark('modules loaded');
export const ready = init();
ready.then(
  () => startupMark('core ready'),
  (error) => console.error('uri-list: the wasm core did not load:', error),
);
