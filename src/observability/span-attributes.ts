/**
 * The span attribute names we write by hand. GraphQL, MCP and GenAI names follow the OpenTelemetry
 * semantic conventions as published in `@opentelemetry/semantic-conventions` 1.45.0 (the MCP and
 * GenAI ones are at development status there, so this pin is the contract); `kairos.*` are ours.
 * Values are codes, names, ids and hashes only: never a variable, a proof, a token or a document.
 */
export const SPAN_ATTRIBUTES = {
  graphqlOperationName: 'graphql.operation.name',
  graphqlOperationType: 'graphql.operation.type',
  /** SHA-256 of the document text: which query ran, without its inline values. */
  graphqlDocumentHash: 'graphql.document.hash',
  errorType: 'error.type',
  mcpMethodName: 'mcp.method.name',
  mcpSessionId: 'mcp.session.id',
  mcpProtocolVersion: 'mcp.protocol.version',
  jsonRpcRequestId: 'jsonrpc.request.id',
  genAiToolName: 'gen_ai.tool.name',
  genAiOperationName: 'gen_ai.operation.name',
  requestId: 'kairos.request.id',
  runId: 'kairos.run.id',
  runTransition: 'kairos.run.transition',
  protocolUri: 'kairos.protocol.uri',
  stepIndex: 'kairos.run.step.index',
  challengeType: 'kairos.run.challenge.type',
  /** What the rules answered: the next instruction's kind, or an attest's outcome. */
  runOutcome: 'kairos.run.outcome',
  /** A refusal: the step error code, or the request's refusal code. */
  refusalCode: 'kairos.refusal.code',
  eventSequence: 'kairos.run.event.seq',
  eventType: 'kairos.run.event.type',
} as const;
