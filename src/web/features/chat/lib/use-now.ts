import { useEffect, useState } from 'react';
import { clock } from './chat-session';

/** The current time, ticking every `intervalMs` while `active`: drives the progress labels. */
export function useNow(active: boolean, intervalMs = 500): number {
  const [now, setNow] = useState(clock.now);
  useEffect(() => {
    if (!active) return;
    setNow(clock.now());
    const timer = setInterval(() => setNow(clock.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
