import { describe, expect, it } from 'vitest';
import { FirstEvents } from '../../src/server/chat/first-events';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('first events before anyone’s remaining work', () => {
  it('lets an answer go on at once when no other ask is waiting for its first event', async () => {
    const queue = new FirstEvents(10_000);
    const a = {};
    queue.arrived(a);
    queue.sent(a);
    expect(await settled(queue.turn())).toBe(true);
  });

  it('holds an answer until every waiting ask has sent its first event', async () => {
    const queue = new FirstEvents(10_000);
    const [a, b, c] = [{}, {}, {}];
    for (const ask of [a, b, c]) queue.arrived(ask);
    queue.sent(a);
    const turn = queue.turn();
    expect(await settled(turn)).toBe(false);
    queue.sent(b);
    queue.sent(b); // twice is harmless
    expect(await settled(turn)).toBe(false);
    queue.sent(c);
    expect(await settled(turn)).toBe(true);
  });

  it('never holds an answer longer than its limit, so a stream of new asks cannot starve it', async () => {
    const queue = new FirstEvents(20);
    queue.arrived({});
    const started = performance.now();
    await queue.turn();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });
});
