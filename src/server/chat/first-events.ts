/**
 * Puts every asker's first event ahead of anyone's remaining work. An answer streams its numbers
 * (the first event) and then works out its insights; when many questions arrive together, one
 * answer's insights would otherwise hold up the next asker's numbers, because PGlite and this
 * process run one thing at a time. An answer past its first event waits until no ask is still
 * before its own, or at most `maxWaitMs`, so a steady stream of new questions never starves it.
 */
export class FirstEvents {
  private readonly pending = new Set<object>();
  private waiters: (() => void)[] = [];

  constructor(private readonly maxWaitMs: number) {}

  /** An ask has arrived; it counts until `sent` is called for it. */
  arrived(ask: object): void {
    this.pending.add(ask);
  }

  /** The ask's first event went out (or it ended without one). Safe to call more than once. */
  sent(ask: object): void {
    if (!this.pending.delete(ask) || this.pending.size > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once no ask is waiting for its first event, or after `maxWaitMs`. */
  turn(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.maxWaitMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
