// Repeat suppression: the same link from the same tab opens once in a short while; a repeat
// brings back what the first one opened.
import { api } from '../common/api.js';
import { sha256Hex } from './digest.js';

/**
 * How long after a list from a tab opened the same link from the same tab only brings back what
 * it opened. Long enough for what repeats a person's action without their meaning it (a
 * double-click, a held Enter's auto-repeat, a page that bends clicks: 50 clicks in 6 s were seen),
 * short enough that someone who closed the group and wants it again is not kept waiting.
 */
const REPEAT_WINDOW_MS = 10_000;
/** Opens under way or recent, by "tabId how href": `{promise, until}` (`until` is Infinity while opening). */
const recent = new Map();
/** The same, kept in storage.session (a service worker may be stopped and started between two clicks). */
const RECENT_KEY = 'recentOpens';

/**
 * Runs `open()` for `key` unless the same key opened (or is opening) within REPEAT_WINDOW_MS:
 * then what it opened (the first tab of its group, or its preview page) is brought to the front
 * instead, and `{duplicate: true}` returned. What it opened having been closed, it opens again.
 * `stored`: `storedOpen(key)` already under way, if the caller started it.
 */
export async function once(key, open, stored = null) {
  for (const [old, entry] of recent) if (entry.until < Date.now()) recent.delete(old);
  const prior = recent.get(key);
  if (prior) {
    const earlier = await prior.promise.catch(() => null);
    if (earlier && (await bringBack(earlier))) return { duplicate: true, focused: focusOf(earlier) };
  }
  const entry = { until: Infinity };
  entry.promise = (async () => {
    const before = prior ? null : await (stored ?? storedOpen(key));
    if (before && (await bringBack(before))) return { duplicate: true, focused: focusOf(before) };
    return open();
  })();
  recent.set(key, entry);
  try {
    const result = await entry.promise;
    entry.until = Date.now() + REPEAT_WINDOW_MS;
    if (focusOf(result)) await storeOpen(key, result, entry.until);
    return result;
  } catch (error) {
    recent.delete(key);
    throw error;
  }
}

/** The tab to bring back for what `result` opened (`{tabId, windowId}`), or null. */
function focusOf(result) {
  if (result?.focused) return result.focused;
  if (Number.isInteger(result?.previewTabId)) return { tabId: result.previewTabId, windowId: result.windowId };
  if (Number.isInteger(result?.tabIds?.[0])) return { tabId: result.tabIds[0], windowId: result.windowId };
  return null;
}

/** Selects that tab and focuses its window; false when it is gone. */
async function bringBack(result) {
  const focus = focusOf(result);
  if (!focus) return false;
  try {
    const tab = await api.tabs.update(focus.tabId, { active: true });
    await api.windows.update(tab.windowId, { focused: true });
    return true;
  } catch {
    return false; // closed meanwhile: open again
  }
}

/** What `key` opened within REPEAT_WINDOW_MS as storage.session has it (a restarted background), or null. */
export async function storedOpen(key) {
  const [{ [RECENT_KEY]: stored }, hash] = await Promise.all([api.storage.session.get(RECENT_KEY), sha256Hex(key)]);
  const entry = stored?.[hash];
  return entry && entry.until > Date.now() ? { focused: entry.focused } : null;
}

/** Notes what `key` opened; a failure to note it costs only the memory of it across a restart. */
async function storeOpen(key, result, until) {
  try {
    const { [RECENT_KEY]: stored } = await api.storage.session.get(RECENT_KEY);
    const kept = Object.fromEntries(Object.entries(stored ?? {}).filter(([, entry]) => entry.until > Date.now()));
    await api.storage.session.set({ [RECENT_KEY]: { ...kept, [await sha256Hex(key)]: { focused: focusOf(result), until } } });
  } catch (error) {
    console.warn('uri-list: what opened could not be noted for a restart of the background:', error?.message ?? error);
  }
}
