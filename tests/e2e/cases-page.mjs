// In the page (issue 6): the hover preview of a uri-list link, and linkify (plain-text links
// made clickable, an opt-in setting). Same cases in Chromium and Firefox, driven as a person
// would: a real pointer move onto the link (Playwright's hover; WebDriver pointer actions), real
// key presses, real clicks. The tooltip lives in a closed shadow root, which page scripts cannot
// read: the drivers read it over CDP (Chromium) and WebDriver (Firefox).
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { SCREENSHOTS } from './popup.mjs';
import { waitFor } from './util.mjs';

const HOST = '#uri-list-tooltip';

/** The tooltip's lines, or null when no tooltip is shown. */
const tooltip = (browser) => browser.shadowTexts(HOST, '.line');

function tooltipShown(browser, what) {
  return waitFor(() => tooltip(browser), (lines) => lines !== null && lines.length > 0, { what });
}

function tooltipGone(browser, what) {
  return waitFor(() => browser.inPage(() => document.getElementById('uri-list-tooltip') === null), (gone) => gone, { what });
}

/**
 * What the browser draws of the page in front, as a person sees it: `colourAt(x, y)` ([r, g, b]
 * at a point of the viewport, in CSS pixels) and `count(box, colour)` (how many pixels inside
 * `box`, 3 px in from its edge, are of `colour`, within a few levels).
 */
async function drawn(browser) {
  const ratio = await browser.inPage(() => devicePixelRatio);
  const png = PNG.sync.read(browser.name === 'chromium' ? await browser.page.screenshot() : await browser.screenshot());
  const colourAt = (x, y) => {
    const at = (Math.round(y * ratio) * png.width + Math.round(x * ratio)) * 4;
    return [png.data[at], png.data[at + 1], png.data[at + 2]];
  };
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) < 8);
  const count = (box, colour) => {
    let found = 0;
    for (let y = box.top + 3; y < box.bottom - 3; y += 1 / ratio) {
      for (let x = box.left + 3; x < box.right - 3; x += 1 / ratio) if (near(colourAt(x, y), colour)) found += 1;
    }
    return found;
  };
  return { colourAt, count };
}

/**
 * Waits until the extension's content scripts in the current page have handled more events of
 * `kind` than at `mark` (an earlier `browser.contentHandled()`; none: more than none) and have
 * finished all they started: no tooltip waiting to show, no text waiting to be linkified (see
 * `uriList.handled`, extension/content/prelude.js). What has not happened by then will not
 * happen from those events. On a slow machine this waits longer, up to the time-out, and then
 * fails: it never goes on having looked too early. Returns the counts.
 */
function contentDone(browser, kind, mark = null) {
  const before = mark?.[kind] ?? 0;
  return waitFor(() => browser.contentHandled(), (now) => now !== null && now[kind] > before && now.pending === 0, {
    what: `the content scripts to have handled more than ${before} events of kind ${kind} and finished what they started`,
    interval: 50,
  });
}

/** Sets `linkify` in storage.sync, where the popup keeps it (`undefined` removes it). */
async function setLinkify(browser, value) {
  const stored = await browser.inExtension(async (value) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (value === undefined) await api.storage.sync.remove('linkify');
    else await api.storage.sync.set({ linkify: value });
    return (await api.storage.sync.get('linkify')).linkify ?? null;
  }, value);
  assert.equal(stored, value ?? null, 'the stored linkify setting');
}

/** The links in element `selector` of the page: `[[href, text]]`. */
const linksIn = (browser, selector) =>
  browser.inPage((s) => [...document.querySelector(s).querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]), selector);

const textOf = (browser, selector) => browser.inPage((s) => document.querySelector(s).textContent, selector);

/** The state with URLs on the fixture server shortened to their path ("/page/one"). */
async function stateOf(browser, origin) {
  const state = await browser.state();
  const short = (url) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  return { ...state, tabs: state.tabs.map((tab) => ({ ...tab, url: short(tab.url) })) };
}

