// Handlers by name (messages by `type`, keyboard commands, alarms), each name registered once:
// features add their handlers here, and a name two features both claim stops the background at
// start-up with a message naming it, rather than one handler silently replacing the other.

/** @typedef {(...args: any[]) => any} Handler */
/** @typedef {{has: (name: unknown) => boolean, get: (name: string) => Handler, names: () => string[]}} Registry */

/**
 * A registry of `kind` ("message", "command", "alarm") holding every handler of `groups` (objects
 * of handlers by name). Throws when a name comes twice.
 * @param {string} kind
 * @param {...object} groups
 * @returns {Registry}
 */
export function handlerRegistry(kind, ...groups) {
  /** @type {Map<string, Handler>} */
  const handlers = new Map();
  for (const group of groups) {
    for (const [name, handler] of Object.entries(group)) {
      if (handlers.has(name)) throw new Error(`uri-list: two ${kind} handlers are named "${name}": give one of them another name`);
      if (typeof handler !== 'function') throw new Error(`uri-list: the ${kind} handler "${name}" is not a function`);
      handlers.set(name, handler);
    }
  }
  return {
    has: (name) => typeof name === 'string' && handlers.has(name),
    get: (name) => handlers.get(name),
    names: () => [...handlers.keys()],
  };
}
