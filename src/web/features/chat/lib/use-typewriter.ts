import { useEffect, useState } from 'react';

/** The assistant notice types in at 30 ms per character. */
export const TYPEWRITER_MS_PER_CHAR = 30;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** How much of `text` shows: one more character every 30 ms, all of it for reduced motion. */
export function useTypewriter(text: string, msPerChar = TYPEWRITER_MS_PER_CHAR): string {
  const [animate] = useState(() => !reducedMotion());
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!animate) return;
    setShown(0);
    const timer = setInterval(() => {
      setShown((count) => {
        if (count + 1 >= text.length) clearInterval(timer);
        return Math.min(text.length, count + 1);
      });
    }, msPerChar);
    return () => clearInterval(timer);
  }, [animate, text, msPerChar]);
  return animate ? text.slice(0, shown) : text;
}
