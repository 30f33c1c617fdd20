/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile>`: where the server's CPU time went, by
 * package (or file of this project) and by function, self time only. Enough to say what
 * dominates a benchmark figure without opening DevTools.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile>');
const profile = JSON.parse(await readFile(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const hits = new Map<number, number>();
for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
const total = profile.samples.length;

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
console.log(`${total} samples\n\nby package / file (self time)\n${top(byPlace, 25)}\n\nby function (self time)\n${top(byFunction, 30)}`);
