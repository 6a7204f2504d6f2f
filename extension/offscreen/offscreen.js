// Chrome's offscreen document for the clipboard (see writeThroughOffscreenDocument in
// background/clipboard.js): the background sends {target: 'offscreen', type: 'copy', text, html?}; this
// page copies it with execCommand('copy') (html, when given, as text/html beside the text) and
// answers {ok} or {ok: false, error}.
import { api } from '../common/api.js';
import { copyInDocument } from '../common/copy.js';

api.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (message?.target !== 'offscreen' || sender.id !== api.runtime.id) return false;
  if (message.type !== 'copy' || typeof message.text !== 'string') {
    sendResponse({ ok: false, error: `offscreen: unknown request ${JSON.stringify(message.type)}` });
    return false;
  }
  sendResponse(copyInDocument(document, message.text, typeof message.html === 'string' ? message.html : null) ? { ok: true } : { ok: false, error: "execCommand('copy') returned false" });
  return false;
});
