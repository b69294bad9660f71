import { formatValue, type DiffRowView } from '../stores/diffModel.ts';

const MAX_TEXT = 240;

function Value({ v, className }: { v: unknown; className?: string }) {
  const text = formatValue(v);
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  return (
    <span className={`value ${v === null ? 'null' : ''} ${className ?? ''}`} title={short !== text ? text : undefined}>
      {short}
    </span>
  );
}

/** A row's fields: values for inserts and deletes, before → after for updates. */
export function DiffFields({ row }: { row: DiffRowView }) {
  if (!row.fields.length) return null;
  return (
    <dl className="diff-fields mono">
      {row.fields.map((f) => (
        <div key={f.name} className={`field ${f.changed ? 'changed' : 'same'} ${f.ignored ? 'ignored' : ''}`}>
          <dt title={f.ignored ? 'Ignored by the scenario (ignore_fields): its changes are not checked' : undefined}>
            {f.name}
            {f.ignored && <span className="ignored-mark"> (ignored)</span>}
          </dt>
          <dd>
            {row.kind === 'insert' && <Value v={f.after} />}
            {row.kind === 'delete' && <Value v={f.before} className="strike" />}
            {row.kind === 'update' &&
              (f.changed ? (
                <>
                  <Value v={f.before} className="before" /> <span className="arrow" aria-label="becomes">→</span> <Value v={f.after} className="after" />
                </>
              ) : (
                <Value v={f.after} />
              ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
