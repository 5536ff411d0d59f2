// The Grafana dashboard in ops/grafana/kassa.json queries only what the metrics endpoint serves: a
// renamed metric or label would otherwise leave an operator with an empty panel and no error.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registry, startProcessMetrics } from './metrics.ts';

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(readFileSync(new URL('../../../../ops/grafana/kassa.json', import.meta.url), 'utf8')) as {
  panels: Panel[];
  templating: { list: { name: string; definition?: string }[] };
};

const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'rate', 'increase', 'histogram_quantile', 'by', 'without']);
/** Labels Prometheus adds to every scraped series. */
const SCRAPE_LABELS = new Set(['job', 'instance']);

/** The metric names an expression reads, and the labels it matches on or groups by. */
function readsOf(expr: string): { metrics: string[]; labels: string[] } {
  const labels = [
    ...[...expr.matchAll(/\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/(\w+)\s*[=!]~?"/g)].map((l) => l[1]!)),
    ...[...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim())),
  ];
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, ' ');
  const metrics = [...bare.matchAll(/[a-zA-Z_:][\w:]*/g)].map((m) => m[0]).filter((w) => !PROMQL_WORDS.has(w));
  return { metrics, labels };
}

async function servedSeries(): Promise<Map<string, Set<string>>> {
  startProcessMetrics();
  const served = new Map<string, Set<string>>();
  for (const metric of await registry.getMetricsAsJSON()) {
    const labels = new Set<string>();
    for (const value of metric.values) for (const label of Object.keys(value.labels)) labels.add(label);
    // Labels of metrics that have no sample yet come from their definition.
    for (const label of (registry.getSingleMetric(metric.name) as unknown as { labelNames?: string[] }).labelNames ??
      [])
      labels.add(label);
    const type = String(metric.type);
    const names =
      type === 'histogram'
        ? ['_bucket', '_sum', '_count'].map((suffix) => metric.name + suffix)
        : type === 'summary'
          ? ['', '_sum', '_count'].map((suffix) => metric.name + suffix)
          : [metric.name];
    for (const name of names) served.set(name, name.endsWith('_bucket') ? new Set([...labels, 'le']) : labels);
  }
  return served;
}

describe('the Grafana dashboard', () => {
  const queries = [
    ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
    ...dashboard.templating.list
      .filter((v) => v.definition)
      .map((v) => ({
        where: `variable ${v.name}`,
        expr: v.definition!.replace(/^label_values\((.*),\s*\w+\)$/, '$1'),
      })),
  ];

  it('has the panels an operator looks at first', () => {
    const titles = dashboard.panels.map((p) => p.title);
    for (const wanted of [
      'Request rate by route',
      'Latency p50 by route',
      'Latency p99 by route',
      'Payments by outcome',
      'Processor call latency p50 / p99',
      'Processor errors',
      'Queue depth',
      'Oldest undelivered item',
      'Database pool',
      'Event-loop lag',
      'Memory',
    ]) {
      expect(titles).toContain(wanted);
    }
    expect(queries.length).toBeGreaterThan(15);
  });

  it('queries only metrics and labels the endpoint serves', async () => {
    const served = await servedSeries();
    for (const { where, expr } of queries) {
      const { metrics, labels } = readsOf(expr);
      expect(metrics.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const metric of metrics) {
        expect(served.has(metric), `${where} reads ${metric}, which the endpoint does not serve`).toBe(true);
        for (const label of labels) {
          if (SCRAPE_LABELS.has(label)) continue;
          expect(served.get(metric)!.has(label), `${where} uses label ${label} on ${metric}`).toBe(true);
        }
      }
    }
  });
});
