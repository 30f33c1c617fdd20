/**
 * The authored (markdown) form of a challenge and its one-to-one mapping to the stored
 * `Challenge`. Authors write the reference's snake_case JSON inside a ```json block:
 *
 *   {"challenge": {"type": "shell", "shell": {"cmd": "npm test", "timeout_seconds": 60}, "required": true}}
 *
 * | authored (JSON)                     | stored (`Challenge`)          | default / rule                        |
 * |-------------------------------------|-------------------------------|---------------------------------------|
 * | type: shell, mcp, user_input, comment | type: SHELL, MCP, USER_INPUT, COMMENT | absent → shell                 |
 * | required                            | required                      | absent → true; must be a boolean      |
 * | shell.cmd                           | shell.cmd                     | non-empty string                      |
 * | shell.timeout_seconds               | shell.timeoutSeconds          | absent → 30; positive number          |
 * | shell.interpreter / workdir         | shell.interpreter / workdir   | optional strings                      |
 * | shell.flags / args                  | shell.flags / args            | optional arrays of strings            |
 * | cmd, timeout_seconds (top level)    | shell.cmd, shell.timeoutSeconds | legacy flat shell, read when there is no `shell` object |
 * | mcp.tool_name                       | mcp.toolName                  | non-empty string                      |
 * | mcp.expected_result                 | mcp.expectedResult            | optional, any JSON                    |
 * | mcp.arguments                       | mcp.arguments                 | optional, any JSON, kept as is        |
 * | user_input.prompt                   | userInput.prompt              | optional string (empty → absent)      |
 * | user_input.require_human            | userInput.requireHuman        | optional boolean                      |
 * | comment.min_length                  | comment.minLength             | optional positive integer             |
 * | tensor.name (or tensor.output.name) | tensor.name                   | non-empty string                      |
 * | tensor.shape                        | tensor.shape                  | optional array of non-negative integers |
 * | tensor.required_inputs              | tensor.requiredInputs         | optional array of non-empty strings   |
 * | tensor.output.type                  | tensor.output.type            | optional non-empty string; absent: numbers, as `shape` says |
 * | tensor.output.min_length / max_length / min_items / max_items | tensor.output.minLength / … | optional non-negative integers |
 * | tensor.merge / condition            | tensor.merge / condition      | optional strings, kept as written     |
 *
 * The sub-object of the challenge's own type is always present in the stored form (possibly
 * empty). Every other key (a sub-object of another type, a typo such as `user_input.requred_human`)
 * is not read but kept, as KAIROS 4 keeps any key: stored as `unreadJson`, written back when the
 * contract is rendered, and named by `unreadContractKeys` so a write can tell its author.
 */
import type {
  Challenge,
  ChallengeType,
  CommentChallenge,
  McpChallenge,
  ShellChallenge,
  TensorChallenge,
  TensorOutputSpec,
  UserInputChallenge,
} from './challenge.js';

/**
 * A document that cannot be turned into a protocol. `line` is 1-based in the submitted markdown
 * (null when the problem is the document as a whole). Lives here rather than in
 * `markdown-protocol.ts` (which re-exports it) so the two modules do not import each other.
 */
export class ProtocolStructureError extends Error {
  readonly line: number | null;
  readonly reason: string;
  /** Which rule failed (`STRUCTURE` for anything without a finer code). */
  readonly kind: StructureErrorKind;

  constructor(line: number | null, reason: string, kind: StructureErrorKind = 'STRUCTURE') {
    super(line === null ? reason : `line ${line}: ${reason}`);
    this.name = 'ProtocolStructureError';
    this.line = line;
    this.reason = reason;
    this.kind = kind;
  }
}

/** Finer reasons a v4 adapter is refused; v3 documents report every one as a structure error. */
export const STRUCTURE_ERROR_KINDS = [
  'STRUCTURE',
  'CONTRACT_TYPE_UNKNOWN',
  'CONTRACT_INVALID',
  'FRONTMATTER_INVALID',
  'CONTRACT_FENCE_REFUSED',
  'MULTIPLE_ADAPTERS',
] as const;
export type StructureErrorKind = (typeof STRUCTURE_ERROR_KINDS)[number];

export type AuthoredChallengeType = 'shell' | 'mcp' | 'user_input' | 'comment' | 'tensor';

