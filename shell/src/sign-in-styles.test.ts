import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import postcss from 'postcss';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { subsetCss, SETS } = require('../../shared/build/css-subset-loader.cjs') as {
  subsetCss: (p: typeof postcss, css: string, classes: Set<string>) => string;
  SETS: Record<string, string[]>;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stripFontFaces = require('../../shared/build/strip-font-faces-loader.cjs') as (css: string) => string;

const signIn = new Set(SETS['sign-in']);
const subset = (css: string) => subsetCss(postcss, css, signIn);
const theme = readFileSync(
  join(dirname(require.resolve('primereact/package.json')), 'resources/themes/lara-light-blue/theme.css'),
  'utf8',
);

it('keeps the theme’s rules for the sign-in page’s classes, as they are, and drops the rest', () => {
  const css = subset(`
    :root { --primary-color: #3b82f6; }
    .p-button { background: var(--primary-color); }
    .p-button .p-button-label, .p-datatable .p-datatable-thead > tr > th { font-weight: 700; }
    .p-datatable { border: 0; }
    .p-button:not(.p-button-outlined):not(.p-button-text) { color: #fff; }
    @media (max-width: 40em) { .p-dialog { width: 100%; } }
    @keyframes p-fadein { 0% { opacity: 0; } }
    @keyframes vot-spin { 0% { opacity: 0; } }
    .vot-spinner { animation: vot-spin 1s; }
  `);
  expect(css).toContain(':root { --primary-color: #3b82f6; }');
  expect(css).toContain('.p-button { background: var(--primary-color); }');
  expect(css).toContain('.p-button .p-button-label {');
  expect(css).toContain('.p-button:not(.p-button-outlined):not(.p-button-text) { color: #fff; }');
  expect(css).toContain('@keyframes vot-spin');
  expect(css).not.toMatch(/p-datatable|p-dialog|@media|p-fadein/);
});

it('leaves the sign-in page a small part of the theme, with its buttons, fields and message', () => {
  const css = subset(theme);
  expect(css.length).toBeLessThan(theme.length / 10);
  for (const selector of [
    '.p-inputtext:enabled:focus',
    '.p-button:focus',
    '.p-inline-message.p-inline-message-error',
  ]) {
    expect(css).toContain(selector);
  }
  expect(css).not.toContain('.p-datatable');
});

it('gives the sign-in page the subsets and the console the whole stylesheets, the theme first', () => {
  const imports = (file: string) =>
    [...readFileSync(join(__dirname, file), 'utf8').matchAll(/^import '([^']+\.css[^']*)';/gm)].map((m) => m[1]);
  expect(imports('bootstrap.tsx')).toEqual([
    '@primereact-css/themes/lara-light-blue/theme.css?sign-in',
    '@primereact-css/primereact.min.css?sign-in',
    'primeicons/primeicons.css?sign-in',
    './fonts.css',
    './styles.css?sign-in',
  ]);
  expect(imports('console-styles.ts')).toEqual([
    '@primereact-css/themes/lara-light-blue/theme.css',
    '@primereact-css/primereact.min.css',
    'primeicons/primeicons.css',
    './styles.css',
  ]);
});

it('takes the theme’s fonts and font family out, so fonts.css names the page’s fonts whichever comes later', () => {
  const css = stripFontFaces(theme);
  expect(css).not.toContain('@font-face');
  expect(css).not.toMatch(/:root\s*\{[^}]*font-family/);
  expect(css).toContain('--primary-color');
  expect(css).toContain('font-family: var(--font-family)');
});

it('names in its set every class the pages drawn before the console use, so none draws unstyled', () => {
  // The sign-in form, the session check's pages and the spinner: their className strings, whole or in a template.
  const files = ['auth/LoginPage.tsx', 'auth/LoginField.tsx', 'session/SessionGate.tsx'].map((f) => join(__dirname, f));
  files.push(
    join(__dirname, '../../shared/src/ui/FullScreenSpinner.tsx'),
    join(__dirname, '../../shared/src/ui/FieldFrame.tsx'),
  );
  const used = new Set<string>();
  for (const file of files)
    for (const [, plain, template] of readFileSync(file, 'utf8').matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g))
      for (const name of (plain ?? template!).match(/[a-z][\w-]*/g) ?? [])
        if (/^(vot|p|pi)(-|$)/.test(name)) used.add(name);
  expect(used.size).toBeGreaterThan(20);
  expect([...used].filter((name) => !signIn.has(name))).toEqual([]);
});

it('keeps of the icons only the font and the glyphs the sign-in pages draw', () => {
  const icons = readFileSync(join(dirname(require.resolve('primeicons/package.json')), 'primeicons.css'), 'utf8');
  const css = subset(icons);
  expect(css).toContain('@font-face');
  for (const selector of ['.pi {', '.pi-times-circle:before', '.pi-refresh:before']) expect(css).toContain(selector);
  expect(css).not.toContain('.pi-check:before');
  expect(css.length).toBeLessThan(icons.length / 10);
});
