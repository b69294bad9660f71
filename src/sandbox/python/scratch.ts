import type { ScratchFile } from '../types.ts';
import type { PyodideLike } from './pyodideApi.ts';

/** What a run's scratch directory may carry from one script to the next. */
const MAX_FILES = 1000;
const MAX_BYTES = 32 * 1024 * 1024;

/** Lays the run's scratch files into the directory (paths are relative to it; `..` is dropped). */
export function writeScratch(pyodide: PyodideLike, dir: string, files: readonly ScratchFile[]): void {
  for (const file of files) {
    const parts = file.path.split('/').filter((part) => part && part !== '.' && part !== '..');
    if (!parts.length) continue;
    const path = `${dir}/${parts.join('/')}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    pyodide.FS.writeFile(path, file.bytes);
  }
}

/** The regular files under the directory, relative paths, within the carry limits. */
export function readScratch(pyodide: PyodideLike, dir: string): ScratchFile[] {
  const files: ScratchFile[] = [];
  let bytes = 0;
  const walk = (relative: string): void => {
    const full = relative ? `${dir}/${relative}` : dir;
    for (const name of pyodide.FS.readdir(full)) {
      if (name === '.' || name === '..' || files.length >= MAX_FILES) continue;
      const path = relative ? `${relative}/${name}` : name;
      const { mode } = pyodide.FS.stat(`${dir}/${path}`);
      if (pyodide.FS.isDir(mode)) walk(path);
      else if (pyodide.FS.isFile(mode)) {
        const data = pyodide.FS.readFile(`${dir}/${path}`);
        if (bytes + data.length > MAX_BYTES) continue;
        bytes += data.length;
        files.push({ path, bytes: new Uint8Array(data) });
      }
    }
  };
  walk('');
  return files;
}
