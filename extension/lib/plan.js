// What to open for a link a person activated: pure decisions, no browser calls.
import { check } from '../pkg/uri_list.js';
import { api } from './api.js';

const MAX_TITLE_LENGTH = 80;
const LINK_SCHEME = /^\s*(?:uri-list|multi|web\+urilist|ext\+urilist):/i;

/**
 * Reads a uri-list link with the wasm core and decides what opens.
 *
 * Only items that `check()` classes as `openable` are opened, in the link's order; every
 * other item (blocked like `javascript:`, invalid, or a nested list) is returned in
 * `skipped` with the core's reason. Throws the core's error for a link that is not valid.
 *
 * @param {string} href the link as the page gave it
 * @param {string} linkText the visible text of the link, used when the link has no title
 * @returns {{urls: string[], skipped: {item: string, class: string, reason: string|null}[], title: string}}
 */
export function planOpen(href, linkText) {
  const report = check(href);
  const urls = [];
  const skipped = [];
  for (const entry of report.items) {
    if (entry.class === 'openable') urls.push(entry.item);
    else skipped.push({ item: entry.item, class: entry.class, reason: entry.reason });
  }
  return { urls, skipped, title: groupTitle(report.title, linkText, urls.length) };
}

/**
 * The name of the tab group: the link's `title`, else the link's text (unless the text
 * is just the link itself), else "N pages".
 */
export function groupTitle(title, linkText, count) {
  const fromLink = clip(title);
  if (fromLink) return fromLink;
  const text = clip(linkText);
  if (text && !LINK_SCHEME.test(text)) return text;
  return api.i18n.getMessage('groupTitlePages', [String(count)]);
}

function clip(text) {
  const words = String(text ?? '').replace(/\s+/g, ' ').trim();
  return words.length > MAX_TITLE_LENGTH ? `${words.slice(0, MAX_TITLE_LENGTH - 1)}…` : words;
}
