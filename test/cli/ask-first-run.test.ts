import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDatasetFolder } from '../../src/analyst/dataset-folder';
import { runArlo } from '../helpers/cli';
import { SEGMENT_TODAY, segmentFixture } from '../helpers/segment-dataset';
import { makeTempDir } from '../helpers/temp-dir';

// The first run over new data loads the breakdown rows only once a question reads them: every
// answer must still be the one a fully loaded database gives.
const questions = [
  { question: 'spend last 30 days' },
  { question: 'spend by country last 30 days' },
  { question: 'roas by age group last 30 days' },
];

describe('arlo ask, first run over new data', () => {
  let dir: string;
  let data: string;
  let batch: string;

  const askBatch = async (cache: string, file = batch) => {
    const result = await runArlo(['ask', '--data', data, '--now', SEGMENT_TODAY, '--json', '--batch', file], {
      ARLO_ASK_CACHE: cache,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return result.stdout.trim().split('\n');
  };

  beforeAll(async () => {
    dir = await makeTempDir('arlo-ask-first-');
    data = path.join(dir, 'shop');
    await writeDatasetFolder(data, segmentFixture().dataset);
    batch = path.join(dir, 'batch.jsonl');
    await writeFile(batch, questions.map((line) => JSON.stringify(line)).join('\n'));
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers a breakdown question after one that needs none exactly as a fully loaded database does', async () => {
    const cache = path.join(dir, 'cache');
    const first = await askBatch(cache);
    // What it kept holds every row, the breakdowns too: the next run answers from it.
    expect((await readdir(cache)).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    const fromKept = await askBatch(cache);
    expect(first).toEqual(fromKept);
    expect(first).toHaveLength(questions.length);
    // A breakdown answer has a segment table; a declined one has none.
    expect(first[1]).toContain('"Country"');

    // With nothing kept, a breakdown question alone gives the same answer too.
    const single = path.join(dir, 'single.jsonl');
    await writeFile(single, JSON.stringify(questions[1]));
    expect(await askBatch('off', single)).toEqual([fromKept[1]]);
  }, 120_000);
});
