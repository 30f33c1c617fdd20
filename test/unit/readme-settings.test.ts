/**
 * The README stays true: its settings table names exactly the variables the code reads, with the
 * defaults the config applies; it stays short; and no relative link in it or in docs/ is dead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type AppConfig, loadConfig } from '../../src/config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Set by the CLI's launcher for itself (bin/kairos-graphql.js), not a setting anyone gives. */
const INTERNAL_VARIABLES = ['KAIROS_CLI_ENTRY'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) ? [path] : [];
  });
}

/** Variables read from the environment: `process.env.X`, `process.env['X']`, `intFromEnv('X', …)`; assignments are not reads. */
function variablesRead(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])(\s*=(?!=))?/g)) {
      if (!match[3]) names.add((match[1] ?? match[2])!);
    }
    for (const match of text.matchAll(/intFromEnv\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g)) names.add(match[1]!);
  }
  return names;
}

interface SettingsRow {
  names: string[];
  defaults: string[];
}

function settingsTable(markdown: string): SettingsRow[] {
  const section = markdown.split(/^### Settings$/m)[1]?.split(/^#{1,3} /m)[0];
  if (!section) throw new Error('README.md has no "### Settings" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [nameCell = '', defaultCell = ''] = line.split(' | ').map((cell) => cell.replace(/^\| /, ''));
      return { names: [...nameCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!), defaults: defaultCell.split(' / ') };
    });
}

/** What the config applies when a variable is unset, as the README writes it. */
function configDefaults(config: AppConfig): Record<string, string> {
  return {
    PORT: String(config.port),
    HOST: config.host,
    MONGODB_DB: config.mongoDbName,
    KAIROS_DATA_DIR: config.dataDir,
    LOG_LEVEL: config.logLevel,
    KAIROS_AUTH: config.authEnabled ? 'on' : 'off',
    KAIROS_RUN_IDLE_DAYS: String(config.runIdleDays),
    KAIROS_HISTORY_DAYS: String(config.historyDays),
    KAIROS_MCP_MAX_SESSIONS: String(config.mcpMaxSessions),
    KAIROS_MCP_SESSION_IDLE_MINUTES: String(config.mcpSessionIdleMs / 60_000),
    KAIROS_RATE_LIMIT_PER_MINUTE: String(config.rateLimitPerMinute),
    KAIROS_MAX_CONCURRENT_PER_PRINCIPAL: String(config.maxConcurrentPerPrincipal),
    KAIROS_MAX_BODY_BYTES: String(config.maxBodyBytes),
    KAIROS_MAX_BUFFERED_BYTES: String(config.maxBufferedBytes),
  };
}

/** `4000` → 4000, `2 MiB` → 2097152; anything else (prose, "unset") is not compared. */
function writtenDefault(cell: string): string | null {
  const literal = /^`([^`]+)`$/.exec(cell.trim());
  if (literal) return literal[1]!;
  const mebibytes = /^(\d+) MiB$/.exec(cell.trim());
  return mebibytes ? String(Number(mebibytes[1]) * 1024 * 1024) : null;
}

function withoutEnvironment<T>(names: string[], read: () => T): T {
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) delete process.env[name];
  try {
    return read();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}

describe('the README settings table', () => {
  const rows = settingsTable(readme);
  const documented = rows.flatMap((row) => row.names);
  const readByServer = variablesRead([
    ...sourceFiles(join(root, 'src')),
    ...sourceFiles(join(root, 'engine')),
    ...sourceFiles(join(root, 'bin')),
  ]);

  it('names every variable src/config.ts reads', () => {
    const readByConfig = variablesRead([join(root, 'src/config.ts')]);
    expect(readByConfig.size).toBeGreaterThan(15);
    expect([...readByConfig].filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('names every variable src/, engine/ and bin/ read, and only those', () => {
    const settings = [...readByServer].filter((name) => !INTERNAL_VARIABLES.includes(name));
    expect(settings.filter((name) => !documented.includes(name)).sort()).toEqual([]);
    expect(documented.filter((name) => !readByServer.has(name)).sort()).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('gives the defaults the config applies', () => {
    const defaults = withoutEnvironment(documented, () => configDefaults(loadConfig()));
    let compared = 0;
    for (const row of rows) {
      if (row.defaults.length !== row.names.length) continue;
      row.names.forEach((name, index) => {
        const written = writtenDefault(row.defaults[index]!);
        if (written === null || !(name in defaults)) return;
        expect(`${name}=${written}`).toBe(`${name}=${defaults[name]}`);
        compared++;
      });
    }
    expect(compared).toBeGreaterThanOrEqual(12);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

function relativeLinks(markdown: string): string[] {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the README and docs/', () => {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  const pages = [join(root, 'README.md'), join(root, 'bench/README.md'), ...docs];

  it('keeps the README to 300 lines at most', () => {
    expect(readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(300);
  });

  it('has no dead relative link (files, and anchors in markdown pages)', () => {
    const dead: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      for (const link of relativeLinks(text)) {
        checked++;
        const [path = '', anchor] = link.split('#');
        const target = path ? join(dirname(page), path) : page;
        const name = `${relative(root, page)} → ${link}`;
        if (!existsSync(target)) dead.push(`${name} (no such file)`);
        else if (anchor && statSync(target).isFile() && target.endsWith('.md') && !anchorsIn(readFileSync(target, 'utf8')).has(anchor))
          dead.push(`${name} (no such heading)`);
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('points at no file outside the project', () => {
    const outside = pages.flatMap((page) =>
      relativeLinks(readFileSync(page, 'utf8')).filter((link) => relative(root, join(dirname(page), link.split('#')[0]!)).startsWith('..')),
    );
    expect(outside).toEqual([]);
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });
});
