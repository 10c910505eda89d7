import { holdingNotices } from '@functions/devices/change-notice';
import type { DeviceMessageEvent } from '@functions/devices/ingest';

type Take = (event: DeviceMessageEvent) => Promise<unknown>;

/**
 * Takes one device's messages one at a time, in order, and different devices' in parallel: the
 * local twin of the Kinesis stream keyed by device (functions/devices/ingest-stream.ts). A failed
 * message does not hold up the next (the broker leaves it unacknowledged and the device resends),
 * and a message's change notices are published once it is taken, without holding up its acknowledgement.
 */
export function inDeviceOrder(take: Take): (event: DeviceMessageEvent) => Promise<void> {
  const lastOfDevice = new Map<string, Promise<void>>();
  return (event) => {
    const taken = (lastOfDevice.get(event.clientId) ?? Promise.resolve()).then(async () => {
      const { publishHeld } = await holdingNotices(() => take(event));
      void publishHeld();
    });
    const settled = taken.catch(() => undefined);
    lastOfDevice.set(event.clientId, settled);
    void settled.then(() => {
      if (lastOfDevice.get(event.clientId) === settled) lastOfDevice.delete(event.clientId);
    });
    return taken;
  };
}
