// Bookmarks and drag and drop: a bookmark folder (with a subfolder) copied as one link from the
// popup's folder picker, and saved back as a bookmark folder from the preview page; lists
// dropped on the popup's paste box as text/uri-list and text/x-moz-url, opened as a group; the
// preview page's rows dragged out as text/uri-list.
//
// The bookmarks are made and read through the extension's own bookmarks API (the real browser
// bookmarks, nothing mocked), once the extension has the optional permission: see each driver's
// allowOptionalPermissions() for how a headless browser gets past the browser's prompt.
//
// Most drops are DragEvents built in the page with a DataTransfer carrying the types a browser
// puts on a dragged link, tab or bookmark (a driver cannot drag from another application into a
// page); such a DataTransfer stays readable after its drop. The cases that need a person's own
// drop, whose data the browser hands out only while the drop is dispatched, make one with the
// drivers' trusted drag events (popup.drop: CDP input in Chromium, a drag session in Firefox).
// A drop only fills the paste box and says what it held (a page cannot reach an extension
// page, so an untrusted drop is no threat there); what opens the group is then the person's
// real click on "Open".
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { assertAccessible } from './axe.mjs';
import { settled } from './cases-open.mjs';
import { SCREENSHOTS, withPopupReading } from './popup.mjs';
import { waitFor } from './util.mjs';

const FOLDER = 'Trip 2026';
const SUBFOLDER = 'Hotels';

/** What the popup's bookmark and paste sections show. */
function readPopup() {
  const text = (id) => document.getElementById(id).textContent;
  return {
    ready: !document.getElementById('copy').disabled || document.getElementById('status').textContent !== '',
    choice: document.getElementById('bookmarks').open,
    folders: [...document.querySelectorAll('#folder option')].map((option) => option.textContent),
    bookmarksStatus: text('bookmarks-status'),
    bookmarksRefused: text('bookmarks-refused'),
    pasted: document.getElementById('pasted').value,
    summary: text('pasted-summary'),
    openButton: text('open-pasted'),
    openDisabled: document.getElementById('open-pasted').disabled,
    saveDisabled: document.getElementById('save-pasted').disabled,
    pasteStatus: text('paste-status'),
    height: document.documentElement.offsetHeight,
  };
}

/** Runs `body(popup)` in the popup (read with `readPopup`), closing it whatever happens. */
const withPopup = (browser, body) => withPopupReading(browser, readPopup, body);

/**
 * Makes FOLDER in the browser's default folder for new bookmarks: a page, SUBFOLDER with two
 * pages, a `javascript:` bookmark (never shared: left out, and said so), a last page.
 * Returns the folder's id.
 */
async function makeFolder(browser, origin) {
  return browser.inExtension(
    async ({ origin, folder, subfolder }) => {
      const api = globalThis.browser ?? globalThis.chrome;
      const root = await api.bookmarks.create({ title: folder });
      await api.bookmarks.create({ parentId: root.id, title: 'One', url: `${origin}/page/one` });
      const sub = await api.bookmarks.create({ parentId: root.id, title: subfolder });
      await api.bookmarks.create({ parentId: sub.id, title: 'Two', url: `${origin}/page/two` });
      await api.bookmarks.create({ parentId: sub.id, title: 'Three', url: `${origin}/page/three` });
      await api.bookmarks.create({ parentId: root.id, title: 'Script', url: 'javascript:void(0)' });
      await api.bookmarks.create({ parentId: root.id, title: 'Four', url: `${origin}/page/four` });
      return root.id;
    },
    { origin, folder: FOLDER, subfolder: SUBFOLDER },
  );
}

/** Every folder titled `title`: `[{id, parent, tree}]`, `tree` its folders' titles and its bookmarks' URLs, in order. */
async function foldersNamed(browser, title) {
  return browser.inExtension(async (title) => {
    const api = globalThis.browser ?? globalThis.chrome;
    const shape = (node) => (node.url !== undefined ? node.url : { title: node.title, children: (node.children ?? []).map(shape) });
    const found = (await api.bookmarks.search({ title })).filter((node) => node.url === undefined);
    const out = [];
    for (const node of found) {
      const [tree] = await api.bookmarks.getSubTree(node.id);
      const [parent] = await api.bookmarks.get(node.parentId);
      out.push({ id: node.id, parent: parent.title, tree: shape(tree) });
    }
    return out;
  }, title);
}

