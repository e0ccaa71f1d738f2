// docs/configuration.md's table of settings, written from config-settings.ts: `npm run docs:config`
// writes it (scripts/config-docs.ts), config.test.ts fails while the document says otherwise. The
// prose around the table is the document's own, kept as written.
import { SETTINGS, type Setting } from './config-settings.ts';

const START =
  '<!-- settings: written by `npm run docs:config` from apps/server/src/config-settings.ts -->';
const END = '<!-- end of settings -->';

/** A table cell: one line, its pipes escaped. */
const cell = (markdown: string) => markdown.replaceAll('|', '\\|').replaceAll('\n', ' ');

function defaultOf(setting: Setting): string {
  if (setting.default !== undefined) return `\`${String(setting.default)}\``;
  return setting.unset ? `unset: ${setting.unset}` : 'unset';
}

/** The table of every setting, in the table's order, secrets marked. */
function settingsTable(): string {
  const rows = Object.entries(SETTINGS).map(([name, setting]: [string, Setting]) => {
    const variable = `\`${name}\`${setting.secret ? ' (secret)' : ''}`;
    return `| ${[variable, defaultOf(setting), setting.example, setting.doc].map(cell).join(' | ')} |`;
  });
  return ['| Variable | Default | Example | What it does |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** `doc` with the table between its two markers written afresh. */
export function withSettingsTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(
      `docs/configuration.md: the settings table's markers are missing:\n${START}\n${END}`,
    );
  }
  return `${doc.slice(0, start + START.length)}\n${settingsTable()}\n${doc.slice(end)}`;
}
