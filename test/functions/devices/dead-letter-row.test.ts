import { deadLetterRow, shownPayload } from '@functions/services/dead-letter-row';
import { DEAD_LETTER_SHOWN } from '@shared/api/devices';

/** How /device/errors shows what a device sent that the portal refused: text when it is text, else base64, never too long. */
const base64 = (value: string | Buffer) => Buffer.from(value).toString('base64');

describe('shownPayload', () => {
  it('decodes printable UTF-8 as its text, tabs, line breaks and any script included', () => {
    const text = '{"Note":"Änderung\tשלום\r\n😀"}';
    expect(shownPayload(base64(text))).toEqual({ Payload: text, PayloadEncoding: 'text', PayloadBytes: Buffer.byteLength(text), PayloadCut: false });
  });

  it('shows markup as the text it is (the web never renders it)', () => {
    expect(shownPayload(base64('<script>alert(1)</script>'))).toMatchObject({ Payload: '<script>alert(1)</script>', PayloadEncoding: 'text' });
  });

  it.each([
    ['bytes that are not UTF-8', Buffer.from([0xc3, 0x28, 0xff])],
    ['a NUL', Buffer.from('a\u0000b')],
    ['an escape sequence (terminal colours)', Buffer.from('\u001b[31mred')],
    ['a C1 control', Buffer.from('a\u0085b')],
    ['a right-to-left override that reorders what is shown', Buffer.from('abc\u202Efed')],
  ])('shows %s as base64', (_what, bytes) => {
    expect(shownPayload(bytes.toString('base64'))).toEqual({
      Payload: bytes.toString('base64'),
      PayloadEncoding: 'base64',
      PayloadBytes: bytes.length,
      PayloadCut: false,
    });
  });

  it('cuts a long text to the shown length, never in the middle of a character', () => {
    const long = 'x'.repeat(DEAD_LETTER_SHOWN.payload - 1) + '😀' + 'y'.repeat(100);
    const shown = shownPayload(base64(long));
    expect(shown).toMatchObject({ PayloadEncoding: 'text', PayloadCut: true, PayloadBytes: Buffer.byteLength(long) });
    expect(shown.Payload).toBe('x'.repeat(DEAD_LETTER_SHOWN.payload - 1));
    expect(shownPayload(base64('z'.repeat(DEAD_LETTER_SHOWN.payload)))).toMatchObject({ PayloadCut: false });
  });

  it('cuts long bytes so their base64 fits the shown length', () => {
    const bytes = Buffer.alloc(10_000, 0xff);
    const shown = shownPayload(bytes.toString('base64'));
    expect(shown).toMatchObject({ PayloadEncoding: 'base64', PayloadCut: true, PayloadBytes: 10_000 });
    expect(shown.Payload.length).toBeLessThanOrEqual(DEAD_LETTER_SHOWN.payload);
    expect(Buffer.from(shown.Payload, 'base64').equals(bytes.subarray(0, Buffer.from(shown.Payload, 'base64').length))).toBe(true);
  });

  it('shows an empty payload as empty text', () => {
    expect(shownPayload('')).toEqual({ Payload: '', PayloadEncoding: 'text', PayloadBytes: 0, PayloadCut: false });
  });
});

it('cuts a long reason and topic too (a reason may quote what the device sent)', () => {
  const row = deadLetterRow({
    DeadLetterID: 'dl-1',
    Topic: `pd/devices/${'t'.repeat(1000)}`,
    ClientId: '100-00001',
    Payload: base64('{}'),
    Reason: `Invalid exchange message: ${'r'.repeat(5000)}`,
    ReceivedAt: '2026-03-01T09:30:00.000Z',
  });
  expect(row).toMatchObject({ DeadLetterID: 'dl-1', ReceivedAt: '2026-03-01T09:30:00.000Z', Payload: '{}' });
  expect(row.Topic).toHaveLength(DEAD_LETTER_SHOWN.topic);
  expect(row.Reason).toHaveLength(DEAD_LETTER_SHOWN.reason);
  expect(row).not.toHaveProperty('ClientId');
});
