// Over 400 lines: one describe per part of the markdown format (template, structure, fences, proof lines, errors, render).
import { describe, expect, it } from 'vitest';
import {
  ProtocolStructureError,
  parseProtocolMarkdown,
  parseStepMarkdown,
  renderProtocolMarkdown,
  type ParsedProtocol,
} from '../../src/protocol/markdown-protocol.js';

const FENCE = '```';
const doc = (...lines: string[]) => lines.join('\n');
const challengeBlock = (json: string) => [`${FENCE}json`, json, FENCE];

function structureError(markdown: string): ProtocolStructureError {
  try {
    parseProtocolMarkdown(markdown);
  } catch (error) {
    if (error instanceof ProtocolStructureError) return error;
    throw error;
  }
  throw new Error('expected a ProtocolStructureError');
}

function roundTrip(protocol: ParsedProtocol): Omit<ParsedProtocol, 'frontmatterTitle'> {
  const { frontmatterTitle: _ignored, ...rest } = parseProtocolMarkdown(renderProtocolMarkdown(protocol));
  return rest;
}

function withoutFrontmatterTitle(protocol: ParsedProtocol): Omit<ParsedProtocol, 'frontmatterTitle'> {
  const { frontmatterTitle: _ignored, ...rest } = protocol;
  return rest;
}

describe('parseProtocolMarkdown: the canonical v3 template', () => {
  const template = doc(
    '---',
    'slug: deploy-service',
    'version: 1.2.0',
    'title: Deploy a service safely',
    '---',
    '',
    '# Deploy a Service',
    '',
    'Use this protocol whenever a service goes to production.',
    '',
    '## Natural Language Triggers',
    '',
    '- "deploy the service"',
    '- "ship it to production"',
    '',
    '## STEP 1 — Build the image',
    '',
    'Build and tag the container image.',
    '',
    ...challengeBlock(
      '{"challenge": {"type": "shell", "shell": {"cmd": "docker build -t app .", "timeout_seconds": 300, "interpreter": "bash", "flags": ["-e"], "args": ["--pull"], "workdir": "/srv/app"}, "required": true}}',
    ),
    '',
    '## Step 2: Check the registry',
    '',
    'Ask the registry whether the tag exists.',
    '',
    ...challengeBlock(
      '{"challenge": {"type": "mcp", "mcp": {"tool_name": "registry_lookup", "arguments": {"tag": "latest"}, "expected_result": {"found": true}}, "required": false}}',
    ),
    '',
    '## 3. Confirm with the owner',
    '',
    ...challengeBlock('{"challenge": {"type": "user_input", "user_input": {"prompt": "Has the owner approved?", "require_human": true}}}'),
    '',
    '## Write release notes',
    '',
    'Summarise what changed.',
    '',
    ...challengeBlock('{"challenge": {"type": "comment", "comment": {"min_length": 40}}}'),
    '',
    '## Run complete',
    '',
    'Report the deployed version.',
    '',
    '## Completion Rule',
    '',
    'Only claim success when every proof above passed.',
    '',
  );

  it('mints the same steps KAIROS would, with triggers kept as metadata', () => {
    expect(parseProtocolMarkdown(template)).toEqual({
      title: 'Deploy a Service',
      slug: 'deploy-service',
      version: '1.2.0',
      frontmatterTitle: 'Deploy a service safely',
      triggers: '- "deploy the service"\n- "ship it to production"',
      steps: [
        {
          label: 'Build the image',
          text: 'Use this protocol whenever a service goes to production.\n\n## Build the image\n\nBuild and tag the container image.',
          challenge: {
            type: 'SHELL',
            required: true,
            shell: {
              cmd: 'docker build -t app .',
              timeoutSeconds: 300,
              interpreter: 'bash',
              flags: ['-e'],
              args: ['--pull'],
              workdir: '/srv/app',
            },
          },
        },
        {
          label: 'Check the registry',
          text: '## Check the registry\n\nAsk the registry whether the tag exists.',
          challenge: {
            type: 'MCP',
            required: false,
            mcp: { toolName: 'registry_lookup', arguments: { tag: 'latest' }, expectedResult: { found: true } },
          },
        },
        {
          label: 'Confirm with the owner',
          text: '## Confirm with the owner',
          challenge: {
            type: 'USER_INPUT',
            required: true,
            userInput: { prompt: 'Has the owner approved?', requireHuman: true },
          },
        },
        {
          label: 'Write release notes',
          text: '## Write release notes\n\nSummarise what changed.',
          challenge: { type: 'COMMENT', required: true, comment: { minLength: 40 } },
        },
        {
          label: 'Run complete',
          text: '## Run complete\n\nReport the deployed version.\n\n## Completion Rule\n\nOnly claim success when every proof above passed.',
          challenge: null,
        },
      ],
    });
  });

  it('renders a dump that mints back to the same protocol', () => {
    const parsed = parseProtocolMarkdown(template);
    const rendered = renderProtocolMarkdown(parsed);
    expect(rendered.startsWith('---\nslug: deploy-service\nversion: 1.2.0\n---\n\n# Deploy a Service\n\n')).toBe(true);
    expect(rendered).toContain('## Natural Language Triggers\n\n- "deploy the service"');
    expect(rendered).toContain(
      '```json\n{\n  "challenge": {\n    "type": "comment",\n    "comment": {\n      "min_length": 40\n    },\n    "required": true\n  }\n}\n```',
    );
    expect(roundTrip(parsed)).toEqual(withoutFrontmatterTitle(parsed));
  });

  it('accepts CRLF line endings and a byte-order mark', () => {
    const parsed = parseProtocolMarkdown(`\uFEFF${template.replace(/\n/g, '\r\n')}`);
    expect(parsed).toEqual(parseProtocolMarkdown(template));
  });
});

