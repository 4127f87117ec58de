import { buildPlan } from '../../analyst/parse/build-plan';
import { cachedCatalog } from '../../analyst/parse/entities';
import { readConversation } from '../../analyst/parse/parse-question';
import type { ReportSection } from '../../analyst/report';
import type { WarehouseDb } from '../../analyst/warehouse-db';
import type { ContentItem } from '../../shared/api/answer';
import { importProgressDetail } from '../../shared/import-progress';
import type { ActiveScope } from '../accounts/accounts';
import type { Db } from '../db/client';
import { type AccountImport, readImportProgress } from '../meta/sync/import-progress';
import type { SyncService } from '../meta/sync/sync-service';

export const IMPORT_NOTICE_HEADER = 'Still importing';

/** The accounts in scope whose first import has not finished: answers must not wait for them. */
export function firstImports(lastSuccessAt: Record<string, Date | null>): string[] {
  return Object.entries(lastSuccessAt)
    .filter(([, at]) => at === null)
    .map(([accountId]) => accountId);
}

/**
 * The last day the question asks about, read the way the answer will read it (same catalog, same
 * conversation), or undefined for a question without a period of its own (a report, a refusal).
 */
export async function askedThrough(
  db: WarehouseDb,
  question: {
    accountIds: string[];
    dataVersion: string;
    today: string;
    text: string;
    history: readonly string[];
  },
): Promise<string | undefined> {
  const catalog = await cachedCatalog(db, { accountIds: question.accountIds }, question.dataVersion);
  const context = { catalog, today: question.today, history: question.history };
  const plan = buildPlan(readConversation(question.text, context).reading, context);
  if (!('range' in plan)) return undefined;
  const compareEnd = 'compare' in plan && plan.compare ? plan.compare.end : plan.range.end;
  return compareEnd > plan.range.end ? compareEnd : plan.range.end;
}

/**
 * What an answer says while accounts are still on their first import: how far each has got, and
 * whether the question's period runs past what has arrived, so no figure silently stands for days
 * that are not in yet. `through` is the question's last day when it has one.
 */
export function importNotice(
  imports: AccountImport[],
  today: string,
  through: string | undefined,
): ContentItem {
  const progress =
    imports.length === 1 && imports[0]
      ? importProgressDetail(imports[0], today)
      : imports.map((account) => `${account.name}, ${importProgressDetail(account, today)}`).join('; ');
  const covered = imports.every(
    (account) => account.dataThrough !== null && through !== undefined && through <= account.dataThrough,
  );
  const consequence = covered
    ? 'The period asked about is already imported.'
    : through === undefined
      ? 'Figures for later days are missing or incomplete until the import finishes.'
      : 'The period asked about runs past the data imported so far, so its figures are missing or incomplete until the import finishes.';
  return {
    type: 'text',
    header: IMPORT_NOTICE_HEADER,
    content: `Still importing: ${progress}. ${consequence}`,
  };
}

/**
 * The notice for an answer while some of the asker's accounts are on their first import, or
 * undefined when none is. Nothing waits for the import: it takes minutes, and the one sync runner
 * is busy with it, so a refresh of the other accounts' old data is queued rather than awaited.
 */
export async function firstImportNotice(
  deps: { db: Db; sync: SyncService },
  scope: ActiveScope,
  question: { today: string; text: string; history: readonly string[] },
): Promise<ContentItem | undefined> {
  const importing = firstImports(scope.lastSuccessAt);
  if (importing.length === 0) return undefined;
  const [imports, through] = await Promise.all([
    readImportProgress(deps.db, importing),
    // The period only sharpens the wording; a question the parser trips on still gets its answer.
    askedThrough(deps.db, { ...scope, ...question }).catch(() => undefined),
  ]);
  // Imports under way are already queued; a failed one is tried again, old data refreshed.
  const underWay = new Set(
    imports.filter((account) => account.state === 'importing').map((a) => a.accountId),
  );
  const old = scope.accountIds.filter(
    (id) => !underWay.has(id) && deps.sync.isStale([scope.lastSuccessAt[id] ?? null]),
  );
  await deps.sync.request(old, 'refresh');
  return importNotice(imports, question.today, through);
}

/**
 * A report's sections carry no notice of their own, so the first one shows it at the top of its
 * numbers, streamed and saved alike.
 */
export function noticeFirst(section: ReportSection, notice: ContentItem): ReportSection {
  const { analytics } = section.message;
  const first: ContentItem =
    analytics.type === 'complex' && Array.isArray(analytics.data)
      ? { ...analytics, data: [notice, ...(analytics.data as ContentItem[])] }
      : { type: 'complex', data: [notice, analytics] };
  return { ...section, message: { ...section.message, analytics: first } };
}
