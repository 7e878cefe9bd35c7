// The floors of the server and the web (docs/architecture.md §11, docs/web-conventions.md
// "Floors"): a folder imports only the folders below it. `import-x/no-restricted-paths` refuses an
// import that points back up (type-only imports count too: a type import still ties the floors);
// `import-x/no-cycle` refuses an import circle in the server, the contracts and the web.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const server = 'apps/server/src';
const web = 'apps/web/src';

/** `target` may not import `from` (folders under the repository root). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const serverZones = [
  zone(`${server}/platform`, `${server}/http`, 'platform/ stands below http/: move the piece down into platform/.'),
  zone(`${server}/platform`, [`${server}/modules`, `${server}/demo`, `${server}/cli`, `${server}/jobs`], 'platform/ imports only db/.'),
  zone(`${server}/db`, [`${server}/modules`, `${server}/http`, `${server}/platform`, `${server}/demo`, `${server}/cli`, `${server}/jobs`], 'db/ holds schema, migrations and the connection: it imports nothing of ours above it.'),
  zone(`${server}/http`, [`${server}/modules`, `${server}/demo`, `${server}/cli`, `${server}/jobs`], 'http/ imports db/ and platform/ only.'),
  zone(`${server}/jobs`, [`${server}/modules`, `${server}/http`, `${server}/platform`, `${server}/db`, `${server}/demo`, `${server}/cli`], 'jobs/ (the daily timer) imports nothing of ours.'),
  zone(`${server}/modules`, [`${server}/demo`, `${server}/cli`], 'The demo seed and the command line stand above the modules.'),
];

// Bottom to top: api, i18n < stores < components < generic < shell < pages < app.
const webZones = [
  zone([`${web}/api`, `${web}/i18n`], [`${web}/stores`, `${web}/components`, `${web}/generic`, `${web}/shell`, `${web}/pages`, `${web}/app`], 'api/ and i18n/ are the web\'s ground floor.'),
  zone(`${web}/stores`, [`${web}/components`, `${web}/generic`, `${web}/shell`, `${web}/pages`, `${web}/app`], 'stores/ imports api/ and i18n/ only.'),
  zone(`${web}/components`, [`${web}/generic`, `${web}/shell`, `${web}/pages`, `${web}/app`], 'components/ stands below generic/, shell/ and pages/.'),
  zone(`${web}/generic`, [`${web}/shell`, `${web}/pages`, `${web}/app`], 'generic/ stands below shell/ and pages/.'),
  // The one way up: the outlet renders the page registry's pages (app/pages.ts).
  zone(`${web}/shell`, `${web}/pages`, 'shell/ stands below pages/: move the shared piece down (components/).'),
  zone(`${web}/shell`, `${web}/app`, 'shell/ stands below app/.', ['./pages.ts']),
  // The one way up: the login page preloads the workspace (app/preload.ts) while the form is filled in.
  zone(`${web}/pages`, `${web}/app`, 'pages/ stand below app/.', ['./preload.ts']),
  zone(`${web}/pages/tools`, `${web}/pages/loans`, 'The tools stand below the loan pages (the loan form uses the calculator).'),
];

export const floors = [
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`, 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files too: it parses them as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
    },
  },
  {
    files: [`${server}/**/*.ts`, 'packages/contracts/src/**/*.ts', `${web}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
