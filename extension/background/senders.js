// Sender checks: which of the extension's own contexts a message came from. The one onMessage
// listener (background.js) has checked it is this extension; a handler that takes a message from
// only one kind of sender checks which here, and throws for any other.
import { api } from '../common/api.js';
import { isPreviewPage } from '../common/preview.js';

/** A message from this extension's content script (in a web page), not from one of its pages. */
export function fromContentScript(sender) {
  if (!sender.tab || String(sender.url ?? '').startsWith(api.runtime.getURL(''))) {
    throw new Error('this request is only taken from a page the person is on');
  }
  return sender.tab;
}

/** A message from the extension's own popup (or its page opened in a tab, as the tests do). */
export function fromPopup(sender) {
  if (!String(sender.url ?? '').startsWith(api.runtime.getURL(POPUP_PAGE))) {
    throw new Error('this request is only taken from the popup');
  }
}
const POPUP_PAGE = 'popup/popup.html';

/** A message from the extension's own preview page. */
export function fromPreviewPage(sender) {
  // The top frame only: no web page can frame the preview page (the manifest has no web_accessible_resources),
  // and should one ever be able to, a framed preview must not take a person's click for Open.
  if (!sender.tab || sender.frameId !== 0 || !isPreviewPage(sender.url)) throw new Error('this request is only taken from the preview page');
  return sender.tab;
}
