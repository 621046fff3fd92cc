import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest (minutes on a 2-core CI machine), longest first. Vitest hands files to its
 * workers in order; without a results cache of an earlier run (a fresh CI checkout) its order is by
 * file size, which put these among the last 40 of 230 files, so the run ended with one or two
 * workers finishing them while the others sat idle. Started first, they overlap with everything else.
 */
export const LONGEST_FILES = [
  'test/integration/imports-crash.test.ts',
  'test/integration/imports-crash-resume.test.ts',
  'test/e2e/imports-large-job.test.ts',
  'test/integration/enrichment-browser-network-lockdown.test.ts',
  'test/e2e/registry-fuzz.test.ts',
  'test/e2e/dialogs-idle.test.ts',
];

/** Vitest's own order (failed first, then longest by its cache, else largest), with LONGEST_FILES ahead of it. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FILES.findIndex((p) => f.moduleId.replaceAll('\\', '/').endsWith(`/${p}`));
      return i < 0 ? LONGEST_FILES.length : i;
    };
    return sorted
      .map((file, order) => ({ file, order, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map((x) => x.file);
  }
}
