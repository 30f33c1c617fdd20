/**
 * The agent-memory tools' JSON (propose-update-behaviour.md, seed 002): camelCase ↔ snake_case
 * field names, SCREAMING_SNAKE ↔ lowercase enum values.
 */
import type { McpFetchContextQuery, McpProposeUpdateMutation, McpStatusQuery } from '../../generated/graphql.js';
import { type Json, lowerValue, present, upperValue } from '../json-case.js';

/** Seed 002's input (snake_case keys, lowercase values) as this API's ProposeUpdateInput. */
export function proposeUpdateInput(args: McpProposeUpdate): Json {
  return present({
    intent: upperValue(args.intent),
    rationale: args.rationale,
    operations: args.operations.map((operation) =>
      present({
        kind: upperValue(operation.operation),
        file: operation.path,
        sectionId: operation.section_id,
        heading: operation.heading,
        headingLevel: operation.heading_level,
        parentSectionId: operation.parent_section_id,
        content: operation.content,
        ifExists: operation.if_exists ? upperValue(operation.if_exists) : null,
        ifMissing: operation.if_missing ? upperValue(operation.if_missing) : null,
        archivePath: operation.archive_path,
        replacement: operation.replacement,
        reason: operation.reason,
        newHeading: operation.new_heading,
        newHeadingLevel: operation.new_heading_level,
      }),
    ),
    sources: args.sources?.map((source) => present({ type: upperValue(source.type), ref: source.ref })),
    confidence: args.confidence ? upperValue(args.confidence) : null,
    owner: args.owner,
    space: args.space,
  });
}

export interface McpProposeUpdate {
  intent: string;
  rationale?: string;
  operations: {
    operation: string;
    path: string;
    section_id?: string;
    heading?: string;
    heading_level?: number;
    parent_section_id?: string;
    content?: string;
    if_exists?: string;
    if_missing?: string;
    archive_path?: string;
    replacement?: string;
    reason?: string;
    new_heading?: string;
    new_heading_level?: number;
  }[];
  sources?: { type: string; ref?: string }[];
  confidence?: string;
  owner?: { id?: string; kind?: string };
  space?: string;
}

/** Seed 002's output schema; optional keys appear when they carry something. */
export function proposeUpdateJson(payload: McpProposeUpdateMutation['proposeUpdate']): Json {
  const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : null);
  return present({
    status: lowerValue(payload.status),
    reason: lowerValue(payload.reason),
    message: payload.message,
    routing: payload.routing ? { mode: lowerValue(payload.routing.mode), reason: payload.routing.reason } : null,
    staging_id: payload.stagingId,
    files: payload.files,
    findings: nonEmpty(
      payload.findings.map((finding) => ({ type: lowerValue(finding.type), line: finding.line, location: finding.location })),
    ),
    violations: nonEmpty(
      payload.violations.map((violation) =>
        present({ file: violation.file, section_id: violation.sectionId, field: violation.field, message: violation.message }),
      ),
    ),
    provenance_violations: nonEmpty(payload.provenanceViolations),
    applied_at: payload.appliedAt,
    affected_sections:
      payload.status === 'APPLIED'
        ? payload.affectedSections.map((section) => ({ file: section.file, section_id: section.sectionId }))
        : null,
    index_updated: payload.status === 'APPLIED' ? payload.indexUpdated : null,
    warnings: payload.status === 'APPLIED' ? payload.warnings : null,
    staging_ttl_seconds: payload.stagingTtlSeconds,
    human_approval_required: payload.status === 'STAGED' ? payload.humanApprovalRequired : null,
    review_command: payload.reviewCommand,
  });
}

/**
 * Reference §7.2's output from the ranked sections: `context` is the sections' markdown, each
 * after a comment naming its file, section id and score.
 */
export function fetchContextJson(
  result: McpFetchContextQuery['memoryContext'],
  sections: McpFetchContextQuery['memoryContext']['sections'],
): Json {
  const byPath = new Map<string, { path: string; category: string; section_count: number }>();
  for (const section of sections) {
    const entry = byPath.get(section.path) ?? { path: section.path, category: lowerValue(section.category), section_count: 0 };
    entry.section_count++;
    byPath.set(section.path, entry);
  }
  const used = sections.reduce((sum, section) => sum + section.text.length, 0);
  return {
    context: sections
      .map((section) => `<!-- ${section.path}#${section.sectionId} score=${section.score.toFixed(3)} -->\n${section.text}`)
      .join('\n\n'),
    included_files: [...byPath.values()].map((entry) => ({ ...entry, reason: 'matched' })),
    omitted: result.omitted.map((omission) => ({ path: omission.path, section_id: omission.sectionId, reason: omission.reason })),
    suggested_next_queries: [],
    context_metadata: { budget_used: used, budget_remaining: Math.max(0, result.budgetChars - used), stale_warnings: [] },
    sections: sections.map((section) => ({
      path: section.path,
      section_id: section.sectionId,
      heading: section.heading,
      category: lowerValue(section.category),
      score: section.score,
      uri: section.uri,
    })),
  };
}

/** Reference §7.3, with what applies to memory kept in a database (no git, no lock files). */
export function statusJson(result: McpStatusQuery, now: Date): Json {
  const durable =
    result.shared.totalCount +
    result.conventions.totalCount +
    result.decisions.totalCount +
    result.pitfalls.totalCount +
    result.modules.totalCount;
  return {
    space: result.me.defaultWriteSpace,
    durable_files: durable,
    archive_files: result.archive.totalCount,
    local_sessions: result.sessions.totalCount,
    local_current_files: result.current.totalCount,
    staged_updates: result.staged.edges.map(({ node }) => ({
      id: node.id,
      intent: lowerValue(node.intent),
      age_seconds: Math.max(0, Math.round((now.getTime() - Date.parse(node.stagedAt)) / 1000)),
      ttl_remaining_seconds: Math.max(0, Math.round((Date.parse(node.expiresAt) - now.getTime()) / 1000)),
      target_files: node.files,
      drift_detected: node.applyBlockedBy?.reason === 'TARGET_DRIFT',
    })),
    stale_notes: [],
  };
}
