import { useEffect, useMemo, useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { useVerdictView } from '../hooks/useVerdictView.ts';
import { entryByKey } from '../stores/catalogSlice.ts';
import { buildDiffView, groupByService, ignoredFieldsOf, noJudgement } from '../stores/diffModel.ts';
import { serviceName } from '../serviceNames.ts';
import { DiffTableGroup } from './DiffTableGroup.tsx';
import { DiffToolbar } from './DiffToolbar.tsx';
import { Chip } from '../glossary/Term.tsx';

/** The state diff grouped by service (when the environment spans several) and table, each row tagged with what explains it. */
export function DiffPanel() {
  const scope = useApp((s) => s.diffView.scope);
  const diff = useApp((s) => (s.diffView.scope === 'step' ? s.run.last?.stepDiff : s.run.last?.runDiff) ?? null);
  const tables = useApp((s) => s.run.tables);
  const showAllFields = useApp((s) => s.diffView.showAllFields);
  const onlyUnexplained = useApp((s) => s.diffView.onlyUnexplained);
  const pinned = useApp((s) => s.diffView.pinned);
  const ignoreFields = useApp((s) => entryByKey(s.catalog.entries, s.run.openKey)?.scenario.spec.ignore_fields);
  const verdict = useVerdictView();
  const judgement = verdict?.judgement ?? noJudgement;
  const groups = useMemo(
    () => (diff ? buildDiffView(diff, tables, judgement, { showAllFields, onlyUnexplained, ignored: ignoredFieldsOf(ignoreFields) }) : []),
    [diff, tables, judgement, showAllFields, onlyUnexplained, ignoreFields],
  );
  const services = useMemo(() => groupByService(groups, [...new Set(tables.map((t) => t.service))]), [groups, tables]);
  const multiService = new Set(tables.map((t) => t.service)).size > 1;
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (pinned !== null) body.current?.querySelector('.diff-row.highlight')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [pinned]);

  return (
    <section className="diff-panel" aria-labelledby="diff-heading" data-testid="diff-panel">
      <h3 id="diff-heading" className="section-heading">
        State diff
      </h3>
      <DiffToolbar diff={diff} />
      <div ref={body} className="diff-body">
        {groups.length === 0 ? (
          <p className="empty-note">{scope === 'step' ? 'This step changed nothing.' : 'Nothing changed since the environment was opened or reset.'}</p>
        ) : (
          multiService ? (
            services.map((svc) => (
              <section key={svc.service} className="diff-service" data-service={svc.service} aria-label={`${serviceName(svc.service)} changes`}>
                <h4 className="diff-service-head">
                  <span>{serviceName(svc.service)}</span>
                  <span className="diff-counts mono">
                    {svc.counts.insert > 0 && <span className="ins">+{svc.counts.insert}</span>}
                    {svc.counts.update > 0 && <span className="upd">~{svc.counts.update}</span>}
                    {svc.counts.delete > 0 && <span className="del">−{svc.counts.delete}</span>}
                  </span>
                  {svc.unexplained > 0 && (
                    <Chip term="side-effect" className="badge badge-side-effect">
                      {svc.unexplained} unexplained
                    </Chip>
                  )}
                </h4>
                {svc.tables.map((g) => (
                  <DiffTableGroup key={g.id} group={g} showService={false} />
                ))}
              </section>
            ))
          ) : (
            groups.map((g) => <DiffTableGroup key={g.id} group={g} />)
          )
        )}
      </div>
    </section>
  );
}
