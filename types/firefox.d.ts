// What Firefox's WebExtension API has beyond Chrome's (@types/chrome types `api`, the prelude's
// `browser ?? chrome`): each optional, as Chrome lacks it, and code tests for it before use.

declare namespace chrome.runtime {
  /** Firefox only: the browser's name and version. Its presence tells Firefox apart (lib/lazy.js). */
  export const getBrowserInfo: undefined | (() => Promise<{ name: string; vendor: string; version: string; buildID: string }>);
}

declare namespace chrome {
  /** Firefox's name for contextMenus (with more contexts, such as "tab"). */
  export const menus: undefined | typeof chrome.contextMenus;
}
