import { digitsOnly } from '../lib/validation';
import { TextField } from './text-field';

/** A numeric-only 6-digit code field: non-digits are stripped as they are typed or pasted. */
export function CodeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value))}
    />
  );
}
