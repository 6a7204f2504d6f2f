// The JavaScript half of src/js/wasm.rs: the helpers its `decode` calls.
//
// wasm-bindgen ships this file with the package (snippets/…/src/js/wasm.js) and
// the package's own `decode` calls into it, so callers see one function. It
// exists for speed: the link goes into the module's memory with one
// `TextEncoder.encodeInto`, and the result object is built here from a table
// of item spans in the module's memory, so that no item crosses the boundary
// on its own. Each call from the wasm into JS has a cost of its own (more in
// Firefox than in Chromium): a call of `decode` makes three.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** In the span table, the bit that marks a span in `text` rather than in the link. */
const DECODED = 2 ** 31;

/**
 * The module's memory (a `WebAssembly.Memory`), handed over once by the first
 * `decode`: passing it on every call is one more call into JS.
 */
let memory = null;

/** Keeps the module's memory for `copyIn` and `build`. */
export function setMemory(m) {
  memory = m;
}

/**
 * What `decode(link, opts)` needs to know before it reads the link, in one
 * call: -1 when `link` is not a string, else twice its length (in UTF-16
 * units), plus 1 for `{strict: true}` (any truthy `strict` of an object;
 * a getter that throws counts as false).
 */
export function readInput(link, opts) {
  if (typeof link !== 'string') return -1;
  let strict = false;
  if (typeof opts === 'object' && opts !== null) {
    try {
      strict = !!opts.strict;
    } catch {
      strict = false;
    }
  }
  return 2 * link.length + (strict ? 1 : 0);
}

/**
 * Writes `link` as UTF-8 into the module's memory at `ptr` (room for `room`
 * bytes) and returns how many bytes it wrote, or -1 when it did not fit.
 */
export function copyIn(link, ptr, room) {
  const { read, written } = encoder.encodeInto(link, new Uint8Array(memory.buffer, ptr, room));
  return read === link.length ? written : -1;
}

/** In the span table after the items, the span of a title or type the list does not have. */
const NONE = 2 ** 32 - 1;

/**
 * The object `decode()` returns. `text` is the `textLen` bytes of UTF-8 at
 * `textPtr`: the text of every item that does not stand unchanged in the
 * link, then the keys and values of the `optionCount` options. `rest` is
 * `{fragment, warnings, lists?}`, made by serde-wasm-bindgen, or undefined
 * when the link has none of them (most links).
 *
 * The span table at `ptr` holds, for each of `count` items, its start and
 * end (UTF-16 indices) in `link`, or, with the DECODED bit set on its start,
 * in `text`; then the spans in `text` of the title, of the type (NONE for
 * none), and of each option's key and value.
 */
export function build(link, ptr, count, textPtr, textLen, optionCount, rest) {
  const text = textLen === 0 ? '' : decoder.decode(new Uint8Array(memory.buffer, textPtr, textLen));
  const spans = new Uint32Array(memory.buffer, ptr, 2 * count + 4 + 4 * optionCount);
  const at = (k) => (spans[k] === NONE ? null : text.slice(spans[k], spans[k + 1]));
  const options = new Array(optionCount);
  for (let i = 0, k = 2 * count + 4; i < optionCount; i++, k += 4) options[i] = [at(k), at(k + 2)];
  const out = { items: null, title: at(2 * count), type: at(2 * count + 2), options, fragment: rest?.fragment ?? null, warnings: rest?.warnings ?? [] };
  if (rest?.lists) out.lists = rest.lists;
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = spans[2 * i];
    const end = spans[2 * i + 1];
    items[i] = start < DECODED ? link.slice(start, end) : text.slice(start - DECODED, end);
  }
  out.items = items;
  return out;
}
