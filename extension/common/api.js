// The WebExtension API object (`browser` or `chrome`), defined in the prelude (content/prelude.js).
export { api } from './prelude.js';
