import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { giveScreensFirst, inBackground } from '@infra/local/dynamodb-lanes';
import { useTestTable } from '../support/local-services';

useTestTable();

/**
 * A document client on the run's DynamoDB Local whose requests wait at the wire until released,
 * so the test sees which ones the lanes let through, in order, with nothing left to timing.
 */
function heldClient() {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  giveScreensFirst(client, { idle: 4, busy: 1 });
  const atWire: Array<{ who: string; release: () => void }> = [];
  client.middlewareStack.add(
    (next) => async (args) => {
      const who = JSON.stringify((args.input as { Key?: unknown }).Key ?? {}).includes('screen') ? 'screen' : 'background';
      await new Promise<void>((release) => atWire.push({ who, release }));
      return next(args);
    },
    { step: 'finalizeRequest', name: 'holdAtWire' },
  );
  const get = (pk: string) => client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk, sk: pk } }));
  return {
    background: (pk: string) => inBackground(() => get(pk)),
    screen: () => get('screen'),
    atWire,
    waiting: (who: string) => atWire.filter((entry) => entry.who === who).length,
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

async function releaseWhere(client: ReturnType<typeof heldClient>, who: string): Promise<void> {
  for (const entry of client.atWire.filter((held) => held.who === who)) {
    client.atWire.splice(client.atWire.indexOf(entry), 1);
    entry.release();
  }
}

describe('the local stack gives DynamoDB Local to the screens first', () => {
  it('lets a screen request through at once however many background requests wait, and holds the background back while it runs', async () => {
    const client = heldClient();
    const backlog = Array.from({ length: 6 }, (_, i) => client.background(`bg-${i}`));
    // No screen request yet: the background goes up to its idle cap, the rest waits in its lane.
    await until(() => client.waiting('background') === 4);

    const screen = client.screen();
    await until(() => client.waiting('screen') === 1);

    // The four finish while the screen request is still out: only one more background one may go.
    await releaseWhere(client, 'background');
    await until(() => client.waiting('background') === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.waiting('background')).toBe(1);

    // The screen request answers: the background may fill its idle cap again.
    await releaseWhere(client, 'screen');
    await expect(screen).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    await until(() => client.waiting('background') === 2);

    await releaseWhere(client, 'background');
    await until(() => client.waiting('background') === 0 && client.atWire.length === 0);
    const answers = await Promise.all(backlog);
    expect(answers.map((answer) => answer.$metadata.httpStatusCode)).toEqual(Array(6).fill(200));
  });

  it('never makes a screen request wait in a lane', async () => {
    const client = heldClient();
    const screens = Array.from({ length: 8 }, () => client.screen());
    await until(() => client.waiting('screen') === 8);
    await releaseWhere(client, 'screen');
    expect((await Promise.all(screens)).every((answer) => answer.$metadata.httpStatusCode === 200)).toBe(true);
  });
});
