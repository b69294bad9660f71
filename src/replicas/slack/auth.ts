import type { RouteContext } from '../types.ts';
import { resolveActor, teamDomain } from './lookup.ts';
import type { Params } from './params.ts';
import { slackOk } from './respond.ts';

/**
 * Tokens are not checked against a store: any well-formed token acts as the environment's user (agents are told a
 * placeholder token is fine). A missing token is `not_authed`, and one that cannot be a token — whitespace or
 * control characters inside — is `invalid_auth`, as Slack answers both.
 */
export function tokenProblem(token: string): 'not_authed' | 'invalid_auth' | null {
  if (!token) return 'not_authed';
  if (/[\s\u0000-\u001f\u007f]/.test(token)) return 'invalid_auth';
  return null;
}

export async function authTest(_params: Params, ctx: RouteContext): Promise<Response> {
  const actor = await resolveActor(ctx);
  const body: Record<string, unknown> = {
    url: `https://${teamDomain(actor.team)}.slack.com/`,
    team: actor.team.team_name,
    user: actor.user.username,
    team_id: actor.team.team_id,
    user_id: actor.user.user_id,
  };
  // Bot tokens also name the bot; its id is derived from the bot user's id.
  if (actor.user.is_bot) body.bot_id = `B${actor.user.user_id.replace(/^U/, '')}`;
  body.is_enterprise_install = false;
  return slackOk(ctx, body);
}
