// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailStep } from '../../src/web/features/auth/components/email-step';
import { SignupFlow } from '../../src/web/features/auth/components/signup-flow';
import {
  PASSWORD_HINT,
  SignupPasswordStep,
} from '../../src/web/features/auth/components/signup-password-step';
import { createQueryClient } from '../../src/web/lib/query-client';
import { demoClientConfig } from '../helpers/client-config';
import { json, stubFetch, undoEdgeStubs } from '../helpers/network-edge';

afterEach(cleanup);

const alertText = () => screen.getByRole('alert').textContent;

describe('signup email step', () => {
  it('asks for an email, then a valid one, then submits', () => {
    const onSubmit = vi.fn();
    render(<EmailStep onSubmit={onSubmit} />);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    fireEvent.click(continueButton);
    expect(alertText()).toBe('Please enter your email address');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(continueButton);
    expect(alertText()).toBe('Please enter a valid email address');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ann@Example.com' } });
    fireEvent.click(continueButton);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith('Ann@Example.com');
  });
});

describe('signup password step', () => {
  const fill = (password: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  };

  it('shows the validation messages in the SPEC order', () => {
    const onSubmit = vi.fn();
    render(<SignupPasswordStep email="ann@example.com" onSubmit={onSubmit} />);
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    const cases: [string, string, string][] = [
      ['', '', 'Please fill in both password fields'],
      ['Abcdef1!x', '', 'Please fill in both password fields'],
      ['Abcdef1!x', 'Abcdef1!y', 'Passwords do not match'],
      ['Ab1!', 'Ab1!', 'Password must be at least 9 characters long'],
      ['abcdef1!x', 'abcdef1!x', 'Password must contain at least 1 uppercase letter'],
      ['ABCDEF1!X', 'ABCDEF1!X', 'Password must contain at least 1 lowercase letter'],
      ['Abcdefgh!', 'Abcdefgh!', 'Password must contain at least 1 digit'],
      ['Abcdefgh1', 'Abcdefgh1', 'Password must contain at least 1 special character'],
    ];
    for (const [password, confirm, message] of cases) {
      fill(password, confirm);
      expect(alertText()).toBe(message);
    }
    expect(onSubmit).not.toHaveBeenCalled();
    fill('Abcdefg1!', 'Abcdefg1!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith('Abcdefg1!');
  });

  it('each password field has a show/hide toggle', () => {
    render(<SignupPasswordStep email="ann@example.com" onSubmit={vi.fn()} />);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).type).toBe('text');
  });

  it('shows a server error it is given', () => {
    render(
      <SignupPasswordStep
        email="ann@example.com"
        error="Error creating account. Please try again."
        onSubmit={vi.fn()}
      />,
    );
    expect(alertText()).toBe('Error creating account. Please try again.');
  });
});

describe('signup page messages', () => {
  const GOOGLE_UNAVAILABLE = 'Google signup is currently unavailable. Please use email signup.';
  const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
  afterEach(undoEdgeStubs);

  it('show one error at a time and clear it on the next step', async () => {
    stubFetch(({ url }) => {
      if (url === '/api/client-config') return json(demoClientConfig());
      if (url === '/auth/check-signup-status') return json({});
      return json({ message: `No stub for ${url}`, code: 'NOT_FOUND' }, 404);
    });
    const router = createMemoryRouter([{ path: '/', element: <SignupFlow /> }], { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(alerts()).toEqual(['Please enter a valid email address']);
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(alerts()).toEqual([GOOGLE_UNAVAILABLE]);
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Confirm password');
    expect(alerts()).toEqual([]);
  });
});
