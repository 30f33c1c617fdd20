/**
 * A small library of realistic protocols and a labelled query set (query → the protocol a
 * person would expect first) for measuring search quality and tuning its thresholds.
 */
const fence = '```';

interface StepSpec {
  heading: string;
  text: string;
  challenge?: Record<string, unknown>;
}

export interface ProtocolSpec {
  slug: string;
  title: string;
  intro: string;
  triggers: string;
  steps: StepSpec[];
}

const shell = (cmd: string) => ({ type: 'shell', shell: { cmd, timeout_seconds: 300 }, required: true });
const comment = (minLength = 30) => ({ type: 'comment', comment: { min_length: minLength }, required: true });
const ask = (prompt: string) => ({ type: 'user_input', user_input: { prompt }, required: true });

/** The spec as a KAIROS v3 document (the slug carries a suffix so files never collide). */
export function protocolMarkdown(spec: ProtocolSpec, slugSuffix = ''): string {
  const steps = spec.steps.map((step) => {
    const block = step.challenge ? `\n\n${fence}json\n${JSON.stringify({ challenge: step.challenge })}\n${fence}` : '';
    return `## ${step.heading}\n\n${step.text}${block}`;
  });
  return `---\nslug: ${spec.slug}${slugSuffix}\nversion: 1.0.0\n---\n# ${spec.title}\n\n${spec.intro}\n\n## Natural Language Triggers\n\n${spec.triggers}\n\n${steps.join('\n\n')}\n\n## Completion Rule\n\nOnly attest success when every step above is proven.\n`;
}

