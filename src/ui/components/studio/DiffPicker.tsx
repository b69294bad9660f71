import { useApp } from '../../hooks/useApp.ts';
import { useMemo } from 'react';
import { changedFieldsOf, mergeIgnore, rowImage } from '../../../studio/authoring.ts';
import type { Diff } from '../../../engine/index.ts';

const KINDS = [
  ['insert', 'inserts', '+'],
  ['update', 'updates', '~'],
  ['delete', 'deletes', '−'],
] as const;
const MAX_ROWS = 200;

function show(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text === undefined ? 'null' : text.length > 60 ? text.slice(0, 59) + '…' : text;
}

/** The run diff, row by row: a click on a field puts it in the row's `where`; × ignores that field of the table. */
export function DiffPicker({ diff }: { diff: Diff }) {
  const picks = useApp((s) => s.studio.picks);
  const own = useApp((s) => s.studio.ignore);
  const suiteIgnore = useApp((s) => s.catalog.entries.find((e) => e.key === s.catalog.selectedKey)?.scenario.spec.ignore_fields);
  const ignore = useMemo(() => mergeIgnore(suiteIgnore, own), [suiteIgnore, own]);
  const toggleWhere = useApp((s) => s.studio.toggleWhere);
  const unpick = useApp((s) => s.studio.unpick);
  const ignoreField = useApp((s) => s.studio.ignoreField);
  const total = diff.inserts.length + diff.updates.length + diff.deletes.length;
  if (total === 0) return <p className="studio-muted">Run a script: its changes appear here, ready to become assertions.</p>;
  let shown = 0;
  return (
    <ul className="studio-picker" data-testid="studio-picker">
      {KINDS.flatMap(([kind, part, mark]) =>
        diff[part].map((r, index) => {
          if (++shown > MAX_ROWS) return null;
          const table = r.__table__;
          const image = rowImage(diff, kind, index);
          const skip = new Set([...(ignore.global ?? []), ...(ignore[table] ?? [])]);
          const changed = kind === 'update' ? new Set(changedFieldsOf(diff.updates[index], ignore)) : new Set<string>();
          const pick = picks.find((p) => p.kind === kind && p.index === index);
          const fields = Object.keys(image).filter((f) => !f.startsWith('__') && !skip.has(f));
          return (
            <li key={`${kind}:${index}`} className={`studio-row studio-${kind}${pick ? ' picked' : ''}`} data-testid={`pick-${kind}-${index}`}>
              <div className="studio-row-head">
                <span className="studio-mark">{mark}</span> <strong>{table}</strong>
                {pick ? (
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => unpick(kind, index)}>
                    unpick
                  </button>
                ) : kind === 'update' ? (
                  <button type="button" className="btn btn-small" onClick={() => toggleWhere(kind, index, fields.find((f) => !changed.has(f)) ?? fields[0])}>
                    pick
                  </button>
                ) : null}
              </div>
              <div className="studio-fields">
                {fields.map((f) => (
                  <span key={f} className={`studio-field${pick?.where.includes(f) ? ' on' : ''}${changed.has(f) ? ' changed' : ''}`}>
                    <button type="button" title="Use in where" data-testid={`field-${kind}-${index}-${f}`} onClick={() => toggleWhere(kind, index, f)}>
                      <span className="mono">{f}</span>=
                      {changed.has(f) ? (
                        <span className="mono">
                          {show(diff.updates[index].before[f])} → {show(image[f])}
                        </span>
                      ) : (
                        <span className="mono">{show(image[f])}</span>
                      )}
                    </button>
                    <button type="button" className="studio-ignore" title={`Ignore ${table}.${f} in change detection`} onClick={() => ignoreField(table, f)}>
                      ×
                    </button>
                  </span>
                ))}
              </div>
            </li>
          );
        }),
      )}
      {shown > MAX_ROWS ? <li className="studio-muted">…and {shown - MAX_ROWS} more rows</li> : null}
    </ul>
  );
}
