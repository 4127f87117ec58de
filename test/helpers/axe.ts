import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.0–2.2 A and AA, plus axe's best practices (landmarks, heading order, …). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** These fail a test; other moderate and minor ones are only printed. */
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Moderate best-practice rules that fail a test all the same: a page's outline (one h1, no skipped
 * levels) and its landmarks (all content inside them, one main, each named apart) are how screen
 * reader users find their way around.
 */
const BLOCKING_RULES = new Set([
  'heading-order',
  'region',
  'landmark-one-main',
  'page-has-heading-one',
  'landmark-unique',
]);
const blocks = (violation: AxeViolation) =>
  BLOCKING.has(violation.impact) || BLOCKING_RULES.has(violation.id);
const NODES_SHOWN = 3;

export interface AxeNode {
  /** axe's CSS selector for the element (inside iframes or shadow roots: joined with " >> "). */
  target: string;
  /** axe's "Fix any of the following: …" text, on one line. */
  summary: string;
  html: string;
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface AxeReport {
  /** Serious and critical, plus the outline and landmark rules: what the tests require to be empty. */
  blocking: AxeViolation[];
  /** The other moderate and minor ones: reported, not failing. */
  advisory: AxeViolation[];
}

interface RawResult {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string; html: string }[];
}

/** Which part of the page to check: CSS selectors to include (the whole page when absent) and to leave out. */
export interface AxeScope {
  include?: string[];
  exclude?: string[];
}

/**
 * Runs axe-core in the page as it is now, over the whole page or `scope`. The source goes in
 * through `evaluate` rather than a script tag, so the app's Content-Security-Policy (no inline
 * scripts) stays on while it runs.
 */
export async function runAxe(page: Page, scope: AxeScope = {}): Promise<AxeReport> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, include, exclude }) => {
      const context =
        include || exclude
          ? {
              ...(include ? { include: include.map((selector) => [selector]) } : {}),
              ...(exclude ? { exclude: exclude.map((selector) => [selector]) } : {}),
            }
          : document;
      const results = await (window as unknown as { axe: typeof axe }).axe.run(
        context as axe.ElementContext,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      );
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })),
      }));
    },
    { tags: AXE_TAGS, include: scope.include, exclude: scope.exclude },
  );
  const all = (violations as RawResult[]).map(toViolation);
  return {
    blocking: all.filter(blocks),
    advisory: all.filter((v) => !blocks(v)),
  };
}

function toViolation(raw: RawResult): AxeViolation {
  return {
    id: raw.id,
    impact: raw.impact ?? 'unknown',
    help: raw.help,
    helpUrl: raw.helpUrl,
    nodes: raw.nodes.map((node) => ({
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' '),
      summary: oneLine(node.failureSummary ?? ''),
      html: oneLine(node.html).slice(0, 200),
    })),
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One violation as a few readable lines: rule, impact, what it asks, and the first elements. */
export function formatViolation(violation: AxeViolation): string {
  const shown = violation.nodes
    .slice(0, NODES_SHOWN)
    .map((node) => `    - ${node.target} ${node.html.slice(0, 80)}: ${node.summary}`);
  const more = violation.nodes.length - shown.length;
  return [
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} element${
      violation.nodes.length === 1 ? '' : 's'
    }; ${violation.helpUrl})`,
    ...shown,
    ...(more > 0 ? [`    … and ${more} more`] : []),
  ].join('\n');
}

/** The blocking findings, one line each ('rule: element, element'), for `expect(…).toEqual([])`. */
export async function blockingFindings(page: Page, scope: AxeScope = {}): Promise<string[]> {
  if (scope.include && (await page.locator(scope.include.join(', ')).count()) === 0) {
    return [`nothing to check: no ${scope.include.join(', ')}`];
  }
  const { blocking } = await runAxe(page, scope);
  return blocking.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
  );
}
