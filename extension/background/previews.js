// What the preview page shows is kept in storage.local (`preview.<id>`: {link, text, reason}),
// not in its URL: a link may be up to 2 MiB, a URL in Chrome at most 2 MiB after
// percent-encoding (which can triple a link). storage.local rather than storage.session: a
// preview page must still show its list after the browser restores it (a restart) or opens it
// again after an update of the extension (background/update.js), and Chrome clears storage.session on
// both. An entry goes when its tab closes (`forgetPreviewsOfTab`); one whose tab is gone
// otherwise (the browser quit) goes the next time a preview is stored. Chrome's storage.local
// holds 10 MB: when it is full, the oldest entries make room.
import { api } from '../common/api.js';
import { previewKey } from '../common/preview.js';

const PREVIEW_INDEX = 'previews'; // [{id, tabId, at}], oldest first
/** A stored preview whose tab is not found yet (being opened, or restored) is kept this long. */
const PREVIEW_GRACE_MS = 60_000;

/** Keeps `entry` ({link, text, reason}) for a preview page; its id. */
export async function storePreview(entry) {
  const id = crypto.randomUUID();
  await forgetOrphanPreviews();
  for (;;) {
    try {
      await api.storage.local.set({ [previewKey(id)]: entry });
      break;
    } catch (error) {
      // Full: the oldest preview makes room; with none left to drop, the error stands.
      const index = await previewIndex();
      if (index.length === 0) throw error;
      await api.storage.local.remove(previewKey(index[0].id));
      await api.storage.local.set({ [PREVIEW_INDEX]: index.slice(1) });
    }
  }
  await api.storage.local.set({ [PREVIEW_INDEX]: [...(await previewIndex()), { id, tabId: null, at: Date.now() }] });
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
  await api.storage.local.remove([...ids].map(previewKey));
  await api.storage.local.set({ [PREVIEW_INDEX]: index.filter((entry) => !ids.has(entry.id)) });
}

/** A tab closed: the previews it showed are forgotten. */
export async function forgetPreviewsOfTab(tabId) {
  const index = await previewIndex();
  await forget(index, index.filter((entry) => entry.tabId === tabId));
}

/** Previews no open tab shows (their tab closed while the browser was not looking), past the grace time. */
async function forgetOrphanPreviews() {
  const index = await previewIndex();
  if (index.length === 0) return;
  const shown = (await api.tabs.query({})).map((tab) => `${tab.url ?? ''} ${tab.pendingUrl ?? ''}`).join(' ');
  const old = Date.now() - PREVIEW_GRACE_MS;
  await forget(index, index.filter((entry) => !(entry.at > old) && !shown.includes(entry.id)));
}
