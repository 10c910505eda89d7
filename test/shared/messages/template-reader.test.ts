import { argumentsOf, readTemplate, readTranslated } from '@shared/messages/template-reader';

describe('reading a template back', () => {
  it('gives back the arguments a text was made with, in the template’s order', () => {
    const template = (value: number, limit: number, name: string) => `${name}: ${value} is above ${limit}`;
    const reader = readTemplate(template)!;
    expect(argumentsOf(reader, 'Pulse: 101 is above 100', (group) => group)).toEqual([101, 100, 'Pulse']);
    expect(argumentsOf(reader, 'Pulse 101 is above 100', (group) => group)).toBeUndefined();
  });

  it('tries the template fixing more text first: its fixed characters are counted', () => {
    expect(readTemplate((a: string) => `Weight ${a} kg`)!.fixed).toBe('Weight  kg'.length);
  });

  it('refuses an argument shown twice unless asked, then matches it by a back-reference', () => {
    const twice = (value: number, unit: string) => `${value} ${unit} over the limit in ${unit}`;
    expect(readTemplate(twice)).toBeUndefined();
    const reader = readTemplate(twice, { repeated: true })!;
    expect(argumentsOf(reader, '3 kg over the limit in kg', (group) => group)).toEqual([3, 'kg']);
    expect(argumentsOf(reader, '3 kg over the limit in lb', (group) => group)).toBeUndefined();
  });

  it('refuses an argument that does not reach the text as given', () => {
    expect(readTemplate((count: number) => (count === 1 ? 'one alert' : 'alerts'))).toBeUndefined();
    expect(readTemplate((parts: string[]) => parts.join(', '))).toBeUndefined();
  });

  it('reads a list named by listAt, each part by the reader, failing when a part is not read', () => {
    const joined = (name: string, parts: string[]) => `${name}: ${parts.join('; ')}`;
    const reader = readTemplate(joined, { listAt: 1 })!;
    expect(reader.list).toEqual({ at: 1, separator: '; ' });
    const upper = (group: string, inList: boolean) => (inList ? (group.startsWith('x') ? group.toUpperCase() : undefined) : group);
    expect(argumentsOf(reader, 'BP: xa; xb', upper)).toEqual(['BP', ['XA', 'XB']]);
    expect(argumentsOf(reader, 'BP: xa; b', upper)).toBeUndefined();
  });

  it('hands the arguments to the other language’s template', () => {
    const pair = readTranslated(
      (a: number, b: string) => `${b} is ${a}`,
      (a: number, b: string) => `${a} = ${b}`,
    )!;
    expect(pair.translated(...argumentsOf(pair, 'x is 4', (group) => group)!)).toBe('4 = x');
  });
});
