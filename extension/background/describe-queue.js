// The hover tooltip's requests (content/hover.js asks `describeLink`), answered by
// common/describe.js one at a time, after every other request.
import { describeLink } from '../common/describe.js';
import { listWords, validText } from '../common/link.js';
import { currentSettings } from './settings.js';

// --- one request at a time ----------------------------------------------------------------------
//
// The wasm core runs on the background's one thread: while it reads a link for a tooltip, no
// other message is answered. So each tab has at most one request waiting (a newer one replaces
// it: the tooltip shows only the link under the pointer now), requests are answered one at a
// time, each in a task of its own, and only while no other request (a click's open, the popup's)
// is being handled: those come first, whatever a page asks for.

/** The request waiting per tab: `{href, text, resolve}`. */
const waiting = new Map();
let running = false;
/** Other requests being handled now, and what waits for them to be done. */
let others = 0;
let othersDone = null;

/** What a request that a newer one from its tab replaced gets: nothing to show. */
const REPLACED = Object.freeze({ replaced: true });

/** A promise and the function that resolves it. */
function deferred() {
  /** @type {(value?: any) => void} */
  let resolve = () => {};
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Notes that another request is being handled, until the promise it returns settles. */
export function handlingOther(promise) {
  others += 1;
  return promise.finally(() => {
    others -= 1;
    if (others === 0 && othersDone) {
      othersDone.resolve();
      othersDone = null;
    }
  });
}

/** After every other request being handled now, and a task later (so that one that just came is handled first). */
async function othersFirst() {
  do {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (others > 0) {
      othersDone ??= deferred();
      await othersDone.promise;
    }
  } while (others > 0);
}

async function run() {
  if (running) return;
  running = true;
  try {
    while (waiting.size > 0) {
      await othersFirst();
      const [tab, request] = waiting.entries().next().value;
      waiting.delete(tab);
      // The link's words read as a click reads them (open.js openLink): the same name checked.
      const settings = /** @type {any} */ (await currentSettings().catch(() => ({})));
      request.resolve(describeLink(request.href, listWords(validText(request.text), settings.webBase ?? '')));
    }
  } finally {
    running = false;
  }
}

/** `describeLink(href, text)` for the tab `tab`, in turn (see above). */
function describeInTurn(tab, href, text) {
  const { promise, resolve } = deferred();
  waiting.get(tab)?.resolve(REPLACED);
  waiting.delete(tab); // the newest goes last
  waiting.set(tab, { href, text, resolve });
  run();
  return promise;
}

/** Message handlers (background.js puts them in its one onMessage listener). */
export const describeMessages = {
  /** The content script's hover tooltip asks what a link holds. */
  /** @param {{href: string, text?: string}} request the link, and its words in the page */
  async describeLink({ href, text = '' }, sender) {
    if (typeof href !== 'string') throw new Error('describeLink: no link');
    return describeInTurn(sender.tab?.id ?? -1, href, typeof text === 'string' ? text : '');
  },
};
