// Content script (classic, every frame): the hover preview of a uri-list link.
//
// A multilink hides where it goes (the Multilinks explainer's worry, and the draft's "user
// agents should make it clear to users when a link will open multiple resources"). Hovering
// such a link, or focusing it from the keyboard, shows a small tooltip: how many pages it
// opens, on which sites, what is not opened, and the core's alerts (a lookalike host, a
// user-info trick). The background reads the link with the core (describeLink); answers are
// kept per href.
//
// The tooltip never gets in the page's way: it lives in a closed shadow root (the page's
// styles cannot reach it, its styles cannot leak out), is fixed-positioned inside the viewport
// (no layout change) and drawn over everything, the page's modal dialogs and popovers too (the
// browser's top layer), lets every click through (pointer-events: none) and goes away on
// mouse-out, blur, Escape and a press (the person's own: trusted events only), and when a
// scroll takes the link out of view.
(() => {
  // Longer links than MAX_LINK_LENGTH are not read (the background refuses them too).
  const { MAX_LINK_LENGTH, ask, cutOff, handled, linkText, started, t } = uriList;
  /**
   * The list an event is on: a uri-list link or a web link (an http(s) address carrying a list
   * after "#"), not a rel="multilink" page, whose list is not known before it loads.
   * @param {Event} event
   */
  const linkOf = (event) => {
    const link = uriList.linkOf(event);
    return link?.kind === 'multilink' ? null : link;
  };
  /** How long the pointer rests on a link before the tooltip shows: passing over shows nothing. */
  const HOVER_DELAY = 300;
  /** Answers kept, per href; the oldest goes first. */
  const CACHE_SIZE = 64;
  const HOST_ID = 'uri-list-tooltip';
  const MARGIN = 6;

  const cache = new Map();

  /**
   * What the link holds (see extension/common/describe.js), from the cache or the background.
   * `text`, the link's words, are the name its tabs would get where the link has no title: the
   * background checks that name too (a link reading "PayPal.com" over pages of other sites).
   */
  function describe(href, text) {
    if (href.length > MAX_LINK_LENGTH) return Promise.resolve({ error: t('hoverTooLong') });
    const key = `${text}\n${href}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = ask('describeLink', { href, text });
      // Asked again next time: after a failure, or when a newer request of this tab replaced it
      // (the background answers one request per tab at a time).
      answer.then((about) => about.replaced && cache.get(key) === answer && cache.delete(key), () => cache.delete(key));
      cache.set(key, answer);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    return answer;
  }

  // The tooltip: a host element with a closed shadow root, made on first use.
  let host = null;
  let box = null;
  function tooltip() {
    if (host) return host;
    host = document.createElement('div');
    host.id = HOST_ID;
    host.setAttribute('role', 'tooltip');
    // Shown in the browser's top layer (see `show`): a popover that closes none of the page's.
    host.setAttribute('popover', 'manual');
    const root = host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    box = document.createElement('div');
    box.className = 'box';
    root.append(style, box);
    return host;
  }

  /** The host's own layout, set inline and !important: the page's stylesheets cannot move or hide it. */
  const HOST_STYLE = {
    all: 'initial',
    display: 'block',
    position: 'fixed',
    'z-index': '2147483647',
    'pointer-events': 'none',
    margin: '0',
    visibility: 'hidden',
  };
  // A popover in the top layer gets a ::backdrop, which the page's own rules (`::backdrop {…}`
  // for its dialogs) would draw over the whole page: none, from the shadow root's rule, which
  // outweighs the page's `!important` ones.
  const STYLE = `
    :host::backdrop { display: none !important; }
    .box {
      box-sizing: border-box; max-width: min(22rem, calc(100vw - ${2 * MARGIN}px));
      padding: 6px 9px; border: 1px solid #8c8c8c; border-radius: 6px;
      background: #ffffff; color: #1b1b1b; box-shadow: 0 2px 10px rgb(0 0 0 / 25%);
      font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; text-align: start;
      overflow-wrap: anywhere; white-space: normal;
    }
    .line { margin: 0; }
    .title { font-weight: 600; }
    .alert { color: #a1160a; font-weight: 600; }
    @media (prefers-color-scheme: dark) {
      .box { background: #2b2a33; color: #f0f0f4; border-color: #8f8f9d; }
      .alert { color: #ffb3a8; }
    }`;

  /** The tooltip's lines: `[class, text]`. */
  function lines(about) {
    if (about.error) return [['alert', t('hoverUnreadable', about.error)]];
    const out = [];
    if (about.title) out.push(['title', about.title]);
    const pages = about.pages === 1 ? t('hoverPagesOne') : t('hoverPagesMany', about.pages);
    const sites = about.sites.map((site) => (site.name === site.host ? site.name : t('hoverSiteBoth', site.name, site.host)));
    if (about.moreSites === 1) sites.push(t('hoverMoreSitesOne'));
    else if (about.moreSites > 1) sites.push(t('hoverMoreSitesMany', about.moreSites));
    out.push(['summary', about.pages === 0 ? t('hoverNoPages') : t('hoverSummary', pages, sites.join(', '))]);
    if (about.notOpened === 1) out.push(['note', t('hoverNotOpenedOne')]);
    else if (about.notOpened > 1) out.push(['note', t('hoverNotOpenedMany', about.notOpened)]);
    for (const alert of about.alerts) out.push(['alert', t('hoverAlert', alert)]);
    if (about.moreAlerts === 1) out.push(['alert', t('hoverMoreAlertsOne')]);
    else if (about.moreAlerts > 1) out.push(['alert', t('hoverMoreAlertsMany', about.moreAlerts)]);
    if (about.unchecked > 0) out.push(['alert', t('hoverUnchecked', about.read, about.unchecked)]);
    return out;
  }

  /**
   * The link being hovered or focused: `{node, href, byPointer, timer, fired, settle, shown,
   * describedBy}`, or null. A tooltip shown on focus stays while the pointer moves elsewhere.
   * `settle` counts its tooltip finished (uriList.handled): shown, or not to be shown.
   */
  let current = null;

  /** Shows the tooltip for `link` after `delay` ms, once its description is in. */
  function schedule(link, delay, byPointer) {
    hide();
    // Cut off from the extension (updated under this page: prelude.js `cutOff`): nothing to describe it.
    if (cutOff()) return;
    const mine = { ...link, byPointer, timer: 0, fired: false, settle: started(), shown: false, describedBy: null };
    current = mine;
    mine.timer = setTimeout(() => {
      mine.fired = true;
      describe(link.href, linkText(link.node))
        .then(
          (about) => {
            if (current === mine && !about.replaced) show(mine, about);
          },
          (error) => console.warn('uri-list: no description of the link:', error?.message ?? error),
        )
        .finally(mine.settle);
    }, delay);
  }

  function show(link, about) {
    const node = tooltip();
    box.replaceChildren(
      ...lines(about).map(([kind, text]) => {
        const line = document.createElement('p');
        line.className = `line ${kind}`;
        line.textContent = text;
        return line;
      }),
    );
    for (const [name, value] of Object.entries(HOST_STYLE)) node.style.setProperty(name, value, 'important');
    node.style.setProperty('left', '0px', 'important');
    node.style.setProperty('top', '0px', 'important');
    (document.documentElement ?? document).append(node);
    // Over everything the page shows, its own top layer too (a modal dialog, a popover, an
    // element in full screen), which is drawn over any z-index: shown last, ours is drawn over
    // them. Removed from the page (`hide`), it leaves the top layer.
    if (!node.matches(':popover-open')) node.showPopover();
    place(node, anchorOf(link));
    node.style.setProperty('visibility', 'visible', 'important');
    link.shown = true;
    // The link's accessible description is the tooltip (an id reference works within one document only).
    if (link.node.getRootNode() === document) {
      link.describedBy = link.node.getAttribute('aria-describedby');
      link.node.setAttribute('aria-describedby', [link.describedBy, HOST_ID].filter(Boolean).join(' '));
    }
  }

  /** The box to place the tooltip by: the link's, or where the pointer is for an `<area>` (which has no box). */
  function anchorOf(link) {
    const box = link.node.getBoundingClientRect();
    if ((box.width > 0 || box.height > 0) || !link.point) return box;
    const { x, y } = link.point;
    return { left: x, right: x, top: y, bottom: y + 16 }; // below the pointer's arrow
  }

  /** Below the link, or above it when there is no room below; always inside the viewport. */
  function place(node, anchor) {
    const { width, height } = node.getBoundingClientRect();
    const viewWidth = document.documentElement.clientWidth || innerWidth;
    const viewHeight = document.documentElement.clientHeight || innerHeight;
    let top = anchor.bottom + MARGIN;
    if (top + height > viewHeight - MARGIN) top = anchor.top - height - MARGIN;
    top = Math.max(MARGIN, Math.min(top, viewHeight - height - MARGIN));
    const left = Math.max(MARGIN, Math.min(anchor.left, viewWidth - width - MARGIN));
    node.style.setProperty('left', `${Math.round(left)}px`, 'important');
    node.style.setProperty('top', `${Math.round(top)}px`, 'important');
  }

  /** Hides the tooltip; with `keep`, the link stays current, so that staying on it does not show it again (Escape). */
  function hide(keep = false) {
    if (!current) return;
    clearTimeout(current.timer);
    if (!current.fired) current.settle();
    if (current.shown) {
      host.remove();
      if (current.describedBy === null) current.node.removeAttribute('aria-describedby');
      else current.node.setAttribute('aria-describedby', current.describedBy);
      current.shown = false;
    }
    if (!keep) current = null;
  }

  // Only the person's own input (trusted events) shows or hides the tooltip: a page's script
  // that dispatches `mouseover` would make the background read any link it likes (a 2 MiB one,
  // over and over), and one that dispatches `scroll` or `blur` would take the warning away.
  window.addEventListener('mouseover', (event) => {
    if (!event.isTrusted) return;
    const link = linkOf(event);
    // Moving within the link (or over no link, with none current) changes nothing; but coming
    // onto the link whose tooltip (shown on its focus) is of another `href` than it holds now
    // (the page changed it meanwhile) shows what it holds now.
    if (link?.node !== current?.node || (link && link.href !== current?.href)) {
      if (link) schedule({ ...link, point: { x: event.clientX, y: event.clientY } }, HOVER_DELAY, true);
      else if (current?.byPointer) hide();
    }
    handled.pointer += 1;
  }, { capture: true, passive: true });
  window.addEventListener('mouseout', (event) => {
    if (!event.isTrusted) return;
    if (current?.byPointer && !current.node.contains(event.relatedTarget)) hide();
    handled.pointer += 1;
  }, { capture: true, passive: true });
  window.addEventListener('focusin', (event) => {
    if (!event.isTrusted) return;
    const link = linkOf(event);
    // Keyboard focus only: a click focuses the link too, and opens it.
    if (link && link.node !== current?.node && link.node.matches(':focus-visible')) schedule(link, 0, false);
  }, { capture: true, passive: true });
  window.addEventListener('focusout', (event) => {
    if (!event.isTrusted) return;
    if (current && event.composedPath().includes(current.node)) hide();
  }, { capture: true, passive: true });
  window.addEventListener('keydown', (event) => {
    if (!event.isTrusted) return;
    if (event.key === 'Escape') hide(true);
    handled.key += 1;
  }, { capture: true, passive: true });
  for (const type of ['pointerdown', 'resize', 'blur']) {
    window.addEventListener(type, (event) => {
      if (event.isTrusted) hide();
    }, { capture: true, passive: true });
  }
  // A scroll (the page's own `scrollBy()` too makes trusted ones) moves the tooltip with its
  // link; it goes only when the link has left the view.
  window.addEventListener('scroll', (event) => {
    if (!event.isTrusted || !current?.shown) return;
    const anchor = anchorOf(current);
    if (anchor.bottom < 0 || anchor.top > innerHeight || anchor.right < 0 || anchor.left > innerWidth) hide();
    else place(host, anchor);
  }, { capture: true, passive: true });
})();
