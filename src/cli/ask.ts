import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { failureAnswer } from '../analyst/compose/fallback';
import { readBreakdownsFolder, readDatasetFolder } from '../analyst/dataset-folder';
import { generateDemoData } from '../analyst/demo/generate';
import { type AnalystRequest, answerQuestion } from '../analyst/engine';
import { assembleReport } from '../analyst/report';
import { openDatabase } from '../server/db/client';
import type { AssistantMessage, ContentItem } from '../shared/api/answer';
import type { GraphDataset } from '../warehouse/graph-types';
import { keepLoaded, keepsLoaded, loadedKey, readLoaded } from './loaded-cache';
import { loadAllButBreakdowns, loadBreakdowns } from './staged-load';
import { watchStatements } from './statement-watch';

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
      ? [{ question: positionals.join(' ') }]
      : [];
  if (questions.length === 0) throw new Error(`no question given\n${usage}`);

  const today = values.now ?? new Date().toISOString().slice(0, 10);
  // Only a kept database needs its name: hashing a folder's every byte is no small part of a run.
  const key = keepsLoaded()
    ? await loadedKey(values.data ? { folder: values.data } : { demoToday: today }).catch(() => undefined)
    : undefined;
  const loaded = key ? await readLoaded(key) : undefined;
  // Started first: much of PGlite's start (compiling its WebAssembly, reading the image) happens
  // off this thread while the dataset is read or generated.
  const opening = openDatabase(
    loaded ? { kind: 'pglite', loadDataDir: loaded.image } : { kind: 'pglite', fromImage: true },
  );
  // Handled below, once the dataset is read; until then its failure must not count as unhandled.
  opening.catch(() => {});
  const dataset = loaded
    ? undefined
    : await readDataset(values.data, today).catch(async (error: unknown) => {
        await opening.then((database) => database.close()).catch(() => {});
        throw error;
      });
  const database = await opening;
  try {
    await database.migrate();
    // The breakdown rows wait until a question reads their tables (or the database is kept): most
    // questions never do, and they are most of the load.
    let breakdownsPending: (() => Promise<void>) | undefined;
    if (dataset) {
      await loadAllButBreakdowns(database.db, dataset);
      const folder = values.data;
      breakdownsPending = async () =>
        loadBreakdowns(
          database.db,
          dataset.adAccounts,
          folder ? await readBreakdownsFolder(folder, dataset.adAccounts) : dataset.breakdowns,
        );
    }
    const breakdownReads = breakdownsPending
      ? watchStatements((database.db as unknown as { $client: unknown }).$client, BREAKDOWN_TABLES)
      : undefined;
    const accountIds = loaded?.accountIds ?? dataset?.adAccounts.map((account) => account.account_id) ?? [];
    const scope = { accountIds };
    // Earlier questions per conversation, in file order: what a chat session would have seen.
    const conversations = new Map<string, string[]>();
    for (const { question, conversation } of questions) {
      const earlier = conversation === undefined ? [] : (conversations.get(conversation) ?? []);
      if (conversation !== undefined) conversations.set(conversation, [...earlier, question]);
      const request = { db: database.db, scope, today };
      breakdownReads?.reset();
      let outcome = await attempt(request, question, earlier);
      // It read tables still empty: answered again once they hold their rows, as if always loaded.
      if (breakdownsPending && breakdownReads?.seen()) {
        await breakdownsPending();
        breakdownsPending = undefined;
        outcome = await attempt(request, question, earlier);
      }
      const message = messageOf(question, outcome);
      process.stdout.write(values.json ? `${JSON.stringify(message)}\n` : `${render(message)}\n\n`);
    }
    if (key && dataset && database.dump) {
      await breakdownsPending?.();
      await keepLoaded(key, await database.dump(), accountIds);
    }
    return 0;
  } finally {
    await database.close();
  }
}

// Every breakdown table's name starts with it.
const BREAKDOWN_TABLES = 'meta_insights_breakdown';

function readDataset(folder: string | undefined, today: string): Promise<GraphDataset> {
  return folder
    ? readDatasetFolder(folder, { breakdowns: false })
    : Promise.resolve().then(() => generateDemoData({ today }));
}

type Outcome = { message: AssistantMessage } | { error: unknown };

async function attempt(
  request: AnalystRequest,
  question: string,
  history: readonly string[],
): Promise<Outcome> {
  try {
    const answer = await answerQuestion(request, question, history);
    return { message: answer.sections ? assembleReport(answer.sections) : answer.message };
  } catch (error) {
    return { error };
  }
}

/**
 * One question's message. A failure inside the engine is this question's alone: the batch goes on
 * with a message that says so, and the real error goes to stderr for whoever runs the batch.
 */
function messageOf(question: string, outcome: Outcome): AssistantMessage {
  if ('message' in outcome) return outcome.message;
  process.stderr.write(
    `arlo ask: could not answer ${JSON.stringify(question)}: ${errorText(outcome.error)}\n`,
  );
  return failureAnswer();
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

interface BatchLine {
  question: string;
  /** Lines that share it are one conversation: each is a follow-up to the ones before it. */
  conversation?: string;
}

/** One question a line, or JSONL lines with a `question` field and an optional `conversation`. */
async function readBatch(file: string): Promise<BatchLine[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim());
  return lines.map((line, index) => {
    if (!line.trim().startsWith('{')) return { question: line.trim() };
    const where = `${file} line ${index + 1}`;
    const parsed = JSON.parse(line) as { question?: unknown; conversation?: unknown };
    if (typeof parsed.question !== 'string') throw new Error(`${where} has no "question"`);
    const { conversation } = parsed;
    if (conversation === undefined || conversation === null) return { question: parsed.question };
    if (typeof conversation !== 'string' && typeof conversation !== 'number')
      throw new Error(`${where}: "conversation" must be a string or a number`);
    return { question: parsed.question, conversation: String(conversation) };
  });
}

function render(message: AssistantMessage): string {
  const parts = [message.error, message.analytics, message.reasoning, message.actionable_insights];
  return parts
    .filter((part): part is ContentItem => Boolean(part))
    .map(renderItem)
    .join('\n\n');
}

function renderItem(item: ContentItem): string {
  const head = item.header ? `## ${item.header}\n` : '';
  if (item.type === 'text') return `${head}${item.content ?? ''}`;
  if (item.type === 'complex') return `${head}${(item.data as ContentItem[]).map(renderItem).join('\n\n')}`;
  const rows = (item.data ?? []) as Record<string, unknown>[];
  const columns = Object.keys(rows[0] ?? {});
  return `${head}${[columns.join(' | '), ...rows.map((row) => columns.map((c) => String(row[c] ?? '')).join(' | '))].join('\n')}`;
}
