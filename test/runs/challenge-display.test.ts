import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { DEFAULT_COMMENT_CHALLENGE, displayChallenge as displayData, effectiveChallenge } from '../../src/runs/challenge-display.js';

// The challenge as the GraphQL door shows it (its description worded by the GraphQL renderer).
function displayChallenge(input: Parameters<typeof displayData>[0]) {
  const shown = displayData(input);
  return { ...shown, description: graphqlRenderer.challengeDescription(shown) };
}
import { graphqlRenderer } from '../../src/render/graphql-renderer.js';
import { quoteShellArgument, shellInvocationDisplay } from '../../src/runs/shell-invocation.js';
import { displayStepContent } from '../../src/runs/step-content.js';

const base = { nonce: 'n1', proofHash: 'h0' };

describe('displayChallenge', () => {
  it('shows a shell challenge with its invocation and the reference description', () => {
    const shown = displayChallenge({
      ...base,
      stored: { type: 'SHELL', required: true, shell: { cmd: 'npm test', timeoutSeconds: 120 } },
    });
    expect(shown).toEqual({
      type: 'SHELL',
      description:
        "Shell challenge (timeout 120s): run exactly: bash -c 'npm test'. Capture stdout and stderr (do not suppress stderr); exitCode 0 = pass. Report real exitCode/stdout/stderr; do not fabricate.",
      required: true,
      nonce: 'n1',
      proofHash: 'h0',
      promptId: null,
      shell: {
        cmd: 'npm test',
        timeoutSeconds: 120,
        interpreter: null,
        flags: null,
        args: null,
        workdir: null,
        invocationDisplay: "bash -c 'npm test'",
      },
      mcp: null,
      userInput: null,
      comment: null,
      tensor: null,
    });
  });

  it('defaults the shell timeout to 30 and appends interpreter and workdir advice', () => {
    const shown = displayChallenge({
      ...base,
      stored: {
        type: 'SHELL',
        required: true,
        shell: { cmd: 'print(1)', timeoutSeconds: 0, interpreter: 'python3', workdir: '$KAIROS_WORK_DIR/app' },
      },
    });
    expect(shown.shell?.timeoutSeconds).toBe(30);
    expect(shown.description).toBe(
      "Shell challenge (timeout 30s): run exactly: python3 -c 'print(1)'. Capture stdout and stderr (do not suppress stderr); exitCode 0 = pass. Report real exitCode/stdout/stderr; do not fabricate." +
        ' Before running, ensure the interpreter is on PATH (e.g. `which python3`); if not found, fail with a clear local error.' +
        ' Use workdir "$KAIROS_WORK_DIR/app" as the process working directory after expanding env vars (e.g. $KAIROS_WORK_DIR); if it does not exist, is not a directory, or a required variable is unset, fail with a clear local error.',
    );
  });

  it('describes mcp, user_input and comment challenges', () => {
    const mcp = displayChallenge({
      ...base,
      stored: { type: 'MCP', required: true, mcp: { toolName: 'search_docs', expectedResult: { ok: true } } },
    });
    expect(mcp.description).toBe(
      'Call MCP tool: search_docs. You MUST actually call this tool and report its real result; do not fabricate.',
    );
    expect(mcp.mcp).toEqual({ toolName: 'search_docs', arguments: null, expectedResult: { ok: true } });
    const withArguments = displayChallenge({
      ...base,
      stored: { type: 'MCP', required: true, mcp: { toolName: 'create_ticket', arguments: { queue: 'CHG' } } },
    });
    expect(withArguments.mcp).toEqual({ toolName: 'create_ticket', expectedResult: null, arguments: { queue: 'CHG' } });

    const input = displayChallenge({ ...base, promptId: 'p1', stored: { type: 'USER_INPUT', required: true, userInput: {} } });
    expect(input.userInput).toEqual({ prompt: 'Confirm completion', requireHuman: false });
    expect(input.promptId).toBe('p1');
    expect(input.description).toBe(
      'User confirmation: Confirm completion. You MUST show this prompt to the user and use only their reply as userInput.confirmation; do not assume or invent it.',
    );

    const comment = displayChallenge({
      ...base,
      promptId: 'ignored',
      stored: { type: 'COMMENT', required: true, comment: { minLength: 0 } },
    });
    expect(comment.comment).toEqual({ minLength: 10 });
    expect(comment.promptId).toBeNull();
    expect(comment.description).toBe(
      'Provide a verification comment (minimum 10 characters) that genuinely summarises what was done in this step; do not paste unrelated text.',
    );
  });

  it('tells the agent a person-only prompt is answered through answerPrompt', () => {
    const shown = displayChallenge({
      ...base,
      promptId: 'p9',
      stored: { type: 'USER_INPUT', required: true, userInput: { prompt: 'Ship it?', requireHuman: true } },
    });
    expect(shown.userInput).toEqual({ prompt: 'Ship it?', requireHuman: true });
    expect(shown.description).toBe(
      'User confirmation: Ship it?. Only the user can answer this: show them the prompt; their reply arrives through answerPrompt (promptId p9). Do not submit userInput.confirmation yourself.',
    );
  });

  it('shows a step without a challenge as the optional default comment', () => {
    const shown = displayChallenge({ ...base, stored: null });
    expect(shown).toMatchObject({
      type: 'COMMENT',
      required: false,
      comment: { minLength: 10 },
      nonce: 'n1',
      proofHash: 'h0',
      description:
        'Provide a verification comment describing how you completed this step. Write a genuine summary; do not paste unrelated text.',
    });
  });

  it('shows and checks an unknown stored type as a comment', () => {
    const odd = { type: 'HOLOGRAM', required: true } as unknown as Challenge; // TENSOR is a known type
    expect(effectiveChallenge(odd)).toEqual({ type: 'COMMENT', required: true, comment: {} });
    expect(displayChallenge({ ...base, stored: odd }).type).toBe('COMMENT');
    expect(effectiveChallenge(undefined)).toBe(DEFAULT_COMMENT_CHALLENGE);
  });
});

