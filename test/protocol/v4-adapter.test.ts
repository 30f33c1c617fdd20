import { describe, expect, it } from 'vitest';
import {
  type ParsedProtocol,
  ProtocolStructureError,
  isAdapterMarkdown,
  parseProtocolMarkdown,
  parseStepMarkdown,
  renderAdapterMarkdown,
  renderProtocolMarkdown,
} from '../../src/protocol/markdown-protocol.js';
import {
  bulkShape,
  contract,
  createShape,
  criticShape,
  doc,
  everyContractType,
  noContract,
  plainFenceContract,
  refineShape,
  textFences,
} from './v4-fixtures.js';

function structureError(markdown: string): ProtocolStructureError {
  try {
    parseProtocolMarkdown(markdown);
  } catch (error) {
    if (error instanceof ProtocolStructureError) return error;
    throw error;
  }
  throw new Error('expected a ProtocolStructureError');
}

const layers = (parsed: ParsedProtocol) => parsed.steps.map((step) => [step.label, step.challenge?.type ?? null]);

function reparse(parsed: ParsedProtocol): ParsedProtocol {
  return parseProtocolMarkdown(
    renderAdapterMarkdown({
      title: parsed.title,
      slug: parsed.slug,
      version: parsed.version,
      frontmatter: parsed.adapter?.frontmatter,
      activationText: parsed.adapter?.activationText,
      rewardSignal: parsed.adapter?.rewardSignal,
      steps: parsed.steps,
    }),
  );
}

