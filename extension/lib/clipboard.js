// Writing text to the clipboard from the background. The two browsers need two ways; each is a
// named helper, and `writeClipboard` picks one by what the browser has (not by its name).
import { api } from './api.js';
import { t } from './i18n.js';
import { ask } from './prelude.js';

const OFFSCREEN_PAGE = 'offscreen/offscreen.html';

/** Puts `text` on the clipboard. Throws if the browser refused. */
export async function writeClipboard(text) {
  if (api.offscreen) return writeThroughOffscreenDocument(text);
  return writeFromBackgroundPage(text);
}

/**
 * Firefox: its background is a page, and `navigator.clipboard.writeText` works there with the
 * `clipboardWrite` permission.
 */
async function writeFromBackgroundPage(text) {
  await navigator.clipboard.writeText(text);
}

/**
 * Chrome: a service worker has no DOM and no clipboard, so an offscreen document (reason
 * CLIPBOARD) copies. There, `navigator.clipboard.writeText` fails ("Document is not focused",
 * https://issues.chromium.org/issues/40738006), so offscreen.js selects a textarea and runs
 * `execCommand('copy')`. Copies run one at a time: Chrome allows one offscreen document.
 *
 * The document is not closed as soon as it answers: `execCommand('copy')` returns before the
 * browser has stored the text (the renderer sends it on a pipe of its own), and a document closed
 * right away can take the write with it. Seen in Chromium 156 under load: "copied", and the
 * clipboard unchanged, now and then (the e2e suite under CPU load). So the document stays until no copy has come for
 * `OFFSCREEN_LINGER` ms, and the next copy reuses it; if the service worker stops first, the
 * document stays until the next copy, which finds it open.
 */
function writeThroughOffscreenDocument(text) {
  const run = queue.then(async () => {
    clearTimeout(closeTimer);
    await openOffscreenDocument();
    try {
      await ask('copy', { target: 'offscreen', text });
    } catch (error) {
      throw new Error(t('clipboardRefused', error.message));
    } finally {
      closeTimer = setTimeout(closeOffscreenDocument, OFFSCREEN_LINGER);
    }
  });
  queue = run.catch(() => {}); // the caller gets the error from `run`; the next copy still runs
  return run;
}
let queue = Promise.resolve();
let closeTimer;
const OFFSCREEN_LINGER = 5000;

async function openOffscreenDocument() {
  if (await offscreenDocumentIsOpen()) return;
  await api.offscreen.createDocument({
    url: OFFSCREEN_PAGE,
    reasons: ['CLIPBOARD'],
    justification: 'Write the uri-list link a person asked to copy to the clipboard',
  });
}

async function offscreenDocumentIsOpen() {
  const url = api.runtime.getURL(OFFSCREEN_PAGE);
  const open = await api.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] });
  return open.length > 0;
}

/** Closes the offscreen document, unless a copy has started since (it is queued behind us). */
function closeOffscreenDocument() {
  queue = queue.then(async () => {
    if (await offscreenDocumentIsOpen()) await api.offscreen.closeDocument();
  });
}
