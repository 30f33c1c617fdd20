import {
  type CallToolRequest,
  type CallToolResult,
  inputRequired,
  type InputRequiredResult,
  McpServer,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { McpStepPayloadFragment } from '../generated/graphql.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import { inMcpRequestSpan } from '../observability/mcp-spans.js';
import { setSpanAttributes } from '../observability/spans.js';
import { SPAN_ATTRIBUTES } from '../observability/span-attributes.js';
import { REQUEST_REFUSALS } from '../model/refusal-codes.js';
import type { Authentication } from '../services/auth-service.js';
import type { OperationCaller, RunOperation } from './graphql-door.js';
import {
  answerHostReplies,
  askHost,
  HostAnswerRefused,
  HostInputNeeded,
  hostReplies,
  personRequired,
  promptRequest,
  replyOf,
} from './host-prompt.js';
import { stepPayloadJson } from './v3/json-shapes.js';
import { APP_VIEWS_CAPABILITY, registerAppViews, rendersViews, TOOL_VIEW_META } from './apps/views.js';
import { registerRunResources, RUN_RESOURCE_CAPABILITY } from './run-resources.js';
import { attachProtocolSkills } from './skills/protocol-skills.js';
import { SERVER_INFO } from './server-info.js';
import { inputJsonSchema, type ToolAnswer, type ToolCall } from './tool.js';
import { APP_ONLY_TOOLS, TOOLS, TOOLS_BY_NAME } from './tools.js';

const INSTRUCTIONS =
  'KAIROS protocols and project memory. For a task: kairos_search, then kairos_begin with the chosen uri, then kairos_next for each step ' +
  '(do each challenge for real and echo nonce and proof_hash), then kairos_attest. Follow next_action exactly while must_obey is true. ' +
  'Before working on a project, memory.fetch_context; to record what you learned, memory.propose_update.';

/** The revisions each era serves: the 2026-07-28 stateless one, and the 2025 ones with sessions. */
export const MODERN_REVISIONS = ['2026-07-28'] as const;
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18'] as const;

export type McpEra = 'legacy' | 'modern';

export interface ToolServerApp {
  runOperation: RunOperation;
  log: Logger;
  metrics: Metrics;
  /** Skills one `skills/list` listing walks through (KAIROS_MCP_SKILLS_LIST_CAP). */
  skillsListCap: number;
  /** Signs `skills/list` cursors. */
  skillsCursorKey: Buffer;
  /** KAIROS 4's `kairos_local_artifact_dir` hints (KAIROS_LOCAL_ARTIFACT_DIRS). */
  localArtifactDirs: readonly string[];
}

export interface ToolServerOptions {
  era: McpEra;
  /** The principal of the request carrying the call (checked per request by the HTTP door). */
  authenticationOf(ctx: ServerContext): Authentication;
  /** Where a person answers prompts (the live page), named when the host may not answer one. */
  livePageUrl: string;
}

/**
 * One MCP server instance with the one tool list: per request on the 2026-07-28 era, per session
 * on the 2025 era. Both eras run the same handlers; only how the person at the host is asked
 * differs (an `input_required` result, or an elicitation request pushed on the session).
 */
export function createToolServer(app: ToolServerApp, options: ToolServerOptions): Server {
  // McpServer for its resource registry (runs, views, skills); tools keep the kernel's own handlers.
  const mcp = new McpServer(SERVER_INFO, {
    capabilities: { tools: {}, ...RUN_RESOURCE_CAPABILITY, ...APP_VIEWS_CAPABILITY },
    instructions: INSTRUCTIONS,
    supportedProtocolVersions: [...MODERN_REVISIONS, ...LEGACY_REVISIONS],
  });
  const server = mcp.server;

  server.setRequestHandler('tools/list', (_request, ctx) =>
    inMcpRequestSpan(ctx, null, async () => ({
      // A host without the MCP Apps extension would hand app-only tools to its model: it never sees them.
      tools: [...TOOLS, ...(rendersViews(server.getClientCapabilities()) ? APP_ONLY_TOOLS : [])].map((definition) => {
        const meta = TOOL_VIEW_META.get(definition.name);
        return {
          name: definition.name,
          description: definition.description,
          inputSchema: inputJsonSchema(definition) as never,
          ...(meta ? { _meta: meta } : {}),
        };
      }),
    })),
  );

  // The span names a known tool only: an unknown name is the caller's text.
  server.setRequestHandler('tools/call', (request, ctx) =>
    inMcpRequestSpan(ctx, TOOLS_BY_NAME.has(request.params.name) ? request.params.name : 'unknown', () => callTool(request, ctx)),
  );

  async function callTool(request: CallToolRequest, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    const started = performance.now();
    const name = request.params.name;
    const definition = TOOLS_BY_NAME.get(name);
    const caller: OperationCaller = { authentication: options.authenticationOf(ctx), renderer: definition?.renderer };
    const hostCanAsk = Boolean(server.getClientCapabilities()?.elicitation);
    const asking = {
      era: options.era,
      hostCanAsk,
      livePageUrl: options.livePageUrl,
      elicit: (params: Parameters<ServerContext['mcpReq']['elicitInput']>[0]) =>
        ctx.mcpReq.elicitInput(params, { timeout: ELICITATION_TIMEOUT_MS }),
    };
    let result: ToolAnswer | InputRequiredResult;
    try {
      // Answers are read only on a retry of a call that asked for them: on any other tool call they
      // would answer a prompt and return that run instead of running the tool called.
      const replies = options.era === 'modern' && definition?.asksHost ? hostReplies(ctx.mcpReq.inputResponses) : [];
      if (replies.length > 0) {
        // A retried call carrying the person's answers: store them, and answer with the run as it
        // then stands; the tool itself already ran in the first round.
        const answered = await answerHostReplies(app, caller, replies);
        // A declined step stays pending: asking again at once would loop; the agent decides.
        const asked = answered.ok && !answered.data.errorCode ? await askHost(app, caller, answered.data, asking) : answered;
        result = asked.ok
          ? { ok: true, json: stepPayloadJson(asked.data) }
          : { ok: false, code: asked.refusal.code, message: asked.refusal.message };
      } else if (!definition) {
        result = {
          ok: false,
          code: 'BAD_USER_INPUT',
          message: `Unknown tool "${name}". Tools: ${TOOLS.map((known) => known.name).join(', ')}`,
        };
      } else {
        const parsed = definition.input.safeParse(request.params.arguments ?? {});
        if (!parsed.success) {
          result = {
            ok: false,
            code: 'BAD_USER_INPUT',
            message: `Invalid arguments for ${name}: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
          };
        } else {
          const call: ToolCall = {
            run: (document, variables) => app.runOperation(document, variables, caller),
            askHost: (payload: McpStepPayloadFragment) => askHost(app, caller, payload, asking),
            personRequired: (challenge, callAgain) => personRequired(caller, challenge, options.livePageUrl, callAgain),
            answerAtHost: (promptId, reply) => answerHostReplies(app, caller, [{ promptId, reply: replyOf(reply) }]),
            localArtifactDirs: app.localArtifactDirs,
          };
          result = await definition.handle(parsed.data as never, call);
        }
      }
    } catch (error) {
      if (error instanceof HostInputNeeded) {
        result = inputRequired({ inputRequests: { [error.key]: inputRequired.elicit(promptRequest(error.payload)) } });
      } else if (error instanceof HostAnswerRefused) {
        result = { ok: true, json: { ...stepPayloadJson(error.payload), person_required: error.personRequired } };
      } else {
        // As over GraphQL: the log keeps the detail, the caller gets the masked refusal.
        app.log.error({ err: error, tool: name }, 'unexpected error in an MCP tool');
        result = { ok: false, code: 'INTERNAL_SERVER_ERROR', message: REQUEST_REFUSALS.INTERNAL_SERVER_ERROR.message };
      }
    }
    const outcome = 'resultType' in result ? 'input_required' : result.ok ? 'ok' : result.code;
    // Unknown names are not a label: they would make the metric unbounded.
    app.metrics.mcpToolCalls.inc({ tool: definition ? name : 'unknown', outcome });
    if (outcome !== 'ok' && outcome !== 'input_required')
      setSpanAttributes({ [SPAN_ATTRIBUTES.errorType]: outcome, [SPAN_ATTRIBUTES.refusalCode]: outcome });
    app.log.info({ tool: name, era: options.era, outcome, durationMs: Math.round(performance.now() - started) }, 'mcp tool call');
    return 'resultType' in result ? (result as never) : toCallToolResult(result);
  }

  registerRunResources(mcp, app, options.authenticationOf);
  registerAppViews(mcp, app.log);
  attachProtocolSkills(mcp, app, options.authenticationOf);
  return server;
}

/** A person answering through the host may take a while; the agent's call waits for them (2025 era). */
const ELICITATION_TIMEOUT_MS = 30 * 60_000;

/** JSON as text (every host reads it) and as structured content; refusals carry `isError`. */
function toCallToolResult(result: ToolAnswer): CallToolResult {
  const json = result.ok ? result.json : { error: result.code, message: result.message, ...result.details };
  return { content: [{ type: 'text', text: JSON.stringify(json) }], structuredContent: json, ...(result.ok ? {} : { isError: true }) };
}
