// Drag and drop on the extension's pages: what a drop holds, read as a list, and what a drag out
// of the preview page carries. The drag-and-drop types the draft (§1) and the explainer name:
// `text/uri-list` (RFC 2483: one URI a line, `#` comments, CRLF), Firefox's `text/x-moz-url` (an
// address and its title, a line each, for every link, tab or bookmark dragged) and `text/plain`
// (a link, or text holding one or more web addresses). Links, selected text, bookmarks and
// tabs dragged from the browser carry one or more of these.
import { fromText, readPasted } from '../common/core.js';
import { localized, t } from '../common/i18n.js';

/** The types read, in the order preferred: the first one the drop carries is read (but see readDrop()). */
export const DROP_TYPES = ['text/uri-list', 'text/x-moz-url', 'text/plain'];

/** Whether a drag carries something a drop could read (during `dragover` only the types are known). */
export const canRead = (/** @type {DataTransfer | null} */ data) => DROP_TYPES.some((type) => data?.types.includes(type));

/** @typedef {{types: string[], texts: Record<string, string>}} Held what a drop held, by type */

/**
 * What a drop holds, copied out of its DataTransfer: the types it carries and the text of each
 * type readDrop() reads. Browsers let a page read a drop's data only while its `drop` event is
 * dispatched (the HTML Standard's protected mode: afterwards `types` and `getData()` are
 * empty), so this is taken in the handler itself, before anything is awaited (the wasm core).
 *
 * @param {DataTransfer} data
 * @returns {Held}
 */
export function held(data) {
  const types = [...data.types];
  return { types, texts: Object.fromEntries(DROP_TYPES.filter((type) => types.includes(type)).map((type) => [type, data.getData(type)])) };
}

/**
 * The list a drop holds: `{link, type, count}` (the uri-list link, the type it was read from, the
 * number of addresses dropped). A text/plain that is one uri-list link is read first (the whole
 * list, see wholeList()), else the first type of DROP_TYPES the drop carries. Throws an Error with a message for the person when the drop
 * holds nothing readable (what it held, by type) or its text cannot be read as a list (why,
 * from the core).
 *
 * @param {Held} data what the drop held (held())
 * @returns {{link: string, type: string, count: number}}
 */
export function readDrop(data) {
  const whole = wholeList(data.texts['text/plain'] ?? '');
  if (whole) return whole;
  const type = DROP_TYPES.find((name) => (data.texts[name] ?? '').trim() !== '');
  if (!type) throw new Error(t('dropNothing', data.types.filter((name) => name !== 'Files').join(', ') || t('dropNoText')));
  const text = data.texts[type];
  try {
    if (type === 'text/plain') {
      const read = readPasted(text);
      return { link: read.link, type, count: read.items?.length ?? 0 };
    }
    const urls = type === 'text/x-moz-url' ? mozUrls(text) : uriLines(text);
    // One address that is itself a list (a dragged uri-list link or web link) is that list.
    if (urls.length === 1) {
      const read = readPasted(urls[0]);
      if (read.form === 'link') return { link: read.link, type, count: read.items?.length ?? 0 };
    }
    const read = readPasted(fromText(type === 'text/x-moz-url' ? `${urls.join('\r\n')}\r\n` : text));
    return { link: read.link, type, count: urls.length };
  } catch (error) {
    throw new Error(t('dropUnreadable', type, localized(error) || String(error?.message ?? error)));
  }
}

/**
 * The list of a text/plain that is one uri-list link or web link and nothing else, read as
 * readDrop() returns it; null for any other text. Such a text is the whole list, its title and
 * nested lists included, where a text/uri-list beside it has the addresses only: the preview
 * page's "Drag all" carries both, and Chromium keeps only the addresses of a text/uri-list that
 * crosses windows (its `#` lines, where the draft writes a list's title, are dropped).
 */
function wholeList(text) {
  const link = text.trim();
  if (link === '' || /\s/.test(link)) return null;
  try {
    const read = readPasted(link);
    return read.form === 'link' ? { link: read.link, type: 'text/plain', count: read.items?.length ?? 0 } : null;
  } catch {
    return null; // read as any text/plain is, below, which says why it cannot be read
  }
}

/** The URIs of a text/uri-list (comments and blank lines are not). */
const uriLines = (text) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/** The addresses of a text/x-moz-url: lines in pairs, an address then its title. */
const mozUrls = (text) =>
  text
    .split(/\r?\n/)
    .filter((_, n) => n % 2 === 0)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Makes `zone` take drops: a drag that carries a type readDrop() reads is accepted (and the zone
 * marked while it is over it); `onDrop(held)` reads what the drop held, copied out of it during
 * the `drop` event (held()), so that it may await the core first. The browser's own handling
 * (text put into a field where it lands) is cancelled: the drop is read as a whole.
 * @param {HTMLElement} zone
 * @param {(data: Held) => Promise<void>} onDrop
 * @param {(error: Error) => void} onError
 */
export function acceptDrops(zone, onDrop, onError) {
  const over = (event) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = canRead(event.dataTransfer) ? 'copy' : 'none';
    zone.classList.add('dragging');
  };
  zone.addEventListener('dragenter', over);
  zone.addEventListener('dragover', over);
  zone.addEventListener('dragleave', (event) => {
    if (!zone.contains(/** @type {Node | null} */ (event.relatedTarget))) zone.classList.remove('dragging');
  });
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    if (event.dataTransfer) onDrop(held(event.dataTransfer)).catch(onError);
  });
}

/**
 * Puts addresses on a drag leaving the page: a text/uri-list of them (CRLF, RFC 2483) and, as
 * text/plain, `plain` (one address, or the list's uri-list link, which keeps its title and nested
 * lists: readDrop() reads it first).
 *
 * @param {DataTransfer} data
 * @param {string[]} urls
 * @param {string} plain
 */
export function dragOut(data, urls, plain) {
  data.effectAllowed = 'copyLink';
  data.setData('text/uri-list', urls.map((url) => `${url}\r\n`).join(''));
  data.setData('text/plain', plain);
}
