import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's order (slowest and failed first), with the browser files (project `e2e`) ahead of all
 * the others. A non-isolated fork is kept for the next file only when that file is of the same
 * project (vitest's pool stops it otherwise): with the e2e files first and together, each of the
 * two forks runs e2e files one after another on its one Chromium and its apps (tests/support/
 * shared.ts), then the unit and integration files take both forks.
 */
export class BrowserFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => f.project.name === 'e2e';
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}
