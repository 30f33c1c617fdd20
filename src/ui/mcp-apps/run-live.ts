/**
 * The live run view of `kairos_begin` and `kairos_next`: the run a tool result names, followed
 * while it moves (live-run-panel.ts). Each new result the host relays reads the run again.
 */
import { LiveRunPanel, runIdOf } from './live-run-panel.js';
import { startView, stringOf } from './view-app.js';
import { h } from '../dom.js';

let panel: LiveRunPanel | null = null;

void startView('run-live', (answer, app) => {
  panel ??= new LiveRunPanel(app);
  const runId = runIdOf(answer);
  if (runId) panel.follow(runId);
  const errorCode = stringOf(answer.error_code);
  return [
    errorCode
      ? h('p', { class: 'refusal error-code', role: 'alert' }, h('strong', {}, errorCode), ` ${stringOf(answer.message) ?? ''}`)
      : null,
    runId ? panel.element : h('p', { class: 'muted' }, 'This result names no run.'),
  ];
});
