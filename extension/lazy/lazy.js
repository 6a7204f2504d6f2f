// The placeholder for a page opened unloaded (Chrome; see background/lazy.js): it shows the page's
// title in the tab strip and, once its tab is selected, replaces itself with the page. "Selected"
// is the browser's own active tab (tabs.getCurrent, tabs.onActivated), not the page's visibility:
// headless Chrome reports every tab visible. It loads only an http or https URL; anything else is refused with a
// message. It is not a web-accessible resource, so no web page can open or frame it.
import { api } from '../common/api.js';
import { localizePage, t } from '../common/i18n.js';
import { placeholderTarget, unloadedTitle } from '../common/placeholder.js';

const params = new URLSearchParams(location.search);
const target = placeholderTarget(params);
const heading = document.getElementById('heading');
const link = /** @type {HTMLAnchorElement} */ (document.getElementById('url'));
localizePage();

if (target === null) {
  document.title = t('lazyInvalid');
  heading.textContent = t('lazyInvalid');
  link.textContent = params.get('url') ?? '';
} else {
  document.title = (params.get('title') || unloadedTitle(target)).slice(0, 200);
  heading.textContent = t('lazyHeading');
  document.getElementById('hint').textContent = t('lazyHint');
  link.href = target;
  link.textContent = target;
  // `replace`: the placeholder leaves no entry in the tab's back history.
  const load = () => location.replace(target);
  const me = await api.tabs.getCurrent();
  // Not in a tab of its own (no tab to wait for): there is nothing to wait for.
  if (!me || me.active) load();
  else {
    api.tabs.onActivated.addListener(({ tabId }) => {
      if (tabId === me.id) load();
    });
  }
}
