import { Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type CreatedMcpToken,
  MCP_TOKEN_NAME_MAX,
  type McpTokenSummary,
} from '../../../../shared/api/mcp-tokens';
import { primaryButton, secondaryButton } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { useCreateMcpToken } from '../api/create-mcp-token';
import { useMcpTokens } from '../api/get-mcp-tokens';
import { useRevokeMcpToken } from '../api/revoke-mcp-token';
import { SectionHeading } from './section-heading';

const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const muted = 'text-sm text-slate-600 dark:text-slate-400';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The token just made, once: it is never shown again, so it can be copied from here. */
function NewToken({ created, onDone }: { created: CreatedMcpToken; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
      <p role="alert" className="text-sm font-medium text-amber-900 dark:text-amber-100">
        Copy the token “{created.name}” now: it will not be shown again.
      </p>
      <div className="mt-2 flex items-center gap-2">
        <input
          readOnly
          aria-label="New MCP token"
          className={`${field} min-w-0 flex-1 font-mono text-xs`}
          value={created.token}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          {copied === 'yes' ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-300">
          Could not copy: select the token and copy it.
        </p>
      ) : null}
      <button type="button" className="mt-2 text-sm underline" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

function TokenRow({ token, sessionToken }: { token: McpTokenSummary; sessionToken: string | null }) {
  const revoke = useRevokeMcpToken(sessionToken);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{token.name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Created {day(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${day(token.lastUsedAt)}` : 'Never used'}
        </p>
        {revoke.isError ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {errorMessage(revoke.error, 'Could not revoke the token. Please try again.')}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={secondaryButton}
        aria-label={`Revoke ${token.name}`}
        disabled={revoke.isPending}
        onClick={() => revoke.mutate(token.id)}
      >
        Revoke
      </button>
    </li>
  );
}

/**
 * Personal access tokens for ARLO's MCP endpoint, for Claude, ChatGPT or Cursor: make one (its
 * secret shown once), see when each was last used, revoke one at once.
 */
export function McpTokensSection({ sessionToken }: { sessionToken: string | null }) {
  const tokens = useMcpTokens(sessionToken);
  const create = useCreateMcpToken(sessionToken);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedMcpToken | null>(null);
  const nameId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (result) => {
        setCreated(result);
        setName('');
      },
    });
  };

  const list = () => {
    if (tokens.isPending) return <p className={muted}>Loading tokens…</p>;
    if (tokens.isError)
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load your tokens.
        </p>
      );
    if (tokens.data.tokens.length === 0) return <p className={muted}>No tokens yet.</p>;
    return (
      <ul aria-label="Your MCP tokens" className="divide-y divide-slate-100 dark:divide-slate-800">
        {tokens.data.tokens.map((token) => (
          <TokenRow key={token.id} token={token} sessionToken={sessionToken} />
        ))}
      </ul>
    );
  };

  return (
    <section aria-label="MCP access tokens">
      <SectionHeading
        title="MCP access tokens"
        hint="Let Claude, ChatGPT or Cursor ask ARLO about your ads. A token reads your active ad accounts only, and its questions count toward your plan like chat questions."
      />
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="flex-1">
          <label
            htmlFor={nameId}
            className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Token name
          </label>
          <input
            id={nameId}
            className={field}
            value={name}
            maxLength={MCP_TOKEN_NAME_MAX}
            placeholder="Claude Desktop"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className={primaryButton} disabled={create.isPending || !name.trim()}>
          <KeyRound aria-hidden="true" size={16} />
          Create token
        </button>
      </form>
      {create.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {errorMessage(create.error, 'Could not create the token. Please try again.')}
        </p>
      ) : null}
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : null}
      <div className="mt-4">{list()}</div>
    </section>
  );
}
