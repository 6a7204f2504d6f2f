// Share, as a person reaches it: the tab context menu items, the keyboard shortcut, the popup's
// requests; each copies, then confirms on the toolbar button (badge and tooltip) and, when the
// person is not looking at the popup, in a notification.
import { api } from './api.js';
import { writeClipboard } from './clipboard.js';
import { tabContexts } from './menus.js';
import { describeCopy, makeShare, NothingToShare } from './share.js';

const BADGE_SECONDS = 30;
const COLOR_OK = '#1a7f37';
const COLOR_WARN = '#b35900';

/**
 * Makes the share for `scope`, puts it on the clipboard and confirms it. Returns the share
 * with `copied` ("Copied 3 tabs ...") and `message` (that and the notes: the whole confirmation
 * the person was shown); when no tab could be shared, only `{shared: 0, message}` (nothing was copied). Throws if the copy itself failed.
 *
 * @param {string} scope 'tabs' | 'group' | 'window'
 * @param {{windowId?: number, clicked?: object, asText?: boolean, asWeb?: boolean, notify?: boolean}} options
 *   `asWeb`: as a web link on the `webBase` setting (with none set, nothing is copied and the
 *   confirmation says how to set one)
 */
export async function copyShare(scope, { windowId, clicked, asText = false, asWeb = false, notify = true }) {
  let share;
  try {
    share = await makeShare(scope, { windowId, clicked, asText, asWeb });
    await writeClipboard(share.text);
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

/** The same confirmation for other copies (lib/bookmarks.js): `warn` colours the badge as a warning. */
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

/** The tab context menu items, `{properties, onClicked(info, tab)}` ("tab" context where the browser has it). */
export function shareMenuItems() {
  const contexts = tabContexts();
  const item = (id, message, scope, form = {}) => ({
    properties: { id, title: api.i18n.getMessage(message), contexts },
    onClicked: (info, tab) => copyShare(scope, { clicked: tab, ...form }),
  });
  return [
    item('share-tabs', 'menuShareTabs', 'tabs'),
    item('share-tabs-text', 'menuShareTabsText', 'tabs', { asText: true }),
    item('share-group', 'menuShareGroup', 'group'),
    item('share-window', 'menuShareWindow', 'window'),
    item('share-tabs-web', 'menuShareTabsWeb', 'tabs', { asWeb: true }),
    item('share-group-web', 'menuShareGroupWeb', 'group', { asWeb: true }),
    item('share-window-web', 'menuShareWindowWeb', 'window', { asWeb: true }),
  ];
}

/** Keyboard shortcuts (manifest `commands`) by name; each gets the active tab. */
export const shareCommands = {
  /** Copies the highlighted tabs of the window the shortcut was pressed in. */
  'copy-tabs': (tab) => copyShare('tabs', { windowId: tab?.windowId }),
  /** The same as a web link. */
  'copy-tabs-web': (tab) => copyShare('tabs', { windowId: tab?.windowId, asWeb: true }),
};

/** The popup's requests (background.js puts them in its one onMessage listener). */
export const shareMessages = {
  /** What "Copy tabs" would copy, for the popup to show before copying: the link, the count, the notes. */
  async sharePreview({ scope, windowId }) {
    try {
      return await makeShare(String(scope), { windowId: Number(windowId) });
    } catch (error) {
      if (error instanceof NothingToShare) return { shared: 0, message: error.message };
      throw error;
    }
  },
  /** The popup's "Copy tabs as uri-list": copy and confirm (the popup shows the result itself). */
  async share({ scope, windowId, asText, asWeb }) {
    return copyShare(String(scope), { windowId: Number(windowId), asText: asText === true, asWeb: asWeb === true, notify: false });
  },
};
