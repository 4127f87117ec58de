import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The element's width in px, kept current as it resizes (a phone turning, the side panel opening);
 * 0 until it is measured or where nothing lays it out.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width;
      // Whole pixels: sub-pixel jitter would re-lay the chart out for nothing.
      if (measured !== undefined)
        setWidth((old) => (Math.round(old) === Math.round(measured) ? old : measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