describe('shellInvocationDisplay', () => {
  it.each([
    [{ cmd: 'echo hi' }, "bash -c 'echo hi'"],
    [{ cmd: '' }, 'bash -c true'],
    [{ cmd: 'echo "$1"', args: ['a b'] }, `bash -c 'echo "$1"' -- 'a b'`],
    [{ cmd: 'x', interpreter: 'bash', flags: ['-e', '-c'] }, 'bash -e -c x'],
    [{ cmd: 'import sys', interpreter: 'python3', args: ['in.txt'] }, "python3 -c 'import sys' in.txt"],
    [{ cmd: 'x', interpreter: '/usr/bin/python3', flags: ['-c'] }, '/usr/bin/python3 -c x'],
    [{ cmd: 'echo 1', interpreter: 'sh' }, "sh -c 'echo 1'"],
    [{ cmd: 'console.log(1)', interpreter: 'node' }, "node -e 'console.log(1)'"],
    [{ cmd: 'print', interpreter: 'perl', flags: ['-ne'] }, 'perl -ne print'],
    [{ cmd: 'plan', interpreter: 'terraform', flags: ['-chdir=infra'] }, 'terraform -chdir=infra plan'],
    [{ cmd: '', interpreter: 'make', args: ['test'] }, 'make test'],
  ])('%j → %s', (shell, expected) => {
    expect(shellInvocationDisplay({ timeoutSeconds: 30, ...shell })).toBe(expected);
  });

  it("quotes with '\\'' for embedded single quotes", () => {
    expect(quoteShellArgument("it's")).toBe("'it'\\''s'");
    expect(quoteShellArgument('a@b%c+d=e:f,g./-h')).toBe('a@b%c+d=e:f,g./-h');
    expect(quoteShellArgument('')).toBe("''");
  });
});

describe('displayStepContent', () => {
  it('shows only the text between BODY markers, case- and space-insensitive', () => {
    const text = 'preamble\n<!--KAIROS:BODY-START-->\n  Do the thing.\n<!-- kairos:body-end   -->\nfooter';
    expect(displayStepContent(text)).toBe('Do the thing.');
  });

  it('shows the whole text, trimmed, when markers are missing or out of order', () => {
    expect(displayStepContent('  body \n')).toBe('body');
    const reversed = '<!-- KAIROS:BODY-END --> x <!-- KAIROS:BODY-START -->';
    expect(displayStepContent(reversed)).toBe(reversed);
    expect(displayStepContent('<!-- KAIROS:BODY-START --> only start')).toBe('<!-- KAIROS:BODY-START --> only start');
  });
});