export const PROTOCOLS: readonly ProtocolSpec[] = [
  {
    slug: 'deploy-service',
    title: 'Deploy a Service to Production',
    intro: 'Build, verify and roll out a new version of a service with a canary.',
    triggers: 'Run when the user says "deploy", "ship it", "push to prod" or "release the service to production".',
    steps: [
      { heading: 'Build the artefact', text: 'Build the container image and tag it with the commit.', challenge: shell('npm run build') },
      { heading: 'Run the test suite', text: 'All unit and integration tests must pass.', challenge: shell('npm test') },
      {
        heading: 'Deploy to staging',
        text: 'Apply the manifests to staging and run the smoke checks.',
        challenge: shell('kubectl apply -k overlays/staging'),
      },
      { heading: 'Approve the rollout', text: 'A person confirms the staging checks.', challenge: ask('Roll out to production?') },
      {
        heading: 'Canary rollout',
        text: 'Shift 10% of traffic, watch error rates for ten minutes, then go to 100%.',
        challenge: shell('kubectl rollout status deploy/app'),
      },
    ],
  },
  {
    slug: 'rollback-release',
    title: 'Roll Back a Bad Release',
    intro: 'Return production to the last known good version after a broken release.',
    triggers: 'Run when the user says "rollback", "revert the deploy", "undo the deployment" or "the new version broke production".',
    steps: [
      { heading: 'Find the last good version', text: 'Look up the previous release tag in the deploy history.', challenge: comment() },
      { heading: 'Announce the rollback', text: 'Tell the team channel what is being reverted and why.', challenge: comment() },
      { heading: 'Revert', text: 'Undo the rollout to the previous revision.', challenge: shell('kubectl rollout undo deploy/app') },
      {
        heading: 'Verify health',
        text: 'Error rate and latency are back to their baseline.',
        challenge: shell('curl -fsS https://app.example.com/healthz'),
      },
    ],
  },
  {
    slug: 'database-migration',
    title: 'Run a Database Migration',
    intro: 'Change the database schema safely: write, rehearse, back up, apply, verify.',
    triggers:
      'Run when the user wants to "migrate the database", make a "schema change", "add a column", "alter a table" or "create an index".',
    steps: [
      {
        heading: 'Write the migration',
        text: 'Write forward and backward migration scripts; keep each change backwards compatible.',
        challenge: comment(),
      },
      {
        heading: 'Rehearse on a copy',
        text: 'Apply the migration to a restored snapshot and time it.',
        challenge: shell('npm run migrate -- --dry-run'),
      },
      {
        heading: 'Back up',
        text: 'Take a fresh backup of the production database before applying.',
        challenge: shell('pg_dump -Fc app > backup.dump'),
      },
      { heading: 'Apply', text: 'Apply the migration in a low-traffic window.', challenge: shell('npm run migrate') },
    ],
  },
  {
    slug: 'incident-response',
    title: 'Respond to a Production Incident',
    intro: 'Acknowledge, mitigate and communicate during an outage, then learn from it.',
    triggers: 'Run when there is an "outage", "the site is down", a "pager alert", a "sev1" or users report errors everywhere.',
    steps: [
      { heading: 'Acknowledge the page', text: 'Acknowledge the alert and open an incident channel.', challenge: comment() },
      { heading: 'Assess severity', text: 'Decide the severity from user impact and set an incident commander.', challenge: comment() },
      {
        heading: 'Mitigate',
        text: 'Stop the bleeding first: fail over, scale out, or disable the broken feature flag.',
        challenge: comment(50),
      },
      { heading: 'Communicate status', text: 'Post a status page update every thirty minutes until resolved.', challenge: comment() },
      { heading: 'Schedule the postmortem', text: 'Book a blameless postmortem within five working days.', challenge: comment() },
    ],
  },
  {
    slug: 'code-review',
    title: 'Review a Pull Request',
    intro: 'A thorough code review: intent, correctness, tests, security and readability.',
    triggers: 'Run when the user asks to "review this PR", "do a code review", or "look at my pull request".',
    steps: [
      {
        heading: 'Understand the intent',
        text: 'Read the description and the linked issue; state what the change should do.',
        challenge: comment(),
      },
      { heading: 'Run it', text: 'Check out the branch and run the tests locally.', challenge: shell('npm test') },
      {
        heading: 'Read the diff',
        text: 'Check correctness, error handling, naming, and that tests cover the change.',
        challenge: comment(80),
      },
      {
        heading: 'Write the review',
        text: 'Leave specific, actionable comments and a clear verdict: approve or request changes.',
        challenge: comment(80),
      },
    ],
  },
  {
    slug: 'release-notes',
    title: 'Write Release Notes',
    intro: 'Summarise what changed since the last tag for users, grouped by features and fixes.',
    triggers: 'Run when the user asks for a "changelog", "release notes", or "what is new in version X".',
    steps: [
      {
        heading: 'Collect changes',
        text: 'List merged pull requests since the previous tag.',
        challenge: shell('git log --merges --oneline v1.0.0..HEAD'),
      },
      {
        heading: 'Group and summarise',
        text: 'Group into features, fixes and breaking changes; one line each, in user language.',
        challenge: comment(80),
      },
      { heading: 'Approve', text: 'The release manager reads the notes.', challenge: ask('Publish these notes?') },
    ],
  },
  {
    slug: 'onboard-developer',
    title: 'Onboard a New Developer',
    intro: 'Get a new team member from zero to their first merged change.',
    triggers: 'Run for a "new hire", a "new team member", "first day setup", or when someone joins the team.',
    steps: [
      {
        heading: 'Accounts and access',
        text: 'Create accounts for the code host, chat, and the cloud console with least privilege.',
        challenge: comment(),
      },
      {
        heading: 'Set up the laptop',
        text: 'Install the toolchain, clone the repositories, configure SSH keys.',
        challenge: shell('node --version && git --version'),
      },
      { heading: 'Run the app locally', text: 'Start the app and open it in a browser.', challenge: shell('npm start') },
      { heading: 'First starter task', text: 'Pick a small labelled issue and pair on it.', challenge: comment() },
    ],
  },
  {
    slug: 'dependency-upgrade',
    title: 'Upgrade Project Dependencies',
    intro: 'Bring libraries up to date without breaking the build: patch and minor first, majors one by one.',
    triggers: 'Run when the user says "bump packages", "update libraries", "npm outdated", or "renovate is failing".',
    steps: [
      { heading: 'List outdated packages', text: 'See what is behind and by how much.', challenge: shell('npm outdated') },
      { heading: 'Patch and minor updates', text: 'Apply them together and run the tests.', challenge: shell('npm update && npm test') },
      {
        heading: 'Major updates one at a time',
        text: 'Read each changelog for breaking changes; upgrade and test one package per commit.',
        challenge: comment(50),
      },
      { heading: 'Open the pull request', text: 'Summarise the versions changed.', challenge: comment() },
    ],
  },
  {
    slug: 'security-audit',
    title: 'Run a Security Audit',
    intro: 'Check a codebase for known vulnerabilities, leaked secrets and weak access control.',
    triggers: 'Run when the user asks for a "vulnerability scan", "npm audit", "check for CVEs" or a security review before launch.',
    steps: [
      { heading: 'Audit dependencies', text: 'Find packages with known CVEs.', challenge: shell('npm audit --audit-level=high') },
      { heading: 'Scan for secrets', text: 'Search the history for committed credentials.', challenge: shell('gitleaks detect') },
      { heading: 'Review access control', text: 'Check every endpoint for authentication and authorisation.', challenge: comment(80) },
      { heading: 'Report findings', text: 'List findings by severity with a fix for each.', challenge: comment(80) },
    ],
  },
  {
    slug: 'flaky-test-triage',
    title: 'Triage a Flaky Test',
    intro: 'Find out why a test passes and fails at random, then fix or quarantine it.',
    triggers: 'Run when "a test fails intermittently", "CI is flaky", or there are random test failures that pass on retry.',
    steps: [
      {
        heading: 'Reproduce',
        text: 'Run the test in a loop until it fails; note the failure rate.',
        challenge: shell('for i in $(seq 50); do npx vitest run path/to.test.ts || break; done'),
      },
      {
        heading: 'Find the cause',
        text: 'Look for timing assumptions, shared state between tests, and order dependence.',
        challenge: comment(50),
      },
      {
        heading: 'Fix or quarantine',
        text: 'Fix the cause; if that takes long, quarantine the test with an issue link.',
        challenge: comment(),
      },
    ],
  },
  {
    slug: 'rotate-credentials',
    title: 'Rotate API Keys and Secrets',
    intro: 'Replace credentials without downtime: issue, deploy, verify, revoke.',
    triggers: 'Run when a "key leaked", credentials must be "rotated", or a token "expired".',
    steps: [
      { heading: 'Issue new credentials', text: 'Create the new key next to the old one.', challenge: comment() },
      {
        heading: 'Update the secret store',
        text: 'Write the new value to the secret manager and restart consumers.',
        challenge: comment(),
      },
      { heading: 'Revoke the old key', text: 'Revoke it once no request uses it any more.', challenge: ask('Revoke the old key now?') },
    ],
  },
  {
    slug: 'slow-endpoint',
    title: 'Investigate a Slow API Endpoint',
    intro: 'Measure, profile and fix an endpoint whose latency went up.',
    triggers: 'Run when an endpoint is "slow", "p99 latency" went up, or there is a "performance regression".',
    steps: [
      {
        heading: 'Measure',
        text: 'Record the current p50 and p99 latency under a fixed load.',
        challenge: shell('npx autocannon -d 30 http://localhost:4000/orders'),
      },
      { heading: 'Profile', text: 'Profile the hot path; check query plans and N+1 queries.', challenge: comment(50) },
      { heading: 'Fix and compare', text: 'Apply the fix and measure again under the same load.', challenge: comment(50) },
    ],
  },
];

