import { patch, sliceUpdater, readJson, storageKeys, writeJson, type SliceContext } from './appState.ts';
import type { CatalogEntry } from './catalogTypes.ts';
import { entryByKey } from './catalogSlice.ts';
import { starterScript } from './starterScript.ts';
import { languageById, type LanguageId } from '../../sandbox/languages.ts';

/** `lesson`: a script the lesson put there (it is not kept as a draft). */
export type EditorOrigin = 'starter' | 'solution' | 'draft' | 'lesson';

export interface EditorSlice {
  text: string;
  /** Where the text came from: a draft is anything the person typed. */
  origin: EditorOrigin;
  /** Scripts per scenario key, kept across scenario switches and page loads. */
  drafts: Record<string, string>;
  solutionStatus: 'idle' | 'loading' | 'error';
  solutionError: string | null;
  /** Monaco loads after first paint; until then a plain textarea edits the same text. */
  monaco: 'loading' | 'ready' | 'failed';
  /** Why the drafts could not be kept in this browser (storage full or blocked): they would be lost on reload. */
  saveError: string | null;
  /** The language the script is written in (the editor's picker); Run runs it in that language's sandbox. */
  language: LanguageId;

  setText(text: string): void;
  switchTo(entry: CatalogEntry | null): void;
  showSolution(): Promise<void>;
  showStarter(): void;
  setMonaco(state: EditorSlice['monaco']): void;
  /** Switches the language; a starter becomes that language's starter, a draft stays as it is. */
  setLanguage(language: LanguageId): void;
}

/** The reference solution in a language: `solutions/x.js`, its Bash version `solutions/x.sh`, Python `solutions/x.py`. */
export function solutionPathIn(path: string, language: LanguageId): string {
  const ext = languageById(language)?.fileExtension ?? '.js';
  return path.replace(/\.[a-z]+$/, ext);
}

const SAVE_DELAY_MS = 400;

export function createEditorSlice({ set, get, deps }: SliceContext, initial: CatalogEntry | null): EditorSlice {
  const updateEditor = sliceUpdater(set, 'editor');
  const drafts = readJson<Record<string, string>>(deps.storage, storageKeys.drafts, {});
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = null;
      const { drafts } = get().editor;
      const saveError = writeJson(deps.storage, storageKeys.drafts, drafts) ? null : draftsNotSaved(deps.storage !== undefined, drafts);
      if (saveError !== get().editor.saveError) patch(set, 'editor', { saveError });
    }, SAVE_DELAY_MS);
  };
  const selectedKey = () => get().catalog.selectedKey;
  const initialDraft = initial ? drafts[initial.key] : undefined;

  return {
    text: initialDraft ?? starterScript(initial?.scenario ?? null),
    origin: initialDraft !== undefined ? 'draft' : 'starter',
    drafts,
    solutionStatus: 'idle',
    solutionError: null,
    monaco: 'loading',
    saveError: null,
    language: 'javascript',

    setText(text) {
      if (text === get().editor.text) return;
      const key = selectedKey();
      updateEditor((e) => ({ text, origin: 'draft', drafts: key ? { ...e.drafts, [key]: text } : e.drafts }));
      save();
    },

    switchTo(entry) {
      const draft = entry ? get().editor.drafts[entry.key] : undefined;
      patch(set, 'editor', {
        text: draft ?? starterScript(entry?.scenario ?? null, get().editor.language),
        origin: draft !== undefined ? 'draft' : 'starter',
        solutionStatus: 'idle',
        solutionError: null,
      });
    },

    async showSolution() {
      const entry = entryByKey(get().catalog.entries, selectedKey());
      if (!entry?.solution) return;
      patch(set, 'editor', { solutionStatus: 'loading', solutionError: null });
      try {
        const language = get().editor.language;
        const text = await deps.loadSolution(solutionPathIn(entry.solution, language)).catch((err: Error) => {
          throw language === 'javascript' ? err : new Error(`this scenario has no ${languageById(language)?.title ?? language} solution`);
        });
        if (selectedKey() !== entry.key) return;
        updateEditor((e) => ({ text, origin: 'solution', solutionStatus: 'idle', drafts: withoutKey(e.drafts, entry.key) }));
        save();
      } catch (err) {
        patch(set, 'editor', { solutionStatus: 'error', solutionError: `The solution could not be loaded: ${(err as Error).message}` });
      }
    },

    showStarter() {
      const entry = entryByKey(get().catalog.entries, selectedKey());
      updateEditor((e) => ({
        text: starterScript(entry?.scenario ?? null, e.language),
        origin: 'starter',
        drafts: entry ? withoutKey(e.drafts, entry.key) : e.drafts,
      }));
      save();
    },

    setMonaco(monaco) {
      patch(set, 'editor', { monaco });
    },

    setLanguage(language) {
      const editor = get().editor;
      if (language === editor.language) return;
      const entry = entryByKey(get().catalog.entries, selectedKey());
      patch(set, 'editor', editor.origin === 'starter' ? { language, text: starterScript(entry?.scenario ?? null, language) } : { language });
    },
  };
}

/** What to tell a person whose drafts were not kept. */
function draftsNotSaved(hasStorage: boolean, drafts: Record<string, string>): string {
  if (!hasStorage) return 'This browser blocks storage for this page, so your script is not kept: it will be lost on reload.';
  const mb = (JSON.stringify(drafts).length * 2) / 1e6;
  return `Your script could not be saved: the browser's storage for this page is full (the drafts take ${mb.toFixed(1)} MB). It is still in the editor, but a reload would lose it — download it, or shorten it.`;
}

function withoutKey(drafts: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _dropped, ...rest } = drafts;
  return rest;
}
