/**
 * Protocols served as MCP skills (the Skills extension, SEP-2640, through the SDK's
 * `SkillsExtension`): every protocol or adapter the caller may read is a skill at
 * `skill://kairos/<space>/<name>/SKILL.md` (`personal` for the caller's own space, else the space
 * id), with the files the skill-tree export writes (`SKILL.md`, `artifacts/<slug>.md`,
 * `SHA256SUMS`), each listed with its SHA-256 digest. Everything is read as the caller through
 * the same GraphQL operations as the `spaces` and `export` tools, so another tenant's protocols
 * never appear and every answer is within the response budget.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type McpServer, ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import { type Skill, type SkillReadResult, SkillsExtension, type SkillSource, skillEntry } from '@modelcontextprotocol/server/ext/skills';
import { skillName } from '../../export/skill-bundle.js';
import { adapterUri } from '../../model/kairos-uri.js';
import type { Logger } from '../../observability/logger.js';
import type { Authentication } from '../../services/auth-service.js';
import type { RunOperation } from '../graphql-door.js';
import { McpSkillSpacesDocument, McpSkillTreeDocument } from './operations.js';

/** A skill's files by path: text, or the bytes of a binary artifact. */
type SkillFileMap = Record<string, string | Uint8Array>;

export const SKILL_BASE_URI = 'skill://kairos/';
/** Skills per `skills/list` page; a page never spans two spaces. */
export const SKILLS_PAGE_SIZE = 20;
/** How long a host may reuse a listing or a file; digests tell it whether a file changed. */
export const SKILLS_CACHE_TTL_MS = 30_000;

const PERSONAL_SEGMENT = 'personal';

export interface SkillsApp {
  runOperation: RunOperation;
  log: Logger;
  /** Skills one listing walks through, page after page; past it the list ends (no `nextCursor`). 0: no cap. */
  skillsListCap: number;
  /** Signs the listing's cursors (`skillsCursorKey`), so a client cannot rewind the count toward the cap. */
  skillsCursorKey: Buffer;
}

/** The key `skills/list` cursors are signed with: from KAIROS_SECRET (every process agrees), else this process's own. */
export function skillsCursorKey(secret: string | null): Buffer {
  return secret ? createHash('sha256').update(`skills-cursor|${secret}`).digest() : randomBytes(32);
}

interface SpaceProtocols {
  segment: string;
  protocols: { chainId: string; slug: string }[];
}

/** Where a listing resumes: the space (by segment), the offset in it, and how many were listed before. */
interface ListCursor {
  space: string;
  offset: number;
  listed: number;
}

