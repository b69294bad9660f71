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
  })
  .strict();

const ignoreFields = z.record(z.string(), z.array(z.string().min(1)));

const answerCheck = z
  .object({
    description: z.string().optional(),
    kind: z.enum(['equals', 'contains', 'not_contains', 'regex']),
    value: z.string(),
    ignore_case: z.boolean().optional(),
    critical: z.boolean().optional(),
  })
  .strict();

const rubric = z
  .object({ description: z.string().min(1), weight: z.number().positive().optional(), critical: z.boolean().optional() })
  .strict();

export const difflabTest = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'ids use letters, digits, "_", "." and "-"'),
    title: z.string().min(1),
    prompt: z.string().min(1),
    seed: z.string().min(1).optional(),
    acting_user: z.string().min(1).optional(),
    clock: z.iso.datetime({ offset: true }).optional(),
    assertions: z.array(z.unknown()),
    ignore_fields: ignoreFields.optional(),
    strict: z.boolean().optional(),
    closed_world: z.boolean().optional(),
    answer_checks: z.array(answerCheck).optional(),
    rubrics: z.array(rubric).optional(),
    metadata: metadata.optional(),
    solution: z.string().min(1).optional(),
  })
  .strict();

export const difflabSuite = z
  .object({
    format: z.literal('difflab-suite/1'),
    id: z.string().min(1),
    name: z.string().min(1),
    description: z.string().optional(),
    services: z.array(z.string().min(1)).min(1),
    seed: z.string().min(1),
    acting_user: z.string().min(1).optional(),
    clock: z.iso.datetime({ offset: true }).optional(),
    closed_world: z.boolean().default(true),
    ignore_fields: ignoreFields.optional(),
    tests: z.array(difflabTest).min(1),
  })
  .strict();

export type DifflabSuiteFile = z.infer<typeof difflabSuite>;
