// Draws the PNG icons from extension/icons/icon.svg with headless Chromium:
//
//   node .ci/icons.mjs
//
// The PNGs are committed assets; run this after changing the SVG, look at them, and commit both.
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
    await page.screenshot({ path: join(ICONS, `icon-${size}.png`), omitBackground: true });
    await page.close();
    console.log(`icons: icon-${size}.png`);
  }
} finally {
  await browser.close();
}
