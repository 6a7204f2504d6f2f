// The prelude: what the content scripts, the extension's pages and the background share, written
// once. Listed first in the manifest's content_scripts: content scripts are classic scripts (they
// cannot be ES modules), and each reads the global `uriList` it defines. The pages and the
// background get the same values as ES module exports from common/prelude.js, which imports this
// file for its effect. So this file has no import or export, and touches nothing at load time:
// it only defines.
//
// In a content script `uriList` lives in the extension's own isolated world (Chrome) or sandbox
// (Firefox): the page's scripts cannot see it or change it.

// `var`, not `const`: a global of the content scripts' world (a classic script), and the type
// tsc gives the global. As a module (common/prelude.js) the `var` is the module's own: the last
// line makes it a global there too.
// eslint-disable-next-line no-var
var uriList = (() => {
  // --- the API object ------------------------------------------------------------------------

  /**
   * The WebExtension API object. Firefox has always had `browser` (promise-based); Chrome has
   * `chrome` (promise-based in MV3) and, from Chrome 148, `browser` too. Both are used the same
   * way here, so no polyfill is needed. Typed as Chrome's (`@types/chrome`); what only Firefox
   * has is looked up as optional.
   * @type {typeof chrome}
   */
  const api = /** @type {any} */ (globalThis).browser ?? globalThis.chrome;

  /**
   * The _locales message `name`, with its substitutions (numbers become strings).
   * @param {string} name
   * @param {...(string|number)} substitutions
   */
  const t = (name, ...substitutions) => api.i18n.getMessage(name, substitutions.map(String));

  // --- the link ------------------------------------------------------------------------------

  /** The four schemes of a uri-list link (draft §3), as the core reads them (any case). */
  const SCHEMES = Object.freeze(['uri-list', 'multi', 'web+urilist', 'ext+urilist']);
  const NAMES = SCHEMES.map((name) => name.replace('+', '\\+')).join('|');

  /** A uri-list link: one of the four schemes (any case), after white space at most. */
  const LINK_SCHEME = new RegExp(`^\\s*(?:${NAMES}):`, 'i');

  /**
   * A web link: an `http(s)` address whose fragment is a uri-list link (src/syntax/web_link.rs), such as
   * `https://example.com/open/#uri-list:https://a.com;https://b.com`. It opens as its list does.
   */
  const WEB_LINK = new RegExp(`^\\s*https?://[^#]*#(?:${NAMES}):`, 'i');

  /**
   * The longest link the extension reads (and the longest text the popup's paste box takes): the
   * core's MAX_LENGTH, 2 MiB (2 097 152 bytes of UTF-8). A string's length in UTF-16 units is
   * never more than its UTF-8 bytes, so this check, made before the core sees a link (a page
   * could send anything), refuses nothing the core would read; the core then counts bytes.
   */
  const MAX_LINK_LENGTH = 2 * 1024 * 1024;

  /**
   * `text` cut to `max` characters, the last one an ellipsis.
   * @param {string} text
   * @param {number} [max]
   */
  const shorten = (text, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

  /**
   * `text` without bidirectional control characters (Unicode's Bidi_Control: U+061C, U+200E,
   * U+200F, U+202A-U+202E, U+2066-U+2069): shown next to an address, a right-to-left override
   * in a page's title would show the address reversed. The same set as the core's
   * `without_bidi_controls()` (src/format.rs), for titles that do not come through the core
   * (a tab's, a bookmark folder's, a page's offer).
   * @param {string} text
   */
  const withoutBidiControls = (text) => text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');

  // --- messaging -------------------------------------------------------------------------------

  /**
   * Asks the background for `type` (a handler of background.js's one registry), with the fields
   * of `payload`, and returns its `result`. Every reply is an envelope: `{ok: true, result}`, or
   * `{ok: false, error}`, which throws an Error with the background's message. Throws too when
   * the background cannot be reached (the extension was reloaded under a page) or did not answer.
   * The offscreen document (background/clipboard.js) answers in the same envelope.
   *
   * Typed by message (common/messages.js): `tsc -p .` checks the name, the payload's keys, and
   * what the caller does with the answer.
   *
   * @template {keyof import('../common/messages.js').Messages} K
   * @param {K} type
   * @param {import('../common/messages.js').Messages[K]['request']} [payload]
   * @returns {Promise<import('../common/messages.js').Messages[K]['response']>}
   */
  async function ask(type, payload = /** @type {any} */ ({})) {
    let reply;
    try {
      // sendMessage throws at once (not a rejection) when the extension is gone: awaited here.
      reply = await api.runtime.sendMessage({ ...payload, type });
    } catch (error) {
      // A page (the popup closing, a tab navigating away) that is going away while it waits:
      // the reply cannot come (Firefox rejects with "Actor 'Conduits' destroyed before query
      // 'RuntimeMessage' was resolved"), and nobody is left to be told. Never settles, so that
      // no caller reports it as an error.
      if (leaving) return new Promise(() => {});
      throw error;
    }
    if (!reply?.ok) throw new Error(reply?.error ?? t('noAnswer'));
    return reply.result;
  }

  /**
   * Whether this script is cut off from its extension: Chrome leaves a content script running in
   * the pages that were open when the extension was updated (which Chrome does on its own),
   * reloaded or turned off, its `runtime.id` gone and every message refused ("Extension context
   * invalidated"). Such a script must not take a click from the browser, and has nothing to ask.
   */
  function cutOff() {
    try {
      return !api.runtime?.id;
    } catch {
      return true;
    }
  }

  // Whether the document is being unloaded (`pagehide`), or hidden into the back-forward cache
  // until it is shown again (`pageshow`). The browser's own events only: in a content script the
  // page shares the window, and its script could dispatch a `pagehide` of its own. The
  // background's service worker has neither event.
  let leaving = false;
  globalThis.addEventListener?.('pagehide', (event) => {
    if (event.isTrusted) leaving = true;
  });
  globalThis.addEventListener?.('pageshow', (event) => {
    if (event.isTrusted) leaving = false;
  });

  // --- the link an event is on -------------------------------------------------------------------

  /**
   * The shadow root of `element`, open or closed (a page's closed shadow root hides its links
   * from `composedPath()`; content scripts may look inside). Chrome: `chrome.dom.openOrClosedShadowRoot(element)`;
   * Firefox: the property `element.openOrClosedShadowRoot` (a method in some versions' documentation).
   * @param {Element} element
   * @returns {ShadowRoot | null}
   */
  function shadowRootOf(element) {
    try {
      if ('openOrClosedShadowRoot' in element) {
        const root = /** @type {any} */ (element).openOrClosedShadowRoot;
        return (typeof root === 'function' ? root.call(element) : root) ?? null;
      }
      const dom = /** @type {any} */ (globalThis.chrome)?.dom;
      if (typeof dom?.openOrClosedShadowRoot === 'function') return dom.openOrClosedShadowRoot(element) ?? null;
    } catch {
      // not an element that can host a shadow root
    }
    return element.shadowRoot ?? null;
  }

  /**
   * @param {unknown} node
   * @returns {node is Element}
   */
  const isElement = (node) => /** @type {Node | null} */ (node)?.nodeType === Node.ELEMENT_NODE;

  /**
   * The node's parent in the composed tree: from a shadow root's top to its host.
   * @param {Node} node
   * @returns {Node | null}
   */
  const parentOf = (node) => (node.parentNode?.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? /** @type {ShadowRoot} */ (node.parentNode).host ?? null : node.parentNode);

  /** @param {Event} event */
  const hasPoint = (event) => event instanceof MouseEvent && (event.detail > 0 || event.type.startsWith('pointer') || event.type.startsWith('mouse'));

  /**
   * The innermost element an event is on. `composedPath()` stops at a closed shadow root's host
   * (seen from outside it); from there, the element under the pointer (or, for a key or a focus,
   * the root's focused element) inside it, as deep as closed roots go.
   * @param {Event} event
   * @returns {Node}
   */
  function innermost(event) {
    let node = /** @type {Node} */ (event.composedPath()[0] ?? event.target);
    for (let depth = 0; depth < 32 && isElement(node); depth += 1) {
      const root = shadowRootOf(node);
      if (!root) break;
      const inner = hasPoint(event) ? root.elementFromPoint(/** @type {MouseEvent} */ (event).clientX, /** @type {MouseEvent} */ (event).clientY) : root.activeElement;
      if (!inner || inner === node || inner.getRootNode() !== root) break;
      node = inner;
    }
    return node;
  }

  /**
   * @typedef {{node: Element, href: string, kind: 'list' | 'web' | 'multilink'}} FoundLink a link in
   *   a page the extension acts on: its element (an HTML or SVG `a`, or an `area`), its `href`,
   *   trimmed, and what it is: a uri-list link, a web link, or (the explainer's opt-in)
   *   `<a rel="multilink">` to an http(s) page loading in the top frame's tab
   */

  /**
   * The link `node` is in (the nearest HTML or SVG `a`, or `area`), when it is one the extension
   * acts on (see FoundLink), or null.
   * @param {Node | null} node
   * @returns {FoundLink | null}
   */
  function linkFrom(node) {
    for (let at = node; at; at = parentOf(at)) {
      if (!isElement(at) || (at.localName !== 'a' && at.localName !== 'area')) continue;
      const value = /** @type {any} */ (at).href;
      const href = typeof value === 'string' ? value : value?.baseVal;
      if (typeof href !== 'string') return null;
      const kind = LINK_SCHEME.test(href) ? 'list' : WEB_LINK.test(href) ? 'web' : isMultilink(at, href) ? 'multilink' : null;
      return kind ? { node: at, href: href.trim(), kind } : null;
    }
    return null;
  }

  /**
   * `<a rel="multilink">` to an http(s) page, in the top frame, loading in this tab.
   * @param {Element} node
   * @param {string} href
   */
  function isMultilink(node, href) {
    const target = (node.getAttribute('target') ?? '').toLowerCase();
    return (
      window === window.top &&
      /^\s*https?:\/\//i.test(href) &&
      /(?:^|\s)multilink(?:\s|$)/i.test(node.getAttribute('rel') ?? '') &&
      ['', '_self', '_top', '_parent'].includes(target)
    );
  }

  /**
   * An address with its escapes undone: an `href` (or a browser's menu) may escape what the link's
   * text, or the page's own copy of it, shows as it is.
   * @param {string} address
   */
  /**
   * The page an address reaches: its origin and path, with `index.html` and a final `/` aside (a
   * static host serves `/lists`, `/lists/` and `/lists/index.html` alike, and GitHub Pages sends
   * the first to the second), its query (a chat app's `?fbclid=…`) and fragment aside; null for
   * no address. The uri-list web page is known by it (content/web-page.js, common/link.js).
   * @param {string} address
   */
  const pageAt = (address) => {
    try {
      const url = new URL(address);
      return `${url.origin}${url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/?$/, '/')}`;
    } catch {
      return null;
    }
  };

  const unescaped = (address) => {
    try {
      return decodeURI(address);
    } catch {
      return address;
    }
  };

  /**
   * The words a person sees for a link: they can name the group when the link has no title (the
   * click sends them; the hover tooltip checks them as that name).
   * @param {Element} node
   */
  const linkText = (node) =>
    node.getAttribute('aria-label') ||
    /** @type {HTMLElement} */ (node).innerText ||
    node.textContent ||
    node.getAttribute('alt') ||
    node.getAttribute('title') ||
    '';

  /**
   * The uri-list link an event is on (through shadow roots, open or closed), or null.
   * @param {Event} event
   */
  const linkOf = (event) => linkFrom(innermost(event));

  // --- links in running text -------------------------------------------------------------------
  // Where a link ends in running text: the same rules as the core's find_links (src/syntax/find.rs);
  // tests/find_links.json holds the cases both must agree on.

  /** A scheme name, any case, where no scheme character stands before it (`xmulti:` is not `multi:`). */
  const START = new RegExp(`(?<![A-Za-z0-9+.-])(?:${NAMES}):`, 'gi');
  /** What ends a link: white space (Unicode's, as Rust's char::is_whitespace), controls, < > " ` (RFC 3986 Appendix C). */
  const END = /[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\0-\x1f<>"`]/;
  /** Punctuation that ends a sentence rather than a link, in Latin and CJK text (each one UTF-16 unit). */
  const SENTENCE_END = '.,:!?\';。、，．！？」）';
  /** @type {Record<string, string>} */
  const PAIRS = { ')': '(', ']': '[', '}': '{' };
  /** @param {string} text @param {string} c */
  const count = (text, c) => text.split(c).length - 1;

  /**
   * The uri-list links in `text`, as src/syntax/find.rs finds them: `[{start, end}]` (UTF-16 indices).
   * @param {string} text
   * @returns {{start: number, end: number}[]}
   */
  function findLinks(text) {
    const found = [];
    const start = new RegExp(START); // its own lastIndex: callers may interleave
    for (let match; (match = start.exec(text)); ) {
      const at = match.index;
      const nameEnd = at + match[0].length;
      const stop = text.slice(nameEnd).search(END);
      let link = text.slice(at, stop < 0 ? text.length : nameEnd + stop);
      // Each bracket's count in the link, kept as the end is taken off (no sentence end is a
      // bracket): counted again for each bracket taken off, many cost their number times the link.
      /** @type {Record<string, number>} */
      const counts = {};
      for (const c of '()[]{}') counts[c] = count(link, c);
      for (;;) {
        // Taken off from the end, one unit at a time: a regular expression anchored at the end
        // is tried from every position of the link, each time.
        let end = link.length;
        while (end > 0 && SENTENCE_END.includes(link[end - 1])) end -= 1;
        let trimmed = link.slice(0, end);
        const close = trimmed.at(-1) ?? '';
        if (Object.hasOwn(PAIRS, close) && counts[close] > counts[PAIRS[close]]) {
          counts[close] -= 1;
          trimmed = trimmed.slice(0, -1);
        }
        if (trimmed.length === link.length) break;
        link = trimmed;
      }
      if (link.length > match[0].length) found.push({ start: at, end: at + link.length });
      start.lastIndex = at + Math.max(link.length, match[0].length);
    }
    return found;
  }

  // --- what the content scripts have handled -----------------------------------------------------

  /**
   * What this frame's content scripts have done with the page's events: how many of each kind
   * they have handled (`pointer`: a mouseover or mouseout, `key`: a key press, `mutations`: a
   * batch of the page's changes, `settings`: a setting read or changed and applied) and how many
   * things they have started and not finished (`pending`: a tooltip waiting to show, text
   * waiting to be linkified). For the end-to-end tests: they assert that something did NOT
   * happen once the very event that could have made it was handled and nothing is left
   * pending, never after a fixed wait. They read it in the content scripts' own world (over CDP
   * in Chromium, through Marionette in Firefox), which the page's scripts cannot see or change.
   * An addition per event: no message, no change to the page.
   */
  const handled = { pointer: 0, key: 0, mutations: 0, settings: 0, pending: 0 };

  /** Counts one more thing pending; the function returned (once, any number of calls) counts it finished. */
  function started() {
    handled.pending += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      handled.pending -= 1;
    };
  }

  return Object.freeze({
    api,
    t,
    SCHEMES,
    LINK_SCHEME,
    WEB_LINK,
    MAX_LINK_LENGTH,
    shorten,
    withoutBidiControls,
    ask,
    cutOff,
    shadowRootOf,
    isElement,
    parentOf,
    linkFrom,
    linkOf,
    linkText,
    unescaped,
    pageAt,
    findLinks,
    handled,
    started,
  });
})();
globalThis.uriList = uriList;
