import { builder } from '../builder.js';
import { shellInvocationDisplay } from '../runs/shell-invocation.js';
import type { Challenge, ChallengeType, CommentChallenge, McpChallenge, ShellChallenge, UserInputChallenge } from '../protocol/challenge.js';

export const ChallengeTypeEnum = builder.enumType('ChallengeType', {
  description: 'How a step is proven.',
  values: {
    SHELL: { description: 'Run a command; the exit code proves the step.' },
    MCP: { description: 'Call an MCP tool; its result proves the step.' },
    USER_INPUT: { description: 'A person confirms.' },
    COMMENT: { description: 'A written comment of a minimum length.' },
  } as const satisfies Record<ChallengeType, { description: string }>,
});

/** A stored shell challenge, or the displayed one (defaults filled, invocation computed). */
type ShellChallengeShape = { [K in keyof ShellChallenge]: ShellChallenge[K] | null } & { cmd: string; timeoutSeconds: number; invocationDisplay?: string };

export const ShellChallengeRef = builder.objectRef<ShellChallengeShape>('ShellChallenge').implement({
  fields: (t) => ({
    cmd: t.exposeString('cmd'),
    timeoutSeconds: t.exposeInt('timeoutSeconds'),
    interpreter: t.exposeString('interpreter', { nullable: true }),
    flags: t.exposeStringList('flags', { nullable: true }),
    args: t.exposeStringList('args', { nullable: true }),
    workdir: t.exposeString('workdir', { nullable: true }),
    invocationDisplay: t.string({
      description: 'The command line as it would be run (interpreter, flags, args).',
      resolve: (shell) => shell.invocationDisplay ?? shellInvocationDisplay(shell as ShellChallenge),
    }),
  }),
});

export const McpChallengeRef = builder.objectRef<McpChallenge>('McpChallenge').implement({
  fields: (t) => ({
    toolName: t.exposeString('toolName'),
    expectedResult: t.field({ type: 'JSON', nullable: true, resolve: (mcp) => mcp.expectedResult ?? null }),
    arguments: t.field({ type: 'JSON', nullable: true, resolve: (mcp) => mcp.arguments ?? null }),
  }),
});

export const UserInputChallengeRef = builder.objectRef<UserInputChallenge>('UserInputChallenge').implement({
  fields: (t) => ({
    prompt: t.exposeString('prompt', { nullable: true }),
    requireHuman: t.boolean({ description: 'Only a person (answerPrompt) can satisfy it.', resolve: (input) => input.requireHuman ?? false }),
  }),
});

export const CommentChallengeRef = builder.objectRef<CommentChallenge>('CommentChallenge').implement({
  fields: (t) => ({
    minLength: t.exposeInt('minLength', { nullable: true }),
  }),
});

/** The stored proof-of-work definition of a step (reference §2.3), with the type's own fields. */
export const ChallengeRef = builder.objectRef<Challenge>('Challenge').implement({
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, resolve: (challenge) => challenge.type }),
    required: t.exposeBoolean('required'),
    shell: t.field({ type: ShellChallengeRef, nullable: true, resolve: (challenge) => challenge.shell ?? null }),
    mcp: t.field({ type: McpChallengeRef, nullable: true, resolve: (challenge) => challenge.mcp ?? null }),
    userInput: t.field({ type: UserInputChallengeRef, nullable: true, resolve: (challenge) => challenge.userInput ?? null }),
    comment: t.field({ type: CommentChallengeRef, nullable: true, resolve: (challenge) => challenge.comment ?? null }),
  }),
});
