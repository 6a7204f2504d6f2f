// The preview page: a uri-list link shown item by item before anything opens. It comes up for
// lists over the open-limit, `type=list`, lists with lookalike or user-info alerts, links that
// arrive without a person's click (a navigation, the ext+urilist protocol handler), and clicks
// the content script doubts (the link changed as it was clicked, was not visible, was focused
// by the page, a repeat): it then says which.
//
// Tabs open only on a real click (or key press) on "Open selected as group", and only the
// pages the link holds: the background makes the plan again and checks each page it is sent.
import init, { checkAll, plan, toText } from '../lib/core.js';
import { $, element } from '../lib/dom.js';
import { localized, localizePage, t } from '../lib/i18n.js';
import { ask } from '../lib/prelude.js';
import { readOpenLimit } from '../lib/settings.js';
import { CLICK_REASONS, readPreview } from '../lib/open.js';

/**
 * The link: `?id=` names what the extension stored for this page in storage.local (the link,
 * its text, why it is shown), so that a link of any length up to the 2 MiB limit fits;
 * `?link=` is %s of the ext+urilist protocol handler (Firefox), and of pages opened that way
 * before this version.
 */
const query = new URLSearchParams(location.search);
const stored = query.has('id') ? await readPreview(query.get('id')).catch(() => null) : null;
const link = (stored?.link ?? query.get('link') ?? '').trim();
const linkText = stored?.text ?? query.get('text') ?? '';
const reason = Object.hasOwn(CLICK_REASONS, stored?.reason) ? t(CLICK_REASONS[stored.reason]) : null;

localizePage();

try {
  if (query.has('id') && !stored) throw new Error(t('previewGone'));
  await init();
  show(await readOpenLimit());
} catch (error) {
  document.title = t('previewUnreadable');
  $('title').textContent = t('previewUnreadable');
  $('error').textContent = localized(error) || String(error);
  $('error').hidden = false;
}

/**
 * Every item of the core's checkAll() (nested lists walked in order, each item with its depth) as
 * rows, a nested list as a heading; openable pages numbered as plan() counts them.
 */
function rows(checked) {
  let next = 0;
  return checked.items.map((entry) =>
    entry.class === 'list'
      ? { heading: checked.lists[entry.nested].title || t('previewNestedList'), depth: entry.depth + 1 }
      : { ...entry, page: entry.class === 'openable' ? next++ : null },
  );
}

/** @param {number} limit the open-limit, to say when the list is over it */
function show(limit) {
  const the = plan(link, { limit: Number.MAX_SAFE_INTEGER, linkText });
  const first = the.groups[0];
  const title = the.title || localized(first?.summary) || first?.title || t('previewUntitled');
  document.title = t('previewPageTitle', title);
  $('title').textContent = title;
  const checked = checkAll(link);
  const all = rows(checked);
  const items = all.filter((row) => !row.heading);
  $('summary').textContent = t('previewSummary', the.pages, items.length - the.pages);

  // Why the page is shown (the open-limit, type=list, alerts), and milder notes.
  fillList('why', [...(reason ? [reason] : []), ...plan(link, { limit, linkText }).preview.map(localized)]);
  fillList('notes', [...the.notes, ...checked.warnings].map(localized));

  const list = $('items');
  for (const [n, row] of all.entries()) list.append(row.heading ? headingRow(row) : itemRow(row, n));
  $('form').hidden = false;

  $('select-all').addEventListener('click', () => setAll(true));
  $('select-none').addEventListener('click', () => setAll(false));
  $('open').addEventListener('click', openChecked);
  $('copy-link').addEventListener('click', () => copy(link));
  $('copy-text').addEventListener('click', () => copy(toText(link)));
}

function fillList(id, lines) {
  if (lines.length === 0) return;
  const list = $(`${id}-list`);
  for (const line of lines) list.append(element('li', {}, line));
  $(id).hidden = false;
}

function headingRow(row) {
  const li = element('li', { class: 'heading', style: `--depth: ${row.depth}` });
  li.append(element('h3', {}, row.heading));
  return li;
}

function itemRow(row, n) {
  const id = `item-${n}`;
  const li = element('li', { class: `item ${row.class}`, style: `--depth: ${row.depth}` });
  const openable = row.class === 'openable';
  const alerts = (row.notes ?? []).filter((note) => note.alert);
  const box = /** @type {HTMLInputElement} */ (element('input', { type: 'checkbox', id, 'aria-describedby': `${id}-about` }));
  box.checked = openable && alerts.length === 0; // a lookalike is opened only if the person checks it
  box.disabled = !openable;
  if (openable) {
    box.dataset.page = String(row.page);
    box.dataset.url = row.item;
  }
  const label = element('label', { for: id });
  label.append(element('span', { class: 'url' }, row.item));
  li.append(box, label);

  const about = element('div', { class: 'about', id: `${id}-about` });
  if (row.siteUnicode) {
    const site = row.siteUnicode === row.site ? row.site : t('previewSiteBoth', row.siteUnicode, row.site);
    about.append(element('span', { class: 'site' }, t('previewSite', site)));
  }
  if (!openable) {
    const word = row.class === 'blocked' ? t('previewBlocked') : t('previewInvalid');
    about.append(element('span', { class: 'tag' }, word), element('span', { class: 'reason' }, localized(row.reason)));
  }
  for (const note of row.notes ?? []) {
    about.append(element('span', { class: note.alert ? 'alert' : 'note' }, localized(note)));
  }
  li.append(about);
  return li;
}

/** @returns {HTMLInputElement[]} */
const boxes = () => [...document.querySelectorAll('#items input[type=checkbox]:not(:disabled)')].map((box) => /** @type {HTMLInputElement} */ (box));

function setAll(checked) {
  for (const box of boxes()) box.checked = checked;
}

function status(text) {
  $('status').textContent = text;
}

/** "Open selected as group": only a person's own click (or key press on the button) opens tabs. */
async function openChecked(event) {
  if (!event.isTrusted) return;
  const pages = boxes()
    .filter((box) => box.checked)
    .map((box) => ({ index: Number(box.dataset.page), url: box.dataset.url }));
  if (pages.length === 0) return status(t('previewNothingChecked'));
  try {
    const opened = await ask('openSelected', { link, text: linkText, pages });
    status(t('previewOpened', opened.tabIds.length));
  } catch (error) {
    status(t('previewOpenFailed', error.message));
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    status(t('previewCopied', text.length));
  } catch (error) {
    status(t('previewCopyFailed', error?.message ?? error));
  }
}
