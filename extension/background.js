// The background: a module service worker in Chrome, a module background script in Firefox.
//
// Start-up is "import, start init, register listeners": a service worker may be stopped and
// restarted at any time, forbids top-level await and dynamic import(), and only sees events
// whose listeners were registered synchronously at start-up. So the wasm core is imported
// statically, its init is started once here, and every handler awaits it.
import init from './pkg/uri_list.js';
import { api } from './lib/api.js';
import { planOpen } from './lib/plan.js';
import { openAsGroup } from './lib/tabs.js';

const ready = init();
ready.catch((error) => console.error('uri-list: the wasm core did not load:', error));

/** Message handlers by `type`. Each gets the message and the (already checked) sender. */
const handlers = {
  /** A person activated a uri-list link in a page: open its items next to that tab, as one named group. */
  async open({ href, text, active }, sender) {
    if (!sender.tab) throw new Error('open: the message did not come from a tab');
    await ready;
    const plan = planOpen(String(href), String(text ?? ''));
    const opened = await openAsGroup(plan.urls, { tab: sender.tab, title: plan.title, active: active !== false });
    for (const { url, message } of opened.failures) console.error(`uri-list: could not open ${url}: ${message}`);
    return { ...opened, title: plan.title, skipped: plan.skipped };
  },
};

/** Requests come only from this extension: its content scripts (in a tab) or its own pages. */
function isOwnSender(sender) {
  if (sender.id !== api.runtime.id) return false;
  return Boolean(sender.tab) || String(sender.url ?? '').startsWith(api.runtime.getURL(''));
}

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const type = message?.type;
  if (!isOwnSender(sender) || typeof type !== 'string' || !Object.hasOwn(handlers, type)) return false;
  handlers[type](message, sender).then(
    (result) => sendResponse({ ok: true, result }),
    (error) => {
      console.error(`uri-list: ${type} failed:`, error);
      sendResponse({ ok: false, error: String(error?.message ?? error) });
    },
  );
  return true; // the answer is sent asynchronously
});
