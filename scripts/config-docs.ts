// `npm run docs:config`: writes docs/configuration.md's table of settings from the server's table
// (apps/server/src/config-settings.ts), the document's prose kept as it is. config.test.ts fails
// while the document is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withSettingsTable } from '../apps/server/src/config-docs.ts';

const file = path.resolve(import.meta.dirname, '../docs/configuration.md');
const before = readFileSync(file, 'utf8');
const after = withSettingsTable(before);
writeFileSync(file, after);
console.log(
  after === before ? 'docs/configuration.md was up to date.' : 'docs/configuration.md written.',
);
