import { formatFaultPlan, hasFaults } from '../../../session/faults.ts';
import { providerPresets } from '../../../agent/providers/index.ts';
import { useApp } from '../../hooks/useApp.ts';
import { isScripted, REPLIES_PRESET } from '../../stores/agentSlice.ts';
import { LiveRunButton } from './LiveRunButton.tsx';
import { Term } from '../../glossary/Term.tsx';
import { termOr } from '../../glossary/glossary.ts';

/** The run settings on one line — model · mode · docs · faults — with Edit (the sheet) and the guide's help button. */
export function SettingsSummary() {
  const settings = useApp((s) => s.agent.settings);
  const faults = useApp((s) => s.studio.faults);
  const open = useApp((s) => s.layout.settingsOpen);
  const help = useApp((s) => s.layout.helpOpen);
  const { setSettingsOpen, setHelpOpen } = useApp((s) => s.layout);
  const scripted = isScripted(settings);
  const provider = settings.presetId === REPLIES_PRESET ? `Scripted (replies: ${settings.repliesFile || 'no file'})` : scripted ? 'Scripted (reference solution)' : (providerPresets.find((p) => p.id === settings.presetId)?.label ?? settings.presetId);
  return (
    <div className="agent-summary" data-testid="agent-summary">
      <span className="agent-summary-text">
        <strong>{scripted ? provider : settings.model || 'no model'}</strong>
        {!scripted && <span className="muted"> ({provider})</span>} · <Term id={termOr(`mode:${settings.mode}`, 'agent-mode')}>{settings.mode}</Term>
        {settings.mode === 'tools' && settings.toolset !== 'all' ? ` (${settings.toolset} tools)` : ''} ·{' '}
        <Term id={termOr(`docs:${settings.docs}`, 'docs')}>docs: {settings.docs}</Term> · <Term id="faults">faults</Term>:{' '}
        {hasFaults(faults) ? formatFaultPlan(faults) : 'none'}
      </span>
      <button type="button" className="btn btn-small" aria-expanded={open} aria-controls="agent-settings-sheet" onClick={() => setSettingsOpen(!open)} data-testid="agent-settings-edit">
        {open ? 'Done' : 'Edit'}
      </button>
      <button type="button" className="btn btn-small btn-ghost" aria-expanded={help} onClick={() => setHelpOpen(!help)} title="How agent mode works" data-testid="agent-help">
        ?<span className="visually-hidden"> How agent mode works</span>
      </button>
      <LiveRunButton />
    </div>
  );
}
