// "Open on another device": a button that shows a web link as a QR code, for a phone's camera,
// in the popup (the tabs about to be shared), the preview page (the list shown) and the web page
// (its own address). This module is the button and its panel; the code is drawn by pages/qr-code.js
// with the QR wasm (qr/, dist/pkg/uri_list_qr.js), which this module imports only on the first
// press (a dynamic import: the bundlers make it a chunk of its own), so that no page's first load
// carries either. Past the length a phone reads reliably from a screen (qr/src/lib.rs
// MAX_LENGTH), the panel says so, and what to do instead, with no code.
//
// The same module serves the extension's pages and the web page: it imports nothing of the
// extension (no `browser` API); the page gives it its words (`t`) and where the wasm is.
// Its words: 'qrShow', 'qrHide', 'qrShowShort', 'qrHideShort', 'qrLabel', 'qrHint', 'qrTooLong',
// 'qrFailed' (named here, so that .ci/web.mjs gives them to the web page).

/** The QR wasm in the packed extension (.ci/pack.mjs): at its root's pkg/, for every page. */
export const QR_WASM = '/pkg/uri_list_qr_bg.wasm';

/**
 * @typedef {object} QrOptions
 * @property {HTMLButtonElement} button shows and hides the code (its label is set here)
 * @property {HTMLElement} panel where the code or the message goes (hidden until asked for)
 * @property {() => string | Promise<string>} link the web link to show, asked at each press
 *   (it may have changed); a thrown error's message is shown in the panel
 * @property {(name: string, ...substitutions: (string | number)[]) => string} t the page's words (_locales)
 * @property {string} wasm the QR wasm's address, relative to the page (the extension's `/pkg/...`, the web page's `pkg/...`)
 * @property {boolean} [short] the button says "QR code" (its tooltip the whole "Open on another
 *   device"): the popup, where the long label would take a line of its own
 */

/**
 * Sets up the button and its panel. Returns `refresh()`: made again for the current link when
 * the code is shown (the popup's titles choice changes the link).
 *
 * @param {QrOptions} options
 * @returns {{refresh: () => Promise<void>}}
 */
export function qrButton({ button, panel, link, t, wasm, short = false }) {
  const [showLabel, hideLabel] = short ? ['qrShowShort', 'qrHideShort'] : ['qrShow', 'qrHide'];
  button.textContent = t(showLabel);
  if (short) button.title = t('qrShow');
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
  // What comes into the panel (the code's name and hint, or why there is none) is read out.
  panel.setAttribute('aria-live', 'polite');
  button.hidden = false;
  let turn = 0;

  const show = async () => {
    const mine = ++turn;
    panel.setAttribute('aria-busy', 'true');
    let shown;
    try {
      const text = await link();
      shown = await (await import('./qr-code.js')).qrView(text, wasm, t);
    } catch (error) {
      shown = failed(t('qrFailed', String(error?.message ?? error)));
    }
    if (mine !== turn) return; // hidden, or asked again, meanwhile
    panel.replaceChildren(shown);
    panel.removeAttribute('aria-busy');
  };

  button.addEventListener('click', async () => {
    const opening = panel.hidden;
    panel.hidden = !opening;
    button.setAttribute('aria-expanded', String(opening));
    button.textContent = t(opening ? hideLabel : showLabel);
    if (!opening) {
      turn += 1;
      panel.replaceChildren();
      panel.removeAttribute('aria-busy');
      return;
    }
    await show();
  });
  return {
    refresh: async () => {
      if (!panel.hidden) await show();
    },
  };
}

/** A line saying why no code could be made (the link unreadable, the QR module not loaded). */
function failed(text) {
  const p = document.createElement('p');
  p.className = 'qr-message error';
  p.textContent = text;
  return p;
}
