/**
 * Only the database and browser projects prepare a template database to clone. A file elsewhere
 * that opens one would run on PGlite alone and never on PostgreSQL, so it fails, naming the fix,
 * instead of silently losing its PostgreSQL run.
 */
export function assertDatabaseProject(project: string | undefined): void {
  if (project === 'database' || project === 'browser') return;
  throw new Error(
    `this test file opens a database but runs in the "${project ?? 'unknown'}" Vitest project, so it ` +
      'would never run on PostgreSQL; import createTestDatabase from test/helpers/database.ts ' +
      '(directly or through another test helper) so that the project split sees it',
  );
}
