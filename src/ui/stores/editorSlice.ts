import { patch, sliceUpdater, readJson, storageKeys, writeJson, type KeyValueStore, type SliceContext } from './appState.ts';
import type { CatalogEntry } from './catalogTypes.ts';
import { entryByKey } from './catalogSlice.ts';
import { starterScript } from './starterScript.ts';
import { languageById, languages, type LanguageId } from '../../sandbox/languages.ts';

/** `lesson`: a script the lesson put there (it is not kept as a draft). */
export type EditorOrigin = 'starter' | 'solution' | 'draft' | 'lesson';

/** A person's scripts: per scenario key, one per language. */
export type Drafts = Record<string, Partial<Record<LanguageId, string>>>;

export interface EditorSlice {
  text: string;
  /** Where the text came from: a draft is anything the person typed. */
  origin: EditorOrigin;
  /** Scripts per scenario key and language, kept across scenario and language switches and page loads. */
  drafts: Drafts;
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
  /** Shows the reference solution in the current language; the draft stays kept (`backToDraft` brings it back). */
  showSolution(): Promise<void>;
  /** Shows the starter; the draft stays kept. */
  showStarter(): void;
  /** The person's draft of the open scenario in the current language, when one is kept. */
  draftText(): string | undefined;
  /** Puts the kept draft back in the editor (after a solution, a starter or a lesson script). */
  backToDraft(): void;
  setMonaco(state: EditorSlice['monaco']): void;
  /** Switches the language: the editor shows the draft in that language, or that language's starter. */
  setLanguage(language: LanguageId): void;
}

/** The reference solution in a language: `solutions/x.js`, its Bash version `solutions/x.sh`, Python `solutions/x.py`. */
export function solutionPathIn(path: string, language: LanguageId): string {
  const ext = languageById(language)?.fileExtension ?? '.js';
  return path.replace(/\.[a-z]+$/, ext);
}

const SAVE_DELAY_MS = 400;

/** The kept drafts; the first time, the drafts of the one-language format (they were JavaScript) carried over. */
export function readDrafts(storage: KeyValueStore | undefined): Drafts {
  const drafts = readJson<Drafts | null>(storage, storageKeys.drafts, null);
  if (drafts) return drafts;
  const old = readJson<Record<string, unknown>>(storage, storageKeys.draftsV1, {});
  const migrated: Drafts = {};
  for (const [key, text] of Object.entries(old)) if (typeof text === 'string') migrated[key] = { javascript: text };
  return migrated;
}

export function createEditorSlice({ set, get, deps }: SliceContext, initial: CatalogEntry | null): EditorSlice {
  const updateEditor = sliceUpdater(set, 'editor');
  const drafts = readDrafts(deps.storage);
  const keptLanguage = readJson<string>(deps.storage, storageKeys.language, 'javascript');
  const language: LanguageId = languages.some((l) => l.id === keptLanguage) ? (keptLanguage as LanguageId) : 'javascript';
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
  const selected = () => entryByKey(get().catalog.entries, selectedKey());
  /** What the editor shows for a scenario in a language: the draft, else the starter. */
  const shown = (entry: CatalogEntry | null, language: LanguageId, from: Drafts) => {
    const draft = entry ? from[entry.key]?.[language] : undefined;
    return draft !== undefined
      ? { text: draft, origin: 'draft' as const }
      : { text: starterScript(entry?.scenario ?? null, language), origin: 'starter' as const };
  };

  return {
    ...shown(initial, language, drafts),
    drafts,
    solutionStatus: 'idle',
    solutionError: null,
    monaco: 'loading',
    saveError: null,
    language,

    setText(text) {
      if (text === get().editor.text) return;
      const key = selectedKey();
      updateEditor((e) => ({ text, origin: 'draft', drafts: key ? { ...e.drafts, [key]: { ...e.drafts[key], [e.language]: text } } : e.drafts }));
      save();
    },

    switchTo(entry) {
      const { drafts, language } = get().editor;
      patch(set, 'editor', { ...shown(entry, language, drafts), solutionStatus: 'idle', solutionError: null });
    },

    async showSolution() {
      const entry = selected();
      if (!entry?.solution) return;
      patch(set, 'editor', { solutionStatus: 'loading', solutionError: null });
      try {
        const language = get().editor.language;
        const text = await deps.loadSolution(solutionPathIn(entry.solution, language)).catch((err: Error) => {
          throw language === 'javascript' ? err : new Error(`this scenario has no ${languageById(language)?.title ?? language} solution`);
        });
        if (selectedKey() !== entry.key || get().editor.language !== language) return patch(set, 'editor', { solutionStatus: 'idle' });
        patch(set, 'editor', { text, origin: 'solution', solutionStatus: 'idle' });
      } catch (err) {
        patch(set, 'editor', { solutionStatus: 'error', solutionError: `The solution could not be loaded: ${(err as Error).message}` });
      }
    },

    showStarter() {
      patch(set, 'editor', { text: starterScript(selected()?.scenario ?? null, get().editor.language), origin: 'starter' });
    },

    draftText() {
      const key = selectedKey();
      return key ? get().editor.drafts[key]?.[get().editor.language] : undefined;
    },

    backToDraft() {
      const draft = get().editor.draftText();
      if (draft !== undefined) patch(set, 'editor', { text: draft, origin: 'draft', solutionStatus: 'idle', solutionError: null });
    },

    setMonaco(monaco) {
      patch(set, 'editor', { monaco });
    },

    setLanguage(language) {
      const editor = get().editor;
      if (language === editor.language) return;
      writeJson(deps.storage, storageKeys.language, language);
      patch(set, 'editor', { language, ...shown(selected(), language, editor.drafts), solutionStatus: 'idle', solutionError: null });
    },
  };
}

/** What to tell a person whose drafts were not kept. */
function draftsNotSaved(hasStorage: boolean, drafts: Drafts): string {
  if (!hasStorage) return 'This browser blocks storage for this page, so your script is not kept: it will be lost on reload.';
  const mb = (JSON.stringify(drafts).length * 2) / 1e6;
  return `Your script could not be saved: the browser's storage for this page is full (the drafts take ${mb.toFixed(1)} MB). It is still in the editor, but a reload would lose it — download it, or shorten it.`;
}
