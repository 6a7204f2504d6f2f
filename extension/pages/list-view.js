// One list view for the pages that show a list before anything opens: the extension's preview
// page (preview/preview.js) and the web page for people without the extension (web/web.js, which
// bundles this module). Both draw the same rows from the core's `checkAll()` items:
//
//   [box] Title (the sender's words, when the link gives one)
//         the address, on one line, cut visibly but whole in the DOM (the link's own text, its
//         tooltip, and written out in full while it has the focus)
//         the site where the address does not show it plainly; the warnings about this item
//
// an item that is not opened (blocked, invalid) with its reason and no box; the same checkbox
// rules (an item with an alert starts unticked: the person ticks it, or it does not open); and,
// from FILTER_FROM rows on, a filter box. Words come from the page (`words`: `t(name, ...args)`
// and `localized(message)`), each page having its own way to read _locales. No text is ever set
// as HTML (pages/dom.js `element`).
import { element } from './dom.js';

/** The filter box is offered from this many rows: below it, the rows are scanned at a glance. */
export const FILTER_FROM = 10;

/**
 * @typedef {{t: (name: string, ...args: any[]) => string, localized: (message: any) => string}} Words
 * @typedef {{item: string, class: string, site?: string | null, siteUnicode?: string | null,
 *   reason?: any, notes?: any[], pageTitle?: string}} Entry
 */

/** Whether `entry` carries an alert (a lookalike site, an address that hides where it goes). */
export const warned = (entry) => (entry.notes ?? []).some((note) => note.alert);

/** The site as a person reads it: the Unicode form, and the form the browser shows when they differ. */
export function siteName(entry, words) {
  const { site, siteUnicode } = entry;
  if (!site) return '';
  return !siteUnicode || siteUnicode === site ? site : words.t('previewSiteBoth', siteUnicode, site);
}

/**
 * An address as it is shown: its bidirectional controls (Unicode's Bidi_Control, as
 * content/prelude.js `withoutBidiControls` knows them) percent-encoded, as the browser sends them.
 * Written as they are, a U+202E in a path drew the rest of it backwards
 * ("/\u202Emoc.lapyap.www//:sptth" as "/https://www.paypal.com").
 */
const shownAddress = (url) => url.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, encodeURIComponent);

/**
 * The address as three parts on one line (preview/preview.css): its scheme, its host (with any
 * user info and port) and the rest, the scheme and host quieter than a path. Where the line is too
 * short, the rest is cut first, then the host at its start: the end of a host names the site it is
 * on ("https://…-center.evil.example/signin"), which its start can only pretend to
 * ("paypal.com-secure-login-…"). The host is an isolate, read left to right whatever its letters.
 */