describe('KAIROS 4 adapters: layers end at contract blocks', () => {
  it('reads every contract type, frontmatter, activation patterns and the reward signal', () => {
    const parsed = parseProtocolMarkdown(everyContractType);
    expect(parsed.title).toBe('Release Train');
    expect(parsed.slug).toBe('release-train');
    expect(parsed.version).toBe('2.1.0');
    expect(parsed.frontmatterTitle).toBe('Ship a release train');
    expect(layers(parsed)).toEqual([
      ['Build the artefact', 'SHELL'],
      ['Open the change ticket', 'MCP'],
      ['Ask the owner', 'USER_INPUT'],
      ['Reflect', 'COMMENT'],
      ['Score the rollout', 'TENSOR'],
    ]);
    const [build, ticket, ask, reflect, score] = parsed.steps;
    expect(build!.text).toBe('Takes a tagged build to production in five checked moves.\n\n## Build the artefact\n\nCompile and package the build.');
    expect(build!.challenge).toEqual({ type: 'SHELL', required: true, shell: { cmd: 'make dist', timeoutSeconds: 90 } });
    expect(ticket!.text).toBe('## Open the change ticket\n\nFile the change with the tracker tool.');
    expect(ticket!.challenge).toEqual({ type: 'MCP', required: true, mcp: { toolName: 'create_ticket', arguments: { queue: 'CHG', labels: ['release'] } } });
    expect(ask!.challenge).toEqual({ type: 'USER_INPUT', required: true, userInput: { prompt: 'Promote to production?' } });
    expect(reflect!.text).toBe('## Reflect\n\nWrite what changed and what you checked.');
    expect(reflect!.challenge).toEqual({ type: 'COMMENT', required: false, comment: { minLength: 40 } });
    expect(score!.challenge).toEqual({ type: 'TENSOR', required: true, tensor: { name: 'error_rates', shape: [3] } });
    expect(parsed.adapter).toEqual({
      activationPatterns: ['"ship the release train"', 'user asks to promote a tagged build', 'must never skip the smoke test'],
      activationText: '- "ship the release train"\n- user asks to promote a tagged build\n* must never skip the smoke test',
      rewardSignal: 'Success: the build is live in every region and the ticket is closed.',
      frontmatter: { version: '2.1.0', slug: 'release-train', title: 'Ship a release train', owner: 'platform-team', labels: ['release', 'ops'] },
    });
    expect(parsed.triggers).toBe(parsed.adapter!.activationText);
    for (const step of parsed.steps) {
      expect(step.text).not.toContain('"contract"');
      expect(step.text).not.toContain('Activation Patterns');
      expect(step.text).not.toContain('Reward Signal');
    }
  });

  it('keeps indented, listed, invalid, contract-less and non-json fences as text', () => {
    const parsed = parseProtocolMarkdown(textFences);
    expect(layers(parsed)).toEqual([['Read the examples', 'COMMENT']]);
    const text = parsed.steps[0]!.text;
    for (const kept of ['  ```json\n  {"contract": {"type": "comment"}}', '   ```json', '{"contract": {"type": "shell", broken', '{"example":', '"a string, not an object"', '~~~json', '```ts']) {
      expect(text).toContain(kept);
    }
  });

  it('refuses contract JSON in a plain ``` fence', () => {
    const error = structureError(plainFenceContract);
    expect(error).toMatchObject({ kind: 'CONTRACT_FENCE_REFUSED', line: 5 });
  });

  it('makes a one-layer adapter of a document without contract blocks', () => {
    const parsed = parseProtocolMarkdown(noContract);
    expect(layers(parsed)).toEqual([['Read', null]]);
    expect(parsed.steps[0]!.text).toBe('## Read\n\nRead the chapter.\n\n## Summarise\n\nWrite three lines.');
    expect(parsed.adapter?.activationPatterns).toEqual(['"take reading notes"']);
    expect(parsed.adapter?.rewardSignal).toBe('Three honest lines.');
  });

  it('keeps text after the last contract as a closing layer, and the title as label without an H2', () => {
    const parsed = parseProtocolMarkdown(doc('# Tidy', '', 'Intro.', '', contract({ type: 'comment' }), '', 'Closing words.'));
    expect(layers(parsed)).toEqual([['Tidy', 'COMMENT'], ['Tidy', null]]);
    expect(parsed.steps.map((step) => step.text)).toEqual(['Intro.', 'Closing words.']);
    expect(parsed.adapter?.rewardSignal).toBeNull();
  });

  it('reads a reward heading followed by a contract as an ordinary layer', () => {
    const parsed = parseProtocolMarkdown(doc('# R', '', '## Reward Signal', '', 'Rate it.', '', contract({ type: 'comment' })));
    expect(layers(parsed)).toEqual([['Reward Signal', 'COMMENT']]);
    expect(parsed.adapter?.rewardSignal).toBeNull();
  });

  it.each([
    ['refine-search', refineShape, [['Find the real goal', 'COMMENT'], ['Search again', 'MCP']]],
    [
      'create-new-protocol',
      createShape,
      [
        ['Check prerequisites', 'COMMENT'],
        ['Confirm intent', 'USER_INPUT'],
        ['Gather requirements', 'COMMENT'],
        ['Draft', 'COMMENT'],
        ['Critic review', 'SHELL'],
        ['Author an adapter', 'COMMENT'],
        ['User review', 'USER_INPUT'],
        ['Finalise', 'COMMENT'],
      ],
    ],
    ['phase-critic', criticShape, [['Files', 'SHELL'], ['Audit', 'COMMENT'], ['Verdict', 'SHELL']]],
    ['bulk-insert-adapters-via-cli', bulkShape, [['Preflight', 'SHELL'], ['Confirm scope', 'USER_INPUT'], ['Validate', 'SHELL'], ['Load', 'SHELL'], ['Report', 'COMMENT']]],
  ])('cuts an adapter shaped like KAIROS 4.8.5 %s into its layers', (_name, markdown, expected) => {
    const parsed = parseProtocolMarkdown(markdown);
    expect(layers(parsed)).toEqual(expected);
    expect(parsed.adapter?.activationPatterns.length).toBeGreaterThan(0);
    expect(parsed.adapter?.rewardSignal).not.toBeNull();
  });

  it('puts a section with two contracts in two layers, the first holding the section text', () => {
    const steps = parseProtocolMarkdown(criticShape).steps;
    expect(steps[0]!.text).toContain('```text\ninput.md   the plan');
    expect(steps[0]!.text).toContain('## Precondition');
  });

  it.each([
    ['an unknown contract type', doc('# T', contract({ type: 'bash', shell: { cmd: 'x' } })), 'CONTRACT_TYPE_UNKNOWN', 2],
    ['an mcp contract without tool_name', doc('# T', '', contract({ type: 'mcp', mcp: {} })), 'CONTRACT_INVALID', 3],
    ['a comment min_length that is a string', doc('# T', contract({ type: 'comment', comment: { min_length: '9' } })), 'CONTRACT_INVALID', 2],
    ['required that is not a boolean', doc('# T', contract({ type: 'comment', required: 'yes' })), 'CONTRACT_INVALID', 2],
    ['a tensor without a name', doc('# T', contract({ type: 'tensor', tensor: { shape: [2] } })), 'CONTRACT_INVALID', 2],
    ['a tensor shape that is not integers', doc('# T', contract({ type: 'tensor', tensor: { name: 'x', shape: [1.5] } })), 'CONTRACT_INVALID', 2],
    ['frontmatter that is not YAML', doc('---', 'slug: ok', 'version: [unclosed', '---', '# T', contract({ type: 'comment' })), 'FRONTMATTER_INVALID', 4],
    ['frontmatter that is a list', doc('---', '- a', '---', '# T', contract({ type: 'comment' })), 'FRONTMATTER_INVALID', 2],
    ['a second H1', doc('# A', contract({ type: 'comment' }), '# B'), 'STRUCTURE', 5],
  ])('refuses %s with a code and the line', (_name, markdown, kind, line) => {
    expect(structureError(markdown)).toMatchObject({ kind, line });
  });

  it('refuses an activation section with too many lines', () => {
    const many = Array.from({ length: 201 }, (_, i) => `- pattern ${i}`);
    expect(structureError(doc('# T', '', '## Activation Patterns', '', ...many, '', contract({ type: 'comment' }))).reason).toMatch(/the limit is 200/);
  });
});

