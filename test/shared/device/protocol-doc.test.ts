import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deviceDownExamples, deviceDownSchemas, deviceUpExamples, deviceUpSchemas, deviceTopics, exampleSerialNumber } from '@shared/device';

const docPath = path.resolve(__dirname, '../../../docs/device-protocol.md');
const allExamples: Record<string, unknown> = Object.fromEntries([
  ...Object.entries(deviceUpExamples).map(([kind, example]) => [`up/${kind}`, example]),
  ...Object.entries(deviceDownExamples).map(([kind, example]) => [`down/${kind}`, example]),
]);

// `UPDATE_DOCS=1 node test/run.js test/shared/device/protocol-doc` writes the examples into the document.
if (process.env.UPDATE_DOCS) {
  const current = readFileSync(docPath, 'utf8');
  const updated = current.replace(/<!-- example: (\S+) -->\n```json\n[\s\S]*?\n```/g, (block, kind: string) =>
    kind in allExamples ? `<!-- example: ${kind} -->\n\`\`\`json\n${JSON.stringify(allExamples[kind], null, 2)}\n\`\`\`` : block,
  );
  writeFileSync(docPath, updated);
}

const doc = readFileSync(docPath, 'utf8');

/** The JSON block following each `<!-- example: up/exchange -->` marker of the document. */
function documentedExamples(): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  for (const match of doc.matchAll(/<!-- example: (\S+) -->\n```json\n([\s\S]*?)\n```/g)) {
    examples.set(match[1]!, JSON.parse(match[2]!));
  }
  return examples;
}

describe('docs/device-protocol.md and shared/device/examples.ts', () => {
  const documented = documentedExamples();

  it('shows exactly one example per message kind', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(allExamples).sort());
  });

  it.each(Object.entries(deviceUpExamples))('up/%s in the document equals the example, which parses', (kind, example) => {
    expect(documented.get(`up/${kind}`)).toEqual(example);
    expect(deviceUpSchemas[kind as keyof typeof deviceUpSchemas].safeParse(example).success).toBe(true);
  });

  it.each(Object.entries(deviceDownExamples))('down/%s in the document equals the example, which parses', (kind, example) => {
    expect(documented.get(`down/${kind}`)).toEqual(example);
    expect(deviceDownSchemas[kind as keyof typeof deviceDownSchemas].safeParse(example).success).toBe(true);
  });

  it('names every topic of the example device and every field of the exchange', () => {
    for (const topic of Object.values(deviceTopics)) {
      expect(doc).toContain(topic(exampleSerialNumber).replace(exampleSerialNumber, '{serial}'));
    }
    for (const field of Object.keys(deviceUpSchemas.exchange.innerType().shape)) expect(doc).toContain(`\`${field}\``);
    for (const field of Object.keys(deviceDownSchemas.prescription.innerType().shape)) expect(doc).toContain(`\`${field}\``);
  });

  it('uses the example serial number in the examples that carry one', () => {
    expect(deviceDownExamples.prescription.SerialNumber).toBe(exampleSerialNumber);
    expect(deviceUpExamples.exchange._id.startsWith(exampleSerialNumber)).toBe(true);
  });
});
