import { useId } from 'react';
import { type ChatModel, chatModels } from '../../../../shared/api/chat';

const modelLabels: Record<ChatModel, string> = { arlo_auto: 'ARLO Auto', arlo_pro: 'ARLO Pro' };

/** The model for the next question: arlo_auto or arlo_pro (the default). */
export function ModelPicker({ value, onChange }: { value: ChatModel; onChange: (model: ChatModel) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-500 dark:text-slate-400">
        Model
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ChatModel)}
        className="rounded-lg border border-slate-200 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        {chatModels.map((model) => (
          <option key={model} value={model}>
            {modelLabels[model]}
          </option>
        ))}
      </select>
    </div>
  );
}
