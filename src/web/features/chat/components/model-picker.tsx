import { useId } from 'react';
import { type ChatModel, chatModels } from '../../../../shared/api/chat';
import { Select } from '../../../components/ui/select';

const modelLabels: Record<ChatModel, string> = { arlo_auto: 'ARLO Auto', arlo_pro: 'ARLO Pro' };
const options = chatModels.map((model) => ({ value: model, label: modelLabels[model] }));

/** The model for the next question: arlo_auto or arlo_pro (the default). */
export function ModelPicker({ value, onChange }: { value: ChatModel; onChange: (model: ChatModel) => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      {/* On a phone the word stays for screen readers only: the header has no room for it. */}
      <label htmlFor={id} className="sr-only text-slate-600 sm:not-sr-only dark:text-slate-400">
        Model
      </label>
      <Select id={id} value={value} options={options} onChange={onChange} />
    </div>
  );
}
