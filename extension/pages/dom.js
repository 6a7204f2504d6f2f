// Building the extension's pages (the popup, the preview page): elements are made and their text
// set as text, never as HTML (no `innerHTML` with data: a link, a title or a host is whatever the
// list's author wrote).

/**
 * The element with id `id` (the pages' own markup: every id used exists).
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * A new element `name` with `attributes`, holding `content`: a node, or text.
 * @param {string} name
 * @param {Record<string, string>} [attributes]
 * @param {Node | string} [content]
 * @returns {HTMLElement}
 */
export function element(name, attributes = {}, content) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (content instanceof Node) node.append(content);
  else if (content !== undefined) node.textContent = content;
  return node;
}

/**
 * The list `#id` holding one item per line, and nothing else.
 * @param {string} id
 * @param {string[]} lines
 */
export function fill(id, lines) {
  $(id).replaceChildren(...lines.map((line) => element('li', {}, line)));
}

/**
 * Runs `work` with `button` disabled (a second press does nothing meanwhile), then enables it
 * again. A button that had the focus gets it back, unless the person has moved it since: Chrome
 * takes the focus off a button as it is disabled, and the next Tab then started at the top of
 * the page.
 * @template T
 * @param {HTMLButtonElement} button
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function whileBusy(button, work) {
  const focused = document.activeElement === button;
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.disabled = false;
    if (focused && (document.activeElement === null || document.activeElement === document.body)) button.focus();
  }
}

