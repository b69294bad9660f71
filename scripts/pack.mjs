#!/usr/bin/env node
/**
 * Packs the CLI (`npm pack`) into an install folder: difflab-<version>.tgz beside a package.json that depends on it
 * and a package-lock.json pinning every dependency to the version this repository's lock tests. `npm ci` in that
 * folder installs exactly that tree (from npm's cache alone with --offline, as the packaging test does); the
 * Dockerfile copies the folder into the image.
 *
 * usage: node scripts/pack.mjs [--out <dir>]   (default: .pack/)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The lock of a folder whose one dependency is the tarball: the repository lock's non-dev entries, unchanged. */
export function appLock(repoLock, pkg, tarball, integrity) {
  const spec = `file:${tarball}`;
  const packages = {
    '': { name: 'difflab-app', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      integrity,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(repoLock.packages)) {
    if (path === '' || entry.dev) continue;
    // Optional for a development dependency or an optional one: in a production tree, optional.
    const { devOptional, ...rest } = entry;
    packages[path] = devOptional ? { ...rest, optional: true } : rest;
  }
  return { name: 'difflab-app', lockfileVersion: 3, requires: true, packages };
}

export function packApp(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const tarball = packed.filename;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(join(out, tarball))).digest('base64')}`;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const repoLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const lock = appLock(repoLock, pkg, tarball, integrity);
  writeFileSync(join(out, 'package.json'), JSON.stringify({ name: 'difflab-app', private: true, dependencies: lock.packages[''].dependencies }, null, 2) + '\n');
  writeFileSync(join(out, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  return { dir: out, tarball, files: packed.files.map((f) => f.path), size: packed.size, unpackedSize: packed.unpackedSize };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  const out = resolve(i > 0 ? process.argv[i + 1] : join(root, '.pack'));
  const result = packApp(out);
  process.stdout.write(`${result.tarball} (${(result.size / 1e6).toFixed(2)} MB, ${result.files.length} files) with package.json and package-lock.json in ${out}\n`);
}