describe('which documents are read as KAIROS 4', () => {
  it('reads a document with frontmatter and H2 headings but no contract as one v4 layer', () => {
    const markdown = doc('---', 'slug: v4-notes', 'version: 1.0.0', '---', '# Notes', '', '## One', '', 'First.', '', '## Two', '', 'Second.', '');
    const parsed = parseProtocolMarkdown(markdown);
    expect(isAdapterMarkdown(markdown)).toBe(true);
    expect(parsed.adapter).toBeDefined();
    expect(layers(parsed)).toEqual([['One', null]]);
    expect(parsed.steps[0]!.text).toBe('## One\n\nFirst.\n\n## Two\n\nSecond.');
    expect(parsed.slug).toBe('v4-notes');
  });

  it('keeps a document with frontmatter and v3 step markers as v3 (challenge block or PROOF OF WORK line)', () => {
    const withChallenge = doc('---', 'slug: v3-doc', '---', '# C', '', '## Build', '', '```json', '{"challenge": {"type": "shell", "shell": {"cmd": "make"}}}', '```', '', '## Done', '', 'ok');
    const challenged = parseProtocolMarkdown(withChallenge);
    expect(isAdapterMarkdown(withChallenge)).toBe(false);
    expect(challenged.adapter).toBeUndefined();
    expect(layers(challenged)).toEqual([['Build', 'SHELL'], ['Done', null]]);

    const proofOfWork = doc('---', 'version: 2.0.0', '---', '# P', '', '## Test', '', '- PROOF OF WORK: [timeout 10s] npm test', '', '## Ship', '', 'Deploy.');
    expect(isAdapterMarkdown(proofOfWork)).toBe(false);
    expect(layers(parseProtocolMarkdown(proofOfWork))).toEqual([['Test', 'SHELL'], ['Ship', null]]);
  });

  it('keeps the v3 refusal for a broken challenge in a document with frontmatter', () => {
    const error = structureError(doc('---', 'slug: broken', '---', '# B', '', '```json', '{"challenge": {"type": "shell", oops}}', '```'));
    expect(error).toMatchObject({ kind: 'STRUCTURE', line: 6 });
  });

  it('lets the frontmatter key format: kairos-v3 / kairos-v4 decide', () => {
    const v3 = doc('---', 'slug: plain-v3', 'format: kairos-v3', '---', '# V3', '', '## One', '', 'First.', '', '## Two', '', 'Second.', '');
    expect(isAdapterMarkdown(v3)).toBe(false);
    expect(layers(parseProtocolMarkdown(v3))).toEqual([['One', null], ['Two', null]]);
    const v4 = doc('---', 'format: KAIROS_V4', '---', '# V4', '', '## Old', '', '```json', '{"challenge": {"type": "comment"}}', '```', '');
    expect(isAdapterMarkdown(v4)).toBe(true);
    expect(layers(parseProtocolMarkdown(v4))).toEqual([['Old', null]]);
    expect(parseProtocolMarkdown(v4).adapter?.frontmatter).toEqual({ format: 'KAIROS_V4' });
  });

  it('keeps documents without frontmatter or contract exactly as v3 (H2 steps, challenge blocks)', () => {
    const v3 = doc('# V3', '', '## One', '', 'First.', '', '## Two', '', 'Second.', '');
    const parsed = parseProtocolMarkdown(v3);
    expect(isAdapterMarkdown(v3)).toBe(false);
    expect(parsed.adapter).toBeUndefined();
    expect(parsed.steps.map((step) => step.label)).toEqual(['One', 'Two']);
  });

  it('keeps the v3 code for v3 documents (a v3 unknown challenge type is a structure error)', () => {
    const error = structureError(doc('# C', '```json', '{"challenge": {"type": "bash"}}', '```'));
    expect(error.kind).toBe('STRUCTURE');
  });

  it('reads a contract block as v4 even beside a challenge block, and frontmatter without a marker as v4', () => {
    expect(isAdapterMarkdown(noContract)).toBe(true);
    expect(isAdapterMarkdown(doc('---', 'slug: x', '---', '# X', '', 'text'))).toBe(true);
    expect(isAdapterMarkdown(doc('# X', '', '## Activation Patterns', '', '- a'))).toBe(false);
    expect(isAdapterMarkdown(plainFenceContract)).toBe(true);
    const mixed = doc('# M', '', '```json', '{"challenge": {"type": "comment"}}', '```', '', contract({ type: 'comment' }));
    expect(layers(parseProtocolMarkdown(mixed))).toEqual([['M', 'COMMENT']]);
  });

  it('mints our own v3 dump back to the same steps, with and without challenges', () => {
    const plain: ParsedProtocol = {
      title: 'Plain Steps',
      slug: 'plain-steps',
      version: '1.0.0',
      steps: [
        { label: 'One', text: '## One\n\nFirst.', challenge: null },
        { label: 'Two', text: '## Two\n\nSecond.', challenge: null },
      ],
    };
    const dump = renderProtocolMarkdown(plain);
    expect(dump.startsWith('---\nslug: plain-steps\nversion: 1.0.0\nformat: kairos-v3\n---\n')).toBe(true);
    expect(parseProtocolMarkdown(dump)).toEqual(plain);

    const challenged: ParsedProtocol = { ...plain, steps: [{ label: 'One', text: '## One\n\nFirst.', challenge: { type: 'COMMENT', required: true, comment: { minLength: 10 } } }] };
    const challengedDump = renderProtocolMarkdown(challenged);
    expect(challengedDump).not.toContain('format:');
    expect(parseProtocolMarkdown(challengedDump)).toEqual(challenged);
  });
});

