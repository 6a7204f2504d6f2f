// The toolbar button's popup: the product's name and a link to the settings (the options page),
// the one primary action (copy the selected tabs as one link), what the page offers, and the
// paste box. It stays under 600 px tall (Chrome's limit) in every state. Each section is set up
// by its own function. The background does what needs it (the clipboard, opening tabs); the
// popup asks it by message and shows the answer, including errors. The paste box's live
// preview and the offers' page counts run the wasm core here, in the popup.
import init, { checkAll, plan, readPasted } from '../common/core.js';
import { requestBookmarks } from '../pages/bookmark-access.js';
import { describeLink } from '../common/describe.js';
import { acceptDrops, readDrop } from '../pages/drop.js';
import { $, element, fill, whileBusy } from '../pages/dom.js';
import { localizePage, localized as say, t } from '../common/i18n.js';
import { MAX_LINK_LENGTH, api, ask, shorten, withoutBidiControls } from '../common/prelude.js';
import { readSettings, SHARE_FORMATS, WEB_BASE_FIELD } from '../common/settings.js';
import { qrButton, QR_WASM } from '../pages/qr-view.js';

/** Sites listed by name under the paste box; more are counted. */
const SITES_SHOWN = 6;
/** How deep the paste preview follows nested lists for their sites (the core allows 8). */
const MAX_NESTING = 8;

/**
 * The window the popup acts on: the one it was opened from, or `?window=ID` when the popup
 * page is opened on its own (in a window of its own, as the tests do).
 */
async function targetWindow() {
  const param = new URLSearchParams(location.search).get('window');
  return param ? Number(param) : (await api.windows.getCurrent()).id;
}

async function activeTab(windowId) {
  const [tab] = await api.tabs.query({ active: true, windowId });
  return tab ?? null;
}

/** Shows `text` in the status line `node` ('' hides it); `kind` is 'ok', 'error' or ''. */
function showStatus(node, text, kind = '') {
  node.textContent = text;
  node.className = `status ${kind}`.trim();
}

// --- What the page offers ----------------------------------------------------------------------

/** The lists the current tab's page offers (its content script reads them, through the background), each a button. */
async function setUpOffers(windowId) {
  const tab = await activeTab(windowId);
  if (!tab) return;
  const { offers } = await ask('pageOffers', { tabId: tab.id });
  if (!Array.isArray(offers) || offers.length === 0) return;
  const list = $('offers-list');
  await init();
  for (const [index, offer] of offers.entries()) {
    const about = aboutOffer(offer.href);
    // The page's own words: without bidirectional controls, which could reverse what follows.
    const button = element('button', { type: 'button', class: 'offer', 'aria-describedby': `offer-${index}-about` }, withoutBidiControls(offer.title) || about);
    button.title = offer.href;
    button.addEventListener('click', async (event) => {
      if (!event.isTrusted) return;
      try {
        const opened = await ask('openOffer', { tabId: tab.id, href: offer.href });
        showStatus($('offers-status'), opened.preview ? t('popupPreviewOpened') : t('popupOpened', opened.tabIds?.length ?? 0), 'ok');
      } catch (error) {
        showStatus($('offers-status'), error.message, 'error');
      }
    });
    list.append(element('li', {}, button));
    list.lastElementChild.append(element('span', { class: 'about', id: `offer-${index}-about` }, about));
  }
  $('offers-heading').textContent = t(offers.length === 1 ? 'popupOffersOne' : 'popupOffersMany', offers.length);
  $('offers').hidden = false;
}

/** What an offered list holds, in a line: "3 pages · example.com, example.org, and 2 more". */
function aboutOffer(href) {
  const about = describeLink(href);
  if (about.error) return about.error;
  if (about.pages === 0) return t('hoverNoPages');
  const names = about.sites.map((site) => site.name);
  if (about.moreSites) names.push(t('popupMoreSites', about.moreSites));
  const summary = t('hoverSummary', pages(about.pages), names.join(', '));
  return about.unchecked > 0 ? `${summary} ${t('hoverUnchecked', about.read, about.unchecked)}` : summary;
}

// --- Share -------------------------------------------------------------------------------------

