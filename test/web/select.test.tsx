// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from '../../src/web/components/ui/select';

const OPTIONS = [
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
] as const;

function Picker({ onChange = () => {} }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<'day' | 'week'>('day');
  return (
    <>
      <label htmlFor="grain">Grain</label>
      <Select
        id="grain"
        value={value}
        options={OPTIONS}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

afterEach(cleanup);

describe('Select', () => {
  it('is a combobox named by its label that shows the chosen option', () => {
    render(<Picker />);
    const trigger = screen.getByRole('combobox', { name: 'Grain' });
    expect(trigger.textContent).toBe('Daily');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a listbox of its options and takes the one picked', async () => {
    const picked: string[] = [];
    render(<Picker onChange={(value) => picked.push(value)} />);
    const trigger = screen.getByRole('combobox', { name: 'Grain' });
    fireEvent.click(trigger);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Daily', 'Weekly']);
    expect(screen.getByRole('option', { name: 'Daily' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Weekly' }));
    expect(picked).toEqual(['week']);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger.textContent).toBe('Weekly');
  });

  it('opens from the keyboard and picks with Enter', async () => {
    const picked: string[] = [];
    render(<Picker onChange={(value) => picked.push(value)} />);
    const trigger = screen.getByRole('combobox', { name: 'Grain' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const weekly = await screen.findByRole('option', { name: 'Weekly' });
    fireEvent.keyDown(weekly, { key: 'Enter' });
    expect(picked).toEqual(['week']);
  });

  it('can be named without a visible label', () => {
    render(
      <Select
        label="Chart type"
        value="bar"
        options={[{ value: 'bar', label: 'Bars' }]}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Chart type' }).textContent).toBe('Bars');
  });
});
