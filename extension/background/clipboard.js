// Writing text to the clipboard from the background. The two browsers need two ways; each is a
// named helper, and `writeClipboard` picks one by what the browser has (not by its name).
import { api } from '../common/api.js';
import { t } from '../common/i18n.js';
import { copyInDocument } from '../common/copy.js';
import { ask } from '../common/prelude.js';

const OFFSCREEN_PAGE = 'offscreen/offscreen.html';

/**
 * Puts `text` on the clipboard (text/plain) and, when `html` is given, `html` with it (text/html):
 * editors that take HTML paste that, the others the text. Throws if the browser refused.
 *
 * @param {string} text
 * @param {string | null} [html]
 */
export async function writeClipboard(text, html = null) {
  if (api.offscreen) return writeThroughOffscreenDocument(text, html);
  return writeFromBackgroundPage(text, html);
}

/**
 * Firefox: its background is a page, and `navigator.clipboard.writeText` works there with the
 * `clipboardWrite` permission. HTML goes through a copy event instead (`copyInDocument`): Firefox
 * 153's `navigator.clipboard.write` with a text/html ClipboardItem stores the markup parsed and
 * written again as a whole document (`<html><head></head><body>…`, quotes unescaped), not as given.
 */
async function writeFromBackgroundPage(text, html) {
  if (html === null) return navigator.clipboard.writeText(text);
  if (!copyInDocument(document, text, html)) throw new Error(t('clipboardRefused', "execCommand('copy') returned false"));
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
function writeThroughOffscreenDocument(text, html) {
  const run = queue.then(async () => {
    clearTimeout(closeTimer);
    await openOffscreenDocument();
    try {
      await ask('copy', { target: 'offscreen', text, html });
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