/** "Copy tabs as uri-list": the button says how many tabs; the link is shown before and after copying. */
async function setUpShare(windowId, webBase) {
  const button = $('copy');
  const status = $('status');
  const notes = (share) => {
    $('notes').textContent = share.notes.join(' ');
    $('notes').hidden = share.notes.length === 0;
  };
  let preview;
  try {
    preview = await ask('sharePreview', { scope: 'tabs', windowId });
  } catch (error) {
    showStatus(status, error.message, 'error');
    return;
  }
  // Nothing here to copy (a new tab, opened to paste a link into the box below): said quietly,
  // as what a copy would meet; the button stays disabled.
  if (preview.shared === 0) return showStatus(status, preview.message, 'small');
  const count = preview.shared;
  // The format: the one last used (remembered by the background when a person copies in one).
  const format = /** @type {HTMLSelectElement} */ ($('format'));
  // Every format but the web link, which has its own button below: offered once.
  for (const [id, name] of Object.entries(SHARE_FORMATS)) if (id !== 'web') format.append(element('option', { value: id }, t(name)));
  format.value = preview.format === 'web' ? 'link' : preview.format;
  // Disabled (and empty) until there is something to copy, as the copy button is.
  format.disabled = false;
  const label = () => {
    const id = format.value;
    button.textContent = id === 'link' ? t(count === 1 ? 'popupCopyOne' : 'popupCopyMany', count)
      : count === 1 ? t('popupCopyFormatOne', t(SHARE_FORMATS[id])) : t('popupCopyFormatMany', count, t(SHARE_FORMATS[id]));
  };
  label();
  // The pages' titles in the link and the web link (`page-titles`), with how much longer they
  // make it, before copying (the titled formats carry the titles whatever it says); not offered
  // when no tab has a title of its own.
  const titles = /** @type {HTMLInputElement} */ ($('page-titles'));
  const { titled, untitled } = preview.lengths;
  titles.checked = preview.pageTitles;
  $('page-titles-label').textContent = t('popupPageTitles', String(titled - untitled));
  $('page-titles-row').title = t('popupPageTitlesHint', String(titled - untitled));
  $('page-titles-row').hidden = titled === untitled;
  // The link's length before copying: with the titles or without, as the box says.
  const length = () => {
    $('link-length').textContent = t('popupLinkLength', (titles.checked ? titled : untitled).toLocaleString(api.i18n.getUILanguage()));
    $('link-length').hidden = false;
  };
  length();
  // The button's tooltip: the link it copies (its start), with the titles or without as the box
  // says; none for the other formats, which copy no link.
  const links = new Map([[preview.pageTitles, preview.link]]);
  const tooltip = async () => {
    const withThem = titles.checked;
    if (!links.has(withThem)) {
      const other = await ask('sharePreview', { scope: 'tabs', windowId, pageTitles: withThem }).catch(() => null);
      if (other?.link) links.set(withThem, other.link);
    }
    // As the box and the format are now (another change may have come while asking).
    button.title = format.value === 'link' ? shorten(links.get(titles.checked) ?? '', 300) : '';
  };
  titles.addEventListener('change', () => {
    length();
    tooltip();
  });
  format.addEventListener('change', () => {
    label();
    tooltip();
  });
  button.disabled = false;
  tooltip();
  notes(preview);
  const withTitles = () => ({ pageTitles: titles.checked });
  onCopy(button, () => ({ scope: 'tabs', windowId, format: format.value, ...withTitles() }), notes);
  setUpWebLinks(windowId, webBase, notes, withTitles);
}

/**
 * "Copy as web link": the same tabs as a web link on the `webBase` setting (a release's build
 * has the address where its web page is published). With none (a developer's own build, or the
 * setting cleared), the button is "Set up web links…", which opens the settings at that field.
 */
function setUpWebLinks(windowId, webBase, notes, withTitles) {
  const button = $('copy-web');
  button.disabled = false;
  if (webBase) {
    onCopy(button, () => ({ scope: 'tabs', windowId, asWeb: true, ...withTitles() }), notes);
    // "Open on another device": the same web link, as a QR code (made again when the titles change).
    const link = async () => {
      const share = await ask('sharePreview', { scope: 'tabs', windowId, asWeb: true, ...withTitles() });
      if (share.shared === 0) throw new Error(share.message);
      return share.text;
    };
    const qr = qrButton({ button: $('qr-show'), panel: $('qr-panel'), link, t, wasm: QR_WASM, short: true });
    $('page-titles').addEventListener('change', () => qr.refresh());
    return;
  }
  button.textContent = t('popupSetUpWeb');
  button.title = t('popupSetUpWebHint');
  button.addEventListener('click', async () => {
    try {
      // The new tab takes the focus: the browser closes the popup itself.
      await api.tabs.create({ url: api.runtime.getURL(`options/options.html#${WEB_BASE_FIELD}`) });
    } catch (error) {
      showStatus($('status'), error.message, 'error');
    }
  });
}

/** A copy button: asks the background to copy what `form()` says, then shows the link and what it said. */
function onCopy(button, form, notes) {
  const status = $('status');
  button.addEventListener('click', () =>
    whileBusy(button, async () => {
      try {
        const share = await ask('share', form());
        if (share.shared === 0) {
          forgetCopied();
          return showStatus(status, share.message, 'error');
        }
        // On one line: a line break shows as "↵" (a one-line field would drop it and join the lines).
        $('link').value = share.text.replace(/\r?\n/g, ' ↵ ');
        $('copied').hidden = false;
        notes(share);
        showStatus(status, share.copied, 'ok');
      } catch (error) {
        forgetCopied();
        showStatus(status, error.message, 'error');
      }
    }),
  );
}

