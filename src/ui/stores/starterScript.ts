import type { LanguageId } from '../../sandbox/languages.ts';
import type { Scenario } from '../../scenarios/index.ts';

/** A first call per service that only reads, so running the starter changes nothing. */
const firstCall: Record<string, { base: string; code: string }> = {
  slack: {
    base: 'https://slack.com/api/',
    code: `const res = await fetch('https://slack.com/api/conversations.list', {
  method: 'POST',
  headers: { Authorization: 'Bearer xoxb-difflab' },
});
const data = await res.json();
console.log(data.ok ? data.channels.map((c) => '#' + c.name).join(' ') : data.error);`,
  },
  box: {
    base: 'https://api.box.com/2.0/',
    code: `const res = await fetch('https://api.box.com/2.0/folders/0/items', {
  headers: { Authorization: 'Bearer difflab' },
});
console.log(await res.json());`,
  },
  linear: {
    base: 'https://api.linear.app/graphql',
    code: `const res = await fetch('https://api.linear.app/graphql', {
  method: 'POST',
  headers: { Authorization: 'difflab', 'Content-Type': 'application/json' },
  body: JSON.stringify({ query: '{ teams { nodes { id name } } }' }),
});
console.log(await res.json());`,
  },
  calendar: {
    base: 'https://www.googleapis.com/calendar/v3/',
    code: `const res = await fetch('https://www.googleapis.com/calendar/v3/users/me/calendarList', {
  headers: { Authorization: 'Bearer difflab' },
});
console.log(await res.json());`,
  },
  mail: {
    base: 'https://api.mailhub.example/v1/',
    code: `const res = await fetch('https://api.mailhub.example/v1/folders', {
  headers: { Authorization: 'Bearer difflab' },
});
console.log((await res.json()).items.map((f) => f.display_name + ' (' + f.unread_count + ' unread)').join(', '));`,
  },
};

/** The same first calls in Bash. */
const firstCurl: Record<string, string> = {
  slack: `curl -s -X POST https://slack.com/api/conversations.list -H 'Authorization: Bearer xoxb-difflab' \\
  | jq -r '.channels[] | "#" + .name'`,
  box: `curl -s https://api.box.com/2.0/folders/0/items -H 'Authorization: Bearer difflab' | jq '.entries[] | {type, id, name}'`,
  linear: `curl -s https://api.linear.app/graphql -H 'Authorization: difflab' \\
  --json '{"query": "{ teams { nodes { id name } } }"}' | jq .`,
  calendar: `curl -s https://www.googleapis.com/calendar/v3/users/me/calendarList -H 'Authorization: Bearer difflab' | jq '.items[] | {id, summary}'`,
  mail: `curl -s https://api.mailhub.example/v1/folders -H 'Authorization: Bearer difflab' | jq -r '.items[] | "\\(.display_name) (\\(.unread_count) unread)"'`,
};

/** The same first calls in Python, with DiffLab's `requests`. */
const firstRequest: Record<string, string> = {
  slack: `res = requests.post('https://slack.com/api/conversations.list', headers={'Authorization': 'Bearer xoxb-difflab'})
data = res.json()
print(' '.join('#' + c['name'] for c in data['channels']) if data['ok'] else data['error'])`,
  box: `res = requests.get('https://api.box.com/2.0/folders/0/items', headers={'Authorization': 'Bearer difflab'})
for entry in res.json()['entries']:
    print(entry['type'], entry['id'], entry['name'])`,
  linear: `res = requests.post('https://api.linear.app/graphql', headers={'Authorization': 'difflab'},
                    json={'query': '{ teams { nodes { id name } } }'})
print(res.json())`,
  calendar: `res = requests.get('https://www.googleapis.com/calendar/v3/users/me/calendarList', headers={'Authorization': 'Bearer difflab'})
for item in res.json()['items']:
    print(item['id'], item['summary'])`,
  mail: `res = requests.get('https://api.mailhub.example/v1/folders', headers={'Authorization': 'Bearer difflab'})
for folder in res.json()['items']:
    print(folder['display_name'], folder['unread_count'], 'unread')`,
};

const serviceNames: Record<string, string> = { slack: 'Slack', box: 'Box', linear: 'Linear', calendar: 'Google Calendar', mail: 'MailHub' };

/**
 * The editor's default text for a scenario: what the sandbox offers, and one read-only call to start from — one per
 * service for a scenario across several (each JavaScript call in its own block, so their names do not clash).
 */
export function starterScript(scenario: Scenario | null, language: LanguageId = 'javascript'): string {
  const known = (scenario?.services ?? []).filter((s) => s in firstCall);
  const services = known.length ? known : ['slack'];
  const bases = services.map((s) => `${firstCall[s].base}…`);
  // One service keeps its sentence on one line; several put their URLs on a line of their own.
  const where = (c: string) =>
    bases.length === 1 ? `Requests to ${bases[0]} go to the replica` : `Requests to ${bases.slice(0, -1).join(', ')} and ${bases.at(-1)}\n${c} go to the replicas`;
  const calls = (of: (service: string) => string, comment: string, block = false) =>
    services.length === 1
      ? of(services[0])
      : services.map((s) => (block ? `// ${serviceNames[s]}\n{\n${indent(of(s))}\n}` : `${comment} ${serviceNames[s]}\n${of(s)}`)).join('\n\n');
  if (language === 'bash') {
    return `# Your script runs in a Bash shell with curl, jq, grep, sed, awk and the usual tools.
# ${where('#')}; authentication is handled (any token works).
# Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.

${calls((s) => firstCurl[s], '#')}
`;
  }
  if (language === 'python') {
    return `# Your script runs as Python 3 with the standard library and requests (sessions, params, json, files).
# ${where('#')}; authentication is handled (any token works).
# Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.
import requests

${calls((s) => firstRequest[s], '#')}
`;
  }
  return `// Your script runs in a sandbox with top-level await, fetch() and console.
// ${where('//')}; authentication is handled (any token works).
// Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.

${calls((s) => firstCall[s].code, '//', true)}
`;
}

function indent(code: string): string {
  return code.split('\n').map((line) => (line ? `  ${line}` : line)).join('\n');
}
