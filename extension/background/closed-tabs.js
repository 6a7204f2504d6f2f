// Tabs closing. `tabs.onRemoved` takes no filter: a listener to it that is there when the
// background stops is one the browser starts it again for (and loads the wasm core with) at every
// tab closed anywhere. So the background's one listener is there only while a feature keeps
// something by tab (a preview page's list, a tab with a multilink page), never registered as the
// background starts; each feature forgets, the next time it looks, what a tab closed while nobody
// listened had left (the tabs that exist then).
import { api } from '../common/api.js';

/** What each feature forgets when a tab closes, by name: `forget(tabId)`. */
const forgetters = new Map();
/** The features that keep something by tab now. */
const keeping = new Set();
/** The listener registered while one does (counted by background.js: `countClosedTabs`). */
let listener = closed;
let listening = false;

function closed(tabId) {
  return Promise.all(
    [...keeping].map((name) =>
      Promise.resolve()
        .then(() => forgetters.get(name)(tabId))
        .catch((error) => console.warn(`uri-list: what a closed tab left (${name}) is forgotten later:`, error?.message ?? error)),
    ),
  );
}

/** The listener, wrapped by `counted` (background.js: what the background receives is counted). */
export function countClosedTabs(counted) {
  if (listening) api.tabs.onRemoved.removeListener(listener);
  listener = counted('tabs.onRemoved', closed);
  if (listening) api.tabs.onRemoved.addListener(listener);
}

/**
 * Registers feature `name`'s `forget(tabId)`, run when a tab closes while the feature keeps
 * something by tab; returns `keep(on)`, which the feature calls when it starts (`true`) or stops
 * (`false`) keeping anything.
 */
export function forgetOnClose(name, forget) {
  forgetters.set(name, forget);
  return (on) => {
    if (on) keeping.add(name);
    else keeping.delete(name);
    const listen = keeping.size > 0;
    if (listen === listening) return;
    listening = listen;
    if (listen) api.tabs.onRemoved.addListener(listener);
    else api.tabs.onRemoved.removeListener(listener);
  };
}

/** The ids of the tabs open now, in every window. */
export async function openTabIds() {
  return new Set((await api.tabs.query({})).map((tab) => tab.id));
}
