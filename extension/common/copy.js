// The copy both browsers' clipboard helpers make in a page of the extension (background/clipboard.js):
// Chrome's offscreen document, Firefox's background page. A file of its own, so that the
// offscreen document loads nothing else.

/**
 * Copies `text` as text/plain and `html` (unless null) as text/html in `doc`, a page of the
 * extension: `execCommand('copy')` on a selected textarea, the flavours set in the copy event
 * (not through the textarea's value: a textarea turns CRLF into LF, and a text/uri-list's lines
 * end in CRLF, RFC 2483). Returns what execCommand returned. Chrome's offscreen document and
 * Firefox's background page.
 *
 * @param {Document} doc
 * @param {string} text
 * @param {string | null} html
 */
export function copyInDocument(doc, text, html) {
  const area = doc.createElement('textarea');
  const put = (/** @type {ClipboardEvent} */ event) => {
    event.clipboardData?.setData('text/plain', text);
    if (typeof html === 'string') event.clipboardData?.setData('text/html', html);
    event.preventDefault();
  };
  doc.addEventListener('copy', put, { once: true });
  area.value = ' ';
  doc.body.append(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } finally {
    doc.removeEventListener('copy', put);
    area.remove();
  }
}
