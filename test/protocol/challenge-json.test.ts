import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import {
  ProtocolStructureError,
  parseAuthoredChallenge,
  toAuthoredChallenge,
  unreadContractKeys,
} from '../../src/protocol/challenge-json.js';

describe('parseAuthoredChallenge', () => {
  it('maps every snake_case field to the stored camelCase shape', () => {
    expect(
      parseAuthoredChallenge(
        {
          type: 'shell',
          shell: {
            cmd: 'npm test',
            timeout_seconds: 90,
            interpreter: 'bash',
            flags: ['-e'],
            args: ['--ci'],
            workdir: '/srv',
          },
          required: false,
        },
        3,
      ),
    ).toEqual({
      type: 'SHELL',
      required: false,
      shell: { cmd: 'npm test', timeoutSeconds: 90, interpreter: 'bash', flags: ['-e'], args: ['--ci'], workdir: '/srv' },
    });
    expect(
      parseAuthoredChallenge({ type: 'mcp', mcp: { tool_name: 'lookup', expected_result: { ok: true }, arguments: { q: 1 } } }, 3),
    ).toEqual({
      type: 'MCP',
      required: true,
      mcp: { toolName: 'lookup', expectedResult: { ok: true }, arguments: { q: 1 } },
    });
    expect(parseAuthoredChallenge({ type: 'user_input', user_input: { prompt: 'OK?', require_human: true } }, 3)).toEqual({
      type: 'USER_INPUT',
      required: true,
      userInput: { prompt: 'OK?', requireHuman: true },
    });
    expect(parseAuthoredChallenge({ type: 'comment', comment: { min_length: 25 } }, 3)).toEqual({
      type: 'COMMENT',
      required: true,
      comment: { minLength: 25 },
    });
  });

  it('applies the defaults: shell type, required true, 30 s timeout, empty sub-objects', () => {
    expect(parseAuthoredChallenge({ shell: { cmd: 'make' } }, 1)).toEqual({
      type: 'SHELL',
      required: true,
      shell: { cmd: 'make', timeoutSeconds: 30 },
    });
    expect(parseAuthoredChallenge({ type: 'user_input' }, 1)).toEqual({
      type: 'USER_INPUT',
      required: true,
      userInput: {},
    });
    expect(parseAuthoredChallenge({ type: 'comment' }, 1)).toEqual({ type: 'COMMENT', required: true, comment: {} });
  });

  it('reads the legacy flat shell fields', () => {
    expect(parseAuthoredChallenge({ cmd: 'ls', timeout_seconds: 5 }, 1)).toEqual({
      type: 'SHELL',
      required: true,
      shell: { cmd: 'ls', timeoutSeconds: 5 },
    });
  });

  it.each<[unknown, string]>([
    [{ type: 'bash' }, 'unknown challenge type "bash" (expected shell, mcp, user_input, comment or tensor)'],
    [{ type: 'shell|mcp' }, 'unknown challenge type "shell|mcp" (expected shell, mcp, user_input, comment or tensor)'],
    [{ type: 7 }, 'unknown challenge type 7 (expected shell, mcp, user_input, comment or tensor)'],
    ['npm test', '"challenge" must be a JSON object'],
    [{ type: 'shell' }, 'shell challenge needs a non-empty string "cmd"'],
    [{ type: 'shell', shell: { cmd: '  ' } }, 'shell challenge needs a non-empty string "shell.cmd"'],
    [{ type: 'shell', shell: 'npm test' }, 'challenge "shell" must be a JSON object'],
    [{ shell: { cmd: 'x', timeout_seconds: -1 } }, '"shell.timeout_seconds" must be a positive number'],
    [{ shell: { cmd: 'x', timeout_seconds: '30' } }, '"shell.timeout_seconds" must be a positive number'],
    [{ shell: { cmd: 'x', flags: ['-e', 1] } }, '"shell.flags" must be an array of strings'],
    [{ shell: { cmd: 'x', workdir: 3 } }, '"shell.workdir" must be a string'],
    [{ shell: { cmd: 'x' }, required: 'yes' }, 'challenge "required" must be true or false'],
    [{ type: 'mcp' }, 'mcp challenge needs a non-empty string "mcp.tool_name"'],
    [{ type: 'mcp', mcp: { tool_name: '' } }, 'mcp challenge needs a non-empty string "mcp.tool_name"'],
    [{ type: 'user_input', user_input: { require_human: 'no' } }, '"user_input.require_human" must be true or false'],
    [{ type: 'comment', comment: { min_length: 0 } }, '"comment.min_length" must be a positive integer'],
  ])('rejects %j', (json, reason) => {
    let caught: unknown;
    try {
      parseAuthoredChallenge(json, 12);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ProtocolStructureError);
    expect(caught).toMatchObject({ line: 12, reason, message: `line 12: ${reason}` });
  });
});

