import { z } from 'zod';

/** Agent-Diff's test-suite JSON, accepted as is (unknown extra keys are tolerated, as its own loader does). */
export const agentDiffTest = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  prompt: z.string(),
  type: z.string().optional(),
  seed_template: z.string().min(1),
  impersonate_user_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  assertions: z.array(z.unknown()),
  ignore_fields: z.record(z.string(), z.array(z.string())).optional(),
  strict: z.boolean().optional(),
});

export const agentDiffSuite = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  name: z.string(),
  description: z.string().optional(),
  service: z.string().min(1),
  ignore_fields: z.record(z.string(), z.array(z.string())).optional(),
  tests: z.array(agentDiffTest).min(1),
});

export type AgentDiffSuiteFile = z.infer<typeof agentDiffSuite>;
