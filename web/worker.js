// The web page's reader (web.js starts it as a dedicated module worker): the wasm core's calls on
// the list in the page's fragment run here, off the page's main thread, so that a long list (a
// 2 MB fragment takes the core seconds to check) never keeps the tab from answering input or
// painting. The page sends the wasm as a compiled `WebAssembly.Module` (the page preloads it and
// compiles it while it downloads), then its requests; the answers stream back, each a message and so a task of its own in the page:
//
//   {id, kind: 'render', fragment, href, first, chunk, most, maxSites, maxLines}
//     -> {id, kind: 'head', head}          checkAll(fragment, first): the first rows, at once
//     -> {id, kind: 'report', warnings, lists, total, plan, ...summary}
//                                          the whole check's list-level parts; the plan when the
//                                          list has `most` items or fewer (else null); what the
//                                          page shows of the rest (`summary` below)
//     -> {id, kind: 'items', items} ...    its first `most` items, `chunk` at a time, in order
//     -> {id, kind: 'done'}
//     -> {id, kind: 'text', text}          the text/uri-list form, for "Copy as text/uri-list"
//   {id, kind: 'text', link} -> {id, kind: 'text', text}
//   any failure -> {id, kind: 'error', error}
//
// Errors cross as plain objects `{name, message, code, args}`: the core's errors carry the
// message's `code` and `args` (wasm/src/lib.rs), which a cloned Error would lose.
// .ci/web.mjs bundles this file with the wasm's JavaScript glue into dist/web/worker.js.
import init, { checkAll, plan, toText } from './pkg/uri_list.js';

/** The core, once the page has sent the compiled wasm (requests may come before it). */
let give;
const ready = new Promise((resolve) => (give = resolve)).then((module) => init({ module_or_path: module }));

/** An error as the page can read it: the core's message code and arguments kept. */
function plain(error) {
  if (error === null || typeof error !== 'object') return { message: String(error) };
  return { name: String(error.name ?? 'Error'), message: String(error.message ?? error), code: error.code, args: error.args };
}

/**
 * What the page shows of a whole list besides its rows, made here so that the page's work stays
 * bounded by the rows it draws: the openable pages without an alert after the first `most` items
 * (the rows drawn push their own, with a box), how many pages there are in all, the sites of openable pages (the first `maxSites`, in order, and how many),
 * and, for a list not planned, the items' own warnings, each once (the check pairs lookalikes
 * across the whole list): the first `maxLines` alerts and other notes, and how many of each.
 */
function summary(items, { most, maxSites, maxLines }, planned) {
  const pages = [];
  let openable = 0;
  const sites = new Map();
  const notes = { look: new Map(), notes: new Map() };
  items.forEach((entry, n) => {
    if (entry.class === 'openable') {
      openable += 1;
      // Past the rows drawn, which have boxes: only the pages without an alert are ticked.
      if (n >= most && !(entry.notes ?? []).some((note) => note.alert)) pages.push(entry.item);
      if (entry.site && !sites.has(entry.site)) sites.set(entry.site, entry.siteUnicode);
    }
    if (planned) return;
    for (const note of entry.notes ?? []) {
      const box = note.alert ? notes.look : notes.notes;
      const key = JSON.stringify([note.code, note.args, note.message]);
      if (!box.has(key)) box.set(key, box.size < maxLines ? note : null);
    }
  });
  const first = (map, count) => [...map.values()].slice(0, count);
  return {
    pages,
    openable,
    sites: [...sites].slice(0, maxSites),
    siteCount: sites.size,
    look: first(notes.look, maxLines),
    lookCount: notes.look.size,
    notes: first(notes.notes, maxLines),
    noteCount: notes.notes.size,
  };
}

function render(request) {
  const { id, fragment, href, first, chunk, most } = request;
  let head;
  try {
    head = checkAll(fragment, first);
  } catch {
    // Why there is no list: the core reads the whole address as browsers give it
    // (src/syntax/web_link.rs) and says why (this throws then, with that reason).
    head = checkAll(href, first);
  }
  postMessage({ id, kind: 'head', head });
  // A list of at most `first` items: the bounded check was the whole one (the same answer).
  const report = head.unchecked ? checkAll(fragment) : head;
  const total = report.items.length;
  // The plan of a longer list is not made (the plan of a 2 MB list took seconds in one call).
  const planned = total <= most ? plan(fragment, { limit: Number.MAX_SAFE_INTEGER }) : null;
  postMessage({ id, kind: 'report', warnings: report.warnings, lists: report.lists, total, plan: planned, ...summary(report.items, request, planned) });
  const drawn = Math.min(total, most);
  for (let from = 0; from < drawn; from += chunk) postMessage({ id, kind: 'items', items: report.items.slice(from, Math.min(drawn, from + chunk)) });
  postMessage({ id, kind: 'done' });
  postMessage({ id, kind: 'text', text: toText(fragment) });
}

addEventListener('message', ({ data }) => {
  if (data.wasm) {
    give(data.wasm);
    return;
  }
  const { id } = data;
  ready
    .then(() => (data.kind === 'render' ? render(data) : postMessage({ id, kind: 'text', text: toText(data.link) })))
    .catch((error) => postMessage({ id, kind: 'error', error: plain(error) }));
});