describe('toAuthoredChallenge', () => {
  const challenges: Challenge[] = [
    {
      type: 'SHELL',
      required: false,
      shell: { cmd: 'npm test', timeoutSeconds: 45, interpreter: 'sh', flags: ['-c'], args: ['a'], workdir: '.' },
    },
    { type: 'MCP', required: true, mcp: { toolName: 'status', expectedResult: null, arguments: [1, 2] } },
    { type: 'USER_INPUT', required: true, userInput: { prompt: 'Go?', requireHuman: false } },
    { type: 'USER_INPUT', required: true, userInput: {} },
    { type: 'COMMENT', required: true, comment: { minLength: 10 } },
  ];

  it('writes snake_case JSON that reads back unchanged', () => {
    for (const challenge of challenges) {
      const authored = JSON.parse(JSON.stringify(toAuthoredChallenge(challenge))) as unknown;
      expect(parseAuthoredChallenge(authored, null)).toEqual(challenge);
    }
    expect(toAuthoredChallenge(challenges[0]!)).toEqual({
      type: 'shell',
      shell: { cmd: 'npm test', timeout_seconds: 45, interpreter: 'sh', flags: ['-c'], args: ['a'], workdir: '.' },
      required: false,
    });
    expect(toAuthoredChallenge(challenges[1]!)).toEqual({
      type: 'mcp',
      mcp: { tool_name: 'status', expected_result: null, arguments: [1, 2] },
      required: true,
    });
  });
});

describe("KAIROS 4's tensor contract", () => {
  const kairos = {
    type: 'tensor',
    tensor: {
      required_inputs: ['summary'],
      output: { name: 'keywords', type: 'string[]', min_items: 1, max_items: 3 },
      merge: 'append',
      condition: "summary contains 'disk'",
    },
  };

  it('reads required_inputs, the typed output, merge and condition, and writes them back as authored', () => {
    const challenge = parseAuthoredChallenge(kairos, 4);
    expect(challenge).toEqual({
      type: 'TENSOR',
      required: true,
      tensor: {
        name: 'keywords',
        requiredInputs: ['summary'],
        output: { type: 'string[]', minItems: 1, maxItems: 3 },
        merge: 'append',
        condition: "summary contains 'disk'",
      },
    });
    expect(toAuthoredChallenge(challenge)).toEqual({ ...kairos, required: true });
    expect(parseAuthoredChallenge(JSON.parse(JSON.stringify(toAuthoredChallenge(challenge))), 4)).toEqual(challenge);
  });

  it('reads every KAIROS tensor key, and names only the others as unread', () => {
    expect(unreadContractKeys(parseAuthoredChallenge(kairos, 4))).toEqual([]);
    const extra = { ...kairos, tensor: { ...kairos.tensor, output: { ...kairos.tensor.output, unit: 'words' }, weight: 2 } };
    expect(unreadContractKeys(parseAuthoredChallenge(extra, 4)).sort()).toEqual(['tensor.output.unit', 'tensor.weight']);
  });

  it('reads an output without a type as our own numbers, as before', () => {
    expect(parseAuthoredChallenge({ type: 'tensor', tensor: { output: { name: 'score' } } }, 4)).toEqual({
      type: 'TENSOR',
      required: true,
      tensor: { name: 'score' },
    });
  });

  it.each([
    [{ required_inputs: 'summary', output: { name: 'k', type: 'string' } }, '"tensor.required_inputs" must be an array'],
    [{ required_inputs: [''], output: { name: 'k', type: 'string' } }, '"tensor.required_inputs" must be an array'],
    [{ output: { name: 'k', type: '' } }, 'needs a non-empty string "tensor.output.type"'],
    [{ output: { name: 'k', type: 'string', max_length: 1.5 } }, '"tensor.output.max_length" must be a non-negative integer'],
    [{ name: 'k', output: 'k' }, '"tensor.output" must be a JSON object'],
    [{ output: { name: 'k', type: 'string' }, condition: 3 }, '"tensor.condition" must be a string'],
  ])('refuses %j', (tensor, reason) => {
    expect(() => parseAuthoredChallenge({ type: 'tensor', tensor }, 4)).toThrow(reason);
  });
});
