// The options page: the settings, shown as stored (validated: a bad stored value shows as its
// default) and saved as they change. common/settings.js describes and validates them; the popup
// links here.
import { $ } from '../pages/dom.js';
import { localizePage, t } from '../common/i18n.js';
import { ask } from '../common/prelude.js';
import { SETTINGS, WEB_BASE_FIELD, readSettings, saveSetting, settingError } from '../common/settings.js';

/** Shows `text` in the status line ('' hides it); `kind` is 'ok', 'error' or ''. */
function showStatus(text, kind = '') {
  const status = $('settings-status');
  status.textContent = text;
  status.className = `status ${kind}`.trim();
}

/**
 * A field's `problem` (or null): shown under it (`error`), the field marked invalid and the status
 * line cleared; true when there is one, and nothing is to be saved.
 */
function refused(field, error, problem) {
  error.textContent = problem ?? '';
  if (problem === null) {
    field.removeAttribute('aria-invalid');
    return false;
  }
  field.setAttribute('aria-invalid', 'true');
  showStatus('');
  return true;
}

/** `commit()` when the field's value is changed (it loses the focus) or Enter is pressed in it. */
function onCommit(field, commit) {
  field.addEventListener('change', commit);
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commit();
  });
}

/** What was typed in a number box, as a whole number; NaN for anything else (a box gives '' for "abc"). */
const wholeNumber = (typed) => (/^\d+$/.test(typed) ? Number(typed) : Number.NaN);

/**
 * Saves a setting and says so in the status line (`saidOk`), or says why it failed; true when
 * it was saved, and `settings` then holds the value.
 */
async function store(settings, key, value, saidOk) {
  try {
    await saveSetting(key, value);
    settings[key] = value;
    showStatus(saidOk, 'ok');
    return true;
  } catch (failure) {
    showStatus(failure.message, 'error');
    return false;
  }
}

/** The number of pages that open at once: saved when it is a whole number in range; otherwise says why. */
function setUpOpenLimit(settings) {
  const limit = $('open-limit');
  const error = $('open-limit-error');
  limit.min = String(SETTINGS.openLimit.min);
  limit.max = String(SETTINGS.openLimit.max);
  limit.value = String(settings.openLimit);

  async function commit() {
    const typed = limit.value.trim();
    const value = wholeNumber(typed);
    const unchanged = value === settings.openLimit && error.textContent === '';
    if (refused(limit, error, settingError('openLimit', value)) || unchanged) return;
    // Shown as saved ("007" as 7), unless the person typed on while storage was writing.
    if ((await store(settings, 'openLimit', value, t('optionsOpenLimitSaved', value))) && limit.value.trim() === typed) limit.value = String(value);
  }
  onCommit(limit, commit);
}

/**
 * "Load pages only when I look at them": when more than N pages open at once (the default, with
 * its number), always, or never; stored as N, true or false (common/settings.js). The number is
 * saved when it is a whole number in range; otherwise it says why.
 */
function setUpLazy(settings) {
  const count = $('lazy-count');
  const error = $('lazy-count-error');
  const { min, max, default: fallback } = SETTINGS.lazy;
  count.min = String(min);
  count.max = String(max);
  const mode = (lazy) => (typeof lazy === 'number' ? 'above' : lazy ? 'always' : 'never');
  const radio = (value) => /** @type {HTMLInputElement} */ (document.querySelector(`input[name="lazy"][value="${value}"]`));
  radio(mode(settings.lazy)).checked = true;
  count.value = String(typeof settings.lazy === 'number' ? settings.lazy : fallback);
  count.disabled = typeof settings.lazy !== 'number';

  const save = (value) =>
    store(settings, 'lazy', value, typeof value === 'number' ? t('optionsLazyAboveSaved', value) : t(value ? 'optionsLazyOn' : 'optionsLazyOff'));
  async function commitCount() {
    const typed = count.value.trim();
    const value = wholeNumber(typed);
    if (refused(count, error, settingError('lazy', value)) || value === settings.lazy) return;
    await save(value);
    if (count.value.trim() === typed) count.value = String(value);
  }
  for (const box of document.querySelectorAll('input[name="lazy"]')) {
    box.addEventListener('change', async () => {
      const chosen = /** @type {HTMLInputElement} */ (box).value;
      count.disabled = chosen !== 'above';
      if (chosen !== 'above') refused(count, error, null);
      if (chosen === 'above') return commitCount();
      await save(chosen === 'always');
    });
  }
  onCommit(count, commitCount);
}

