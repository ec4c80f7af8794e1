/**
 * The walls of eslint.config.js stand: ESLint's own Node API lints small snippets as if they were
 * files at real places of the repository (nothing is written), with the repository's config and
 * its import resolver. A web feature importing another (by a relative path or by `@/features`),
 * the web importing functions/ or infra/, shared/ importing outside itself, a backend layer
 * importing one above it (also type-only), a handler reading a repository and an import cycle in
 * functions/ are refused; the imports the walls allow pass without any message.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/runtime.ts';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

/** The messages ESLint gives `code` placed at `file` (relative to the repository). */
async function lintAt(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

/** A snippet that imports `name` from `from` and uses it, so no other rule has anything to say. */
const importing = (name: string, from: string, type = false) =>
  type ? `import type { ${name} } from '${from}';\nexport type Probe = ${name};\n` : `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;

const FEATURE_FILE = 'web/src/features/comparison/components/LintProbe.tsx';

describe('the lint walls', () => {
  it('refuses a web feature importing another feature by a relative path', async () => {
    const messages = await lintAt(FEATURE_FILE, importing('getDocument', '../../documents/api/get-document.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Una feature non importa da un\u2019altra') })]);
  });

  it('refuses a web feature importing another feature by the @/features alias', async () => {
    const messages = await lintAt(FEATURE_FILE, importing('getDocument', '@/features/documents/api/get-document.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Una feature non importa') })]);
  });

  it('refuses a web file importing functions/ or infra/', async () => {
    const fromFunctions = await lintAt(FEATURE_FILE, importing('validatePdf', '../../../../../functions/analysis/pdf-text.ts'));
    const fromInfra = await lintAt('web/src/lib/lint-probe.ts', importing('startLocalRuntime', '../../../infra/local/runtime.ts'));

    expect(fromFunctions).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Il web non importa dal server') })]);
    expect(fromInfra).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Il web non importa dal server') })]);
  });

  it('refuses a web shared part (components, hooks, lib) importing a feature', async () => {
    const messages = await lintAt('web/src/components/LintProbe.tsx', importing('getDocument', '@/features/documents/api/get-document.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('non importano feature') })]);
  });

  it('refuses shared/ importing outside itself', async () => {
    const messages = await lintAt('shared/domain/lint-probe.ts', importing('AppError', '../../functions/errors.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('shared/ non importa nulla fuori da sé') })]);
  });

  it('refuses a backend layer importing one above it, a type-only import too', async () => {
    const readerToService = await lintAt('functions/ocr/lint-probe.ts', importing('loadPricing', '../services/pricing.ts'));
    const configToService = await lintAt('functions/config/lint-probe.ts', importing('ParseJob', '../services/parse-jobs.ts', true));
    const serviceToHandler = await lintAt('functions/services/lint-probe.ts', importing('RESOURCES', '../routes.ts'));

    for (const [messages, layer, above] of [[readerToService, 'readers', 'services'], [configToService, 'base', 'services'], [serviceToHandler, 'services', 'edge']] as const) {
      expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining(`«${layer}» non importa da «${above}»`) })]);
    }
  });

  it('refuses a handler reading a repository instead of calling a service', async () => {
    const messages = await lintAt('functions/handlers/lint-probe.ts', importing('getRowById', '../storage/repositories/rows.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Un handler non legge i repository') })]);
  });

  it('refuses the readers taking a type from the HTTP contract', async () => {
    const messages = await lintAt('functions/analysis/import/lint-probe.ts', importing('ColumnMapping', '../../../shared/api/documents.ts', true));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('Il contratto HTTP') })]);
  });

  it('refuses an import cycle in functions/', async () => {
    // rows.ts imports retotal.ts: retotal.ts importing rows.ts back closes a cycle.
    const messages = await lintAt('functions/services/retotal.ts', importing('requireRowFor', './rows.ts'));

    expect(messages).toEqual([expect.objectContaining({ rule: 'import-x/no-cycle' })]);
  });

  it('lets the allowed imports through', async () => {
    const feature = await lintAt(
      FEATURE_FILE,
      [
        "import { useReadableDocuments } from '../api/get-readable-documents.ts';",
        "import { Alert } from '@/components/Alert.tsx';",
        "import { MAPPING_FIELDS } from '@shared/api/documents.ts';",
        'export const probe = [useReadableDocuments, Alert, MAPPING_FIELDS];',
      ].join('\n'),
    );
    const service = await lintAt(
      'functions/services/lint-probe.ts',
      [
        "import { getBlob } from '../storage/blobs.ts';",
        "import { validatePdf } from '../analysis/pdf-text.ts';",
        "import { MAPPING_FIELDS } from '../../shared/domain/column-mapping.ts';",
        "import { retotal } from './retotal.ts';",
        'export const probe = [getBlob, validatePdf, MAPPING_FIELDS, retotal];',
      ].join('\n'),
    );
    const storageBelowConfig = await lintAt('functions/config/lint-probe.ts', importing('TABLES', '../storage/tables.ts'));

    expect(feature).toEqual([]);
    expect(service).toEqual([]);
    expect(storageBelowConfig).toEqual([]);
  });
});
