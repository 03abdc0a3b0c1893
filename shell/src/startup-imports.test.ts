import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The sign-in page is the first visit on a township's slow link (issue 12: ≤ 200 KiB over the
 * wire). What the shell imports statically from its bootstrap is what a first visit downloads, so
 * these heavy modules must stay behind a lazy `import()` (the signed-in console, the notices'
 * toast): PrimeReact's components, formik, and the kit's and schemas' whole indexes (formik, yup
 * schemas of every form). bench/startup-bytes.mjs measures the bytes; this keeps the shape.
 */
const HEAVY = [/^primereact\/(?!api$)/, /^primereact\/api$/, /^formik$/, /^@vot\/shared\/(ui|schemas|lists|remote)$/];

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  // `import … from 'x'` and `import 'x'`, not `import type` and not `import('x')`.
  return [...source.matchAll(/^import\s+(?!type\s)(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  return ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
}

it('draws the sign-in page without PrimeReact, formik or the whole kit', () => {
  const seen = new Set<string>();
  const heavy: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) {
        const local = resolveLocal(file, spec);
        if (local) visit(local);
      } else if (HEAVY.some((re) => re.test(spec))) heavy.push(`${file.slice(__dirname.length + 1)} imports ${spec}`);
    }
  };
  visit(join(__dirname, 'bootstrap.tsx'));
  expect(seen.size).toBeGreaterThan(5);
  expect(heavy).toEqual([]);
});
