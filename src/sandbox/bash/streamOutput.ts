import { InMemoryFs, type CommandNode, type ScriptNode, type StatementNode, type TransformPlugin } from 'just-bash';
import { bytesToLatin1, decodeShellText, utf8ToLatin1 } from './bytes.ts';

/**
 * Output while the script runs. just-bash hands a script's output back only when the whole script has ended, so a
 * long loop showed nothing until its end and a script stopped at the time limit showed nothing at all. A transform
 * of the script's syntax tree (just-bash's plugin hook) wraps each statement whose output would reach the script's
 * own stdout in a group redirected to two device paths, `{ stmt; } >>OUT 2>>ERR`, and the file system passes what
 * is appended there on to the console instead of storing it. A group runs in the current shell, so variables,
 * functions, `exit`, `break` and `set -e` behave as before; the statement's own redirections and pipes still apply
 * inside the group, so `cmd > f`, `$(cmd)` and `a | b` are untouched. Statements of a loop, `if`, `case` or `{ }`
 * that stands alone (no pipe, no redirection of its own) are wrapped one by one, so a loop streams per iteration;
 * other statements (a function call, a piped loop) stream when they end.
 */

export const STREAM_PATHS = { stdout: '/dev/.difflab-stdout', stderr: '/dev/.difflab-stderr' } as const;
const DEV_NULL = '/dev/null';
export type StreamName = keyof typeof STREAM_PATHS;

/**
 * An in-memory file system whose two stream paths print instead of storing (see above), and whose /dev/null keeps
 * nothing: just-bash's stores what is written there, so `cat /dev/null` printed it and a loop writing there filled
 * the file system.
 */
export class StreamingFs extends InMemoryFs {
  constructor(
    files: ConstructorParameters<typeof InMemoryFs>[0],
    private readonly sink: (stream: StreamName, text: string) => void,
  ) {
    super(files);
  }

  private stream(path: string): StreamName | null {
    return path === STREAM_PATHS.stdout ? 'stdout' : path === STREAM_PATHS.stderr ? 'stderr' : null;
  }

  override async appendFile(...args: Parameters<InMemoryFs['appendFile']>): Promise<void> {
    const [path, content] = args;
    if (path === DEV_NULL) return;
    const stream = this.stream(path);
    if (!stream) return super.appendFile(...args);
    // The shell writes text as latin1 strings of its bytes (or, for a command's text output, as plain strings).
    const text = typeof content === 'string' ? content : bytesToLatin1(content);
    if (text) this.sink(stream, text);
  }

  override async writeFile(...args: Parameters<InMemoryFs['writeFile']>): Promise<void> {
    // `>` (not `>>`) to a stream path, written by a script itself: printed, as /dev/stdout would be.
    const [path, content] = args;
    if (path === DEV_NULL) return;
    if (this.stream(path)) return this.appendFile(path, content);
    return super.writeFile(...args);
  }
}

const COMPOUND_BODIES = new Set(['For', 'CStyleFor', 'While', 'Until', 'If', 'Case', 'Group']);

function redirect(fd: 1 | 2, path: string) {
  return { type: 'Redirection', fd, operator: '>>', target: { type: 'Word', parts: [{ type: 'Literal', value: path }] } };
}

function wrapped(statement: StatementNode): StatementNode {
  const group = { type: 'Group', body: [statement], redirections: [redirect(1, STREAM_PATHS.stdout), redirect(2, STREAM_PATHS.stderr)] };
  return {
    type: 'Statement',
    ...(statement.line !== undefined ? { line: statement.line } : {}),
    background: false,
    operators: [],
    pipelines: [{ type: 'Pipeline', negated: false, commands: [group as unknown as CommandNode] }],
  };
}

/** A loop, `if`, `case` or group alone in its statement, without a pipe or redirection: its statements stream one by one. */
function standaloneCompound(statement: StatementNode): CommandNode | null {
  if (statement.pipelines.length !== 1 || statement.background || statement.deferredError) return null;
  const pipeline = statement.pipelines[0];
  if (pipeline.commands.length !== 1 || pipeline.negated || pipeline.timed) return null;
  const command = pipeline.commands[0];
  if (!COMPOUND_BODIES.has(command.type) || ('redirections' in command && command.redirections.length > 0)) return null;
  return command;
}

function streamInside(command: CommandNode): CommandNode {
  switch (command.type) {
    case 'For':
    case 'CStyleFor':
    case 'Group':
      return { ...command, body: streamStatements(command.body) };
    case 'While':
    case 'Until':
      return { ...command, condition: streamStatements(command.condition), body: streamStatements(command.body) };
    case 'If':
      return {
        ...command,
        clauses: command.clauses.map((c) => ({ condition: streamStatements(c.condition), body: streamStatements(c.body) })),
        elseBody: command.elseBody ? streamStatements(command.elseBody) : null,
      };
    case 'Case':
      return { ...command, items: command.items.map((item) => ({ ...item, body: streamStatements(item.body) })) };
    default:
      return command;
  }
}

function streamStatements(statements: StatementNode[]): StatementNode[] {
  return statements.map((statement) => {
    const compound = standaloneCompound(statement);
    if (!compound) return wrapped(statement);
    const pipeline = statement.pipelines[0];
    return { ...statement, pipelines: [{ ...pipeline, commands: [streamInside(compound)] }] };
  });
}

export function streamScript(ast: ScriptNode): ScriptNode {
  return { ...ast, statements: streamStatements(ast.statements) };
}

/**
 * The plugin for one script. just-bash runs plugins on every script it parses, nested ones too (`bash -c`, `eval`,
 * `source`), whose output belongs to their caller (`x=$(bash -c 'echo hi')`): only the first, the script itself,
 * is rewritten.
 */
export function streamingPlugin(): TransformPlugin {
  let used = false;
  return {
    name: 'difflab-stream-output',
    transform({ ast }) {
      if (used) return { ast };
      used = true;
      return { ast: streamScript(ast) };
    },
  };
}

export type EmitLine = (stream: StreamName, line: string) => void;

/**
 * Cuts each stream's output into lines as it arrives (a console entry is a line; `echo -n a; echo b` is one), and
 * decodes each line as just-bash decodes a script's final output (decodeShellText).
 */
export class LineSplitter {
  private readonly pending: Record<StreamName, string> = { stdout: '', stderr: '' };

  constructor(private readonly emit: EmitLine) {}

  /** `raw`: the shell's latin1 byte strings; otherwise text already decoded (what just-bash returns at the end). */
  write(stream: StreamName, text: string, raw = true): void {
    const all = this.pending[stream] + (raw ? text : utf8ToLatin1(text));
    const lines = all.split('\n');
    this.pending[stream] = lines.pop() ?? '';
    for (const line of lines) this.emit(stream, decodeShellText(line));
  }

  /** The last line of each stream, if it did not end with a newline. */
  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      const rest = this.pending[stream];
      this.pending[stream] = '';
      if (rest) this.emit(stream, decodeShellText(rest));
    }
  }
}

