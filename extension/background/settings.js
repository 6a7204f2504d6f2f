// The settings as the background reads them: once, at start-up (beside the wasm core's init), and
// again only after storage.sync changed. A click's way to its tabs then holds no storage read.
import { api } from '../common/api.js';
import { readSettings } from '../common/settings.js';

/** @type {ReturnType<typeof readSettings> | null} */
let reading = null;

/** Every setting, validated (common/settings.js readSettings()), read at most once per change. */
export function currentSettings() {
  if (!reading) {
    const read = readSettings();
    // A failed read is not kept: the next caller reads again (and this one says the failure).
    read.catch(() => {
      if (reading === read) reading = null;
    });
    reading = read;
  }
  return reading;
}

// Registered at start-up, before the first read: a change made since is never missed.
api.storage.onChanged.addListener((_changes, area) => {
  if (area === 'sync') reading = null;
});
currentSettings().catch(() => {}); // a failure is said by the handler that awaits the settings
