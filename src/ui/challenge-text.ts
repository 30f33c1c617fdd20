/** A step's challenge in plain words: what proves the step, for a person reading the page. */
import type { LiveRunQuery } from '../generated/ui/graphql.js';

type StoredChallenge = NonNullable<NonNullable<NonNullable<LiveRunQuery['run']>['protocol']>['steps'][number]['challenge']>;

export function describeChallenge(challenge: StoredChallenge | null): string {
  if (!challenge) return 'Nothing to prove: the agent may leave a comment.';
  const optional = challenge.required ? '' : ' (optional)';
  switch (challenge.type) {
    case 'SHELL': {
      const shell = challenge.shell;
      return shell
        ? `The agent runs “${shell.invocationDisplay}” (at most ${shell.timeoutSeconds} s); it must exit with code 0${optional}.`
        : `The agent runs a command${optional}.`;
    }
    case 'MCP':
      return `The agent calls the tool “${challenge.mcp?.toolName ?? '?'}”; the call must succeed${optional}.`;
    case 'USER_INPUT': {
      const question = challenge.userInput?.prompt ? `: “${challenge.userInput.prompt}”` : '';
      const who = challenge.userInput?.requireHuman ? 'A person (not the agent) confirms' : 'The user confirms';
      return `${who}${question}${optional}.`;
    }
    case 'COMMENT':
      return `The agent writes a comment${challenge.comment?.minLength ? ` of at least ${challenge.comment.minLength} characters` : ''}${optional}.`;
    case 'TENSOR':
      return `The agent returns a structured value the step's contract describes${optional}.`;
  }
}
