// .ci/lint-verdict.mjs, the verdict build.sh gives on `web-ext lint --output json` (run by
// `./build.sh test`): each case feeds it a report and checks it passes or fails, saying why.
// The real report of dist/firefox goes through it in ./build.sh's own lint step.
//
//   node tests/lint-verdict.mjs
import { spawnSync } from 'node:child_process';

const script = new URL('../.ci/lint-verdict.mjs', import.meta.url).pathname;
const item = (code, message = `${code} happened`) => ({ code, message, description: 'What it means.', file: 'manifest.json' });
const report = ({ errors = [], warnings = [], notices = [] } = {}) => JSON.stringify({ count: 0, summary: {}, metadata: {}, errors, warnings, notices });
const ACCEPTED = 'KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION';

const cases = [
  ['a clean report passes', report(), 0, /web-ext lint: 0 errors, 0 warning\(s\), 0 notice\(s\)/],
  ['the accepted warning passes, said with its reason', report({ warnings: [item(ACCEPTED)] }), 0, /accepted: KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION: Firefox for Android is not a target/],
  ['any other warning fails, named with its file', report({ warnings: [item(ACCEPTED), item('MANIFEST_PERMISSIONS')] }), 1, /warning MANIFEST_PERMISSIONS \(manifest\.json\): MANIFEST_PERMISSIONS happened\. What it means\./],
  ['an error fails', report({ errors: [item('MANIFEST_UPDATE_URL')] }), 1, /error MANIFEST_UPDATE_URL .*1 error\(s\) or warning\(s\)/s],
  ['a code accepted as a warning still fails as an error', report({ errors: [item(ACCEPTED)] }), 1, /error KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION/],
  ['no JSON fails, showing what came', 'Error: web-ext crashed', 1, /web-ext lint gave no JSON report:\nError: web-ext crashed/],
  ['a report without its lists fails, saying so', JSON.stringify({ summary: {} }), 1, /has not the errors, warnings, notices lists/],
];

let failed = 0;
for (const [name, input, status, said] of cases) {
  const run = spawnSync(process.execPath, [script], { input, encoding: 'utf8' });
  const output = run.stdout + run.stderr;
  if (run.status !== status || !said.test(output)) {
    failed += 1;
    console.error(`not ok - ${name}: exit ${run.status} (expected ${status}), output:\n${output}`);
  } else {
    console.log(`ok - ${name}`);
  }
}
console.log(`${cases.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
