// The wasm core (dist/pkg/uri_list.js, made by wasm-bindgen from wasm/src/lib.rs), with the types of
// what its calls return. wasm-bindgen types every structured value as `any`; here each gets
// its shape, so that `tsc --checkJs` (./build.sh test) fails on a field name the core does not
// have. Every page and background module imports the core from here. The shapes are those the
// core's result types serialise to (serde, src/check/, src/plan.rs; tests/wasm.rs checks them).
import init, * as core from '../pkg/uri_list.js';

/**
 * A sentence for a person: its `code` (also its name in _locales), its arguments (strings, or
 * messages of the same shape) and its English text. common/i18n.js `localized()` says it in the
 * browser's language. Thrown errors of the core carry the same three fields.
 * @typedef {{code: string, args: (string | Message)[], message: string}} Message
 */

/** @typedef {Message & {offset: number}} Warning a warning about the link, at `offset` in it */

/** @typedef {Message & {alert: boolean}} Note a note on an item; `alert`: a lookalike host or a user-info trick */

/**
 * @typedef {object} CheckedItem one item of `check()`
 * @property {string} item the item as written
 * @property {'openable' | 'blocked' | 'invalid' | 'list'} class what it is: a page to open, one
 *   never opened (another scheme), not a URL, or a nested list
 * @property {string | null} site its host (ASCII, punycode)
 * @property {string | null} siteUnicode its host in Unicode
 * @property {string | null} userinfo the user info before its host, if any
 * @property {Message | null} reason why it is not opened
 * @property {Note[]} notes
 * @property {string} [pageTitle] the title the link gives the page (option `page-titles`), the
 *   sender's words without bidirectional controls; absent for none
 */

/**
 * @typedef {object} Checked what `check()` returns
 * @property {CheckedItem[]} items
 * @property {string | null} title
 * @property {string | null} type
 * @property {Warning[]} warnings
 */

/**
 * @typedef {CheckedItem & {depth: number, list: number, nested?: number}} ReportItem one item of
 *   `checkAll()`: `depth` 0 for the link's own items, `list` the index in `lists` of the list it is
 *   in, and for a nested list (`class: 'list'`) `nested`, the index of the list it holds
 */

/**
 * @typedef {object} CheckReport what `checkAll()` returns: every item, nested lists' items right
 *   after the item that holds them
 * @property {ReportItem[]} items
 * @property {{title: string | null, type: string | null, depth: number, warnings: Warning[]}[]} lists
 *   the link's own list first
 * @property {string | null} title
 * @property {string | null} type
 * @property {number} [unchecked] with a `limit` (`checkAll(link, limit)`): the items left out
 * @property {Warning[]} warnings
 */

/**
 * @typedef {object} PlanGroup one tab group of a plan
 * @property {string} title
 * @property {Message | null} summary the name to give a group the list does not name ("4 pages from 3 sites")
 * @property {string | null} color
 * @property {number} depth
 * @property {string[]} urls
 */

/**
 * @typedef {object} Plan what `plan()` returns: what opens, how, and why the preview comes first
 * @property {'group' | 'tabs' | 'window' | 'list'} mode
 * @property {number} pages
 * @property {PlanGroup[]} groups
 * @property {{item: string, reason: Message}[]} skipped
 * @property {{item: string, reason: Message, entry: number}[]} duplicates pages the list holds
 *   earlier, left out ("the same page as item 2"); `entry`: the item's row in `checkAll()`
 * @property {Message[]} preview why the preview page comes first (none: open directly)
 * @property {Message[]} notes
 * @property {string | null} title
 * @property {Warning[]} warnings
 */

/**
 * @typedef {object} Decoded what `decode()` returns (and `readPasted()`, with more)
 * @property {string[] | null} items
 * @property {string | null} title
 * @property {string | null} type
 * @property {[string, string][]} options
 * @property {string | null} fragment
 * @property {Warning[]} [warnings]
 * @property {(Decoded | null)[]} [lists] the nested lists, by item (null: not a list)
 * @property {(string | null)[]} [pageTitles] each item's page title (the link's `page-titles`), when it has some
 */

/** @typedef {Decoded & {form: 'link' | 'text' | 'urls', link: string}} Pasted what `readPasted()` returns */

export default init;

/** @type {(link: string) => Checked} */
export const check = core.check;

/** @type {(link: string, limit?: number) => CheckReport} */
export const checkAll = core.checkAll;

/** @type {(link: string, options: {limit?: number, linkText?: string, keepDuplicates?: boolean, reverse?: boolean}) => Plan} */
export const plan = core.plan;

/** @type {(text: string) => Pasted} */
export const readPasted = core.readPasted;

/** @type {(link: string, options?: {strict?: boolean}) => Decoded} */
export const decode = core.decode;

// encode() and formatLinks() take inputs whose types the package declares, generated from their
// Rust types (ts-rs: types/api/, wasm/src/encode.rs and format.rs).
export const { encode, formatLinks, toText, fromText, version, webLink, linkInWebLink } = core;

