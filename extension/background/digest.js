// A text's SHA-256, in hex: what the background keeps in storage.session in place of a link,
// which may be 2 MiB long (storage.session holds 10 MB in all).

/** `text`'s SHA-256 (of its UTF-8 bytes), as 64 hex digits. */
export async function sha256Hex(text) {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
