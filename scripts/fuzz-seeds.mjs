// Writes seed inputs for the fuzz targets from the conformance scenarios (SPEC §7):
// fuzz/corpus/action/<id> (options line, then one action per line),
// fuzz/corpus/snapshot/<id> (the snapshot JSON of the same table, accepted steps only),
// fuzz/corpus/options/<id> (the options line).
// Usage: node scripts/fuzz-seeds.mjs DIR…
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = 'fuzz/corpus';
for (const t of ['action', 'snapshot', 'options']) mkdirSync(join(out, t), { recursive: true });
let n = 0;
for (const dir of process.argv.slice(2)) {
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const s = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    if (!Array.isArray(s.steps)) continue;
    const options = { ...s.board, regulation: s.regulation ?? 'online' };
    const actions = s.steps.map(({ expect, ...a }) => a);
    const accepted = s.steps.filter((st) => !st.expect?.rejected).map(({ expect, ...a }) => a);
    const id = f.replace(/\.json$/, '');
    writeFileSync(join(out, 'action', id), [options, ...actions].map((x) => JSON.stringify(x)).join('\n'));
    writeFileSync(join(out, 'snapshot', id), JSON.stringify({ options, actions: accepted }));
    writeFileSync(join(out, 'options', id), JSON.stringify(options));
    n++;
  }
}
console.log(`${n} seeds in ${out}/{action,snapshot,options}`);
