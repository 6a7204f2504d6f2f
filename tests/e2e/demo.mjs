// `./build.sh run [chrome|firefox]`: the browser with the built extension and the demo page.
//
//   node tests/e2e/demo.mjs chromium|firefox [--headless] [DIST]
//
// Starts a fresh temporary profile, serves tests/fixtures on 127.0.0.1, opens demo.html and
// waits until the browser is closed (or Ctrl-C), then removes the profile. With --headless
// (or with no screen, by itself), it clicks the first demo link, prints the tabs and groups, and stops.
import { resolve } from 'node:path';
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { startServer } from './server.mjs';
import { FIXTURES, ROOT, sleep, waitFor } from './util.mjs';

const BROWSERS = { chromium: ['chrome', launchChromium], firefox: ['firefox', launchFirefox] };
const args = process.argv.slice(2);
const noScreen = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const headless = args.includes('--headless') || noScreen;
const [name, dist = resolve(ROOT, 'dist')] = args.filter((arg) => arg !== '--headless');
if (!BROWSERS[name]) {
  console.error('usage: node tests/e2e/demo.mjs chromium|firefox [--headless] [DIST]');
  process.exit(2);
}
if (noScreen && !args.includes('--headless')) {
  console.log('demo: no screen here (DISPLAY is not set), so the browser runs headless: it clicks the first demo link and prints what opened');
}

const [folder, launch] = BROWSERS[name];
const server = await startServer(FIXTURES);
const browser = await launch({ extensionDir: resolve(dist, folder), headless });
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await browser.close().catch((error) => console.error(`demo: ${error.message}`));
  await server.close();
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

await browser.reset();
await browser.goto(`${server.origin}/demo.html`);
console.log(`demo: ${name} shows ${server.origin}/demo.html with the extension from ${resolve(dist, folder)}`);
if (headless) {
  await browser.click('#first');
  const state = await waitFor(() => browser.state(), (s) => s.groups.length > 0 && s.tabs.every((tab) => tab.url !== 'about:blank'), { what: 'the demo group' });
  for (const tab of state.tabs) console.log(`demo: tab ${tab.url}${tab.group ? `  [group: ${tab.group}]` : ''}`);
  await stop(0);
} else {
  console.log('demo: close the browser (or press Ctrl-C here) to stop; the temporary profile is then removed');
  while (await browser.isOpen()) await sleep(1000);
  await stop(0);
}
