// The background as it starts in each browser: its message registry (background/registry.js)
// built from every feature's handlers, each name once, with a handler for every message the
// extension's pages and content scripts send; and the capabilities it found (common/capabilities.js),
// each what that browser does.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './util.mjs';

/** Every message name the extension's code sends with ask() or the content script's send(). */
function sentNames() {
  const names = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) {
        const text = readFileSync(path, 'utf8');
        for (const [, type] of text.matchAll(/\bask\('(\w+)'/g)) names.add(type);
        for (const [, type] of text.matchAll(/\bsend\(\{\s*type: '(\w+)'/g)) names.add(type);
      }
    }
  };
  walk(join(ROOT, 'extension'));
  names.delete('copy'); // Chrome's offscreen document answers it (offscreen/offscreen.js), not the background
  return [...names].sort();
}

/** What each browser can do, as the extension found it. */
const CAPABILITIES = {
  chromium: {
    createsDiscardedTabs: false,
    opensOwnPagesInPrivate: false,
    closesOwnTabsOnUpdate: true,
    omniboxReadsXml: true,
    handlesOwnProtocol: false,
    failedNavigationLeavesPage: true,
    stopsSearches: false,
    fillsOpenPages: true,
  },
  firefox: {
    createsDiscardedTabs: true,
    opensOwnPagesInPrivate: true,
    closesOwnTabsOnUpdate: false,
    omniboxReadsXml: false,
    handlesOwnProtocol: true,
    failedNavigationLeavesPage: false,
    stopsSearches: true,
    fillsOpenPages: false,
  },
};

export const cases = [
  {
    name: 'shape: the background answers every message the extension sends, each name registered once',
    async run({ browser }) {
      const { messages } = await browser.activity();
      assert.equal(new Set(messages).size, messages.length, `a name twice: ${messages.join(', ')}`);
      const sent = sentNames();
      assert.ok(sent.length >= 10, `too few messages found in the sources: ${sent.join(', ')}`);
      assert.deepEqual(sent.filter((name) => !messages.includes(name)), [], 'messages sent that no handler answers');
    },
  },
  {
    name: 'shape: the background found what this browser can do (common/capabilities.js)',
    async run({ browser }) {
      const { capabilities } = await browser.activity();
      assert.deepEqual(capabilities, CAPABILITIES[browser.name]);
    },
  },
];
