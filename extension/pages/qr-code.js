// The QR code of a web link, drawn for pages/qr-view.js, which imports this module only when a
// person asks for a code (with the QR wasm's glue: one chunk, off every first load).
// The SVG is the QR wasm's, made from the link's bytes (a rect and a path); it is parsed as SVG
// (DOMParser, image/svg+xml), never as HTML, and drawn again from its viewBox, rect and path
// data alone, each checked for its form, into elements made here: nothing else of it reaches the page.

import init, { qrSvg } from '../pkg/uri_list_qr.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The figure of `text`'s code, or the paragraph saying why there is none (too long: the QR
 * wasm's refusal, in the page's words).
 * @param {string} text
 * @param {string} wasm the QR wasm's address, relative to the page
 * @param {(name: string, ...substitutions: (string | number)[]) => string} t
 * @returns {Promise<HTMLElement>}
 */
export async function qrView(text, wasm, t) {
  const made = await qrFor(text, wasm);
  return made.svg ? codeFigure(made.svg, text, t) : message(t(made.code, ...made.args), 'error');
}

/** The QR wasm, fetched and started once, on the first code asked for. */
let started = null;

/**
 * `{svg}` for `text`, or `{code, args}`: the QR wasm's refusal (too long), by its name in _locales.
 * @param {string} text
 * @param {string} wasm
 * @returns {Promise<{svg: string, code?: undefined, args?: undefined} | {svg: null, code: string, args: string[]}>}
 */
async function qrFor(text, wasm) {
  started ??= init({ module_or_path: new URL(wasm, document.baseURI) });
  started.catch(() => {
    started = null; // a failed fetch is tried again at the next press
  });
  await started;
  try {
    return { svg: qrSvg(text) };
  } catch (error) {
    if (error?.code !== 'qrTooLong') throw error;
    return { svg: null, code: error.code, args: error.args };
  }
}

/** A paragraph saying `text` (`kind`: 'error' or ''). */
function message(text, kind = '') {
  const p = document.createElement('p');
  p.className = `qr-message ${kind}`.trim();
  p.textContent = text;
  return p;
}

/**
 * The code as a figure: the drawing (named for screen readers), and a line saying what to do
 * with it. The link itself is in the page already (and read aloud, it helps no one).
 */
function codeFigure(markup, text, t) {
  const figure = document.createElement('figure');
  figure.className = 'qr-code';
  const svg = drawing(markup);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('qrLabel', text.length));
  const caption = document.createElement('figcaption');
  caption.textContent = t('qrHint');
  figure.append(svg, caption);
  return figure;
}

/**
 * The QR wasm's SVG, drawn again: parsed as SVG, and of it only the viewBox, the background
 * rect's size and colour and the path's data and colour are taken, each checked for its form,
 * into new elements. Anything else (which the wasm never writes) is an error.
 * @param {string} markup
 * @returns {SVGSVGElement}
 */
function drawing(markup) {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = parsed.documentElement;
  const rect = root.querySelector(':scope > rect');
  const path = root.querySelector(':scope > path');
  const viewBox = root.getAttribute('viewBox') ?? '';
  const d = path?.getAttribute('d') ?? '';
  const colour = (node) => (/^#[0-9a-f]{3,6}$/i.test(node?.getAttribute('fill') ?? '') ? node.getAttribute('fill') : null);
  if (root.namespaceURI !== SVG || root.localName !== 'svg' || !rect || !path || root.children.length !== 2 ||
      !/^0 0 \d+ \d+$/.test(viewBox) || !/^(M\d+ \d+h\d+v1h-\d+z)*$/.test(d) || !colour(rect) || !colour(path)) {
    throw new Error('the QR code is not in the expected form');
  }
  const [, , width, height] = viewBox.split(' ');
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, 'svg'));
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const background = document.createElementNS(SVG, 'rect');
  background.setAttribute('width', width);
  background.setAttribute('height', height);
  background.setAttribute('fill', colour(rect));
  const modules = document.createElementNS(SVG, 'path');
  modules.setAttribute('d', d);
  modules.setAttribute('fill', colour(path));
  svg.append(background, modules);
  return svg;
}