describe('a step update in the v4 form', () => {
  it('reads a contract block as the step challenge', () => {
    expect(parseStepMarkdown(doc('New text.', '', contract({ type: 'tensor', tensor: { name: 'v' } })))).toEqual({
      text: 'New text.',
      challenge: { type: 'TENSOR', required: true, tensor: { name: 'v' } },
    });
  });
});

describe('renderAdapterMarkdown (the export helper)', () => {
  it.each([
    ['every contract type', everyContractType],
    ['text fences', textFences],
    ['no contract', noContract],
    ['refine shape', refineShape],
    ['create shape', createShape],
    ['critic shape', criticShape],
    ['bulk shape', bulkShape],
  ])('gives back the same adapter when parsed again: %s', (_name, markdown) => {
    const parsed = parseProtocolMarkdown(markdown);
    const again = reparse(parsed);
    expect(again).toEqual(parsed);
    expect(reparse(again)).toEqual(parsed);
  });

  it('keeps the Activation Patterns and Reward Signal sections and writes ```json contract blocks', () => {
    const rendered = renderAdapterMarkdown({ ...parseProtocolMarkdown(refineShape), rewardSignal: 'Better search.', activationPatterns: ['vague ask'] });
    expect(rendered).toContain('## Activation Patterns\n\n- vague ask');
    expect(rendered).toContain('## Reward Signal\n\nBetter search.');
    expect(rendered).toContain('```json\n{\n  "contract": {\n    "type": "comment"');
  });

  it('writes a heading for a layer whose text no longer yields its label', () => {
    const rendered = renderAdapterMarkdown({
      title: 'Edited',
      steps: [
        { label: 'Renamed', text: 'Body without heading.', challenge: { type: 'COMMENT', required: true, comment: {} } },
        { label: 'Edited', text: 'Closing.', challenge: null },
      ],
    });
    expect(layers(parseProtocolMarkdown(rendered))).toEqual([['Renamed', 'COMMENT'], ['Edited', null]]);
  });
});
