import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDatasetFolder } from '../../src/analyst/dataset-folder';
import {
  type AssistantMessage,
  assistantMessageSchema,
  type ContentItem,
  type DataRow,
} from '../../src/shared/api/answer';
import { runArlo } from '../helpers/cli';
import { ALPHA, funnelDataset, GAMMA, total, totalOf } from '../helpers/funnel-dataset';
import { makeTempDir } from '../helpers/temp-dir';

const now = '2026-11-20';

function items(item: ContentItem): ContentItem[] {
  return item.type === 'complex' ? ((item.data ?? []) as ContentItem[]).flatMap(items) : [item];
}
const rows = (message: AssistantMessage) =>
  items(message.analytics).flatMap((item) => (item.type === 'table' ? ((item.data ?? []) as DataRow[]) : []));
const prose = (message: AssistantMessage) =>
  items(message.analytics)
    .map((item) => item.content ?? '')
    .join('\n');

describe('arlo ask over a folder with funnel, video and breakdown rows', () => {
  let dir: string;
  let answers: AssistantMessage[];
  beforeAll(async () => {
    dir = await makeTempDir();
    const data = path.join(dir, 'data');
    await writeDatasetFolder(data, funnelDataset(now));
    const batch = path.join(dir, 'questions.jsonl');
    const questions = [
      'where does the funnel of the Alpha Shop account leak in the last 7 days?',
      'which video ad in Alpha Shop hooked viewers best over the last 14 days?',
      'why did cpa go up in the last 7 days in Gamma Leads?',
      'average watch time of our videos last week',
    ];
    await writeFile(batch, questions.map((question) => JSON.stringify({ question })).join('\n'));
    const result = await runArlo(['ask', '--data', data, '--now', now, '--json', '--batch', batch]);
    expect(result.code, result.stderr).toBe(0);
    answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => assistantMessageSchema.parse(JSON.parse(line)) as AssistantMessage);
    expect(answers).toHaveLength(questions.length);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers the funnel with each step counted once and the biggest drop named', () => {
    const [funnel] = answers;
    const sale = ALPHA.ads;
    const steps = Object.fromEntries(
      rows(funnel as AssistantMessage)
        .slice(0, 7)
        .map((row) => [row.step, row.count]),
    );
    expect(steps).toEqual({
      Impressions: totalOf(sale, 'impressions', 7),
      'Link clicks': totalOf(sale, 'link', 7),
      'Landing page views': totalOf(sale, 'lpv', 7),
      'Content views': totalOf(sale, 'cv', 7),
      'Adds to cart': totalOf(sale, 'atc', 7),
      'Checkouts initiated': totalOf(sale, 'ci', 7),
      Purchases: totalOf(sale, 'purchases', 7),
    });
    expect(prose(funnel as AssistantMessage)).toMatch(
      /The biggest drop is from content views to adds to cart/,
    );
  });

  it('ranks video ads by their creative format, not by the word "Video" in a name', () => {
    const ranked = rows(answers[1] as AssistantMessage).map((row) => row.ad);
    expect(ranked).toEqual(['Clip - Story', 'Clip - Demo']);
  });

  it('points a "why" at the segment whose cost per result moved the total most', () => {
    const [ad] = GAMMA.ads as [(typeof GAMMA.ads)[0]];
    const before = total(ad, 'spend', 14, 8) / total(ad, 'leads', 14, 8);
    const after = total(ad, 'spend', 7) / total(ad, 'leads', 7);
    const text = prose(answers[2] as AssistantMessage);
    expect(text).toContain(`from $${before.toFixed(2)} in`);
    expect(text).toContain(`to $${after.toFixed(2)} in`);
    expect(text).toMatch(
      /\*\*Men\*\* \(gender\) moved CPA most: its CPA rose \+100\.0%, from \$25\.00 to \$50\.00/,
    );
  });

  it('declines average watch time, naming the field ARLO does not sync', () => {
    const decline = answers[3] as AssistantMessage;
    expect(decline.error?.content).toMatch(/video_avg_time_watched_actions/);
    expect(rows(decline)).toEqual([]);
  });
});
