import { readLocal, writeLocal } from '../../../lib/local-storage';

/** A text size from 1 to 5, default 3. */
export const MIN_TEXT_SIZE = 1;
export const MAX_TEXT_SIZE = 5;
export const DEFAULT_TEXT_SIZE = 3;

const TEXT_SIZE_KEY = 'chatTextSize';
/** Read by the chat's `.chat-text` area (index.css), which scales its text by it. */
export const TEXT_SCALE_VARIABLE = '--chat-text-scale';
const scales = [0.875, 0.9375, 1, 1.125, 1.25] as const;

const isTextSize = (value: number) =>
  Number.isInteger(value) && value >= MIN_TEXT_SIZE && value <= MAX_TEXT_SIZE;

export function loadTextSize(): number {
  const stored = Number(readLocal(TEXT_SIZE_KEY) ?? Number.NaN);
  return isTextSize(stored) ? stored : DEFAULT_TEXT_SIZE;
}

export const saveTextSize = (size: number) => writeLocal(TEXT_SIZE_KEY, String(size));

export const textScale = (size: number): number => scales[size - MIN_TEXT_SIZE] ?? 1;

export function applyTextSize(size: number): void {
  document.documentElement.style.setProperty(TEXT_SCALE_VARIABLE, String(textScale(size)));
}
