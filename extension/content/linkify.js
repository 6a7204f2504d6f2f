// Content script (classic, every frame): linkify, an opt-in setting (`linkify` in storage.sync,
// off by default). Plain-text uri-list links in a page ("see uri-list:https://a;https://b")
// become real links, as the draft expects chat apps to do, so a click opens them like any
// uri-list link (content.js catches it).
//
// Bounded work, so that pages stay fast:
// - Off (anything but `true` stored): no observer, no walk, nothing but the setting's listener.
// - A text node is looked at only if a cheap test finds a scheme name followed by ":" in it.
// - The first pass and the page's later changes (one MutationObserver, whose callback only
//   queues nodes) are worked through in slices of at most SLICE_MS, in idle time.
// - Only text nodes change: never inside a, textarea, input, script, style, code, a
//   contenteditable element, ...; nodes in other documents or shadow roots are left alone.
// - The page's own text node stays where it is, holding the text before the first link; the
//   links and the text after them are new nodes put after it. Pages drawn by a framework (React,
//   Vue, Svelte...: most chat apps) keep that node and later write a message's new text into it,
//   or remove it: linkify follows (its links and text go, and the new text is linkified again),
//   where taking the node out of the page would leave the old text on screen and make the
//   framework's removal of it throw.
(() => {
  // findLinks: where a link ends in running text, as the core's find_links (src/syntax/find.rs) finds it.
  const { api, findLinks, handled, started } = uriList;
  /** Work per slice, in ms: well under the 50 ms of a long task. */
  const SLICE_MS = 8;
  /** Parents whose text is never changed: links, form fields, code, scripts, and what is not shown. */
  const SKIP = 'a, area, button, textarea, input, select, option, script, style, noscript, template, title, code, kbd, samp, svg, math, iframe, object, [contenteditable]:not([contenteditable="false" i])';
  const MARK = 'data-uri-list-linkified';
  /** The cheap test: a scheme name, then ":". */
  const MAYBE = /(?:uri-list|multi|urilist):/i;

  // --- The work queue: nodes to look at, worked through in idle slices. Taken from `head` on
  // (Array#shift would move every queued node each time: a busy page queues thousands).
  let queue = [];
  let head = 0;
  let walker = null;
  let scheduled = false;
  let observer = null;
  let on = false;
  /** Counts the queued work finished (uriList.handled): set while work is queued or under way. */
  let settle = null;
  /**
   * The page's text nodes split here, each with what was put after it (`made`: links and text) and
   * how many changes of its text made here the observer has still to report (`own`): any other
   * change of it is the page's.
   * @type {WeakMap<Text, {made: ChildNode[], own: number}>}
   */
  const split = new WeakMap();
  /** The page's text node each link made here was split from. @type {WeakMap<Element, Text>} */
  const origin = new WeakMap();

  const idle = globalThis.requestIdleCallback
    ? (run) => requestIdleCallback(run, { timeout: 500 })
    : (run) => setTimeout(run, 0);

  function enqueue(node) {
    queue.push(node);
    if (!scheduled) {
      scheduled = true;
      settle ??= started();
      idle(work);
    }
  }

  /** One slice: text nodes from the queue (elements are walked) until SLICE_MS is spent. */
  function work() {
    scheduled = false;
    if (!on) return finished();
    const end = performance.now() + SLICE_MS;
    let n = 0;
    while (performance.now() < end || n === 0) {
      if (!walker) {
        if (head === queue.length) {
          queue = [];
          head = 0;
          return finished();
        }
        const root = queue[head];
        queue[head++] = null;
        if (root.nodeType === Node.TEXT_NODE) {
          visit(root);
          n += 1;
          continue;
        }
        if (!root.isConnected || root.nodeType !== Node.ELEMENT_NODE || skipped(root)) continue;
        walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      }
      // Many nodes between two looks at the clock: reading it costs more than most nodes.
      for (let k = 0; k < 64; k += 1) {
        const text = walker.nextNode();
        if (!text) {
          walker = null;
          break;
        }
        // The walk goes on from what replaced the node: a removed node has no next one.
        const last = visit(text);
        if (last) walker.currentNode = last;
        n += 1;
      }
    }
    scheduled = true;
    idle(work);
  }

  /** The queue is empty (or linkify is off): nothing is left to do. */
  function finished() {
    settle?.();
    settle = null;
  }

  /** An element whose text is never changed, or inside one. */
  const skipped = (element) => element.closest(SKIP) !== null || element.isContentEditable;

  /**
   * Turns the links in one text node into `<a>`s with the same text: the node keeps the text
   * before the first link, and the links and the text between and after them are put after it.
   * Returns the last node put there, or null when the node was left as it is.
   * @param {Text} text
   */
  function visit(text) {
    const data = text.data;
    if (!MAYBE.test(data)) return null;
    const parent = text.parentElement;
    if (!parent || !text.isConnected || skipped(parent) || split.has(text)) return null;
    const found = findLinks(data);
    if (found.length === 0) return null;
    /** @type {ChildNode[]} */
    const made = [];
    let at = found[0].start;
    for (const { start, end } of found) {
      if (start > at) made.push(document.createTextNode(data.slice(at, start)));
      const link = document.createElement('a');
      link.href = data.slice(start, end);
      link.textContent = data.slice(start, end);
      link.setAttribute(MARK, '');
      origin.set(link, text);
      made.push(link);
      at = end;
    }
    if (at < data.length) made.push(document.createTextNode(data.slice(at)));
    text.after(...made);
    // A change the observer reports, as made here (see onMutations).
    split.set(text, { made, own: 1 });
    text.data = data.slice(0, found[0].start);
    return made.at(-1);
  }

  /**
   * Takes away what was put after `text` (see `visit`), where it still is, and forgets the split.
   * @param {Text} text
   */
  function unsplit(text) {
    const entry = split.get(text);
    if (!entry) return;
    split.delete(text);
    for (const node of entry.made) if (node.parentNode === text.parentNode || !text.parentNode) node.remove();
  }

  /**
   * The page changed: added nodes and changed text are queued; nothing is read here. A text node
   * split here that the page wrote to, or took out, loses what was put after it: the page's text
   * is what shows, linkified again.
   */
  function onMutations(records) {
    for (const record of records) {
      if (record.type === 'characterData') {
        const entry = split.get(/** @type {Text} */ (record.target));
        if (entry && entry.own > 0) {
          entry.own -= 1;
          continue;
        }
        unsplit(/** @type {Text} */ (record.target));
        enqueue(record.target);
      } else {
        for (const node of record.removedNodes) if (node.nodeType === Node.TEXT_NODE) unsplit(/** @type {Text} */ (node));
        for (const node of record.addedNodes) if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) enqueue(node);
      }
    }
    handled.mutations += 1;
  }

  function start() {
    if (on) return;
    on = true;
    const waiting = started(); // until the page can be walked
    const begin = () => {
      if (on && !observer) {
        observer = new MutationObserver(onMutations);
        observer.observe(document, { childList: true, subtree: true, characterData: true });
        enqueue(document.body ?? document.documentElement);
      }
      waiting();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
    else begin();
  }

  /** Off: stops watching and turns the links made here back into text. */
  function stop() {
    if (!on) return;
    on = false;
    // What the page changed since the observer last reported, followed first (see onMutations).
    if (observer) onMutations(observer.takeRecords());
    observer?.disconnect();
    observer = null;
    queue = [];
    head = 0;
    walker = null;
    // A split node gets its whole text back (what it and the nodes put after it show now), and
    // those nodes go: the page's own node is the one left, as before it was split.
    for (const link of document.querySelectorAll(`a[${MARK}]`)) {
      const text = origin.get(link);
      const entry = text && split.get(text);
      if (!entry || link.parentNode !== text.parentNode) {
        link.replaceWith(link.textContent);
        continue;
      }
      split.delete(text);
      const kept = entry.made.filter((node) => node.parentNode === text.parentNode);
      text.data += kept.map((node) => node.textContent).join('');
      for (const node of kept) node.remove();
    }
  }

  // HTML pages (and text shown as one): an SVG or other XML document has no HTML links to make.
  if (!['text/html', 'text/plain', 'application/xhtml+xml'].includes(document.contentType)) return;

  const apply = (value) => {
    if (value === true) start();
    else stop();
    handled.settings += 1;
  };
  api.storage.sync.get('linkify').then(
    (stored) => apply(stored.linkify),
    (error) => console.warn('uri-list: could not read the linkify setting:', error?.message ?? error),
  );
  api.storage.onChanged.addListener((changes, area) => {
    if (area === 'sync' && Object.hasOwn(changes, 'linkify')) apply(changes.linkify.newValue);
  });
})();
