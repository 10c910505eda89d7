import { holdingNotices } from '@functions/devices/change-notice';
import type { DeviceMessageEvent } from '@functions/devices/ingest';

type Take = (event: DeviceMessageEvent) => Promise<unknown>;

/**
 * Takes one device's messages one at a time, in the order they came, and different devices' in
 * parallel: the local twin of the Kinesis stream keyed by device that orders them on AWS
 * (functions/devices/ingest-stream.ts), so a device sending several exchanges at once does not
 * make them race for its patient's items. A message that fails does not hold up the next one
 * (the broker leaves it unacknowledged and the device sends it again). The message's change
 * notices are published once it is taken, without holding up its acknowledgement
 * (change-notice.ts, holdingNotices).
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
