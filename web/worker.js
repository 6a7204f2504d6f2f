// The web page's reader (web.js starts it as a dedicated module worker): the wasm core's calls on
// the list in the page's fragment run here, off the page's main thread, so that a long list (a
// 2 MB fragment takes the core seconds to check) never keeps the tab from answering input or
// painting. The page sends the wasm's bytes (fetched by the page, which preloads them), then its
// requests; the answers stream back, each a message and so a task of its own in the page:
//
//   {id, kind: 'render', fragment, href, first, chunk, most}
//     -> {id, kind: 'head', head}          checkAll(fragment, first): the first rows, at once
//     -> {id, kind: 'report', warnings, lists, total, plan}
//                                          the whole check's list-level parts; the plan when the
//                                          list has `most` items or fewer (else null)
//     -> {id, kind: 'items', items} ...    its items, `chunk` at a time, in order
//     -> {id, kind: 'done'}
//     -> {id, kind: 'text', text}          the text/uri-list form, for "Copy as text/uri-list"
//   {id, kind: 'text', link} -> {id, kind: 'text', text}
//   any failure -> {id, kind: 'error', error}
//
// Errors cross as plain objects `{name, message, code, args}`: the core's errors carry the
// message's `code` and `args` (src/js/wasm.rs), which a cloned Error would lose.
// .ci/web.mjs bundles this file with the wasm's JavaScript glue into dist/web/worker.js.
import init, { checkAll, plan, toText } from './pkg/uri_list.js';

/** The core, once the page has sent the wasm's bytes (requests may come before them). */
let give;
const ready = new Promise((resolve) => (give = resolve)).then((bytes) => init({ module_or_path: bytes }));

/** An error as the page can read it: the core's message code and arguments kept. */
function plain(error) {
  if (error === null || typeof error !== 'object') return { message: String(error) };
  return { name: String(error.name ?? 'Error'), message: String(error.message ?? error), code: error.code, args: error.args };
}

function render({ id, fragment, href, first, chunk, most }) {
  let head;
  try {
    head = checkAll(fragment, first);
  } catch {
    // Why there is no list: the core reads the whole address as browsers give it
    // (src/syntax/web_link.rs) and says why (this throws then, with that reason).
    head = checkAll(href, first);
  }
  postMessage({ id, kind: 'head', head });
  const report = checkAll(fragment);
  const total = report.items.length;
  // The plan of a longer list is not made (the plan of a 2 MB list took seconds in one call).
  const planned = total <= most ? plan(fragment, { limit: Number.MAX_SAFE_INTEGER }) : null;
  postMessage({ id, kind: 'report', warnings: report.warnings, lists: report.lists, total, plan: planned });
  for (let from = 0; from < total; from += chunk) postMessage({ id, kind: 'items', items: report.items.slice(from, from + chunk) });
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
