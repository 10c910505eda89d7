import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { inDeviceOrder } from '@infra/local/device-order';

const message = (clientId: string, n: number): DeviceMessageEvent => ({
  clientId,
  topic: `pd/devices/${clientId}/up/exchange`,
  payload: String(n),
  receivedAt: n,
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('the local ingest takes each device’s messages in order', () => {
  it('takes at most a batch of devices at once, as the stream’s Lambda does, each device still in order', async () => {
    let running = 0;
    let mostAtOnce = 0;
    const taken: string[] = [];
    const take = inDeviceOrder(async (event) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await tick();
      taken.push(`${event.clientId}:${event.payload}`);
      running -= 1;
    }, 3);
    // After an outage: ten devices' backlogs at once.
    const devices = Array.from({ length: 10 }, (_, d) => `D${d}`);
    await Promise.all(devices.flatMap((device) => Array.from({ length: 4 }, (_, i) => take(message(device, i)))));
    expect(mostAtOnce).toBe(3);
    expect(taken).toHaveLength(40);
    for (const device of devices)
      expect(taken.filter((entry) => entry.startsWith(`${device}:`))).toEqual(Array.from({ length: 4 }, (_, i) => `${device}:${i}`));
  });

  it('runs one device’s messages one at a time in arrival order, other devices alongside', async () => {
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    let mostAtOnce = 0;
    const taken: string[] = [];
    const take = inDeviceOrder(async (event) => {
      running.set(event.clientId, (running.get(event.clientId) ?? 0) + 1);
      most.set(event.clientId, Math.max(most.get(event.clientId) ?? 0, running.get(event.clientId)!));
      mostAtOnce = Math.max(
        mostAtOnce,
        [...running.values()].reduce((sum, n) => sum + n, 0),
      );
      await tick();
      taken.push(`${event.clientId}:${event.payload}`);
      running.set(event.clientId, running.get(event.clientId)! - 1);
    });
    await Promise.all([...Array.from({ length: 8 }, (_, i) => take(message('A', i))), ...Array.from({ length: 8 }, (_, i) => take(message('B', i)))]);
    expect(most).toEqual(
      new Map([
        ['A', 1],
        ['B', 1],
      ]),
    );
    expect(mostAtOnce).toBe(2);
    expect(taken.filter((entry) => entry.startsWith('A:'))).toEqual(Array.from({ length: 8 }, (_, i) => `A:${i}`));
    expect(taken.filter((entry) => entry.startsWith('B:'))).toEqual(Array.from({ length: 8 }, (_, i) => `B:${i}`));
  });

  it('answers each message’s own failure and goes on with the next one', async () => {
    const take = inDeviceOrder(async (event) => {
      await tick();
      if (event.payload === '1') throw new Error('the table is unreachable');
    });
    const outcomes = await Promise.allSettled([0, 1, 2].map((n) => take(message('A', n))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
