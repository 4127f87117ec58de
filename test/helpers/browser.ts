import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from './environment';

export const artifactsDir = path.resolve('test-results');

/** Debian's Chromium with the flags this sandbox needs (no sandbox, no GPU, no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  await mkdir(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
