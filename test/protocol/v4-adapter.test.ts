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
import { contract, doc, everyContractType, noContract, plainFenceContract, textFences } from './v4-fixtures.js';
import { cheatSheetShape, gateGuideShape, proofGuideShape, splitGuideShape } from './v4-shipped-guides.js';
import { bulkShape, createShape, criticShape, migrateShape, refineShape } from './v4-shipped-shapes.js';

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
    expect(build!.text).toBe(
      'Takes a tagged build to production in five checked moves.\n\n## Build the artefact\n\nCompile and package the build.',
    );
    expect(build!.challenge).toEqual({ type: 'SHELL', required: true, shell: { cmd: 'make dist', timeoutSeconds: 90 } });
    expect(ticket!.text).toBe('## Open the change ticket\n\nFile the change with the tracker tool.');
    expect(ticket!.challenge).toEqual({
      type: 'MCP',
      required: true,
      mcp: { toolName: 'create_ticket', arguments: { queue: 'CHG', labels: ['release'] } },
    });
    expect(ask!.challenge).toEqual({ type: 'USER_INPUT', required: true, userInput: { prompt: 'Promote to production?' } });
    expect(reflect!.text).toBe('## Reflect\n\nWrite what changed and what you checked.');
    expect(reflect!.challenge).toEqual({ type: 'COMMENT', required: false, comment: { minLength: 40 } });
    expect(score!.challenge).toEqual({ type: 'TENSOR', required: true, tensor: { name: 'error_rates', shape: [3] } });
    expect(parsed.adapter).toEqual({
      activationPatterns: ['"ship the release train"', 'user asks to promote a tagged build', 'must never skip the smoke test'],
      activationText: '- "ship the release train"\n- user asks to promote a tagged build\n* must never skip the smoke test',
      rewardSignal: 'Success: the build is live in every region and the ticket is closed.',
      frontmatter: {
        version: '2.1.0',
        slug: 'release-train',
        title: 'Ship a release train',
        owner: 'platform-team',
        labels: ['release', 'ops'],
      },
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
    for (const kept of [
      '  ```json\n  {"contract": {"type": "comment"}}',
      '   ```json',
      '{"contract": {"type": "shell", broken',
      '{"example":',
      '"a string, not an object"',
      '~~~json',
      '```ts',
    ]) {
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
    // As KAIROS 4.8.5 reads it: with no contract, a Reward Signal section stays in the one layer.
    expect(parsed.steps[0]!.text).toBe(
      '## Read\n\nRead the chapter.\n\n## Summarise\n\nWrite three lines.\n\n## Reward Signal\n\nThree honest lines.',
    );
    expect(parsed.adapter?.activationPatterns).toEqual(['"take reading notes"']);
    expect(parsed.adapter?.rewardSignal).toBeNull();
  });

  it('keeps text after the last contract as a closing layer, and the title as label without an H2', () => {
    const parsed = parseProtocolMarkdown(doc('# Tidy', '', 'Intro.', '', contract({ type: 'comment' }), '', 'Closing words.'));
    expect(layers(parsed)).toEqual([
      ['Tidy', 'COMMENT'],
      ['Tidy', null],
    ]);
    expect(parsed.steps.map((step) => step.text)).toEqual(['Intro.', 'Closing words.']);
    expect(parsed.adapter?.rewardSignal).toBeNull();
  });

  it('reads a reward heading followed by a contract as an ordinary layer', () => {
    const parsed = parseProtocolMarkdown(doc('# R', '', '## Reward Signal', '', 'Rate it.', '', contract({ type: 'comment' })));
    expect(layers(parsed)).toEqual([['Reward Signal', 'COMMENT']]);
    expect(parsed.adapter?.rewardSignal).toBeNull();
  });

  it.each([
    [
      'refine-search',
      refineShape,
      [
        ['Find the real goal', 'COMMENT'],
        ['Search again', 'MCP'],
      ],
    ],
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
    [
      'phase-critic',
      criticShape,
      [
        ['Files', 'SHELL'],
        ['Audit', 'COMMENT'],
        ['Verdict', 'SHELL'],
      ],
    ],
    [
      'bulk-insert-adapters-via-cli',
      bulkShape,
      [
        ['Preflight', 'SHELL'],
        ['Confirm scope', 'USER_INPUT'],
        ['Validate', 'SHELL'],
        ['Load', 'SHELL'],
        ['Report', 'COMMENT'],
      ],
    ],
    [
      'adapter-migration',
      migrateShape,
      [
        ['Preflight', 'COMMENT'],
        ['Collect Every Config', 'MCP'],
        ['Plan the Renames', 'COMMENT'],
        ['Report', 'USER_INPUT'],
        ['Write the Changes', 'COMMENT'],
        ['Check Again', 'COMMENT'],
      ],
    ],
    [
      'challenge-type-guide',
      proofGuideShape,
      [
        ['Ground Rules', 'SHELL'],
        ['Choosing a Proof Type', 'MCP'],
        ['Choosing a Proof Type', 'MCP'],
        ['Choosing a Proof Type', 'USER_INPUT'],
        ['Choosing a Proof Type', 'COMMENT'],
        ['Interpreters', 'COMMENT'],
        ['Patterns', 'COMMENT'],
      ],
    ],
    [
      'phase-critic-guide',
      gateGuideShape,
      [
        ['The Rule', 'COMMENT'],
        ['Adding the Review', 'MCP'],
        ['Gates for Data Pipelines', 'SHELL'],
        ['Evidence on Train', 'USER_INPUT'],
        ['Gates for Data Pipelines', 'MCP'],
        ['Placement', 'COMMENT'],
      ],
    ],
    [
      'protocol-linking-guide',
      splitGuideShape,
      [
        ['Layers or Separate Adapters', 'COMMENT'],
        ['`activate` or `forward`', 'COMMENT'],
        ['Naming the Next Runbook', 'COMMENT'],
        ['Checking the Target', 'MCP'],
        ['Splitting Runbooks', 'MCP'],
        ['Splitting Runbooks', 'COMMENT'],
        ['Entry Points', 'COMMENT'],
      ],
    ],
    [
      'skill-format-guide',
      cheatSheetShape,
      [
        ['Where It Lives', 'COMMENT'],
        ['Read the Current House Rules', 'COMMENT'],
        ['Quality', 'COMMENT'],
        ['Finishing', 'COMMENT'],
      ],
    ],
  ])('cuts an adapter shaped like KAIROS 4.8.5 %s into its layers', (_name, markdown, expected) => {
    const parsed = parseProtocolMarkdown(markdown);
    expect(layers(parsed)).toEqual(expected);
    expect(parsed.adapter?.activationPatterns.length).toBeGreaterThan(0);
    expect(parsed.adapter?.rewardSignal).not.toBeNull();
  });

  it("reads adapter-migration's structure: frontmatter title, intro, bold activation lines, nested mcp arguments, reward text", () => {
    const parsed = parseProtocolMarkdown(migrateShape);
    expect(parsed).toMatchObject({
      title: 'Config Key Rename',
      slug: 'rename-config-keys',
      version: '3.2.0',
      frontmatterTitle: 'Config Key Rename',
    });
    expect(parsed.adapter?.activationPatterns).toEqual([
      '**Use this when someone asks for any of:**',
      '"rename the old config keys" / "migrate service configs"',
      '"drop the deprecated settings names"',
      '**Must Never:**',
      'Change a value while renaming its key.',
      '**Must Always:**',
      'Show the per-service report before writing.',
    ]);
    expect(parsed.adapter?.rewardSignal).toBe(
      'Reached only when every layer above is proven.\n\nEvery service config uses the new key names:\n- no deprecated key is left;\n- no value changed.',
    );
    const [preflight, collect, plan, report] = parsed.steps;
    expect(preflight!.text.startsWith('Renames deprecated keys in every service config')).toBe(true);
    expect(preflight!.text).toContain(
      'Only keys move; values, comments and ordering stay as they are.\n\n## Preflight\n\n1. The config repository',
    );
    expect(collect!.challenge).toEqual({
      type: 'MCP',
      required: true,
      mcp: { toolName: 'inventory_list', arguments: { include_configs: true, filter: { tier: 'prod' } } },
    });
    expect(plan!.text).toContain('### Checks');
    expect(plan!.text).toContain('` ```json ` fences');
    expect(report!.text).toContain('| billing | needs_changes | 3 |');
    expect(report!.challenge).toMatchObject({ userInput: { prompt: 'Apply all, pick services, or stop?' } });
  });

  it("reads challenge-type-guide's structure: contract examples cut layers, other json fences and indented contracts stay text", () => {
    const parsed = parseProtocolMarkdown(proofGuideShape);
    const [rules, mcp, target, ask, comment, interpreters, patterns] = parsed.steps;
    expect(rules!.text).toContain('```\nDoes the layer call a tool?');
    expect(rules!.text.endsWith('**shell**')).toBe(true);
    expect(rules!.challenge).toEqual({ type: 'SHELL', required: true, shell: { cmd: '<your command>', timeoutSeconds: 30 } });
    expect(mcp!.text).toBe('**mcp**');
    expect(target!.challenge).toMatchObject({ mcp: { toolName: 'forward', arguments: { uri: 'kairos://adapter/<slug>' } } });
    expect(ask!.text).toBe('Name the target when the layer exists to start one particular adapter.\n\n**user_input**');
    expect(comment!.challenge).toMatchObject({ comment: { minLength: 50 } });
    expect(interpreters!.text).toContain('"evidence": { /* what proves it */ }');
    expect(interpreters!.text).toContain('{ "type": "shell", "outcome": "success", "evidence": { "exit_code": 0 } }');
    expect(interpreters!.text).toContain('## Interpreters');
    expect(patterns!.text).toContain('  ```json\n  {"contract":{"type":"mcp"');
    expect(patterns!.text).toContain('  ```bash');
    expect(parsed.adapter?.rewardSignal).toBe('The author can now:\n1. pick a proof type per layer\n2. keep shell statuses honest');
  });

  it("reads phase-critic-guide's structure: H3s before contracts are text, a layer spanning two H2s takes the first", () => {
    const parsed = parseProtocolMarkdown(gateGuideShape);
    const [, review, stop, evidence, after, placement] = parsed.steps;
    expect(review!.text.endsWith('### After planning')).toBe(true);
    expect(stop!.text).toBe('### After loading\n\nThe same contract again.\n\n### Stop on FAIL');
    expect(stop!.challenge).toEqual({
      type: 'SHELL',
      required: true,
      shell: { cmd: 'head -1 "$REVIEW_FILE" | grep -qx "PASS"', timeoutSeconds: 5 },
    });
    expect(evidence!.text).toBe(
      'A FAIL stops the run here.\n\n## Evidence on Train\n\nStoring an adapter needs a passing review.\n\n## Gating a Write\n\n### Before',
    );
    expect(after!.challenge).toMatchObject({ mcp: { toolName: 'table_stats', arguments: { table: 'sales_daily' } } });
    expect(placement!.text).toBe('## Placement\n\n1. One review per phase.\n\n## Checklist\n\n1. Every overwrite is gated.');
  });

  it("reads protocol-linking-guide's structure: inline code in a label, a yaml fence holding --- lines stays text", () => {
    const parsed = parseProtocolMarkdown(splitGuideShape);
    expect(parsed.slug).toBe('split-runbooks');
    expect(parsed.steps[1]!.text).toContain('## `activate` or `forward`');
    expect(parsed.steps[2]!.text).toContain('```text\ncall forward with kairos://adapter/restart-service\n```');
    expect(parsed.steps[3]!.challenge).toEqual({ type: 'MCP', required: true, mcp: { toolName: 'forward' } });
    expect(parsed.steps[4]!.text).toBe('With arguments it checks the target:');
    expect(parsed.steps[6]!.text).toBe('## Entry Points\n\n```yaml\n---\nslug: restart-service-db\nchain_root: restart-service\n---\n```');
  });

  it("reads skill-format-guide's structure: nested lists, placeholders and yaml folded blocks stay in the layer text", () => {
    const parsed = parseProtocolMarkdown(cheatSheetShape);
    expect(parsed.adapter?.activationPatterns).toEqual([
      '**Can be loaded directly for:**',
      '"cheat sheet format"',
      '"where do cheat sheets go"',
    ]);
    expect(parsed.steps[1]!.text).toContain('1. **Wiki (preferred):** open the style page.\n   - `/style/cheat-sheets` for the full text');
    expect(parsed.steps[2]!.text).toContain('```yaml\nsummary: >-\n  Restart the payment workers safely.');
    expect(parsed.steps[3]!.text).toContain('When `{target}=repo`:');
    expect(parsed.adapter?.rewardSignal).toBe(
      'The author can now:\n1. choose the home of a sheet\n   and say why\n2. write one that passes review',
    );
  });

  it('puts a section with two contracts in two layers, the first holding the section text', () => {
    const steps = parseProtocolMarkdown(criticShape).steps;
    expect(steps[0]!.text).toContain('```text\ninput.md   the plan');
    expect(steps[0]!.text).toContain('## Precondition');
  });

  it.each([
    ['an unknown contract type', doc('# T', contract({ type: 'bash', shell: { cmd: 'x' } })), 'CONTRACT_TYPE_UNKNOWN', 2],
    ['an mcp contract without tool_name', doc('# T', '', contract({ type: 'mcp', mcp: {} })), 'CONTRACT_INVALID', 3],
    [
      'a comment min_length that is a string',
      doc('# T', contract({ type: 'comment', comment: { min_length: '9' } })),
      'CONTRACT_INVALID',
      2,
    ],
    ['required that is not a boolean', doc('# T', contract({ type: 'comment', required: 'yes' })), 'CONTRACT_INVALID', 2],
    ['a tensor without a name', doc('# T', contract({ type: 'tensor', tensor: { shape: [2] } })), 'CONTRACT_INVALID', 2],
    [
      'a tensor shape that is not integers',
      doc('# T', contract({ type: 'tensor', tensor: { name: 'x', shape: [1.5] } })),
      'CONTRACT_INVALID',
      2,
    ],
    [
      'frontmatter that is not YAML',
      doc('---', 'slug: ok', 'version: [unclosed', '---', '# T', contract({ type: 'comment' })),
      'FRONTMATTER_INVALID',
      4,
    ],
    ['frontmatter that is a list', doc('---', '- a', '---', '# T', contract({ type: 'comment' })), 'FRONTMATTER_INVALID', 2],
    ['a second H1', doc('# A', contract({ type: 'comment' }), '# B'), 'MULTIPLE_ADAPTERS', 5],
  ])('refuses %s with a code and the line', (_name, markdown, kind, line) => {
    expect(structureError(markdown)).toMatchObject({ kind, line });
  });

  it('refuses an activation section with too many lines', () => {
    const many = Array.from({ length: 201 }, (_, i) => `- pattern ${i}`);
    expect(structureError(doc('# T', '', '## Activation Patterns', '', ...many, '', contract({ type: 'comment' }))).reason).toMatch(
      /the limit is 200/,
    );
  });
});

