// What Firefox's WebExtension API has beyond Chrome's (@types/chrome types `api`, the prelude's
// `browser ?? chrome`): each optional, as Chrome lacks it, and code tests for it before use.

declare namespace chrome.tabs {
  /** Firefox only: prepares a tab to be selected. Its presence is a sign (common/capabilities.js createsDiscardedTabs). */
  export const warmup: undefined | ((tabId: number) => Promise<void>);
}

declare namespace chrome {
  /** Firefox's name for contextMenus (with more contexts, such as "tab"). */
  export const menus: undefined | typeof chrome.contextMenus;
}

declare namespace chrome.contextMenus {
  /** Firefox only (menus.onShown): a menu is about to show, for `info.linkUrl` (background/web-links.js). */
  export const onShown: undefined | chrome.events.Event<(info: { linkUrl?: string; menuIds: (string | number)[] }, tab?: chrome.tabs.Tab) => void>;
  /** Firefox only (menus.refresh): shows what was changed in a menu that is showing. */
  export const refresh: undefined | (() => Promise<void>);
}

declare namespace chrome.search {
  /** Firefox only (search.get): the search engines the browser knows, by name (background/web-links.js). */
  export const get: undefined | (() => Promise<{ name: string; isDefault: boolean; alias?: string; favIconUrl?: string }[]>);
}
