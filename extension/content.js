// Content script (a classic script: content scripts cannot be ES modules), in every frame.
//
// Browsers do not know the uri-list: scheme: a click on such a link would be tried as an
// external protocol and fail. So clicks on these links are caught here, in the capture phase,
// before the page's own handlers, and the browser's own handling is cancelled. Only a
// person's own action (a trusted event) asks the background to open the link: a page script
// calling link.click() or dispatchEvent() opens nothing. The background checks again what it gets.
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
   * Cancels the browser's own handling of a uri-list link, and for a person's own action (a
   * trusted event) asks the background to open it. Ctrl/Cmd (or the middle button) opens in the
   * background, Shift in a new window, as for ordinary links.
   * @param {MouseEvent|KeyboardEvent} event
   * @param {boolean} middle whether it is the middle button
   */
  function activate(event, middle = false) {
    const link = uriListLink(event);
    if (!link) return;
    event.preventDefault();
    if (!event.isTrusted) return; // a page script's click() or dispatchEvent(): nothing opens
    const inBackground = middle || event.ctrlKey || event.metaKey;
    send({
      type: 'open',
      href: link.href,
      text: linkText(link.node),
      active: !inBackground || event.shiftKey,
      newWindow: event.shiftKey && !inBackground,
      trusted: true,
    }, 'could not open the link');
  }

  function send(message, what) {
    api.runtime.sendMessage(message).then(
      (reply) => {
        if (!reply?.ok) console.error(`uri-list: ${what}:`, reply?.error ?? 'no answer');
      },
      (error) => console.error('uri-list: could not reach the extension:', error),
    );
  }

  window.addEventListener('click', (event) => {
    if (event.button === 0) activate(event);
  }, true);
  window.addEventListener('auxclick', (event) => {
    if (event.button === MIDDLE_BUTTON) activate(event, true);
  }, true);
  // Enter on a focused link: cancelling the keydown also stops the click the browser would
  // synthesise from it, so the link opens once.
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) activate(event);
  }, true);

  // A page may offer a list of its own: <link rel="alternate" href="uri-list:...">, the
  // Multilinks explainer's fallback. The toolbar button shows it (and the popup offers it).
  if (window === window.top) {
    document.addEventListener('DOMContentLoaded', () => {
      const links = [...document.querySelectorAll('link[rel~="alternate" i][href]')]
        .map((node) => ({ href: node.getAttribute('href').trim(), title: node.title || '' }))
        .filter((link) => LINK_SCHEME.test(link.href));
      if (links.length) send({ type: 'offers', links }, 'could not show what the page offers');
    }, { once: true });
  }
})();
