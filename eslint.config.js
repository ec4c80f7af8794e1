// ESLint for the whole repository: typescript-eslint's recommended rules, React hooks rules for
// the web app, and the import boundaries: shared/ imports nothing outside itself, a feature
// imports only itself and shared parts, and web/src/components imports no feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * shared/ is pure rules and the contract, read by the functions, the web app and the tests: it
 * imports packages and itself only. A file N folders below shared/ leaves it with N+1 `../`.
 */
const SHARED_DEPTHS = [0, 1, 2, 3, 4];
const sharedStaysInside = SHARED_DEPTHS.map((depth) => ({
  files: [`shared/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        regex: `^(\\.\\./){${depth + 1},}|^@/`,
        message: 'shared/ non importa nulla fuori da sé: sposta in shared/ ciò che serve, o lascia il codice dove sta.',
      }],
    }],
  },
}));

/**
 * The functions' layers, one direction: handlers -> services -> repositories. A handler reaches
 * storage through a service (functions/services, functions/prezzari); a service or a repository
 * knows nothing of HTTP (functions/http), nor of the handlers.
 */
const layers = [
  {
    files: ['functions/handlers/**/*.ts', 'functions/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '(^|/)storage/(repositories|blobs)(/|$)',
          message: 'Un handler non legge i repository né l\u2019archivio dei file: passa da un servizio (functions/services).',
        }],
      }],
    },
  },
  {
    files: ['functions/services/**/*.ts', 'functions/storage/**/*.ts', 'functions/prezzari/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(\\.\\./)+(http|handlers)(/|$)',
          message: 'Servizi e repository non conoscono HTTP: i tipi che servono stanno fuori da functions/http (es. functions/auth/principal.ts).',
        }],
      }],
    },
  },
];

const FEATURES = ['admin', 'auth', 'comparison', 'debug', 'documents', 'patterns', 'prezzari', 'provinces', 'search', 'tipologie', 'verification'];

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
  // No cross-feature imports: what two features share lives in @/components, @/hooks or @/lib.
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`]),
          message: 'Una feature non importa da un’altra: sposta il codice condiviso in @/components, @/hooks o @/lib.',
        }],
      }],
    },
  })),
  // Components are shared by the features, so they import none of them.
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(@/|(\\.\\./)+)features(/|$)',
          message: 'Un componente condiviso non importa da una feature: passa i dati come props o sposta il codice in @/components, @/hooks o @/lib.',
        }],
      }],
    },
  },
  ...sharedStaysInside,
  ...layers,
);
