// A uri-list link as the extension takes it from anywhere (a page, a menu, the omnibox, the
// popup): one of the schemes, or a web link, of sane length.
import { linkInWebLink } from './core.js';
import { t } from './i18n.js';
import { LINK_SCHEME, MAX_LINK_LENGTH, WEB_LINK } from './prelude.js';

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