/** A failed copy copied nothing: the box of the link copied before goes, so that it cannot pass for this one. */
function forgetCopied() {
  $('copied').hidden = true;
  /** @type {HTMLInputElement} */ ($('link')).value = '';
}

// --- The paste box -----------------------------------------------------------------------------

/**
 * What a pasted text holds, from the core: its link, the plan (pages, groups, why a preview
 * would come first), the sites in order (nested lists included), alerts and milder notes.
 */
function describePasted(text, openLimit, keepDuplicates = false) {
  const read = readPasted(text);
  const planned = plan(read.link, { limit: openLimit, keepDuplicates });
  const sites = new Map(); // host -> what a person reads (Unicode, and punycode when it differs)
  const alerts = [];
  const notes = [];
  // Every item, those of nested lists after their list's item (the core walks them).
  const checked = checkAll(read.link);
  for (const warning of checked.warnings) notes.push(say(warning));
  for (const entry of checked.items) {
    if (entry.depth > MAX_NESTING) continue;
    if (entry.class === 'list') {
      if (entry.depth < MAX_NESTING) for (const warning of checked.lists[entry.nested]?.warnings ?? []) notes.push(say(warning));
      continue;
    }
    if (entry.class === 'openable' && entry.site && !sites.has(entry.site)) {
      const unicode = entry.siteUnicode ?? entry.site;
      sites.set(entry.site, unicode === entry.site ? unicode : t('popupSiteBoth', unicode, entry.site));
    }
    for (const note of entry.notes ?? []) (note.alert ? alerts : notes).push(say(note));
  }
  for (const { item, reason } of planned.skipped) notes.push(t('popupLeftOut', shorten(item, 60), say(reason)));
  for (const { item, reason } of planned.duplicates) notes.push(t('popupLeftOut', shorten(item, 60), say(reason)));
  return { read, planned, sites: [...sites.values()], alerts: unique(alerts), notes: unique(notes) };
}

function setUpPaste(windowId, settings) {
  const box = $('pasted');
  const button = $('open-pasted');
  let ready = null; // the wasm core, loaded on the first paste
  let current = null; // what the box holds, described
  let pending = 0;

  const save = $('save-pasted');
  const clear = () => {
    for (const id of ['pasted-summary', 'pasted-sites', 'pasted-alerts', 'pasted-notes']) $(id).replaceChildren();
    // A Tab stop (to scroll a long description by keys) only while it describes something.
    $('pasted-preview').removeAttribute('tabindex');
    button.disabled = true;
    save.disabled = true;
    button.textContent = t('popupOpenPasted');
    current = null;
  };

  async function update() {
    const text = box.value;
    const turn = ++pending;
    showStatus($('paste-status'), '');
    if (text.trim() === '') return clear();
    ready ??= init();
    await ready;
    if (turn !== pending) return; // a newer edit is on its way
    clear();
    $('pasted-preview').tabIndex = 0;
    // The longest paste the box reads: the longest link the extension reads.
    if (text.length > MAX_LINK_LENGTH) {
      $('pasted-summary').textContent = t('popupPasteTooLong', MAX_LINK_LENGTH);
      return;
    }
    try {
      current = describePasted(text, settings.openLimit, !settings.skipDuplicates);
    } catch (error) {
      $('pasted-summary').textContent = t('popupPasteUnreadable', say(error));
      $('pasted-summary').className = 'error';
      return;
    }
    const { planned, sites, alerts, notes } = current;
    $('pasted-summary').className = '';
    $('pasted-summary').textContent = t('popupPastedSummary', pages(planned.pages), siteCount(sites.length));
    fill('pasted-sites', sites.slice(0, SITES_SHOWN));
    if (sites.length > SITES_SHOWN) $('pasted-sites').append(element('li', { class: 'more' }, t('popupMoreSites', sites.length - SITES_SHOWN)));
    fill('pasted-alerts', alerts);
    // Why the preview page comes first; the warnings just listed are not said twice.
    const listed = new Set(alerts); // a set: a list of 60 000 alerts is compared in linear time
    const why = planned.preview.map(say).filter((reason) => !listed.has(reason));
    const first = planned.preview.length === 0 ? [] : [why.length ? t('popupPreviewFirst', why.join('; ')) : t('popupPreviewFirstWarnings')];
    fill('pasted-notes', [...first, ...notes]);
    button.disabled = planned.pages === 0 && planned.mode !== 'list';
    save.disabled = planned.pages === 0;
    button.textContent = planned.preview.length || planned.mode === 'list' ? t('popupReviewPasted', pages(planned.pages)) : t('popupOpenPastedCount', pages(planned.pages));
  }

  const failed = (error) => showStatus($('paste-status'), error.message, 'error');
  box.addEventListener('input', () => update().catch(failed));
  acceptDrops($('paste'), async (data) => {
    ready ??= init();
    await ready;
    // What was dropped goes into the box as a link and is described as a paste is; it opens on
    // the person's click on "Open", after they have seen what it holds (a drag that ends here
    // by mistake opens nothing).
    let dropped;
    try {
      dropped = readDrop(data);
    } catch (error) {
      box.value = '';
      await update();
      return showStatus($('paste-status'), error.message, 'error');
    }
    box.value = dropped.link;
    await update();
    showStatus($('paste-status'), t(dropped.count === 1 ? 'dropReadOne' : 'dropRead', dropped.count, dropped.type), 'ok');
  }, failed);
  // "Save as bookmark folder": the permission is asked for in the click itself (before any await).
  save.addEventListener('click', async (event) => {
    if (!event.isTrusted || !current) return;
    const granted = requestBookmarks();
    const link = current.read.link;
    await whileBusy(save, async () => {
      try {
        if (!(await granted)) return showStatus($('paste-status'), t('bookmarkNoPermission'), 'error');
        const saved = await ask('saveBookmarks', { link });
        showStatus($('paste-status'), saved.message, saved.saved ? 'ok' : 'error');
      } catch (error) {
        failed(error);
      }
    });
  });
  button.addEventListener('click', async (event) => {
    if (!event.isTrusted || !current) return;
    await whileBusy(button, async () => {
      try {
        const opened = await ask('openPasted', { text: box.value, windowId });
        showStatus($('paste-status'), opened.preview ? t('popupPreviewOpened') : t('popupOpened', opened.tabIds?.length ?? 0), 'ok');
      } catch (error) {
        showStatus($('paste-status'), error.message, 'error');
      }
    });
  });
}

