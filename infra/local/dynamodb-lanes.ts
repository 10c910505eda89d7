import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs work that may wait for DynamoDB Local: the devices' ingest and the scheduled jobs. On AWS
 * they are Lambdas of their own and DynamoDB serves every caller at once; here one DynamoDB Local
 * on the same CPUs serves the screens too, and a device backlog would queue every screen request
 * behind it (a sign-in is a dozen requests in a row).
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

const LANE = 'localDynamoDbBackgroundLane';
const COUNTER = 'localDynamoDbScreenCount';

/** How many background requests may be in flight: while no screen request is, and while one is. */
export interface BackgroundCaps {
  idle: number;
  busy: number;
}

/** The local stack's caps; what they change under load: docs/load.md, "The screens first". */
export const BACKGROUND_CAPS: BackgroundCaps = { idle: 8, busy: 2 };

/** The background lane of one process: told whether any screen request is in flight, here or in another process. */
export interface BackgroundLane {
  screensBusy(busy: boolean): void;
}

/**
 * Gives the screens' requests to DynamoDB Local first: a screen request never waits here, and a
 * background one starts only while fewer than `busy` are in flight when a screen request is (fewer
 * than `idle` otherwise). A screen request then finds at most `busy` background ones ahead of it;
 * the ingest keeps its pace whenever the screens are quiet (docs/load.md, "The screens first").
 * `onScreensBusy` is told each time the screens' requests go from none in flight to some and back:
 * the ingest's process holds its own lane, told so over IPC (ingest-process.ts).
 */
export function giveScreensFirst(client: DynamoDBDocumentClient, caps: BackgroundCaps, onScreensBusy?: (busy: boolean) => void): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(COUNTER))) return;
  const lane = backgroundLane(client, caps);
  let screens = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      if (backgroundWork.getStore() === true) return next(args);
      screens += 1;
      if (screens === 1) {
        lane.screensBusy(true);
        onScreensBusy?.(true);
      }
      try {
        return await next(args);
      } finally {
        screens -= 1;
        if (screens === 0) {
          lane.screensBusy(false);
          onScreensBusy?.(false);
        }
      }
    },
    { step: 'initialize', name: COUNTER },
  );
}

/**
 * The lane alone, for a process whose requests are all background (the ingest's, ingest-child.ts):
 * its background requests wait while the lane's cap is reached, the cap set by `screensBusy`.
 */
export function backgroundLane(client: DynamoDBDocumentClient, caps: BackgroundCaps): BackgroundLane {
  let busy = false;
  let background = 0;
  const waiting: Array<() => void> = [];
  const cap = () => (busy ? caps.busy : caps.idle);
  const startWaiting = () => {
    while (waiting.length > 0 && background < cap()) {
      background += 1;
      waiting.shift()!();
    }
  };
  client.middlewareStack.add(
    (next) => async (args) => {
      if (backgroundWork.getStore() !== true) return next(args);
      if (background < cap() && waiting.length === 0) background += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await next(args);
      } finally {
        background -= 1;
        startWaiting();
      }
    },
    { step: 'initialize', name: LANE },
  );
  return {
    screensBusy: (now) => {
      busy = now;
      startWaiting();
    },
  };
}
