import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors.ts';

/** The repository root (bin/, src/, scenarios/), whatever the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Reads a text file; a missing or unreadable file is a user error that names it and what it was for. */
export function readTextFile(path: string, what: string): string {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new CliError(`${what} not found: ${path}`);
  }
  if (!isFile) throw new CliError(`${what} is not a file: ${path}`);
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`${what} could not be read: ${path}: ${(err as Error).message}`);
  }
}

/** Reads and parses a JSON file, with the JSON error's position in the message. */
export function readJsonFile(path: string, what: string): unknown {
  const text = readTextFile(path, what);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${what} is not valid JSON: ${path}: ${(err as Error).message}`, ['at $']);
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
