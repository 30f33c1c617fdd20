/**
 * KAIROS_LOCAL_ARTIFACT_DIRS: the operator's hints reach activate's and forward's
 * `kairos_local_artifact_dir` in their order; a hint that is not a relative project:// or user://
 * path stops the server at start, as it stops KAIROS 4.8.5.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';
import { activateOutput, forwardOutput } from './kairos-485-schemas.js';

const hints = ['user://work/kairos', 'project://build/kairos-runs'];
const server = useTestServer({ localArtifactDirs: hints });
const connect = useMcpClients(server);
const fence = '```';

describe('KAIROS_LOCAL_ARTIFACT_DIRS', () => {
  it("is what activate and forward answer as kairos_local_artifact_dir, in the operator's order", async () => {
    const client = await connect();
    const title = uniqueTitle('Zephyrine handoff');
    const contract = JSON.stringify({ contract: { type: 'comment', comment: { min_length: 5 } } });
    const trained = await client.call('train', {
      content: `# ${title}\n\n## Write the note\nWrite it.\n\n${fence}json\n${contract}\n${fence}\n`,
      llm_model_id: 'test-model',
      review_evidence: { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' },
    });
    expect(trained.isError).toBe(false);
    const activated = (await client.call('activate', { query: title })).json;
    activateOutput.parse(activated);
    expect(activated.kairos_local_artifact_dir).toEqual(hints);
    const started = (await client.call('forward', { uri: trained.json.items[0].adapter_uri })).json;
    forwardOutput.parse(started);
    expect(started.kairos_local_artifact_dir).toEqual(hints);
  });
});

describe('reading KAIROS_LOCAL_ARTIFACT_DIRS', () => {
  const saved = process.env.KAIROS_LOCAL_ARTIFACT_DIRS;
  afterEach(() => {
    if (saved === undefined) delete process.env.KAIROS_LOCAL_ARTIFACT_DIRS;
    else process.env.KAIROS_LOCAL_ARTIFACT_DIRS = saved;
  });

  it("defaults to KAIROS 4.8.5's hints and keeps the order it is given", () => {
    delete process.env.KAIROS_LOCAL_ARTIFACT_DIRS;
    expect(loadConfig().localArtifactDirs).toEqual(['project://.local/kairos/work', 'user://.config/kairos/work']);
    process.env.KAIROS_LOCAL_ARTIFACT_DIRS = ' user://a/b , project://c ';
    expect(loadConfig().localArtifactDirs).toEqual(['user://a/b', 'project://c']);
  });

  it.each(['/srv/kairos', 'file://tmp/x', 'project:///etc', 'user://a/../../etc'])('refuses %s at start', (hint) => {
    process.env.KAIROS_LOCAL_ARTIFACT_DIRS = `project://ok,${hint}`;
    expect(() => loadConfig()).toThrow(/KAIROS_LOCAL_ARTIFACT_DIRS: .* must be project:\/\/<relative path> or user:\/\/<relative path>/);
  });
});
