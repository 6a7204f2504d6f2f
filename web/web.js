// The web page for people without the extension: opened at BASE#LINK (a web link, src/syntax/web_link.rs),
// it shows the list in its fragment as the extension's preview page does, read by the same wasm
// core, and offers what a web page can do: each page as a link, "open the next one" (a page may
// open one tab per click), copying the link and its text/uri-list. It asks nothing of any other
// origin (index.html's Content-Security-Policy); the fragment never leaves the browser. It puts
// the list in `<link rel="alternate">`, for browsers and extensions that know uri-list (the
// Multilinks explainer's fallback). Words come from the extension's _locales (English, German);
// no text is ever set as HTML (lib/dom.js `element`). .ci/web.mjs bundles this file, the glue,
// lib/dom.js and the words into one module.
import init, { check, plan, toText } from './pkg/uri_list.js';
// The extension's page helpers (bundled into the page's one module by .ci/web.mjs).
import { $, element, fill } from '../extension/lib/dom.js';
// The messages of each language the page can show (made by .ci/web.mjs from extension/_locales).
import WORDS from 'words';

const LANGUAGES = Object.keys(WORDS);
/** Example items for the page without a list: hosts reserved for examples (RFC 2606). */
const EXAMPLE = 'uri-list:https://example.com/;https://example.org/?title=Example';

let messages = {};

/** A message of _locales by name, as `i18n.getMessage` gives it: `$NAME$` placeholders, `$1`… substitutions. */
function t(name, ...substitutions) {
  const entry = messages[name];
  if (!entry) return '';
  const placeholders = Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([key, p]) => [key.toLowerCase(), p.content]));
  const substitute = (content) => content.replace(/\$(\d)/g, (_, n) => String(substitutions[n - 1] ?? ''));
  return entry.message.replace(/\$\$|\$([A-Za-z0-9_@]+)\$/g, (whole, key) =>
    key === undefined ? '$' : substitute(placeholders[key.toLowerCase()] ?? ''),
  );
}

/** A core message `{code, args, message}` in the page's language (its English `message` without an entry). */
function localized(message) {
  if (typeof message === 'string') return message;
  if (message === null || typeof message !== 'object') return '';
  const args = (message.args ?? []).map((arg) => (arg !== null && typeof arg === 'object' ? localized(arg) : String(arg)));
  return (typeof message.code === 'string' && t(message.code, ...args)) || String(message.message ?? '');
}

