import { formatFaultPlan, hasFaults, type FaultPlan } from '../../../session/faults.ts';
import { isMcpRun, type AgentRunRecord, type RunSettings } from '../../../agent/record.ts';
import { providerPresets } from '../../../agent/providers/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import { isScripted, REPLIES_PRESET } from '../../stores/agentSlice.ts';
import { LiveRunButton } from './LiveRunButton.tsx';
import { Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';

/** What the summary line describes: a model, where it runs, and the run's settings. */
interface Described {
  model: string;
  provider: string | null;
  mode: RunSettings['mode'];
  toolset: RunSettings['toolset'];
  docs: RunSettings['docs'];
  faults: FaultPlan | undefined;
}

/** A run on screen (replayed, shared, a demo), as the record says it was made. */
function describeRun(record: AgentRunRecord): Described {
  const { model, settings } = record;
  const host = URL.canParse(model.baseURL) ? new URL(model.baseURL).host : '';
  const provider = model.protocol === 'human' ? 'a person' : isMcpRun(record) ? 'MCP client' : host ? `${model.protocol}, ${host}` : model.protocol;
  return { model: model.model, provider, mode: settings.mode, toolset: settings.toolset, docs: settings.docs, faults: record.faults };
}

/**
 * One line — model · mode · docs · faults — with Edit (the sheet) and the guide's help button. With a run on screen it
 * describes that run (its model, not the one chosen for the next run); otherwise the settings the next run will use.
 */
export function SettingsSummary() {
  const settings = useApp((s) => s.agent.settings);
  const faults = useApp((s) => s.studio.faults);
  const shownRun = useApp((s) => (s.agent.view === 'live' ? s.agent.replay : null));
  const open = useApp((s) => s.layout.settingsOpen);
  const help = useApp((s) => s.layout.helpOpen);
  const { setSettingsOpen, setHelpOpen } = useApp((s) => s.layout);
  const scripted = isScripted(settings);
  const provider = settings.presetId === REPLIES_PRESET ? `Scripted (replies: ${settings.repliesFile || 'no file'})` : scripted ? 'Scripted (reference solution)' : (providerPresets.find((p) => p.id === settings.presetId)?.label ?? settings.presetId);
  const d: Described =
    shownRun && !open
      ? describeRun(shownRun)
      : { model: scripted ? provider : settings.model || 'no model', provider: scripted ? null : provider, mode: settings.mode, toolset: settings.toolset, docs: settings.docs, faults };
  return (
    <div className="agent-summary" data-testid="agent-summary" data-describes={shownRun && !open ? 'run' : 'settings'}>
      <span className="agent-summary-text">
        {shownRun && !open && <span className="muted">Run shown: </span>}
        <strong data-testid="agent-summary-model">{d.model}</strong>
        {d.provider && <span className="muted"> ({d.provider})</span>} · <Term id={termOr(`mode:${d.mode}`, 'agent-mode')}>{d.mode}</Term>
        {d.mode === 'tools' && d.toolset && d.toolset !== 'all' ? ` (${d.toolset} tools)` : ''} · <Term id={termOr(`docs:${d.docs}`, 'docs')}>docs: {d.docs}</Term> ·{' '}
        <Term id="faults">faults</Term>: {d.faults && hasFaults(d.faults) ? formatFaultPlan(d.faults) : 'none'}
      </span>
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        aria-controls="agent-settings-sheet"
        onClick={() => setSettingsOpen(!open)}
        title={shownRun ? 'The settings of the next run (the line above describes the run shown)' : undefined}
        data-testid="agent-settings-edit"
      >
        {open ? 'Done' : shownRun ? 'Next run…' : 'Edit'}
      </button>
      <button type="button" className="btn btn-small btn-ghost" aria-expanded={help} onClick={() => setHelpOpen(!help)} title="How agent mode works" data-testid="agent-help">
        ?<span className="visually-hidden"> How agent mode works</span>
      </button>
      <LiveRunButton />
    </div>
  );
}
