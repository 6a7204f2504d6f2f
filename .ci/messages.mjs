// The packed form of a _locales message: what a browser reads of it, and nothing else.
//
// The source messages (extension/_locales/LANG/messages.json) carry notes for translators (each
// message's `description`, each placeholder's `example`) and name their substitutions
// (`"Site: $SITE$"` with `"placeholders": {"site": {"content": "$1"}}`), so that a translator
// sees what goes where. A browser reads neither: Chrome writes each placeholder's content into
// its message when it loads the file, and both browsers' `i18n.getMessage` put the substitutions
// in for `$1`…`$9` written in a message itself (Chrome's message bundle, Firefox's
// `localizeMessage`). The packed message is the source message with each `$NAME$` replaced by
// its placeholder's content: `"Site: $1"`. 387 messages, 172 of them with placeholders: 39.5 →
// 30.6 KB raw for English, about 0.9 KB less of each zip's deflate per language.
//
// Exact only for a content that is one substitution (`$1`…`$9`), which is all the extension
// writes; any other content fails the build (say so here before writing one), as does a `$NAME$`
// with no placeholder of that name (tests/locales.mjs catches it first).

/** `{name: {message}}` from a messages.json's object, each placeholder written in; throws on a message it cannot write so (naming it). */
export function packedMessages(messages) {
  return Object.fromEntries(Object.entries(messages).map(([name, entry]) => [name, { message: packedMessage(name, entry) }]));
}

/** One message's text with its placeholders' contents in place of their names. */
function packedMessage(name, { message, placeholders = {} }) {
  // Placeholder names are case-insensitive in both browsers.
  const contents = new Map(Object.entries(placeholders).map(([key, p]) => [key.toLowerCase(), p.content]));
  for (const [key, content] of contents) {
    if (!/^\$[1-9]$/.test(content)) throw new Error(`${name}: placeholder ${key} has the content ${JSON.stringify(content)}, not one substitution ($1 to $9)`);
  }
  // `$$` is a dollar sign, kept as it is; `$NAME$` a placeholder.
  return message.replace(/\$\$|\$([A-Za-z0-9_@]+)\$/g, (whole, key) => {
    if (key === undefined) return whole;
    const content = contents.get(key.toLowerCase());
    if (content === undefined) throw new Error(`${name}: $${key}$ names no placeholder`);
    return content;
  });
}
