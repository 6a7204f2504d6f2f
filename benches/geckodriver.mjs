// Headless Firefox for the benchmarks that drive it with plain WebDriver HTTP (benches/browser/run.mjs,
// benches/limits.mjs): geckodriver on a free port, in a temporary folder of its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** $GECKODRIVER, else geckodriver in ~/.cargo/bin or on PATH. */
export function geckodriverPath() {
  if (process.env.GECKODRIVER) return process.env.GECKODRIVER;
  const candidates = [path.join(os.homedir(), '.cargo/bin/geckodriver'), ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'geckodriver'))];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('geckodriver not found: cargo install geckodriver, or set GECKODRIVER');
  return found;
}

/**
 * Starts geckodriver. `request(method, where, body)` sends one WebDriver command once it listens
 * and returns its `value` (throwing with WebDriver's error otherwise); `stop()` ends geckodriver
 * and its browsers and removes the folder (also done when the process exits).
 *
 * @param {string} prefix the temporary folder's name
 */
export function startGeckodriver(prefix) {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const driver = spawn(geckodriverPath(), ['--port', '0'], { env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const kill = () => {
    try {
      process.kill(-driver.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', kill);
  const base = new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk) => {
      output += chunk;
      const m = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(`http://${m[1]}`);
    };
    driver.stdout.on('data', read);
    driver.stderr.on('data', read);
    driver.once('exit', (code) => reject(new Error(`geckodriver exited (${code}):\n${output}`)));
  });
  base.catch(() => {}); // reported by the first request
  const request = async (method, where, body) => {
    const res = await fetch((await base) + where, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    const reply = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${where}: ${reply.value?.error}: ${reply.value?.message}`);
    return reply.value;
  };
  const stop = () => {
    kill();
    fs.rmSync(temp, { recursive: true, force: true });
  };
  return { request, stop };
}
