// Draws the PNG icons from extension/icons/icon.svg with headless Chromium:
//
//   node .ci/icons.mjs
//
// The PNGs are committed assets; run this after changing the SVG, look at them, and commit both.
// Each PNG is then recompressed losslessly with zopflipng (Debian's zopfli package), when it is
// installed: a third fewer bytes in the zips (6 201 -> 4 196 for the four icons).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ICONS = fileURLToPath(new URL('../extension/icons/', import.meta.url));
const SIZES = [16, 32, 48, 128];
const svg = readFileSync(join(ICONS, 'icon.svg'), 'utf8');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace(/width="128" height="128"/, `width="${size}" height="${size}"`);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    const png = join(ICONS, `icon-${size}.png`);
    await page.screenshot({ path: png, omitBackground: true });
    await page.close();
    try {
      execFileSync('zopflipng', ['-y', '-m', png, png], { stdio: 'ignore' });
    } catch {
      console.warn(`icons: zopflipng is missing (apt-get install zopfli): icon-${size}.png is not recompressed`);
    }
    console.log(`icons: icon-${size}.png`);
  }
} finally {
  await browser.close();
}
