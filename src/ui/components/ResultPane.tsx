import { useApp } from '../hooks/useApp.ts';
import { ResultView } from './ResultView.tsx';
import { ApiReference } from './ApiReference.tsx';
import { StateBrowser } from './StateBrowser.tsx';
import { MaximiseButton } from './layout/MaximiseButton.tsx';

export function ResultPane() {
  const tab = useApp((s) => s.diffView.tab);
  const setTab = useApp((s) => s.diffView.setTab);
  return (
    <aside className="pane result-pane" aria-label="Result" data-pane="verdict">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" id="tab-result" aria-selected={tab === 'result'} aria-controls="panel-right" onClick={() => setTab('result')}>
          Verdict &amp; diff
        </button>
        <button type="button" role="tab" id="tab-state" aria-selected={tab === 'state'} aria-controls="panel-right" onClick={() => setTab('state')} data-testid="tab-state">
          State
        </button>
        <button type="button" role="tab" id="tab-api" aria-selected={tab === 'api'} aria-controls="panel-right" onClick={() => setTab('api')} data-testid="tab-api">
          API
        </button>
        <span className="spacer" />
        <MaximiseButton pane="verdict" label="verdict and diff" />
      </div>
      <div className="result-body" id="panel-right" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'result' ? <ResultView /> : tab === 'state' ? <StateBrowser /> : <ApiReference />}
      </div>
    </aside>
  );
}
