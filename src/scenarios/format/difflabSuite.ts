import { z } from 'zod';

/**
 * DiffLab's own suite format (`"format": "difflab-suite/1"`). Assertions are Agent-Diff's DSL, checked separately by
 * the evaluation layer's validator so that its paths are as precise as zod's.
 */
const metadata = z
  .object({
    horizon: z.number().int().min(1).optional(),
    operations: z.array(z.enum(['C', 'R', 'U', 'D', 'search'])).optional(),
    entity_scope: z.enum(['single', 'multi']).optional(),
    information_availability: z.enum(['explicit', 'implicit']).optional(),
    ambiguity: z.enum(['low', 'medium', 'high']).optional(),
    category: z.string().optional(),
    difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
    tools: z.array(z.string()).optional(),
    explicit_ids: z.boolean().optional(),
    /** The domains (service areas) the task touches, e.g. ["messages", "calendar"]. */
    domains: z.array(z.string().min(1)).optional(),
    /** True when solving the task needs paging through more than one page of results. */
    paging: z.boolean().optional(),
  })
  .strict();

/**
 * Who the test acts as: one id for a single-service suite, or the person's identity in each service
 * (`{ "slack": "U…", "box": "…", "calendar": "name@…", "linear": "<uuid>", "mail": "…" }`).
 */
const actingUser = z.union([z.string().min(1), z.record(z.string().min(1), z.string().min(1))]);

const ignoreFields = z.record(z.string(), z.array(z.string().min(1)));

const answerCheck = z
  .object({
    description: z.string().optional(),
    kind: z.enum(['equals', 'contains', 'not_contains', 'regex', 'number', 'set_equals']),
    value: z.union([z.string(), z.number()]).optional(),
    tolerance: z.number().min(0).optional(),
    items: z.array(z.string().min(1)).min(1).optional(),
    ignore_case: z.boolean().optional(),
    critical: z.boolean().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.kind === 'set_equals') {
      if (!c.items) ctx.addIssue({ code: 'custom', path: ['items'], message: 'set_equals needs "items"' });
    } else if (c.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${c.kind} needs "value"` });
    }
    if (c.kind === 'number' && !Number.isFinite(Number(c.value))) ctx.addIssue({ code: 'custom', path: ['value'], message: 'number needs a numeric "value"' });
    if (c.kind === 'regex' && typeof c.value === 'string') {
      try {
        new RegExp(c.value, 'u');
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `not a valid regular expression: ${(err as Error).message}` });
      }
    }
  });

const rubricDimension = z.enum(['correctness', 'completeness', 'relevance', 'response_format', 'safety', 'mutations_performed', 'no_fabrication']);

const rubric = z
  .object({
    description: z.string().min(1),
    weight: z.number().positive().optional(),
    critical: z.boolean().optional(),
    dimensions: z.array(rubricDimension).min(1).optional(),
  })
  .strict();

export const difflabTest = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'ids use letters, digits, "_", "." and "-"'),
    title: z.string().min(1),
    prompt: z.string().min(1),
    seed: z.string().min(1).optional(),
    /** The services this test is about (its span): what the agent is told of and given tools for. Default: the suite's. */
    services: z.array(z.string().min(1)).min(1).optional(),
    acting_user: actingUser.optional(),
    clock: z.iso.datetime({ offset: true }).optional(),
    assertions: z.array(z.unknown()),
    ignore_fields: ignoreFields.optional(),
    strict: z.boolean().optional(),
    closed_world: z.boolean().optional(),
    answer_checks: z.array(answerCheck).optional(),
    rubrics: z.array(rubric).optional(),
    /** Indexes of `assertions` whose failure fails the hybrid verdict whatever the score. */
    critical_assertions: z.array(z.number().int().min(0)).optional(),
    /** For rubric-graded tests: an answer the self-test's scripted judge accepts. */
    reference_answer: z.string().min(1).optional(),
    metadata: metadata.optional(),
    solution: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    t.critical_assertions?.forEach((i, k) => {
      if (i >= t.assertions.length) ctx.addIssue({ code: 'custom', path: ['critical_assertions', k], message: `there is no assertion ${i} (the test has ${t.assertions.length})` });
    });
  });

export type ActingUserField = z.infer<typeof actingUser>;

export const difflabSuite = z
  .object({
    format: z.literal('difflab-suite/1'),
    id: z.string().min(1),
    name: z.string().min(1),
    description: z.string().optional(),
    services: z.array(z.string().min(1)).min(1),
    seed: z.string().min(1),
    acting_user: actingUser.optional(),
    clock: z.iso.datetime({ offset: true }).optional(),
    closed_world: z.boolean().default(true),
    ignore_fields: ignoreFields.optional(),
    tests: z.array(difflabTest).min(1),
  })
  .strict()
  .superRefine((suite, ctx) => {
    const known = new Set(suite.services);
    const checkActing = (value: ActingUserField | undefined, services: string[], path: (string | number)[]) => {
      if (!value || typeof value === 'string') return;
      for (const key of Object.keys(value)) {
        if (!services.includes(key)) ctx.addIssue({ code: 'custom', path: [...path, key], message: `"${key}" is not a service of this ${path.length > 1 ? 'test' : 'suite'} (${services.join(', ')})` });
      }
    };
    checkActing(suite.acting_user, suite.services, ['acting_user']);
    suite.tests.forEach((t, i) => {
      t.services?.forEach((svc, k) => {
        if (!known.has(svc)) ctx.addIssue({ code: 'custom', path: ['tests', i, 'services', k], message: `"${svc}" is not one of the suite's services (${suite.services.join(', ')})` });
      });
      checkActing(t.acting_user, suite.services, ['tests', i, 'acting_user']);
    });
  });

export type DifflabSuiteFile = z.infer<typeof difflabSuite>;
