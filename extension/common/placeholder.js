// The placeholder page of a tab opened unloaded in Chrome (lazy/lazy.html?url=URL&title=TITLE): its
// address, the page it stands for, and the title it shows. Made by the background (background/lazy.js),
// read by the placeholder page itself (lazy/lazy.js), by a share of tabs (background/share.js) and
// after an update (background/update.js).
import { api } from '../common/api.js';

export const PLACEHOLDER_PAGE = 'lazy/lazy.html';
/** Longer titles are cut: a tab shows a few dozen characters at most. */
const MAX_TITLE = 200;

/**
 * The title an unloaded tab shows before its page is known: the host and path, percent-escapes
 * decoded where they spell UTF-8 ("example.com/wiki/Café"). Firefox shows much the same for a
 * discarded tab without a title (the URL without its scheme); Chrome shows the same for a tab
 * it discarded before the page had its own title.
 */
export function unloadedTitle(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return String(url).slice(0, MAX_TITLE);
  }
  let rest = parsed.pathname + parsed.search + parsed.hash;
  try {
    rest = decodeURI(rest);
  } catch {
    // Not UTF-8 once decoded: the escapes stay as they are.
  }
  const title = parsed.host + (rest === '/' ? '' : rest);
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

/** The placeholder page that stands for `url` (Chrome). */
export function placeholderUrl(url, title = unloadedTitle(url)) {
  return `${api.runtime.getURL(PLACEHOLDER_PAGE)}?${new URLSearchParams({ url, title })}`;
}

/**
 * The page a tab stands for: for the placeholder page, the URL it will load (when that is an
 * http or https URL, the only pages it ever loads); any other URL as it is.
 */
export function realUrl(url) {
  const text = String(url ?? '');
  const page = api.runtime.getURL(PLACEHOLDER_PAGE);
  if (!text.startsWith(`${page}?`)) return text;
  const target = placeholderTarget(new URL(text).searchParams);
  return target ?? text;
}

/**
 * The title a placeholder page shows (the one it was given), or null when `url` is not the
 * placeholder page: what a share calls an unloaded tab, even before the placeholder has loaded.
 */
export function placeholderTitle(url) {
  const text = String(url ?? '');
  if (!text.startsWith(`${api.runtime.getURL(PLACEHOLDER_PAGE)}?`)) return null;
  const params = new URL(text).searchParams;
  const target = placeholderTarget(params);
  return target === null ? null : params.get('title') || unloadedTitle(target);
}

/**
 * The URL a placeholder page's query names, or null unless it is an absolute http(s) URL: the
 * placeholder never navigates anywhere else (no `javascript:`, no extension or browser page).
 */
export function placeholderTarget(params) {
  const url = params.get('url');
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
