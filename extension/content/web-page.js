// Content script (classic, in every top frame): tells the uri-list web page that the extension is
// here, so that it does not offer "Get the extension" to a person who has it. Only the page at the
// web page address the extension uses for web links (the `webBase` setting, else the address it
// was built with; at that path, whatever its query) is told, and only that: the root element gets
// `data-uri-list-extension`, which the page's stylesheet reads. No other page learns that the
// extension is installed.
(() => {
  if (window !== window.top) return;
  /** The address it was built with (.ci/pack.mjs writes it, as in common/distribution.js). */
  const DEFAULT_WEB_BASE = '';
  const { api, pageAt } = uriList;
  api.storage.sync.get('webBase').then(
    (stored) => {
      const base = pageAt(String(Object.hasOwn(stored, 'webBase') ? stored.webBase : DEFAULT_WEB_BASE));
      if (base !== null && base === pageAt(location.href)) document.documentElement.setAttribute('data-uri-list-extension', '');
    },
    (error) => console.error('uri-list: could not read the web page setting:', error),
  );
})();
