// A click opens only what the person saw, whatever the CSS (issue 22, part 1), and a key opens
// only the link it was pressed on. Each attack is a fixture (tests/fixtures/painted-*.html): a
// link over "Accept cookies" that a person cannot see, in one of the ways the first round's CSS
// checks did not know; the person's real click on the button (trusted input: CDP in Chromium,
// WebDriver actions in Firefox) must open none of its fifteen pages, only the preview page with
// its reason. The honest cases: a click on a link in plain sight, in every form a page shows one,
// still opens its group at once.
import assert from 'node:assert/strict';
import { settled, stillSame, urlAndGroup } from './cases-open.mjs';
import { previewShows } from './cases-hardening.mjs';

const isPreview = (url) => /^(moz|chrome)-extension:\/\/[^/]+\/preview\/preview\.html\?/.test(url);

/** None of the list's pages opened: the page, and beside it the preview page with the list. */
async function previewInstead(browser, origin, page) {
  const state = await settled(browser, origin, { tabs: 2 }, 'the preview page, and no tabs of the list');
  assert.equal(state.tabs[0].url, page);
  assert.ok(isPreview(state.tabs[1].url), `the second tab is the preview page: ${state.tabs[1].url}`);
  assert.equal(state.tabs.filter((tab) => tab.url.includes('/page/painted-')).length, 0);
  await stillSame(browser, origin, state, { page: true });
  const shown = await previewShows(browser);
  assert.equal(shown.title, 'Painted');
  assert.equal(shown.rows, 15);
  return shown;
}

/** An honest click opened `title`'s group of two pages next to the page, once. */
async function opensAtOnce(browser, origin, page, title) {
  const state = await settled(browser, origin, { tabs: 3, groups: 1 }, `the group ${title}`);
  assert.equal(state.tabs[0].url, page);
  assert.deepEqual(state.groups.map((g) => g.title), [title]);
  assert.equal(urlAndGroup(state).filter(([, group]) => group === title).length, 2);
  await stillSame(browser, origin, state, { page: true });
}

/** Why the preview page is shown, for a link nobody could see (the CSS check's words, or the screenshots'). */
const UNSEEN = /the link was not visible where you clicked|the link drew nothing you could see where you clicked/;

const ATTACKS = [
  ['text-fill', 'text painted with no fill (-webkit-text-fill-color: transparent)'],
  ['oklch', 'text in oklch(... / 0)'],
  ['color-srgb', 'text in color(srgb ... / 0)'],
  ['hsl-faint', 'text in hsl(... / 0.01)'],
  ['alpha-faint', 'text at alpha 0.01'],
  ['faint-background', 'an empty link with a background at alpha 0.01'],
  ['generated-offscreen', 'an empty link whose ::before is off-screen'],
  ['mask', 'a mask that lets nothing through'],
  ['blend', 'white on white through mix-blend-mode'],
  ['svg-filter', 'an SVG filter (filter: url(#x)) that clears it'],
  ['area', 'an <area> of a transparent 1x1 image stretched over the page'],
  ['tiny-follow', 'a link scaled to 2 px that follows the pointer'],
  ['tiny-font', 'a link in a 3 px font that follows the pointer'],
  ['closed-shadow', 'a masked link inside a closed shadow root'],
  ['like-background', 'text coloured like the background'],
  ['cross-origin-frame', 'a cross-origin frame faded to opacity 0.02, holding a plain link'],
  ['blank-glyphs', 'black text of Braille pattern blanks, characters a font draws as nothing'],
  ['svg-text', 'SVG text in a solid colour whose fill is transparent'],
];

const HONEST = [
  ['text', 'an ordinary text link', 'Text'],
  ['image', 'an image link', 'Image'],
  ['button', 'a button-styled link', 'Button'],
  ['open-host', 'a link inside an open shadow root', 'Open shadow'],
  ['closed-host', 'a link inside a closed shadow root', 'Closed shadow'],
  ['dark', 'a link in dark colours', 'Dark'],
];

export const cases = [
  ...ATTACKS.map(([name, how]) => ({
    name: `painted: a click on "Accept cookies" under a link nobody can see (${how}) opens none of its pages: the preview page, with the reason`,
    async run({ browser, origin }) {
      const page = `/painted-${name}.html`;
      await browser.goto(`${origin}${page}`);
      // Into the frame, for the frame's link: Firefox's WebDriver actions from the top page do
      // not reach into a frame of another process; the frame covers "Accept cookies" all the same.
      if (name === 'cross-origin-frame') await browser.click('#link', { frame: '#frame' });
      else await browser.clickThrough('#accept');
      const shown = await previewInstead(browser, origin, page);
      assert.match(shown.why, UNSEEN);
    },
  })),
  ...HONEST.map(([id, how, title]) => ({
    name: `painted: a click on ${how} in plain sight opens its group at once`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-honest.html`);
      await browser.click(`#${id}`);
      await opensAtOnce(browser, origin, '/painted-honest.html', title);
    },
  })),
  {
    name: 'painted: a click on a link of a page in the dark scheme (the browser\'s own dark canvas) opens its group at once',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-honest-dark.html`);
      await browser.click('#link');
      await opensAtOnce(browser, origin, '/painted-honest-dark.html', 'Dark scheme');
    },
  },
  ...[
    ['same', 'a frame of the same origin', 'Same'],
    ['cross', 'a frame of another origin', 'Cross'],
  ].map(([frame, how, title]) => ({
    name: `painted: a click on a link in ${how}, in plain sight, opens its group at once`,
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-honest-frames.html`);
      await browser.click('#link', { frame: `#${frame}` });
      await opensAtOnce(browser, origin, '/painted-honest-frames.html', title);
    },
  })),
  {
    name: 'painted: Enter in a search box, whose form hides its submit button inside a uri-list link, opens none of its pages: the preview page, with the reason',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-implicit-submit.html`);
      await browser.typeInto('#q', 'news');
      await browser.pressKey('Enter');
      const shown = await previewInstead(browser, origin, '/painted-implicit-submit.html');
      assert.match(shown.why, /a key pressed elsewhere clicked the link/);
    },
  },
  {
    name: 'painted: an access key on a uri-list link, pressed while typing in a text box, opens none of its pages: the preview page, with the reason',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-accesskey.html`);
      await browser.typeInto('#box', 'A');
      await browser.accessKey('k');
      const shown = await previewInstead(browser, origin, '/painted-accesskey.html');
      assert.match(shown.why, /a key pressed elsewhere clicked the link/);
    },
  },
  {
    name: 'painted: a click on the search button inside the link (the person\'s own press on it) still opens its group',
    async run({ browser, origin }) {
      await browser.goto(`${origin}/painted-implicit-submit.html`);
      await browser.click('#go');
      const state = await settled(browser, origin, { tabs: 16, groups: 1 }, 'the group Painted');
      assert.deepEqual(state.groups.map((g) => g.title), ['Painted']);
      assert.equal(urlAndGroup(state).filter(([, group]) => group === 'Painted').length, 15);
    },
  },
];
