import { useState } from 'react';
import { type SocialFlow, socialUnavailableMessage } from '../lib/social';
import { FormMessage } from './form-message';

const buttonClass =
  'flex-1 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

/** Google and Facebook buttons; without provider configuration they explain why they cannot work. */
export function SocialButtons({ flow, heading }: { flow: SocialFlow; heading: string }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-500">{heading}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() => setMessage(socialUnavailableMessage('google', flow))}
        >
          Google
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => setMessage(socialUnavailableMessage('facebook', flow))}
        >
          Facebook
        </button>
      </div>
      <FormMessage error={message} />
    </div>
  );
}
