// A tiny HTTP server on 127.0.0.1 (random port) for the fixture pages.
//
// - Files under the root are served as they are, except that in .html files every
//   `{{ORIGIN}}` becomes the server's own origin (http://127.0.0.1:PORT), so that
//   fixture links can name pages on this server although its port changes every run.
// - `/page/NAME` is a generated page titled NAME: as many distinct targets as a list needs.
// - `{{OTHER_ORIGIN}}` becomes http://localhost:PORT: the same server as another origin (another
//   host name), for cross-origin frames (tests/e2e/cases-attacks.mjs).
// - `/web/` serves the built web page (dist/web) as it is: web links point there; with `?web`,
//   a fixture's uri-list links are made web links to it.
// - `/redirect?to=URL` answers 302 to URL (a server redirect, for rel="multilink": cases-preview-guard.mjs).
// - `requests` lists the path (and query) of every request, in order, so a test can tell
//   which pages a browser has fetched (lazy loading: none that were opened unloaded).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};
/** `/web/…` is the built web page (dist/web, ./build.sh), for web links (cases-web.mjs). */
const WEB = normalize(join(fileURLToPath(new URL('../../dist/web/', import.meta.url)), sep));
/** `/distributed-web/…`: the web page as a distributor builds it (dist/distributed/web, ./build.sh test). */
const DISTRIBUTED_WEB = normalize(join(fileURLToPath(new URL('../../dist/distributed/web/', import.meta.url)), sep));

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * @param {string} root folder to serve
 * @returns {Promise<{origin: string, otherOrigin: string, requests: string[], close: () => Promise<void>}>}
 */
/** How long a `?slow` request waits for its answer. */
export const SLOW_MS = 400;

export async function startServer(root) {
  const base = normalize(root + sep);
  let origin = '';
  let otherOrigin = '';
  const requests = [];
  const server = createServer(async (request, response) => {
    requests.push(request.url);
    // Nothing is cached (a case sees what the server has now), but for `?cacheable`: a page the
    // browser may keep in its back-forward cache (neither browser keeps a no-store page there).
    const cacheable = new URL(request.url, 'http://127.0.0.1').searchParams.has('cacheable');
    // `?slow`: answered after SLOW_MS, as a server on the web may be (on 127.0.0.1 a page that
    // is followed is gone within milliseconds).
    if (new URL(request.url, 'http://127.0.0.1').searchParams.has('slow')) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    const send = (status, type, body) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': cacheable ? 'private, max-age=0' : 'no-store' });
      response.end(body);
    };
    const path = decodeURIComponent(new URL(request.url, origin).pathname);
    if (path === '/redirect') {
      const to = new URL(request.url, origin).searchParams.get('to') ?? '/';
      response.writeHead(302, { location: to, 'cache-control': 'no-store' });
      return response.end();
    }
    const page = /^\/page\/([^/]+)$/.exec(path);
    if (page) {
      const name = escapeHtml(page[1]);
      return send(200, TYPES['.html'], `<!doctype html><meta charset="utf-8"><title>${name}</title><h1>${name}</h1>`);
    }
    const distributed = path.startsWith('/distributed-web/');
    const web = distributed || path.startsWith('/web/');
    const root = distributed ? DISTRIBUTED_WEB : web ? WEB : base;
    const rest = distributed ? path.slice('/distributed-web'.length) : web ? path.slice('/web'.length) : path;
    const file = normalize(join(root, rest === '/' ? 'index.html' : rest));
    if (!file.startsWith(root)) return send(403, TYPES['.txt'], 'forbidden');
    try {
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (extname(file) !== '.html' || web) return send(200, type, body);
      let html = body.toString('utf8');
      // `?web`: the page's uri-list links (in attributes and script strings) become web links to
      // /web/ (tests/e2e/cases-weblinks.mjs runs the hardening cases again with them).
      if (new URL(request.url, origin).searchParams.has('web')) html = html.replace(/(["'`])(uri-list|multi):/gi, '$1{{ORIGIN}}/web/#$2:');
      return send(200, type, html.replaceAll('{{ORIGIN}}', origin).replaceAll('{{OTHER_ORIGIN}}', otherOrigin));
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return send(404, TYPES['.txt'], 'not found');
      return send(500, TYPES['.txt'], String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${server.address().port}`;
  otherOrigin = `http://localhost:${server.address().port}`;
  return {
    origin,
    otherOrigin,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
