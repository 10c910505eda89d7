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

const MIDDLEWARE = 'localDynamoDbLanes';

/** How many background requests may be in flight: while no screen request is, and while one is. */
export interface BackgroundCaps {
  idle: number;
  busy: number;
}

/**
 * Gives the screens' requests to DynamoDB Local first: a screen request never waits here, and a
 * background one starts only while fewer than `busy` are in flight when a screen request is (fewer
 * than `idle` otherwise). A screen request then finds at most `busy` background ones ahead of it;
 * the ingest keeps its pace whenever the screens are quiet (docs/load.md, "The screens first").
 */
export function giveScreensFirst(client: DynamoDBDocumentClient, caps: BackgroundCaps): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(MIDDLEWARE))) return;
  let screens = 0;
  let background = 0;
  const waiting: Array<() => void> = [];
  const cap = () => (screens > 0 ? caps.busy : caps.idle);
  const startWaiting = () => {
    while (waiting.length > 0 && background < cap()) {
      background += 1;
      waiting.shift()!();
    }
  };
  client.middlewareStack.add(
    (next) => async (args) => {
      const isBackground = backgroundWork.getStore() === true;
      if (isBackground) {
        if (background < cap() && waiting.length === 0) background += 1;
        else await new Promise<void>((resolve) => waiting.push(resolve));
      } else screens += 1;
      try {
        return await next(args);
      } finally {
        if (isBackground) background -= 1;
        else screens -= 1;
        startWaiting();
      }
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
}