export interface AuthoredChallenge {
  type: AuthoredChallengeType;
  shell?: {
    cmd: string;
    timeout_seconds: number;
    interpreter?: string;
    flags?: string[];
    args?: string[];
    workdir?: string;
  };
  mcp?: { tool_name: string; expected_result?: unknown; arguments?: unknown };
  user_input?: { prompt?: string; require_human?: boolean };
  comment?: { min_length?: number };
  tensor?: {
    name?: string;
    shape?: number[];
    required_inputs?: string[];
    output?: { name: string; type: string; min_length?: number; max_length?: number; min_items?: number; max_items?: number };
    merge?: string;
    condition?: string;
  };
  required: boolean;
}

export const DEFAULT_SHELL_TIMEOUT_SECONDS = 30;

const STORED_TYPE: Record<AuthoredChallengeType, ChallengeType> = {
  shell: 'SHELL',
  mcp: 'MCP',
  user_input: 'USER_INPUT',
  comment: 'COMMENT',
  tensor: 'TENSOR',
};

/** Largest number of dimensions a tensor contract's `shape` may list. */
export const MAX_TENSOR_DIMENSIONS = 8;

type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the value of an authored `challenge` key (the object, not the `{"challenge": …}`
 * wrapper). Throws `ProtocolStructureError` at `line` naming the offending field.
 */
export function parseAuthoredChallenge(json: unknown, line: number | null): Challenge {
  const fail = (reason: string) => new ProtocolStructureError(line, reason, 'CONTRACT_INVALID');
  if (!isJsonObject(json)) throw fail('"challenge" must be a JSON object');

  const rawType = json.type;
  let type: ChallengeType;
  if (rawType === undefined) {
    type = 'SHELL';
  } else if (typeof rawType === 'string' && Object.hasOwn(STORED_TYPE, rawType)) {
    type = STORED_TYPE[rawType as AuthoredChallengeType];
  } else {
    throw new ProtocolStructureError(
      line,
      `unknown challenge type ${JSON.stringify(rawType)} (expected shell, mcp, user_input, comment or tensor)`,
      'CONTRACT_TYPE_UNKNOWN',
    );
  }

  const required = json.required ?? true;
  if (typeof required !== 'boolean') throw fail('challenge "required" must be true or false');
  const misplacedGate = misplacedRequireHuman(json, type);
  if (misplacedGate) throw fail(misplacedGate);

  const challenge = readOwnFields(json, type, required, fail);
  const unread = unreadPart(json, readPlaces(json, type));
  if (unread) challenge.unreadJson = JSON.stringify(unread);
  return challenge;
}

function readOwnFields(json: JsonObject, type: ChallengeType, required: boolean, fail: Fail): Challenge {
  switch (type) {
    case 'SHELL':
      return { type, required, shell: readShell(json, fail) };
    case 'MCP':
      return { type, required, mcp: readMcp(json, fail) };
    case 'USER_INPUT':
      return { type, required, userInput: readUserInput(json, fail) };
    case 'COMMENT':
      return { type, required, comment: readComment(json, fail) };
    case 'TENSOR':
      return { type, required, tensor: readTensor(json, fail) };
  }
}

/**
 * The keys the reader reads, by place in a contract of each type: `''` is the contract itself,
 * `shell` its `shell` object, `tensor.output` the object inside `tensor`. A place listed here is
 * an object the reader looks into; any key not listed at its place is not read.
 */
const READ_KEYS: Readonly<Record<ChallengeType, Readonly<Record<string, readonly string[]>>>> = {
  SHELL: { '': ['type', 'required', 'shell'], shell: ['cmd', 'timeout_seconds', 'interpreter', 'flags', 'args', 'workdir'] },
  MCP: { '': ['type', 'required', 'mcp'], mcp: ['tool_name', 'expected_result', 'arguments'] },
  USER_INPUT: { '': ['type', 'required', 'user_input'], user_input: ['prompt', 'require_human'] },
  COMMENT: { '': ['type', 'required', 'comment'], comment: ['min_length'] },
  TENSOR: {
    '': ['type', 'required', 'tensor'],
    tensor: ['name', 'shape', 'output', 'required_inputs', 'merge', 'condition'],
    'tensor.output': ['name', 'type', 'min_length', 'max_length', 'min_items', 'max_items'],
  },
};

