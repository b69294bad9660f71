import type { SeedTables } from '../../src/engine/index.ts';
import { slack } from '../../src/replicas/slack/index.ts';
import { authHeaders, withReplicaEnvironment, type ReplicaTestEnvironment } from './replicaEnvironment.ts';

export interface CallOptions {
  /** Send a JSON body instead of form data (the SDK's encoding). */
  json?: boolean;
  /** Send the arguments in the query string of a GET. */
  get?: boolean;
  /** The bearer token; null sends none. Default `xoxb-test`. */
  token?: string | null;
  /** Base URL; default https://slack.com/api/. */
  base?: string;
}

export interface SlackTestEnvironment extends ReplicaTestEnvironment {
  /** Calls a Web API method and returns the HTTP status and parsed body. */
  request(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<{ status: number; body: any }>;
  /** Calls a Web API method and returns the parsed body. */
  call(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<any>;
}

/** Form-encodes arguments the way @slack/web-api does: scalars as text, everything else as JSON text. */
export function formBody(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    form.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}

/** A Slack environment per test (acting as the bot U0BOT unless told); calls are form-encoded like the SDK's. */
export function withSlackEnvironment(
  seed: SeedTables = slackTestSeed,
  options: { actingUserId?: string | null; template?: string } = {},
): SlackTestEnvironment {
  const base = withReplicaEnvironment({
    replicas: [slack],
    seed,
    template: options.template ?? 'slack_unit',
    actingUserId: options.actingUserId === undefined ? 'U0BOT' : options.actingUserId,
  });

  async function request(method: string, params: Record<string, unknown> = {}, opts: CallOptions = {}) {
    const url = `${opts.base ?? 'https://slack.com/api/'}${method}`;
    const headers = authHeaders(opts.token, 'xoxb-test');
    let req: Request;
    if (opts.get) {
      req = new Request(`${url}?${formBody(params)}`, { method: 'GET', headers });
    } else if (opts.json) {
      headers['content-type'] = 'application/json; charset=utf-8';
      req = new Request(url, { method: 'POST', headers, body: JSON.stringify(params) });
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      req = new Request(url, { method: 'POST', headers, body: formBody(params).toString() });
    }
    const res = await base.send(req);
    return { status: res.status, body: await res.json() };
  }

  return Object.assign(base, {
    request,
    async call(method: string, params?: Record<string, unknown>, opts?: CallOptions) {
      return (await request(method, params, opts)).body;
    },
  });
}

/**
 * A small workspace for the unit tests (our own data, not Agent-Diff's). The acting user is the bot U0BOT.
 *
 * | channel | kind | members |
 * |---|---|---|
 * | C0GENERAL general | public | bot, ada, bob, cat |
 * | C0RANDOM random | public | ada, bob |
 * | C0LAUNCH launch | public | bot, bob |
 * | C0SECRET secret-plans | private | ada, bob |
 * | C0PRIV bot-private | private | bot, ada |
 * | C0OLD old-stuff | public, archived | bot |
 * | D0BOTADA | DM | bot, ada |
 * | G0TRIO | group DM | bot, ada, bob |
 *
 * In #general, bob's lunch question (…0300) has two replies (ada, bot); ada reacted :eyes: to it and bob :rocket:
 * to the bot's fuel check (…0200).
 */
export const slackTestSeed: SeedTables = {
  teams: [{ team_id: 'T0ACME', team_name: 'Acme Rockets' }],
  users: [
    { user_id: 'U0BOT', username: 'relaybot', display_name: 'Relay', real_name: 'Relay Bot', email: 'relay@acme.test', is_bot: true },
    { user_id: 'U0ADA', username: 'ada', display_name: 'Ada', real_name: 'Ada Lovelace', email: 'ada@acme.test', timezone: 'Europe/London' },
    { user_id: 'U0BOB', username: 'bob', display_name: 'Bob', real_name: 'Bob Moore', email: 'Bob@Acme.test', timezone: 'America/New_York' },
    { user_id: 'U0CAT', username: 'cat', display_name: 'Cat', real_name: 'Cat Nguyen', email: 'cat@acme.test', timezone: 'Asia/Tokyo' },
    { user_id: 'U0DAN', username: 'dan', display_name: 'Dan', real_name: 'Dan Ortiz', email: 'dan@acme.test', is_active: false },
  ],
  user_teams: [
    { user_id: 'U0BOT', team_id: 'T0ACME', role: 'member' },
    { user_id: 'U0ADA', team_id: 'T0ACME', role: 'admin' },
    { user_id: 'U0BOB', team_id: 'T0ACME', role: 'member' },
    { user_id: 'U0CAT', team_id: 'T0ACME', role: 'member' },
    { user_id: 'U0DAN', team_id: 'T0ACME', role: 'member' },
  ],
  channels: [
    { channel_id: 'C0GENERAL', channel_name: 'general', team_id: 'T0ACME', topic_text: 'Launch day', purpose_text: 'Everyone' },
    { channel_id: 'C0RANDOM', channel_name: 'random', team_id: 'T0ACME', topic_text: 'Anything goes' },
    { channel_id: 'C0LAUNCH', channel_name: 'launch', team_id: 'T0ACME' },
    { channel_id: 'C0SECRET', channel_name: 'secret-plans', team_id: 'T0ACME', is_private: true },
    { channel_id: 'C0PRIV', channel_name: 'bot-private', team_id: 'T0ACME', is_private: true },
    { channel_id: 'C0OLD', channel_name: 'old-stuff', team_id: 'T0ACME', is_archived: true },
    { channel_id: 'D0BOTADA', channel_name: 'dm-U0ADA-U0BOT', team_id: 'T0ACME', is_private: true, is_dm: true },
    { channel_id: 'G0TRIO', channel_name: 'mpdm-relaybot--ada--bob-1', team_id: 'T0ACME', is_private: true, is_gc: true },
  ],
  channel_members: [
    ...['U0BOT', 'U0ADA', 'U0BOB', 'U0CAT'].map((u) => ({ channel_id: 'C0GENERAL', user_id: u })),
    ...['U0ADA', 'U0BOB'].map((u) => ({ channel_id: 'C0RANDOM', user_id: u })),
    ...['U0BOT', 'U0BOB'].map((u) => ({ channel_id: 'C0LAUNCH', user_id: u })),
    ...['U0ADA', 'U0BOB'].map((u) => ({ channel_id: 'C0SECRET', user_id: u })),
    ...['U0BOT', 'U0ADA'].map((u) => ({ channel_id: 'C0PRIV', user_id: u })),
    { channel_id: 'C0OLD', user_id: 'U0BOT' },
    ...['U0BOT', 'U0ADA'].map((u) => ({ channel_id: 'D0BOTADA', user_id: u })),
    ...['U0BOT', 'U0ADA', 'U0BOB'].map((u) => ({ channel_id: 'G0TRIO', user_id: u })),
  ],
  messages: [
    { message_id: '1700000000.000100', channel_id: 'C0GENERAL', user_id: 'U0ADA', message_text: 'Welcome to the launch countdown' },
    { message_id: '1700000100.000200', channel_id: 'C0GENERAL', user_id: 'U0BOT', message_text: 'Fuel check complete' },
    { message_id: '1700000200.000300', channel_id: 'C0GENERAL', user_id: 'U0BOB', message_text: 'Who has the lunch order?' },
    { message_id: '1700000300.000400', channel_id: 'C0GENERAL', user_id: 'U0ADA', message_text: 'I do, pizza again', parent_id: '1700000200.000300' },
    { message_id: '1700000400.000500', channel_id: 'C0GENERAL', user_id: 'U0BOT', message_text: 'Eating at noon', parent_id: '1700000200.000300' },
    { message_id: '1700000500.000600', channel_id: 'C0RANDOM', user_id: 'U0BOB', message_text: 'Great weather today' },
    { message_id: '1700000600.000700', channel_id: 'C0LAUNCH', user_id: 'U0BOB', message_text: 'T-minus 10, see https://example.com/countdown' },
    { message_id: '1700000700.000800', channel_id: 'C0SECRET', user_id: 'U0ADA', message_text: 'Top secret rocket fuel recipe' },
    { message_id: '1700000800.000900', channel_id: 'D0BOTADA', user_id: 'U0ADA', message_text: 'Can you send the report?' },
    { message_id: '1700000050.000050', channel_id: 'C0OLD', user_id: 'U0BOT', message_text: 'Archived chatter' },
  ],
  message_reactions: [
    { message_id: '1700000200.000300', user_id: 'U0ADA', reaction_type: 'eyes' },
    { message_id: '1700000100.000200', user_id: 'U0BOB', reaction_type: 'rocket' },
  ],
};
