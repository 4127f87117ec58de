import { useState } from 'react';
import { getToken } from '../../../lib/session';
import { EmailReportsSection } from './email-reports-section';
import { McpTokensSection } from './mcp-tokens-section';

/** Settings → Data and Dev Tools: one section per tool, each on its own. */
export function DataTab() {
  const [token] = useState(getToken);
  return (
    <div className="space-y-8">
      <McpTokensSection sessionToken={token} />
      <EmailReportsSection token={token} />
    </div>
  );
}
