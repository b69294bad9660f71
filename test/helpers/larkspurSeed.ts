import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SeedTables } from '../../src/engine/index.ts';

/** The project's own Linear seed (scenarios/linear/seeds/larkspur_linear.json); the acting user is the ops agent. */
export const larkspurSeed: SeedTables = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../scenarios/linear/seeds/larkspur_linear.json', import.meta.url)), 'utf8'),
);
export const OPS_AGENT = 'user-ops-bot';