/** The first of the browser's languages that the page has, else English. */
function language() {
  const wanted = (navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en']).map((l) => l.toLowerCase().split('-')[0]);
  return wanted.find((l) => LANGUAGES.includes(l)) ?? 'en';
}

function fillList(id, lines) {
  fill(`${id}-list`, lines);
  $(id).hidden = lines.length === 0;
}

function status(text) {
  $('status').textContent = text;
}

/** The page's address without its fragment: the base of web links to it. */
const base = () => location.href.split('#')[0];

/** The list's `<link rel="alternate">` in the head (the explainer's fallback), or none. */
function alternate(link) {
  document.querySelector('link[rel="alternate"]')?.remove();
  if (link) document.head.append(element('link', { rel: 'alternate', href: link }));
}

/** Openable pages in order (nested lists walked), for "open the next one". */
let pages = [];
let next = 0;
let current = { link: '', text: '' };

function openNextLabel() {
  $('open-next').textContent = next < pages.length ? t('webOpenNext', next + 1, pages.length) : t('webOpenAgain');
  $('open-next').disabled = pages.length === 0;
}

/** The rows of a list, nested lists as items holding their own `<ol>`. */
function listElement(link, report = check(link)) {
  const ol = element('ol');
  for (const entry of report.items) {
    if (entry.class === 'list') {
      let inner = null;
      try {
        inner = check(entry.item);
      } catch (error) {
        ol.append(itemRow({ ...entry, class: 'invalid', reason: error }));
        continue;
      }
      const li = element('li', { class: 'nested' });
      li.append(element('h3', {}, inner.title || t('previewNestedList')), listElement(entry.item));
      ol.append(li);
      continue;
    }
    ol.append(itemRow(entry));
  }
  return ol;
}

function itemRow(entry) {
  const li = element('li', { class: `item ${entry.class}` });
  if (entry.class === 'openable') {
    pages.push(entry.item);
    li.append(element('a', { class: 'url', href: entry.item, target: '_blank', rel: 'noopener noreferrer' }, entry.item));
  } else {
    li.append(element('span', { class: 'url' }, entry.item));
  }
  const about = element('div', { class: 'about' });
  if (entry.siteUnicode) {
    const site = entry.siteUnicode === entry.site ? entry.site : t('previewSiteBoth', entry.siteUnicode, entry.site);
    about.append(element('span', { class: 'site' }, t('previewSite', site)));
  }
  if (entry.class !== 'openable') {
    const word = entry.class === 'blocked' ? t('previewBlocked') : t('previewInvalid');
    about.append(element('span', { class: 'tag' }, word), element('span', { class: 'reason' }, localized(entry.reason)));
  }
  for (const note of entry.notes ?? []) about.append(element('span', { class: note.alert ? 'alert' : 'note' }, localized(note)));
  if (about.childElementCount) li.append(about);
  return li;
}

/** Every site of the openable pages, once each, Unicode name and punycode. */
function sitesOf(link, out = new Map(), report = check(link)) {
  for (const entry of report.items) {
    if (entry.class === 'list') {
      try {
        sitesOf(entry.item, out);
      } catch {
        // an unreadable nested list has no sites; its row says why
      }
    } else if (entry.class === 'openable' && entry.site && !out.has(entry.site)) {
      out.set(entry.site, entry.siteUnicode === entry.site ? entry.site : t('previewSiteBoth', entry.siteUnicode, entry.site));
    }
  }
  return out;
}

/** The page for a list. */
function showList(link) {
  const all = plan(link, { limit: Number.MAX_SAFE_INTEGER });
  const first = all.groups[0];
  const title = all.title || localized(first?.summary) || first?.title || t('previewUntitled');
  document.title = t('webPageTitle', title);
  $('title').textContent = title;
  pages = [];
  next = 0;
  const report = check(link);
  $('items').replaceChildren(listElement(link, report));
  const sites = [...sitesOf(link, new Map(), report).values()];
  // "6 pages from 4 sites.", as the extension's preview page says it.
  const count = (n, one, many) => (n === 1 ? t(one) : t(many, n));
  $('summary').textContent =
    pages.length === 0 ? t('previewNoPages') : t('previewSummary', count(pages.length, 'popupOnePage', 'popupPages'), count(sites.length, 'popupOneSite', 'popupSites'));
  $('sites').textContent = t('webSites', sites.join(', '));
  $('sites').hidden = sites.length === 0;
  const look = all.preview.filter((reason) => !['previewTypeList', 'previewOverLimit'].includes(reason.code));
  fillList('look', look.map(localized));
  fillList('notes', [...all.notes, ...report.warnings].map(localized));
  current = { link, text: toText(link) };
  openNextLabel();
  $('open').hidden = false;
  $('list').hidden = false;
  $('how').hidden = true;
  alternate(link);
}

/** The page without a list (`error`: why the fragment could not be read, if it held something). */
function showAbout(error) {
  const title = error ? t('previewUnreadable') : t('webEmptyTitle');
  document.title = title;
  $('title').textContent = title;
  $('summary').textContent = t('webEmptyLead');
  $('sites').hidden = true;
  $('error').textContent = error ? localized(error) || String(error?.message ?? error) : '';
  $('error').hidden = !error;
  for (const id of ['look', 'notes', 'open', 'list']) $(id).hidden = true;
  $('how').hidden = false;
  alternate(null);
}

function render() {
  status('');
  $('error').hidden = true;
  const hash = location.hash.slice(1);
  if (hash === '') return showAbout(null);
  try {
    // check() of the whole address: the core finds the list in its fragment, as browsers give
    // it (src/syntax/web_link.rs), and says why when there is none.
    check(location.href);
    showList(location.href.slice(location.href.indexOf('#') + 1));
  } catch (error) {
    showAbout(error);
  }
}

/** Copies `text`: the Clipboard API where the page is a secure context, else a selected textarea. */
async function copy(text) {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = element('textarea', { 'aria-hidden': 'true', class: 'offscreen' });
      area.value = text;
      document.body.append(area);
      area.select();
      const done = document.execCommand('copy');
      area.remove();
      if (!done) throw new Error('execCommand');
    }
    status(t('previewCopied', text.length));
  } catch (error) {
    status(t('previewCopyFailed', error?.message ?? error));
  }
}

/** "Open the next one": one tab per click, as a web page may; the link's exact URL, no opener, no referrer. */
function openNext() {
  if (pages.length === 0) return;
  if (next >= pages.length) next = 0;
  const url = pages[next];
  window.open(url, '_blank', 'noopener,noreferrer');
  next += 1;
  status(t('webOpenedOne', next, pages.length, url));
  openNextLabel();
}

function fillStatic() {
  document.documentElement.lang = t('languageCode') || 'en';
  const words = {
    kicker: 'webKicker',
    'look-heading': 'webLook',
    'notes-heading': 'previewNotes',
    'open-heading': 'webOpenHeading',
    'one-tab': 'webOneTab',
    'copy-link': 'previewCopyLink',
    'copy-text': 'previewCopyText',
    'items-heading': 'previewItems',
    'about-heading': 'webAboutHeading',
    privacy: 'webPrivacy',
    extension: 'webExtension',
    'how-heading': 'webHowHeading',
    'how-extension': 'webHowExtension',
    'how-cli': 'webHowCli',
    'how-hand': 'webHowHand',
  };
  for (const [id, name] of Object.entries(words)) $(id).textContent = t(name);
  $('how-cli-code').textContent = `uri-list encode --web ${base()} https://example.com/ https://example.org/`;
  $('example').href = `#${EXAMPLE}`;
  $('example').textContent = `${base()}#${EXAMPLE}`;
}

async function start() {
  messages = WORDS[language()];
  const core = init({ module_or_path: new URL('pkg/uri_list_bg.wasm', import.meta.url) });
  fillStatic();
  $('open-next').addEventListener('click', openNext);
  $('copy-link').addEventListener('click', () => copy(location.href));
  $('copy-text').addEventListener('click', () => copy(current.text));
  try {
    await core;
  } catch (error) {
    showAbout(error);
    $('main').removeAttribute('aria-busy');
    return;
  }
  render();
  $('main').removeAttribute('aria-busy');
  addEventListener('hashchange', () => {
    render();
    $('title').focus();
  });
}

start();