describe('parseProtocolMarkdown: structure', () => {
  it('does not require triggers, a completion rule or any challenge: one step per H2', () => {
    const parsed = parseProtocolMarkdown(
      doc(
        '# Onboarding',
        'Welcome to the team.',
        '',
        '## Natural Language Triggers',
        '- onboard me',
        '',
        '## Read the handbook',
        'Read it all.',
        '',
        '## Meet the team',
        'Say hi.',
        '',
        '### Who to ask',
        'Anyone.',
      ),
    );
    expect(parsed).toEqual({
      title: 'Onboarding',
      triggers: '- onboard me',
      steps: [
        { label: 'Read the handbook', text: 'Welcome to the team.\n\n## Read the handbook\nRead it all.', challenge: null },
        { label: 'Meet the team', text: '## Meet the team\nSay hi.\n\n### Who to ask\nAnyone.', challenge: null },
      ],
    });
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('makes a title-only document with prose a single step labelled by the title', () => {
    expect(parseProtocolMarkdown('# Notes\n\nJust some prose.\n')).toEqual({
      title: 'Notes',
      steps: [{ label: 'Notes', text: 'Just some prose.', challenge: null }],
    });
  });

  it('cuts only at challenges when there are any, and labels by the first H2 of each step', () => {
    const parsed = parseProtocolMarkdown(
      doc(
        '# Release',
        '## Prepare',
        'Check the branch.',
        '## Tag',
        'Create the tag.',
        ...challengeBlock('{"challenge": {"type": "shell", "shell": {"cmd": "git tag v1"}}}'),
        'Afterwards, celebrate.',
      ),
    );
    expect(parsed.steps).toEqual([
      {
        label: 'Prepare',
        text: '## Prepare\nCheck the branch.\n## Tag\nCreate the tag.',
        challenge: { type: 'SHELL', required: true, shell: { cmd: 'git tag v1', timeoutSeconds: 30 } },
      },
      { label: 'Release', text: 'Afterwards, celebrate.', challenge: null },
    ]);
  });

  it('keeps a challenge with no text before it as a step and drops empty trailing text', () => {
    const parsed = parseProtocolMarkdown(
      doc(
        '# Checks',
        ...challengeBlock('{"challenge": {"type": "comment"}}'),
        ...challengeBlock('{"challenge": {"type": "user_input"}}'),
        '',
        '   ',
      ),
    );
    expect(parsed.steps).toEqual([
      { label: 'Checks', text: '', challenge: { type: 'COMMENT', required: true, comment: {} } },
      { label: 'Checks', text: '', challenge: { type: 'USER_INPUT', required: true, userInput: {} } },
    ]);
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('titles a document without H1 by its first H2 (sanitised)', () => {
    const parsed = parseProtocolMarkdown(
      doc('## 1. Setup', 'Install.', ...challengeBlock('{"challenge": {"shell": {"cmd": "npm ci"}}}'), '## Use', 'Go.'),
    );
    expect(parsed.title).toBe('Setup');
    expect(parsed.steps.map((step) => [step.label, step.text])).toEqual([
      ['Setup', '## Setup\nInstall.'],
      ['Use', '## Use\nGo.'],
    ]);
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('keeps prose before the H1 in step 1 and never puts the H1 line in a step', () => {
    const parsed = parseProtocolMarkdown(doc('Preface.', '', '# Title', '', 'Intro.', '## First', 'Do it.'));
    expect(parsed.steps).toEqual([{ label: 'First', text: 'Preface.\n\nIntro.\n## First\nDo it.', challenge: null }]);
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('reads frontmatter keys case-insensitively, with numbers kept as written', () => {
    const parsed = parseProtocolMarkdown(
      // Frontmatter alone would make it a KAIROS 4 adapter: `format` keeps it v3.
      doc('', '---', 'Slug: "My-Protocol"', 'VERSION: 1.10', 'owner: someone', 'Format: kairos-v3', '---', '# T', 'text'),
    );
    expect(parsed).toMatchObject({ slug: 'My-Protocol', version: '1.10', title: 'T' });
    expect(parseProtocolMarkdown(doc('---', 'slug:', '---', '# T', 'text')).slug).toBe('');
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('treats an unclosed frontmatter opener as an ordinary rule', () => {
    const parsed = parseProtocolMarkdown(doc('---', '# T', 'text'));
    expect(parsed.slug).toBeUndefined();
    expect(parsed.steps[0]?.text).toBe('---\n\ntext');
  });
});

describe('parseProtocolMarkdown: code fences and JSON examples are prose', () => {
  const lines = [
    '# Examples',
    '',
    '## Write the config',
    '',
    'An example config:',
    '',
    '```json',
    '{"port": 8080}',
    '```',
    '',
    'Some JavaScript mentioning a challenge:',
    '',
    '```js',
    'const challenge = {"challenge": {"type": "shell"}};',
    '```',
    '',
    'How to author a challenge:',
    '',
    '~~~markdown',
    '```json',
    '{"challenge": {"type": "shell", "shell": {"cmd": "true"}}}',
    '```',
    '~~~',
    '',
    '````',
    '```json',
    '{"challenge": {"type": "bogus"}}',
    '```',
    '````',
    '',
    '- A list item with an indented block:',
    '',
    '  ```json',
    '  {"challenge": {"type": "comment"}}',
    '  ```',
    '',
    '```text',
    '# Not a title',
    '## Not a step',
    'PROOF OF WORK: not a proof',
    '```',
    '',
    '```json',
    '[1, 2, 3]',
    '```',
    '',
    '```json',
    '{"challenge": {"type": "comment", "comment": {"min_length": 20}}}',
    '```',
  ];

  it('only a line-start ```json block holding a challenge object cuts a step', () => {
    const parsed = parseProtocolMarkdown(doc(...lines));
    expect(parsed.steps).toHaveLength(1);
    expect(parsed.steps[0]).toEqual({
      label: 'Write the config',
      text: doc(...lines.slice(2, -4)),
      challenge: { type: 'COMMENT', required: true, comment: { minLength: 20 } },
    });
    expect(roundTrip(parsed)).toEqual(parsed);
  });
});

describe('parseProtocolMarkdown: PROOF OF WORK lines', () => {
  const shell = (cmd: string, timeoutSeconds: number) => ({
    type: 'SHELL',
    required: true,
    shell: { cmd, timeoutSeconds },
  });

  it('reads bulleted, bold and timed lines as shell challenges that end their step', () => {
    const parsed = parseProtocolMarkdown(
      doc(
        '# Legacy',
        '## Install',
        'Install deps.',
        'PROOF OF WORK: npm ci',
        '## Test',
        '- PROOF OF WORK: [timeout 10s] npm test',
        '## Lint',
        '**PROOF OF WORK:** [timeout 1500ms] npm run lint',
        '## Build',
        '* **PROOF OF WORK: [timeout 2m] npm run build**',
        '## Deploy',
        'PROOF OF WORK: [timeout 1h] ./deploy.sh',
        '## Wait',
        '+ PROOF OF WORK: [timeout 250ms] `sleep 0`',
        'Notes after.',
      ),
    );
    expect(parsed.steps).toEqual([
      { label: 'Install', text: '## Install\nInstall deps.', challenge: shell('npm ci', 60) },
      { label: 'Test', text: '## Test', challenge: shell('npm test', 10) },
      { label: 'Lint', text: '## Lint', challenge: shell('npm run lint', 2) },
      { label: 'Build', text: '## Build', challenge: shell('npm run build', 120) },
      { label: 'Deploy', text: '## Deploy', challenge: shell('./deploy.sh', 3600) },
      { label: 'Wait', text: '## Wait', challenge: shell('sleep 0', 1) },
      { label: 'Legacy', text: 'Notes after.', challenge: null },
    ]);
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('mixes with ```json challenge blocks', () => {
    const parsed = parseProtocolMarkdown(
      doc('# Mixed', 'PROOF OF WORK: timeout 5s make', ...challengeBlock('{"challenge": {"type": "comment"}}')),
    );
    expect(parsed.steps.map((step) => step.challenge?.type)).toEqual(['SHELL', 'COMMENT']);
    expect(parsed.steps[0]?.challenge).toEqual(shell('make', 5));
  });

  it('does not treat indented or lower-case lines as proofs', () => {
    const parsed = parseProtocolMarkdown(doc('# Prose', '    PROOF OF WORK: indented code', 'Proof of work: prose'));
    expect(parsed.steps).toHaveLength(1);
    expect(parsed.steps[0]?.challenge).toBeNull();
  });
});

describe('parseProtocolMarkdown: BODY markers and heading sanitisation', () => {
  it('keeps only the body of a step that has both markers; labels still come from the step', () => {
    const parsed = parseProtocolMarkdown(
      doc(
        '# Body doc',
        '## Step A',
        '<!-- KAIROS:BODY-START -->',
        'Only this.',
        '<!--   kairos:body-end   -->',
        'Ignored trailing text.',
        ...challengeBlock('{"challenge": {"shell": {"cmd": "true"}}}'),
        '## Step B',
        'Plain.',
      ),
    );
    expect(parsed.steps.map(({ label, text }) => ({ label, text }))).toEqual([
      { label: 'Step A', text: 'Only this.' },
      { label: 'Step B', text: '## Step B\nPlain.' },
    ]);
    const rendered = renderProtocolMarkdown(parsed);
    expect(rendered).toContain('## Step A\n\n<!-- KAIROS:BODY-START -->\nOnly this.\n<!-- KAIROS:BODY-END -->');
    expect(roundTrip(parsed)).toEqual(parsed);
  });

  it('drops step numbering from H2 labels and from the heading line in the text', () => {
    const headings = [
      ['STEP 1 — Build', 'Build'],
      ['Step 07: Test', 'Test'],
      ['3. Lint', 'Lint'],
      ['007 — Ship', 'Ship'],
      ['1a) Prepare', 'Prepare'],
      ['T1 — Triage', 'Triage'],
      ['Phase 3: Rollout', 'Rollout'],
      ['Step 2 – 4. Nested', 'Nested'],
      ['2FA setup', '2FA setup'],
      ['2024 roadmap', '2024 roadmap'],
      ['Step 1', 'Step 1'],
      ['Step A', 'Step A'],
    ] as const;
    const parsed = parseProtocolMarkdown(doc('# Numbers', ...headings.map(([raw]) => `## ${raw} ##\nbody`)));
    expect(parsed.steps.map((step) => step.label)).toEqual(headings.map(([, label]) => label));
    expect(parsed.steps[0]?.text).toBe('## Build ##\nbody');
    expect(parsed.steps[8]?.text).toBe('## 2FA setup ##\nbody');
    expect(roundTrip(parsed)).toEqual(parsed);
  });
});

describe('parseProtocolMarkdown: PROTOCOL_STRUCTURE_INVALID reasons', () => {
  const cases: Array<[name: string, markdown: string, line: number | null, reason: string | RegExp]> = [
    ['an empty document', '', null, 'the document is empty'],
    ['a blank document', '  \n\n ', null, 'the document is empty'],
    ['frontmatter only', doc('---', 'slug: x', '---', ''), null, 'the document has nothing after its frontmatter'],
    [
      'no H1 and no H2',
      doc('Just prose.', ...challengeBlock('{"challenge": {"type": "comment"}}')),
      null,
      'the document has no H1 title and no H2 heading: start it with "# Protocol title"',
    ],
    [
      'two H1 titles',
      doc('# One', 'text', '', '# Two', 'more'),
      4,
      'a second H1 title (the first is at line 1); a document holds exactly one protocol',
    ],
    ['an empty H1', doc('#', '## Step', 'text'), 1, 'the H1 title is empty'],
    ['a title and nothing else', doc('# Lonely', ''), null, 'the protocol has no steps: add text or a challenge after the title'],
    [
      'an unparseable challenge',
      doc('# T', '## S', '', '```json', '{"challenge": {"type": "shell",}}', '```'),
      4,
      /^unparseable challenge JSON: /,
    ],
    [
      'an unknown challenge type',
      doc('# T', '## S', '```json', '{"challenge": {"type": "bash", "shell": {"cmd": "ls"}}}', '```'),
      3,
      'unknown challenge type "bash" (expected shell, mcp, user_input, comment or tensor)',
    ],
    ['a non-object challenge', doc('# T', '```json', '{"challenge": "npm test"}', '```'), 2, '"challenge" must be a JSON object'],
    [
      'a challenge in a plain fence',
      doc('# T', 'text', '```', '{"challenge": {"type": "comment"}}', '```'),
      3,
      'use only ```json for challenge blocks (this is a plain fence)',
    ],
    [
      'a challenge in another language fence',
      doc('# T', 'text', '~~~jsonc', '{"challenge": {"type": "comment"}}', '~~~'),
      3,
      'use only ```json for challenge blocks (this is a ```jsonc fence)',
    ],
    [
      'a shell challenge without a command',
      doc('# T', '## S', '```json', '{"challenge": {"type": "shell", "shell": {"timeout_seconds": 5}}}', '```'),
      3,
      'shell challenge needs a non-empty string "shell.cmd"',
    ],
    ['a PROOF OF WORK line without a command', doc('# T', '## S', '- PROOF OF WORK: [timeout 5s]'), 3, 'PROOF OF WORK line has no command'],
    [
      'a malformed PROOF OF WORK timeout',
      doc('# T', '## S', 'PROOF OF WORK: [timeout 5 days] x'),
      3,
      'malformed PROOF OF WORK timeout "5 days" (expected a positive number with ms, s, m or h, e.g. [timeout 30s])',
    ],
    [
      'two trigger sections',
      doc('# T', '## Natural Language Triggers', 'a', '## natural language triggers', 'b', '## S', 'x'),
      4,
      'a second "Natural Language Triggers" section (the first is at line 2)',
    ],
    ['invalid frontmatter YAML', doc('---', 'slug: ok', 'version: [1, 2', '---', '# T', 'x'), 4, /^invalid frontmatter: /],
    [
      'a frontmatter list value',
      doc('---', 'title: t', 'slug:', '  - a', '---', '# T', 'x'),
      3,
      'frontmatter "slug" must be a single value',
    ],
  ];

  it.each(cases)('rejects %s', (_name, markdown, line, reason) => {
    const error = structureError(markdown);
    expect(error.line).toBe(line);
    if (typeof reason === 'string') expect(error.reason).toBe(reason);
    else expect(error.reason).toMatch(reason);
    expect(error.message).toBe(line === null ? error.reason : `line ${line}: ${error.reason}`);
  });
});

describe('parseStepMarkdown', () => {
  it('returns the whole text when there is no challenge and no BODY markers', () => {
    expect(parseStepMarkdown('\n## Build\n\nRun the build.\n')).toEqual({ text: '## Build\n\nRun the build.' });
  });

  it('takes a ```json challenge out of the text', () => {
    expect(parseStepMarkdown(doc('## Build', 'Run it.', '', ...challengeBlock('{"challenge": {"shell": {"cmd": "make"}}}'), ''))).toEqual({
      text: '## Build\nRun it.',
      challenge: { type: 'SHELL', required: true, shell: { cmd: 'make', timeoutSeconds: 30 } },
    });
  });

  it('takes a PROOF OF WORK line out of the text, wherever it is', () => {
    expect(parseStepMarkdown(doc('Before.', '**PROOF OF WORK:** [timeout 3s] make check', 'After.'))).toEqual({
      text: 'Before.\nAfter.',
      challenge: { type: 'SHELL', required: true, shell: { cmd: 'make check', timeoutSeconds: 3 } },
    });
  });

  it('keeps only the body between BODY markers', () => {
    expect(
      parseStepMarkdown(
        doc(
          '## Label',
          '<!-- KAIROS:BODY-START -->',
          'The body.',
          '<!-- KAIROS:BODY-END -->',
          ...challengeBlock('{"challenge": {"type": "comment"}}'),
        ),
      ),
    ).toEqual({ text: 'The body.', challenge: { type: 'COMMENT', required: true, comment: {} } });
  });

  it('leaves example JSON and fenced proofs in the text', () => {
    const markdown = doc('Example:', '```json', '{"port": 1}', '```', '```', 'PROOF OF WORK: nope', '```');
    expect(parseStepMarkdown(markdown)).toEqual({ text: markdown });
  });

  it('rejects a broken challenge or a second one, naming the line', () => {
    expect(() => parseStepMarkdown(doc('x', '```json', '{"challenge": {"type": "sh"}}', '```'))).toThrow(
      'line 2: unknown challenge type "sh" (expected shell, mcp, user_input, comment or tensor)',
    );
    expect(() => parseStepMarkdown(doc('PROOF OF WORK: a', ...challengeBlock('{"challenge": {"type": "comment"}}')))).toThrow(
      'line 2: a second challenge (the first is at line 1); a step has at most one',
    );
  });
});

describe('renderProtocolMarkdown', () => {
  it('keeps intro prose in step 1 when it writes the triggers section', () => {
    const protocol: ParsedProtocol = {
      title: 'Guide',
      triggers: '- "help me"',
      steps: [
        { label: 'Start', text: 'Intro paragraph.\n\n## Start\nDo it.', challenge: { type: 'COMMENT', required: true, comment: {} } },
      ],
    };
    const rendered = renderProtocolMarkdown(protocol);
    expect(rendered).toBe(
      doc(
        '# Guide',
        '',
        'Intro paragraph.',
        '',
        '## Natural Language Triggers',
        '',
        '- "help me"',
        '',
        '## Start',
        'Do it.',
        '',
        '```json',
        '{',
        '  "challenge": {',
        '    "type": "comment",',
        '    "comment": {},',
        '    "required": true',
        '  }',
        '}',
        '```',
        '',
      ),
    );
    expect(parseProtocolMarkdown(rendered)).toEqual(protocol);
  });

  it('keeps a stored label that the text no longer carries', () => {
    const protocol: ParsedProtocol = {
      title: 'Edited',
      steps: [
        { label: 'Build', text: 'Text replaced by an update.', challenge: { type: 'COMMENT', required: true, comment: {} } },
        { label: 'Edited', text: 'Wrap up.', challenge: null },
      ],
    };
    expect(parseProtocolMarkdown(renderProtocolMarkdown(protocol))).toEqual(protocol);
  });

  it('writes triggers after a step 1 that has no heading', () => {
    const protocol: ParsedProtocol = {
      title: 'Short',
      triggers: 'say "short"',
      steps: [{ label: 'Short', text: 'Just do it.', challenge: { type: 'COMMENT', required: false, comment: { minLength: 3 } } }],
    };
    expect(parseProtocolMarkdown(renderProtocolMarkdown(protocol))).toEqual(protocol);
  });
});
