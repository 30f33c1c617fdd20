/** One row per active or recent run: protocol, step k of N, status, last event, and a Details button. */
import { byId, h, setChildren, syncKeyed } from '../dom.js';
import { eventLabel, formatTime, humanize } from '../format.js';
import type { LiveState, RunProgress, RunSummary } from '../live-state.js';

interface RunRow {
  summary: RunSummary;
  progress: RunProgress;
}

export function mountRuns(state: LiveState, openDetail: (runId: string) => void): () => void {
  const body = byId('runs');
  const table = byId('runs-table');
  const empty = byId('runs-empty');

  const render = () => {
    const rows = state.runList();
    syncKeyed(
      body,
      rows,
      (row) => row.summary.id,
      (row) => createRow(row, openDetail),
      updateRow,
    );
    table.hidden = rows.length === 0;
    empty.hidden = rows.length > 0;
  };
  render();
  return state.onChange((change) => {
    if (change === 'runs') render();
  });
}

function createRow(row: RunRow, openDetail: (runId: string) => void): HTMLTableRowElement {
  const details = h(
    'button',
    { type: 'button', class: 'details', 'aria-label': `Details of the ${row.summary.protocolLabel} run` },
    'Details',
  );
  details.addEventListener('click', () => openDetail(row.summary.id));
  const element = h(
    'tr',
    { 'data-run-id': row.summary.id },
    h('th', { scope: 'row', class: 'protocol' }),
    h('td', { class: 'progress-cell' }),
    h('td', { class: 'status' }),
    h('td', { class: 'last-event' }),
    h('td', {}, details),
  );
  updateRow(element, row);
  return element;
}

function updateRow(element: HTMLTableRowElement, { summary, progress }: RunRow): void {
  element.dataset.status = progress.status;
  element.dataset.lastEvent = progress.lastEvent?.type ?? '';
  const [protocol, progressCell, status, lastEvent] = Array.from(element.cells);
  protocol!.textContent = summary.protocolLabel;
  const done = progress.settledSteps >= progress.stepCount;
  const text = done ? `${progress.stepCount} of ${progress.stepCount} steps` : `Step ${progress.settledSteps + 1} of ${progress.stepCount}`;
  setChildren(
    progressCell!,
    h(
      'div',
      { class: 'progress' },
      h('progress', {
        max: progress.stepCount,
        value: progress.settledSteps,
        'aria-label': `${summary.protocolLabel}: ${progress.settledSteps} of ${progress.stepCount} steps settled`,
      }),
      h('span', { class: 'meta' }, text),
    ),
  );
  setChildren(status!, h('span', { class: `badge ${progress.status}` }, humanize(progress.status)));
  const last = progress.lastEvent;
  setChildren(
    lastEvent!,
    last
      ? [
          eventLabel(last),
          last.errorCode ? ` · ${humanize(last.errorCode)}` : '',
          h('br'),
          h('time', { class: 'meta', datetime: last.at }, formatTime(last.at)),
        ]
      : h('span', { class: 'meta' }, '—'),
  );
}
