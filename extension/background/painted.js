// What the browser actually painted of a link a person pressed: the ground truth behind the
// content script's visibility check (content.js `paintedAt`), for a press its fast check could not
// call plainly seen.
//
// The content script asks for two screenshots of the tab (`tabs.captureVisibleTab`, which needs
// the `<all_urls>` host permission): one as the page is (`paintShown`), one with the link's own
// painting taken away (`paintHidden`: the content script has set the link's opacity to 0 in
// between). Where the two differ, and only there, is what the link itself painted: its text, its
// image, its background, through every mask, blend mode, filter, colour notation, frame and
// shadow root the page may use. A link that changes nothing a person could see near the pointer
// (or too little: a few pixels) was not seen.
import { api } from '../common/api.js';
import { fromContentScript } from './senders.js';

/**
 * Chrome takes at most two `captureVisibleTab` calls per second per extension
 * (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); a third waits for its turn rather than fail.
 */
const CAPTURES_PER_SECOND = 2;
/** How close to the pointer (CSS px, either way) the link's own painting must be. */
const NEAR_POINTER = 48;
/**
 * The least the link's painting near the pointer may measure, each way (CSS px): the height of
 * small but readable text. A link scaled to 2 px, or in a 3 px font, paints less.
 */
const MIN_PAINTED = 6;
/** A device pixel counts as changed when its channels differ by more than this, summed (of 765). */
const CHANGED = 48;
/** How many screenshots of the link hidden are taken before it counts as having painted nothing, and how far apart (ms). */
const LOOKS = 2;
const LOOK_AGAIN_MS = 200;
/** A shown screenshot is kept this long (ms) for the hidden one to be compared with. */
const KEEP_SHOWN_MS = 5000;

/** Times (performance.now()) of the last captures, for Chrome's quota. */
const captures = [];
/** Shown screenshots by `tabId frameId`: `{bitmap, at}`. */
const shown = new Map();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A screenshot of the visible part of `tab` (which must be its window's active tab), as an ImageBitmap. */
async function capture(tab) {
  for (;;) {
    const now = performance.now();
    while (captures.length > 0 && now - captures[0] >= 1000) captures.shift();
    if (captures.length < CAPTURES_PER_SECOND) break;
    await sleep(1000 - (now - captures[0]) + 5);
  }
  captures.push(performance.now());
  let url;
  for (let attempt = 1; ; attempt += 1) {
    try {
      url = await api.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
      break;
    } catch (error) {
      // Chrome counts its quota from when it takes each screenshot, which the count above can
      // only estimate (a restarted service worker forgets it): past the quota, a second later.
      if (attempt >= 3 || !/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error?.message ?? error))) throw error;
      await sleep(1000);
      captures.push(performance.now());
    }
  }
  return createImageBitmap(await (await fetch(url)).blob());
}

/** The tab a press came from, which must be the one the person sees. */
function pressedTab(sender) {
  const tab = fromContentScript(sender);
  if (!tab.active) throw new Error('the tab is not the one shown');
  return tab;
}

/**
 * The pixels of `bitmap` inside `box` (CSS px of the tab's viewport, `scale` device px each), as
 * RGBA, with where they start and how wide they are.
 */
function pixels(bitmap, { left, top, width, height }, scale) {
  const x = Math.max(0, Math.floor(left * scale));
  const y = Math.max(0, Math.floor(top * scale));
  const w = Math.min(bitmap.width, Math.ceil((left + width) * scale)) - x;
  const h = Math.min(bitmap.height, Math.ceil((top + height) * scale)) - y;
  if (w <= 0 || h <= 0) return null;
  const canvas = new OffscreenCanvas(w, h);
  const context = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d', { willReadFrequently: true }));
  context.drawImage(bitmap, x, y, w, h, 0, 0, w, h);
  return { data: context.getImageData(0, 0, w, h).data, w, h };
}

/**
 * The size (CSS px) of what changed between two screenshots inside `box`: the width and height
 * of the smallest rectangle holding every changed pixel.
 */
function changed(before, after, box, scale) {
  const a = pixels(before, box, scale);
  const b = pixels(after, box, scale);
  if (!a || !b) return { width: 0, height: 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < a.h; y += 1) {
    for (let x = 0; x < a.w; x += 1) {
      const i = (y * a.w + x) * 4;
      const d = Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]);
      if (d <= CHANGED) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return { width: 0, height: 0 };
  return { width: (maxX - minX + 1) / scale, height: (maxY - minY + 1) / scale };
}

const finite = (n) => typeof n === 'number' && Number.isFinite(n);
const isBox = (box) => box !== null && typeof box === 'object' && ['left', 'top', 'width', 'height'].every((k) => finite(box[k]));

/** Message handlers (background.js puts them in its one onMessage listener). */
export const paintMessages = {
  /** A person pressed a link: the tab as it is, kept for `paintHidden`. */
  async paintShown(_message, sender) {
    const tab = pressedTab(sender);
    const key = `${tab.id} ${sender.frameId ?? 0}`;
    shown.get(key)?.bitmap.close();
    shown.delete(key);
    const bitmap = await capture(tab);
    shown.set(key, { bitmap, at: performance.now() });
    return { ok: true };
  },

  /**
   * The same tab with the link's painting taken away. `box`: the link's box in the tab's viewport
   * (CSS px), or null when the link is in a frame whose place in the tab the content script cannot
   * know (a cross-origin parent): then the whole tab is compared. `pointer`: where it was pressed
   * (CSS px of the tab's viewport), or null. Returns `{painted}`: whether the link painted enough
   * of its own near the pointer (or anywhere, without one) for a person to see it.
   */
  async paintHidden({ box, pointer }, sender) {
    const tab = pressedTab(sender);
    const key = `${tab.id} ${sender.frameId ?? 0}`;
    const before = shown.get(key);
    shown.delete(key);
    if (!before || performance.now() - before.at > KEEP_SHOWN_MS) throw new Error('no screenshot of the link as shown');
    try {
      const scale = before.bitmap.width / (tab.width || before.bitmap.width);
      let area = { left: 0, top: 0, width: before.bitmap.width / scale, height: before.bitmap.height / scale };
      if (isBox(box)) area = box;
      if (pointer && finite(pointer.x) && finite(pointer.y)) {
        const left = Math.max(area.left, pointer.x - NEAR_POINTER);
        const top = Math.max(area.top, pointer.y - NEAR_POINTER);
        const right = Math.min(area.left + area.width, pointer.x + NEAR_POINTER);
        const bottom = Math.min(area.top + area.height, pointer.y + NEAR_POINTER);
        area = { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
      }
      // A busy machine may draw the change late (a frame of another process): a link that seems
      // to have painted nothing is looked at once more, a moment later. Only a refusal waits.
      let size = { width: 0, height: 0 };
      for (let look = 0; look < LOOKS; look += 1) {
        if (look > 0) await sleep(LOOK_AGAIN_MS);
        const after = await capture(tab);
        size = changed(before.bitmap, after, area, scale);
        after.close();
        if (size.width >= MIN_PAINTED && size.height >= MIN_PAINTED) return { painted: true, size };
      }
      return { painted: false, size };
    } finally {
      before.bitmap.close();
    }
  },
};