export interface LabelledQuery {
  query: string;
  /** Slug of the protocol a person expects first. */
  expected: string;
}

/** At least two phrasings per protocol: title-like, trigger-like, and plain requests. */
export const LABELLED_QUERIES: readonly LabelledQuery[] = [
  { query: 'deploy the payments service to production', expected: 'deploy-service' },
  { query: 'ship it', expected: 'deploy-service' },
  { query: 'roll back the last release, production is broken', expected: 'rollback-release' },
  { query: 'revert a bad deployment', expected: 'rollback-release' },
  { query: 'add a column to the users table', expected: 'database-migration' },
  { query: 'run the database schema migration', expected: 'database-migration' },
  { query: 'the site is down, we have an outage', expected: 'incident-response' },
  { query: 'respond to a sev1 incident', expected: 'incident-response' },
  { query: 'review my pull request', expected: 'code-review' },
  { query: 'do a code review of this PR', expected: 'code-review' },
  { query: 'write the changelog for version 2.3', expected: 'release-notes' },
  { query: 'release notes', expected: 'release-notes' },
  { query: 'set up a new hire on their first day', expected: 'onboard-developer' },
  { query: 'onboard a developer', expected: 'onboard-developer' },
  { query: 'upgrade npm dependencies', expected: 'dependency-upgrade' },
  { query: 'bump outdated packages', expected: 'dependency-upgrade' },
  { query: 'scan for security vulnerabilities', expected: 'security-audit' },
  { query: 'npm audit CVE check', expected: 'security-audit' },
  { query: 'a test fails intermittently in CI', expected: 'flaky-test-triage' },
  { query: 'triage flaky tests', expected: 'flaky-test-triage' },
  { query: 'rotate the leaked API key', expected: 'rotate-credentials' },
  { query: 'the orders endpoint is slow, p99 latency went up', expected: 'slow-endpoint' },
  { query: 'investigate a performance regression', expected: 'slow-endpoint' },
  { query: 'production deploy', expected: 'deploy-service' },
];

/** Requests no protocol in the library serves: nothing should reach the match threshold. */
export const UNRELATED_QUERIES: readonly string[] = [
  'bake sourdough bread',
  'translate this poem into French',
  'water the office plants',
  'book a flight to Lisbon',
];