// --- Bookmarks ---------------------------------------------------------------------------------

/**
 * "Bookmark folder…" (the header): a dialog with the bookmark folders to choose from and "Copy
 * as link", once the person has allowed the extension to read bookmarks (asked in this click,
 * the first time). A dialog, so that it adds nothing to the popup's height.
 */
function setUpBookmarks() {
  const dialog = $('bookmarks');
  const status = $('bookmarks-status');
  $('pick-folder').addEventListener('click', async (event) => {
    if (!event.isTrusted) return;
    const granted = requestBookmarks();
    showStatus($('bookmarks-refused'), '');
    try {
      if (!(await granted)) return showStatus($('bookmarks-refused'), t('bookmarkNoPermission'), 'error');
      const { folders, message } = await ask('bookmarkFolders', {});
      if (message) return showStatus($('bookmarks-refused'), message, 'error');
      const chosen = $('folder').value;
      $('folder').replaceChildren(
        ...folders.map((/** @type {{id: string, title: string, depth: number}} */ folder) =>
          element('option', { value: folder.id }, `${'\u00a0\u00a0'.repeat(folder.depth)}${withoutBidiControls(folder.title)}`),
        ),
      );
      if (chosen) $('folder').value = chosen;
      showStatus(status, '');
      dialog.showModal();
    } catch (error) {
      showStatus($('bookmarks-refused'), error.message, 'error');
    }
  });
  $('close-bookmarks').addEventListener('click', () => dialog.close());
  $('copy-folder').addEventListener('click', async (event) => {
    if (!event.isTrusted) return;
    await whileBusy($('copy-folder'), async () => {
      try {
        const copied = await ask('copyBookmarkFolder', { id: $('folder').value });
        showStatus(status, copied.message, copied.shared ? 'ok' : 'error');
      } catch (error) {
        showStatus(status, error.message, 'error');
      }
    });
  });
}

const pages = (n) => (n === 1 ? t('popupOnePage') : t('popupPages', n));
const siteCount = (n) => (n === 1 ? t('popupOneSite') : t('popupSites', n));

/** @param {string[]} lines */
const unique = (lines) => [...new Set(lines.filter(Boolean))];

/** The link to the options page: the browser's own way to show them (one tab, reused). */
function setUpSettingsLink() {
  $('settings').addEventListener('click', (event) => {
    event.preventDefault();
    api.runtime.openOptionsPage().catch((error) => console.warn('uri-list: could not open the settings:', error));
  });
}

async function main() {
  localizePage();
  setUpSettingsLink();
  setUpBookmarks();
  const windowId = await targetWindow();
  const settings = await readSettings();
  setUpPaste(windowId, settings);
  await Promise.all([
    setUpShare(windowId, settings.webBase),
    setUpOffers(windowId)
      .catch((error) => console.warn('uri-list: could not read what the page offers:', error))
      .finally(() => $('offers').removeAttribute('aria-busy')),
  ]);
}

main();
