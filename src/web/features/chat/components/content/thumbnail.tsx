import { useState } from 'react';

const BOX = 'block h-12 w-12 shrink-0 rounded';

/**
 * An ad's 48px thumbnail, loaded only when scrolled near. When it cannot load (offline demo,
 * Meta's CDN unreachable, an expired link) a neutral box of the same size takes its place, so the
 * table keeps its shape and shows no broken-image icon.
 */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        role="img"
        aria-label={`${alt} (not available)`}
        data-testid="thumbnail-placeholder"
        className={`${BOX} bg-slate-200 dark:bg-slate-700`}
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${BOX} object-cover`}
    />
  );
}
