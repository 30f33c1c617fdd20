import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { isPerson } from '../auth/viewer.js';
import type { McpStepPayloadFragment } from '../generated/graphql.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { REQUEST_REFUSALS } from '../model/refusal-codes.js';
import { ELICITATION_REFUSALS } from '../runs/user-decline.js';
import type { Authentication } from '../services/auth-service.js';
import type { OperationCaller, OperationOutcome, RunOperation } from './graphql-door.js';
import { McpAnswerPromptDocument } from './operations.js';
import { SERVER_INFO } from './server-info.js';
import { inputJsonSchema, type ToolAnswer, type ToolCall, TOOLS, TOOLS_BY_NAME } from './tools.js';

const INSTRUCTIONS =
  'KAIROS protocols and project memory. For a task: kairos_search, then kairos_begin with the chosen uri, then kairos_next for each step ' +
  '(do each challenge for real and echo nonce and proof_hash), then kairos_attest. Follow next_action exactly while must_obey is true. ' +
  'Before working on a project, memory.fetch_context; to record what you learned, memory.propose_update.';

/** A person answering through the host may take a while; the agent's call waits for them. */
const ELICITATION_TIMEOUT_MS = 30 * 60_000;
/** A protocol of consecutive user_input steps is asked step by step, within reason. */
const MAX_PROMPTS_PER_CALL = 20;

/**
 * One MCP server (one session): tools/list and tools/call. `authenticationOf` gives the
 * principal of the HTTP request carrying the call (checked per request by the transport door).
 */
export function createToolServer(app: { runOperation: RunOperation; log: Logger; metrics: Metrics }, authenticationOf: (extra: { authInfo?: { extra?: Record<string, unknown> } }) => Authentication): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((definition) => ({ name: definition.name, description: definition.description, inputSchema: inputJsonSchema(definition) as never })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const started = performance.now();
    const name = request.params.name;
    const definition = TOOLS_BY_NAME.get(name);
    let result: ToolAnswer;
    if (!definition) {
      result = { ok: false, code: 'BAD_USER_INPUT', message: `Unknown tool "${name}". Tools: ${TOOLS.map((known) => known.name).join(', ')}` };
    } else {
      const parsed = definition.input.safeParse(request.params.arguments ?? {});
      if (!parsed.success) {
        result = { ok: false, code: 'BAD_USER_INPUT', message: `Invalid arguments for ${name}: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}` };
      } else {
        const caller: OperationCaller = { authentication: authenticationOf(extra), renderer: definition.renderer };
        const call: ToolCall = {
          run: (document, variables) => app.runOperation(document, variables, caller),
          askHost: (payload) => askHost(server, app, caller, payload),
        };
        try {
          result = await definition.handle(parsed.data as never, call);
        } catch (error) {
          // As over GraphQL: the log keeps the detail, the caller gets the masked refusal.
          app.log.error({ err: error, tool: name }, 'unexpected error in an MCP tool');
          result = { ok: false, code: 'INTERNAL_SERVER_ERROR', message: REQUEST_REFUSALS.INTERNAL_SERVER_ERROR.message };
        }
      }
    }
    // Unknown names are not a label: they would make the metric unbounded.
    app.metrics.mcpToolCalls.inc({ tool: definition ? name : 'unknown', outcome: result.ok ? 'ok' : result.code });
    app.log.info({ tool: name, ok: result.ok, code: result.ok ? null : result.code, durationMs: Math.round(performance.now() - started) }, 'mcp tool call');
    return toCallToolResult(result);
  });
  return server;
}

/** JSON as text (every host reads it) and as structured content; refusals carry `isError`. */
function toCallToolResult(result: ToolAnswer): CallToolResult {
  const json = result.ok ? result.json : { error: result.code, message: result.message };
  return { content: [{ type: 'text', text: JSON.stringify(json) }], structuredContent: json, ...(result.ok ? {} : { isError: true }) };
}

/**
 * Issue 13 §3: while the run's pending step is a user_input prompt and the host can ask its
 * person (the `elicitation` capability), ask, and store the reply through answerPrompt exactly
 * as /ui would (source HUMAN, same events). A decline or cancel is stored as the person's
 * refusal, so the step fails with USER_DECLINED by the same rules. A requireHuman prompt is
 * asked only when the caller is a person; otherwise it stays open for /ui.
 */
async function askHost(server: Server, app: { runOperation: RunOperation; log: Logger }, caller: OperationCaller, payload: McpStepPayloadFragment): Promise<OperationOutcome<McpStepPayloadFragment>> {
  let current = payload;
  for (let asked = 0; asked < MAX_PROMPTS_PER_CALL; asked++) {
    const challenge = current.challenge;
    if (!server.getClientCapabilities()?.elicitation) break;
    if (!challenge || challenge.type !== 'USER_INPUT' || !challenge.promptId || !challenge.nonce) break;
    if (challenge.userInput?.requireHuman && !isPerson(caller.authentication.viewer)) break;
    const prompt = challenge.userInput?.prompt ?? 'Confirm';
    let reply: string;
    try {
      const elicited = await server.elicitInput(
        {
          message: current.currentStep ? `${prompt}\n\n${current.currentStep.content}` : prompt,
          requestedSchema: {
            type: 'object',
            properties: { confirmation: { type: 'string', title: prompt, description: 'Your answer, e.g. "approved", or why not.' } },
            required: ['confirmation'],
          },
        },
        { timeout: ELICITATION_TIMEOUT_MS },
      );
      const confirmation = elicited.content?.confirmation;
      if (elicited.action === 'accept' && typeof confirmation === 'string' && confirmation.trim() !== '') reply = confirmation;
      else reply = elicited.action === 'accept' || elicited.action === 'cancel' ? ELICITATION_REFUSALS.cancelled : ELICITATION_REFUSALS.declined;
    } catch (error) {
      // The host could not ask (closed, timed out): the agent gets the challenge as without elicitation.
      app.log.warn({ err: error }, 'elicitation failed; the challenge goes back to the agent');
      break;
    }
    const answered = await app.runOperation(McpAnswerPromptDocument, { input: { promptId: challenge.promptId, confirmation: reply } }, { ...caller, answerAtHost: true });
    if (!answered.ok) return answered;
    current = answered.data.answerPrompt.result;
    // A declined step stays pending: asking again at once would loop; the agent decides.
    if (current.errorCode) break;
  }
  return { ok: true, data: current };
}
