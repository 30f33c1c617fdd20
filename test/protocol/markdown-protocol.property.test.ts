import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { parseProtocolMarkdown, renderProtocolMarkdown, type ParsedProtocol } from '../../src/protocol/markdown-protocol.js';

/** A generated document together with what minting it must produce. */
interface GeneratedDocument {
  markdown: string;
  title: string;
  labels: string[];
  challenges: Array<Challenge | null>;
  triggers?: string;
  slug?: string;
  version?: string;
}

interface GeneratedChallenge {
  markdown: string;
  expected: Challenge;
}

const FENCE = '```';

const word = fc.constantFrom(
  'deploy',
  'check',
  'service',
  'config',
  'état',
  'naïve',
  'run',
  'tests',
  'build',
  'docs',
  'x2',
  'v1.2',
  'API',
  'the',
  'release',
  'schema',
  'café',
  'notes',
  'rollout',
  'logs',
);
const phrase = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(' '));
const sentence = phrase.map((text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
const numbering = fc.constantFrom('', '', '', 'STEP 1 — ', 'Step 07: ', '3. ', '1a) ', 'T1 — ', 'Phase 3: ', '007 — ');

const paragraph = fc
  .array(sentence, { minLength: 1, maxLength: 3 })
  .chain((sentences) => fc.constantFrom(' ', '\n').map((joiner) => sentences.join(joiner)));
const bulletList = fc
  .tuple(fc.constantFrom('-', '*', '1.'), fc.array(phrase, { minLength: 1, maxLength: 4 }))
  .map(([marker, items]) => items.map((item) => `${marker} ${item}`).join('\n'));
const codeBlock = fc
  .tuple(fc.constantFrom('bash', 'js', 'ts', ''), phrase)
  .map(([language, text]) => `${FENCE}${language}\n${text}\n${FENCE}`);
const jsonExample = phrase.map((text) => `${FENCE}json\n{"example": true, "name": ${JSON.stringify(text)}}\n${FENCE}`);
const subHeading = phrase.map((text) => `### ${text}`);
const quote = sentence.map((text) => `> ${text}`);
// Blocks that look like structure but are prose: nested or wrapped challenges, fenced headings.
const lookalike = fc.constantFrom(
  `~~~markdown\n${FENCE}json\n{"challenge": {"type": "shell", "shell": {"cmd": "true"}}}\n${FENCE}\n~~~`,
  `${FENCE}${FENCE.charAt(0)}\n${FENCE}json\n{"challenge": {"type": "comment"}}\n${FENCE}\n${FENCE}${FENCE.charAt(0)}`,
  `- Nested example:\n\n  ${FENCE}json\n  {"challenge": {"type": "comment"}}\n  ${FENCE}`,
  `${FENCE}text\n# Not a title\n## Not a step\nPROOF OF WORK: not a proof\n${FENCE}`,
  `${FENCE}js\nconst c = {"challenge": {"type": "shell"}};\n${FENCE}`,
  'Proof of work: described in prose only.',
);
const prose = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  { weight: 2, arbitrary: bulletList },
  { weight: 1, arbitrary: codeBlock },
  { weight: 1, arbitrary: jsonExample },
  { weight: 1, arbitrary: subHeading },
  { weight: 1, arbitrary: quote },
  { weight: 1, arbitrary: lookalike },
);
const proseBlocks = (max: number) => fc.array(prose, { maxLength: max });

const command = fc.constantFrom('npm test', 'make check', 'ls -la | grep x', 'echo "done" && exit 0', './run.sh --fast');
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const shellJson = fc
  .record({
    typed: fc.boolean(),
    cmd: command,
    timeout: maybe(fc.integer({ min: 1, max: 3600 })),
    interpreter: maybe(fc.constantFrom('bash', 'sh')),
    flags: maybe(fc.array(fc.constantFrom('-e', '-x', '-u'), { maxLength: 2 })),
    args: maybe(fc.array(phrase, { maxLength: 2 })),
    workdir: maybe(fc.constantFrom('/srv', '.')),
    required: maybe(fc.boolean()),
  })
  .map(({ typed, cmd, timeout, interpreter, flags, args, workdir, required }) => {
    const shell = {
      cmd,
      ...(timeout !== undefined && { timeout_seconds: timeout }),
      ...(interpreter !== undefined && { interpreter }),
      ...(flags !== undefined && { flags }),
      ...(args !== undefined && { args }),
      ...(workdir !== undefined && { workdir }),
    };
    const expected: Challenge = {
      type: 'SHELL',
      required: required ?? true,
      shell: {
        cmd,
        timeoutSeconds: timeout ?? 30,
        ...(interpreter !== undefined && { interpreter }),
        ...(flags !== undefined && { flags }),
        ...(args !== undefined && { args }),
        ...(workdir !== undefined && { workdir }),
      },
    };
    return { json: { ...(typed && { type: 'shell' }), shell, ...(required !== undefined && { required }) }, expected };
  });

const mcpJson = fc
  .record({
    tool: fc.constantFrom('registry_lookup', 'status', 'kairos_search'),
    expectedResult: maybe(fc.constantFrom<unknown>('ok', { found: true }, [1, 2], null)),
    args: maybe(fc.constantFrom<unknown>({ tag: 'latest' }, ['a'])),
    required: maybe(fc.boolean()),
  })
  .map(({ tool, expectedResult, args, required }) => ({
    json: {
      type: 'mcp',
      mcp: {
        tool_name: tool,
        ...(expectedResult !== undefined && { expected_result: expectedResult }),
        ...(args !== undefined && { arguments: args }),
      },
      ...(required !== undefined && { required }),
    },
    expected: {
      type: 'MCP',
      required: required ?? true,
      mcp: {
        toolName: tool,
        ...(expectedResult !== undefined && { expectedResult }),
        ...(args !== undefined && { arguments: args }),
      },
    } satisfies Challenge,
  }));

const userInputJson = fc
  .record({ prompt: maybe(sentence), requireHuman: maybe(fc.boolean()), withObject: fc.boolean() })
  .map(({ prompt, requireHuman, withObject }) => ({
    json: {
      type: 'user_input',
      ...((withObject || prompt !== undefined || requireHuman !== undefined) && {
        user_input: {
          ...(prompt !== undefined && { prompt }),
          ...(requireHuman !== undefined && { require_human: requireHuman }),
        },
      }),
    },
    expected: {
      type: 'USER_INPUT',
      required: true,
      userInput: {
        ...(prompt !== undefined && { prompt }),
        ...(requireHuman !== undefined && { requireHuman }),
      },
    } satisfies Challenge,
  }));

const commentJson = maybe(fc.integer({ min: 1, max: 500 })).map((minLength) => ({
  json: { type: 'comment', ...(minLength !== undefined && { comment: { min_length: minLength } }) },
  expected: {
    type: 'COMMENT',
    required: true,
    comment: { ...(minLength !== undefined && { minLength }) },
  } satisfies Challenge,
}));

const jsonChallenge: fc.Arbitrary<GeneratedChallenge> = fc
  .tuple(fc.oneof(shellJson, mcpJson, userInputJson, commentJson), fc.boolean())
  .map(([{ json, expected }, pretty]) => ({
    markdown: `${FENCE}json\n${JSON.stringify({ challenge: json }, null, pretty ? 2 : undefined)}\n${FENCE}`,
    expected,
  }));

const proofOfWorkLine: fc.Arbitrary<GeneratedChallenge> = fc
  .record({
    prefix: fc.constantFrom('', '- ', '* '),
    bold: fc.constantFrom('none', 'label', 'line'),
    timeout: maybe(
      fc.constantFrom(
        { token: '10s', seconds: 10 },
        { token: '1500ms', seconds: 2 },
        { token: '250ms', seconds: 1 },
        { token: '2m', seconds: 120 },
        { token: '1h', seconds: 3600 },
        { token: '45', seconds: 45 },
      ),
    ),
    cmd: command,
  })
  .map(({ prefix, bold, timeout, cmd }) => {
    const rest = `${timeout ? `[timeout ${timeout.token}] ` : ''}${cmd}`;
    const line =
      bold === 'label' ? `**PROOF OF WORK:** ${rest}` : bold === 'line' ? `**PROOF OF WORK: ${rest}**` : `PROOF OF WORK: ${rest}`;
    return {
      markdown: `${prefix}${line}`,
      expected: { type: 'SHELL', required: true, shell: { cmd, timeoutSeconds: timeout?.seconds ?? 60 } },
    };
  });

const challenge = fc.oneof({ weight: 3, arbitrary: jsonChallenge }, { weight: 1, arbitrary: proofOfWorkLine });

const separator = fc.constantFrom('\n\n', '\n\n', '\n\n\n');

interface GeneratedStep {
  heading?: { numbering: string; name: string };
  blocks: string[];
  /** Wraps the blocks in BODY markers (only the blocks become the step text). */
  bodyMarkers: boolean;
  challenge?: GeneratedChallenge;
}

const bodyMarkers = fc.constantFrom(false, false, false, true);
const BODY_MARKERS = [
  ['<!-- KAIROS:BODY-START -->', '<!-- KAIROS:BODY-END -->'],
  ['<!--kairos:body-start-->', '<!--   Kairos:Body-End   -->'],
] as const;

const challengeStep: fc.Arbitrary<GeneratedStep> = fc.record({
  heading: maybe(fc.record({ numbering, name: phrase })),
  blocks: proseBlocks(3),
  bodyMarkers,
  challenge,
});
const plainStep: fc.Arbitrary<GeneratedStep> = fc.record({
  heading: fc.record({ numbering, name: phrase }),
  blocks: proseBlocks(3),
  bodyMarkers,
});

const documentShape = fc.record({
  frontmatter: maybe(
    fc.record({
      slug: maybe(phrase.map((text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-'))),
      version: maybe(fc.constantFrom('1.0.0', '1.10', '2', 'v3-beta')),
    }),
  ),
  h1: maybe(fc.tuple(fc.constantFrom('', '1. '), phrase).map(([prefix, text]) => `${prefix}${text}`)),
  intro: proseBlocks(2),
  triggers: maybe(fc.array(phrase, { minLength: 1, maxLength: 3 }).map((items) => items.map((item) => `- "${item}"`).join('\n'))),
  withChallenges: fc.boolean(),
  challengeSteps: fc.array(challengeStep, { minLength: 1, maxLength: 6 }),
  plainSteps: fc.array(plainStep, { minLength: 1, maxLength: 6 }),
  trailing: maybe(
    fc.record({
      completionRule: fc.boolean(),
      blocks: fc.array(paragraph, { minLength: 1, maxLength: 2 }),
    }),
  ),
  separator,
  crlf: fc.boolean(),
});

const generatedDocument: fc.Arbitrary<GeneratedDocument> = documentShape
  .filter(({ h1, triggers, withChallenges, challengeSteps }) => {
    // Without an H1 the first step needs a heading to title the protocol; after a triggers
    // section it needs one to end that section.
    if (h1 !== undefined && triggers === undefined) return true;
    return !withChallenges || challengeSteps[0]?.heading !== undefined;
  })
  .map((shape) => {
    const sep = shape.separator;
    const steps = shape.withChallenges ? shape.challengeSteps : shape.plainSteps;
    const firstHeading = steps[0]?.heading?.name;
    const title = shape.h1 ?? firstHeading ?? '';
    const parts: string[] = [];
    if (shape.frontmatter && (shape.frontmatter.slug !== undefined || shape.frontmatter.version !== undefined)) {
      const lines = ['---'];
      if (shape.frontmatter.slug !== undefined) lines.push(`slug: ${shape.frontmatter.slug}`);
      if (shape.frontmatter.version !== undefined) lines.push(`Version: "${shape.frontmatter.version}"`);
      // Frontmatter without a challenge reads as KAIROS 4 unless the document says it is v3.
      if (!shape.withChallenges) lines.push('format: kairos-v3');
      lines.push('---');
      parts.push(lines.join('\n'));
    }
    if (shape.h1 !== undefined) parts.push(`# ${shape.h1}`);
    parts.push(...shape.intro);
    if (shape.triggers !== undefined) parts.push(`## Natural Language Triggers\n\n${shape.triggers}`);

    const labels: string[] = [];
    const challenges: Array<Challenge | null> = [];
    for (const step of steps) {
      if (step.heading) parts.push(`## ${step.heading.numbering}${step.heading.name}`);
      if (step.bodyMarkers && step.blocks.length > 0) {
        const [start, end] = BODY_MARKERS[labels.length % BODY_MARKERS.length]!;
        parts.push(start, ...step.blocks, end, 'Outside the body.');
      } else {
        parts.push(...step.blocks);
      }
      if (step.challenge) parts.push(step.challenge.markdown);
      labels.push(step.heading?.name ?? title);
      challenges.push(step.challenge?.expected ?? null);
    }
    if (shape.trailing) {
      const trailingStepHeading = shape.withChallenges ? '## Run complete' : '## Completion Rule';
      parts.push(trailingStepHeading, ...shape.trailing.blocks);
      if (shape.withChallenges && shape.trailing.completionRule) parts.push('## Completion Rule', 'Stop here.');
      labels.push(trailingStepHeading.slice(3));
      challenges.push(null);
    }
    const markdown = `${parts.join(sep)}\n`;
    return {
      markdown: shape.crlf ? markdown.replace(/\n/g, '\r\n') : markdown,
      title,
      labels,
      challenges,
      ...(shape.triggers !== undefined && { triggers: shape.triggers }),
      ...(shape.frontmatter?.slug !== undefined && { slug: shape.frontmatter.slug }),
      ...(shape.frontmatter?.version !== undefined && { version: shape.frontmatter.version }),
    };
  });

function comparable(protocol: ParsedProtocol): Omit<ParsedProtocol, 'frontmatterTitle'> {
  const { frontmatterTitle: _ignored, ...rest } = protocol;
  return rest;
}

describe('minting and rendering protocol markdown (property)', () => {
  it('mints the generated steps, and minting the rendering reproduces them', () => {
    fc.assert(
      fc.property(generatedDocument, (generated) => {
        const parsed = parseProtocolMarkdown(generated.markdown);
        expect(parsed.title).toBe(generated.title);
        expect(parsed.slug).toBe(generated.slug);
        expect(parsed.version).toBe(generated.version);
        expect(parsed.triggers).toBe(generated.triggers);
        expect(parsed.steps.map((step) => step.label)).toEqual(generated.labels);
        expect(parsed.steps.map((step) => step.challenge)).toEqual(generated.challenges);
        for (const step of parsed.steps) expect(step.text).not.toContain('Natural Language Triggers');

        const rendered = renderProtocolMarkdown(parsed);
        const reparsed = parseProtocolMarkdown(rendered);
        expect(comparable(reparsed)).toEqual(comparable(parsed));
        expect(renderProtocolMarkdown(reparsed)).toBe(rendered);
      }),
      { numRuns: 1000 },
    );
    // 1,000 documents parsed three times each: micromark costs more per small document than marked did.
  }, 120_000);

  it('renders stored steps whose text no longer carries their label (e.g. after an update)', () => {
    const storedStep = fc.record({
      label: phrase,
      text: fc.array(fc.oneof(paragraph, bulletList, codeBlock, subHeading, lookalike), { minLength: 1, maxLength: 3 }),
    });
    const storedProtocol = fc
      .record({
        title: phrase,
        triggers: maybe(bulletList),
        withChallenges: fc.boolean(),
        steps: fc.array(fc.tuple(storedStep, jsonChallenge), { minLength: 1, maxLength: 5 }),
        last: maybe(storedStep),
      })
      .map(({ title, triggers, withChallenges, steps, last }): ParsedProtocol => {
        const drafts = steps.map(([step, generated]) => ({
          label: step.label,
          text: step.text.join('\n\n'),
          challenge: withChallenges ? generated.expected : null,
        }));
        if (last) drafts.push({ label: last.label, text: last.text.join('\n\n'), challenge: null });
        return { title, ...(triggers !== undefined && { triggers }), steps: drafts };
      });

    fc.assert(
      fc.property(storedProtocol, (protocol) => {
        expect(parseProtocolMarkdown(renderProtocolMarkdown(protocol))).toEqual(protocol);
      }),
      { numRuns: 500 },
    );
  });
});