/** The checkboxes: each saved as it changes, and said so. */
function setUpChecks(settings) {
  const said = {
    linkify: ['optionsLinkifyOn', 'optionsLinkifyOff'],
    skipDuplicates: ['optionsDuplicatesOn', 'optionsDuplicatesOff'],
    reverse: ['optionsReverseOn', 'optionsReverseOff'],
    joinGroup: ['optionsJoinGroupOn', 'optionsJoinGroupOff'],
  };
  for (const [key, [on, off]] of Object.entries(said)) {
    const box = $(key);
    box.checked = settings[key];
    box.addEventListener('change', async () => {
      // Not saved: the box shows what is stored.
      if (!(await store(settings, key, box.checked, t(box.checked ? on : off)))) box.checked = settings[key];
    });
  }
}

/**
 * Why `base` cannot start web links, in the core's words (the background asks the wasm:
 * src/syntax/web_link.rs `web_base`, the rule every web link is made by), or null; '' is none.
 * @param {string} base
 */
async function webBaseProblem(base) {
  return base === '' ? null : (await ask('webBaseProblem', { base })).problem;
}

/**
 * "Web page for web links": an absolute http(s) address that the core takes, or empty for none;
 * saved on change or Enter. A stored one the core would not take (set by hand) is said at once.
 */
async function setUpWebBase(settings) {
  const field = /** @type {HTMLInputElement} */ ($(WEB_BASE_FIELD));
  const error = $('web-base-error');
  field.value = settings.webBase;
  let asked = 0;
  async function commit() {
    const value = field.value.trim();
    const turn = ++asked;
    const problem = await webBaseProblem(value);
    if (turn !== asked) return; // typed on and committed again meanwhile
    if (refused(field, error, problem) || value === settings.webBase) return;
    await store(settings, 'webBase', value, value ? t('optionsWebBaseSaved', value) : t('optionsWebBaseCleared'));
  }
  onCommit(field, commit);
  if (settings.webBase) refused(field, error, await webBaseProblem(settings.webBase));
  // Opened at this field (the popup's "Set up web links…"): it is what the person came for.
  if (location.hash === `#${WEB_BASE_FIELD}`) {
    field.scrollIntoView({ block: 'center' });
    field.focus();
  }
}

/**
 * "My template" and what goes between two tabs: the example under them follows each key press
 * (made by the core, in the background); each is saved on change when the template can be used,
 * else the message under them says why.
 */
function setUpTemplate(settings) {
  const template = $('template');
  const separator = $('separator');
  const error = $('template-error');
  const example = $('template-example');
  const figure = /** @type {HTMLElement} */ (example.closest('figure'));
  template.value = settings.shareTemplate;
  separator.value = settings.shareSeparator;
  let shown = 0;
  async function show() {
    const asked = ++shown;
    const made = await ask('templateExample', { template: template.value, separator: separator.value });
    if (asked !== shown) return; // a newer key press has asked since
    const unusable = judge(made.error ?? settingError('shareTemplate', template.value));
    example.textContent = made.text ?? '';
    // No example of what cannot be used: the message above says why.
    figure.hidden = unusable || !made.text;
  }
  /**
   * Marks each of the two fields whose value cannot be used, and says why under them (the
   * template's problem first), with no example then (whether a key press or a commit judged
   * first); true when either cannot be.
   */
  function judge(templateProblem) {
    const separatorProblem = settingError('shareSeparator', separator.value);
    for (const [field, problem] of /** @type {const} */ ([[template, templateProblem], [separator, separatorProblem]])) {
      if (problem === null) field.removeAttribute('aria-invalid');
      else field.setAttribute('aria-invalid', 'true');
    }
    const unusable = refused(templateProblem === null ? separator : template, error, templateProblem ?? separatorProblem);
    if (unusable) figure.hidden = true;
    return unusable;
  }
  async function commit() {
    const values = { shareTemplate: template.value, shareSeparator: separator.value };
    if (judge(settingError('shareTemplate', template.value))) return;
    try {
      for (const [key, value] of Object.entries(values)) {
        if (value !== settings[key]) await saveSetting(key, value);
        settings[key] = value;
      }
      showStatus(t('optionsTemplateSaved'), 'ok');
    } catch (failure) {
      showStatus(failure.message, 'error');
    }
  }
  for (const field of [template, separator]) {
    field.addEventListener('input', () => show().catch((failure) => showStatus(failure.message, 'error')));
    onCommit(field, commit);
  }
  return show();
}

localizePage();
const settings = await readSettings();
setUpOpenLimit(settings);
setUpLazy(settings);
setUpChecks(settings);
await Promise.all([setUpWebBase(settings), setUpTemplate(settings)]);
