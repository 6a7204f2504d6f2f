// The content-script prelude (content/prelude.js) as an ES module, for the extension's pages and
// the background: the same values, written once there, imported by name here.
import '../content/prelude.js';

export const { api, t, SCHEMES, LINK_SCHEME, WEB_LINK, MAX_LINK_LENGTH, shorten, withoutBidiControls, ask, unescaped, pageAt } = globalThis.uriList;
