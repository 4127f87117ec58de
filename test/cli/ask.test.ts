import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScenario } from '../../src/analyst/demo/generate';
import { assistantMessageSchema } from '../../src/shared/api/answer';
import { makeTempDir } from '../helpers/app';
import { runArlo } from '../helpers/cli';

const now = '2026-11-20';

describe('arlo demo and arlo ask', () => {
  let dir: string;
  let data: string;
  beforeAll(async () => {
    dir = await makeTempDir();
    data = path.join(dir, 'demo');
    const written = await runArlo(['demo', '--out', data, '--now', now]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/wrote 2 accounts and \d+ rows/);
    // A child process writing a year of data; slow when other CLI tests run servers beside it.
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers one question as one JSON line in the assistant message format', async () => {
    const result = await runArlo([
      'ask',
      '--data',
      data,
      '--now',
      now,
      '--json',
      'How much did I spend in the last 7 days?',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const message = assistantMessageSchema.parse(JSON.parse(lines[0] ?? ''));
    expect(JSON.stringify(message.analytics)).toMatch(/"spend":\d+(\.\d+)?/);
    expect(message.reasoning.content).toContain('Nov 13 – Nov 19, 2026');
  });

  it('answers a batch in order: plain lines and JSONL lines with a question field', async () => {
    const batch = path.join(dir, 'questions.jsonl');
    await writeFile(
      batch,
      [
        JSON.stringify({ id: 'a', question: 'Top 3 campaigns by spend in the last 30 days' }),
        `How is the campaign '${demoScenario.cpaSpike.campaignName}' performing in the last 7 days?`,
        JSON.stringify({ id: 'c', question: 'Give me a performance report' }),
        '',
      ].join('\n'),
    );
    const result = await runArlo(['ask', '--data', data, '--now', now, '--json', '--batch', batch]);
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => assistantMessageSchema.parse(JSON.parse(line)));
    expect(answers).toHaveLength(3);
    expect(JSON.stringify(answers[0]?.analytics)).toContain('"campaign":');
    expect(JSON.stringify(answers[1]?.analytics)).toContain(demoScenario.cpaSpike.campaignName);
    expect(answers[2]?.analytics.type).toBe('complex');
    expect(JSON.stringify(answers[2]?.analytics)).toContain('Overview: last 30 days');
  });

  it('prints readable text without --json', async () => {
    const result = await runArlo(['ask', '--data', data, '--now', now, 'roas last 30 days']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('How this was computed');
    expect(result.stdout).toContain('ROAS');
  });

  it('says clearly what is wrong with bad input', async () => {
    const missing = await runArlo(['ask', '--data', path.join(dir, 'nowhere'), '--json', 'spend']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*adaccounts\.json/);
    const badDate = await runArlo(['ask', '--data', data, '--now', '20-11-2026', 'spend']);
    expect(badDate.code).toBe(1);
    expect(badDate.stderr).toContain('--now must be YYYY-MM-DD');
    const noQuestion = await runArlo(['ask', '--data', data]);
    expect(noQuestion.code).toBe(1);
    expect(noQuestion.stderr).toContain('no question given');
  });
});
