// Lazy loading (the Multilinks explainer: don't load pages until they are looked at): tabs
// created unloaded, each loading when it is selected. The two browsers differ:
//
// - Firefox creates a tab unloaded itself: `tabs.create({discarded: true, title})`. The tab has
//   its real URL from the start, and nothing is fetched until it is selected.
// - Chrome's `tabs.create` has no `discarded`, and a tab discarded (`tabs.discard`) before its
//   page has committed loses its URL (it comes back as ""); one discarded later has already sent
//   its request. So Chrome's unloaded tab shows the extension's placeholder page
//   (lazy/lazy.html?url=URL&title=TITLE): a local page, no request to the site, the title set,
//   and on being selected it replaces itself with the real page. Share reads the real URL back
//   from it (`realUrl`), and its title (`placeholderTitle`).
//
// The title is the sender's for the page when the plan carries one (src/plan.rs `Group.titles`:
// the list's `page-titles`, cleaned, and left out by the core where it names another site than
// the page's), else the page's address (`unloadedTitle`). The page's own title replaces it when
// the page loads.
import { api } from '../common/api.js';
import { createsDiscardedTabs } from '../common/capabilities.js';
import { placeholderUrl, unloadedTitle } from '../common/placeholder.js';

/**
 * Creates a tab for `url` that does not load it until it is selected. `properties` are
 * `tabs.create`'s other properties (window, index, opener, container); the tab is never active
 * (Firefox refuses a discarded active tab, and an active tab is one being looked at). `sent`:
 * the sender's title for the page, as the plan carries it (null or absent for none).
 *
 * @param {string} url
 * @param {object} properties
 * @param {string|null} [sent]
 */
export function createUnloaded(url, properties, sent = null) {
  const title = sent || unloadedTitle(url);
  if (createsDiscardedTabs) return api.tabs.create({ ...properties, url, discarded: true, title, active: false });
  return api.tabs.create({ ...properties, url: placeholderUrl(url, title), active: false });
}
