import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { it } from 'vitest';
import { type AxeViolation, formatViolation, runAxe } from './axe';
import { artifactsDir, networkSettled, trackRequests } from './browser';

/** Where the matrix keeps a screenshot and a JSON record of every screen × viewport × theme. */
export const screensDir = path.join(artifactsDir, 'screens');

export const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
export type Viewport = (typeof viewports)[number];
export const PHONE = viewports[1];

export const themes = ['light', 'dark'] as const;
export type ThemeName = (typeof themes)[number];

export interface Cell {
  viewport: Viewport;
  theme: ThemeName;
}

export const cells: readonly Cell[] = viewports.flatMap((viewport) =>
  themes.map((theme) => ({ viewport, theme })),
);

// The key the app's Settings → Appearance stores its choice under (settings/lib/theme.ts). The app
// applies it at start-up itself; `newCellPage` checks that it did, so a renamed key fails loudly.
const THEME_STORAGE_KEY = 'theme';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** A signed-in browser's local storage for the app at `baseUrl`: token and userInfo, as login leaves them. */
export function sessionState(
  baseUrl: string,
  token: string,
  user: { uid: string; name: string },
): StorageState {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: [
          { name: 'token', value: token },
          { name: 'userInfo', value: JSON.stringify(user) },
        ],
      },
    ],
  };
}

/**
 * A fresh context for one cell: its viewport (a phone is a touch device that honours the viewport
 * meta tag), its theme chosen in storage before any page loads, and an optional signed-in session.
 * Motion is reduced: answers show whole instead of typing in, so the screen is final sooner.
 */
