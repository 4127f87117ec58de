import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser } from '../helpers/browser';
import { hasChromium } from '../helpers/environment';
import { type Cell, cellProblems, checkCell, newCellPage, PHONE } from '../helpers/screens';

const dir = path.join(artifactsDir, 'screens-harness');
const phoneLight: Cell = { viewport: PHONE, theme: 'light' };

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Harness</title></head><body style="margin:0;font:16px sans-serif">${body}</body></html>`;

/** The matrix's own checks, on pages made to pass and to fail, so a green matrix means something. */
describe.skipIf(!hasChromium)('the screen matrix checks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function problemsOf(html: string, name: string): Promise<string[]> {
    const { context, page: tab } = await newCellPage(browser, phoneLight);
    try {
      await tab.setContent(html);
      return cellProblems(await checkCell(tab, name, phoneLight, { dir }));
    } finally {
      await context.close();
    }
  }

  it('finds nothing on a plain, readable page that fits the phone', async () => {
    const problems = await problemsOf(
      page('<main><h1>Spend</h1><p>$1,234 in the last 7 days.</p></main>'),
      'clean',
    );
    expect(problems).toEqual([]);
  });

  it('names the low-contrast text and the element that makes the page scroll sideways', async () => {
    const problems = await problemsOf(
      page(
        '<main><h1>Spend</h1><p style="color:#bbb">Faint</p><div class="too-wide" style="width:900px">Wide</div></main>',
      ),
      'broken',
    );
    const text = problems.join('\n');
    expect(text).toContain('[serious] color-contrast');
    expect(text).toContain('scrolls sideways');
    expect(text).toContain('div.too-wide');
  });

  it('fails a skipped heading level and content outside the landmarks, though axe rates them moderate', async () => {
    const problems = await problemsOf(
      page('<p class="stray">Outside</p><main><h1>Spend</h1><h3>By day</h3><p>$1,234</p></main>'),
      'outline',
    );
    const text = problems.join('\n');
    expect(text).toContain('[moderate] heading-order');
    expect(text).toContain('[moderate] region');
  });
});
