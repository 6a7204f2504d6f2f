// The JavaScript half of src/lib.rs: the helpers its `decode`, `check`,
// `checkAll` and `plan` call.
//
// wasm-bindgen ships this file with the package (snippets/…/src/wasm.js) and
// the package's own functions call into it, so callers see one function each.
// It exists for speed: the link goes into the module's memory with one
// `TextEncoder.encodeInto`, and the result object is built here from a table
// of item spans in the module's memory, so that no item crosses the boundary
// on its own. Each call from the wasm into JS has a cost of its own (more in
// Firefox than in Chromium): a call of `decode` makes three; `check`,
// `checkAll` and `plan` make one a batch of 4 096 rows, and two more.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The module's memory (a `WebAssembly.Memory`), handed over once by the first
 * call that needs it: passing it on every call is one more call into JS.
 */
let memory = null;

/**
 * The numbers of the tables in that memory, as src/lib.rs declares them (its
 * `Layout`): `decoded`, the bit of a span in `text` rather than in the link;
 * `none`, a span or value that is absent; the kinds of row, their `widths`
 * in u32s, the `columns` of a check row, the `classes` by number.
 */
let layout = null;

/** Keeps the module's memory and its tables' layout, for `copyIn`, `build` and `rows`. */
export function setMemory(m, l) {
  memory = m;
  layout = l;
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
  const { decoded: DECODED, none: NONE } = layout;
  const text = textLen === 0 ? '' : decoder.decode(new Uint8Array(memory.buffer, textPtr, textLen));
  const spans = new Uint32Array(memory.buffer, ptr, 2 * count + 4 + 4 * optionCount);
  const at = (k) => (spans[k] === NONE ? null : text.slice(spans[k], spans[k + 1]));
  const options = new Array(optionCount);
  for (let i = 0, k = 2 * count + 4; i < optionCount; i++, k += 4) options[i] = [at(k), at(k + 2)];
  const out = { items: null, title: at(2 * count), type: at(2 * count + 2), options, fragment: rest?.fragment ?? null, warnings: rest?.warnings ?? [] };
  if (rest?.lists) out.lists = rest.lists;
  if (rest?.pageTitles) out.pageTitles = rest.pageTitles;
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = spans[2 * i];
    const end = spans[2 * i + 1];
    items[i] = start < DECODED ? link.slice(start, end) : text.slice(start - DECODED, end);
  }
  out.items = items;
  return out;
}

// --- The results of check, checkAll and plan (src/lib.rs, `Table`) -----------------------------
//
// Their rows come as a table of u32 in the module's memory, in batches, their
// strings as spans (UTF-16 indices) of one UTF-8 text a batch, and each
// distinct message or array of notes once, as an object made by
// serde-wasm-bindgen (`values`). Each row gets objects of its own: a copy of
// its values, so that changing one row's reason changes no other row.

/** The result in progress: its rows (or skipped items), its URLs and their page titles, its duplicates, its values (1 on; 0 is none). */
let rowsSoFar = [];
let urlsSoFar = [];
let titlesSoFar = [];
let duplicatesSoFar = [];
let values = [null];

/** A copy of a value made by serde-wasm-bindgen: plain objects, arrays, strings, numbers, booleans. */
function copy(v) {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const a = new Array(v.length);
    for (let i = 0; i < v.length; i++) a[i] = copy(v[i]);
    return a;
  }
  const o = {};
  for (const k in v) o[k] = copy(v[k]);
  return o;
}

/** Starts a result. */
export function begin() {
  rowsSoFar = [];
  urlsSoFar = [];
  titlesSoFar = [];
  duplicatesSoFar = [];
  values = [null];
}

/**
 * Adds `count` rows of `kind` from the table at `ptr`; their strings are
 * spans of the `textLen` bytes of UTF-8 at `textPtr` (NONE for null). `fresh`
 * is the values new since the last batch, or undefined.
 */
export function rows(kind, ptr, count, textPtr, textLen, fresh) {
  if (fresh !== undefined) for (const v of fresh) values.push(v);
  const { none: NONE, checkAll: CHECK_ALL, skipped: SKIPPED, duplicate: DUPLICATE, check: CHECK, classes: CLASSES } = layout;
  const text = textLen === 0 ? '' : decoder.decode(new Uint8Array(memory.buffer, textPtr, textLen));
  const width = layout.widths[kind];
  const t = new Uint32Array(memory.buffer, ptr, width * count);
  const at = (k) => (t[k] === NONE ? null : text.slice(t[k], t[k + 1]));
  if (kind === SKIPPED) {
    for (let k = 0; k < t.length; k += width) rowsSoFar.push({ item: text.slice(t[k], t[k + 1]), reason: copy(values[t[k + 2]]) });
    return;
  }
  if (kind === DUPLICATE) {
    for (let k = 0; k < t.length; k += width) duplicatesSoFar.push({ item: text.slice(t[k], t[k + 1]), reason: copy(values[t[k + 2]]), entry: t[k + 3] });
    return;
  }
  if (kind !== CHECK && kind !== CHECK_ALL) {
    for (let k = 0; k < t.length; k += width) {
      urlsSoFar.push(text.slice(t[k], t[k + 1]));
      titlesSoFar.push(at(k + 2));
    }
    return;
  }
  const c = layout.columns;
  const [cItem, cSite, cUnicode, cUser, cClass, cReason, cNotes, cTitle] = [c.item, c.site, c.siteUnicode, c.userinfo, c.class, c.reason, c.notes, c.pageTitle];
  for (let k = 0; k < t.length; k += width) {
    const site = at(k + cSite);
    const siteUnicode = t[k + cUnicode] === t[k + cSite] && t[k + cUnicode + 1] === t[k + cSite + 1] ? site : at(k + cUnicode);
    const reason = t[k + cReason] === 0 ? null : copy(values[t[k + cReason]]);
    const notes = t[k + cNotes] === 0 ? [] : copy(values[t[k + cNotes]]);
    const item = text.slice(t[k + cItem], t[k + cItem + 1]);
    const cls = CLASSES[t[k + cClass]];
    const userinfo = at(k + cUser);
    const row = { item, class: cls, site, siteUnicode, userinfo, reason, notes };
    if (t[k + cTitle] !== NONE) row.pageTitle = at(k + cTitle);
    if (kind === CHECK_ALL) {
      row.depth = t[k + c.depth];
      row.list = t[k + c.list];
      if (t[k + c.nested] !== NONE) row.nested = t[k + c.nested];
    }
    rowsSoFar.push(row);
  }
}

/** `check`'s or `checkAll`'s result: the rows, then the fields of `rest` (`{lists?, title, type, warnings}`). */
export function finishCheck(rest) {
  const out = { items: rowsSoFar, ...rest };
  begin();
  return out;
}

/** `plan`'s result: `head` with each group's URLs and their titles (their number in `head`), the skipped items and the duplicates. */
export function finishPlan(head) {
  let n = 0;
  for (const group of head.groups) {
    group.titles = titlesSoFar.slice(n, n + group.urls);
    group.urls = urlsSoFar.slice(n, n + group.urls);
    n += group.urls.length;
  }
  const out = { mode: head.mode, pages: head.pages, groups: head.groups, skipped: rowsSoFar, duplicates: duplicatesSoFar, preview: head.preview, notes: head.notes, title: head.title, warnings: head.warnings };
  begin();
  return out;
}
