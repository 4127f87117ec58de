import { driverOf } from './driver';
import type { WarehouseWriter } from './load';

// Large writes go in through COPY, which neither drizzle nor node-postgres offers.

interface PgliteConnection {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/** The parts of node-postgres' wire connection a COPY FROM STDIN needs. */
interface WireConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

interface PoolClientLike {
  query(submittable: CopyFromStdin): unknown;
  release?: unknown;
}

/** How many bytes each CopyData message carries; any size works, this keeps each message small. */
const CHUNK_BYTES = 1 << 20;

/**
 * node-postgres runs any object with `submit` as a query and hands it the backend's replies
 * (its documented "Submittable" interface, the one pg-cursor and pg-copy-streams build on): this
 * one answers the server's CopyInResponse with the whole payload, then CopyDone.
 */
class CopyFromStdin {
  readonly done: Promise<void>;
  private settle: (error?: unknown) => void = () => {};
  private error: unknown;

  constructor(
    private readonly text: string,
    private readonly payload: Buffer,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
  }

  submit(connection: WireConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: WireConnection): void {
    for (let start = 0; start < this.payload.length; start += CHUNK_BYTES) {
      connection.sendCopyFromChunk(this.payload.subarray(start, start + CHUNK_BYTES));
    }
    connection.endCopyFrom();
  }

  handleError(error: unknown): void {
    this.error ??= error;
    // A lost connection sends no ReadyForQuery: the caller must not wait for one.
    this.settle(this.error);
  }

  handleReadyForQuery(): void {
    this.settle(this.error);
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * Runs `copy <target> from …` with `payload` (COPY text format) on the connection of `tx`, which
 * must be a transaction: on PostgreSQL a pool has no single connection to copy on.
 */
export async function copyIn(tx: WarehouseWriter, target: string, payload: string): Promise<void> {
  const driver = driverOf(tx);
  if (driver.kind === 'pglite') {
    const blob = new Blob([payload]);
    await (driver.client as PgliteConnection).query(`copy ${target} from '/dev/blob'`, [], { blob });
    return;
  }
  const client = driver.kind === 'node-postgres' ? (driver.client as PoolClientLike) : undefined;
  // A pool (a database rather than a transaction) has no release: there is no one connection.
  if (client && typeof client.release === 'function') {
    const copy = new CopyFromStdin(`copy ${target} from stdin`, Buffer.from(payload, 'utf8'));
    client.query(copy);
    await copy.done;
    return;
  }
  throw new Error('COPY needs a transaction on PGlite or node-postgres');
}
