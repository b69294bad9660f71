import { contentPathOf, type TextFile } from '../stores/parseFiles.ts';

/** A picked or dropped file with its path below the folder it came in (its name when it came alone). */
export interface PathedFile {
  file: File;
  path: string;
}

/** Picked files: a folder picker gives each its `webkitRelativePath`. */
export function pickedFiles(files: FileList | File[]): PathedFile[] {
  return [...files].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Dropped files and folders, folders walked (a seed dropped with its `filesystem/` folder brings its contents). */
export async function droppedFiles(data: DataTransfer): Promise<PathedFile[]> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (!entries.some((e) => e?.isDirectory)) return pickedFiles(data.files);
  const out: PathedFile[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.push({ file, path: `${prefix}${entry.name}` });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in batches until it answers none.
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
      }
    }
  };
  for (const entry of entries) if (entry) await walk(entry, '');
  return out;
}

/**
 * Reads files for the catalog: JSON as text, files in a `filesystem/` folder (a Box seed's file contents) as bytes;
 * other files of a dropped folder are left out.
 */
export async function readImported(files: PathedFile[]): Promise<TextFile[]> {
  const wanted = files.filter((f) => contentPathOf(f.path) !== null || /\.json$/i.test(f.path) || !f.path.includes('/'));
  return Promise.all(
    wanted.map(async ({ file, path }) =>
      contentPathOf(path) !== null ? { name: path, text: '', bytes: new Uint8Array(await file.arrayBuffer()) } : { name: path, text: await file.text() },
    ),
  );
}
