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
