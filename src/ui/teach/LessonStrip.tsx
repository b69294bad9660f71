import './teach.css';
import { useEffect, useRef } from 'react';
import { useApp } from '../hooks/useApp.ts';
import { lessonSteps } from './lesson.ts';
import { resumeStep } from '../stores/teachSlice.ts';

/**
 * The lesson's strip at the top of the task pane: its steps (done ones ticked), what the shown step does, and Run.
 * Run resets the environment and runs the step's script (or opens its demo run); the notes appear in the verdict pane.
 */
export function LessonStrip() {
  const lesson = useApp((s) => s.teach.lesson);
  const ready = useApp((s) => s.run.status === 'ready' || s.run.status === 'failed');
  const { goToStep, runStep, leaveLesson } = useApp((s) => s.teach);
  const step = lessonSteps[lesson.step];
  const run = useRef<HTMLButtonElement>(null);
  const running = lesson.status === 'running';
  // The strip appearing (Start, Resume) and a step chosen (Next, a step button, an arrow key) put the focus on Run, so
  // the keyboard goes on from there; on a reload with the lesson open, focus already somewhere stays there.
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    const first = shownStep.current === null;
    shownStep.current = lesson.step;
    const active = document.activeElement;
    if (!first || !active || active === document.body) run.current?.focus({ preventScroll: false });
  }, [lesson.step]);
  return (
    <section className="lesson-strip" aria-labelledby="lesson-title" data-testid="lesson-strip" data-step={step.id}>
      <div className="lesson-head">
        <h3 id="lesson-title">Lesson: how a state diff judges an agent</h3>
        <ol className="lesson-steps" aria-label="Lesson steps">
          {lessonSteps.map((s, i) => {
            const done = lesson.completed.includes(s.id);
            return (
              <li key={s.id}>
                <button type="button" aria-current={i === lesson.step ? 'step' : undefined} onClick={() => goToStep(i)} data-testid={`lesson-step-${s.id}`} data-done={done}>
                  <span className="lesson-num">{done ? '✓' : i + 1}</span> {s.title}
                  {done && <span className="visually-hidden"> (done)</span>}
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn-small btn-ghost" onClick={leaveLesson} data-testid="lesson-leave">
          Leave the lesson
        </button>
      </div>
      <p className="lesson-intro">
        <strong>
          {lesson.step + 1}. {step.title}.
        </strong>{' '}
        {step.intro}
      </p>
      <div className="lesson-actions">
        <button ref={run} type="button" className="btn btn-primary" onClick={() => void runStep()} disabled={running || !ready} data-testid="lesson-run">
          {running ? 'Running…' : step.kind === 'script' ? `▶ Reset and run step ${lesson.step + 1}` : `▶ Open the demo run`}
        </button>
        <span className="muted">
          {step.kind === 'script' ? 'The script goes into the editor: read it, change it, run it again with Ctrl+Enter.' : 'It replays in Agent mode; ← → (presenter mode) or the scrubber move through its steps.'}
        </span>
      </div>
      {lesson.error && (
        <p className="error-note" role="alert">
          {lesson.error}
        </p>
      )}
    </section>
  );
}

/** Script mode's way into the lesson, or back to where it was left. */
export function LessonButton() {
  const lesson = useApp((s) => s.teach.lesson);
  const start = useApp((s) => s.teach.startLesson);
  if (lesson.active) return null;
  const done = lesson.completed.length;
  const started = done > 0 || lesson.step > 0;
  const finished = done === lessonSteps.length;
  return (
    <button type="button" className="btn btn-small" onClick={start} data-testid="lesson-start" title="A four-step lesson on state-diff evaluation, on one of the project's scenarios">
      {finished ? 'Lesson ✓ (again)' : started ? `Resume the lesson: step ${resumeStep(lesson.step, lesson.completed) + 1} of ${lessonSteps.length} next (${done} done)` : 'Start the lesson'}
    </button>
  );
}
