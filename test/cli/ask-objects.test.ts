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
import { HERO_COPY, OBJECTS_TODAY, objectsDataset } from '../helpers/objects-dataset';
import { makeTempDir } from '../helpers/temp-dir';

function textOf(item: ContentItem | undefined): string {
  if (!item) return '';
  if (item.type === 'complex') return ((item.data ?? []) as ContentItem[]).map(textOf).join('\n');
  return item.content ?? '';
}

function rowsOf(item: ContentItem): DataRow[] {
  if (item.type === 'complex') return ((item.data ?? []) as ContentItem[]).flatMap(rowsOf);
  return item.type === 'table' ? ((item.data ?? []) as DataRow[]) : [];
}

describe('arlo ask over a folder with objects files', () => {
  let dir: string;
  let withObjects: string;
  let withoutObjects: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    withObjects = path.join(dir, 'with');
    withoutObjects = path.join(dir, 'without');
    const dataset = objectsDataset();
    await writeDatasetFolder(withObjects, dataset);
    const { objects: _objects, ...bare } = dataset;
    await writeDatasetFolder(withoutObjects, bare);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function askBatch(data: string, questions: string[]): Promise<AssistantMessage[]> {
    const file = path.join(dir, `batch-${path.basename(data)}.jsonl`);
    await writeFile(file, questions.map((question) => JSON.stringify({ question })).join('\n'));
    const result = await runArlo(['ask', '--data', data, '--now', OBJECTS_TODAY, '--json', '--batch', file]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(questions.length);
    return lines.map((line) => assistantMessageSchema.parse(JSON.parse(line)));
  }

  it('answers status, budget, bidding and copy questions from the objects files', async () => {
    const [paused, budget, lifetime, costCap, headline, creatives] = await askBatch(withObjects, [
      'which campaigns are paused?',
      'whats the daily budget on Alpha Prospecting',
      'lifetime budget of Gamma Sale',
      'which campaigns run on a cost cap?',
      'what headline does Hero Video use',
      'show me my creatives with thumbnails',
    ]);
    expect(textOf(paused?.analytics)).toContain('**Delta Archive**');
    expect(rowsOf(paused?.analytics as ContentItem).map((row) => row.campaign)).toEqual(['Delta Archive']);
    // The account without objects is named, not guessed.
    expect(paused?.error?.content).toMatch(/no settings for Unsynced Shop/);
    expect(textOf(budget?.analytics)).toContain('$100.00');
    expect(textOf(lifetime?.analytics)).toContain('$3,000.00');
    expect(rowsOf(costCap?.analytics as ContentItem).map((row) => row.campaign)).toEqual(
      expect.arrayContaining(['Gamma Sale', 'Epsilon Leads', 'Beta Retargeting']),
    );
    expect(textOf(headline?.analytics)).toContain(HERO_COPY.title);
    const table = ((creatives?.analytics.data ?? []) as ContentItem[]).find((item) => item.type === 'table');
    expect(table?.columns?.find((column) => column.key === 'thumbnail_url')?.unit).toBe('image');
    expect(
      rowsOf(creatives?.analytics as ContentItem).some((row) => row.thumbnail_url === HERO_COPY.thumbnail),
    ).toBe(true);
  }, 90_000);

  it('declines settings questions when the folder has no objects files, naming the accounts', async () => {
    const answers = await askBatch(withoutObjects, [
      'which campaigns are paused?',
      'what is the daily budget of Alpha Prospecting',
      'show the headline of Hero Video',
    ]);
    // The accounts the question reaches: all of them, or the one holding the campaign named.
    const named = [
      ['Trail Supply', 'Guide Leads', 'Unsynced Shop'],
      ['Trail Supply'],
      ['Trail Supply', 'Guide Leads'],
    ];
    answers.forEach((answer, index) => {
      expect(answer.error?.content).toMatch(/^ARLO has no campaign, ad set or ad settings for /);
      for (const name of named[index] ?? []) expect(answer.error?.content).toContain(name);
      expect(rowsOf(answer.analytics)).toEqual([]);
      expect(textOf(answer.analytics)).not.toMatch(/\d/);
    });
  }, 90_000);
});
