import fs from 'node:fs';

/**
 * Debian's Chromium; `npx playwright install` cannot download here. Its headless shell first
 * (apt-get install -y chromium-headless-shell): the browser without a window's interface, which is
 * what Playwright itself runs headless tests in, and about a fifth less CPU per page than the whole
 * browser run headless (docs/testing.md); else the browser (apt-get install -y chromium).
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/**
 * Chromium's headless mode is the whole browser without a screen: every new window (each test's
 * context is one) built the omnibox's dropdown as a web page of its own (chrome://omnibox-popup, a
 * Lit app of about 400 files) in a renderer: about 0.9 s of CPU per context on the CI machine, more
 * than the app's own page. Turned off, a context's first page costs about 0.25 s (docs/testing.md).
 * Chromium reads only the last --disable-features, so Playwright's own list (its chromiumSwitches)
 * is repeated here with ours.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p));
}
