import type { Redis } from 'ioredis';

/** Requests counted so far in the key's current window, and how long until that window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Fixed-window request counters: one increment per call. */
export interface WindowCounter {
  /** Undefined when the shared store cannot answer: the caller lets the request through. */
  hit(key: string): Promise<WindowCount | undefined>;
}

// Memory is bounded even under a flood of distinct addresses: beyond this, the oldest windows go.
const MAX_MEMORY_KEYS = 100_000;

/**
 * One node's counters. Every window has the same length and a key is re-inserted when its window
 * starts, so the Map's insertion order is also expiry order: expired windows are always at the
 * front, and evicting them costs only the ones that expired.
 */
export function memoryWindowCounter(windowMs: number, maxKeys = MAX_MEMORY_KEYS): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key) {
      const now = Date.now();
      for (const [oldest, window] of windows) {
        if (window.endsAt > now && windows.size < maxKeys) break;
        windows.delete(oldest);
      }
      let window = windows.get(key);
      if (!window) {
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - now };
    },
  };
}

// INCR and PEXPIRE in one step, so a window can never be left without an expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const HIT_COMMAND = 'arloWindowHit';
type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

/** Counters shared by every app node through Redis. */
export function redisWindowCounter(
  redis: Redis,
  windowMs: number,
  prefix: string,
  onError: (error: Error) => void,
): WindowCounter {
  // A defined command is sent by its digest (EVALSHA), not as the script's text on every request.
  if (!(HIT_COMMAND in redis)) redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: HIT_SCRIPT });
  const commands = redis as unknown as Record<typeof HIT_COMMAND, HitCommand>;
  return {
    async hit(key) {
      try {
        const [count, ttl] = await commands[HIT_COMMAND](`${prefix}${key}`, windowMs);
        return { count, resetInMs: ttl };
      } catch (error) {
        onError(error as Error);
        return undefined;
      }
    },
  };
}
