// The toolbar button's popup. Each section is set up by its own function. The background does
// what needs it (the clipboard, opening tabs); the popup asks it by message and shows the
// answer, including errors. The paste box's live preview runs the wasm core here, in the popup.
import init, { checkAll, plan, readPasted } from '../lib/core.js';
import { $, element, fill } from '../lib/dom.js';
import { localizePage, localized as say, t } from '../lib/i18n.js';
import { MAX_LINK_LENGTH, api, ask, offersKey, shorten } from '../lib/prelude.js';
import { SETTINGS, readSettings, saveSetting, settingError } from '../lib/settings.js';

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

/** The lists the current tab's page offers (kept by the background in storage.session), each a button. */
async function setUpOffers(windowId) {
  const tab = await activeTab(windowId);
  if (!tab) return;
  const key = offersKey(tab.id);
  const offers = (await api.storage.session.get(key))[key];
  if (!Array.isArray(offers) || offers.length === 0) return;
  const list = $('offers-list');
  for (const [index, offer] of offers.entries()) {
    const button = element('button', { type: 'button', class: 'offer' }, offer.title || offer.href);
    button.title = offer.href;
    button.addEventListener('click', async (event) => {
      if (!event.isTrusted) return;
      try {
        const opened = await ask('openOffer', { tabId: tab.id, index });
        showStatus($('offers-status'), opened.preview ? t('popupPreviewOpened') : t('popupOpened', opened.tabIds?.length ?? 0), 'ok');
      } catch (error) {
        showStatus($('offers-status'), error.message, 'error');
      }
    });
    list.append(element('li', {}, button));
  }
  $('offers').hidden = false;
}

// --- Share -------------------------------------------------------------------------------------

/** "Copy tabs as uri-list": the button says how many tabs; the link is shown before and after copying. */
async function setUpShare(windowId) {
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
  if (preview.shared === 0) return showStatus(status, preview.message, 'error');
  const count = preview.shared;
  button.textContent = t(count === 1 ? 'popupCopyOne' : 'popupCopyMany', count);
  button.disabled = false;
  $('link').value = preview.link;
  notes(preview);
  onCopy(button, () => ({ scope: 'tabs', windowId, asText: $('as-text').checked }), notes);
  // "Copy as web link": the same tabs as a web link on the `webBase` setting; with none set, the
  // status says how to set one (the background's message), and nothing is copied.
  $('copy-web').disabled = false;
  onCopy($('copy-web'), () => ({ scope: 'tabs', windowId, asWeb: true }), notes);
}

/** A copy button: asks the background to copy what `form()` says, then shows the link and what it said. */
function onCopy(button, form, notes) {
  const status = $('status');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const share = await ask('share', form());
      if (share.shared === 0) return showStatus(status, share.message, 'error');
      $('link').value = share.text;
      notes(share);
      showStatus(status, share.copied, 'ok');
    } catch (error) {
      showStatus(status, error.message, 'error');
    } finally {
      button.disabled = false;
    }
  });
}

// --- The paste box -----------------------------------------------------------------------------

/**
 * What a pasted text holds, from the core: its link, the plan (pages, groups, why a preview
 * would come first), the sites in order (nested lists included), alerts and milder notes.
 */
function describePasted(text, openLimit) {
  const read = readPasted(text);
  const the = plan(read.link, { limit: openLimit });
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
  for (const { item, reason } of the.skipped) notes.push(t('popupLeftOut', shorten(item, 60), say(reason)));
  return { read, the, sites: [...sites.values()], alerts: unique(alerts), notes: unique(notes) };
}

function setUpPaste(windowId, settings) {
  const box = $('pasted');
  const button = $('open-pasted');
  let ready = null; // the wasm core, loaded on the first paste
  let current = null; // what the box holds, described
  let pending = 0;

  const clear = () => {
    for (const id of ['pasted-summary', 'pasted-sites', 'pasted-alerts', 'pasted-notes']) $(id).replaceChildren();
    button.disabled = true;
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
    // The longest paste the box reads: the longest link the extension reads.
    if (text.length > MAX_LINK_LENGTH) {
      $('pasted-summary').textContent = t('popupPasteTooLong', MAX_LINK_LENGTH);
      return;
    }
    try {
      current = describePasted(text, settings.openLimit);
    } catch (error) {
      $('pasted-summary').textContent = t('popupPasteUnreadable', say(error));
      $('pasted-summary').className = 'error';
      return;
    }
    const { the, sites, alerts, notes } = current;
    $('pasted-summary').className = '';
    $('pasted-summary').textContent = t('popupPastedSummary', pages(the.pages), siteCount(sites.length));
    fill('pasted-sites', sites.slice(0, SITES_SHOWN));
    if (sites.length > SITES_SHOWN) $('pasted-sites').append(element('li', { class: 'more' }, t('popupMoreSites', sites.length - SITES_SHOWN)));
    fill('pasted-alerts', alerts);
    // Why the preview page comes first; the warnings just listed are not said twice.
    const why = the.preview.map(say).filter((reason) => !alerts.includes(reason));
    const first = the.preview.length === 0 ? [] : [why.length ? t('popupPreviewFirst', why.join('; ')) : t('popupPreviewFirstWarnings')];
    fill('pasted-notes', [...first, ...notes]);
    button.disabled = the.pages === 0 && the.mode !== 'list';
    button.textContent = the.preview.length || the.mode === 'list' ? t('popupReviewPasted', pages(the.pages)) : t('popupOpenPastedCount', pages(the.pages));
  }

  box.addEventListener('input', () => update().catch((error) => showStatus($('paste-status'), error.message, 'error')));
  button.addEventListener('click', async (event) => {
    if (!event.isTrusted || !current) return;
    button.disabled = true;
    try {
      const opened = await ask('openPasted', { text: box.value, windowId });
      showStatus($('paste-status'), opened.preview ? t('popupPreviewOpened') : t('popupOpened', opened.tabIds?.length ?? 0), 'ok');
    } catch (error) {
      showStatus($('paste-status'), error.message, 'error');
    } finally {
      button.disabled = false;
    }
  });
}