/** The places read in this contract: a shell contract without a `shell` object reads its fields flat. */
function readPlaces(json: JsonObject, type: ChallengeType): Readonly<Record<string, readonly string[]>> {
  const places = READ_KEYS[type];
  // An output without a type is read by its name alone (our numbers), so its bounds are not read.
  const tensor = json.tensor;
  if (type === 'TENSOR' && isJsonObject(tensor) && isJsonObject(tensor.output) && tensor.output.type === undefined)
    return { ...places, 'tensor.output': ['name'] };
  if (type !== 'SHELL' || json.shell !== undefined) return places;
  return { '': [...places['']!, ...places.shell!] };
}

/** The keys of `value` (at `place`) the reader does not read, with their values, nested as written; null when none. */
function unreadPart(value: JsonObject, places: Readonly<Record<string, readonly string[]>>, place = ''): JsonObject | null {
  const read = places[place]!;
  const unread: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    const at = place === '' ? key : `${place}.${key}`;
    if (!read.includes(key)) unread[key] = child;
    else if (places[at] && isJsonObject(child)) {
      const inner = unreadPart(child, places, at);
      if (inner) unread[key] = inner;
    }
  }
  return Object.keys(unread).length > 0 ? unread : null;
}

/** Where each key the reader does not read sits in a stored contract, e.g. `user_input.requred_human`, in the order written. */
export function unreadContractKeys(challenge: Challenge): string[] {
  if (!challenge.unreadJson) return [];
  const places = READ_KEYS[challenge.type];
  const paths: string[] = [];
  const walk = (value: JsonObject, place: string) => {
    for (const [key, child] of Object.entries(value)) {
      const at = place === '' ? key : `${place}.${key}`;
      if (places[at] && (places[place] ?? []).includes(key) && isJsonObject(child)) walk(child, at);
      else paths.push(at);
    }
  };
  walk(JSON.parse(challenge.unreadJson) as JsonObject, '');
  return paths;
}

/** The keys read where `path` sits (its place), for a notice that suggests what the author meant. */
export function contractKeysReadBeside(type: ChallengeType, path: string): readonly string[] {
  const place = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
  return READ_KEYS[type][place] ?? [];
}

/** `extra`'s keys laid over the authored form, object into object, so kept keys go back where they were written. */
function withUnread(authored: JsonObject, extra: JsonObject): JsonObject {
  const merged: JsonObject = { ...authored };
  for (const [key, value] of Object.entries(extra)) {
    const here = merged[key];
    merged[key] = isJsonObject(here) && isJsonObject(value) ? withUnread(here, value) : value;
  }
  return merged;
}

/**
 * A `require_human` the reader would not honour: anywhere but `user_input.require_human` of a
 * user_input contract. Stored without its gate, the step would let an agent through, so it is
 * refused naming where the key belongs. Null when every `require_human` is in its place.
 */
function misplacedRequireHuman(json: JsonObject, type: ChallengeType): string | null {
  const stack: [unknown, string][] = [[json, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const at = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
      if (key === 'require_human' && !Array.isArray(value)) {
        if (type !== 'USER_INPUT')
          return `"require_human" (at "${at}") only gates a user_input contract: {"type": "user_input", "user_input": {"require_human": true}}`;
        if (at !== 'user_input.require_human')
          return `"require_human" belongs inside "user_input" ({"type": "user_input", "user_input": {"require_human": true}}), not at "${at}"`;
      }
      // An mcp contract's arguments and expected result are the tool's own JSON, not the contract's.
      if (at !== 'mcp.arguments' && at !== 'mcp.expected_result') stack.push([child, at]);
    }
  }
  return null;
}

/** The authored form of a stored challenge, with the keys it kept unread; `parseAuthoredChallenge` reads it back unchanged. */
export function toAuthoredChallenge(challenge: Challenge): AuthoredChallenge {
  const authored = readAuthoredFields(challenge);
  if (!challenge.unreadJson) return authored;
  return withUnread(authored as unknown as JsonObject, JSON.parse(challenge.unreadJson) as JsonObject) as unknown as AuthoredChallenge;
}

