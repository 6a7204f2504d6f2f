// The verdict on `web-ext lint --output json` (read from stdin), for build.sh's lint_firefox:
// every error and every warning fails the build, as --warnings-as-errors would, but for the
// warnings in ACCEPTED, each there for a reason said beside it. Prints what it found, in words.
//
//   web-ext lint --source-dir dist/firefox --output json | node .ci/lint-verdict.mjs

/** Warning codes that do not fail the build: code -> why. */
const ACCEPTED = new Map([
  [
    'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION',
    // The manifest has no gecko_android: the extension is not offered for Firefox for Android,
    // which lacks the menus, omnibox, windows and tabGroups APIs it needs (on a phone, the web
    // page opens a list). The linter then takes gecko.strict_min_version (140, the ESR before
    // 153) as Android's, and warns that data_collection_permissions came to Android only in 142.
    'Firefox for Android is not a target (no gecko_android in the manifest)',
  ],
]);

let input = '';
for await (const chunk of process.stdin) input += chunk;
let report;
try {
  report = JSON.parse(input);
} catch {
  console.error(`web-ext lint gave no JSON report:\n${input}`);
  process.exit(1);
}
const lists = ['errors', 'warnings', 'notices'];
if (!lists.every((name) => Array.isArray(report?.[name]))) {
  console.error(`web-ext lint's report has not the ${lists.join(', ')} lists this verdict reads (has its format changed?):\n${input.slice(0, 2000)}`);
  process.exit(1);
}

const where = (item) => [item.file, item.line].filter((part) => part !== undefined && part !== null).join(':');
const line = (kind, item) => `${kind} ${item.code}${where(item) ? ` (${where(item)})` : ''}: ${String(item.message).replace(/\.$/, '')}. ${String(item.description ?? '').replace(/\s+/g, ' ')}`;

const failing = [
  ...report.errors.map((item) => line('error', item)),
  ...report.warnings.filter((item) => !ACCEPTED.has(item.code)).map((item) => line('warning', item)),
];
for (const item of report.warnings.filter((item) => ACCEPTED.has(item.code))) {
  console.log(`accepted: ${item.code}: ${ACCEPTED.get(item.code)}`);
}
for (const item of report.notices) console.log(line('notice', item));
if (failing.length > 0) {
  for (const text of failing) console.error(text);
  console.error(`web-ext lint: ${failing.length} error(s) or warning(s) (warnings count as errors here)`);
  process.exit(1);
}
const accepted = report.warnings.length;
console.log(`web-ext lint: 0 errors, ${accepted} warning(s)${accepted ? ' (each accepted above)' : ''}, ${report.notices.length} notice(s)`);
