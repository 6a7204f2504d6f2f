// What a distributor of the extension sets once, at build time: the default web page for web
// links ("Copy as web link"), where they host dist/web (docs/web-page.md, "For distributors").
// `URI_LIST_WEB_BASE=https://example.org/lists/ ./build.sh` writes it into the
// built extension (.ci/pack.mjs); in the repository it stays empty, so that the project names no
// host it does not control, and a person sets their own on the options page (the `webBase` setting).
export const DEFAULT_WEB_BASE = '';