function readAuthoredFields(challenge: Challenge): AuthoredChallenge {
  switch (challenge.type) {
    case 'SHELL': {
      const shell = challenge.shell;
      return {
        type: 'shell',
        ...(shell && {
          shell: {
            cmd: shell.cmd,
            timeout_seconds: shell.timeoutSeconds,
            ...(shell.interpreter !== undefined && { interpreter: shell.interpreter }),
            ...(shell.flags !== undefined && { flags: [...shell.flags] }),
            ...(shell.args !== undefined && { args: [...shell.args] }),
            ...(shell.workdir !== undefined && { workdir: shell.workdir }),
          },
        }),
        required: challenge.required,
      };
    }
    case 'MCP': {
      const mcp = challenge.mcp;
      return {
        type: 'mcp',
        ...(mcp && {
          mcp: {
            tool_name: mcp.toolName,
            ...(mcp.expectedResult !== undefined && { expected_result: mcp.expectedResult }),
            ...(mcp.arguments !== undefined && { arguments: mcp.arguments }),
          },
        }),
        required: challenge.required,
      };
    }
    case 'USER_INPUT': {
      const userInput = challenge.userInput ?? {};
      return {
        type: 'user_input',
        user_input: {
          ...(userInput.prompt !== undefined && { prompt: userInput.prompt }),
          ...(userInput.requireHuman !== undefined && { require_human: userInput.requireHuman }),
        },
        required: challenge.required,
      };
    }
    case 'COMMENT': {
      const comment = challenge.comment ?? {};
      return {
        type: 'comment',
        comment: { ...(comment.minLength !== undefined && { min_length: comment.minLength }) },
        required: challenge.required,
      };
    }
    case 'TENSOR': {
      const tensor = challenge.tensor;
      return {
        type: 'tensor',
        ...(tensor && { tensor: authoredTensor(tensor) }),
        required: challenge.required,
      };
    }
  }
}

/** Our own form writes `name`; KAIROS's writes the name inside `output`, as its authors do. */
function authoredTensor(tensor: TensorChallenge): NonNullable<AuthoredChallenge['tensor']> {
  const output = tensor.output;
  return {
    ...(output === undefined && { name: tensor.name }),
    ...(tensor.shape !== undefined && { shape: [...tensor.shape] }),
    ...(tensor.requiredInputs !== undefined && { required_inputs: [...tensor.requiredInputs] }),
    ...(output !== undefined && {
      output: {
        name: tensor.name,
        type: output.type,
        ...(output.minLength !== undefined && { min_length: output.minLength }),
        ...(output.maxLength !== undefined && { max_length: output.maxLength }),
        ...(output.minItems !== undefined && { min_items: output.minItems }),
        ...(output.maxItems !== undefined && { max_items: output.maxItems }),
      },
    }),
    ...(tensor.merge !== undefined && { merge: tensor.merge }),
    ...(tensor.condition !== undefined && { condition: tensor.condition }),
  };
}

type Fail = (reason: string) => ProtocolStructureError;

function subObject(json: JsonObject, key: string, fail: Fail): JsonObject | undefined {
  const value = json[key];
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) throw fail(`challenge "${key}" must be a JSON object`);
  return value;
}

function readShell(json: JsonObject, fail: Fail): ShellChallenge {
  const nested = subObject(json, 'shell', fail);
  // Legacy flat form: `cmd` / `timeout_seconds` directly on the challenge.
  const source = nested ?? json;
  const prefix = nested ? 'shell.' : '';

  const cmd = source.cmd;
  if (typeof cmd !== 'string' || cmd.trim() === '') {
    throw fail(`shell challenge needs a non-empty string "${prefix}cmd"`);
  }
  const shell: ShellChallenge = {
    cmd,
    timeoutSeconds: optionalPositiveNumber(source, 'timeout_seconds', prefix, fail) ?? DEFAULT_SHELL_TIMEOUT_SECONDS,
  };
  const interpreter = optionalString(source, 'interpreter', prefix, fail);
  if (interpreter !== undefined) shell.interpreter = interpreter;
  const flags = optionalStringArray(source, 'flags', prefix, fail);
  if (flags !== undefined) shell.flags = flags;
  const args = optionalStringArray(source, 'args', prefix, fail);
  if (args !== undefined) shell.args = args;
  const workdir = optionalString(source, 'workdir', prefix, fail);
  if (workdir !== undefined) shell.workdir = workdir;
  return shell;
}

function readMcp(json: JsonObject, fail: Fail): McpChallenge {
  const mcp = subObject(json, 'mcp', fail);
  const toolName = mcp?.tool_name;
  if (typeof toolName !== 'string' || toolName.trim() === '') {
    throw fail('mcp challenge needs a non-empty string "mcp.tool_name"');
  }
  const result: McpChallenge = { toolName };
  if (mcp?.expected_result !== undefined) result.expectedResult = mcp.expected_result;
  if (mcp?.arguments !== undefined) result.arguments = mcp.arguments;
  return result;
}

