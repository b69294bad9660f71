import type { Environment, Row } from '../../engine/index.ts';
import { evaluateDiffBounded } from '../../evaluation/index.ts';
import type { Replica } from '../../replicas/index.ts';
import { callTool } from '../../replicas/tools.ts';
import type { Workbench } from '../../session/index.ts';
import { mcpAnswerOf, type McpToolAnswer } from '../mcpAnswer.ts';
import type { CreatedEnv, CreateOptions, Evaluation, Operations, WireResponse } from './protocol.ts';
import { fromWireRequest, toWireResponse } from './protocol.ts';

/** An error the client caused, with the status the platform API answers it with. */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The environments one worker holds, over its own workbench (its own PGlite): everything `serve` does to an
 * environment — creating it, routing a service request into it, its journal, diff and evaluation, its delete.
 */
export class WorkerEnvironments {
  private readonly envs = new Map<string, Environment>();

  constructor(private readonly workbench: Workbench) {}

  get count(): number {
    return this.envs.size;
  }

  private env(id: string): Environment {
    const env = this.envs.get(id);
    if (!env) throw new ClientError(404, 'environment not found');
    return env;
  }

  async create(options: CreateOptions): Promise<CreatedEnv> {
    const { scenario, actingUserId = null, actingUsers = {} } = options;
    let env: Environment;
    try {
      env = scenario
        ? (await this.workbench.open({ ...scenario, actingUserId, actingUsers })).env
        : await this.workbench.openSeed(options.template, { actingUserId, actingUsers, clockStart: options.clockStart });
    } catch (err) {
      throw new ClientError(400, `environment could not be created from "${options.template}": ${(err as Error).message}`);
    }
    if (options.actingEmail) {
      const found = await usersByEmail(env, this.workbench.router.replicas, options.actingEmail).catch(async (err: unknown) => {
        await env.dispose();
        throw err;
      });
      const services = Object.keys(found);
      if (services.length === 0) {
        await env.dispose();
        throw new ClientError(400, `no user with email ${options.actingEmail} in template "${options.template}"`);
      }
      if (env.services.length === 1) env.actingUserId = found[services[0]];
      else env.actingUsers = found;
    }
    this.envs.set(env.id, env);
    return { id: env.id, services: env.services, actingUserId: env.actingUserId, actingUsers: env.actingUsers };
  }

  async route({ env, service, path, request }: Operations['route']['args']): Promise<WireResponse> {
    return toWireResponse(await this.workbench.router.routeService(service, path, fromWireRequest(request), this.env(env)));
  }

  /** An MCP tool call, run here whole so that the service's own error shape (Slack's `ok: false`) is recognised. */
  async tool({ env, service, tool, args, token }: Operations['tool']['args']): Promise<McpToolAnswer> {
    return mcpAnswerOf(await callTool(this.workbench.router, this.env(env), service, tool, args, { token }));
  }

  position({ env }: { env: string }): Promise<number> {
    return this.env(env).journalPosition();
  }

  diff({ env, since }: { env: string; since: number }) {
    return this.env(env).diffSince(since);
  }

  async evaluate({ env, since, spec, closedWorld }: Operations['evaluate']['args']): Promise<Evaluation> {
    const environment = this.env(env);
    const diff = await environment.diffSince(since);
    try {
      const v = await evaluateDiffBounded(spec, diff, { schema: environment.template.schemaInfo, closedWorld });
      return { diff, verdict: { passed: v.passed, agent_diff_passed: v.agent_diff_passed, score: v.score, failures: v.failures.map(failureText), unexplained: v.unexplained } };
    } catch (err) {
      return { diff, verdict: null, error: (err as Error).message };
    }
  }

  async dispose({ env }: { env: string }): Promise<null> {
    const environment = this.envs.get(env);
    this.envs.delete(env);
    await environment?.dispose();
    return null;
  }
}

function failureText(f: unknown): string {
  if (typeof f === 'string') return f;
  const m = (f as { message?: unknown })?.message;
  return typeof m === 'string' ? m : JSON.stringify(f);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Agent-Diff's impersonateEmail, in every service of the environment: the id of the person with that address in each
 * service whose replica says where it keeps people (case-insensitive, as addresses are).
 */
async function usersByEmail(env: Environment, replicas: readonly Replica[], email: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const replica of replicas) {
    const people = replica.people;
    if (!people || !env.services.includes(replica.name)) continue;
    const rows = await env.transaction(replica.name, (tx) =>
      tx.query<Row>(`SELECT ${quoted(people.id)} AS id FROM ${quoted(people.table)} WHERE lower(${quoted(people.email)}) = lower($1) ORDER BY 1 LIMIT 1`, [email]),
    );
    if (rows[0]) found[replica.name] = String(rows[0].id);
  }
  return found;
}
