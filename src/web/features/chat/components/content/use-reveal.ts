import { useEffect, useState } from 'react';
import { revealInterval } from '../../lib/chart-rules';

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

/**
 * How many characters of `totalChars` are shown: a typewriter, one character per
 * clamp(5000 ÷ total, 1, 10) ms. Counted from the elapsed time, so slow frames never stretch it.
 * Everything shows at once when `enabled` is false or the user prefers reduced motion.
 */
export function useReveal(totalChars: number, enabled = true): number {
  const [reducedMotion] = useState(prefersReducedMotion);
  const animate = enabled && !reducedMotion;
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!animate) return;
    const interval = revealInterval(totalChars);
    const start = performance.now();
    let frame: ReturnType<typeof setTimeout> | number | undefined;
    const raf = typeof requestAnimationFrame === 'function';
    const tick = () => {
      const next = Math.min(totalChars, Math.floor((performance.now() - start) / interval));
      setShown(next);
      if (next < totalChars) frame = raf ? requestAnimationFrame(tick) : setTimeout(tick, 16);
    };
    tick();
    return () => {
      if (frame === undefined) return;
      if (raf) cancelAnimationFrame(frame as number);
      else clearTimeout(frame);
    };
  }, [animate, totalChars]);
  return animate ? shown : totalChars;
}