// KAIROS 4 also writes the name as `tensor.output.name`; either is read, `name` wins.
function readTensor(json: JsonObject, fail: Fail): TensorChallenge {
  const tensor = subObject(json, 'tensor', fail);
  const output = tensor && isJsonObject(tensor.output) ? tensor.output : undefined;
  const name = tensor?.name ?? output?.name;
  if (typeof name !== 'string' || name.trim() === '') throw fail('tensor challenge needs a non-empty string "tensor.name"');
  const result: TensorChallenge = { name };
  const shape = tensor?.shape;
  if (shape !== undefined) {
    const valid =
      Array.isArray(shape) &&
      shape.length <= MAX_TENSOR_DIMENSIONS &&
      shape.every((size) => typeof size === 'number' && Number.isInteger(size) && size >= 0 && size <= 1_000_000);
    if (!valid) throw fail(`"tensor.shape" must be an array of at most ${MAX_TENSOR_DIMENSIONS} non-negative integers`);
    result.shape = [...(shape as number[])];
  }
  const requiredInputs = tensor?.required_inputs;
  if (requiredInputs !== undefined) {
    const valid =
      Array.isArray(requiredInputs) &&
      requiredInputs.length <= MAX_TENSOR_INPUTS &&
      requiredInputs.every((input) => typeof input === 'string' && input.trim() !== '');
    if (!valid) throw fail(`"tensor.required_inputs" must be an array of at most ${MAX_TENSOR_INPUTS} non-empty strings`);
    result.requiredInputs = (requiredInputs as string[]).map((input) => input.trim());
  }
  if (tensor?.output !== undefined && output === undefined) throw fail('"tensor.output" must be a JSON object');
  // An output without a type is read as before KAIROS's typed outputs: numbers, by name.
  if (output !== undefined && output.type !== undefined) result.output = readTensorOutput(output, fail);
  const merge = tensor ? optionalString(tensor, 'merge', 'tensor.', fail) : undefined;
  if (merge !== undefined) result.merge = merge;
  const condition = tensor ? optionalString(tensor, 'condition', 'tensor.', fail) : undefined;
  if (condition !== undefined) result.condition = condition;
  return result;
}

/** Most earlier outputs one tensor contract may require. */
export const MAX_TENSOR_INPUTS = 64;

function readTensorOutput(output: JsonObject, fail: Fail): TensorOutputSpec {
  const type = output.type;
  if (typeof type !== 'string' || type.trim() === '') throw fail('tensor contract needs a non-empty string "tensor.output.type"');
  const spec: TensorOutputSpec = { type: type.trim() };
  const bounds = [
    ['min_length', 'minLength'],
    ['max_length', 'maxLength'],
    ['min_items', 'minItems'],
    ['max_items', 'maxItems'],
  ] as const;
  for (const [authored, stored] of bounds) {
    const value = output[authored];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw fail(`"tensor.output.${authored}" must be a non-negative integer`);
    spec[stored] = value;
  }
  return spec;
}

function readUserInput(json: JsonObject, fail: Fail): UserInputChallenge {
  const userInput = subObject(json, 'user_input', fail) ?? {};
  const result: UserInputChallenge = {};
  const prompt = optionalString(userInput, 'prompt', 'user_input.', fail);
  if (prompt !== undefined && prompt !== '') result.prompt = prompt;
  const requireHuman = userInput.require_human;
  if (requireHuman !== undefined) {
    if (typeof requireHuman !== 'boolean') throw fail('"user_input.require_human" must be true or false');
    result.requireHuman = requireHuman;
  }
  return result;
}

function readComment(json: JsonObject, fail: Fail): CommentChallenge {
  const comment = subObject(json, 'comment', fail) ?? {};
  const result: CommentChallenge = {};
  const minLength = comment.min_length;
  if (minLength !== undefined) {
    if (typeof minLength !== 'number' || !Number.isInteger(minLength) || minLength <= 0) {
      throw fail('"comment.min_length" must be a positive integer');
    }
    result.minLength = minLength;
  }
  return result;
}

function optionalString(source: JsonObject, key: string, prefix: string, fail: Fail): string | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw fail(`"${prefix}${key}" must be a string`);
  return value;
}

function optionalStringArray(source: JsonObject, key: string, prefix: string, fail: Fail): string[] | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw fail(`"${prefix}${key}" must be an array of strings`);
  }
  return [...value];
}

function optionalPositiveNumber(source: JsonObject, key: string, prefix: string, fail: Fail): number | undefined {
  const value = source[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw fail(`"${prefix}${key}" must be a positive number`);
  }
  return value;
}
