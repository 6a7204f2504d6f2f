// Small helpers shared by the browser drivers, the suites and the demo.
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { delimiter } from 'node:path';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = join(ROOT, 'tests', 'fixtures');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fresh temporary folder, and a function that removes it. It is also removed if the process
 * exits first (a watchdog's exit, an uncaught error).
 */
export async function tempDir(prefix) {
  const path = await mkdtemp(join(tmpdir(), `uri-list-${prefix}-`));
  const removeNow = () => rmSync(path, { recursive: true, force: true });
  process.once('exit', removeNow);
  return {
    path,
    remove: async () => {
      process.off('exit', removeNow);
      await rm(path, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * Polls `read()` until `done(value)` holds, and returns that value (a read that throws is tried
 * again). On time-out, throws with `what` and the last value read (or the last read's error), so
 * a failing test shows what the browser had.
 */
export async function waitFor(read, done, { timeout = 10_000, interval = 100, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  let failure;
  for (;;) {
    // A read may fail while the page is still in between (a page not yet drawn, a navigation
    // under way): that is one more reading, not the answer. The last failure is reported if
    // nothing else was ever read.
    try {
      last = await read();
      failure = undefined;
      if (done(last)) return last;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > end) {
      if (failure) throw new Error(`timed out after ${timeout} ms waiting for ${what}; the last reading failed: ${failure.stack ?? failure}`);
      throw new Error(`timed out after ${timeout} ms waiting for ${what}; last seen:\n${JSON.stringify(last, null, 2)}`);
    }
    await sleep(interval);
  }
}

/** Rejects with a clear message if `promise` takes longer than `ms`. */
export function withTimeout(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Finds a program: the environment variable `variable` if set, else the first of `candidates`
 * that exists (a bare name is looked up in PATH). Throws, saying how to get it, if none does.
 */
export function findProgram(variable, candidates, howToGet) {
  if (process.env[variable]) return process.env[variable];
  for (const candidate of candidates) {
    const paths = candidate.includes('/') ? [candidate] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, candidate));
    const found = paths.find((path) => existsSync(path));
    if (found) return found;
  }
  throw new Error(`${candidates.join(' or ')} not found: ${howToGet} (or set ${variable})`);
}
