// The WebExtension API object. Firefox has always had `browser` (promise-based);
// Chrome has `chrome` (promise-based in MV3) and, from Chrome 148, `browser` too.
// Both are used the same way here, so no polyfill is needed.
export const api = globalThis.browser ?? globalThis.chrome;
