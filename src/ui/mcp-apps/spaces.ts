/** `spaces`' view: the spaces the caller reads, each with its adapter count (and titles when asked for). */
import { type Child, h } from '../dom.js';
import { isObject, type Json, numberOf, startView, stringOf } from './view-app.js';

function render(answer: Json): Child[] {
  const spaces = Array.isArray(answer.spaces) ? answer.spaces.filter(isObject) : [];
  return [
    h('h1', {}, 'Spaces'),
    spaces.length === 0
      ? h('p', { class: 'muted' }, 'No spaces.')
      : h(
          'table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, 'Space'),
              h('th', { scope: 'col' }, 'Type'),
              h('th', { scope: 'col', class: 'count' }, 'Adapters'),
            ),
          ),
          h('tbody', {}, spaces.flatMap(spaceRow)),
        ),
  ];
}

function spaceRow(space: Json): HTMLElement[] {
  const adapters = Array.isArray(space.adapters) ? space.adapters.filter(isObject) : [];
  const row = h(
    'tr',
    { 'data-space-id': stringOf(space.space_id) },
    h('td', { class: 'name' }, stringOf(space.name) ?? stringOf(space.space_id) ?? ''),
    h('td', {}, stringOf(space.type) ?? ''),
    h('td', { class: 'count' }, String(numberOf(space.adapter_count) ?? 0)),
  );
  if (adapters.length === 0) return [row];
  const titles = h(
    'tr',
    { class: 'adapters' },
    h(
      'td',
      { colspan: 3 },
      h(
        'ul',
        {},
        adapters.map((adapter) =>
          h('li', {}, stringOf(adapter.title) ?? '', ' ', h('span', { class: 'muted' }, `(${numberOf(adapter.layer_count) ?? 0} layers)`)),
        ),
      ),
    ),
  );
  return [row, titles];
}

void startView('spaces', render);
