// reference.mjs starts headless Chromium the way every reference script of
// the project does (testdata/conformance and testdata/wpt run-chromium.mjs):
// Debian's chromium (CHROMIUM overrides /usr/bin/chromium) through
// playwright-core from testdata/compat/node_modules, in UTC and en-US, with a
// fresh 1280x800 context per page.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--lang=en-US',
];

function loadPlaywright() {
  const req = createRequire(path.join(here, 'package.json'));
  try {
    return req('playwright-core');
  } catch (e) {
    throw new Error('playwright-core is missing: run npm ci --prefix testdata/compat (' + e.message + ')');
  }
}

// launchReference starts the browser.
export async function launchReference() {
  process.env.TZ = 'UTC';
  const { chromium } = loadPlaywright();
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, env: { ...process.env, TZ: 'UTC', LANG: 'en_US.UTF-8' } });
}

// newReferenceContext opens a fresh context (no cache, no storage) for one page.
export function newReferenceContext(browser) {
  return browser.newContext({
    locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1,
  });
}
