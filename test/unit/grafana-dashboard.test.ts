/**
 * docs/grafana-dashboard.json stays true to /metrics: every series a panel queries is one the
 * server exports, and every label a panel groups by is one that series carries.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/observability/metrics.js';

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as {
  panels: Panel[];
  __inputs: unknown[];
};
const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));

/** Series names the registry serves, with a histogram's _bucket/_sum/_count, and their labels. */
async function exportedSeries(): Promise<Map<string, Set<string>>> {
  const metrics = createMetrics();
  metrics.operations.inc({ type: 'mutation', operation: 'next', outcome: 'ok' });
  metrics.observeDuration({ type: 'mutation', operation: 'next' }, 0.01);
  const labelNames = new Map(
    metrics.registry
      .getMetricsAsArray()
      .map((metric) => [(metric as unknown as { name: string }).name, (metric as unknown as { labelNames?: string[] }).labelNames ?? []]),
  );
  const series = new Map<string, Set<string>>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    const names =
      String(metric.type) === 'histogram' ? [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`] : [metric.name];
    // Prometheus adds instance and job to every series it scrapes.
    const labels = new Set<string>(['instance', 'job', ...(labelNames.get(metric.name) ?? [])]);
    for (const value of metric.values) for (const label of Object.keys(value.labels)) labels.add(label);
    if (String(metric.type) === 'histogram') labels.add('le');
    for (const name of names) series.set(name, labels);
  }
  return series;
}

describe('the Grafana dashboard', () => {
  it('covers operations, latency, errors, runs, subscriptions and MCP tools', () => {
    const titles = dashboard.panels.map((panel) => panel.title.toLowerCase()).join(' | ');
    for (const topic of ['operations', 'latency', 'errors', 'runs attested', 'subscriptions', 'mcp tool calls'])
      expect(titles).toContain(topic);
    expect(dashboard.__inputs).toHaveLength(1);
  });

  it('queries only series /metrics exports, grouped by labels they carry', async () => {
    const series = await exportedSeries();
    expect(queries.length).toBeGreaterThan(10);
    for (const { panel, expr } of queries) {
      const names = [...expr.matchAll(/\bkairos_[a-z0-9_]+/g)].map((match) => match[0]);
      expect(names.length, panel).toBeGreaterThan(0);
      for (const name of names) {
        expect(series.has(name), `${panel}: ${name}`).toBe(true);
        for (const clause of expr.matchAll(/by \(([^)]*)\)/g)) {
          for (const label of clause[1]!.split(',').map((part) => part.trim())) {
            if (names.every((candidate) => !series.get(candidate)?.has(label)))
              expect.fail(`${panel}: no series in "${expr}" carries the label ${label}`);
          }
        }
      }
    }
  });
});