function address(item) {
  const url = shownAddress(item);
  const match = /^(https?:[/\\]*)([^/?#\\]*)(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme, host, rest] = match;
  const quiet = rest !== '' && rest !== '/';
  const where = element('span', { class: quiet ? 'where origin' : 'where' }, element('span', { class: 'scheme' }, scheme));
  where.append(element('span', { class: 'host' }, element('bdi', { dir: 'ltr' }, host)));
  const parts = [where];
  if (rest) parts.push(element('span', { class: 'path' }, rest));
  return parts;
}

/**
 * The row of an openable page: its box (`id` names it, and its parts), and its title and address
 * as one link that opens that one page, in a new tab, with no opener and no referrer. `options`:
 * `checked` (else: ticked unless warned), `site` (false where a heading names it), `before`
 * (elements put in front of the notes, such as a duplicate's reason), `disabled`, `draggable`,
 * `within` (the names of the nested lists or groups the row is in, which the filter matches too).
 * @param {Entry} entry
 * @param {Words} words
 * @param {{id: string, n: number, checked?: boolean, site?: boolean, before?: Node[], disabled?: boolean, draggable?: boolean, className?: string, within?: string[]}} options
 */
export function pageRow(entry, words, { id, n, checked = !warned(entry), site = true, before = [], disabled = false, draggable = false, className = '', within = [] }) {
  const li = element('li', { class: ['item openable', warned(entry) ? 'warned' : '', className].filter(Boolean).join(' ') });
  if (draggable) li.draggable = true;
  li.dataset.filter = filterText(entry, words, within);
  const box = /** @type {HTMLInputElement} */ (element('input', { type: 'checkbox', id, 'aria-labelledby': `${id}-url`, 'aria-describedby': `${id}-about` }));
  box.checked = checked;
  box.disabled = disabled;
  box.dataset.n = String(n);
  const a = element('a', { class: 'url', id: `${id}-url`, href: entry.item, target: '_blank', rel: 'noopener noreferrer', title: shownAddress(entry.item) });
  if (entry.pageTitle) a.append(element('span', { class: 'page-title' }, entry.pageTitle));
  const where = element('span', { class: 'address' });
  where.append(...address(entry.item));
  a.append(where);
  const text = element('div', { class: 'text' });
  text.append(a);
  const about = element('div', { class: 'about', id: `${id}-about` });
  // The site, where the address does not show it plainly: a host in another script or
  // percent-encoded, user info before it ("https://paypal.com@evil.example").
  if (site && entry.site && !entry.item.toLowerCase().startsWith(`${entry.item.split(':')[0].toLowerCase()}://${entry.siteUnicode ?? entry.site}`)) {
    about.append(element('span', { class: 'site' }, siteName(entry, words)));
  }
  about.append(...before);
  for (const note of entry.notes ?? []) about.append(element('span', { class: note.alert ? 'alert' : 'note' }, words.localized(note)));
  text.append(about);
  li.append(box, text);
  return li;
}

/**
 * The row of an item that is not opened: what it is, and why, in words. `within`: as pageRow's.
 * @param {Entry} entry
 * @param {Words} words
 * @param {string[]} [within]
 */
export function otherRow(entry, words, within = []) {
  const li = element('li', { class: `item ${entry.class}` });
  li.dataset.filter = filterText(entry, words, within);
  const text = element('div', { class: 'text' });
  if (entry.pageTitle) text.append(element('span', { class: 'page-title' }, entry.pageTitle));
  text.append(element('span', { class: 'url' }, shownAddress(entry.item)));
  const about = element('div', { class: 'about' });
  const word = entry.class === 'blocked' ? words.t('previewBlocked') : words.t('previewInvalid');
  about.append(element('span', { class: 'tag' }, word), element('span', { class: 'reason' }, words.localized(entry.reason)));
  for (const note of entry.notes ?? []) about.append(element('span', { class: note.alert ? 'alert' : 'note' }, words.localized(note)));
  text.append(about);
  li.append(text);
  return li;
}

/**
 * What the filter box matches a row by: its title, address and site, and the names of the nested
 * lists or groups it is in (`within`), in lower case.
 */
function filterText(entry, words, within) {
  return [entry.pageTitle ?? '', entry.item, siteName(entry, words), ...within].join('\n').toLowerCase();
}

/**
 * The filter's count line: how many rows it shows of how many (`shown` null: no filter), and how
 * many ticked pages it hides, which "Open N selected" leaves out (it opens the ticked rows shown).
 * @param {(name: string, ...substitutions: (string | number)[]) => string} t the page's words
 * @param {number | null} shown
 * @param {number} total
 * @param {number} hidden ticked pages the filter hides
 */
export function filterCount(t, shown, total, hidden) {
  const count = shown === null ? '' : t('webFilterCount', shown, total);
  if (hidden === 0) return count;
  return hidden === 1 ? t('webFilterHiddenTickedOne', count) : t('webFilterHiddenTicked', count, hidden);
}

/**
 * The filter box (`input`, with its label in the page): as the person types, the rows of `list`
 * that do not hold every word typed are hidden (their boxes keep their ticks), and `say(shown,
 * total)` is told how many rows are shown (null: no filter). Shown once `rows()` reaches
 * FILTER_FROM; `refresh()` after rows are added.
 * @param {{box: HTMLElement, input: HTMLInputElement, list: HTMLElement, say: (shown: number | null, total: number) => void}} parts
 */
export function filterRows({ box, input, list, say }) {
  const rows = () => /** @type {HTMLElement[]} */ ([...list.querySelectorAll('li.item')]);
  function apply() {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    const all = rows();
    for (const row of all) {
      const match = words.every((word) => (row.dataset.filter ?? '').includes(word));
      row.hidden = !match;
      if (match) shown += 1;
    }
    // A section (a nested list, a group) with no row left shown is hidden with them.
    for (const section of list.querySelectorAll('li.nested, li.section')) {
      /** @type {HTMLElement} */ (section).hidden = words.length > 0 && !section.querySelector('li.item:not([hidden])');
    }
    say(words.length ? shown : null, all.length);
  }
  input.addEventListener('input', apply);
  return {
    /**
     * Whether the row of `box` is one the filter shows, and so one an Open button takes when it is
     * ticked: any page while the box holds no words (a page past the rows drawn too, `box` null),
     * else only a row left on screen. What opens is what the person sees ticked.
     * @param {HTMLInputElement | null} box
     */
    shows(box) {
      const filtering = input.value.split(/\s+/).some(Boolean);
      return !filtering || (box !== null && !box.closest('li')?.hidden);
    },
    refresh() {
      box.hidden = rows().length < FILTER_FROM;
      if (input.value) apply();
    },
    clear() {
      input.value = '';
      box.hidden = true;
    },
  };
}
