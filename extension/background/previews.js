// What the preview page shows is kept in storage.local (`preview.<id>`: {link, text, reason};
// a private window's in storage.session, in memory, never on disk: `storePreview`),
// not in its URL: a link may be up to 2 MiB, a URL in Chrome at most 2 MiB after
// percent-encoding (which can triple a link). storage.local rather than storage.session: a
// preview page must still show its list after the browser restores it (a restart) or opens it
// again after an update of the extension (background/update.js), and Chrome clears storage.session on
// both. An entry goes when its tab closes (`forgetPreviewsOfTab`, while the background runs and
// keeps a preview: background/closed-tabs.js); one whose tab closed while the background was
// stopped goes when it next starts (`forgetClosedPreviews`); one kept from an earlier browser
// session (the browser quit, or Chrome updated the extension) goes once no tab shows it, the next
// time a preview is stored. Chrome's storage.local holds 10 MB: when it is full, the oldest
// entries make room.
import { api } from '../common/api.js';
import { previewKey } from '../common/preview.js';
import { forgetOnClose } from './closed-tabs.js';

const PREVIEW_INDEX = 'previews'; // [{id, tabId, at, session?}], oldest first
/**
 * In storage.session: `true` while a preview stored in this browser session is kept. Read as the
 * background starts, which then looks at storage.local only if it is set (Firefox's first read of
 * storage.local can take long, and a background page it unloads meanwhile logs the read as an
 * error; a new session's restored preview pages keep theirs until a preview is stored).
 */
const PREVIEWS_KEPT = 'previewsKept';
/** A stored preview whose tab is not found yet (being opened, or restored) is kept this long. */
const PREVIEW_GRACE_MS = 60_000;

/** A tab closed while a preview is kept: the previews it showed are forgotten. */
const keepPreviews = forgetOnClose('previews', forgetPreviewsOfTab);

/**
 * Keeps `entry` ({link, text, reason}) for a preview page; its id. A preview of a private window's
 * tab (`inPrivate`) is kept in storage.session, in memory: a private window's list is never
 * written to disk, and goes with the browser session (or its tab) whatever happens. The index
 * entry (an id, a tab, a time: nothing of the list) says where.
 */
export async function storePreview(entry, { inPrivate = false } = {}) {
  const id = crypto.randomUUID();
  await forgetOrphanPreviews();
  if (inPrivate) {
    await api.storage.session.set({ [previewKey(id)]: entry });
    await api.storage.local.set({ [PREVIEW_INDEX]: [...(await previewIndex()), { id, tabId: null, at: Date.now(), session: true }] });
    keepPreviews(true);
    await api.storage.session.set({ [PREVIEWS_KEPT]: true });
    return id;
  }
  for (;;) {
    try {
      await api.storage.local.set({ [previewKey(id)]: entry });
      break;
    } catch (error) {
      // Full: the oldest preview makes room; with none left to drop, the error stands.
      const index = await previewIndex();
      const oldest = index.find((stored) => !stored.session);
      if (!oldest) throw error;
      await api.storage.local.remove(previewKey(oldest.id));
      await api.storage.local.set({ [PREVIEW_INDEX]: index.filter((stored) => stored !== oldest) });
    }
  }
  await api.storage.local.set({ [PREVIEW_INDEX]: [...(await previewIndex()), { id, tabId: null, at: Date.now() }] });
  keepPreviews(true);
  await api.storage.session.set({ [PREVIEWS_KEPT]: true });
  return id;
}

async function previewIndex() {
  const { [PREVIEW_INDEX]: index } = await api.storage.local.get(PREVIEW_INDEX);
  return Array.isArray(index) ? index : [];
}

/** Notes the tab that shows preview `id`. */
export async function notePreviewTab(id, tabId) {
  const index = await previewIndex();
  await api.storage.local.set({ [PREVIEW_INDEX]: index.map((entry) => (entry.id === id ? { ...entry, tabId } : entry)) });
}

/** Forgets the previews in `gone` (index entries). */
async function forget(index, gone) {
  if (gone.length === 0) return;
  const ids = new Set(gone.map((entry) => entry.id));
  await api.storage.local.remove(gone.filter((entry) => !entry.session).map((entry) => previewKey(entry.id)));
  const inMemory = gone.filter((entry) => entry.session).map((entry) => previewKey(entry.id));
  if (inMemory.length > 0) await api.storage.session.remove(inMemory);
  const left = index.filter((entry) => !ids.has(entry.id));
  await api.storage.local.set({ [PREVIEW_INDEX]: left });
  if (left.length === 0) await keepingNone();
}

/** No preview is kept any more. */
async function keepingNone() {
  keepPreviews(false);
  await api.storage.session.remove(PREVIEWS_KEPT);
}

/** A tab closed (or about to show another preview): the previews it showed are forgotten. */
export async function forgetPreviewsOfTab(tabId) {
  const index = await previewIndex();
  await forget(index, index.filter((entry) => entry.tabId === tabId));
}

/** Previews no open tab shows (their tab closed while the background was not looking): at once if their own tab is gone, else past the grace time. */
async function forgetOrphanPreviews() {
  const index = await previewIndex();
  if (index.length === 0) return;
  const tabs = await api.tabs.query({});
  const shown = tabs.map((tab) => `${tab.url ?? ''} ${tab.pendingUrl ?? ''}`).join(' ');
  const open = new Set(tabs.map((tab) => tab.id));
  const old = Date.now() - PREVIEW_GRACE_MS;
  // Not shown in any tab, and its own tab closed (no grace: it is not being opened), or past the grace.
  const gone = (entry) => !shown.includes(entry.id) && ((entry.tabId !== null && !open.has(entry.tabId)) || !(entry.at > old));
  await forget(index, index.filter(gone));
}

/**
 * As the background starts (background.js): the
 * previews of tabs closed while it was stopped are forgotten, and a tab's close is listened to
 * while one is left.
 */
export async function forgetClosedPreviews() {
  const { [PREVIEWS_KEPT]: kept } = await api.storage.session.get(PREVIEWS_KEPT);
  if (kept !== true) return;
  await forgetOrphanPreviews();
  if ((await previewIndex()).length > 0) keepPreviews(true);
  else await keepingNone();
}