const pages = (n) => (n === 1 ? t('popupOnePage') : t('popupPages', n));
const siteCount = (n) => (n === 1 ? t('popupOneSite') : t('popupSites', n));

// --- Settings ----------------------------------------------------------------------------------

/** The settings, shown as stored (validated: a bad stored value shows as its default), saved on change. */
function setUpSettings(settings) {
  const status = $('settings-status');
  const limit = $('open-limit');
  const error = $('open-limit-error');
  limit.min = String(SETTINGS.openLimit.min);
  limit.max = String(SETTINGS.openLimit.max);
  limit.value = String(settings.openLimit);

  /** Saves the typed limit if it is a whole number in range; otherwise says why and saves nothing. */
  async function commitLimit() {
    const typed = limit.value.trim();
    // A number box gives '' for what is not a number ("abc", "1e"): that is an error too.
    const value = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    const unchanged = value === settings.openLimit && error.textContent === '';
    if (refused(limit, error, settingError('openLimit', value)) || unchanged) return;
    try {
      await saveSetting('openLimit', value);
      settings.openLimit = value;
      // Shown as saved ("007" as 7), unless the person typed on while storage was writing.
      if (limit.value.trim() === typed) limit.value = String(value);
      showStatus(status, t('popupOpenLimitSaved', value), 'ok');
    } catch (failure) {
      showStatus(status, failure.message, 'error');
    }
  }
  limit.addEventListener('change', commitLimit);
  limit.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commitLimit();
  });

  for (const key of ['lazy', 'linkify']) {
    const box = $(key);
    box.checked = settings[key];
    box.addEventListener('change', async () => {
      try {
        await saveSetting(key, box.checked);
        settings[key] = box.checked;
        showStatus(status, t(box.checked ? `popup${capital(key)}On` : `popup${capital(key)}Off`), 'ok');
      } catch (failure) {
        box.checked = settings[key];
        showStatus(status, failure.message, 'error');
      }
    });
  }
}

const capital = (word) => word[0].toUpperCase() + word.slice(1);

/**
 * A settings field's `problem` (or null): shown under it (`error`), the field marked invalid and
 * the status line cleared; true when there is one, and nothing is to be saved.
 */
function refused(field, error, problem) {
  error.textContent = problem ?? '';
  if (problem === null) {
    field.removeAttribute('aria-invalid');
    return false;
  }
  field.setAttribute('aria-invalid', 'true');
  showStatus($('settings-status'), '');
  return true;
}

/** "Web page for web links": an absolute http(s) address, or empty for none; saved on change or Enter. */
function setUpWebBase(settings) {
  const field = $('web-base');
  const error = $('web-base-error');
  const status = $('settings-status');
  field.value = settings.webBase;
  async function commit() {
    const value = field.value.trim();
    if (refused(field, error, settingError('webBase', value)) || value === settings.webBase) return;
    try {
      await saveSetting('webBase', value);
      settings.webBase = value;
      showStatus(status, value ? t('popupWebBaseSaved', value) : t('popupWebBaseCleared'), 'ok');
    } catch (failure) {
      showStatus(status, failure.message, 'error');
    }
  }
  field.addEventListener('change', commit);
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commit();
  });
}

/** @param {string[]} lines */
const unique = (lines) => [...new Set(lines.filter(Boolean))];

async function main() {
  localizePage();
  const windowId = await targetWindow();
  const settings = await readSettings();
  setUpSettings(settings);
  setUpWebBase(settings);
  setUpPaste(windowId, settings);
  await Promise.all([
    setUpShare(windowId),
    setUpOffers(windowId).catch((error) => console.warn('uri-list: could not read what the page offers:', error)),
  ]);
}

main();
