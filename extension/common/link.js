// A uri-list link as the extension takes it from anywhere (a page, a menu, the omnibox, the
// popup): one of the schemes, or a web link, of sane length.
import { linkInWebLink } from './core.js';
import { t } from './i18n.js';
import { LINK_SCHEME, MAX_LINK_LENGTH, pageAt, WEB_LINK } from './prelude.js';

/**
 * A link as received from anywhere: a string that names one of the schemes, of sane length. A web
 * link stands for the list in its fragment (as the browser gives it), which is what is returned.
 */
export function validLink(href) {
  if (typeof href === 'string' && href.length > MAX_LINK_LENGTH) throw new Error(tooLong(href.length));
  if (typeof href === 'string' && WEB_LINK.test(href)) return linkInWebLink(href).trim();
  if (typeof href !== 'string' || !LINK_SCHEME.test(href)) throw new Error(t('notALink'));
  return href.trim();
}

/** Why a link of `length` characters is not opened: its size and the limit, in words. */
export const tooLong = (length) => t('linkTooLong', (length / (1024 * 1024)).toFixed(1), '2');

/** At most this much of a link's words is read (they name its tabs when the link has no title). */
const MAX_TEXT_LENGTH = 1000;

/** A link's words as received from anywhere: a string, cut to MAX_TEXT_LENGTH, else none. */
export const validText = (text) => (typeof text === 'string' ? text.slice(0, MAX_TEXT_LENGTH) : '');

/**
 * A link's words as they name its list. Words that are themselves a web link on the uri-list web
 * page the person set (`webBase`), as a chat app shows a pasted link, name the list in their
 * fragment: the site they name first is the web page's, which shows lists and opens none, not a
 * site the list claims to open. Read as the list's link, they name no group, and the sites that
 * list names are checked against the pages as before. Any other words are returned as they are:
 * a web link on another site still names that site (a link showing "https://paypal.com/#uri-list:…"
 * over pages elsewhere goes to the preview page).
 *
 * @param {string} text the link's words (validText)
 * @param {string} webBase the `webBase` setting
 */
export function listWords(text, webBase) {
  const words = text.trim();
  if (!webBase || !WEB_LINK.test(words)) return text;
  const page = pageAt(words);
  if (page === null || page !== pageAt(webBase)) return text;
  try {
    return linkInWebLink(words).trim() || text;
  } catch {
    return text;
  }
}

