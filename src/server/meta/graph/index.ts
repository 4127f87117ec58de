/**
 * ARLO's own small Graph API (v23.0) client on fetch. See core.ts for requests, retries and paging,
 * usage.ts for rate-limit pauses, insights.ts / async-runs.ts for the reporting calls.
 */

import type { GraphObjects } from '../../../warehouse/graph-types';
import { type AsyncRunOptions, fetchInsightsAsync } from './async-runs';
import { createCore, type GraphClientOptions, type GraphParams } from './core';
import { fetchInsights, type InsightsPageHandler, type InsightsQuery } from './insights';
import { fetchObjects } from './objects';
import { type DebugTokenResult, debugToken, type ExchangedToken, exchangeToken } from './tokens';
import type { GraphUsage } from './usage';

export type { AsyncRunOptions } from './async-runs';
export { GRAPH_VERSION, type GraphClientOptions, type GraphLog, type GraphParams } from './core';
export { GraphApiError, GraphTokenError, GraphTooMuchDataError } from './errors';
export type { InsightsLevel, InsightsPageHandler, InsightsQuery } from './insights';
export { redactUrl } from './redact';
export type { DebugTokenResult, ExchangedToken } from './tokens';
export type { BusinessUseCaseUsage, GraphUsage } from './usage';

export type InsightsRow = Record<string, unknown>;

export interface GraphClient {
  /** GET one object or edge with a user token (adds appsecret_proof); returns Meta's JSON as is. */
  get<T>(path: string, params: GraphParams, accessToken: string): Promise<T>;
  /**
   * Follows paging.next to the end. Without `onPage`, returns every `data` item. With `onPage`, each page is
   * handed over as it arrives (awaited) and nothing is kept: the result is then [] so memory stays flat.
   */
  getAll<T>(
    path: string,
    params: GraphParams,
    accessToken: string,
    onPage?: (items: T[]) => Promise<void> | void,
  ): Promise<T[]>;
  /** Inspects a token with the app token appId|appSecret. */
  debugToken(inputToken: string): Promise<DebugTokenResult>;
  /** GET /oauth/access_token?grant_type=fb_exchange_token: short-lived → long-lived user token. */
  exchangeToken(shortLived: string): Promise<ExchangedToken>;
  /** Synchronous insights, split in halves on "too much data" (daily rows only); returns the row count. */
  insights<T extends object = InsightsRow>(
    accountId: string,
    q: InsightsQuery,
    accessToken: string,
    onPage?: InsightsPageHandler<T>,
  ): Promise<number>;
  /** Async report run: start, poll to 'Job Completed' at 100 %, page the rows; returns the row count. */
  insightsAsync<T extends object = InsightsRow>(
    accountId: string,
    q: InsightsQuery,
    accessToken: string,
    onPage?: InsightsPageHandler<T>,
    options?: AsyncRunOptions,
  ): Promise<number>;
  /** The account's campaigns, ad sets and ads with their settings (status, budgets, creative), every page. */
  objects(accountId: string, accessToken: string): Promise<GraphObjects>;
  /** The usage headers of the last answer that carried any. */
  lastUsage(): GraphUsage | undefined;
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const core = createCore(options);
  return {
    get<T>(path: string, params: GraphParams, accessToken: string) {
      return core.userGet<T>(path, params, accessToken);
    },
    async getAll<T>(
      path: string,
      params: GraphParams,
      accessToken: string,
      onPage?: (items: T[]) => Promise<void> | void,
    ) {
      const all: T[] = [];
      await core.pages<T>(
        path,
        params,
        accessToken,
        onPage ??
          ((items) => {
            for (const item of items) all.push(item);
          }),
      );
      return all;
    },
    debugToken: (inputToken) => debugToken(core, inputToken),
    exchangeToken: (shortLived) => exchangeToken(core, shortLived),
    insights<T extends object>(
      accountId: string,
      q: InsightsQuery,
      accessToken: string,
      onPage?: InsightsPageHandler<T>,
    ) {
      return fetchInsights<T>(core, accountId, q, accessToken, onPage);
    },
    insightsAsync<T extends object>(
      accountId: string,
      q: InsightsQuery,
      accessToken: string,
      onPage?: InsightsPageHandler<T>,
      runOptions?: AsyncRunOptions,
    ) {
      return fetchInsightsAsync<T>(core, accountId, q, accessToken, onPage, runOptions);
    },
    objects: (accountId, accessToken) => fetchObjects(core, accountId, accessToken),
    lastUsage: () => core.lastUsage(),
  };
}
