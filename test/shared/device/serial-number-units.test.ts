import {
  convertTemperature,
  convertWeight,
  exchangeFluidColour,
  isSerialNumber,
  keepSerialNumberCharacters,
  matchesSerialNumberEnding,
  serialNumberSchema,
} from '@shared/device';

describe('serial numbers (IDA#)', () => {
  it('are nine digits, dots or hyphens', () => {
    for (const serial of ['100-00042', '123456789', '12.34-567']) expect(isSerialNumber(serial)).toBe(true);
    for (const serial of ['IDA000001', '10000042', '1000000420', '100 00042', '100_00042']) expect(isSerialNumber(serial)).toBe(false);
    expect(serialNumberSchema.safeParse('10000042').error?.issues.map((issue) => issue.message)).toEqual(['SN length must be 9 characters']);
    expect(serialNumberSchema.safeParse('IDA000001').error?.issues.map((issue) => issue.message)).toEqual(["IDA# holds only digits, '.' and '-'"]);
  });

  it('are verified by their last four characters', () => {
    expect(matchesSerialNumberEnding('100-00042', '0042')).toBe(true);
    expect(matchesSerialNumberEnding('100-00042', '042')).toBe(false);
    expect(matchesSerialNumberEnding('100-00042', '0043')).toBe(false);
    expect(keepSerialNumberCharacters('IDA 100-000.42')).toBe('100-000.42');
  });
});

describe('units', () => {
  it('converts weights exactly with the international pound', () => {
    expect(convertWeight(1, 'LB', 'KG')).toBe(0.45359237);
    expect(convertWeight(100, 'KG', 'LB')).toBeCloseTo(220.462, 3);
    expect(convertWeight(72, 'KG', 'KG')).toBe(72);
  });

  it('converts temperatures', () => {
    expect(convertTemperature(37, 'C', 'F')).toBeCloseTo(98.6, 10);
    expect(convertTemperature(100.4, 'F', 'C')).toBeCloseTo(38, 10);
    expect(convertTemperature(37, 'C', 'C')).toBe(37);
  });
});

describe('fluid colours', () => {
  it('give each fluid its colour and an unknown one gold', () => {
    expect(exchangeFluidColour('DIAneal 2.27%').css).toBe('green');
    expect(exchangeFluidColour('EXTRAneal').css).toBe('purple');
    expect(exchangeFluidColour('DIAneal 3.86%').css).toBe('orange');
    expect(exchangeFluidColour('unknown').css).toBe('gold');
    expect(exchangeFluidColour(undefined).name).toBe('Yellow');
  });
});
