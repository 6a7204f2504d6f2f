// The JavaScript half of src/wasm.rs: the two helpers its `decode` calls.
//
// wasm-bindgen ships this file with the package (snippets/…/src/wasm.js) and
// the package's own `decode` calls into it, so callers see one function. It
// exists for speed: the link goes into the module's memory with one
// `TextEncoder.encodeInto`, and the result object is built here from a table
// of item spans in the module's memory, so that no item crosses the boundary
// on its own.

const encoder = new TextEncoder();

/** In the span table, the bit that marks a span in `decoded` rather than in the link. */
const DECODED = 2 ** 31;

/**
 * Writes `link` as UTF-8 into the module's `memory` at `ptr` (room for `room`
 * bytes, three per UTF-16 unit: always enough) and returns how many bytes it
 * wrote.
 */
export function copyIn(link, memory, ptr, room) {
  return encoder.encodeInto(link, new Uint8Array(memory.buffer, ptr, room)).written;
}

/**
 * The object `decode()` returns, from the span table at `ptr` in `memory` and
 * `text`: the text of every item that does not stand unchanged in the link,
 * then, from index `split`, the result with `items: null` as JSON. The table
 * holds, for each of `count` items, its start and end (UTF-16 indices) in
 * `link`, or, with the DECODED bit set on its start, in `text`.
 */
export function build(link, memory, ptr, count, text, split) {
  const out = JSON.parse(text.slice(split));
  const spans = new Uint32Array(memory.buffer, ptr, 2 * count);
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = spans[2 * i];
    const end = spans[2 * i + 1];
    items[i] = start < DECODED ? link.slice(start, end) : text.slice(start - DECODED, end);
  }
  out.items = items;
  return out;
}
