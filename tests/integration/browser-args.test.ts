import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../e2e/browser.js';

// The browser tests' Chromium takes one --disable-features (the last wins), so ours repeats
// Playwright's own list (tests/e2e/browser.ts). An upgrade of Playwright that adds to its list must
// add to ours too, or its fix is silently undone.
describe("the browser tests' Chromium switches", () => {
  it("disable every feature Playwright disables, and the omnibox's web page", () => {
    const require = createRequire(import.meta.url);
    const core = path.dirname(require.resolve('playwright-core/package.json'));
    const bundle = fs.readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
    expect(list, "Playwright's list of disabled features").toBeDefined();
    const theirs = [...list!.matchAll(/^\s*"([A-Za-z]+)"/gm)].map((m) => m[1]);
    expect(theirs.length).toBeGreaterThan(5);
    const ours = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(ours).toHaveLength(1);
    const disabled = ours[0]!.slice('--disable-features='.length).split(',');
    expect(disabled).toEqual(expect.arrayContaining([...theirs, 'WebUIOmniboxPopup']));
  });
});
