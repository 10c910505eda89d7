/**
 * `npx tsx bench/lambdas.ts [samples] [entry…]`: each Lambda bundle's size and load time (bench/sizes.ts
 * measureLambdas), and the parts measured alone, without the rest of the bench. Sorted by size.
 */
import { measureLambdas } from './sizes';

async function main(): Promise<void> {
  const [samplesArg, ...entries] = process.argv.slice(2);
  const loadSamples = Number(samplesArg ?? 7);
  const bundles = await measureLambdas({ loadSamples, parts: true, entries: entries.length ? entries : undefined });
  for (const bundle of [...bundles].sort((a, b) => a.bytes - b.bytes)) {
    const ratio = bundle.floorMs ? `${(bundle.loadMs! / bundle.floorMs).toFixed(2)}× the floor beside it` : '';
    console.log(`${(bundle.bytes / 1024).toFixed(1).padStart(7)} KB ${(bundle.loadMs ?? 0).toFixed(1).padStart(6)} ms  ${ratio.padEnd(26)} ${bundle.entry}`);
  }
  const handlers = bundles.filter((bundle) => !bundle.entry.startsWith('('));
  const range = (values: number[], unit: string) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} ${unit}`;
  console.log(
    `${handlers.length} Lambdas: ${range(
      handlers.map((b) => b.bytes / 1024),
      'KB',
    )}, load ${range(
      handlers.map((b) => b.loadMs ?? 0),
      'ms',
    )}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
