// The content scripts in the pages that were open at an install or update (Chrome).
//
// Chrome runs the manifest's content scripts only in documents that load after the extension is
// installed or updated (an update comes on its own, every few hours). The pages open then have
// none, or a copy cut off from the extension, which steps aside (content/prelude.js `cutOff`):
// a click on a uri-list link there would only reach the preview page, through the browser's
// failed navigation. So at an install or update the background puts the content scripts into
// every frame of the open tabs that has none, as the manifest would have (wired in background.js
// when `capabilities.fillsOpenPages`). Firefox does this itself.
import { api } from '../common/api.js';

/**
 * Puts the manifest's content scripts into every frame of the open tabs where they are not
 * running (the world of this version's scripts has no `uriList`). A tab the extension may not
 * script (a browser page, the web store), or one unloaded (it gets them when it loads), is left
 * alone. Resolves once every tab is done; returns the number of frames given the scripts.
 */
export async function putIntoOpenPages() {
  const files = api.runtime.getManifest().content_scripts?.flatMap((script) => script.js ?? []) ?? [];
  const tabs = (await api.tabs.query({})).filter((tab) => !tab.discarded && typeof tab.id === 'number');
  const counts = await Promise.all(
    tabs.map(async (tab) => {
      try {
        const found = await api.scripting.executeScript({
          target: { tabId: /** @type {number} */ (tab.id), allFrames: true },
          func: () => typeof globalThis.uriList === 'undefined',
        });
        const frameIds = found.filter((frame) => frame.result === true).map((frame) => frame.frameId);
        if (frameIds.length === 0) return 0;
        await api.scripting.executeScript({ target: { tabId: /** @type {number} */ (tab.id), frameIds }, files });
        return frameIds.length;
      } catch {
        return 0; // a page no extension may script, or one that went away meanwhile
      }
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
