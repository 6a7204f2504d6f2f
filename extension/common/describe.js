// What a uri-list link holds, in a few words, for the tooltip shown when a person hovers it
// in a page (content/hover.js): how many pages it opens, on which sites, and the core's alerts
// (lookalike hosts, user-info tricks). This answers the Multilinks explainer's worry that a
// multilink hides where it goes. The core's checkAll() reads the link and the lists nested in it;
// nothing is opened. The core's messages go back in the browser's language (common/i18n.js).
import { checkAll, plan } from './core.js';
import { localized } from './i18n.js';
import { validLink, validText } from './link.js';
import { withoutBidiControls } from './prelude.js';

/** The tooltip names this many sites, then "+N more". */
const SHOWN_SITES = 3;
/** The tooltip shows this many alerts, then "+N more". */
const SHOWN_ALERTS = 2;
/** No text longer than this goes back to the page (a title or a host can be long). */
const MAX_TEXT = 200;
/**
 * The tooltip reads at most this many items of a link (the core's `checkAll(link, limit)`), and
 * says how many it left out: what a page's link can make the background do is bounded, whatever
 * the link (a 2 MiB list of distinct lookalike hosts took seconds to check in full, and every
 * other tab's click waited behind it). The preview page still checks every item.
 */
export const DESCRIBED_ITEMS = 200;

const cut = (text) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
/**
 * A host cut at its start: its end is the site it is on (a host of 250 characters
 * "paypal.com-secure-….evil.example" cut at its end would show only the name it borrows).
 */
const cutHost = (host) => (host.length > MAX_TEXT ? `…${host.slice(host.length - (MAX_TEXT - 1))}` : host);

/**
 * The summary of `href` (its words in the page, `text`, the name its tabs would get where it
 * has no title): `{title, pages, notOpened, sites, moreSites, alerts, moreAlerts, read, unchecked}`
 * (`read` items read, `unchecked` more left out: see DESCRIBED_ITEMS),
 * `sites` being `[{name, host}]` (the Unicode name and the punycode one), or `{error}` with the
 * core's message for a link it cannot read: that is an answer to show, not a failure.
 */
export function describeLink(href, text = '') {
  let link;
  try {
    link = validLink(href);
    const summary = { pages: 0, notOpened: 0, sites: new Map(), alerts: new Set() };
    const top = summarize(link, summary);
    const sites = [...summary.sites.values()];
    const alerts = [...nameAlerts(link, validText(text), top), ...summary.alerts];
    return {
      title: top.title ? cut(withoutBidiControls(top.title)) : null,
      pages: summary.pages,
      notOpened: summary.notOpened,
      sites: sites.slice(0, SHOWN_SITES),
      moreSites: Math.max(0, sites.length - SHOWN_SITES),
      alerts: alerts.slice(0, SHOWN_ALERTS).map(cut),
      moreAlerts: Math.max(0, alerts.length - SHOWN_ALERTS),
      read: top.items.length,
      unchecked: top.unchecked ?? 0,
    };
  } catch (error) {
    return { error: cut(localized(error) || String(error?.message ?? error)) };
  }
}

/**
 * The alerts about the names the link's tabs would get (its title, else the link's words `text`,
 * and each nested list's), when one names a site none of its pages is on: "the list's name
 * "PayPal.com" names PayPal.com, but its pages are on …", as the core's plan() gives them, first.
 * Only for a link read whole (`checked`, its checkAll(); a longer one opens at the preview page,
 * which says it): the plan checks every item again.
 */
function nameAlerts(link, text, checked) {
  if (checked.unchecked) return [];
  const names = [];
  for (const reason of plan(link, { limit: Number.MAX_SAFE_INTEGER, linkText: text }).preview) {
    let inner = reason; // "in the nested list of item 2: …", unwrapped
    while (inner.code === 'violationInNested' && typeof inner.args[1] === 'object') inner = inner.args[1];
    if (inner.code === 'previewTitleNamesSite' || inner.code === 'previewTitleNamesSites') names.push(localized(reason));
  }
  return names;
}

/**
 * Adds the items of `link` (and of the lists nested in it, draft §8.2, which the core's checkAll()
 * walks) to `summary`, in order, as the preview page shows them: openable pages and their sites,
 * items not opened, alerts. Returns the core's checkAll() of `link`.
 */
function summarize(link, summary) {
  const checked = checkAll(link, DESCRIBED_ITEMS);
  for (const entry of checked.items) {
    if (entry.class === 'list') continue; // its items follow it (one it cannot read is 'invalid')
    if (entry.class !== 'openable') {
      summary.notOpened += 1;
      continue;
    }
    summary.pages += 1;
    if (entry.site && !summary.sites.has(entry.site)) {
      summary.sites.set(entry.site, { name: cutHost(entry.siteUnicode || entry.site), host: cutHost(entry.site) });
    }
    for (const note of entry.notes ?? []) {
      const text = note.alert ? localized(note) : '';
      if (text) summary.alerts.add(text); // a set: each alert once, in linear time
    }
  }
  return checked;
}
