// Settings kept in storage.sync, each described, read and validated in one place. The popup
// shows and edits them; everything else only reads them. A stored value that is not valid (a
// corrupt value, one written by an older version, one set by hand) reads as the default: a
// setting can never break the extension.
import { api } from './api.js';
import { DEFAULT_WEB_BASE } from './distribution.js';

/**
 * Every setting: its storage key, default, and what a valid value is.
 *
 * - `openLimit`: a list with more pages than this shows the preview page instead of opening.
 *   15 is the point at which Firefox asks before opening a bookmark folder
 *   (`browser.tabs.maxOpenBeforeWarn`). A whole number from 1 to 500: more than 500 tabs at
 *   once is never what a person means, and a bigger number would only disable the safety net.
 * - `lazy`: open a list's pages unloaded, all but the first, loading each when it is selected
 *   (the Multilinks explainer: user agents should avoid loading pages until they are looked
 *   at). `true`: always; `false`: never; a whole number N (1 to 500): when more than N pages
 *   open at once. The default is 5 (`LAZY_ABOVE`, see there for why).
 * - `skipDuplicates`: leave out a page the list holds a second time (the core decides what is
 *   the same page: src/check/page.rs). On by default: two tabs of one page are never what the
 *   list's author meant to give, and the person is told how many were left out.
 * - `reverse`: open the pages in the reverse order (the core's `reverse`: the last group first,
 *   each group's last page first). Off by default.
 * - `joinGroup`: when the tab the link is in belongs to a tab group, the pages join that group
 *   instead of forming groups of their own (not with `type=window` or a new window, which the
 *   group cannot reach). Off by default.
 * - `linkify`: make plain-text `uri-list:` links in pages clickable. Off by default: it reads
 *   the text of every page.
 * - `webBase`: the web page web links start with ("Copy as web link"): an absolute http(s)
 *   address where dist/web is hosted, or '' for none. Its default is the distributor's
 *   (common/distribution.js), none in the repository. Which addresses can start web links is
 *   the core's rule alone (src/syntax/web_link.rs `web_base`): the options page asks it before
 *   saving one (the background's `webBaseProblem`), and every web link is made by the core's
 *   `webLink()`, which refuses a base it would not take, saying why (one set by hand in storage).
 *   Here a value is only a string.
 * - `shareFormat`: the format a person last copied tabs in (background/share.js FORMATS), which the
 *   popup shows first and the shortcut copies in.
 * - `shareTemplate`, `shareSeparator`: a person's own format ("My template"): the text for each
 *   tab, with `{title}`, `{url}`, `{index}`, `{host}`, `{group}`, and what goes between two tabs;
 *   `\n` is a line break in both (src/format.rs). A template must hold `{url}`.
 */
/**
 * The formats tabs are copied in, by id, in the order they are offered, each with the name of its
 * name in `_locales` (background/share.js FORMATS says how each is made).
 */
export const SHARE_FORMATS = Object.freeze({
  link: 'formatLink',
  web: 'formatWeb',
  markdown: 'formatMarkdown',
  html: 'formatHtml',
  plain: 'formatPlain',
  text: 'formatText',
  template: 'formatTemplate',
});
const TEXT_MAX = 500;

/** The options page's field of `webBase`, by id: also the fragment that opens the page at it (the popup's "Set up web links"). */
export const WEB_BASE_FIELD = 'web-base';

export const SETTINGS = Object.freeze({
  openLimit: Object.freeze({ default: 15, min: 1, max: 500 }),
  lazy: Object.freeze({ default: 5, min: 1, max: 500 }),
  skipDuplicates: Object.freeze({ default: true }),
  reverse: Object.freeze({ default: false }),
  joinGroup: Object.freeze({ default: false }),
  linkify: Object.freeze({ default: false }),
  webBase: Object.freeze({ default: DEFAULT_WEB_BASE }),
  shareFormat: Object.freeze({ default: 'link' }),
  sharePageTitles: Object.freeze({ default: false }),
  shareTemplate: Object.freeze({ default: '{title}: {url}' }),
  shareSeparator: Object.freeze({ default: '\\n' }),
});

/**
 * The default of `lazy`: lists of more than 5 pages open unloaded but the first. Why 5: each
 * page loaded at once costs its memory and, in Chromium, a process. Measured for heavy article
 * pages (benches/README.md, "Lazy loading"): 30 such pages took 1 154 MiB in Chromium (about 38
 * MiB each, 40 processes) and 603 MiB in Firefox (about 20 MiB each); opened lazily, 118 and
 * 27 MiB. Five loaded pages are then at most about 190 MiB (Chromium) or 100 MiB (Firefox),
 * about what one busy web application takes, and a person reading a short list looks at every
 * page soon anyway; beyond that the cost grows with every page while the person still looks
 * at one at a time. Chrome's unloaded tab is a placeholder page of the extension (background/lazy.js),
 * with costs of its own (its address in history until selected): not worth it for a short list.
 */
