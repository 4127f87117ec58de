import type { ReactNode } from 'react';

/**
 * A tiny, safe markdown renderer for assistant text: paragraphs, line breaks, `#`–`###` headings,
 * `-`/`*` bullets, `1.` numbered lists, **bold**, *italic* and `code`. Everything becomes React
 * elements and text nodes, so HTML in the source is shown as text and never interpreted.
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[][] }
  | { kind: 'numbered'; start: number; items: string[][] };

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;

/** Splits the source into blocks; a list item's indented follow-on lines stay with it. */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  const close = () => {
    if (current) blocks.push(current);
    current = undefined;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]?.length as 1 | 2 | 3, text: heading[2] ?? '' });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      if (current?.kind !== 'bullets') {
        close();
        current = { kind: 'bullets', items: [] };
      }
      current.items.push([bullet[1] ?? '']);
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      if (current?.kind !== 'numbered') {
        close();
        current = { kind: 'numbered', start: Number(numbered[1]), items: [] };
      }
      current.items.push([numbered[2] ?? '']);
      continue;
    }
    if ((current?.kind === 'bullets' || current?.kind === 'numbered') && /^\s/.test(line)) {
      current.items.at(-1)?.push(line.trim());
      continue;
    }
    if (current?.kind !== 'paragraph') {
      close();
      current = { kind: 'paragraph', lines: [] };
    }
    current.lines.push(line.trim());
  }
  close();
  return blocks;
}

const INLINE = /`([^`\n]+)`|\*\*([^\s*](?:[\s\S]*?[^\s])?)\*\*|\*([^\s*](?:[^*\n]*?[^\s*])?)\*/;

/** Inline marks within one line of text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push(rest);
      break;
    }
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const key = `${keyPrefix}.${n++}`;
    const [whole, code, bold, italic] = match;
    if (code !== undefined) {
      out.push(
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-slate-800">
          {code}
        </code>,
      );
    } else if (bold !== undefined) {
      out.push(
        <strong key={key} className="font-semibold">
          {renderInline(bold, key)}
        </strong>,
      );
    } else {
      out.push(<em key={key}>{renderInline(italic ?? '', key)}</em>);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

function renderLines(lines: string[], keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  lines.forEach((line, index) => {
    const key = `${keyPrefix}.${index}`;
    if (index > 0) out.push(<br key={`${key}.br`} />);
    out.push(...renderInline(line, key));
  });
  return out;
}

const headingClass = {
  1: 'mt-4 text-lg font-semibold first:mt-0',
  2: 'mt-3 text-base font-semibold first:mt-0',
  3: 'mt-3 text-sm font-semibold first:mt-0',
} as const;

function renderBlock(block: Block, key: string): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const children = renderInline(block.text, key);
      // Assistant text sits under the page's own headings, so # starts at level 3.
      if (block.level === 1)
        return (
          <h3 key={key} className={headingClass[1]}>
            {children}
          </h3>
        );
      if (block.level === 2)
        return (
          <h4 key={key} className={headingClass[2]}>
            {children}
          </h4>
        );
      return (
        <h5 key={key} className={headingClass[3]}>
          {children}
        </h5>
      );
    }
    case 'paragraph':
      return (
        <p key={key} className="my-2 first:mt-0 last:mb-0">
          {renderLines(block.lines, key)}
        </p>
      );
    case 'bullets':
      return (
        <ul key={key} className="my-2 list-disc space-y-1 pl-5">
          {block.items.map((lines, index) => {
            const itemKey = `${key}.${index}`;
            return <li key={itemKey}>{renderLines(lines, itemKey)}</li>;
          })}
        </ul>
      );
    case 'numbered':
      return (
        <ol key={key} start={block.start} className="my-2 list-decimal space-y-1 pl-5">
          {block.items.map((lines, index) => {
            const itemKey = `${key}.${index}`;
            return <li key={itemKey}>{renderLines(lines, itemKey)}</li>;
          })}
        </ol>
      );
  }
}

export function renderMarkdown(source: string): ReactNode[] {
  return parseBlocks(source).map((block, index) => renderBlock(block, `b${index}`));
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ?? 'text-sm leading-relaxed text-slate-800 wrap-anywhere dark:text-slate-200'}>
      {renderMarkdown(text)}
    </div>
  );
}