/** Removes every folder titled `title` and drops the bookmarks permission again. */
async function cleanUp(browser, title) {
  await browser.inExtension(async (title) => {
    const api = globalThis.browser ?? globalThis.chrome;
    if (api.bookmarks) {
      for (const node of await api.bookmarks.search({ title })) if (node.url === undefined) await api.bookmarks.removeTree(node.id);
    }
    await api.permissions.remove({ permissions: ['bookmarks'] });
  }, title);
}

/**
 * Drops `data` (`{type: text}`) on the element `selector` of the page, as a DragEvent with a
 * DataTransfer; with `later`, in a task after this one (a drop that makes the page navigate would
 * otherwise end the driver's script with it).
 */
function dropOn({ selector, data, later = false }) {
  const drop = () => {
    const transfer = new DataTransfer();
    for (const [type, text] of Object.entries(data)) transfer.setData(type, text);
    const target = document.querySelector(selector);
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
  };
  if (later) setTimeout(drop, 0);
  else drop();
}

export const cases = [
  {
    name: 'bookmarks: a folder with a subfolder copied from the popup is one link with a nested list, and saved back from the preview page it is an equal folder',
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await browser.goto(`${origin}/page/start`); // the page the clipboard is read from
      try {
        // First use: the popup asks for the permission in the click on "Bookmark folder…"
        // (Chromium's driver granted it ahead: the request then resolves at once).
        await withPopup(browser, async (popup) => {
          await popup.click('#pick-folder');
          const shown = await waitFor(() => popup.read(), (p) => p.choice || p.bookmarksRefused !== '', { what: 'the folder dialog after the permission was granted' });
          assert.equal(shown.bookmarksRefused, '');
        });
        const original = await makeFolder(browser, origin);
        const link =
          `uri-list:${origin}/page/one;uri-list:${origin}/page/two%3B${origin}/page/three%3Ftitle=${SUBFOLDER};` +
          `${origin}/page/four?title=Trip%202026`;
        await withPopup(browser, async (popup) => {
          await popup.click('#pick-folder');
          const shown = await waitFor(() => popup.read(), (p) => p.choice && p.folders.some((f) => f.trim() === FOLDER), { what: 'the new folder in the dialog' });
          assert.ok(shown.folders.includes(`\u00a0\u00a0${FOLDER}`), `the folder is indented under its parent: ${JSON.stringify(shown.folders)}`);
          assert.ok(shown.folders.includes(`\u00a0\u00a0\u00a0\u00a0${SUBFOLDER}`), 'its subfolder is listed under it');
          await popup.chooseLabel('#folder', `\u00a0\u00a0${FOLDER}`);
          await popup.click('#copy-folder');
          const copied = await waitFor(() => popup.read(), (p) => p.bookmarksStatus !== '', { what: 'the copy confirmation' });
          assert.match(copied.bookmarksStatus, /^Copied the folder “Trip 2026” \(4 bookmarks\) as one link \(\d+ characters\)\. 1 left out: javascript: pages cannot be shared/);
          await popup.screenshots?.('bookmarks-copied');
          assert.ok(copied.height <= 600, `the popup is ${copied.height} px tall`);
          await assertAccessible(popup, 'the popup with the folder picker');
        });
        assert.equal(await browser.clipboard(), link);

        // Saved back: the preview page of that link, "Save as bookmark folder".
        await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(link)}`);
        await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (n) => n !== '', { what: 'the preview page' });
        await browser.click('#save-bookmarks');
        const said = await waitFor(() => browser.inPage(() => document.getElementById('status').textContent), (text) => text !== '', { what: 'the save confirmation' });
        assert.match(said, /^Saved 4 pages as the bookmark folder “Trip 2026” in “Other [Bb]ookmarks”\.$/);
        const folders = await foldersNamed(browser, FOLDER);
        assert.equal(folders.length, 2, 'the original and the saved folder');
        const before = folders.find((f) => f.id === original);
        const after = folders.find((f) => f.id !== original);
        assert.equal(after.parent, before.parent, 'saved where new bookmarks go, beside the original');
        // Equal but for what a link cannot carry: the javascript: bookmark, never shared.
        const shared = { ...before.tree, children: before.tree.children.filter((child) => typeof child !== 'string' || !child.startsWith('javascript:')) };
        assert.deepEqual(after.tree, shared);
        assert.deepEqual(after.tree, {
          title: FOLDER,
          children: [`${origin}/page/one`, { title: SUBFOLDER, children: [`${origin}/page/two`, `${origin}/page/three`] }, `${origin}/page/four`],
        });
      } finally {
        await cleanUp(browser, FOLDER);
      }
    },
  },
  {
    name: 'bookmarks: with page titles chosen, a folder copied from the popup carries its bookmarks\' names, and saved back from the preview page each bookmark is named by its title',
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await browser.goto(`${origin}/page/start`); // the page the clipboard is read from
      await browser.inExtension(async () => {
        const api = globalThis.browser ?? globalThis.chrome;
        await api.storage.sync.set({ sharePageTitles: true });
      });
      try {
        // The permission, asked for in the click on "Bookmark folder…" (as the case above).
        await withPopup(browser, async (popup) => {
          await popup.click('#pick-folder');
          await waitFor(() => popup.read(), (p) => p.choice || p.bookmarksRefused !== '', { what: 'the folder dialog after the permission was granted' });
        });
        await makeFolder(browser, origin);
        await withPopup(browser, async (popup) => {
          await popup.click('#pick-folder');
          await waitFor(() => popup.read(), (p) => p.choice && p.folders.some((f) => f.trim() === FOLDER), { what: 'the folder in the dialog' });
          await popup.chooseLabel('#folder', `\u00a0\u00a0${FOLDER}`);
          await popup.click('#copy-folder');
          await waitFor(() => popup.read(), (p) => p.bookmarksStatus !== '', { what: 'the copy confirmation' });
        });
        const link = await browser.clipboard();
        assert.match(link, /[?&]page-titles=One~~Four$/, link);
        assert.match(link, new RegExp(`%3Ftitle=${SUBFOLDER}&page-titles=Two~Three;`), link);
        await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(link)}`);
        await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (n) => n !== '', { what: 'the preview page' });
        // The preview page shows each page's title (pages/list-view.js).
        assert.deepEqual(await browser.inPage(() => [...document.querySelectorAll('#items .page-title')].map((t) => t.textContent)), ['One', 'Two', 'Three', 'Four']);
        await browser.click('#save-bookmarks');
        await waitFor(() => browser.inPage(() => document.getElementById('status').textContent), (text) => text !== '', { what: 'the save confirmation' });
        const names = await browser.inExtension(async (title) => {
          const api = globalThis.browser ?? globalThis.chrome;
          const found = (await api.bookmarks.search({ title })).filter((node) => node.url === undefined);
          const names = (node) => (node.url !== undefined ? node.title : { title: node.title, children: (node.children ?? []).map(names) });
          const trees = [];
          for (const node of found) trees.push(names((await api.bookmarks.getSubTree(node.id))[0]));
          return trees;
        }, FOLDER);
        // The original, and the one saved back: named by the titles the link carried.
        assert.equal(names.length, 2);
        assert.ok(
          names.some((tree) => isDeepStrictEqual(tree, { title: FOLDER, children: ['One', { title: SUBFOLDER, children: ['Two', 'Three'] }, 'Four'] })),
          JSON.stringify(names),
        );
      } finally {
        await browser.inExtension(async () => {
          const api = globalThis.browser ?? globalThis.chrome;
          await api.storage.sync.remove('sharePageTitles');
        });
        await cleanUp(browser, FOLDER);
      }
    },
  },
  {
    name: "bookmarks: Firefox's own bookmark menu on a folder of the bookmarks toolbar has 'Copy folder as uri-list' once the permission is granted, and it copies the folder",
    browsers: ['firefox'],
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await browser.goto(`${origin}/page/start`);
      const title = 'Toolbar trip';
      try {
        // The permission, granted in the person's click (the menu item needs it to exist).
        await withPopup(browser, async (popup) => {
          await popup.click('#pick-folder');
          await waitFor(() => popup.read(), (p) => p.choice, { what: 'the folder dialog' });
        });
        await browser.inExtension(
          async ({ origin, title }) => {
            const folder = await browser.bookmarks.create({ parentId: 'toolbar_____', title });
            await browser.bookmarks.create({ parentId: folder.id, title: 'One', url: `${origin}/page/one` });
            await browser.bookmarks.create({ parentId: folder.id, type: 'separator' });
            await browser.bookmarks.create({ parentId: folder.id, title: 'Two', url: `${origin}/page/two` });
          },
          { origin, title },
        );
        await browser.command('POST', '/moz/context', { context: 'chrome' });
        try {
          const button = await waitFor(
            async () => {
              await browser.command('POST', '/execute/sync', {
                script: `setToolbarVisibility(document.getElementById('PersonalToolbar'), true);`,
                args: [],
              });
              return browser.command('POST', '/elements', { using: 'css selector', value: `#PlacesToolbarItems toolbarbutton[label="${title}"]` });
            },
            (found) => found.length === 1,
            { what: 'the folder on the bookmarks toolbar' },
          );
          // Right-clicked as a person does, until the menu shows the item (the extension makes its
          // menu items again when the permission is granted: a moment after the click).
          const chosen = await waitFor(
            async () => {
              await browser.rightClick(button[0]);
              return browser.command('POST', '/execute/async', {
                script: `const [label, done] = arguments;
                         const menu = document.getElementById('placesContext');
                         const choose = () => {
                           const item = [...menu.querySelectorAll('menuitem')].find((m) => m.label === label && !m.hidden);
                           if (!item) {
                             const labels = [...menu.querySelectorAll('menuitem')].filter((m) => !m.hidden).map((m) => m.label);
                             menu.hidePopup();
                             return done({ labels });
                           }
                           menu.activateItem(item);
                           done({ chosen: true });
                         };
                         if (menu.state === 'open') choose();
                         else {
                           menu.addEventListener('popupshown', choose, { once: true });
                           // No menu (the click came too early): say so, and the next attempt clicks again.
                           setTimeout(() => { menu.removeEventListener('popupshown', choose); done({ state: menu.state }); }, 2000);
                         }`,
                args: ['Copy folder as uri-list'],
              });
            },
            (result) => result.chosen === true,
            { what: '"Copy folder as uri-list" in the bookmark menu' },
          );
          assert.ok(chosen.chosen);
        } finally {
          await browser.command('POST', '/moz/context', { context: 'content' });
        }
        const expected = `uri-list:${origin}/page/one;${origin}/page/two?title=Toolbar%20trip`;
        const copied = await waitFor(() => browser.clipboard(), (text) => text === expected, { what: 'the folder on the clipboard' });
        assert.equal(copied, expected);
        // The confirmation on the toolbar button says the separator was left out.
        const badge = await waitFor(() => browser.badge(`${origin}/page/start`), (b) => b?.text === '2', { what: 'the badge' });
        assert.match(badge.title, /^Copied the folder “Toolbar trip” \(2 bookmarks\) as one link \(\d+ characters\)\. 1 left out: a separator is no page\.$/);
      } finally {
        await cleanUp(browser, title);
      }
    },
  },
  {
    name: "bookmarks: the popup's paste box saves a pasted list as a bookmark folder, its nested list a subfolder, a blocked item left out and said so",
    async run({ browser, origin }) {
      await browser.allowOptionalPermissions(['bookmarks']);
      await browser.goto(`${origin}/page/start`);
      const title = 'Saved from the popup';
      try {
        await withPopup(browser, async (popup) => {
          await popup.paste(
            '#pasted',
            `uri-list:${origin}/page/one;javascript:alert(1);uri-list:${origin}/page/two%3B${origin}/page/three;${origin}/page/four?title=Saved%20from%20the%20popup`,
          );
          await waitFor(() => popup.read(), (p) => !p.saveDisabled, { what: 'the star to save the pasted list' });
          await popup.click('#save-pasted');
          const said = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '', { what: 'the save confirmation' });
          assert.match(
            said.pasteStatus,
            /^Saved 4 pages as the bookmark folder “Saved from the popup” in “Other [Bb]ookmarks”\. 1 left out: javascript: links are never opened/,
          );
        });
        const [saved] = await foldersNamed(browser, title);
        assert.deepEqual(saved.tree, {
          title,
          children: [`${origin}/page/one`, { title: 'List 1', children: [`${origin}/page/two`, `${origin}/page/three`] }, `${origin}/page/four`],
        });
      } finally {
        await cleanUp(browser, title);
      }
    },
  },
  {
    name: "drop: a text/uri-list and a text/x-moz-url dropped on the popup's paste box open as a group on the person's click; an unreadable drop is said",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/page/start`);
      await withPopup(browser, async (popup) => {
        // A text/uri-list as Chromium puts it on dragged links: CRLF, a comment, one URI a line.
        await popup.evaluate(dropOn, {
          selector: '#pasted',
          data: { 'text/uri-list': `# dragged\r\n${origin}/page/one\r\n${origin}/page/two\r\n`, 'text/plain': `${origin}/page/one` },
        });
        const dropped = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '' && !p.openDisabled, { what: 'the drop read' });
        assert.equal(dropped.pasted, `uri-list:${origin}/page/one;${origin}/page/two`);
        assert.equal(dropped.pasteStatus, 'Dropped 2 addresses (text/uri-list): see what they are, then open them.');
        assert.equal(dropped.openButton, 'Open 2 pages as a group');
        await popup.screenshots?.('dropped');
        await assertAccessible(popup, 'the popup after a drop');
        await popup.click('#open-pasted');
        await waitFor(() => popup.read(), (p) => p.pasteStatus.startsWith('Opened'), { what: 'the popup to say what it opened' });
      });
      let state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the dropped text/uri-list as a group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/page/start', null],
        ['/page/one', '2 pages from 127.0.0.1'],
        ['/page/two', '2 pages from 127.0.0.1'],
      ]);

      // Firefox's type for dragged links, tabs and bookmarks: an address and its title, a line each.
      await withPopup(browser, async (popup) => {
        await popup.evaluate(dropOn, {
          selector: '#pasted',
          data: { 'text/x-moz-url': `${origin}/page/three\nThree\n${origin}/page/four\nFour` },
        });
        const dropped = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '' && !p.openDisabled, { what: 'the drop read' });
        assert.equal(dropped.pasted, `uri-list:${origin}/page/three;${origin}/page/four`);
        assert.match(dropped.pasteStatus, /\(text\/x-moz-url\)/);
        await popup.click('#open-pasted');
        await waitFor(() => popup.read(), (p) => p.pasteStatus.startsWith('Opened'), { what: 'the popup to say what it opened' });
      });
      state = await settled(browser, origin, { tabs: 5, groups: 2 }, 'the dropped text/x-moz-url as a second group');
      const second = state.tabs.filter((t) => t.url === '/page/three' || t.url === '/page/four');
      assert.deepEqual(second.map((t) => [t.url, t.group]), [
        ['/page/three', '2 pages from 127.0.0.1'],
        ['/page/four', '2 pages from 127.0.0.1'],
      ]);
      assert.equal(state.tabs.indexOf(second[1]) - state.tabs.indexOf(second[0]), 1, 'next to each other');

      // Something that is no list: said, nothing to open.
      await withPopup(browser, async (popup) => {
        await popup.evaluate(dropOn, { selector: '#pasted', data: { 'text/html': '<b>hello</b>' } });
        const refused = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '', { what: 'the refusal' });
        assert.equal(refused.pasteStatus, 'Nothing to read as a list: the drop held text/html, no links or text.');
        assert.ok(refused.openDisabled && refused.saveDisabled);
        await popup.evaluate(dropOn, { selector: '#paste', data: { 'text/plain': 'no address here' } });
        const unreadable = await waitFor(() => popup.read(), (p) => p.pasteStatus.startsWith('The dropped'), { what: 'the unreadable text' });
        assert.match(unreadable.pasteStatus, /^The dropped text\/plain cannot be read as a list: ./);
        await popup.screenshots?.('drop-refused');
      });
    },
  },
  {
    name: "preview page: a row drags out as its address, and \"Drag all\" as every page, as text/uri-list; a list dropped on the page is shown there",
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/one;uri-list:${origin}/page/two%3B${origin}/page/three%3Ftitle=Inner;javascript:alert(1)?title=Out`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(link)}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (n) => n !== '', { what: 'the preview page' });
      const dragged = await browser.inPage(() => {
        const start = (node) => {
          const transfer = new DataTransfer();
          node.dispatchEvent(new DragEvent('dragstart', { dataTransfer: transfer, bubbles: true, cancelable: true }));
          return { list: transfer.getData('text/uri-list'), plain: transfer.getData('text/plain') };
        };
        const rows = [...document.querySelectorAll('#items li.openable')];
        return { draggable: rows.map((row) => row.draggable), row: start(rows[1].querySelector('a')), all: start(document.getElementById('drag-all')) };
      });
      assert.deepEqual(dragged.draggable, [true, true, true]);
      assert.deepEqual(dragged.row, { list: `${origin}/page/two\r\n`, plain: `${origin}/page/two` });
      assert.deepEqual(dragged.all, { list: `${origin}/page/one\r\n${origin}/page/two\r\n${origin}/page/three\r\n`, plain: link });
      await browser.screenshots?.(SCREENSHOTS, `${browser.name}-preview-bookmarks`);
      await assertAccessible(browser, 'the preview page with its save and drag controls');

      // Dropped on the preview page: that list is shown instead.
      await browser.inPage(dropOn, { selector: 'main', data: { 'text/uri-list': `${origin}/page/five\r\n${origin}/page/six\r\n` }, later: true });
      const shown = await waitFor(
        // (read again while the page navigates: a reading then fails)
        () => browser.inPage(() => [...document.querySelectorAll('#items li.openable a')].map((a) => a.href)).catch(() => []),
        (urls) => urls.length === 2,
        { what: 'the dropped list on the preview page' },
      );
      assert.deepEqual(shown, [`${origin}/page/five`, `${origin}/page/six`]);
    },
  },
  {
    name: "drop: a person's first drop on a popup just opened (its core not loaded yet) fills the box with the dropped list, and Open opens those pages as a group",
    async run({ browser, origin }) {
      await browser.goto(`${origin}/page/start`);
      await withPopup(browser, async (popup) => {
        // The popup loads its core (the wasm) on the first paste, drop or offer of the page: this
        // drop is the first, on a page that offers nothing. Trusted drag events (CDP input in
        // Chromium, a drag session in Firefox): their data can be read only while the drop is
        // dispatched, as a person's drag from another window.
        await popup.drop('#pasted', [
          { type: 'text/uri-list', data: `${origin}/page/one\r\n${origin}/page/two\r\n` },
          { type: 'text/plain', data: `${origin}/page/one` },
        ]);
        const dropped = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '' && p.summary !== '', { what: 'the first drop read' });
        assert.equal(dropped.pasteStatus, 'Dropped 2 addresses (text/uri-list): see what they are, then open them.');
        assert.equal(dropped.pasted, `uri-list:${origin}/page/one;${origin}/page/two`);
        assert.equal(dropped.openButton, 'Open 2 pages as a group');
        await popup.screenshots?.('first-drop');
        await popup.click('#open-pasted');
        await waitFor(() => popup.read(), (p) => p.pasteStatus.startsWith('Opened'), { what: 'the popup to say what it opened' });
      });
      const state = await settled(browser, origin, { tabs: 3, groups: 1 }, 'the dropped pages as a group');
      assert.deepEqual(state.tabs.map((t) => [t.url, t.group]), [
        ['/page/start', null],
        ['/page/one', '2 pages from 127.0.0.1'],
        ['/page/two', '2 pages from 127.0.0.1'],
      ]);
    },
  },
  {
    name: "drop: \"Drag all\" from the preview page dropped on the popup (a person's drop of what the drag carries) is the same list, with its title and nested list",
    async run({ browser, origin }) {
      const link = `uri-list:${origin}/page/one;uri-list:${origin}/page/two%3B${origin}/page/three%3Ftitle=Inner;javascript:alert(1)?title=Out`;
      await browser.goto(`${await browser.extensionUrl('preview/preview.html')}?link=${encodeURIComponent(link)}`);
      await waitFor(() => browser.inPage(() => document.documentElement.dataset.rendered ?? ''), (n) => n !== '', { what: 'the preview page' });
      // What the preview page puts on the drag of its "Drag all" handle, by type (its dragstart:
      // a drag from one page to another window cannot be driven headless).
      const carried = await browser.inPage(() => {
        const transfer = new DataTransfer();
        document.getElementById('drag-all').dispatchEvent(new DragEvent('dragstart', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        return [...transfer.types].map((type) => ({ type, data: transfer.getData(type) }));
      });
      assert.deepEqual(carried.map((item) => item.type), ['text/uri-list', 'text/plain']);
      await withPopup(browser, async (popup) => {
        await popup.drop('#pasted', carried);
        const dropped = await waitFor(() => popup.read(), (p) => p.pasteStatus !== '' && p.summary !== '', { what: 'the dropped list' });
        // The very list the preview page showed, named "Out", its nested list "Inner" (read from
        // the link the drag carries as text: the text/uri-list beside it has the pages alone).
        assert.equal(dropped.pasted, link);
        assert.equal(dropped.pasteStatus, 'Dropped 3 addresses (text/plain): see what they are, then open them.');
        await popup.screenshots?.('dropped-from-preview');
        await assertAccessible(popup, 'the popup after a drop from the preview page');
        await popup.click('#open-pasted');
        await waitFor(() => popup.read(), (p) => p.pasteStatus.startsWith('Opened'), { what: 'the popup to say what it opened' });
      });
      const state = await settled(browser, origin, { tabs: 4, groups: 2 }, 'the dropped list as its groups');
      assert.deepEqual(state.tabs.filter((t) => t.url.startsWith('/page/')).map((t) => [t.url, t.group]), [
        ['/page/one', 'Out'],
        ['/page/two', 'Inner'],
        ['/page/three', 'Inner'],
      ]);
    },
  },
  {
    name: 'bookmarks: a list saved as a bookmark folder names its nested lists by their titles, and the first untitled one "List 1"',
    run: ({ browser, origin }) => savesNestedLists(browser, origin, 'List'),
  },
  {
    name: 'bookmarks: in a German browser, the first untitled nested list saved as a bookmark folder is "Liste 1"',
    lang: 'de',
    run: ({ browser, origin }) => savesNestedLists(browser, origin, 'Liste'),
  },
];

/**
 * Saves, from the popup's paste box, a list holding a page, a nested list titled "Hotels", then
 * an untitled nested list, and checks the folder made: the subfolders are "Hotels" and
 * `${word} 1` (the word for "List" in the browser's language), the first untitled one.
 */
async function savesNestedLists(browser, origin, word) {
  await browser.allowOptionalPermissions(['bookmarks']);
  await browser.goto(`${origin}/page/start`);
  const title = 'Nested lists saved';
  try {
    await withPopup(browser, async (popup) => {
      await popup.paste(
        '#pasted',
        `uri-list:${origin}/page/one;uri-list:${origin}/page/two%3Ftitle=Hotels;uri-list:${origin}/page/three%3B${origin}/page/four?title=Nested%20lists%20saved`,
      );
      await waitFor(() => popup.read(), (p) => !p.saveDisabled, { what: 'the star to save the pasted list' });
      await popup.click('#save-pasted');
      await waitFor(() => popup.read(), (p) => p.pasteStatus !== '', { what: 'the save confirmation' });
    });
    const [saved] = await waitFor(() => foldersNamed(browser, title), (found) => found.length === 1, { what: 'the saved folder' });
    assert.deepEqual(saved.tree, {
      title,
      children: [
        `${origin}/page/one`,
        { title: 'Hotels', children: [`${origin}/page/two`] },
        { title: `${word} 1`, children: [`${origin}/page/three`, `${origin}/page/four`] },
      ],
    });
  } finally {
    await cleanUp(browser, title);
  }
}
