/**
 * The languages a script can be written in. Each is one value, as each replica is one `Replica`: the host side of
 * the sandbox (limits, the fetch bridge, console capture, the virtual clock, stop messages) is shared, and each
 * language brings only a worker that runs its source (see worker.ts, `ScriptRunner`).
 */
export type LanguageId = 'javascript' | 'bash' | 'python';

export interface ScriptLanguage {
  id: LanguageId;
  /** For people: the editor's picker, step records. */
  title: string;
  /** The file extension of a script in this language (`difflab run --script x.sh`, saved solutions). */
  fileExtension: string;
  /** Other extensions read as this language. */
  otherExtensions: readonly string[];
  /** Monaco's language id, for highlighting. */
  editorLanguage: string;
  /** Info strings of a fenced code block (```bash) that mean this language; the first is the one to write. */
  fenceNames: readonly string[];
  /** What a fresh editor holds. */
  starter: string;
}

export const javascript: ScriptLanguage = {
  id: 'javascript',
  title: 'JavaScript',
  fileExtension: '.js',
  otherExtensions: ['.mjs'],
  editorLanguage: 'javascript',
  fenceNames: ['javascript', 'js', 'mjs', 'node', 'jsx', 'ts', 'typescript'],
  starter: [
    '// Call the real API hosts; the sandbox routes them to the replica.',
    "const res = await fetch('https://slack.com/api/auth.test', {",
    "  method: 'POST',",
    "  headers: { Authorization: 'Bearer xoxb-any-token' },",
    '});',
    'console.log(await res.json());',
    '',
  ].join('\n'),
};

export const bash: ScriptLanguage = {
  id: 'bash',
  title: 'Bash',
  fileExtension: '.sh',
  otherExtensions: ['.bash'],
  editorLanguage: 'shell',
  fenceNames: ['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript', 'curl'],
  starter: [
    '# curl, jq, grep, sed, awk and the usual tools; the sandbox routes the real API hosts to the replica.',
    "curl -s -X POST https://slack.com/api/auth.test -H 'Authorization: Bearer xoxb-any-token' | jq .",
    '',
  ].join('\n'),
};

export const python: ScriptLanguage = {
  id: 'python',
  title: 'Python',
  fileExtension: '.py',
  otherExtensions: [],
  editorLanguage: 'python',
  fenceNames: ['python', 'py', 'python3'],
  starter: [
    '# requests, urllib and the standard library; the sandbox routes the real API hosts to the replica.',
    'import requests',
    '',
    "res = requests.post('https://slack.com/api/auth.test', headers={'Authorization': 'Bearer xoxb-any-token'})",
    'print(res.json())',
    '',
  ].join('\n'),
};

/** Every language the sandbox runs, in the order a picker shows them. */
export const languages: readonly ScriptLanguage[] = [javascript, bash, python];

export function languageById(id: string): ScriptLanguage | undefined {
  return languages.find((l) => l.id === id);
}

/** The language of a script file by its extension, or undefined. */
export function languageOfFile(path: string): ScriptLanguage | undefined {
  const lower = path.toLowerCase();
  return languages.find((l) => [l.fileExtension, ...l.otherExtensions].some((ext) => lower.endsWith(ext)));
}

/** The language a fenced block's info string (```bash) names, or undefined. */
export function languageOfFence(info: string): ScriptLanguage | undefined {
  const name = info.trim().toLowerCase();
  return languages.find((l) => l.fenceNames.includes(name));
}
