import { useEffect, useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { Term } from '../glossary/Term.tsx';
import { lessonSteps } from './lesson.ts';

const verdictWord = (passed: boolean) => (passed ? 'passes' : 'fails');

/**
 * What the step that just ran shows, at the top of the verdict pane, next to what it points at (each target is
 * outlined in the pane: the root carries `data-lesson` with the targets' names). Next moves the lesson on.
 */
export function LessonNotes() {
  const lesson = useApp((s) => s.teach.lesson);
  const { goToStep, leaveLesson } = useApp((s) => s.teach);
  const step = lessonSteps[lesson.step];
  const shown = lesson.active && lesson.outcome?.step === step.id;
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!shown) return;
    document.documentElement.dataset.lesson = step.points.map((p) => p.target).join(' ');
    next.current?.focus({ preventScroll: true });
    return () => {
      delete document.documentElement.dataset.lesson;
    };
  }, [shown, step]);
  if (!shown || !lesson.outcome) return null;
  const o = lesson.outcome;
  const last = lesson.step === lessonSteps.length - 1;
  const allDone = lesson.completed.length === lessonSteps.length;
  return (
    <section className="lesson-notes" aria-labelledby="lesson-notes-title" data-testid="lesson-notes" data-as-expected={o.asExpected}>
      <h3 id="lesson-notes-title">
        Step {lesson.step + 1}: {step.title} — what to look at
      </h3>
      {!o.asExpected && (
        <p className="error-note" role="status">
          This step should give Agent-Diff {verdictWord(step.expect.agentDiff)}, closed world {verdictWord(step.expect.closedWorld)}; this run gave Agent-Diff{' '}
          {verdictWord(o.agentDiff)}, closed world {verdictWord(o.closedWorld)}. Was the script changed? Run the step again for the lesson&apos;s own.
        </p>
      )}
      <ol className="lesson-points">
        {step.points.map((p, i) => (
          <li key={i} data-target={p.target}>
            {p.term ? (
              <>
                <Term id={p.term}>{p.text.split(':')[0]}</Term>
                {p.text.includes(':') ? `:${p.text.split(':').slice(1).join(':')}` : ''}
              </>
            ) : (
              p.text
            )}
          </li>
        ))}
      </ol>
      <div className="lesson-actions">
        {last ? (
          <button ref={next} type="button" className="btn btn-primary" onClick={leaveLesson} data-testid="lesson-finish">
            {allDone ? 'Finish the lesson ✓' : 'Leave the lesson'}
          </button>
        ) : (
          <button ref={next} type="button" className="btn btn-primary" onClick={() => goToStep(lesson.step + 1)} data-testid="lesson-next">
            Next: {lessonSteps[lesson.step + 1].title} →
          </button>
        )}
        <span className="muted" data-testid="lesson-progress">
          {lesson.completed.length} of {lessonSteps.length} steps done
        </span>
      </div>
    </section>
  );
}
