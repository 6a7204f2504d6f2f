// Content script (a classic script: content scripts cannot be ES modules), in every frame.
//
// Browsers do not know the uri-list: scheme: a click on such a link would be tried as an
// external protocol and fail. So clicks on these links are caught here, in the capture phase,
// before the page's own handlers, and the browser's own handling is cancelled. Only a
// person's own action (a trusted event) asks the background to open the link: a page script
// calling link.click() or dispatchEvent() opens nothing. The background checks again what it gets.
//
// A hostile page does not need a script's click: it can bend a person's real one. So a list
// opens directly only when the person's click or key press lands on a link they could see,
// and it is the link they pressed:
// - the same link and `href` at press (noted at `pointerdown`, capture phase on window: this
//   script runs at document_start, so its listeners come before any of the page's) and at the click;
// - the same `href` as when the pointer came onto the link, or the focus onto it (what the
//   hover tooltip describes);
// - the link visible where the pointer is (see `seenAt`): by the fast checks, or by what the
//   browser painted there (two screenshots, background/painted.js);
// - a click, not the second click of a double-click (`detail > 1`); a key press, not an auto-repeat;
// - for Enter, focus on the link by the person's own doing (a Tab or arrow key, or a press on it);
//   for a key's click (detail 0: Enter in a form, an access key), that key pressed on that link.
// When any of that fails, the background shows the preview page with the reason (the person
// can still open the list from there): never nothing, never the tabs. The background also
// opens one list from one tab once in a short while (a second request focuses its group).
(() => {
  const { LINK_SCHEME, WEB_LINK, MAX_LINK_LENGTH, api, ask, cutOff, findLinks, isElement, linkFrom, linkOf, linkText, parentOf, shadowRootOf, unescaped } = uriList;
  const MIDDLE_BUTTON = 1;
  /**
   * The least effective opacity (the product of the link's and its ancestors' opacity and
   * `filter: opacity()`) at which a link counts as seen. At half opacity text is still plainly
   * readable on any background; below it a page can fade a link until it is a ghost over the
   * page. A link a page fades in on hover (often 0.6-0.9) still passes.
   */
  const MIN_OPACITY = 0.5;
  /** Focus that lands on a link this soon after the person's Tab, arrow key or press is theirs. */
  const FOCUS_AFTER_INPUT_MS = 1000;
  /** A key's click (detail 0) this soon after the person's key on the link is that key's. */
  const KEY_CLICK_MS = 1000;
  /** How often the pointer on uri-list links tells the background to get ready (a worker stays up some 30 s). */
  const WARM_EVERY_MS = 10_000;
  /** The most lists a page is said to offer (background/sources.js MAX_OFFERS). */
  const MAX_OFFERED = 20;
  const NAVIGATION_KEYS = new Set(['Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']);

  // --- the link (finding it: linkOf, in the prelude) ------------------------------------------

  /**
   * 'shownOtherList' when the link's text or its title attribute (the browser's tooltip) shows a
   * uri-list link that is not the one its `href` opens (for a web link: the list after its "#"),
   * else null. A link shown without its `?title=` and other parameters agrees; one shortened with
   * an ellipsis ("uri-list:…/Apple;…/Banana") says by itself that it is not all, and is not read.
   * Links that name no list in their words ("Weekend plans") say nothing here.
   * @param {{node: Element, href: string, kind: string}} link
   */
  function showsOtherList(link) {
    const opens = [link.href, ...(link.kind === 'web' ? [link.href.slice(link.href.indexOf('#') + 1)] : [])].map(unescaped);
    const node = /** @type {HTMLElement} */ (link.node);
    // What is drawn (not an aria-label, which linkText() prefers): its text, the text CSS draws
    // in it, and the browser's tooltip.
    for (const words of [node.innerText ?? node.textContent ?? '', generatedText(node), node.getAttribute('title') ?? '']) {
      if (words.length > MAX_LINK_LENGTH) continue; // no link of that length opens anyway
      for (const { start, end } of findLinks(words)) {
        const shown = unescaped(words.slice(start, end));
        if (/…|\.\.\./.test(shown)) continue; // shortened for show: it says itself that it is not all
        // Only parameters after it: a "?" or "#" and no more items, which the core's lenient
        // reading finds after one followed by ";" and a scheme ("…/b?;https://c.example").
        const agrees = (href) => {
          const rest = href.slice(shown.length);
          return href === shown || (href.startsWith(shown) && /^[?#]/.test(rest) && !/;[a-z][a-z0-9+.-]*:/i.test(rest));
        };
        if (!opens.some(agrees)) return 'shownOtherList';
      }
    }
    return null;
  }

  /** At most this many elements of a link are asked for the text CSS draws in them. */
  const MAX_GENERATED = 64;

  /**
   * The text CSS draws in `node` and its first elements (`::before` and `::after` content, as
   * their computed values: quoted strings), which `innerText` leaves out.
   * @param {Element} node
   */
  function generatedText(node) {
    const parts = [];
    // A live collection, read only as far as needed (a link may hold a whole card).
    const inside = node.getElementsByTagName('*');
    const elements = [node];
    for (let n = 0; n < inside.length && elements.length < MAX_GENERATED; n += 1) elements.push(inside[n]);
    for (const element of elements) {
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(element, pseudo).content;
        if (content && content !== 'none' && content !== 'normal') parts.push(content);
      }
    }
    return parts.join(' ');
  }

  // --- could the person see it? ------------------------------------------------------------------
  //
  // The fast checks (`hiddenAt`): a link (or an ancestor) hidden, transparent or faded below
  // MIN_OPACITY (opacity and filter: opacity()), one painting nothing where pressed (no text,
  // image or background there: an empty or transparent-text link laid over the page), one covered
  // by another element, one off-screen, and (same-origin frames) a frame faded the same way. They
  // only refuse; what they pass is then either plainly painted text (`plainlyPainted`) or looked
  // at in screenshots (`paintedAt`), below. What none of it can tell: an overlay with
  // `pointer-events: none` drawn over plainly painted text (hit testing looks through it;
  // Chromium's IntersectionObserver v2 could, but it calls a link invisible for any opacity below
  // 1 or any transform, answers only a frame later, and Firefox has none). It still cannot open
  // more than the link under the person's own pointer.

  /** The element at (x, y), through shadow roots (open or closed). */
  function elementAt(x, y) {
    let hit = document.elementFromPoint(x, y);
    for (let depth = 0; depth < 32 && hit; depth += 1) {
      const root = shadowRootOf(hit);
      const inner = root?.elementFromPoint(x, y);
      if (!inner || inner === hit || inner.getRootNode() !== root) break;
      hit = inner;
    }
    return hit;
  }

  /**
   * True when `hit` is `link` or inside it; for an `<area>`, also the image whose map holds it
   * (Chromium's hit test gives the area, Firefox's the image).
   */
  function lands(hit, link) {
    for (let at = hit; at; at = parentOf(at)) if (at === link) return true;
    return link.localName === 'area' && hit?.localName === 'img' && hit.useMap !== '' && hit.useMap === `#${link.closest('map')?.name}`;
  }

  /** What shows a link on screen: the link, or for an `<area>` (which has no box) the image it is on. */
  function shownBy(link, hit) {
    if (link.localName !== 'area') return link;
    if (hit?.localName === 'img') return hit;
    const name = link.closest('map')?.name;
    return (name && [...link.getRootNode().querySelectorAll('img[usemap]')].find((img) => img.useMap === `#${name}`)) || link;
  }

  // A colour in any notation (rgb(), hsl(), oklch(), color(srgb ...), a name...) as the browser
  // paints it: a 1x1 canvas of this script's own (never in the page) draws it, and its pixel is
  // the colour in sRGB. One a canvas cannot read counts as transparent. Made on first use.
  /** @type {CanvasRenderingContext2D | null} */
  let probe = null;
  /** @type {Map<string, number[]>} */
  const colours = new Map();

  /** `[r, g, b, a]` (0-255) of a computed CSS colour. */
  function rgba(color) {
    let known = colours.get(color);
    if (known) return known;
    probe ??= /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = 'rgba(0, 0, 0, 0)';
    probe.fillStyle = color;
    probe.fillRect(0, 0, 1, 1);
    known = [...probe.getImageData(0, 0, 1, 1).data];
    if (colours.size > 256) colours.clear();
    colours.set(color, known);
    return known;
  }

  /** The opacity (0-1) of a computed CSS colour. */
  const alpha = (color) => rgba(color)[3] / 255;

  /** The opacity `filter: opacity(...)` applies (1 without one). */
  function filterOpacity(filter) {
    let product = 1;
    for (const [, value, percent] of filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/g)) product *= parseFloat(value) * (percent ? 0.01 : 1);
    return product;
  }

  /** The product of the opacities of `element` and its ancestors (through shadow hosts and same-origin frames). */
  function effectiveOpacity(element) {
    let product = 1;
    /** @type {Window} */
    let win = window;
    for (let at = element; at; ) {
      if (isElement(at)) {
        const style = win.getComputedStyle(at);
        product *= parseFloat(style.opacity) * filterOpacity(style.filter);
      }
      let next = parentOf(at);
      if (!next) {
        try {
          next = win.frameElement; // null in a cross-origin frame: its parent's styles are out of reach
          win = win.parent;
        } catch {
          next = null;
        }
      }
      at = next;
    }
    return product;
  }

  /** True when something of `link` paints at (x, y): an image, a background, a border, or its own visible text. */
  function paintsAt(hit, link, x, y) {
    if (link.localName === 'area') return true; // the image under it
    for (let at = hit; at; at = parentOf(at)) {
      if (!isElement(at)) continue;
      if (at.namespaceURI !== 'http://www.w3.org/1999/xhtml' && at.localName !== 'a') return true; // SVG, MathML graphics
      if (/^(img|picture|video|canvas|svg|input|button|select|textarea|iframe|object|embed)$/.test(at.localName)) return true;
      const style = getComputedStyle(at);
      if (alpha(style.backgroundColor) > 0 || style.backgroundImage !== 'none') return true;
      if (parseFloat(style.borderTopWidth) > 0 && alpha(style.borderTopColor) > 0) return true;
      if (at === link) break;
    }
    return textAt(link, x, y) || hasGeneratedContent(link);
  }

  /** True when `link` shows generated content (an icon font's ::before or ::after), which has no text node. */
  function hasGeneratedContent(link) {
    return ['::before', '::after'].some((pseudo) => {
      const style = getComputedStyle(link, pseudo);
      return !['none', 'normal', '""', "''"].includes(style.content) && alpha(style.color) > 0;
    });
  }

  /** True when (x, y) is over text of `link` drawn in a colour that shows. */
  function textAt(link, x, y) {
    const found = textNodeAt(link, x, y, 1);
    return found !== null && alpha(fillOf(getComputedStyle(found.text.parentElement))) > 0;
  }

  /** The colour text is filled with (`-webkit-text-fill-color`, which is `color` unless set). */
  const fillOf = (style) => style.webkitTextFillColor || style.color;

  /** The text node of `link` whose box holds (x, y) (give or take `slack` px), with that box, or null. */
  function textNodeAt(link, x, y, slack = 0) {
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = /** @type {Text} */ (walker.nextNode()); text; text = /** @type {Text} */ (walker.nextNode())) {
      if (!text.data.trim()) continue;
      range.selectNodeContents(text);
      for (const box of range.getClientRects()) {
        if (x >= box.left - slack && x <= box.right + slack && y >= box.top - slack && y <= box.bottom + slack) return { text, box };
      }
    }
    return null;
  }

  // --- what was painted ----------------------------------------------------------------------------
  //
  // The checks above only find what hides a link in the ways they know; a page has more (a text
  // fill, masks, blend modes, SVG filters, generated content moved away, a transparent image
  // under an <area>...). So a press counts as on a seen link only when either
  // - it is plainly on the link's own text, drawn in the open (`plainlyPainted`: a short list of
  //   what may be true, not of what may be wrong: anything it does not know sends the press to
  //   the next check), which is what an ordinary text link is, and costs nothing; or
  // - the screenshots say so (`paintedAt`): the tab as shown and the tab with the link's painting
  //   taken away (opacity 0 for a moment) differ near the pointer by at least a few pixels each
  //   way. This is what the browser painted, whatever the CSS.

  /** Text smaller than this (CSS px, its line box as drawn) is not plainly seen. */
  const MIN_TEXT_PX = 8;
  /** The least contrast (WCAG ratio) of plainly seen text against what is behind it. */
  const MIN_CONTRAST = 2;
  /** The least opacity (0-255) of a colour that counts as solid. */
  const SOLID = 243;

  /** The relative luminance of an sRGB colour (WCAG). */
  const luminance = ([r, g, b]) => {
    const lin = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (hi + 0.05) / (lo + 0.05);
  };

  /** True when `family` (a computed font-family) names a font the page loaded itself (which could draw nothing). */
  function pageFont(family, doc) {
    try {
      const names = new Set();
      doc.fonts.forEach((face) => names.add(face.family.replace(/^["']|["']$/g, '').toLowerCase()));
      return family.split(',').some((name) => names.has(name.trim().replace(/^["']|["']$/g, '').toLowerCase()));
    } catch {
      return true;
    }
  }

  const XHTML = 'http://www.w3.org/1999/xhtml';
  /** A text node longer than this is not looked at character by character (the screenshots decide). */
  const MAX_INKED_TEXT = 4096;
  /** A canvas of this script's own (never in the page), to measure glyphs: made on first use. */
  let ruler = null;

  /** True when `char`, in the font of `style`, draws any ink (a letter does; a Braille blank, U+2800, or a Hangul filler does not). */
  function inks(char, style) {
    ruler ??= /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    ruler.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const m = ruler.measureText(char);
    return m.actualBoundingBoxLeft + m.actualBoundingBoxRight > 0 && m.actualBoundingBoxAscent + m.actualBoundingBoxDescent > 0;
  }

  /**
   * True when the character of `text` under (x, y) draws ink, or is white space next to one that
   * does (a press between two words). A font has characters that are not white space yet draw
   * nothing: text of them in solid black is laid out, hit and coloured as any text, and shows nothing.
   */
  function inkAt(text, x, y, style) {
    const data = text.data;
    if (data.length > MAX_INKED_TEXT) return false;
    const chars = [...data];
    const range = document.createRange();
    for (let at = 0, offset = 0; at < chars.length; offset += chars[at].length, at += 1) {
      range.setStart(text, offset);
      range.setEnd(text, offset + chars[at].length);
      const on = [...range.getClientRects()].some((box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
      if (!on) continue;
      if (!/^\s$/.test(chars[at])) return inks(chars[at], style);
      return [chars[at - 1], chars[at + 1]].some((near) => near !== undefined && !/^\s$/.test(near) && inks(near, style));
    }
    return false;
  }

  /**
   * True when the press at (x, y) is plainly on HTML text of `link`, drawn in the open: text at
   * least MIN_TEXT_PX high, in a system font, on a character that draws ink (`inkAt`), filled
   * with a solid colour that contrasts with the solid background behind it, and nothing between it and the top document that changes how it paints
   * (opacity, filters, masks, clipping, blend modes, transforms, a background image). In a frame
   * whose parent is of another origin, never: the parent's effects are out of reach.
   */
  function plainlyPainted(link, x, y) {
    const found = textNodeAt(link, x, y);
    if (!found || found.box.height < MIN_TEXT_PX) return false;
    const element = found.text.parentElement;
    // HTML text only: SVG text is painted by its `fill` and `stroke`, not by the colour read below.
    if (element.namespaceURI !== XHTML) return false;
    const own = getComputedStyle(element);
    if (parseFloat(own.fontSize) < MIN_TEXT_PX || pageFont(own.fontFamily, document)) return false;
    if (!inkAt(found.text, x, y, own)) return false;
    const fill = rgba(fillOf(own));
    if (fill[3] < SOLID) return false;
    let behind = null;
    /** @type {Window} */
    let win = window;
    for (let at = /** @type {Node | null} */ (element); at; ) {
      if (isElement(at)) {
        const style = win.getComputedStyle(at);
        const mask = style.maskImage || style.webkitMaskImage || 'none';
        if (style.opacity !== '1' || style.filter !== 'none' || style.mixBlendMode !== 'normal' || mask !== 'none') return false;
        if (style.clipPath !== 'none' || style.transform !== 'none' || (style.scale || 'none') !== 'none' || style.visibility !== 'visible') return false;
        if (behind === null) {
          if (style.backgroundImage !== 'none') return false;
          const back = rgba(style.backgroundColor);
          if (back[3] >= SOLID) behind = back;
          else if (back[3] > 0) return false;
        }
      }
      let next = parentOf(at);
      if (!next) {
        try {
          next = win.frameElement; // null in the top frame, and in a frame of another origin's page
          if (next === null && win !== win.top) return false;
          if (next) win = /** @type {Window} */ (win.parent);
        } catch {
          return false;
        }
      }
      at = next;
    }
    // No background anywhere: the page's canvas, white unless the page asks for another scheme.
    if (behind === null) {
      const root = win.document.documentElement;
      if (!root || !/^(normal|light)$/.test(win.getComputedStyle(root).colorScheme || 'normal') || win.document.querySelector('meta[name="color-scheme" i]')) return false;
      behind = [255, 255, 255, 255];
    }
    return contrast(fill, behind) >= MIN_CONTRAST;
  }

  /**
   * Where `element` and the point (x, y) of this frame are in the tab's viewport: this frame's
   * place added up through its parents. `{box: null, pointer: null}` when a parent is of another
   * origin (its frame's place is out of reach): the whole tab is compared then.
   */
  function placeInTab(element, x, y) {
    const own = element.getBoundingClientRect();
    let [dx, dy] = [0, 0];
    /** @type {Window} */
    let win = window;
    while (win !== win.top) {
      let frame;
      try {
        frame = win.frameElement;
      } catch {
        frame = null;
      }
      if (!frame) return { box: null, pointer: null };
      const box = frame.getBoundingClientRect();
      const style = /** @type {Window} */ (win.parent).getComputedStyle(frame);
      dx += box.left + frame.clientLeft + parseFloat(style.paddingLeft);
      dy += box.top + frame.clientTop + parseFloat(style.paddingTop);
      win = /** @type {Window} */ (win.parent);
    }
    return { box: { left: own.left + dx, top: own.top + dy, width: own.width, height: own.height }, pointer: { x: x + dx, y: y + dy } };
  }

  /** Takes `element`'s painting away (opacity 0, at once); returns what puts it back as it was. */
  function unpaint(element) {
    const style = /** @type {HTMLElement} */ (element).style;
    const saved = ['opacity', 'transition'].map((name) => [name, style.getPropertyValue(name), style.getPropertyPriority(name)]);
    style.setProperty('transition', 'none', 'important');
    style.setProperty('opacity', '0', 'important');
    return () => {
      for (const [name, value, priority] of saved) {
        if (value) style.setProperty(name, value, priority);
        else style.removeProperty(name);
      }
    };
  }

  /**
   * Resolves once `count` frames have been drawn, or after FRAMES_AT_MOST_MS: a frame the browser
   * does not draw (a frame faded to nothing, Firefox's throttling) gets no animation frames.
   * (background/painted.js looks again, a moment later, before it calls the link unpainted.)
   */
  const framesDrawn = (count) => new Promise((resolve) => {
    setTimeout(resolve, FRAMES_AT_MOST_MS);
    const step = () => (count-- <= 0 ? resolve(undefined) : requestAnimationFrame(step));
    step();
  });
  const FRAMES_AT_MOST_MS = 500;

  /**
   * Whether `link` painted enough near (x, y) for a person to see it, from two screenshots of the
   * tab (background/painted.js): null when it did, `notPainted` when it did not, or when the screenshots
   * could not be taken (a link in doubt never opens directly). `near`: compare only near the
   * point (a pointer's press), or the whole link (a key's).
   * @returns {Promise<null | 'notPainted'>}
   */
  async function paintedAt(link, hit, x, y, near = true) {
    const shown = shownBy(link, hit);
    const place = placeInTab(shown, x, y);
    try {
      await ask('paintShown');
      const restore = unpaint(shown);
      try {
        await framesDrawn(2);
        const { painted } = await ask('paintHidden', { box: place.box, pointer: near ? place.pointer : null });
        return painted ? null : 'notPainted';
      } finally {
        restore();
      }
    } catch (error) {
      console.warn('uri-list: could not see what the link painted:', error?.message ?? error);
      return 'notPainted';
    }
  }

  /**
   * Why the person could not have seen `link` at (x, y): a reason at once (the fast checks), or the
   * screenshots' answer to come (a promise), or null when it is plainly seen.
   * @returns {null | 'notVisible' | Promise<null | 'notPainted'>}
   */
  function seenAt(link, x, y, near = true) {
    const hidden = hiddenAt(link, x, y);
    if (hidden) return hidden;
    if (link.localName !== 'area' && plainlyPainted(link, x, y)) return null;
    return paintedAt(link, elementAt(x, y), x, y, near);
  }

  /**
   * Why the person could not have seen `link` at (x, y), the pointer's place, or null if they could.
   * @returns {null | 'notVisible'}
   */
  function hiddenAt(link, x, y) {
    const hit = elementAt(x, y);
    if (!hit || !lands(hit, link)) return 'notVisible'; // covered by something else, or not there at all
    const shown = shownBy(link, hit);
    if (getComputedStyle(shown).visibility !== 'visible') return 'notVisible';
    if (effectiveOpacity(shown) < MIN_OPACITY) return 'notVisible';
    if (!paintsAt(hit, link, x, y)) return 'notVisible';
    return null;
  }

  /**
   * Why the person could not see `link` on screen (for a key press: no pointer), or null; with the
   * painting checked (see `seenAt`), a promise of it.
   * @returns {null | 'notVisible' | Promise<null | 'notPainted'>}
   */
  function hiddenOnScreen(link) {
    const box = shownBy(link, null).getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, innerHeight);
    if (right - left < 1 || bottom - top < 1) return 'notVisible'; // off-screen, or no box
    // The middle of its visible part, or of its first line of text (a link wrapping lines).
    const line = link.localName === 'area' ? null : [...link.getClientRects()].find((r) => r.width >= 1 && r.height >= 1 && r.left < innerWidth && r.top < innerHeight && r.right > 0 && r.bottom > 0);
    const x = line ? (Math.max(line.left, 0) + Math.min(line.right, innerWidth)) / 2 : (left + right) / 2;
    const y = line ? (Math.max(line.top, 0) + Math.min(line.bottom, innerHeight)) / 2 : (top + bottom) / 2;
    return seenAt(link, x, y, false);
  }

  // --- what the person did ------------------------------------------------------------------------

  /** The multilink a person's Enter was decided on: the click the browser then makes of it is not asked again. */
  let keyedMultilink = null;

  /** What the person last pressed: `{node, href, hidden}` (the link and its href then, or nulls). */
  let pressed = null;
  /** The person's last input, to tell whose doing a focus change was: `{kind, node, at, event?, answered?}`. */
  let lastInput = null;
  /** Links the person focused themselves (a Tab, an arrow key, a press on the link). */
  const focusedByPerson = new WeakSet();
  /** The person's last key: `{on, at, repeat}`, `on` what had the focus as they pressed it. */
  let lastKey = null;
  /**
   * The link the pointer came onto, and the link that got the focus, each with its `href` then:
   * `{node, href}` (the focus's with `visible` too) or null. That `href` is the one the hover tooltip describes (content/hover.js
   * reads it at the same events); a page that swaps it afterwards, before the press, would have
   * the press and the click agree on a list the person was not shown.
   */
  let pointedAt = null;
  let focusedAt = null;

  /** What has the focus, inside shadow roots (open or closed) too. */
  function focused() {
    let at = document.activeElement;
    for (let depth = 0; depth < 32 && at; depth += 1) {
      const inner = shadowRootOf(at)?.activeElement;
      if (!inner) break;
      at = inner;
    }
    return at;
  }

  // Moving within the link changes nothing (the tooltip stays as it is); leaving it and coming
  // back is a new look at it (a new tooltip). A link that comes under a pointer the person did not
  // move (the page replaced the link they were looking at, in place) is no new look: it keeps
  // the `href` they were shown, until they move onto a link again. A scroll of theirs (a wheel, a
  // key) is a move.
  /** Where the mouse was at its last event (screen coordinates), and whether the person scrolled since. */
  let mouseAt = null;
  let scrolled = false;
  const noteMouse = (event) => {
    if (event.isTrusted) mouseAt = { x: event.screenX, y: event.screenY };
  };
  window.addEventListener('mousemove', noteMouse, true);
  window.addEventListener('mousedown', noteMouse, true);
  window.addEventListener('wheel', (event) => {
    if (event.isTrusted) scrolled = true;
  }, { capture: true, passive: true });
  window.addEventListener('keydown', (event) => {
    if (event.isTrusted) scrolled = true;
  }, true);
  window.addEventListener('mouseover', (event) => {
    if (!event.isTrusted) return;
    const still = mouseAt !== null && mouseAt.x === event.screenX && mouseAt.y === event.screenY && !scrolled;
    noteMouse(event);
    scrolled = false;
    const link = linkOf(event);
    if (link?.node === pointedAt?.node) return;
    if (still && pointedAt) {
      // Not the person's move: what they were shown stays (over no link too, for the next one).
      if (link) pointedAt = { node: link.node, href: pointedAt.href };
      return;
    }
    pointedAt = link ? { node: link.node, href: link.href } : null;
  }, true);

  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    const link = linkOf(event);
    pressed = link ? { ...link, hidden: seenAt(link.node, event.clientX, event.clientY) } : { node: null, href: null, hidden: null };
    // A promise nobody awaits (a press that ends in no click) must not be an unhandled rejection:
    // paintedAt() never rejects, but say so here.
    if (pressed.hidden instanceof Promise) pressed.hidden.catch(() => {});
    keyedMultilink = null;
    lastInput = { kind: 'pointer', node: link?.node ?? null, at: performance.now() };
  }, true);

  // Focus events are trusted whoever moved the focus (a script's `focus()` too), so whose doing
  // it was is told by what came before: the person's only when it is the browser's own answer to
  // their input. For a key (Tab, an arrow key...), that is the key's default action: after its
  // `keydown` was dispatched (a `focus()` from the page's own handler comes during it), not
  // cancelled by the page, the first focus change after it, and in the same task (a page's
  // `focus()` a moment later, on a timer, comes second, or after the task: see the keydown
  // listener). For a press, a focus on the very link pressed.
  window.addEventListener('focusin', (event) => {
    const input = lastInput;
    let byPerson = false;
    if (event.isTrusted && input && performance.now() - input.at < FOCUS_AFTER_INPUT_MS) {
      if (input.kind === 'navigation') {
        const dispatched = input.event.eventPhase === Event.NONE;
        byPerson = dispatched && !input.event.defaultPrevented && !input.answered;
        if (dispatched) input.answered = true;
      } else if (input.kind === 'pointer') {
        byPerson = input.node !== null && input.node === linkOf(event)?.node;
      }
    }
    const link = linkOf(event);
    if (!link) return;
    // `visible`: a focus the browser shows (a key's, or a script's with `focusVisible`), which
    // the tooltip shows the link's list for (content/hover.js); a click's focus shows neither.
    if (event.isTrusted) focusedAt = { node: link.node, href: link.href, visible: link.node.matches(':focus-visible') };
    if (byPerson) focusedByPerson.add(link.node);
    else focusedByPerson.delete(link.node);
  }, true);

  /** True when `seen` (the pointer's or the focus's look at a link) is of `link`, with another `href`. */
  const changedSince = (seen, link) => seen !== null && seen.node === link.node && seen.href !== link.href;

  /**
   * Why a click (or key press) must not open the list directly, or null when it may; a promise of
   * it while the screenshots are looked at (see `seenAt`).
   * @returns {null | string | Promise<null | string>}
   */
  function doubt(event, link) {
    if (event.type === 'keydown') {
      if (event.repeat) return 'repeated';
      if (!focusedByPerson.has(link.node)) return 'focusedByPage';
      if (changedSince(focusedAt, link)) return 'linkChangedShown';
      return hiddenOnScreen(link.node);
    }
    if (event.detail > 1) return 'repeated';
    // A click with no pointer (detail 0) is a key's: the browser's click for Enter in a form (on
    // its first submit button, which a page can put inside a link), for an access key, for Space
    // on a button. It counts only when the person's own key, not a repeat, was pressed on that
    // very link, which they had focused themselves, a moment ago.
    if (event.detail === 0) {
      const key = lastKey;
      if (!key || key.repeat || performance.now() - key.at > KEY_CLICK_MS || !key.on || !lands(key.on, link.node)) return 'keyNotOnLink';
      if (!focusedByPerson.has(link.node)) return 'focusedByPage';
      if (changedSince(focusedAt, link)) return 'linkChangedShown';
      return hiddenOnScreen(link.node);
    }
    const press = pressed;
    pressed = null;
    if (!press || press.node !== link.node || press.href !== link.href) return 'linkChanged';
    if (changedSince(pointedAt, link)) return 'linkChangedShown';
    // The focus's look too: a link that has had a visible focus since (its tooltip shown then, on
    // the page's own `focus()` too) and whose `href` the page changed afterwards, before the
    // pointer came (a pointerover handler runs before the mouseover the pointer's look is taken
    // at). A focus a click gave it showed nothing: the pointer's look alone counts then (a chat
    // app that updates the `href` of a link clicked before, still focused, opens it at once).
    if (focusedAt?.visible && changedSince(focusedAt, link)) return 'linkChangedShown';
    return press.hidden;
  }

  /**
   * Cancels the browser's own handling of a uri-list link, and for a person's own action (a
   * trusted event) asks the background to open it: directly, or with a reason (see `doubt`) on
   * the preview page. Ctrl/Cmd (or the middle button) opens in the background, Shift in a new
   * window, as for ordinary links.
   * @param {MouseEvent|KeyboardEvent} event
   * @param {boolean} middle whether it is the middle button
   */
  function activate(event, middle = false) {
    const link = linkOf(event);
    if (!link) return;
    // A link in text being edited (contenteditable, designMode: a mail being written) is text to
    // the browser, which follows no link there, whatever the click or key: the person is placing
    // the caret. Nor does the extension; the browser's own handling does nothing with it.
    if (/** @type {HTMLElement} */ (link.node).isContentEditable) return;
    // The extension was updated (or reloaded) under this page, and this script cannot reach it:
    // the browser's own handling then, not a click that does nothing. For a uri-list link that is
    // a navigation to it, which the background shows on the preview page; for a web link, its
    // page, where the list is shown.
    if (cutOff()) return;
    if (link.kind === 'multilink') return multilink(event, link, middle);
    // A script's click on a web link: the browser loads the page, as for any link; there the
    // extension only offers the list.
    if (link.kind === 'web' && !event.isTrusted) return;
    event.preventDefault();
    if (!event.isTrusted) return; // a page script's click() or dispatchEvent(): nothing opens
    // The person's action is the extension's now: the page's own handlers do not get it, so that a
    // page which opens its links itself (`window.open(link.href)` in a click handler, as many
    // mail and chat apps do) does not open the link a second time, beside the list (a preview
    // page of it, or the web page of a web link).
    event.stopImmediatePropagation();
    if (link.href.length > MAX_LINK_LENGTH) {
      // Not sent whole (it could be any size): the background says so on this tab.
      send({ type: 'linkTooLong', length: link.href.length });
      return;
    }
    const text = linkText(link.node);
    // A link showing another list is said so; once the press's look at the screenshots (one may
    // be under way: `seenAt`) is done, which must see this tab in front, before the preview page.
    const other = showsOtherList(link);
    const looked = doubt(event, link);
    const doubted = other === null ? looked : looked instanceof Promise ? looked.then(() => other, () => other) : other;
    const inBackground = middle || event.ctrlKey || event.metaKey;
    const message = {
      type: 'open',
      href: link.href,
      text,
      active: !inBackground || event.shiftKey,
      newWindow: event.shiftKey && !inBackground,
    };
    const request = (reason) => send({ ...message, trusted: reason === null, ...(reason ? { reason } : {}) });
    if (doubted instanceof Promise) doubted.then(request, () => request('notPainted'));
    else request(doubted);
  }

  /**
   * A person's own plain click or Enter on a `rel="multilink"` link: the page loads in this tab
   * as usual, and the background, told first, opens the list that page names in its
   * `<link rel="alternate">`, for that navigation only. An action in doubt (see `doubt`: for
   * Enter, a focus the page moved there), with a modifier or the middle button (another tab)
   * only lets the page load, where its list is offered. Enter is decided at its keydown: the click
   * the browser then makes of it carries detail 0 in Chromium and 1 in Firefox, and no press.
   */
  function multilink(event, link, middle) {
    if (!event.isTrusted || middle) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (event.type === 'keydown') {
      keyedMultilink = link.node;
      // Still being looked at (a promise) is doubt too: the page's navigation does not wait.
      if (doubt(event, link) === null) send({ type: 'multilink', href: link.href });
      return;
    }
    if (event.type !== 'click') return;
    if (keyedMultilink === link.node) {
      keyedMultilink = null;
      return;
    }
    if (event.detail === 0 || doubt(event, link) !== null) return;
    send({ type: 'multilink', href: link.href });
  }

  /**
   * Sends `message` to the background, which tells the person what it did not open (on the
   * toolbar badge of this tab, a notification, or the preview page). What is left for here is a
   * background that cannot be reached at all (the extension was reloaded under the page).
   * @param {{type: string} & Record<string, unknown>} message
   */
  function send({ type, ...payload }) {
    // Cut off from the extension (see `activate`): nobody to tell.
    if (cutOff()) return;
    // An error the background sent, or none at all. `type` is one of the content script's own
    // messages (open, linkTooLong, multilink), each written out where `send` is called.
    ask(/** @type {any} */ (type), payload).catch((error) => console.error(`uri-list: ${type} failed:`, error?.message ?? error));
  }

  // The context menu on a link: its "Open as tab group" gets the link's address as the browser
  // reads it once the page's own `contextmenu` handlers have run (they may swap it). The
  // background opens that at once only when it is the `href` the person was shown (the pointer's,
  // or for the menu key the focus's, look at the link: see `pointedAt`), told it here first.
  window.addEventListener('contextmenu', (event) => {
    if (!event.isTrusted) return;
    const link = linkOf(event);
    if (!link || link.kind === 'multilink') return;
    const seen = [pointedAt, focusedAt].find((at) => at?.node === link.node);
    // Its words too: Chrome's menu gives none, and they name a list that has no title, as a click's do.
    send({ type: 'menuLinkShown', href: seen?.href ?? null, text: linkText(link.node) });
  }, true);

  window.addEventListener('click', (event) => {
    if (event.button === 0) activate(event);
  }, true);
  window.addEventListener('auxclick', (event) => {
    if (event.button === MIDDLE_BUTTON) activate(event, true);
  }, true);
  // Enter on a focused link: cancelling the keydown also stops the click the browser would
  // synthesise from it, so the link opens once.
  window.addEventListener('keydown', (event) => {
    if (event.isTrusted) {
      const input = { kind: NAVIGATION_KEYS.has(event.key) ? 'navigation' : 'key', node: null, at: performance.now(), event, answered: false };
      lastInput = input;
      // The key's own focus move (its default action) comes in this task: a focus change in a
      // later one (a page's timer) is not its answer, even when the key moved no focus itself
      // (an ArrowDown in a text box, a PageDown). This timer, set before any of the page's (the
      // content script's listener runs first), comes before them.
      setTimeout(() => {
        input.answered = true;
      }, 0);
      lastKey = { on: focused(), at: performance.now(), repeat: event.repeat };
    }
    if (event.key === 'Enter' && !event.isComposing) activate(event);
  }, true);

  // A page may offer a list of its own: <link rel="alternate" href="uri-list:...">, the
  // Multilinks explainer's fallback. The toolbar button shows it (and the popup offers it).
  // A page reached at a web link (typed, from another app, a redirect) offers its list too,
  // again when its fragment changes: never opened from the navigation alone.
  // The background is told only what changes what the button shows: a page that offers nothing,
  // and whose fragment changes, says nothing (a stopped background stays stopped). The popup asks
  // here (`offered`) what the page offers now; nothing is kept elsewhere.
  if (window === window.top) {
    // Each list once: a link named twice, or the list of the page's own web link named again in
    // <link rel="alternate"> (the uri-list web page does: web/web.js), is offered once.
    const offered = () => {
      const web = WEB_LINK.test(location.href) && location.href.length <= MAX_LINK_LENGTH;
      const seen = new Set(web ? [location.href.slice(location.href.indexOf('#') + 1)] : []);
      const links = [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel~="alternate" i][href]'))]
        .map((node) => ({ href: node.getAttribute('href').trim(), title: node.title || '' }))
        .filter((link) => LINK_SCHEME.test(link.href) && link.href.length <= MAX_LINK_LENGTH && !seen.has(link.href) && seen.add(link.href));
      if (web) links.unshift({ href: location.href, title: '' });
      // No more than the background takes (background/sources.js MAX_OFFERS): a page naming
      // thousands of lists of 2 MiB each sends it no more than these.
      return links.slice(0, MAX_OFFERED);
    };
    // How many the toolbar button shows for this page: none until the background is told.
    let shown = 0;
    // What the page offered when last looked at (as JSON), for the head's changes below.
    let lastOffered = '';
    // `atLoad`: the offers when the page had loaded, the only ones a rel="multilink" click may
    // open (background/web-links.js); the browser's own DOMContentLoaded only, once.
    // `told`: the background is to be told even of no offers (a fragment that made the address a web link).
    const offer = (atLoad, told = false) => {
      const links = offered();
      lastOffered = JSON.stringify(links);
      if (links.length === 0 && shown === 0 && !told) return;
      // `shown`: how many the button showed for this page before (none: it shows something else, if anything).
      send({ type: 'offers', links, atLoad, shown });
      shown = links.length;
    };
    // A page's own script may add, change or take away its <link rel="alternate"> after it has
    // loaded (a single-page app; the uri-list web page, as it draws the list of a new fragment):
    // the button follows, at most once per OFFERS_SETTLE_MS, and only when what is offered changed.
    // The head's other changes (styles, scripts) are not looked at.
    const OFFERS_SETTLE_MS = 250;
    let settling = 0;
    const isAlternate = (/** @type {Node} */ node) => node.nodeName === 'LINK';
    const onHeadChanged = (/** @type {MutationRecord[]} */ records) => {
      const touched = records.some((record) => isAlternate(record.target) || [...record.addedNodes, ...record.removedNodes].some(isAlternate));
      if (!touched || settling) return;
      settling = setTimeout(() => {
        settling = 0;
        if (JSON.stringify(offered()) !== lastOffered) offer(false);
      }, OFFERS_SETTLE_MS);
    };
    const begin = () => {
      offer(true);
      announceMultilinks();
      if (document.head) new MutationObserver(onHeadChanged).observe(document.head, { childList: true, subtree: true, attributeFilter: ['href', 'rel', 'title'] });
    };
    const loaded = (/** @type {Event} */ event) => {
      if (!event.isTrusted) return;
      document.removeEventListener('DOMContentLoaded', loaded);
      begin();
    };
    // Put into a page that had loaded already (at an install or update: Firefox itself, Chrome
    // through background/content-scripts.js): once this script has run to its end.
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loaded);
    else queueMicrotask(begin);
    // A change of the fragment (the page's own `location.hash = …` too, a trusted event): told at
    // once, and a page that changes it over and over tells the background at most once per
    // OFFERS_SETTLE_MS, the last. A page's script dispatching `hashchange` changes nothing.
    // `fragmentTold`: a change since the last telling made the address a web link (it is told
    // even when the page offers nothing, as `offer` says).
    let fragmentAt = -Infinity;
    let fragmentTimer = 0;
    let fragmentTold = false;
    const fragmentChanged = () => {
      fragmentTimer = 0;
      fragmentAt = performance.now();
      const told = fragmentTold;
      fragmentTold = false;
      offer(false, told);
    };
    window.addEventListener('hashchange', (event) => {
      if (!event.isTrusted) return;
      fragmentTold ||= WEB_LINK.test(event.newURL);
      if (fragmentTimer) return;
      const wait = fragmentAt + OFFERS_SETTLE_MS - performance.now();
      if (wait <= 0) fragmentChanged();
      else fragmentTimer = setTimeout(fragmentChanged, wait);
    });
    // A page the browser kept and shows again (back, forward): the browser reset the button.
    window.addEventListener('pageshow', (event) => {
      if (!event.isTrusted || !event.persisted) return;
      shown = 0;
      offer(false);
      multilinksAnnounced = false;
      announceMultilinks();
    });
    // The extension's own pages and background (not a page's script, which cannot reach this).
    api.runtime.onMessage.addListener((/** @type {any} */ message, /** @type {any} */ sender, /** @type {(reply: unknown) => void} */ reply) => {
      if (message?.type !== 'offered' || sender?.id !== api.runtime.id || sender.tab) return false;
      reply(offered());
      return false;
    });
  }

  // A page with a rel="multilink" link on it says so, once (when it has loaded, or when a person's
  // pointer or focus reaches one added later): the background then follows this tab's
  // navigations, which a click on one needs (background/web-links.js). Other pages say nothing.
  let multilinksAnnounced = false;
  function announceMultilinks(/** @type {Element | null} */ found = null) {
    if (multilinksAnnounced || window !== window.top) return;
    const any = found ?? [...document.querySelectorAll('a[rel][href], area[rel][href]')].find((node) => linkFrom(node)?.kind === 'multilink');
    if (!any) return;
    multilinksAnnounced = true;
    send({ type: 'multilinkPage' });
  }

  // "Open as tab group" for web links is made visible while the pointer (or focus) is on one,
  // before the person opens the menu on it. (Chrome's menus have no onShown; Firefox's, as
  // `menus.onShown`, needs the "menus" permission and would build the open menu again.)
  //
  // The pointer (or focus) on a uri-list link also tells the background to get ready, at most
  // once in WARM_EVERY_MS: a stopped one starts and loads the wasm core while the person is still
  // reaching for the button, not after the click (a hover comes some 100 ms or more before a
  // person's click). Nothing opens from it.
  let onWebLink = false;
  let warmedAt = -Infinity;
  const noteWebLink = (event) => {
    if (!event.isTrusted) return;
    const kind = linkOf(event)?.kind;
    if (kind === 'multilink') announceMultilinks(linkOf(event)?.node ?? null);
    if ((kind === 'list' || kind === 'multilink') && performance.now() - warmedAt > WARM_EVERY_MS) {
      warmedAt = performance.now();
      send({ type: 'warm' });
    }
    const web = kind === 'web';
    if (web === onWebLink) return;
    onWebLink = web;
    send({ type: 'webLinkMenu', visible: web });
  };
  window.addEventListener('pointerover', noteWebLink, true);
  window.addEventListener('focusin', noteWebLink, true);
})();
