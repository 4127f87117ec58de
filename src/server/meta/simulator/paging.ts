import { invalidParameter } from './errors';

export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
}

export interface PageLimits {
  pageSize: number;
  maxPageSize: number;
}

export interface Paged<T> {
  data: T[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

/** Builds the absolute URL of the same request with `after` or `before` set (and the other removed). */
export type LinkBuilder = (cursor: { after: string } | { before: string }) => string;

export function readPageRequest(params: Record<string, string>, limits: PageLimits): PageRequest {
  let limit = limits.pageSize;
  if (params.limit !== undefined && params.limit !== '') {
    if (!/^\d+$/.test(params.limit)) throw invalidParameter('Param limit must be a non-negative integer');
    limit = Math.min(Math.max(1, Number(params.limit)), limits.maxPageSize);
  }
  return { limit, after: params.after || undefined, before: params.before || undefined };
}

// A cursor names the position of one item; base64 keeps it opaque, as Meta's are.
export function encodeCursor(index: number): string {
  return Buffer.from(`arlo:${index}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^arlo:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw invalidParameter(`The cursor ${JSON.stringify(cursor)} is not valid`);
  return Number(match[1]);
}

/** One page of `items`, with cursors and `next`/`previous` links like Meta's cursor paging. */
export function paginate<T>(items: readonly T[], page: PageRequest, link: LinkBuilder): Paged<T> {
  let start = 0;
  let end = Math.min(items.length, page.limit);
  if (page.after !== undefined) {
    start = decodeCursor(page.after) + 1;
    end = Math.min(items.length, start + page.limit);
  } else if (page.before !== undefined) {
    end = Math.min(items.length, decodeCursor(page.before));
    start = Math.max(0, end - page.limit);
  }
  const data = items.slice(start, end);
  // Meta leaves paging out when there is nothing to page through.
  if (data.length === 0) return { data };
  const before = encodeCursor(start);
  const after = encodeCursor(end - 1);
  const paging: NonNullable<Paged<T>['paging']> = { cursors: { before, after } };
  if (end < items.length) paging.next = link({ after });
  if (start > 0) paging.previous = link({ before });
  return { data, paging };
}
