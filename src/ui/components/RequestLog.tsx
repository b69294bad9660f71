import { useApp } from '../hooks/useApp.ts';

function statusClass(status: number): string {
  if (status >= 500 || status === 0) return 'status-5xx';
  if (status >= 400) return 'status-4xx';
  if (status >= 300) return 'status-3xx';
  return 'status-2xx';
}

/** Every request the script made: method, URL, status and time in the replica. */
export function RequestLog() {
  const requests = useApp((s) => s.run.requests);
  if (!requests.length) return <p className="empty-note">The script's requests appear here after a run.</p>;
  return (
    <table className="request-log mono" data-testid="request-log">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Method</th>
          <th scope="col">URL</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">ms</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((r, i) => (
          <tr key={i}>
            <td className="muted">{i + 1}</td>
            <td>{r.method}</td>
            <td className="url" title={r.url}>
              {r.url}
            </td>
            <td className={statusClass(r.status)}>{r.status}</td>
            <td className="num">{r.ms.toFixed(r.ms < 10 ? 1 : 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
