import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { BreakdownKey, GraphDataset } from '../../src/warehouse/graph-types';
import { checkedDay, parseInsightRow, rowSums } from '../../src/warehouse/prepare';
import { segmentFields } from '../../src/warehouse/prepare-breakdowns';
import { insightSums } from '../../src/warehouse/schema';
import { type AgencySize, agencyDataVersion } from './agency-data';
import { type CachePolicy, cacheUsable, type LoadTarget, loaderCode } from './bench-cache';

/**
 * The reference engine: the same raw ad-day and breakdown rows (and the names) in DuckDB, one
 * thread, no roll-ups, queried with the plain SQL an analyst would write.
 */

// Columns named as the warehouse's, so the analyst's SQL reads the same.
const sumColumns = insightSums.map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
const segmentColumns = segmentFields;
// Meta's numbers have at most a few decimals; six keeps every one exact, and sums stay exact.
const decimals = sumColumns.map((column) => `${column} decimal(18,6)`).join(', ');

const schema = [
  'create table accounts (id varchar, name varchar, currency varchar)',
  'create table campaigns (id varchar, account_id varchar, name varchar, objective varchar)',
  'create table adsets (id varchar, account_id varchar, campaign_id varchar, name varchar)',
  'create table ads (id varchar, account_id varchar, campaign_id varchar, adset_id varchar, name varchar)',
  `create table insights (ad_id varchar, day date, account_id varchar, campaign_id varchar, adset_id varchar, ${decimals})`,
  `create table breakdowns (breakdown varchar, adset_id varchar, day date, segment varchar, account_id varchar, campaign_id varchar, ${segmentColumns.map((c) => `${c} varchar`).join(', ')}, ${decimals})`,
  'create table marker (version varchar)',
];

export interface DuckReference {
  connection: DuckDBConnection;
  location: string;
  target?: LoadTarget;
  /** Runs a statement and returns its rows as JSON values (decimals and dates as strings). */
  rows(sqlText: string): Promise<Record<string, unknown>[]>;
  close(): void;
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\n`;

/** The size's DuckDB file, reused when its marker matches, otherwise rebuilt (`target` loads it). */
export async function openDuckReference(
  cacheDir: string,
  size: AgencySize,
  today: string,
  policy: CachePolicy,
): Promise<DuckReference> {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `duckdb-${size.label}.duckdb`);
  // The loader's parse fills it (canonical actions), so the loader's code is part of its version.
  const version = `${agencyDataVersion(size, today)} ${loaderCode()} duck-v1`;
  let instance = await DuckDBInstance.create(file);
  let connection = await instance.connect();
  const rows = async (sqlText: string) => (await connection.runAndReadAll(sqlText)).getRowObjectsJson();
  const marker = await rows('select version from marker').catch(() => []);
  const stale = !cacheUsable(marker[0]?.version as string | undefined, version, policy);
  if (stale) {
    connection.closeSync();
    instance.closeSync();
    for (const suffix of ['', '.wal']) if (existsSync(file + suffix)) rmSync(file + suffix);
    instance = await DuckDBInstance.create(file);
    connection = await instance.connect();
    for (const statement of schema) await connection.run(statement);
  }
  // One thread, as the engines it is compared with answer one question on one core.
  await connection.run('set threads = 1');
  const reference: DuckReference = {
    connection,
    location: file,
    rows,
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
  if (stale) reference.target = duckTarget(connection, version);
  return reference;
}

function duckTarget(connection: DuckDBConnection, version: string): LoadTarget {
  const scratch = path.join(tmpdir(), `arlo-bench-duck-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  const copy = async (table: string, lines: string[]) => {
    if (lines.length === 0) return;
    const file = path.join(scratch, `${table}.csv`);
    writeFileSync(file, lines.join(''));
    await connection.run(
      `insert into ${table} select * from read_csv('${file}', header = false, all_varchar = true)`,
    );
    rmSync(file);
  };
  return {
    name: 'DuckDB',
    load: async (dataset: GraphDataset) => {
      for (const account of dataset.adAccounts) {
        await copy('accounts', [csvLine([account.account_id, account.name, account.currency])]);
        const objects = dataset.objects?.[account.id];
        await copy(
          'campaigns',
          (objects?.campaigns ?? []).map((c) =>
            csvLine([c.id, account.account_id, c.name, c.objective ?? '']),
          ),
        );
        await copy(
          'adsets',
          (objects?.adsets ?? []).map((s) => csvLine([s.id, account.account_id, s.campaign_id, s.name])),
        );
        await copy(
          'ads',
          (objects?.ads ?? []).map((a) =>
            csvLine([a.id, account.account_id, a.campaign_id, a.adset_id, a.name]),
          ),
        );
        // The loader's own parse (canonical actions), so both engines sum the same numbers.
        await copy(
          'insights',
          (dataset.insights[account.id] ?? []).map((raw) => {
            const row = parseInsightRow(raw);
            return csvLine([
              row.adId,
              row.day,
              row.accountId,
              row.campaignId,
              row.adsetId,
              ...insightSums.map((k) => row.values[k]),
            ]);
          }),
        );
        const byKey = dataset.breakdowns?.[account.id] ?? {};
        for (const [key, keyRows] of Object.entries(byKey) as [
          BreakdownKey,
          (typeof byKey)[BreakdownKey],
        ][]) {
          const fields = key.split(',');
          await copy(
            'breakdowns',
            (keyRows ?? []).map((raw) => {
              const day = checkedDay(raw, 'breakdown row');
              const values = rowSums(raw, 'breakdown row');
              const segment = segmentColumns.map((c) => (fields.includes(c) ? String(raw[c] ?? '') : ''));
              return csvLine([
                key,
                raw.adset_id,
                day,
                fields.map((f) => String(raw[f as (typeof segmentColumns)[number]] ?? '')).join('|'),
                raw.account_id,
                raw.campaign_id,
                ...segment,
                ...insightSums.map((k) => values[k]),
              ]);
            }),
          );
        }
      }
    },
    finish: async () => {
      await connection.run('checkpoint');
      await connection.run(`insert into marker values ('${version.replaceAll("'", "''")}')`);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
