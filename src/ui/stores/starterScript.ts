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
};

/** The same first calls in Bash. */
const firstCurl: Record<string, string> = {
  slack: `curl -s -X POST https://slack.com/api/conversations.list -H 'Authorization: Bearer xoxb-difflab' \\
  | jq -r '.channels[] | "#" + .name'`,
  box: `curl -s https://api.box.com/2.0/folders/0/items -H 'Authorization: Bearer difflab' | jq '.entries[] | {type, id, name}'`,
  linear: `curl -s https://api.linear.app/graphql -H 'Authorization: difflab' \\
  --json '{"query": "{ teams { nodes { id name } } }"}' | jq .`,
  calendar: `curl -s https://www.googleapis.com/calendar/v3/users/me/calendarList -H 'Authorization: Bearer difflab' | jq '.items[] | {id, summary}'`,
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
};

/** The editor's default text for a scenario: what the sandbox offers, and one read-only call to start from. */
export function starterScript(scenario: Scenario | null, language: LanguageId = 'javascript'): string {
  const service = scenario?.services[0] ?? 'slack';
  const call = firstCall[service] ?? firstCall.slack;
  if (language === 'bash') {
    return `# Your script runs in a Bash shell with curl, jq, grep, sed, awk and the usual tools.
# Requests to ${call.base}… go to the replica; authentication is handled (any token works).
# Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.

${firstCurl[service] ?? firstCurl.slack}
`;
  }
  if (language === 'python') {
    return `# Your script runs as Python 3 with the standard library and requests (sessions, params, json, files).
# Requests to ${call.base}… go to the replica; authentication is handled (any token works).
# Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.
import requests

${firstRequest[service] ?? firstRequest.slack}
`;
  }
  return `// Your script runs in a sandbox with top-level await, fetch() and console.
// Requests to ${call.base}… go to the replica; authentication is handled (any token works).
// Run: Ctrl/Cmd+Enter. The diff panel shows every row your script changed.

${call.code}
`;
}
