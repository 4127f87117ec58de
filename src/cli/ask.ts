import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readDatasetFolder } from '../analyst/dataset-folder';
import { generateDemoData } from '../analyst/demo/generate';
import { answerQuestion } from '../analyst/engine';
import { loadDataset } from '../analyst/load';
import { assembleReport } from '../analyst/report';
import { openDatabase } from '../server/db/client';
import type { AssistantMessage, ContentItem } from '../shared/api/answer';

const usage = 'Usage: arlo ask [--data DIR] [--now YYYY-MM-DD] [--json] (--batch FILE | "question")';

/** Answers questions over a fixture folder (or the demo data) on an in-memory database. */
export async function askCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      now: { type: 'string' },
      json: { type: 'boolean', default: false },
      batch: { type: 'string' },
    },
  });
  if (values.now !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.now))
    throw new Error(`--now must be YYYY-MM-DD\n${usage}`);
  const questions = values.batch
    ? await readBatch(values.batch)
    : positionals.length
      ? [positionals.join(' ')]
      : [];
  if (questions.length === 0) throw new Error(`no question given\n${usage}`);

  const today = values.now ?? new Date().toISOString().slice(0, 10);
  const dataset = values.data ? await readDatasetFolder(values.data) : generateDemoData({ today });
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    await loadDataset(database.db, dataset);
    const scope = { accountIds: dataset.adAccounts.map((account) => account.account_id) };
    for (const question of questions) {
      const answer = await answerQuestion({ db: database.db, scope, today }, question);
      const message = answer.sections ? assembleReport(answer.sections) : answer.message;
      process.stdout.write(values.json ? `${JSON.stringify(message)}\n` : `${render(message)}\n\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** One question a line, or JSONL lines with a `question` field. */
async function readBatch(file: string): Promise<string[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim());
  return lines.map((line, index) => {
    if (!line.trim().startsWith('{')) return line.trim();
    const parsed = JSON.parse(line) as { question?: unknown };
    if (typeof parsed.question !== 'string') throw new Error(`${file} line ${index + 1} has no "question"`);
    return parsed.question;
  });
}

function render(message: AssistantMessage): string {
  return [message.analytics, message.reasoning, message.actionable_insights].map(renderItem).join('\n\n');
}

function renderItem(item: ContentItem): string {
  const head = item.header ? `## ${item.header}\n` : '';
  if (item.type === 'text') return `${head}${item.content ?? ''}`;
  if (item.type === 'complex') return `${head}${(item.data as ContentItem[]).map(renderItem).join('\n\n')}`;
  const rows = (item.data ?? []) as Record<string, unknown>[];
  const columns = Object.keys(rows[0] ?? {});
  return `${head}${[columns.join(' | '), ...rows.map((row) => columns.map((c) => String(row[c] ?? '')).join(' | '))].join('\n')}`;
}
