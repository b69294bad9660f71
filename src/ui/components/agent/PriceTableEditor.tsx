import { useState } from 'react';
import { useApp } from '../../hooks/useApp.ts';

/** Dollars per million tokens, per model; saved in this browser. Costs everywhere are computed from it. */
export function PriceTableEditor() {
  const prices = useApp((s) => s.agent.prices);
  const { setPrice, removePrice } = useApp((s) => s.agent);
  const [model, setModel] = useState('');
  return (
    <details className="agent-prices">
      <summary>Price table (USD per 1M tokens, editable)</summary>
      <table className="agent-table">
        <thead>
          <tr>
            <th>model</th>
            <th>input</th>
            <th>output</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {Object.entries(prices).map(([m, p]) => (
            <tr key={m}>
              <td>{m}</td>
              <td>
                <input type="number" step="0.01" min={0} value={p.input} onChange={(e) => setPrice(m, Number(e.target.value), p.output)} aria-label={`${m} input price`} className="narrow" />
              </td>
              <td>
                <input type="number" step="0.01" min={0} value={p.output} onChange={(e) => setPrice(m, p.input, Number(e.target.value))} aria-label={`${m} output price`} className="narrow" />
              </td>
              <td>
                <button type="button" className="btn btn-ghost" onClick={() => removePrice(m)} aria-label={`Remove ${m}`}>
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (model.trim()) setPrice(model.trim(), 0, 0);
          setModel('');
        }}
      >
        <input value={model} onChange={(e) => setModel(e.target.value)} placeholder="add a model name" aria-label="New model" />
        <button type="submit" className="btn">
          Add
        </button>
      </form>
    </details>
  );
}
