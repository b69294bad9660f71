/**
 * The slice of Monaco the playground uses: the editor core, the contributions people expect (find, folding,
 * suggestions, multi-cursor…), JavaScript colouring and the TypeScript service for JavaScript diagnostics — not
 * the ~80 other languages of `monaco-editor`'s main entry. Bundled, never fetched from a CDN.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/parameterHints/browser/parameterHints';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/languages/definitions/javascript/register';
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
