// The preview page's contract between the background, which opens it (background/open.js) and keeps
// what it shows (background/previews.js), and the page itself (preview/preview.js): its address,
// where its entry is stored, and the reasons it may give for showing a link.
import { api } from './api.js';

export const PREVIEW_PAGE = 'preview/preview.html';

/** Where the preview page's entry `id` is kept, in storage.local (storage.session for a private window's: background/previews.js). */
export const previewKey = (id) => `preview.${id}`;

/**
 * Why the content script did not let a click open tabs directly (the preview page says it):
 * its reason codes, each the _locales name of its words.
 * @type {Readonly<Record<string, string>>}
 */
export const CLICK_REASONS = Object.freeze({
  linkChanged: 'reasonLinkChanged',
  linkChangedShown: 'reasonLinkChangedShown',
  shownOtherList: 'reasonShownOtherList',
  notVisible: 'reasonNotVisible',
  focusedByPage: 'reasonFocusedByPage',
  repeated: 'reasonRepeated',
  notPainted: 'reasonNotPainted',
  keyNotOnLink: 'reasonKeyNotOnLink',
});

/** A reason code from the content script, or null (anything else is dropped). */
export const clickReason = (reason) => (Object.hasOwn(CLICK_REASONS, reason) ? reason : null);

/**
 * Every reason the preview page may give for a way in that is not the plan's own (a long list,
 * `type=list`, alerts: the core says those): the content script's (above), and the background's
 * own ways in without a click, which no content script may claim.
 * @type {Readonly<Record<string, string>>}
 */
export const PREVIEW_REASONS = Object.freeze({
  ...CLICK_REASONS,
  // The tab went to the link itself: a page's navigation, a redirect, or the address bar (Chrome
  // cannot tell which: webNavigation.onErrorOccurred says no more).
  navigated: 'reasonNavigated',
  // Firefox: typed into the address bar (it would have searched the web for it).
  typed: 'reasonTyped',
  // "Open selected uri-list": a selection's text holds what the page drew at no size, off-screen
  // or in no colour, and what its script put there as the menu opened.
  selected: 'reasonSelected',
});

/** A preview reason code, or null. */
export const previewReason = (reason) => (Object.hasOwn(PREVIEW_REASONS, reason) ? reason : null);

/**
 * The preview page's entry `id`: `{link, text, reason}`, or null when there is none (any more).
 * @param {string | null} id
 * @returns {Promise<{link: string, text: string, reason: string | null} | null>}
 */
export async function readPreview(id) {
  if (typeof id !== 'string' || id === '') return null;
  /** @type {{[key: string]: any}} */
  const { [previewKey(id)]: onDisk } = await api.storage.local.get(previewKey(id));
  // A private window's preview is kept in memory (background/previews.js).
  /** @type {any} */
  const entry = onDisk ?? (await api.storage.session.get(previewKey(id)))[previewKey(id)];
  return entry && typeof entry.link === 'string' ? entry : null;
}

/** True when `url` is this extension's preview page. */
export function isPreviewPage(url) {
  return String(url ?? '').startsWith(api.runtime.getURL(PREVIEW_PAGE));
}