export const LAZY_ABOVE = SETTINGS.lazy.default;

/**
 * Whether `pages` pages open lazily under the `lazy` setting `lazy` (true, false, or a number
 * of pages above which they do).
 * @param {boolean | number} lazy
 * @param {number} pages
 */
export function lazyFor(lazy, pages) {
  return typeof lazy === 'number' ? pages > lazy : lazy === true;
}

/** Kept for callers that only need the open-limit's bounds. */
export const OPEN_LIMIT = Object.freeze({ key: 'openLimit', ...SETTINGS.openLimit });

const wholeIn = (value, { min, max }) => Number.isInteger(value) && value >= min && value <= max;
const isBoolean = (value) => typeof value === 'boolean';
const booleanRule = (key) => ({ valid: isBoolean, message: () => `${key} must be true or false` });

/**
 * Each setting's rule: `valid(value)`, and `message(value)`, why a value it refuses is not valid,
 * for the person (from `_locales` where a person can type one). Kept apart so that reading the
 * settings reads no message: the background reads them on a cold start's way to a click, where a
 * worker's first `i18n.getMessage` waits for the locale file (benches/README.md, "Nothing at
 * start-up that the click does not need").
 * A rule for every setting, and none for another: tsc checks both.
 * @type {Readonly<Record<keyof typeof SETTINGS, {valid: (value: any) => boolean, message: (value: any) => string}>>}
 */
const RULES = Object.freeze({
  openLimit: {
    valid: (value) => wholeIn(value, SETTINGS.openLimit),
    message: () => {
      const { min, max } = SETTINGS.openLimit;
      return api.i18n.getMessage('settingOpenLimitInvalid', [String(min), String(max)]) ||
        `the open-limit must be a whole number from ${min} to ${max}`;
    },
  },
  lazy: {
    valid: (value) => isBoolean(value) || wholeIn(value, SETTINGS.lazy),
    message: () => {
      const { min, max } = SETTINGS.lazy;
      return api.i18n.getMessage('settingLazyAboveInvalid', [String(min), String(max)]) ||
        `the number of pages must be a whole number from ${min} to ${max}`;
    },
  },
  skipDuplicates: booleanRule('skipDuplicates'),
  reverse: booleanRule('reverse'),
  joinGroup: booleanRule('joinGroup'),
  linkify: booleanRule('linkify'),
  sharePageTitles: booleanRule('sharePageTitles'),
  // The address itself is the core's to judge (see SETTINGS above): not here, without the wasm.
  webBase: { valid: (value) => typeof value === 'string', message: () => 'webBase must be a string' },
  shareFormat: {
    valid: (value) => typeof value === 'string' && Object.hasOwn(SHARE_FORMATS, value),
    message: () => `shareFormat must be one of ${Object.keys(SHARE_FORMATS).join(', ')}`,
  },
  shareTemplate: {
    valid: (value) => typeof value === 'string' && value.length <= TEXT_MAX && value.includes('{url}'),
    message: (value) =>
      typeof value !== 'string' || value.length > TEXT_MAX
        ? api.i18n.getMessage('templateTooLong', [String(TEXT_MAX)])
        : api.i18n.getMessage('templateNoUrl'),
  },
  shareSeparator: {
    valid: (value) => typeof value === 'string' && value.length <= TEXT_MAX,
    message: () => api.i18n.getMessage('separatorTooLong', [String(TEXT_MAX)]),
  },
});

/**
 * Why `value` is not a valid value for setting `key`, as a message for the person (from
 * `_locales`), or null when it is valid.
 */
export function settingError(key, value) {
  if (!Object.hasOwn(RULES, key)) return `there is no setting named ${key}`;
  const rule = RULES[key];
  return rule.valid(value) ? null : rule.message(value);
}

/** Every setting from storage.sync, each validated: an invalid or missing value reads as its default. */
export async function readSettings() {
  const stored = await api.storage.sync.get(Object.keys(SETTINGS));
  const settings = {};
  for (const [key, { default: fallback }] of Object.entries(SETTINGS)) {
    settings[key] = RULES[key].valid(stored[key]) ? stored[key] : fallback;
  }
  return settings;
}

/** Saves one setting after validating it; throws the message of `settingError` when it is not valid. */
export async function saveSetting(key, value) {
  const error = settingError(key, value);
  if (error !== null) throw new Error(error);
  await api.storage.sync.set({ [key]: value });
}

/** The open-limit from storage.sync, validated. */
export async function readOpenLimit() {
  return (await readSettings()).openLimit;
}

export function validOpenLimit(value) {
  return RULES.openLimit.valid(value);
}
