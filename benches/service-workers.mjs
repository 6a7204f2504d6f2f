// Chromium's service workers stopped, and started again, through CDP, for the benchmarks' cold
// starts (benches/all.mjs, cold-trace.mjs, worker-evaluated.mjs). tests/e2e/chromium.mjs has its
// own, one command at a time, for the end-to-end cases.
import { waitFor } from '../tests/e2e/util.mjs';

/**
 * Stops the service workers whose script is one of `scripts` (CDP `ServiceWorker.stopWorker`,
 * asked again until each is stopped: a worker still busy with its start-up, the install's work
 * after a launch, is not always stopped by the first request), as Chrome stops an idle one. With
 * `start`, then starts them again (`ServiceWorker.startWorker` with each one's scope) and waits
 * until they run: no event a benchmark can cause is sure to start an extension's worker (closing a
 * tab no longer does: extension/background/closed-tabs.js), and a figure taken in the worker counts
 * from its own start, whatever started it. `page` is any page of `context`, for the CDP session.
 *
 * @param {import('playwright-core').BrowserContext} context
 * @param {import('playwright-core').Page} page
 * @param {string[]} scripts
 */
export async function stopWorkers(context, page, scripts, { start = false } = {}) {
  const cdp = await context.newCDPSession(page);
  try {
    const status = new Map();
    const version = new Map();
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        status.set(v.scriptURL, v.runningStatus);
        version.set(v.scriptURL, v.versionId);
      }
    });
    await cdp.send('ServiceWorker.enable');
    await waitFor(() => scripts.every((s) => version.has(s)), Boolean, { interval: 10, what: `the workers listed: ${scripts.join(', ')}` });
    const all = (wanted) => () => scripts.every((s) => status.get(s) === wanted);
    await waitFor(async () => {
      for (const s of scripts) if (status.get(s) !== 'stopped') await cdp.send('ServiceWorker.stopWorker', { versionId: version.get(s) });
      return waitFor(all('stopped'), Boolean, { interval: 10, timeout: 1_000 }).catch(() => false);
    }, Boolean, { interval: 10, what: `the workers stopped: ${scripts.join(', ')}` });
    if (start) {
      for (const s of scripts) await cdp.send('ServiceWorker.startWorker', { scopeURL: new URL('/', s).href });
      await waitFor(all('running'), Boolean, { interval: 10, what: `the workers started again: ${scripts.join(', ')}` });
    }
  } finally {
    await cdp.detach();
  }
}
