import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const CACHE_DIR = join(REPO_ROOT, '.cache');
/** ../shared/data beside the clone, where the project's real pages live (never copied into the repo). */
export const SHARED_DATA_DIR = resolve(REPO_ROOT, '..', 'shared', 'data');

/**
 * A dataset folder from either an unpacked folder or one of ../shared/data's archives, which are unpacked once into
 * the git-ignored .cache/data/.
 */
export function datasetDir(pathOrArchive: string): string {
  const p = resolve(pathOrArchive);
  if (!existsSync(p)) throw new Error(`dataset not found: ${pathOrArchive}`);
  if (statSync(p).isDirectory()) return p;
  const name = basename(p).replace(/\.tar\.gz$|\.tgz$/, '');
  const target = join(CACHE_DIR, 'data');
  if (!existsSync(join(target, name))) {
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['xzf', p, '-C', target]);
  }
  if (!existsSync(join(target, name))) throw new Error(`${pathOrArchive} did not unpack into a folder named ${name}`);
  return join(target, name);
}

/** The named archive of ../shared/data, unpacked. */
export function sharedDataset(name: string): string {
  return datasetDir(join(SHARED_DATA_DIR, `${name}.tar.gz`));
}

/**
 * The Readability.js test pages of ../shared/data that the benches time (each a folder holding source.html), sorted
 * by name, the first `limit`: the folder and the pages' names.
 */
export function readabilityFixtures(limit = Infinity): { dir: string; slugs: string[] } {
  const dir = sharedDataset('readability');
  const slugs = readdirSync(dir).filter((s) => existsSync(join(dir, s, 'source.html'))).sort().slice(0, limit);
  return { dir, slugs };
}
