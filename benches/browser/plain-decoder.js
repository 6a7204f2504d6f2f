// A plain-JavaScript uri-list decoder: what a peer extension would ship
// instead of the wasm core, used as the baseline of the browser benchmark.
//
// It reads what the core reads and returns the same shape as the wasm
// `decode()`: {items, title, type, options, fragment, warnings[, lists]}.
//
// - Schemes uri-list:, multi:, web+urilist:, ext+urilist:, any case.
// - Like a browser's URL parser: leading and trailing C0 controls and spaces
//   are removed, then every tab and newline.
// - The hier-part ends at the first `?` or `#` (RFC 3986 §3); it is split on
//   `;`, empty items are skipped and white space around items removed, each
//   with a warning.
// - Items: only %3B, %3F, %23 (any case) are decoded (draft §5), with the
//   core's escape rule for items that themselves hold such escapes: a `%`,
//   a run of `25` pairs, then 3B/3F/23 loses one `25`; `%2525` before no
//   escape is a lone `%`; a longer run before no escape loses one `25`.
// - Options: `&`-separated `key=value`, percent-decoded as UTF-8 with
//   decodeURIComponent (`+` stays a plus sign); `title` wins over the
//   explainer's `group-name`; unknown keys are kept in order.
// - Nesting (draft §8.2): an item that is itself a uri-list is decoded into
//   `lists`, up to MAX_DEPTH levels.
//
// It does not do the core's lenient reading of an unencoded `?` or `#` that
// another item follows, and its warnings are fewer and worded differently.

const SCHEMES = new Set(['uri-list', 'multi', 'web+urilist', 'ext+urilist']);
export const MAX_DEPTH = 8;
export const MAX_LENGTH = 2 * 1024 * 1024;

// RFC 3986 characters allowed in an item (draft §3 uri-char), `%` included
// for escapes; anything else is reported.
const NON_URI_CHAR = /[^A-Za-z0-9\-._~:/[\]@!$&'()*+,=%]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
// A `%`, its run of `25` pairs, then an optional pair of hex digits.
const ESCAPE = /%((?:25)*)([0-9A-Fa-f]{2})?/g;

function scheme(s) {
  const colon = s.indexOf(':');
  if (colon < 1 || colon > 11) return -1;
  return SCHEMES.has(s.slice(0, colon).toLowerCase()) ? colon + 1 : -1;
}

function decodeEscape(match, run, tail) {
  const k = run.length / 2;
  if (tail !== undefined) {
    const t = tail.toUpperCase();
    if (t !== '3B' && t !== '3F' && t !== '23') return match;
    if (k === 0) return t === '3B' ? ';' : t === '3F' ? '?' : '#';
    return '%' + run.slice(2) + tail;
  }
  if (k === 2) return '%';
  if (k >= 3) return '%' + run.slice(2);
  return match;
}

// Draft §5 for one item, plus the escape rule above.
export function decodeItem(raw) {
  return raw.indexOf('%') === -1 ? raw : raw.replace(ESCAPE, decodeEscape);
}

function decodeOption(s, key, warnings, offset) {
  if (s.indexOf('%') === -1) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    // A bad escape or bytes that are not UTF-8: decode what can be decoded.
    warnings.push({ offset, message: `option "${key}" is not valid percent-encoded UTF-8` });
    const bytes = [];
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
        bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...new TextEncoder().encode(s[i]));
      }
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}

function readList(input, depth, warnings) {
  let link = input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (link === '') throw new Error('empty input');
  if (link.length !== input.length) warnings.push({ offset: 0, message: 'white space around the link (removed)' });
  if (/[\t\n\r]/.test(link)) {
    warnings.push({ offset: 0, message: 'tab or newline in the link (removed)' });
    link = link.replace(/[\t\n\r]/g, '');
  }
  const start = scheme(link);
  if (start < 0) throw new Error('not a uri-list link: expected uri-list:, multi:, web+urilist: or ext+urilist:');

  let end = link.length;
  let fragment = null;
  let query = null;
  const hash = link.indexOf('#', start);
  if (hash !== -1) {
    fragment = link.slice(hash + 1);
    end = hash;
  }
  const question = link.indexOf('?', start);
  if (question !== -1 && question < end) {
    query = link.slice(question + 1, end);
    end = question;
  }

  const items = [];
  const lists = [];
  let nested = false;
  const parts = link.slice(start, end).split(';');
  let offset = start;
  for (let n = 0; n < parts.length; n++) {
    const raw = parts[n];
    const at = offset;
    offset += raw.length + 1;
    const item = raw.trim();
    if (item === '') {
      warnings.push({ offset: at, message: `item ${n + 1} is empty (skipped)` });
      continue;
    }
    if (item.length !== raw.length) warnings.push({ offset: at, message: `white space around item ${n + 1} (removed)` });
    if (NON_URI_CHAR.test(item) || BAD_ESCAPE.test(item)) {
      warnings.push({ offset: at, message: `item ${n + 1} holds a character that may not stand in a link` });
    }
    const uri = decodeItem(item);
    let list = null;
    if (scheme(uri) !== -1) {
      if (depth + 1 > MAX_DEPTH) throw new Error(`nested lists too deep: the limit is ${MAX_DEPTH} levels`);
      try {
        list = readList(uri, depth + 1, []);
        nested = true;
      } catch (e) {
        if (/too deep/.test(e.message)) throw e;
        warnings.push({ offset: at, message: `item ${n + 1} looks like a nested list but cannot be read (${e.message})` });
      }
    }
    items.push(uri);
    lists.push(list);
  }
  if (items.length === 0) throw new Error('empty list: no item after the scheme');

  const options = [];
  if (query !== null) {
    let at = end + 1;
    for (const pair of query.split('&')) {
      if (pair !== '') {
        const eq = pair.indexOf('=');
        const k = eq === -1 ? pair : pair.slice(0, eq);
        const v = eq === -1 ? '' : pair.slice(eq + 1);
        const key = decodeOption(k, k, warnings, at);
        options.push([key, decodeOption(v, key, warnings, at)]);
      }
      at += pair.length + 1;
    }
  }
  const option = (key) => {
    for (const [k, v] of options) if (k === key) return v;
    return null;
  };
  const result = {
    items,
    title: option('title') ?? option('group-name'),
    type: option('type'),
    options,
    fragment,
  };
  if (nested) result.lists = lists;
  return result;
}

/** `decode(link)`: the list a link stands for, the same shape as the wasm `decode()`. */
export function decode(link) {
  if (link.length > MAX_LENGTH) throw new Error(`link too long: the limit is ${MAX_LENGTH} bytes`);
  const warnings = [];
  const list = readList(link, 0, warnings);
  const out = { items: list.items, title: list.title, type: list.type, options: list.options, fragment: list.fragment, warnings };
  if (list.lists) out.lists = list.lists;
  return out;
}
