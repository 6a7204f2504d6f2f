// Settings kept in storage.sync, each read and validated in one place (the popup shows them).
import { api } from './api.js';

/**
 * The open-limit: a list with more pages than this shows the preview page instead of
 * opening. 15 is the point at which Firefox asks before opening a bookmark folder
 * (browser.tabs.maxOpenBeforeWarn). Stored as a whole number; anything else reads as the default.
 */
export const OPEN_LIMIT = Object.freeze({ key: 'openLimit', default: 15, min: 1, max: 500 });

/** The open-limit from storage.sync, validated. */
export async function readOpenLimit() {
  const stored = (await api.storage.sync.get(OPEN_LIMIT.key))[OPEN_LIMIT.key];
  return validOpenLimit(stored) ? stored : OPEN_LIMIT.default;
}

export function validOpenLimit(value) {
  return Number.isInteger(value) && value >= OPEN_LIMIT.min && value <= OPEN_LIMIT.max;
}