export const cases = [
  {
    name: 'hover: resting the pointer on a link shows its title, page count and sites, and what is never opened; leaving it hides them',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/hover.html`);
      const mark = await browser.contentHandled();
      await browser.hover('#plain');
      await contentDone(browser, 'pointer', mark);
      assert.equal(await tooltip(browser), null, 'no tooltip over plain text');
      await browser.hover('#link');
      const lines = await tooltipShown(browser, 'the tooltip of #link');
      assert.deepEqual(lines, [
        'Hover list',
        '6 pages · 127.0.0.1, example.com, news.example, +2 more sites',
        '1 item is never opened (blocked or invalid)',
      ]);
      // It describes the link for assistive technology too, and lets the pointer through.
      const about = await browser.inPage(() => {
        const host = document.getElementById('uri-list-tooltip');
        return {
          describedBy: document.getElementById('link').getAttribute('aria-describedby'),
          role: host.getAttribute('role'),
          pointerEvents: getComputedStyle(host).pointerEvents,
          position: getComputedStyle(host).position,
        };
      });
      assert.deepEqual(about, { describedBy: 'uri-list-tooltip', role: 'tooltip', pointerEvents: 'none', position: 'fixed' });
      await browser.hover('#plain');
      await tooltipGone(browser, 'the tooltip to go when the pointer leaves');
      assert.equal(await browser.inPage(() => document.getElementById('link').hasAttribute('aria-describedby')), false);
    },
  },
  {
    name: "hover: a lookalike host shows the core's warning; a link the core cannot read says why",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/hover.html`);
      await browser.hover('#lookalike');
      const lines = await tooltipShown(browser, 'the tooltip of the lookalike link');
      assert.equal(lines[0], '2 pages · pаypal.com (xn--pypal-4ve.com), 127.0.0.1');
      assert.match(lines[1], /^⚠ pаypal\.com \(xn--pypal-4ve\.com\): "pаypal" mixes Latin and Cyrillic letters/);
      assert.equal(lines.length, 2);
      assert.equal(await browser.shadowTexts(HOST, '.alert').then((a) => a.length), 1, 'the warning is styled as an alert');
      await browser.screenshots?.(SCREENSHOTS, 'hover-lookalike'); // light and dark, for a person to look at
      await browser.hover('#unreadable');
      const unreadable = await waitFor(() => tooltip(browser), (l) => l?.[0]?.startsWith('Not a readable'), { what: 'the unreadable link' });
      assert.equal(unreadable.length, 1);
      // The core's reason, in words (not an object's name).
      assert.match(unreadable[0], /^Not a readable uri-list link: [^[]*\bitem/, unreadable[0]);
    },
  },
  {
    name: "hover: a list named as another site, by its link's words or its title, shows the alert naming the site its pages are on",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/title-names-site.html`);
      const site = new URL(origin).hostname;
      // Named by the link's words alone ("PayPal.com"): the name its tabs would get.
      await browser.hover('#named-text');
      let lines = await waitFor(() => tooltip(browser), (l) => l?.length > 1, { what: 'the tooltip of the link reading PayPal.com' });
      assert.equal(lines[0], `2 pages · ${site}`);
      assert.equal(lines[1], `⚠ the list's name "PayPal.com" names PayPal.com, but its pages are on ${site}`);
      assert.equal(await browser.shadowTexts(HOST, '.alert').then((a) => a.length), 1, 'styled as an alert');
      await browser.screenshots?.(SCREENSHOTS, 'hover-list-named-site'); // light and dark, for a person to look at
      // Named by its title: the title is shown, and the alert says what it names.
      await browser.hover('#named-title');
      lines = await waitFor(() => tooltip(browser), (l) => l?.[0]?.startsWith('Sign in'), { what: 'the tooltip of the titled link' });
      assert.deepEqual(lines, ['Sign in at www.paypal.com', `2 pages · ${site}`, `⚠ the list's name "Sign in at www.paypal.com" names www.paypal.com, but its pages are on ${site}`]);
      // Words that name no site: no alert.
      await browser.hover('#plain');
      lines = await waitFor(() => tooltip(browser), (l) => l?.[0] === 'Words', { what: 'the tooltip of the plain link' });
      assert.deepEqual(lines, ['Words', `2 pages · ${site}`]);
    },
  },
  {
    name: 'hover: keyboard focus shows the tooltip, Escape hides it, and a click goes through it to what is under it',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/hover.html`);
      await browser.press('#before', 'Tab');
      const lines = await tooltipShown(browser, 'the tooltip on keyboard focus');
      assert.equal(lines[0], 'Hover list');
      // The tooltip sits below the link, over the #under button: a real click there reaches the button.
      const covered = await browser.inPage(() => {
        const tip = document.getElementById('uri-list-tooltip').getBoundingClientRect();
        const under = document.getElementById('under').getBoundingClientRect();
        const x = under.left + under.width / 2;
        const y = under.top + under.height / 2;
        return x >= tip.left && x <= tip.right && y >= tip.top && y <= tip.bottom;
      });
      assert.equal(covered, true, 'the tooltip covers the middle of #under (the fixture expects it to)');
      await browser.click('#under');
      await waitFor(() => textOf(browser, '#result'), (t) => t === 'under clicked, trusted=true', { what: 'the click on #under' });
      await browser.press('#before', 'Tab');
      await tooltipShown(browser, 'the tooltip again');
      const mark = await browser.contentHandled();
      await browser.press('#link', 'Escape');
      await tooltipGone(browser, 'Escape to hide the tooltip');
      await contentDone(browser, 'key', mark);
      assert.equal(await tooltip(browser), null, 'it stays hidden');
    },
  },
  {
    name: 'hover: a link in the corner gets its tooltip inside the viewport, above it',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/hover.html`);
      await browser.hover('#corner');
      const lines = await tooltipShown(browser, 'the tooltip of the corner link');
      assert.equal(lines[1], '2 pages · 127.0.0.1');
      const box = await browser.inPage(() => {
        const tip = document.getElementById('uri-list-tooltip').getBoundingClientRect();
        const link = document.getElementById('corner').getBoundingClientRect();
        const view = document.documentElement;
        return { inside: tip.left >= 0 && tip.top >= 0 && tip.right <= view.clientWidth && tip.bottom <= view.clientHeight, above: tip.bottom <= link.top };
      });
      assert.deepEqual(box, { inside: true, above: true });
    },
  },
  {
    name: "hover: a link in a page's modal dialog, its popover or its element shown full screen gets its tooltip drawn over them (the browser's top layer), warning and all",
    async run({ browser, origin }) {
      for (const [where, selector, layerId] of [['dialog', '#in-dialog', 'dialog'], ['popover', '#in-popover', 'menu'], ['fullscreen', '#in-fullscreen', 'screen']]) {
        await browser.goto(`${origin}/hover-top-layer.html?in=${where}`);
        if (where === 'fullscreen') {
          // A page goes full screen only on the person's own press.
          await browser.click('#go-fullscreen');
          await waitFor(() => browser.inPage(() => document.fullscreenElement?.id ?? null), (id) => id === 'screen', { what: 'the element shown full screen' });
          // The window's resize to full screen may come after (Firefox, on a busy machine), and a
          // resize takes a tooltip away: the pointer comes once the viewport has kept its size.
          let size = null;
          await waitFor(
            async () => {
              const now = await browser.inPage(() => `${innerWidth}x${innerHeight}`);
              const kept = now === size;
              size = now;
              await new Promise((resolve) => setTimeout(resolve, 150));
              return kept;
            },
            (kept) => kept,
            { what: 'the viewport to keep its full-screen size' },
          );
        }
        await browser.hover(selector);
        const lines = await tooltipShown(browser, `the tooltip of the link in the ${where}`);
        assert.match(lines[1], /^⚠ pаypal\.com \(xn--pypal-4ve\.com\)/, `the warning, in the ${where}`);
        const boxes = () => browser.inPage((id) => {
          const box = (element) => JSON.parse(JSON.stringify(element.getBoundingClientRect()));
          return { tooltip: box(document.getElementById('uri-list-tooltip')), layer: box(document.getElementById(id)) };
        }, layerId);
        const green = [0, 160, 0];
        const { tooltip: tip, layer } = await boxes();
        await waitFor(async () => (await drawn(browser)).count(tip, green), (count) => count === 0, { what: `the tooltip drawn over the ${where} (no pixel of the ${where}'s green inside it)` });
        // The page's layer is still seen where the tooltip is not: the page's rule for backdrops
        // (blue) draws none over it for the tooltip.
        assert.ok(tip.bottom < layer.bottom - 20, `room under the tooltip: ${JSON.stringify({ tip, layer })}`);
        assert.deepEqual((await drawn(browser)).colourAt(layer.right - 20, layer.bottom - 20), green, `the ${where} is seen beside the tooltip`);
        // The page's popover is still open: showing the tooltip closed nothing of the page's.
        if (where === 'popover') assert.equal(await browser.inPage(() => document.getElementById('menu').matches(':popover-open')), true);
        await browser.screenshots?.(SCREENSHOTS, `hover-${browser.name}-in-${where}`, { viewport: true });
        if (where === 'fullscreen') await browser.inPage(() => document.exitFullscreen());
      }
    },
  },
  {
    name: 'hover: an <area> of an image map (which has no box of its own) gets its tooltip by the pointer',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/area-link.html`);
      await browser.hover('img');
      const lines = await tooltipShown(browser, 'the tooltip of the area');
      assert.deepEqual(lines, ['Map', '2 pages · 127.0.0.1']);
      const box = await browser.inPage(() => {
        const tip = document.getElementById('uri-list-tooltip').getBoundingClientRect();
        const image = document.querySelector('img').getBoundingClientRect();
        return { belowPointer: tip.top >= image.top + image.height / 2, overImage: tip.left < image.right };
      });
      assert.deepEqual(box, { belowPointer: true, overImage: true }, 'by the middle of the image, where the pointer is');
    },
  },
  {
    name: 'linkify: off by default, plain-text links stay plain text',
    async run({ browser, origin }) {
      await setLinkify(browser, undefined);
      await browser.goto(`${origin}/linkify.html`);
      await contentDone(browser, 'settings'); // the setting read at load, and applied
      await browser.inPage(() => addMessage('later: uri-list:https://a.example;https://b.example'));
      // (Linkify on would have queued the change before the page's script returned.)
      const done = await contentDone(browser, 'settings');
      assert.equal(done.mutations, 0, "off, linkify does not watch the page's changes");
      const links = await browser.inPage(() => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')));
      assert.deepEqual(links, [`${origin}/page/real`], "only the page's own link");
      assert.match(await textOf(browser, '#chat'), /see uri-list:http/);
    },
  },
  {
    name: 'linkify: on, plain-text links become links where the draft ends them, never in code, fields or links; a link a script adds later too, and a real click on it opens the group',
    async run({ browser, origin }) {
      try {
        await setLinkify(browser, true);
        await browser.goto(`${origin}/linkify.html`);
        const chat = `uri-list:${origin}/page/l1;${origin}/page/l2?title=From%20chat`;
        assert.deepEqual(await waitFor(() => linksIn(browser, '#chat'), (l) => l.length > 0, { what: 'the #chat link' }), [[chat, chat]]);
        assert.equal(await textOf(browser, '#chat'), `A chat message: see ${chat}. Thanks!`, 'the text reads the same');
        const multi = `multi:${origin}/page/m1;${origin}/page/m2`;
        const bold = `uri-list:${origin}/page/b1`;
        assert.deepEqual(await waitFor(() => linksIn(browser, '#two'), (l) => l.length >= 2, { what: 'the #two links' }), [[multi, multi], [bold, bold]]);
        const cjk = `uri-list:${origin}/page/c1;${origin}/page/c2`;
        assert.deepEqual(await waitFor(() => linksIn(browser, '#cjk'), (l) => l.length > 0, { what: 'the #cjk link' }), [[cjk, cjk]]);
        for (const selector of ['#code', '#editable']) assert.deepEqual(await linksIn(browser, selector), [], selector);
        assert.deepEqual((await linksIn(browser, '#linked')).length, 1, "the page's own link is left as it is");
        assert.equal(await browser.inPage(() => document.getElementById('field').value.startsWith('uri-list:')), true);

        // A message a script adds after the page loaded.
        const later = `uri-list:${origin}/page/n1;${origin}/page/n2?title=Later`;
        await browser.inPage((link) => addMessage(`New message: ${link}`), later);
        await waitFor(() => linksIn(browser, '#later'), (l) => l.length === 1, { what: 'the added message linkified' });
        await browser.click('#later a');
        const state = await waitFor(
          () => stateOf(browser, origin),
          (s) => s.tabs.length === 3 && s.groups.length === 1 && s.groups[0].title !== '' && s.tabs.every((t) => t.url.startsWith('/')),
          { what: 'the group of the linkified link' },
        );
        assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
          ['/linkify.html', null],
          ['/page/n1', 'Later'],
          ['/page/n2', 'Later'],
        ]);
      } finally {
        await setLinkify(browser, undefined);
      }
    },
  },
  {
    name: "linkify: a message a framework draws (its own text node, later written to, then taken out) shows the page's new text, linkified again, and is taken out without an error",
    async run({ browser, origin }) {
      const first = `uri-list:${origin}/page/f1;${origin}/page/f2?title=First`;
      const second = `uri-list:${origin}/page/g1;${origin}/page/g2?title=Second`;
      const linked = (link, what) => waitFor(() => linksIn(browser, '#msg'), (l) => l.length === 1 && l[0][0] === link, { what });
      try {
        await setLinkify(browser, true);
        await browser.goto(`${origin}/linkify-framework.html`);
        await linked(first, 'the message linkified');
        assert.equal(await textOf(browser, '#msg'), `From Ann: note see ${first}, thanks`);

        // The message edited: the page writes its new text into the node it drew.
        await browser.inPage((text) => edit(text), ` see ${second}!`);
        await linked(second, 'the edited message linkified again');
        assert.equal(await textOf(browser, '#msg'), `From Ann: note see ${second}!`, "the page's new text, and nothing of the old");

        // Off: the page's node holds its whole text again, and a later edit of it shows.
        await setLinkify(browser, false);
        await waitFor(() => linksIn(browser, '#msg'), (l) => l.length === 0, { what: 'the link turned back into text' });
        assert.equal(await browser.inPage((text) => bodyHolds(text), ` see ${second}!`), true, "the page's own node, in the message, with its text");
        await browser.inPage((text) => edit(text), ` see ${first} again`);
        assert.equal(await textOf(browser, '#msg'), `From Ann: note see ${first} again`);

        // On again, then the page takes its node out.
        await setLinkify(browser, true);
        await linked(first, 'the message linkified once more');
        assert.equal(await browser.inPage(() => removeBody()), 'removed', "the page's removeChild of its own node");
        await waitFor(() => textOf(browser, '#msg'), (text) => text === 'From Ann: note', { what: 'the link and text put after the node gone with it' });
        assert.deepEqual(await linksIn(browser, '#msg'), []);
      } finally {
        await setLinkify(browser, undefined);
      }
    },
  },
  {
    name: 'linkify: turning it on makes links in an open page, turning it off turns them back into the same text',
    async run({ browser, origin }) {
      try {
        await setLinkify(browser, false);
        await browser.goto(`${origin}/linkify.html`);
        const before = await textOf(browser, 'body');
        await contentDone(browser, 'settings'); // the setting read at load, and applied
        assert.deepEqual(await linksIn(browser, '#chat'), []);
        await setLinkify(browser, true);
        await waitFor(() => linksIn(browser, '#chat'), (l) => l.length === 1, { what: 'linkify on in the open page' });
        await browser.hover('#chat a');
        const lines = await tooltipShown(browser, 'the tooltip of a linkified link');
        assert.equal(lines[0], 'From chat');
        await setLinkify(browser, false);
        await waitFor(() => browser.inPage(() => document.querySelectorAll('[data-uri-list-linkified]').length), (n) => n === 0, {
          what: 'the links made by linkify to go',
        });
        assert.equal(await textOf(browser, 'body'), before);
        assert.deepEqual(await linksIn(browser, '#chat'), []);
      } finally {
        await setLinkify(browser, undefined);
      }
    },
  },
];
