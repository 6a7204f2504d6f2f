// Share, as a person reaches it: the tab context menu items, the keyboard shortcut, the popup's
// requests; each copies, then confirms on the toolbar button (badge and tooltip) and, when the
// person is not looking at the popup, in a notification.
import { api } from '../common/api.js';
import { writeClipboard } from './clipboard.js';
import { tabContexts } from './menus.js';
import { saveSetting, SHARE_FORMATS } from '../common/settings.js';
import { describeCopy, lastFormat, makeShare, NothingToShare, templateExample, webBaseProblem } from './share.js';

const BADGE_SECONDS = 30;
const COLOR_OK = '#1a7f37';
const COLOR_WARN = '#b35900';

/**
 * Makes the share for `scope`, puts it on the clipboard and confirms it. Returns the share
 * with `copied` ("Copied 3 tabs ...") and `message` (that and the notes: the whole confirmation
 * the person was shown); when no tab could be shared, only `{shared: 0, message}` (nothing was copied). Throws if the copy itself failed.
 *
 * @param {string} scope 'tabs' | 'group' | 'window'
 * @param {{windowId?: number, clicked?: object, format?: string, remember?: boolean, asText?: boolean, asWeb?: boolean,
 *   notify?: boolean, pageTitles?: boolean}} options
 *   `format`: one of background/share.js FORMATS (`asText`, `asWeb`: 'text', 'web'); `remember`: it becomes
 *   the format the shortcut and the popup use next (a person's own choice of it). As a web link
 *   with no web page set, nothing is copied and the confirmation says how to set one.
 */
export async function copyShare(scope, { windowId, clicked, format, remember = false, asText = false, asWeb = false, notify = true, pageTitles }) {
  let share;
  try {
    share = await makeShare(scope, { windowId, clicked, format, asText, asWeb, pageTitles });
    await writeClipboard(share.text, share.html);
    if (remember) await saveSetting('shareFormat', share.format);
    // A person's choice for this copy is their choice for the next ones (the menus, the shortcut).
    if (typeof pageTitles === 'boolean') await saveSetting('sharePageTitles', pageTitles);
  } catch (error) {
    await confirm({ badge: '!', color: COLOR_WARN, message: error.message, notify });
    if (error instanceof NothingToShare) return { shared: 0, message: error.message };
    throw error;
  }
  const copied = describeCopy(share);
  const message = [copied, ...share.notes].join(' ');
  await confirm({ badge: String(share.shared), color: share.notes.length ? COLOR_WARN : COLOR_OK, message, notify });
  return { ...share, copied, message };
}

const BADGE_ALARM = 'share-badge';

/** The same confirmation for other copies (background/bookmarks.js): `warn` colours the badge as a warning. */
export function confirmCopy({ badge, warn, message, notify }) {
  return confirm({ badge, color: warn ? COLOR_WARN : COLOR_OK, message, notify });
}

/** The badge, the button's tooltip and (with `notify`) a notification say `message`. */
async function confirm({ badge, color, message, notify }) {
  await api.action.setBadgeBackgroundColor({ color });
  await api.action.setBadgeText({ text: badge });
  await api.action.setTitle({ title: message });
  // An alarm, not a timer: Chrome stops an idle service worker after 30 s, and its timers with
  // it; an alarm wakes it up again. Creating it again replaces the one before.
  await api.alarms.create(BADGE_ALARM, { delayInMinutes: BADGE_SECONDS / 60 });
  if (notify) await showNotification(message);
}

async function clearBadge() {
  await api.action.setBadgeText({ text: '' });
  await api.action.setTitle({ title: '' }); // back to the manifest's default_title
}

/**
 * A notification is a second channel: a browser or a system that shows none (no notification
 * server, notifications turned off) still has the badge, so its failure is reported, not thrown.
 */
