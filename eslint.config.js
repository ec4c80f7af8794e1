// ESLint for the whole repository: typescript-eslint's recommended rules, React hooks rules for
// the web app, and the walls between the parts (import-x zones on resolved paths, so a relative
// path, an alias and a type-only import are all seen; tests/unit/lint-walls.test.ts proves them):
// shared/ imports nothing outside itself, the web imports neither functions/ nor infra/, a web
// feature imports only itself and the web's shared parts, and the backend's layers point down.
// functions/ and shared/ have no import cycle.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ROOT = import.meta.dirname;

/**
 * The backend's layers, lowest first: a file imports its own layer and those below, never one
 * above. The base is what every layer reads (the context built from config, the errors, who is
 * calling, the table definitions); the stores read and write the tables and the files; the
 * readers and writers of documents and price lists (PDF reading, imports, OCR and its Textract
 * adapter, price-list search, exports) work on what they are handed; the services put those
 * together with the stores; the HTTP edge (contract, handlers, the route table) calls the
 * services; the worker and the grants derived from the routes run them; infra/ builds the
 * runtimes, locally and in the cloud.
 */
const LAYERS = [
  { name: 'base', paths: ['functions/config', 'functions/errors.ts', 'functions/auth', 'functions/storage/tables.ts'] },
  { name: 'stores', paths: ['functions/storage'] },
  { name: 'readers', paths: ['functions/analysis', 'functions/ocr', 'functions/prezzari', 'functions/export', 'functions/adapters'] },
  { name: 'services', paths: ['functions/services'] },
  { name: 'edge', paths: ['functions/http', 'functions/handlers', 'functions/routes.ts'] },
  { name: 'runtime', paths: ['functions/worker', 'functions/resource-grants.ts'] },
  { name: 'entry', paths: ['infra'] },
];
const LAYER_ORDER = LAYERS.map((l) => l.name).join(' < ');

/** One zone per layer and path above it; the base's table definitions sit inside storage/, so they are excepted there. */
const layerZones = LAYERS.flatMap((layer, i) =>
  LAYERS.slice(i + 1).flatMap((above) =>
    above.paths.map((from) => ({
      target: layer.paths,
      from,
      ...(from === 'functions/storage' ? { except: ['./tables.ts'] } : {}),
      message: `I livelli del backend vanno in un verso solo (${LAYER_ORDER}): «${layer.name}» non importa da «${above.name}». Passa ciò che serve come argomento o sposta il codice nel livello giusto.`,
    })),
  ),
);

const FEATURES_DIR = 'web/src/features';
/** Every folder of web/src/features is a feature, so a new one is walled in without editing this file. */
const FEATURES = readdirSync(`${ROOT}/${FEATURES_DIR}`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

const zones = [
  {
    target: 'shared',
    from: ['functions', 'infra', 'web', 'tests'],
    message: 'shared/ non importa nulla fuori da sé: sposta in shared/ ciò che serve, o lascia il codice dove sta.',
  },
  {
    target: 'web',
    from: ['functions', 'infra', 'tests'],
    message: 'Il web non importa dal server: ciò che server e web condividono (contratto, regole) sta in shared/.',
  },
  { target: ['functions', 'infra'], from: ['web', 'tests'], message: 'Il server non importa dal web né dai test.' },
  // bulletproof-react: a feature imports only itself and the shared parts (@/components, @/hooks, @/lib).
  ...FEATURES.map((feature) => ({
    target: `${FEATURES_DIR}/${feature}`,
    from: FEATURES_DIR,
    except: [`./${feature}`],
    message: 'Una feature non importa da un\u2019altra: sposta il codice condiviso in @/components, @/hooks o @/lib.',
  })),
  // The web's shared parts are used by the features and the app, so they import neither.
  {
    target: ['web/src/components', 'web/src/hooks', 'web/src/lib'],
    from: [FEATURES_DIR, 'web/src/app', 'web/src/pages'],
    message: 'Le parti condivise del web (components, hooks, lib) non importano feature né pagine: passa i dati come props o sposta il codice in @/components, @/hooks o @/lib.',
  },
  // The HTTP contract is the edge's: what a lower layer shares with it (a type, a list of fields) lives in shared/domain.
  {
    target: LAYERS.slice(0, 3).flatMap((layer) => layer.paths),
    from: 'shared/api',
    message: 'Il contratto HTTP (shared/api) è del bordo HTTP: ciò che serve a un livello più basso sta in shared/domain, e shared/api lo importa da lì.',
  },
  // Besides the layer order (which lets the edge read any layer below), a handler reaches the tables and the files through a service.
  {
    target: ['functions/handlers', 'functions/http'],
    from: ['functions/storage/repositories', 'functions/storage/blobs.ts'],
    message: 'Un handler non legge i repository né l\u2019archivio dei file: passa da un servizio (functions/services).',
  },
  ...layerZones,
];

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', 'dist', '**/*.d.ts', 'tests/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // Tests read untyped JSON answers and inject faults into SDK clients; `any` is allowed there.
  { files: ['tests/**/*.{ts,tsx,mts}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too (for no-cycle): TypeScript ones with typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json` })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }] },
  },
  // No cycle where the backend's layers and the shared rules live (type-only imports do not count).
  { files: ['functions/**/*.{ts,mjs}', 'shared/**/*.ts'], rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
);
