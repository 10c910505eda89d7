import { protocolSummary } from '@shared/device';

const exchange = (ExchangeFluid: string, ExchangeDaysFrequency: string[], ExchangeTime: string[]) => ({ ExchangeFluid, ExchangeDaysFrequency, ExchangeTime });
const EVERY_DAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

describe("protocolSummary (the patient list's Protocol column)", () => {
  it('counts the busiest day and lists each fluid once, in the order prescribed', () => {
    const summary = protocolSummary({
      Exchanges: [
        exchange('DIAneal 1.36%', EVERY_DAY, ['07:00', '12:00']),
        exchange('DIAneal 2.27%', ['MO', 'TH'], ['17:00']),
        exchange('EXTRAneal', EVERY_DAY, ['22:00']),
        exchange('DIAneal 1.36%', ['SA'], ['15:00']),
      ],
    } as Parameters<typeof protocolSummary>[0]);
    expect(summary).toBe('4 exchanges a day: DIAneal 1.36%, DIAneal 2.27%, EXTRAneal');
  });

  it('says one exchange in the singular', () => {
    expect(protocolSummary({ Exchanges: [exchange('EXTRAneal', ['MO'], ['22:00'])] } as Parameters<typeof protocolSummary>[0])).toBe(
      '1 exchange a day: EXTRAneal',
    );
  });
});
