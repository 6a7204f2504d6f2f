// The messages the extension's pages and content scripts send (`ask(type, payload)`, the
// prelude's), by name: each takes what its handler reads and answers what its handler returns,
// so that `tsc -p .` checks every call's name, payload keys and use of the answer. Types only:
// this module has no code, and nothing of the background is imported at run time.

/**
 * The background's message handlers (background.js registers these groups).
 * @typedef {typeof import('../background/sources.js').openMessages
 *   & typeof import('../background/share-actions.js').shareMessages
 *   & typeof import('../background/describe-queue.js').describeMessages
 *   & typeof import('../background/web-links.js').webLinkMessages
 *   & typeof import('../background/bookmarks.js').bookmarkMessages
 *   & typeof import('../background/painted.js').paintMessages} BackgroundHandlers
 */

/**
 * A handler's answer as its caller reads it: one object with every key any of its shapes has
 * (a key one shape lacks reads as undefined there), so that a caller looks at what it needs.
 * @template U
 * @typedef {{[K in (U extends unknown ? keyof U : never)]: U extends unknown ? (K extends keyof U ? U[K] : undefined) : never}} Answer
 */

/**
 * A handler's payload: the keys it reads, each optional (the handler checks what it gets).
 * @template {(...args: any[]) => any} H
 * @typedef {Parameters<H> extends [] ? Record<string, never> : Partial<Parameters<H>[0]>} Payload
 */

/**
 * Every message by name: `request`, the payload (its keys as the handler reads them; the handler
 * checks their values), and `response`, what `ask()` resolves to. `copy` goes to Chrome's
 * offscreen document (offscreen/offscreen.js), not to the background.
 * @typedef {{[K in keyof BackgroundHandlers]: {request: Payload<BackgroundHandlers[K]>, response: Answer<Awaited<ReturnType<BackgroundHandlers[K]>>>}}
 *   & {copy: {request: {target: 'offscreen', text: string, html?: string | null}, response: undefined}}} Messages
 */

export {};
