/**
 * The ingest Lambda in a process of its own (ingest-process.ts starts it), as on AWS it runs apart
 * from the API: its work then never waits in the API's event loop, nor the API's in its. The
 * broker hands it each device message over IPC and acknowledges the message once it is answered.
 */
import type { DeviceMessageEvent, IngestResult } from '@functions/devices/ingest';
import { dynamo } from '@functions/lib/aws-clients';
import { inDeviceOrder } from './device-order';
import { liveHeapMb } from './live-heap';
import { BACKGROUND_CAPS, backgroundLane, inBackground } from './dynamodb-lanes';

export type IngestRequest =
  | { type: 'take'; id: number; event: DeviceMessageEvent }
  | { type: 'liveHeap'; id: number }
  /** Whether any screen request of the API is at DynamoDB Local now (dynamodb-lanes.ts). */
  | { type: 'screens'; busy: boolean };

export type IngestReply =
  | { type: 'ready' }
  | { type: 'taken'; id: number; result: IngestResult }
  | { type: 'failed'; id: number; error: string }
  | { type: 'liveHeap'; id: number; mb: number | undefined };

const send = (reply: IngestReply) => process.send?.(reply);

async function main(): Promise<void> {
  const { handler } = await import('@functions/devices/ingest');
  // Every request here is the ingest's: all of them go in the background lane.
  const lane = backgroundLane(dynamo(), BACKGROUND_CAPS);
  const take = inDeviceOrder((event) => inBackground(() => handler(event)));
  process.on('message', (request: IngestRequest) => {
    if (request.type === 'screens') return lane.screensBusy(request.busy);
    if (request.type === 'liveHeap') return send({ type: 'liveHeap', id: request.id, mb: liveHeapMb() });
    take(request.event).then(
      (result) => send({ type: 'taken', id: request.id, result }),
      (error: unknown) => send({ type: 'failed', id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  });
  // The stack gone (stopped, or killed): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error('[ingest] did not start', error);
  process.exit(1);
});
