import { useState } from 'react';
import { callScript, type FormCall } from '../../../studio/callScript.ts';
import { useApp } from '../../hooks/useApp.ts';

const METHODS: FormCall['method'][] = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];

/** For simple actions: one API call as a form, appended to the script (and run, if asked). */
export function CallForm() {
  const [method, setMethod] = useState<FormCall['method']>('POST');
  const [url, setUrl] = useState('https://slack.com/api/chat.postMessage');
  const [params, setParams] = useState('{\n  "channel": "",\n  "text": ""\n}');
  const [error, setError] = useState<string | null>(null);
  const text = useApp((s) => s.editor.text);
  const setText = useApp((s) => s.editor.setText);
  const execute = useApp((s) => s.run.execute);
  const ready = useApp((s) => s.run.status === 'ready');
  const add = (run: boolean) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(params || '{}');
    } catch (err) {
      return setError(`parameters: ${(err as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return setError('parameters must be a JSON object');
    setError(null);
    const line = callScript({ method, url, params: parsed as Record<string, unknown> });
    const whole = text && !text.endsWith('\n') ? `${text}\n${line}` : text + line;
    if (!run) return setText(whole);
    // The step runs only the new call (the environment already holds the earlier ones); the editor then keeps the
    // whole script, which from a fresh environment does everything: the reference solution.
    setText(line);
    void execute().then(() => setText(whole));
  };
  return (
    <div className="studio-form" data-testid="studio-call">
      <label>
        method
        <select value={method} onChange={(e) => setMethod(e.target.value as FormCall['method'])}>
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <label>
        URL <input value={url} onChange={(e) => setUrl(e.target.value)} />
      </label>
      <label className="wide">
        parameters (JSON)
        <textarea className="mono" rows={4} value={params} onChange={(e) => setParams(e.target.value)} />
      </label>
      {error ? <p className="fail wide">{error}</p> : null}
      <div className="studio-actions wide">
        <button type="button" className="btn" disabled={!ready} onClick={() => add(true)}>
          Call now (adds it to the script)
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => add(false)}>
          Only add to the script
        </button>
      </div>
    </div>
  );
}
