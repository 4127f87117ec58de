import { type SQL, sql } from 'drizzle-orm';

// An array travels as one PostgreSQL array literal: one parameter however many values, written
// the same way for PGlite and node-postgres, whose own array serialisers differ.
export function arrayLiteral(values: readonly (string | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

export function textArray(values: readonly (string | null)[]): SQL {
  return sql`${arrayLiteral(values)}::text[]`;
}
