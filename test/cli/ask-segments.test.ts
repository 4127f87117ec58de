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
import { LAST_DAY, SEGMENT_TODAY, segmentFixture, sums } from '../helpers/segment-dataset';
import { makeTempDir } from '../helpers/temp-dir';

const full = segmentFixture();
const bare = segmentFixture({ withBreakdowns: false, withObjects: false });
const LAST_30 = ['2026-10-21', LAST_DAY] as const;

function items(item: ContentItem | undefined): ContentItem[] {
  if (!item) return [];
  return item.type === 'complex' ? (item.data as ContentItem[]).flatMap(items) : [item];
}
const rowsOf = (message: AssistantMessage | undefined, type = 'table'): DataRow[] =>
  items(message?.analytics)
    .filter((item) => item.type === type)
    .flatMap((item) => item.data as DataRow[]);

/** Answers a batch of JSONL lines over a folder, one message a line. */
async function askBatch(dir: string, data: string, lines: object[]): Promise<AssistantMessage[]> {
  const batch = path.join(dir, `batch-${Math.random().toString(36).slice(2)}.jsonl`);
  await writeFile(batch, lines.map((line) => JSON.stringify(line)).join('\n'));
  const result = await runArlo(['ask', '--data', data, '--now', SEGMENT_TODAY, '--json', '--batch', batch]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => assistantMessageSchema.parse(JSON.parse(line)));
}

describe('arlo ask over a folder with breakdowns', () => {
  let dir: string;
  let answers: AssistantMessage[];
  beforeAll(async () => {
    dir = await makeTempDir();
    const data = path.join(dir, 'shop');
    await writeDatasetFolder(data, full.dataset);
    answers = await askBatch(dir, data, [
      { question: 'roas by age group last 30 days' },
      { question: 'spend by country last 30 days', conversation: 'c' },
      { question: 'and by device?', conversation: 'c' },
      { question: 'how much of our spend goes to audience network in the last 30 days?' },
      { question: 'spend by country and device last 30 days' },
    ]);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('ranks segments with their own keys and values from the breakdown files', () => {
    const byAge = sums(full.breakdowns['age,gender'], ...LAST_30, (r) => r.segment.age ?? '');
    const rows = rowsOf(answers[0]);
    expect(rows.length).toBe(byAge.size);
    for (const row of rows) {
      const s = byAge.get(String(row.age));
      expect(row.roas).toBeCloseTo((s?.revenue ?? 0) / (s?.spend ?? 1), 6);
    }
  });

  it('reads a follow-up in a conversation: the same question by another segment', () => {
    const byDevice = sums(
      full.breakdowns.device_platform,
      ...LAST_30,
      (r) => r.segment.device_platform ?? '',
    );
    const rows = rowsOf(answers[2]);
    expect(rows.map((row) => row.device_platform).sort()).toEqual([...byDevice.keys()].sort());
    for (const row of rows)
      expect(row.spend).toBeCloseTo(byDevice.get(String(row.device_platform))?.spend ?? -1, 2);
  });

  it('answers a share with a pie of every segment, each with its share in percent', () => {
    const pie = rowsOf(answers[3], 'pie_chart');
    const total = pie.reduce((sum, row) => sum + Number(row.share), 0);
    expect(total).toBeCloseTo(100, 6);
    expect(pie.find((row) => row.publisher_platform === 'audience_network')).toBeDefined();
  });

  it('declines two breakdowns crossed, naming why', () => {
    expect(answers[4]?.error?.content).toMatch(/separate breakdowns/);
    expect(rowsOf(answers[4])).toEqual([]);
  });
});

describe('arlo ask over a folder without breakdowns or creative settings', () => {
  let dir: string;
  let answers: AssistantMessage[];
  beforeAll(async () => {
    dir = await makeTempDir();
    const data = path.join(dir, 'bare');
    await writeDatasetFolder(data, bare.dataset);
    answers = await askBatch(dir, data, [
      { question: 'roas by age group last 30 days' },
      { question: 'CPA on Instagram last 30 days' },
      { question: 'video vs static images cpa last 30 days' },
      { question: 'spend last 30 days' },
    ]);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    [0, /no age and gender breakdown/],
    [1, /no placement breakdown/],
    [2, /creative format/],
  ])('declines segment question %i with no figures, never zeros', (index, message) => {
    const answer = answers[index];
    expect(answer?.error?.content).toMatch(message);
    expect(rowsOf(answer)).toEqual([]);
  });

  it('still answers from the ad rows', () => {
    const spend = sums(bare.adRows, ...LAST_30).get('all')?.spend ?? 0;
    expect(rowsOf(answers[3])[0]?.spend).toBeCloseTo(spend, 2);
  });
});
