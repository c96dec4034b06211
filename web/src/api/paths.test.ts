/**
 * The console names the server's endpoints only as paths of the generated client: every API path written in
 * the console's source is one the OpenAPI document has, and only `src/api/` talks to the network.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import document from './openapi.json';

const SRC = join(process.cwd(), 'src');
const API_PATH = /['"`](\/(?:builder|finance|admin|bank|device|\{side\})\/[^'"`?\s$…]*)/g;

function sources(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, found);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** A documented path as a pattern: `{side}` and `{name}` match one segment. */
const documented = Object.keys(document.paths).map(
  (path) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[^/]+')}$`),
);

describe('API paths in the console', () => {
  const files = sources(SRC).filter((file) => !file.endsWith('paths.test.ts'));

  it('are all documented by the server', () => {
    const unknown: string[] = [];
    for (const file of files) {
      for (const [, path] of readFileSync(file, 'utf8').matchAll(API_PATH)) {
        if (!documented.some((pattern) => pattern.test(path))) unknown.push(`${relative(SRC, file)}: ${path}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  /** What the console fetches that is not our server: the configured geocoder, the site's ID card reader. */
  const OUTSIDE = ['components/map/geocoder.ts', 'pages/worker/service.ts'];

  it('are asked only through src/api/', () => {
    const fetching = files
      .filter((file) => !relative(SRC, file).startsWith('api/') && !/\.test\.tsx?$/.test(file) && !file.includes('/test/'))
      .filter((file) => !OUTSIDE.includes(relative(SRC, file)))
      .filter((file) => /(?<![.\w])fetch\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(fetching).toEqual([]);
  });
});
