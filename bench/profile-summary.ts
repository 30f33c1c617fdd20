/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile.json>`: where the server's CPU time went, by
 * layer (GraphQL parse / validate / execute, Yoga, service, store, driver, …), by package (or file
 * of this project) and by function, self time only. `bench --profile` uses `cpuByLayer` for its
 * per-`next` breakdown. Enough to say what dominates a figure without opening DevTools.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds between samples. */
  timeDeltas: number[];
}

/** The layers a request crosses, in the order it crosses them; `idle` is time the process waited. */
export const LAYERS = [
  'GraphQL parse',
  'GraphQL validate (rules, armor, cost)',
  'GraphQL execute (executor, resolvers)',
  'Yoga, envelop, HTTP adapter',
  'service (rules)',
  'store',
  'MongoDB driver (mongodb, bson)',
  'events and live delivery',
  'logging and metrics',
  'async context (AsyncLocalStorage hooks)',
  'Node runtime (sockets, streams, timers)',
  'garbage collector',
  'other',
  'idle',
] as const;
export type Layer = (typeof LAYERS)[number];

/** Where a frame's code lives: a package, a node: module, a file of this project, or a pseudo-frame. */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url;
}

/** The layer of a frame, or null when it is runtime code that belongs to whoever called it. */
function layerOf(url: string, functionName: string): Layer | null {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collector';
  // Node 20's AsyncLocalStorage runs hooks on every promise once one store is in use.
  if (/^node:(internal\/)?async_hooks$/.test(url)) return 'async context (AsyncLocalStorage hooks)';
  if (!url || url.startsWith('node:')) return null;
  if (/node_modules\/graphql\/language\//.test(url)) return 'GraphQL parse';
  if (/node_modules\/graphql\/validation\/|@escape\.tech\/graphql-armor|\/src\/document-cost\.ts|\/src\/limits\.ts/.test(url))
    return 'GraphQL validate (rules, armor, cost)';
  if (/node_modules\/graphql\/|@graphql-tools\/|graphql-scalars|@pothos\/|\/src\/schema\/|\/src\/subscription-sharing\.ts/.test(url))
    return 'GraphQL execute (executor, resolvers)';
  if (
    /graphql-yoga|@graphql-yoga\/|@envelop\/|@whatwg-node\/|\/src\/yoga\.ts|\/src\/refusals\.ts|\/src\/context\.ts|\/src\/server\.ts/.test(
      url,
    )
  )
    return 'Yoga, envelop, HTTP adapter';
  if (/\/src\/(services|runs|protocol|proposals|auth|transcripts|search)\//.test(url)) return 'service (rules)';
  if (/\/src\/store\//.test(url)) return 'store';
  if (/node_modules\/(mongodb|bson)\//.test(url)) return 'MongoDB driver (mongodb, bson)';
  if (/\/src\/events\/|@repeaterjs\/|graphql-ws|node_modules\/ws\/|\/src\/subscription-guard\.ts|\/src\/websocket\.ts/.test(url))
    return 'events and live delivery';
  if (/node_modules\/(pino|prom-client|sonic-boom|thread-stream)\//.test(url)) return 'logging and metrics';
  return 'other';
}

/**
 * CPU time by layer, ms. A sample in runtime code (a socket write, JSON, a microtask) counts for
 * the nearest caller that has a layer, so "driver" includes the driver's own socket writes.
 */
export function cpuByLayer(profile: CpuProfile): Record<Layer, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const layerOfNode = new Map<number, Layer>();
  const resolve = (id: number): Layer => {
    const known = layerOfNode.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const own = layerOf(node.callFrame.url, node.callFrame.functionName);
    const up = parent.get(id);
    const layer = own ?? (up === undefined ? 'Node runtime (sockets, streams, timers)' : resolveRuntime(up));
    layerOfNode.set(id, layer);
    return layer;
  };
  // A runtime frame whose callers are all runtime (a timer, the event loop's own work) stays runtime.
  const resolveRuntime = (id: number): Layer => {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(root)') return 'Node runtime (sockets, streams, timers)';
    return resolve(id);
  };
  const totals = Object.fromEntries(LAYERS.map((layer) => [layer, 0])) as Record<Layer, number>;
  for (const [index, sample] of profile.samples.entries())
    totals[resolve(sample)] += (profile.timeDeltas[index + 1] ?? profile.timeDeltas[index] ?? 0) / 1000;
  return totals;
}

function summarize(profile: CpuProfile): string {
  const hits = new Map<number, number>();
  for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
  const total = profile.samples.length;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    const place = placeOf(node.callFrame.url, node.callFrame.functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + count);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => `${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  const layers = cpuByLayer(profile);
  const all = Object.values(layers).reduce((sum, ms) => sum + ms, 0);
  const byLayer = LAYERS.map((layer) => `${((100 * layers[layer]) / all).toFixed(1).padStart(5)}%  ${layer}`).join('\n');
  return `${total} samples\n\nby layer (runtime code counted for its caller)\n${byLayer}\n\nby package / file (self time)\n${top(byPlace, 25)}\n\nby function (self time)\n${top(byFunction, 30)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile.json>');
  console.log(summarize(JSON.parse(await readFile(file, 'utf8')) as CpuProfile));
}