function encodeCursor(cursor: ListCursor, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** A cursor this server signed, or an invalid-params refusal (a changed or made-up cursor alike). */
function decodeCursor(text: string, key: Buffer): ListCursor {
  try {
    const [body, signature, extra] = text.split('.');
    const expected = body ? createHmac('sha256', key).update(body).digest() : null;
    const given = Buffer.from(signature ?? '', 'base64url');
    if (expected && extra === undefined && given.length === expected.length && timingSafeEqual(given, expected)) {
      const value = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Partial<ListCursor>;
      if (
        typeof value.space === 'string' &&
        Number.isSafeInteger(value.offset) &&
        value.offset! >= 0 &&
        Number.isSafeInteger(value.listed) &&
        value.listed! >= 0
      ) {
        return value as ListCursor;
      }
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: pass nextCursor from a previous skills/list answer');
}

/** `skill://kairos/<space>/<name>/<file…>` → its parts; null when it is not one of ours. */
function parseSkillUri(uri: string): { segment: string; name: string; file: string } | null {
  if (!uri.startsWith(SKILL_BASE_URI)) return null;
  let parts: string[];
  try {
    parts = new URL(uri).pathname
      .split('/')
      .slice(1)
      .map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
  const [segment, name, ...file] = parts;
  if (!segment || !name || file.length === 0 || file.some((part) => part === '' || part === '.' || part === '..')) return null;
  return { segment, name, file: file.join('/') };
}

export function createProtocolSkills(app: SkillsApp, authenticationOf: (ctx: ServerContext) => Authentication): SkillsExtension {
  const caller = (ctx: ServerContext) => ({ authentication: authenticationOf(ctx) });

  async function spacesOf(ctx: ServerContext): Promise<SpaceProtocols[]> {
    const outcome = await app.runOperation(McpSkillSpacesDocument, {}, caller(ctx));
    // A refusal (rate limit, a revoked token) carries its code, as a tool's would.
    if (!outcome.ok) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, outcome.refusal.message, { code: outcome.refusal.code });
    return outcome.data.spaces
      .filter((space) => !space.id.includes('/'))
      .map((space) => ({ segment: space.kind === 'PERSONAL' ? PERSONAL_SEGMENT : space.id, protocols: space.protocols }));
  }

  /** The skill-tree files of these adapters by skill name; one adapter too large for the budget is left out. */
  async function skillFiles(ctx: ServerContext, chainIds: readonly string[]): Promise<Map<string, SkillFileMap>> {
    const tree = async (ids: readonly string[]) =>
      app.runOperation(McpSkillTreeDocument, { input: { adapters: ids.map((id) => adapterUri(id)), format: 'SKILL_TREE' } }, caller(ctx));
    const files = new Map<string, SkillFileMap>();
    const collect = (content: string) => {
      const parsed = JSON.parse(content) as {
        skills: { slug: string; files: { path: string; content: string; content_encoding?: 'base64' }[] }[];
      };
      for (const skill of parsed.skills) {
        const name = skillName(skill.slug);
        // A binary artifact comes as base64 in the tree; a skill serves its bytes.
        files.set(
          name,
          Object.fromEntries(
            skill.files.map((file) => [
              file.path.slice(name.length + 1),
              file.content_encoding === 'base64' ? new Uint8Array(Buffer.from(file.content, 'base64')) : file.content,
            ]),
          ),
        );
      }
    };
    if (chainIds.length === 0) return files;
    const whole = await tree(chainIds);
    if (whole.ok) {
      collect(whole.data.export.content);
      return files;
    }
    // Together over the budget (or one refused): each on its own, so one large adapter hides only itself.
    for (const id of chainIds) {
      const single = chainIds.length === 1 ? whole : await tree([id]);
      if (single.ok) collect(single.data.export.content);
      else app.log.warn({ adapter: id, code: single.refusal.code }, 'protocol left out of the MCP skills');
    }
    return files;
  }

  async function entry(segment: string, name: string, files: SkillFileMap): Promise<Skill | undefined> {
    try {
      return await skillEntry(`${segment}/${name}`, files, { baseUri: SKILL_BASE_URI });
    } catch (error) {
      app.log.warn({ err: error, skill: `${segment}/${name}` }, 'protocol not served as an MCP skill');
      return undefined;
    }
  }

  /** The files of the skill a URI names, when the caller may read it. */
  async function filesAt(
    uri: string,
    ctx: ServerContext,
  ): Promise<{ segment: string; name: string; file: string; files: SkillFileMap } | undefined> {
    const parsed = parseSkillUri(uri);
    if (!parsed) return undefined;
    const space = (await spacesOf(ctx)).find((candidate) => candidate.segment === parsed.segment);
    const protocol = space?.protocols.find((candidate) => skillName(candidate.slug) === parsed.name);
    if (!protocol) return undefined;
    const files = (await skillFiles(ctx, [protocol.chainId])).get(parsed.name);
    return files ? { ...parsed, files } : undefined;
  }

  const source: SkillSource = {
    async list(params, ctx) {
      const cap = app.skillsListCap > 0 ? app.skillsListCap : Number.POSITIVE_INFINITY;
      const spaces = (await spacesOf(ctx)).filter((space) => space.protocols.length > 0);
      const at = params.cursor
        ? decodeCursor(params.cursor, app.skillsCursorKey)
        : { space: spaces[0]?.segment ?? '', offset: 0, listed: 0 };
      const index = spaces.findIndex((space) => space.segment === at.space);
      const space = spaces[index];
      if (!space) return { skills: [] };
      const room = Math.min(SKILLS_PAGE_SIZE, cap - at.listed);
      const page = space.protocols.slice(at.offset, at.offset + Math.max(room, 0));
      const files = await skillFiles(
        ctx,
        page.map((protocol) => protocol.chainId),
      );
      const skills: Skill[] = [];
      for (const protocol of page) {
        const name = skillName(protocol.slug);
        const found = files.get(name);
        const skill = found ? await entry(space.segment, name, found) : undefined;
        if (skill) skills.push(skill);
      }
      const listed = at.listed + page.length;
      const rest = at.offset + page.length < space.protocols.length;
      const nextSpace = spaces[index + 1];
      const next: ListCursor | null =
        listed >= cap
          ? null
          : rest
            ? { space: space.segment, offset: at.offset + page.length, listed }
            : nextSpace
              ? { space: nextSpace.segment, offset: 0, listed }
              : null;
      return { skills, ...(next ? { nextCursor: encodeCursor(next, app.skillsCursorKey) } : {}) };
    },

    async get(uri, ctx) {
      const found = await filesAt(uri, ctx);
      if (!found || found.file !== 'SKILL.md') return undefined;
      return entry(found.segment, found.name, found.files);
    },

    async read(uri, ctx): Promise<SkillReadResult | undefined> {
      const found = await filesAt(uri, ctx);
      const file = found?.files[found.file];
      if (file === undefined) return undefined;
      if (typeof file !== 'string') return { bytes: file };
      return { text: file, mimeType: found!.file.endsWith('.md') ? 'text/markdown' : 'text/plain' };
    },
  };

  return new SkillsExtension({
    source,
    baseUri: SKILL_BASE_URI,
    cacheHint: { ttlMs: SKILLS_CACHE_TTL_MS, cacheScope: 'private' },
    onWarning: (warning) => app.log.warn(warning, 'MCP skills'),
  });
}

export function attachProtocolSkills(mcp: McpServer, app: SkillsApp, authenticationOf: (ctx: ServerContext) => Authentication): void {
  createProtocolSkills(app, authenticationOf).attach(mcp);
}
