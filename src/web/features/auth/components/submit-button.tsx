import type { ReactNode } from 'react';
import { primaryButton } from '../../../components/ui/styles';

export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" disabled={disabled} className={`w-full ${primaryButton}`}>
      {children}
    </button>
  );
}
