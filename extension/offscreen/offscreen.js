// Chrome's offscreen document for the clipboard (see writeThroughOffscreenDocument in
// lib/clipboard.js): the background sends {target: 'offscreen', type: 'copy', text, html?}; this
// page copies it with execCommand('copy') (html, when given, as text/html beside the text) and
// answers {ok} or {ok: false, error}.
//
// The text goes through the copy event's clipboardData, not through the textarea's value: a
// textarea turns CRLF into LF, and a text/uri-list's lines end in CRLF (RFC 2483). The textarea
// is still selected, because execCommand('copy') copies only when something is.
import { api } from '../lib/api.js';

function copy(text, html) {
  const area = /** @type {HTMLTextAreaElement} */ (document.getElementById('text'));
  const put = (event) => {
    event.clipboardData.setData('text/plain', text);
    if (typeof html === 'string') event.clipboardData.setData('text/html', html);
    event.preventDefault();
  };
  document.addEventListener('copy', put, { once: true });
  area.value = ' ';
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    document.removeEventListener('copy', put);
    area.value = '';
  }
}

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (message?.target !== 'offscreen' || sender.id !== api.runtime.id) return false;
  if (message.type !== 'copy' || typeof message.text !== 'string') {
    sendResponse({ ok: false, error: `offscreen: unknown request ${JSON.stringify(message.type)}` });
    return false;
  }
  sendResponse(copy(message.text, message.html) ? { ok: true } : { ok: false, error: "execCommand('copy') returned false" });
  return false;
});
