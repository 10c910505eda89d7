import { holdingNotices } from '@functions/devices/change-notice';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { DEVICES_AT_ONCE } from '@functions/devices/ingest-stream';

type Take = (event: DeviceMessageEvent) => Promise<unknown>;

/**
 * Takes one device's messages one at a time, in order, and different devices' in parallel: the
 * local twin of the Kinesis stream keyed by device (functions/devices/ingest-stream.ts). A failed
 * message does not hold up the next (the broker leaves it unacknowledged and the device resends),
 * and a message's change notices are published once it is taken, without holding up its acknowledgement.
 * At most `devicesAtOnce` messages are taken at once, as the stream's Lambda takes a batch: after an
 * outage every device's backlog comes at once, and would otherwise crowd the screens' requests out.
 */
export function inDeviceOrder(take: Take, devicesAtOnce = DEVICES_AT_ONCE): (event: DeviceMessageEvent) => Promise<void> {
  const lastOfDevice = new Map<string, Promise<void>>();
  const slots = limiter(devicesAtOnce);
  return (event) => {
    const taken = (lastOfDevice.get(event.clientId) ?? Promise.resolve()).then(() =>
      slots(async () => {
        const { publishHeld } = await holdingNotices(() => take(event));
        void publishHeld();
      }),
    );
    const settled = taken.catch(() => undefined);
    lastOfDevice.set(event.clientId, settled);
    void settled.then(() => {
      if (lastOfDevice.get(event.clientId) === settled) lastOfDevice.delete(event.clientId);
    });
    return taken;
  };
}

/** Runs the work given to it, at most `limit` at a time, the rest in the order given. */
function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
