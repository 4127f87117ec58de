/** What a PGlite client runs statements through: drizzle and the engine call only these. */
interface StatementClient {
  query(text: string, ...rest: unknown[]): Promise<unknown>;
  exec(text: string, ...rest: unknown[]): Promise<unknown>;
  transaction(callback: (tx: StatementClient) => Promise<unknown>): Promise<unknown>;
}

export interface StatementWatch {
  /** Whether a statement naming the watched text has run since the watch began or was last reset. */
  seen(): boolean;
  reset(): void;
}

/**
 * Notes whether any statement run on this PGlite client, in a transaction or not, names `text`
 * (a table): what lets `arlo ask` tell whether an answer read a table it had not loaded yet.
 * The statements themselves run unchanged.
 */
export function watchStatements(client: unknown, text: string): StatementWatch {
  let seen = false;
  const note = (statement: unknown) => {
    if (typeof statement === 'string' && statement.includes(text)) seen = true;
  };
  const watch = (target: StatementClient): StatementClient => {
    const { query, exec } = target;
    target.query = (statement, ...rest) => {
      note(statement);
      return query.call(target, statement, ...rest);
    };
    target.exec = (statement, ...rest) => {
      note(statement);
      return exec.call(target, statement, ...rest);
    };
    return target;
  };
  const watched = watch(client as StatementClient);
  const { transaction } = watched;
  watched.transaction = (callback) => transaction.call(watched, (tx) => callback(watch(tx)));
  return {
    seen: () => seen,
    reset: () => {
      seen = false;
    },
  };
}
