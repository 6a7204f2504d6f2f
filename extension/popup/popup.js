// The toolbar button's popup. Each section is set up by its own function; the background does
// the work (it owns the wasm core and the clipboard), the popup asks it by message and shows
// the answer, including errors.
import { api } from '../lib/api.js';

const $ = (id) => document.getElementById(id);

/** Asks the background (lib/../background.js `handlers`); throws its error message. */
async function ask(type, payload) {
  const reply = await api.runtime.sendMessage({ type, ...payload });
  if (!reply?.ok) throw new Error(reply?.error ?? 'the extension did not answer');
  return reply.result;
}

/** Fills every element with a `data-i18n` message name with that message. */
function localize() {
  for (const node of document.querySelectorAll('[data-i18n]')) {
    const text = api.i18n.getMessage(node.dataset.i18n);
    if (text) node.textContent = text;
  }
}

/**
 * The window whose tabs the popup copies: the one it was opened from, or `?window=ID` when the
 * popup page is opened on its own (in a tab or window of its own, as the tests do).
 */
async function targetWindow() {
  const param = new URLSearchParams(location.search).get('window');
  return param ? Number(param) : (await api.windows.getCurrent()).id;
}

function showStatus(text, kind = '') {
  $('status').textContent = text;
  $('status').className = kind;
}

/** "Copy tabs as uri-list": the button says how many tabs; the link is shown before and after copying. */
async function setUpShare() {
  const windowId = await targetWindow();
  const button = $('copy');
  const notes = (share) => {
    $('notes').textContent = share.notes.join(' ');
    $('notes').hidden = share.notes.length === 0;
  };
  let preview;
  try {
    preview = await ask('sharePreview', { scope: 'tabs', windowId });
  } catch (error) {
    showStatus(error.message, 'error');
    return;
  }
  if (preview.shared === 0) return showStatus(preview.message, 'error');
  const count = preview.shared;
  button.textContent = api.i18n.getMessage(count === 1 ? 'popupCopyOne' : 'popupCopyMany', [String(count)]);
  button.disabled = false;
  $('link').value = preview.link;
  notes(preview);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const share = await ask('share', { scope: 'tabs', windowId, asText: $('as-text').checked });
      if (share.shared === 0) return showStatus(share.message, 'error');
      $('link').value = share.text;
      notes(share);
      showStatus(share.copied, 'ok');
    } catch (error) {
      showStatus(error.message, 'error');
    } finally {
      button.disabled = false;
    }
  });
}

localize();
setUpShare();
