import { useId, useState } from 'react';
import { CopyButton } from './CopyButton';

/** The MCP server's toolsets (README "Toolsets", shared/platform/mcp/toolsets.ts); none chosen = agent, identity and billing tools. */
const TOOLSETS = ['crm', 'leads', 'audience', 'mailing', 'campaigns', 'dialogs', 'enrichment', 'webhooks', 'workspace', 'agent'];

/** The MCP URL for the chosen toolsets and a client configuration (Streamable HTTP) to paste. */
export function McpSetup() {
  const [chosen, setChosen] = useState<string[]>([]);
  const id = useId();
  const origin = window.location.origin;
  const mcpUrl = `${origin}/mcp${chosen.length ? `?toolsets=${chosen.join(',')}` : ''}`;
  const config = JSON.stringify({ mcpServers: { svc: { type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer <your key>' } } } }, null, 2);
  const toggle = (t: string, on: boolean) => setChosen((c) => (on ? TOOLSETS.filter((x) => x === t || c.includes(x)) : c.filter((x) => x !== t)));

  return (
    <section aria-labelledby={`${id}-mcp`}>
      <h2 id={`${id}-mcp`}>Connect an agent (MCP)</h2>
      <p>
        The MCP server speaks Streamable HTTP. Choose the toolsets the agent needs, so that its tool list stays small; every tool stays callable on any
        connection.
      </p>
      <fieldset className="scope-picker">
        <legend>Toolsets</legend>
        {TOOLSETS.map((t) => (
          <div className="field field-checkbox" key={t}>
            <input id={`${id}-${t}`} type="checkbox" checked={chosen.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
            <label htmlFor={`${id}-${t}`}>{t}</label>
          </div>
        ))}
      </fieldset>
      <p>
        MCP URL: <code data-testid="mcp-url">{mcpUrl}</code> <CopyButton text={mcpUrl} label="Copy MCP URL" />
      </p>
      <p>Client configuration (replace the placeholder with a key from above):</p>
      <pre className="code-block" aria-label="MCP client configuration">
        {config}
      </pre>
      <CopyButton text={config} label="Copy configuration" />
      <p>
        What the service offers, for agents that discover it: <a href="/.well-known/agent-card.json">the agent card</a>.
      </p>
    </section>
  );
}
