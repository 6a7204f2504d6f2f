// The optional `bookmarks` permission, asked for on a page (the popup, the preview page) when a
// person first uses a bookmark feature. The browser shows its prompt only for a request made in
// the person's gesture: `requestBookmarks()` must be the first thing a click handler calls,
// before any await (the request's own promise is then awaited).
import { api } from '../common/prelude.js';

/**
 * Asks for the permission (the browser asks the person unless it is already granted). Resolves
 * with whether it is granted; a browser that refuses the request resolves false.
 * @returns {Promise<boolean>}
 */
export function requestBookmarks() {
  try {
    return Promise.resolve(api.permissions.request({ permissions: ['bookmarks'] })).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}
