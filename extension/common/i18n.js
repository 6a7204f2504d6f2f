// Words for people, in the browser's language. Every visible string comes from _locales
// (i18n.getMessage); so does every message of the wasm core, which gives each as
// `{code, args, message}`: `code` names its _locales entry, `message` is its English text.
// `t` is the prelude's (content/prelude.js), which the content scripts use too.
import { api, t } from './prelude.js';

export { t };

/**
 * A message of the core in the browser's language: `{code, args, message}`, where an argument
 * is a string or a message of the same shape (translated too). Without a _locales entry for
 * `code`, its English `message`; a plain string stays as it is.
 *
 * @param {string | {code?: string, args?: (string|object)[], message?: string} | null | undefined} message
 * @returns {string}
 */
export function localized(message) {
  if (typeof message === 'string') return message;
  if (message === null || typeof message !== 'object') return '';
  const args = (message.args ?? []).map((arg) => (arg !== null && typeof arg === 'object' ? localized(arg) : String(arg)));
  return (typeof message.code === 'string' && api.i18n.getMessage(message.code, args)) || String(message.message ?? '');
}

/** Attributes filled from _locales, by the `data-` attribute that names the message. */
const ATTRIBUTES = { 'data-i18n-title': 'title', 'data-i18n-aria-label': 'aria-label', 'data-i18n-placeholder': 'placeholder' };

/**
 * Fills a page from _locales: the text of every element with `data-i18n="name"`, the
 * attributes named by `data-i18n-title`, `data-i18n-aria-label` and `data-i18n-placeholder`,
 * and the document's `lang` (for screen readers and hyphenation): the language of the
 * messages shown (`languageCode`, which each locale gives as its own code), which is not always
 * `getUILanguage()` (Chromium on Linux started with `--lang=de` shows German and says en-US).
 */
/** @param {Document | Element} [root] */
export function localizePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(/** @type {HTMLElement} */ (node).dataset.i18n ?? '');
  for (const [source, target] of Object.entries(ATTRIBUTES)) {
    for (const node of root.querySelectorAll(`[${source}]`)) node.setAttribute(target, t(node.getAttribute(source)));
  }
  document.documentElement.lang = t('languageCode') || api.i18n.getUILanguage();
}
