import { useEffect, useState } from 'react';
import { entryByKey } from '../stores/catalogSlice.ts';
import { useApp } from '../hooks/useApp.ts';
import { filterEndpoints, loadApiReference, type ServiceReference } from '../reference/apiReference.ts';
import { termProps } from '../glossary/Term.tsx';

/** The API reference of the open scenario's services, from their route tables: what agents read as docs. */
export function ApiReference() {
  const services = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey)?.scenario.services.join(',') ?? '');
  const [reference, setReference] = useState<ServiceReference[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  useEffect(() => {
    let live = true;
    setReference(null);
    loadApiReference(services ? services.split(',') : [])
      .then((r) => live && setReference(r))
      .catch((err: unknown) => live && setError(`the reference could not be loaded: ${(err as Error)?.message ?? err}`));
    return () => {
      live = false;
    };
  }, [services]);

  if (error) return <p className="muted">{error}</p>;
  if (!services) return <p className="muted">Open a scenario to see the API of its services.</p>;
  if (!reference) return <p className="muted">Loading the reference…</p>;
  return (
    <section className="api-reference" aria-label="API reference" data-testid="api-reference">
      <input type="search" placeholder="Filter endpoints (path, words, parameter)" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Filter endpoints" />
      {reference.map((service) => {
        const endpoints = filterEndpoints(service.endpoints, query);
        return (
          <div key={service.name}>
            <h3>
              {service.title} <code className="muted">{service.baseUrl}</code>
            </h3>
            <p className="muted">
              {endpoints.length} of {service.endpoints.length} endpoints
            </p>
            {endpoints.map((e) => (
              <details key={`${e.method} ${e.path}`} className="api-endpoint">
                <summary>
                  <code>
                    {e.method} {e.path}
                  </code>{' '}
                  {e.summary}
                  {e.writes && (
                    <span className="badge" {...termProps('api-writes', false)}>
                      writes
                    </span>
                  )}
                </summary>
                {e.params.length > 0 && (
                  <table className="api-params">
                    <tbody>
                      {e.params.map((p) => (
                        <tr key={p.name}>
                          <td>
                            <code>{p.name}</code>
                            {p.required ? ' *' : ''}
                          </td>
                          <td className="muted">{p.values ? p.values.join(' | ') : p.type}</td>
                          <td>{p.description}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {e.docs && <div className="api-docs">{e.docs}</div>}
              </details>
            ))}
          </div>
        );
      })}
    </section>
  );
}
