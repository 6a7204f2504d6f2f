// Content script (a classic script: content scripts cannot be ES modules), in every frame.
//
// Browsers do not know the uri-list: scheme: a click on such a link would be tried as an
// external protocol and fail. So clicks on these links are caught here, in the capture phase,
// before the page's own handlers, and the browser's own handling is cancelled. Only a
// person's own action (a trusted event) asks the background to open the link: a page script
// calling link.click() or dispatchEvent() opens nothing.
(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const LINK_SCHEME = /^\s*(?:uri-list|multi|web\+urilist|ext\+urilist):/i;
  const MIDDLE_BUTTON = 1;

  /** The uri-list link an event is on (HTML or SVG `a`, or `area`), or null. */
  function uriListLink(event) {
    for (const node of event.composedPath()) {
      if (node.localName !== 'a' && node.localName !== 'area') continue;
      const href = typeof node.href === 'string' ? node.href : node.href?.baseVal;
      return typeof href === 'string' && LINK_SCHEME.test(href) ? { node, href: href.trim() } : null;
    }
    return null;
  }

  /** The words a person sees for a link: they can name the group when the link has no title. */
  function linkText(node) {
    return (
      node.getAttribute('aria-label') ||
      node.innerText ||
      node.textContent ||
      node.getAttribute('alt') ||
      node.getAttribute('title') ||
      ''
    );
  }

  /**
   * @param {Event} event
   * @param {boolean} active whether the first new tab should take the focus
   */
  function activate(event, active) {
    const link = uriListLink(event);
    if (!link) return;
    event.preventDefault();
    if (!event.isTrusted) return;
    api.runtime.sendMessage({ type: 'open', href: link.href, text: linkText(link.node), active }).then(
      (reply) => {
        if (!reply?.ok) console.error('uri-list: could not open the link:', reply?.error ?? 'no answer');
      },
      (error) => console.error('uri-list: could not reach the extension:', error),
    );
  }

  /** Ctrl-click (Cmd-click on macOS) opens in the background, as for ordinary links. */
  const inBackground = (event) => event.ctrlKey || event.metaKey;

  window.addEventListener('click', (event) => {
    if (event.button === 0) activate(event, !inBackground(event));
  }, true);
  window.addEventListener('auxclick', (event) => {
    if (event.button === MIDDLE_BUTTON) activate(event, false);
  }, true);
  // Enter on a focused link: cancelling the keydown also stops the click the browser would
  // synthesise from it, so the link opens once.
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) activate(event, !inBackground(event));
  }, true);
})();