async function showNotification(message) {
  try {
    await api.notifications.create('uri-list-share', {
      type: 'basic',
      iconUrl: api.runtime.getURL('icons/icon-128.png'),
      title: api.i18n.getMessage('extName'),
      message,
    });
  } catch (error) {
    console.warn('uri-list: no notification:', error?.message ?? error);
  }
}

/** Alarms by name (background.js dispatches them): the confirmation badge goes after a while. */
export const shareAlarms = { [BADGE_ALARM]: clearBadge };

/**
 * The tab context menu items, `{properties, onClicked(info, tab)}` ("tab" context where the
 * browser has it): three short entries, "Copy tabs as…", "Copy tab group as…", "Copy window as…",
 * each with a submenu of the formats (FORMATS, in its order). An item's id is `share-SCOPE`
 * for the uri-list link, `share-SCOPE-FORMAT` for the others.
 */
export function shareMenuItems() {
  const contexts = tabContexts();
  const parents = { tabs: 'menuShareTabsAs', group: 'menuShareGroupAs', window: 'menuShareWindowAs' };
  return Object.entries(parents).flatMap(([scope, message]) => [
    { titleMessage: message, properties: { id: `share-${scope}-as`, contexts }, onClicked: () => undefined },
    ...Object.entries(SHARE_FORMATS).map(([format, name]) => ({
      titleMessage: name,
      properties: {
        id: format === 'link' ? `share-${scope}` : `share-${scope}-${format}`,
        parentId: `share-${scope}-as`,
        contexts,
      },
      onClicked: (info, tab) => copyShare(scope, { clicked: tab, format, remember: true }),
    })),
  ]);
}

/** Keyboard shortcuts (manifest `commands`) by name; each gets the active tab. */
export const shareCommands = {
  /** Copies the highlighted tabs of the window the shortcut was pressed in, in the format last used. */
  'copy-tabs': async (tab) => copyShare('tabs', { windowId: tab?.windowId, format: await lastFormat() }),
  /** The same as a web link. */
  'copy-tabs-web': (tab) => copyShare('tabs', { windowId: tab?.windowId, asWeb: true }),
};

/** The popup's requests (background.js puts them in its one onMessage listener). */
export const shareMessages = {
  /**
   * What "Copy tabs" would copy, for the popup to show before copying: the link, the count, the
   * notes; with `asWeb`, `text` is the web link (the popup's QR code), with the tabs' titles as
   * `pageTitles` says (else as the setting says).
   */
  async sharePreview({ scope, windowId, asWeb, pageTitles }) {
    const titles = typeof pageTitles === 'boolean' ? { pageTitles } : {};
    try {
      return { ...(await makeShare(String(scope), { windowId: Number(windowId), asWeb: asWeb === true, ...titles })), format: await lastFormat() };
    } catch (error) {
      // Before any copy: what a copy would meet, not that one failed.
      if (error instanceof NothingToShare) return { shared: 0, message: error.ahead };
      throw error;
    }
  },
  /**
   * The popup's "Copy tabs": copy in `format` (remembered as the last used) and confirm (the popup
   * shows the result itself); `asWeb`: its "Copy as web link" button, not remembered;
   * `pageTitles`: whether the link carries the tabs' titles (remembered: the `sharePageTitles` setting).
   */
  async share({ scope, windowId, format, asWeb, pageTitles }) {
    const chosen = asWeb === true ? { asWeb: true } : { format: String(format ?? 'link'), remember: true };
    const titles = typeof pageTitles === 'boolean' ? { pageTitles } : {};
    return copyShare(String(scope), { windowId: Number(windowId), ...chosen, ...titles, notify: false });
  },
  /** The options page's live example of a template: two sample pages, or why it cannot be used. */
  async templateExample({ template, separator }) {
    return templateExample(String(template), String(separator));
  },
  /**
   * The options page's web page field: `{problem}`, why the core would not start web links with
   * `base` (in the browser's language), or null when it would.
   */
  async webBaseProblem({ base }) {
    return { problem: webBaseProblem(String(base)) };
  },
};
