// Reads the Vitest and Playwright JSON reports written by `npm test` and prints the totals. The
// last line printed is exactly `N passed, N failed` (then `, N skipped` when some were skipped).
// A missing or unreadable report counts as zero tests and is named above that line.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Report {
  name: string;
  file: string;
  count: (json: unknown) => Counts & { notes: string[] };
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** A Vitest JSON report's totals. */
function vitestCounts(json: unknown) {
  const report = record(json);
  const notes: string[] = [];
  // A test file that fails to load (syntax error, failing import, error in a hook outside
  // any test) has no test results of its own: count each such file as one failure.
  const results = Array.isArray(report.testResults) ? report.testResults : [];
  const brokenFiles = results.filter((entry) => {
    const file = record(entry);
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    return file.status === 'failed' && assertions.length === 0;
  }).length;
  if (brokenFiles > 0) notes.push(`${brokenFiles} test file(s) failed to run`);
  return {
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests) + brokenFiles,
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
    notes,
  };
}

const reports: Report[] = [
  { name: 'Vitest', file: '.vitest-results/results.json', count: vitestCounts },
  // `npm run test:faults`, which .ci/run runs after `npm test`.
  { name: 'Faults', file: '.vitest-results/faults.json', count: vitestCounts },
  {
    name: 'Playwright',
    file: 'e2e/test-results/results.json',
    count(json) {
      const report = record(json);
      const stats = record(report.stats);
      const notes: string[] = [];
      const flaky = num(stats.flaky);
      if (flaky > 0) notes.push(`${flaky} flaky (passed on retry)`);
      // Errors outside any test (web server not starting, global setup failing) leave the test
      // counts at zero: count each one as a failure.
      const errors = Array.isArray(report.errors) ? report.errors.length : 0;
      if (errors > 0) notes.push(`${errors} error(s) outside tests`);
      return {
        passed: num(stats.expected) + flaky,
        failed: num(stats.unexpected) + errors,
        skipped: num(stats.skipped),
        notes,
      };
    },
  },
];

const total: Counts = { passed: 0, failed: 0, skipped: 0 };

for (const report of reports) {
  let text: string;
  try {
    text = readFileSync(path.join(root, report.file), 'utf8');
  } catch {
    console.log(`${report.name}: report missing (${report.file}), counted as 0 tests`);
    continue;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.log(`${report.name}: report unreadable (${report.file}), counted as 0 tests`);
    continue;
  }
  const counts = report.count(json);
  const notes = counts.notes.length > 0 ? ` (${counts.notes.join('; ')})` : '';
  console.log(
    `${report.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${notes}`,
  );
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
