/**
 * The Monaco the playground uses: the editor with its contributions, JavaScript, Bash and Python colouring and the
 * TypeScript service for JavaScript diagnostics — not the ~80 other languages of `monaco-editor`'s main entry. Bundled, never
 * fetched from a CDN.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// Every editor contribution. The TypeScript service imports this module when it starts, and a contribution that
// registers after the first editor exists breaks the next one ("depends on UNKNOWN service ICodeLensCache" when
// the editor is shown again after agent mode), so it must be loaded before any editor is created.
import 'monaco-editor/internal/common/workers';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/python/register';
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { sandboxGlobals } from './sandboxGlobals.ts';

// The JavaScript service's worker parses ~7 MB of TypeScript. On a small machine that competes with PGlite's start
// for the CPU, so it waits until the environment is ready (or a while, if it never gets ready).
let releaseLanguageWorker: () => void = () => {};
const languageWorkerGate = new Promise<void>((resolve) => {
  releaseLanguageWorker = resolve;
  setTimeout(resolve, 20_000);
});
export { releaseLanguageWorker };

globalThis.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    if (label === 'typescript' || label === 'javascript') return languageWorkerGate.then(() => new TsWorker());
    return new EditorWorker();
  },
};

// Scripts run in QuickJS, not in a page: no DOM, so offer only the language and what the sandbox provides.
typescript.javascriptDefaults.setCompilerOptions({
  target: typescript.ScriptTarget.ES2020,
  module: typescript.ModuleKind.ESNext,
  lib: ['es2022'],
  allowNonTsExtensions: true,
  checkJs: false,
});
typescript.javascriptDefaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
typescript.javascriptDefaults.addExtraLib(sandboxGlobals, 'file:///difflab-sandbox.d.ts');

export { monaco };