describe('which documents are read as KAIROS 4', () => {
  it('reads a document with frontmatter and H2 headings but no contract as one v4 layer', () => {
    const markdown = doc(
      '---',
      'slug: v4-notes',
      'version: 1.0.0',
      '---',
      '# Notes',
      '',
      '## One',
      '',
      'First.',
      '',
      '## Two',
      '',
      'Second.',
      '',
    );
    const parsed = parseProtocolMarkdown(markdown);
    expect(isAdapterMarkdown(markdown)).toBe(true);
    expect(parsed.adapter).toBeDefined();
    expect(layers(parsed)).toEqual([['One', null]]);
    expect(parsed.steps[0]!.text).toBe('## One\n\nFirst.\n\n## Two\n\nSecond.');
    expect(parsed.slug).toBe('v4-notes');
  });

  it('keeps a document with frontmatter and v3 step markers as v3 (challenge block or PROOF OF WORK line)', () => {
    const withChallenge = doc(
      '---',
      'slug: v3-doc',
      '---',
      '# C',
      '',
      '## Build',
      '',
      '```json',
      '{"challenge": {"type": "shell", "shell": {"cmd": "make"}}}',
      '```',
      '',
      '## Done',
      '',
      'ok',
    );
    const challenged = parseProtocolMarkdown(withChallenge);
    expect(isAdapterMarkdown(withChallenge)).toBe(false);
    expect(challenged.adapter).toBeUndefined();
    expect(layers(challenged)).toEqual([
      ['Build', 'SHELL'],
      ['Done', null],
    ]);

    const proofOfWork = doc(
      '---',
      'version: 2.0.0',
      '---',
      '# P',
      '',
      '## Test',
      '',
      '- PROOF OF WORK: [timeout 10s] npm test',
      '',
      '## Ship',
      '',
      'Deploy.',
    );
    expect(isAdapterMarkdown(proofOfWork)).toBe(false);
    expect(layers(parseProtocolMarkdown(proofOfWork))).toEqual([
      ['Test', 'SHELL'],
      ['Ship', null],
    ]);
  });

  it('keeps the v3 refusal for a broken challenge in a document with frontmatter', () => {
    const error = structureError(doc('---', 'slug: broken', '---', '# B', '', '```json', '{"challenge": {"type": "shell", oops}}', '```'));
    expect(error).toMatchObject({ kind: 'STRUCTURE', line: 6 });
  });

  it('lets the frontmatter key format: kairos-v3 / kairos-v4 decide', () => {
    const v3 = doc(
      '---',
      'slug: plain-v3',
      'format: kairos-v3',
      '---',
      '# V3',
      '',
      '## One',
      '',
      'First.',
      '',
      '## Two',
      '',
      'Second.',
      '',
    );
    expect(isAdapterMarkdown(v3)).toBe(false);
    expect(layers(parseProtocolMarkdown(v3))).toEqual([
      ['One', null],
      ['Two', null],
    ]);
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

    const challenged: ParsedProtocol = {
      ...plain,
      steps: [{ label: 'One', text: '## One\n\nFirst.', challenge: { type: 'COMMENT', required: true, comment: { minLength: 10 } } }],
    };
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
    ['migration shape', migrateShape],
    ['proof guide shape', proofGuideShape],
    ['gate guide shape', gateGuideShape],
    ['split guide shape', splitGuideShape],
    ['cheat sheet shape', cheatSheetShape],
  ])('gives back the same adapter when parsed again: %s', (_name, markdown) => {
    const parsed = parseProtocolMarkdown(markdown);
    const again = reparse(parsed);
    expect(again).toEqual(parsed);
    expect(reparse(again)).toEqual(parsed);
  });

  it('keeps the Activation Patterns and Reward Signal sections and writes ```json contract blocks', () => {
    const rendered = renderAdapterMarkdown({
      ...parseProtocolMarkdown(refineShape),
      rewardSignal: 'Better search.',
      activationPatterns: ['vague ask'],
    });
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
    expect(layers(parseProtocolMarkdown(rendered))).toEqual([
      ['Renamed', 'COMMENT'],
      ['Edited', null],
    ]);
  });
});
