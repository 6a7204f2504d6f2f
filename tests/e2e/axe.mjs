// An accessibility audit of the page a person is looking at: axe-core (npm `axe-core`), the rules
// tagged WCAG 2 A and AA (2.0 and 2.1), in both browsers, in the light and the dark colour scheme.
//
// axe-core's source goes into the page as the driver's own script (Playwright's CDP evaluate in
// Chromium, WebDriver's execute script in Firefox), never through the page's `eval`: the
// extension's pages forbid that (their CSP has no 'unsafe-eval'), and so may any web page.
//
//   import { assertAccessible } from './axe.mjs';
//   await assertAccessible(browser, 'the preview page');            // the current page of `browser`
//   await assertAccessible(popup, 'the popup', { scheme: browser }); // a page with its own `runSource`
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2 A and AA rules (axe-core's tags), no best practices. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * A script (a function body) that loads axe-core in the page, audits the whole document and
 * hands `done` (its last argument, as in WebDriver's async execute) the violations as plain data.
 */
export const AUDIT_SCRIPT = `
  const done = arguments[arguments.length - 1];
  ${AXE_SOURCE}
  ;(globalThis.axe ?? window.axe)
    .run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
    .then(
      (result) => done(result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }))),
      (error) => done({ error: String(error && error.stack || error) }),
    );
`;

/** The audit as one expression whose value is a promise of the violations (for CDP evaluate). */
export const AUDIT_EXPRESSION = `new Promise((resolve) => { (function () { ${AUDIT_SCRIPT} })(resolve); })`;

/** The violations, one paragraph each, for a failure message a person can act on. */
export function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `      at ${n.target}: ${n.summary}`).join('\n')}`)
    .join('\n    ');
}

/**
 * Audits the page `target` shows (a driver, or the popup handle of popup.mjs: anything with
 * `auditAccessibility()`) in the light and the dark colour scheme, and throws, naming every
 * violation, unless there is none. `schemes` drives the colour scheme: by default `target` itself
 * (`target.colorScheme(scheme)`).
 */
export async function assertAccessible(target, what, { schemes = target } = {}) {
  const found = [];
  try {
    for (const scheme of ['light', 'dark']) {
      await schemes.colorScheme(scheme);
      const violations = await target.auditAccessibility();
      if (violations?.error) throw new Error(`axe-core could not run on ${what}: ${violations.error}`);
      if (violations.length) found.push(`in the ${scheme} colour scheme:\n    ${describeViolations(violations)}`);
    }
  } finally {
    await schemes.colorScheme(null);
  }
  if (found.length) throw new Error(`${what} fails the WCAG 2 A/AA audit (axe-core) ${found.join('\n  ')}`);
}
