import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScenario } from '../../src/analyst/demo/generate';
import {
  type AssistantMessage,
  assistantMessageSchema,
  type ContentItem,
  type DataRow,
} from '../../src/shared/api/answer';
import { runArlo } from '../helpers/cli';
import { makeTempDir } from '../helpers/temp-dir';

const now = '2026-11-20';
// More row conditions than one query may carry: the engine fails on this question instead of answering.
const FAILING_QUESTION =
  'campaigns with ROAS above 2 and CPA below 50 and CTR above 1% and CPC below 2 and CPM below 20 and spend above 100 and clicks above 10 last 30 days';

/** Every figure of one metric in a message's tables. */
function figures(message: AssistantMessage | undefined, metric: string): number[] {
  const inItem = (item: ContentItem): number[] => {
    if (item.type === 'complex') return ((item.data ?? []) as ContentItem[]).flatMap(inItem);
    if (item.type !== 'table') return [];
    return ((item.data ?? []) as DataRow[]).flatMap((row) =>
      typeof row[metric] === 'number' ? [row[metric]] : [],
    );
  };
  return message ? inItem(message.analytics) : [];
}

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
  }, 90_000);

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
  }, 90_000);

  it('answers conversations in a batch: each line a follow-up to the earlier lines of its own', async () => {
    const batch = path.join(dir, 'conversations.jsonl');
    await writeFile(
      batch,
      [
        { question: 'How much did I spend in the last 7 days?', conversation: 'a' },
        { question: 'How many clicks did I get in the last 7 days?', conversation: 7 },
        { question: 'and last month?', conversation: 'a' },
        { question: 'and last month?', conversation: 7 },
        { question: 'and last month?' },
        { question: 'How much did I spend last month?' },
        { question: 'How many clicks did I get last month?' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const result = await runArlo(['ask', '--data', data, '--now', now, '--json', '--batch', batch]);
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => assistantMessageSchema.parse(JSON.parse(line)));
    expect(answers).toHaveLength(7);
    const [, , spendFollowUp, clicksFollowUp, alone, spendDirect, clicksDirect] = answers;
    expect(figures(spendDirect, 'spend').length).toBeGreaterThan(0);
    expect(figures(spendFollowUp, 'spend')).toEqual(figures(spendDirect, 'spend'));
    expect(spendFollowUp?.reasoning.content).toContain('Oct 1 – Oct 31, 2026');
    expect(figures(clicksDirect, 'clicks').length).toBeGreaterThan(0);
    expect(figures(clicksFollowUp, 'clicks')).toEqual(figures(clicksDirect, 'clicks'));
    expect(figures(clicksFollowUp, 'spend')).toEqual([]);
    // A line outside any conversation has nothing to follow up on.
    expect(figures(alone, 'spend')).toEqual([]);
    expect(figures(alone, 'clicks')).toEqual([]);
    // Each run is a child process loading a year of data; slow when other tests share the machine.
  }, 90_000);

  it('answers every other line of a batch when one fails inside the engine', async () => {
    const batch = path.join(dir, 'with-failure.jsonl');
    await writeFile(
      batch,
      [
        'How much did I spend in the last 7 days?',
        FAILING_QUESTION,
        'How many clicks did I get in the last 7 days?',
      ].join('\n'),
    );
    const result = await runArlo(['ask', '--data', data, '--now', now, '--json', '--batch', batch]);
    expect(result.code, result.stderr).toBe(0);
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((line) => assistantMessageSchema.parse(JSON.parse(line)));
    expect(answers).toHaveLength(3);
    expect(figures(answers[0], 'spend').length).toBeGreaterThan(0);
    expect(figures(answers[2], 'clicks').length).toBeGreaterThan(0);
    const failed = answers[1];
    expect(failed?.error?.type).toBe('text');
    expect(failed?.error?.content).toMatch(/could not be answered because of an internal error/);
    expect(JSON.stringify(failed)).not.toMatch(/ZodError|too_big|at .*\.ts/);
    expect(JSON.stringify(failed?.analytics)).not.toMatch(/\d/);
    // Whoever runs the batch sees what went wrong, on stderr.
    expect(result.stderr).toContain(`could not answer ${JSON.stringify(FAILING_QUESTION)}`);

    const readable = await runArlo(['ask', '--data', data, '--now', now, FAILING_QUESTION]);
    expect(readable.code).toBe(0);
    expect(readable.stdout).toMatch(/could not be answered because of an internal error/);
  }, 120_000);

  it('prints readable text without --json', async () => {
    const result = await runArlo(['ask', '--data', data, '--now', now, 'roas last 30 days']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('How this was computed');
    expect(result.stdout).toContain('ROAS');
  }, 90_000);

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
  }, 90_000);
});
