import * as Slider from '@radix-ui/react-slider';
import { useId } from 'react';
import { MAX_TEXT_SIZE, MIN_TEXT_SIZE } from '../lib/text-size';

/** The chat's text size, 1 (smallest) to 5, in whole steps. */
export function TextSizeSlider({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const labelId = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between">
        <p id={labelId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Text size
        </p>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {value} of {MAX_TEXT_SIZE}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="text-xs text-slate-500 dark:text-slate-400">
          A
        </span>
        <Slider.Root
          min={MIN_TEXT_SIZE}
          max={MAX_TEXT_SIZE}
          step={1}
          value={[value]}
          onValueChange={([size]) => size !== undefined && onChange(size)}
          className="relative flex h-5 flex-1 touch-none items-center select-none"
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200 dark:bg-slate-700">
            <Slider.Range className="absolute h-full rounded-full bg-indigo-500" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={labelId}
            className="block size-5 rounded-full bg-white shadow ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-200"
          />
        </Slider.Root>
        <span aria-hidden="true" className="text-lg text-slate-500 dark:text-slate-400">
          A
        </span>
      </div>
    </div>
  );
}
