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
 * With `screens`, one at a time while a screen's call is in flight (see screenCalls).
 */
export function inDeviceOrder(
  take: Take,
  { devicesAtOnce = DEVICES_AT_ONCE, screens }: { devicesAtOnce?: number; screens?: ScreenCalls } = {},
): (event: DeviceMessageEvent) => Promise<void> {
  const lastOfDevice = new Map<string, Promise<void>>();
  const slots = limiter(() => (screens?.busy() ? Math.min(devicesAtOnce, WHILE_SCREENS_WAIT) : devicesAtOnce));
  screens?.onIdle(slots.pump);
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

/**
 * How many messages the local ingest takes at once while a screen's call is in flight. Not none:
 * a clinic's screens are busy all day, and the devices' exchanges must still be taken.
 */
export const WHILE_SCREENS_WAIT = 1;

/** The screens' calls in flight in this process, which the local ingest yields to. */
export interface ScreenCalls {
  busy(): boolean;
  onIdle(listener: () => void): void;
}

/**
 * Locally the ingest and the screens share one DynamoDB Local (one store, one lock) and the
 * machine's CPUs; on AWS they are separate Lambdas against a table that scales with them. So that
 * a clinician's call waits here about as long as on AWS, the local ingest yields to the screens:
 * `during` wraps each API call, and inDeviceOrder takes fewer messages at once while any is in flight.
 */
export function screenCalls(): ScreenCalls & { during<T>(call: Promise<T>): Promise<T> } {
  let inFlight = 0;
  const idle: Array<() => void> = [];
  return {
    busy: () => inFlight > 0,
    onIdle: (listener) => void idle.push(listener),
    async during(call) {
      inFlight += 1;
      try {
        return await call;
      } finally {
        inFlight -= 1;
        if (inFlight === 0) for (const listener of idle) listener();
      }
    },
  };
}

/**
 * Runs the work given to it, at most `limit()` at a time, the rest in the order given. The limit
 * may change; `pump` starts what a raised limit allows.
 */
function limiter(limit: () => number): (<T>(work: () => Promise<T>) => Promise<T>) & { pump: () => void } {
  let running = 0;
  const waiting: Array<() => void> = [];
  const pump = () => {
    while (waiting.length && running < limit()) {
      running += 1;
      waiting.shift()!();
    }
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limit() || waiting.length) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        pump();
      });
    } else running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      pump();
    }
  };
  return Object.assign(run, { pump });
}
