import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CROSS_APP_PATHS } from '@vot/shared/contract';
import { routes } from './routes';

/** The screens' sources (not their tests): what a user can click through. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

it('reaches every route from the menu, another remote, or a screen of this one', () => {
  const table = readFileSync(join(__dirname, 'routes.tsx'), 'utf8');
  const screens = sources(join(__dirname, 'features')).join('\n');
  const unreachable = Object.entries(routes)
    .filter(([key, route]) => {
      if ('menu' in route) return false;
      if ((Object.values(CROSS_APP_PATHS) as string[]).includes(route.path)) return false;
      // The names routes.tsx exports for this route (a path constant or a link helper) …
      const names = table
        .split(/^export const /m)
        .filter((declaration) => declaration.includes(`routes.${key}.path`) || declaration.includes(`'${key}'`))
        .map((declaration) => /^\w+/.exec(declaration)![0]);
      // … one of which a screen uses.
      return !names.some((name) => new RegExp(`\\b${name}\\b`).test(screens));
    })
    .map(([key]) => key);
  expect(unreachable).toEqual([]);
});
