import { useState } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { ConsoleOutput } from './ConsoleOutput.tsx';
import { RequestLog } from './RequestLog.tsx';

type Tab = 'console' | 'requests';

export function ConsolePanel() {
  const [tab, setTab] = useState<Tab>('console');
  const lines = useApp((s) => s.run.console.length);
  const requests = useApp((s) => s.run.requests.length);
  return (
    <section className="console-panel" aria-label="Output">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" id="tab-console" aria-selected={tab === 'console'} aria-controls="panel-output" onClick={() => setTab('console')}>
          Console <span className="tab-count">{lines}</span>
        </button>
        <button type="button" role="tab" id="tab-requests" aria-selected={tab === 'requests'} aria-controls="panel-output" onClick={() => setTab('requests')}>
          Requests <span className="tab-count">{requests}</span>
        </button>
      </div>
      <div className="console-body" id="panel-output" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'console' ? <ConsoleOutput /> : <RequestLog />}
      </div>
    </section>
  );
}