export async function newCellPage(
  browser: Browser,
  cell: Cell,
  storageState?: StorageState,
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = cell.viewport.width < 640;
  const context = await browser.newContext({
    viewport: { ...cell.viewport },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    // The operating system's choice too: pages outside the app (the demo checkout) follow only it.
    colorScheme: cell.theme,
    reducedMotion: 'reduce',
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript(
    ([key, theme]) => {
      try {
        localStorage.setItem(key as string, theme as string);
      } catch {
        // about:blank has no storage; the app's own pages do.
      }
    },
    [THEME_STORAGE_KEY, cell.theme],
  );
  const page = await context.newPage();
  trackRequests(page);
  return { context, page };
}

export const cellName = (screen: string, cell: Cell) => `${screen}-${cell.viewport.width}-${cell.theme}`;
const viewportName = (cell: Cell) => `${cell.viewport.width}×${cell.viewport.height}`;

export interface OverflowReport {
  scrollWidth: number;
  bodyScrollWidth: number;
  innerWidth: number;
  /** The innermost elements that reach past the right edge, described for a reader. */
  offenders: string[];
}

/**
 * Null when neither the document nor the body scrolls sideways; else the widths and the culprits.
 * `width` is the device's: a phone browser zooms out to fit wide content, which widens
 * `innerWidth` along with the page, so the window alone would hide the overflow.
 */
export async function horizontalOverflow(page: Page, width: number): Promise<OverflowReport | null> {
  return page.evaluate((deviceWidth) => {
    const scrollWidth = document.documentElement.scrollWidth;
    const bodyScrollWidth = document.body.scrollWidth;
    const innerWidth = Math.min(window.innerWidth, deviceWidth);
    if (scrollWidth <= innerWidth && bodyScrollWidth <= innerWidth) return null;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 4)
        .map((c) => `.${c}`)
        .join('');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${id}${classes} (right edge ${right}px${text ? `, "${text}"` : ''})`;
    };
    const past = (element: Element) => element.getBoundingClientRect().right > innerWidth + 0.5;
    // Content clipped or scrolled by a box of its own (a table in its scroll area) cannot widen the
    // page, and a chart's inner shapes move with their <svg>: neither is a culprit.
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (box.tagName.toLowerCase() === 'svg' || getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (element) => past(element) && !clipped(element),
    );
    // Innermost: no child of its own reaches past the edge too, so the list names causes, not wrappers.
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth,
      bodyScrollWidth,
      innerWidth,
      offenders: innermost.slice(0, 5).map(describe),
    };
  }, width);
}

export const describeOverflow = (overflow: OverflowReport) =>
  `scrolls sideways (document ${overflow.scrollWidth}px, body ${overflow.bodyScrollWidth}px wide in a ${overflow.innerWidth}px window); past the edge: ${overflow.offenders.join('; ') || 'nothing visible'}`;

/** What one cell found; also written next to its screenshot as JSON, for the findings list. */
export interface CellRecord {
  screen: string;
  viewport: string;
  theme: ThemeName;
  /** The screen could not be reached or checked (its checks below may then be missing). */
  error?: string;
  /** The browser console's warnings and errors while the screen opened (reported, not failing). */
  console?: string[];
  overflow: OverflowReport | null;
  blocking: AxeViolation[];
  advisory: AxeViolation[];
}

/**
 * Checks the page as it is: no sideways scroll, no serious or critical axe violation, and keeps a
 * screenshot. Dialog screens are shot at the viewport only: a full-page shot cuts their overlay off
 * at the first screen.
 */
export async function checkCell(
  page: Page,
  screen: string,
  cell: Cell,
  options: {
    fullPage?: boolean;
    error?: string;
    console?: string[];
    dir?: string;
    systemTheme?: boolean;
  } = {},
): Promise<CellRecord> {
  const record: CellRecord = {
    screen,
    viewport: viewportName(cell),
    theme: cell.theme,
    overflow: null,
    blocking: [],
    advisory: [],
    ...(options.error ? { error: options.error } : {}),
    ...(options.console?.length ? { console: options.console } : {}),
  };
  const fail = (what: string, error: unknown) => {
    const message = `${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    record.error = record.error ? `${record.error}; ${message}` : message;
  };
  try {
    const dark = await page.evaluate(
      (system) =>
        system
          ? matchMedia('(prefers-color-scheme: dark)').matches
          : document.documentElement.classList.contains('dark'),
      options.systemTheme ?? false,
    );
    if (dark !== (cell.theme === 'dark')) {
      fail('theme', `${options.systemTheme ? 'the system' : '<html>'} is ${dark ? 'dark' : 'light'}`);
    }
  } catch (error) {
    fail('theme', error);
  }
  try {
    record.overflow = await horizontalOverflow(page, cell.viewport.width);
  } catch (error) {
    fail('overflow check', error);
  }
  try {
    Object.assign(record, await runAxe(page));
  } catch (error) {
    fail('axe', error);
  }
  const dir = options.dir ?? screensDir;
  await mkdir(dir, { recursive: true });
  const name = cellName(screen, cell);
  await page
    .screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true })
    .catch((error) => fail('screenshot', error));
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

/** The cell's problems as readable text; empty when it passed. Moderate findings are printed only. */
export function cellProblems(record: CellRecord): string[] {
  const where = `${record.screen} at ${record.viewport}, ${record.theme}`;
  if (record.advisory.length > 0) {
    console.info(`[axe, not failing] ${where}:\n${record.advisory.map(formatViolation).join('\n')}`);
  }
  const problems: string[] = [];
  if (record.error) problems.push(`${where}: ${record.error}`);
  const overflow = record.overflow;
  if (overflow) {
    problems.push(`${where}: ${describeOverflow(overflow)}`);
  }
  if (record.blocking.length > 0) {
    problems.push(`${where}: axe found\n${record.blocking.map(formatViolation).join('\n')}`);
  }
  return problems;
}

export interface Screen {
  name: string;
  /** Leaves the page showing the screen (and waits for it); throws if it cannot get there. */
  open(page: Page, cell: Cell): Promise<void>;
  /** The signed-in session the screen needs, if any. */
  session?: () => StorageState;
  /** Dialogs: shoot the viewport, not the full page. */
  dialog?: boolean;
  /** A page outside the app (the demo checkout): its theme follows the system's, not the app's setting. */
  systemTheme?: boolean;
  /** Only some viewports (the phone drawer exists on the phone only). */
  viewports?: readonly Viewport[];
}

/**
 * Cells checked at once, each in its own context of the one browser. A cell mostly waits (on the
 * page's JavaScript, the server, axe), so two keep both cores busy; more only slow each other down.
 */
const CELLS_AT_ONCE = 2;

/**
 * Every cell of one screen, each in its own context; a failing cell does not stop the others.
 * Returns all cells' problems in the matrix's order, for one readable assertion at the end.
 */
export async function checkScreen(browser: Browser, screen: Screen): Promise<string[]> {
  const wanted = cells.filter((cell) => !screen.viewports || screen.viewports.includes(cell.viewport));
  const found: string[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const index = next++;
      found[index] = await checkScreenCell(browser, screen, wanted[index] as Cell);
    }
  };
  await Promise.all(Array.from({ length: CELLS_AT_ONCE }, worker));
  return found.flat();
}

/** One cell of a screen: opens it in a fresh context, waits for it to settle, and checks it. */
async function checkScreenCell(browser: Browser, screen: Screen, cell: Cell): Promise<string[]> {
  const { context, page } = await newCellPage(browser, cell, screen.session?.());
  const errors: string[] = [];
  const logged: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      logged.push(`${message.type()}: ${message.text().replace(/\s+/g, ' ').slice(0, 300)}`);
    }
  });
  try {
    let error: string | undefined;
    try {
      await screen.open(page, cell);
      // Late data (plans, sync status, client config) lands before the checks, within reason.
      await networkSettled(page);
    } catch (caught) {
      error = `could not open the screen: ${caught instanceof Error ? caught.message.split('\n')[0] : String(caught)}`;
    }
    if (errors.length > 0) error = [error, `page errors: ${errors.join(' | ')}`].filter(Boolean).join('; ');
    const record = await checkCell(page, screen.name, cell, {
      fullPage: !screen.dialog,
      systemTheme: screen.systemTheme ?? false,
      console: [...new Set(logged)],
      ...(error ? { error } : {}),
    });
    return cellProblems(record);
  } finally {
    await context.close();
  }
}

/** Fails with every cell's problems listed, one block per cell. */
export function assertNoProblems(problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new Error(`${problems.length} problem(s):\n\n${problems.join('\n\n')}`);
  }
}

/**
 * One test per screen, each checking every cell of it in `browser()`: the file's browser, known
 * once its `beforeAll` started the app. A screen's cells take a few seconds each, so a file holds
 * a handful of screens and the matrix spreads over several files.
 */
export function itChecksEveryCell(screens: readonly Screen[], browser: () => Browser): void {
  it.each(screens.map((screen) => [screen.name, screen] as const))(
    '%s: no sideways scroll and no serious axe violation, in every size and theme',
    async (_name, screen) => {
      assertNoProblems(await checkScreen(browser(), screen));
    },
    120_000,
  );
}
