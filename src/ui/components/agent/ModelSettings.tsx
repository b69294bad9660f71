import { providerPresets } from '../../../agent/providers/index.ts';
import type { ToolSet } from '../../../agent/codeTools.ts';
import { docsConditions } from '../../../agent/docs.ts';
import { useApp } from '../../hooks/useApp.ts';
import { FaultsField } from './FaultsField.tsx';
import { warmSandbox } from '../../createBrowserWorker.ts';
import { agentStorageKeys, isScripted, REFERENCE_PRESET, REPLIES_PRESET } from '../../stores/agentSlice.ts';

/** Provider, model, key and run settings. The key field never leaves this page except to the chosen provider. */
export function ModelSettings() {
  const settings = useApp((s) => s.agent.settings);
  const apiKey = useApp((s) => s.agent.apiKey);
  const remember = useApp((s) => s.agent.rememberKey);
  const busy = useApp((s) => s.agent.status !== 'idle' || s.agent.batch.running);
  const { setSettings, choosePreset, setApiKey, setRememberKey } = useApp((s) => s.agent);
  const scripted = isScripted(settings);
  const replySets = useApp((s) => s.catalog.replySets);
  const agentDiffDocs = useApp((s) => s.catalog.agentDiffDocs);
  const docsServices = Object.keys(agentDiffDocs);
  const local = providerPresets.find((p) => p.id === settings.presetId)?.local;

  return (
    <fieldset className="agent-settings" disabled={busy} data-testid="agent-settings">
      <label>
        Provider
        <select value={settings.presetId} onChange={(e) => choosePreset(e.target.value)} data-testid="agent-provider">
          {providerPresets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value={REFERENCE_PRESET}>Scripted: submits the reference solution (no key)</option>
          <option value={REPLIES_PRESET}>Scripted: replies from an imported file (no key)</option>
        </select>
      </label>
      {settings.presetId === REPLIES_PRESET &&
        (replySets.length ? (
          <label>
            Replies file <span className="muted">(each test's replies, turn by turn; tests it does not name are left out of a batch)</span>
            <select value={settings.repliesFile} onChange={(e) => setSettings({ repliesFile: e.target.value })} data-testid="agent-replies-file">
              {!replySets.some((r) => r.name === settings.repliesFile) && <option value="">choose a file</option>}
              {replySets.map((r) => (
                <option key={r.name} value={r.name}>
                  {r.name} ({Object.keys(r.runs).length} tests)
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="muted" data-testid="agent-replies-missing">
            No replies file yet: import one (<code>{'{"<test id>": ["<reply 1>", "<reply 2>", …]}'}</code>) with <strong>Import suite…</strong> or drop it on the page.
          </p>
        ))}
      {!scripted && (
        <>
          <label>
            Base URL
            <input value={settings.baseURL} onChange={(e) => setSettings({ baseURL: e.target.value })} spellCheck={false} />
          </label>
          <label>
            Protocol
            <select value={settings.protocol} onChange={(e) => setSettings({ protocol: e.target.value as 'openai' | 'anthropic' })}>
              <option value="openai">OpenAI Chat Completions</option>
              <option value="anthropic">Anthropic Messages</option>
            </select>
          </label>
          <label>
            Model <span className="muted">(several, comma-separated, for a batch)</span>
            <input value={settings.model} onChange={(e) => setSettings({ model: e.target.value })} spellCheck={false} data-testid="agent-model" />
          </label>
          <label>
            Judge model <span className="muted">(scores rubrics in every run, script or agent, over this protocol and base URL with this key; empty: rubrics are not judged)</span>
            <input
              value={settings.judgeModel}
              onChange={(e) => setSettings({ judgeModel: e.target.value })}
              placeholder={settings.protocol === 'openai' ? 'e.g. gpt-4.1-mini' : 'e.g. claude-haiku-4-5'}
              spellCheck={false}
              data-testid="agent-judge-model"
            />
          </label>
          <label>
            API key {local && <span className="muted">(local servers need none)</span>}
            <input type="password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" spellCheck={false} data-testid="agent-key" />
          </label>
          <label className="agent-remember">
            <input type="checkbox" checked={remember} onChange={(e) => setRememberKey(e.target.checked)} />
            Remember on this device
            <span className="muted">
              {remember
                ? ` — stored unencrypted in this browser's localStorage for ${location.origin} (key “${agentStorageKeys.apiKey}”); untick to delete it.`
                : ' — off: the key lives only in this tab\'s memory and is gone on reload.'}{' '}
              It is sent only to the base URL above, never to the sandbox, logs or exported results.
            </span>
          </label>
        </>
      )}
      <label>
        Mode
        <select
          value={settings.mode}
          onChange={(e) => {
            const mode = e.target.value as 'code' | 'tools' | 'react';
            // The ReAct protocol's own turn limit is 25 (and 300 s, which the loop applies itself). Its actions are
            // Bash: the shell starts loading now.
            if (mode === 'react') warmSandbox('bash');
            setSettings(mode === 'react' ? { mode, maxIterations: 25 } : { mode });
          }}
          disabled={settings.presetId === REFERENCE_PRESET}
          data-testid="agent-mode"
        >
          <option value="code">Code (JavaScript / Python / Bash blocks)</option>
          <option value="tools">Tools (native tool calls)</option>
          <option value="react">ReAct (Agent-Diff: one Bash action a turn)</option>
        </select>
      </label>
      {settings.mode === 'tools' && (
        <label>
          Tools
          <select value={settings.toolset} onChange={(e) => setSettings({ toolset: e.target.value as ToolSet })} data-testid="agent-toolset">
            <option value="all">API tools and code tools</option>
            <option value="api">API tools only (one per endpoint)</option>
            <option value="code">Code tools only (execute_python, execute_bash, execute_javascript)</option>
          </select>
        </label>
      )}
      <label>
        Docs{' '}
        {docsServices.length > 0 && (
          <span className="muted" data-testid="agent-docs-source">
            (Agent-Diff suites use Agent-Diff's imported docs of {docsServices.join(', ')}; relevant: by each task's tools_required)
          </span>
        )}
        <select value={settings.docs} onChange={(e) => setSettings({ docs: e.target.value as (typeof docsConditions)[number] })} data-testid="agent-docs">
          {docsConditions.map((d) => (
            <option key={d} value={d}>
              {d === 'none' ? 'none' : d === 'relevant' ? 'relevant (endpoints the task needs)' : 'all docs of the service'}
            </option>
          ))}
        </select>
      </label>
      <label>
        Max iterations
        <input type="number" min={1} max={100} value={settings.maxIterations} onChange={(e) => setSettings({ maxIterations: Math.max(1, Number(e.target.value) || 1) })} />
      </label>
      <FaultsField />
    </fieldset>
  );
}
