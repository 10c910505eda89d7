import { handler } from '@functions/devices/ingest-stream';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { changeNoticeTopic } from '@shared/live';
import { createPatientWithDevice, exchangeReport } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { topicRuleOutput } from '@test/support/kinesis';
import { useTestTable } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { createDeviceStream } from '@test/support/moto-aws';
import type { DeviceExchange } from '@shared/device';
import { HOUR_MS } from '@shared/time';

useTestTable();
const moto = useMoto({ endpointsFor: ['IOT_DATA_PLANE'] });
const requests = countDynamoRequests();

/**
 * The ingest on AWS (functions/devices/ingest-stream.ts) fed a real stream: the records are put on
 * moto's Kinesis as the topic rule puts them (partition key = the device's client id) and read back
 * with GetShardIterator and GetRecords into the event Lambda hands the function, with the stream's
 * own sequence numbers and ARN; a reported failure is read again from that record on, as Lambda
 * does. The change notices of a batch go to moto's IoT data plane.
 */
let stream: Awaited<ReturnType<typeof createDeviceStream>>;
beforeAll(async () => {
  stream = await createDeviceStream(moto.url);
});

const storedIds = async (patientId: string) =>
  (await allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000-01-01', to: '2100-01-01' }, page))).map((exchange) => exchange._id);

/** Puts a device's exchange on the stream as the topic rule does; answers its sequence number. */
const put = (serialNumber: string, exchange: DeviceExchange) => stream.put(serialNumber, topicRuleOutput(serialNumber, exchange));

/** Which of these exchanges the table stored, in the order their transactions went through. */
function storeOrder(exchanges: DeviceExchange[]) {
  const ids: string[] = [];
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const input = JSON.stringify(args.input);
      if (context.commandName === 'TransactWriteItemsCommand')
        ids.push(...exchanges.filter((exchange) => input.includes(exchange._id)).map((exchange) => exchange._id));
      return result;
    },
    { step: 'initialize', name: 'storeOrder', override: true },
  );
  return ids;
}

/** Makes the table unreachable for the transaction that stores this exchange, as a failure of our own would. */
function failWhileStoring(exchangeId: string) {
  const name = `failWhileStoring-${exchangeId}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes(exchangeId)) throw new Error('the table is unreachable');
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => dynamo().middlewareStack.remove(name);
}

describe('the ingest on AWS takes device messages from the stream keyed by device', () => {
  it("takes each device's exchanges in the order the device sent them, with no race between one patient's exchanges", async () => {
    const [a, b] = [await createPatientWithDevice(), await createPatientWithDevice()];
    const start = Date.now() - 10 * HOUR_MS;
    const reportsA = Array.from({ length: 6 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS)));
    const reportsB = Array.from({ length: 3 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS)));
    for (const report of reportsA.slice(0, 3)) await put(a.device.SerialNumber, report);
    for (const report of reportsB) await put(b.device.SerialNumber, report);
    for (const report of reportsA.slice(3)) await put(a.device.SerialNumber, report);
    const stored = storeOrder([...reportsA, ...reportsB]);
    requests.reset();
    await moto.startRecording();

    const { event, response } = await stream.deliver(handler);
    expect(event.Records.map((record) => record.kinesis.partitionKey)).toEqual([
      ...Array<string>(3).fill(a.device.SerialNumber),
      ...Array<string>(3).fill(b.device.SerialNumber),
      ...Array<string>(3).fill(a.device.SerialNumber),
    ]);
    expect(response).toEqual({ batchItemFailures: [] });
    const historyReads = requests.byCommand.QueryCommand;

    // The table's own order: each device's exchanges stored one after the other, as sent.
    const ofDevice = (reports: DeviceExchange[]) => stored.filter((id) => reports.some((report) => report._id === id));
    expect(ofDevice(reportsA)).toEqual(reportsA.map((report) => report._id));
    expect(ofDevice(reportsB)).toEqual(reportsB.map((report) => report._id));
    expect((await storedIds(a.patient.UserID)).sort()).toEqual(reportsA.map((report) => report._id).sort());
    expect((await storedIds(b.patient.UserID)).sort()).toEqual(reportsB.map((report) => report._id).sort());
    expect(await patientsRepository.get(a.patient.UserID)).toMatchObject({ ExchangeCount: 6, LastExchangeTime: new Date(start + 5 * HOUR_MS).toISOString() });
    // One history read per device: each device's first exchange reads, the next ones go with what ingest kept
    // (ingest-state.ts), and none raced another of its patient, which would have made it read again. (Transactions
    // are not counted: one may lose a race for a shared counter shard with other test files and be resent.)
    expect(historyReads).toBe(2);
    // One change notice per clinic for the whole batch, on the clinic's topic.
    const notices = (await moto.recordedRequests()).filter((request) => request.url.pathname.startsWith('/topics/'));
    expect(notices.map((request) => decodeURIComponent(request.url.pathname.slice('/topics/'.length))).sort()).toEqual(
      [a, b].map(({ clinic }) => changeNoticeTopic({ ClinicID: clinic.ClinicID, ServiceProviderID: clinic.ServiceProviderID })).sort(),
    );
    dynamo().middlewareStack.remove('storeOrder');
  });

  it("stops a device's records at one that fails, reports it, and takes it and the later ones when the stream gives them again", async () => {
    const [a, b] = [await createPatientWithDevice(), await createPatientWithDevice()];
    const start = Date.now() - 10 * HOUR_MS;
    const reportsA = Array.from({ length: 3 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS)));
    const reportsB = Array.from({ length: 2 }, (_, i) => exchangeReport(new Date(start + i * HOUR_MS)));
    const sequenceA: string[] = [];
    sequenceA.push(await put(a.device.SerialNumber, reportsA[0]!));
    await put(b.device.SerialNumber, reportsB[0]!);
    sequenceA.push(await put(a.device.SerialNumber, reportsA[1]!));
    await put(b.device.SerialNumber, reportsB[1]!);
    sequenceA.push(await put(a.device.SerialNumber, reportsA[2]!));
    const stored = storeOrder(reportsA);

    const restore = failWhileStoring(reportsA[1]!._id);
    let first;
    try {
      first = await stream.deliver(handler);
    } finally {
      restore();
    }
    expect(first.response).toEqual({ batchItemFailures: [{ itemIdentifier: sequenceA[1] }] });
    // The device's order holds: its third exchange waits for its second.
    expect(await storedIds(a.patient.UserID)).toEqual([reportsA[0]!._id]);
    expect((await storedIds(b.patient.UserID)).sort()).toEqual(reportsB.map((report) => report._id).sort());

    // Lambda gives the shard again from the failed record: what was taken already changes nothing.
    const again = await stream.deliver(handler);
    expect(again.event.Records[0]!.kinesis.sequenceNumber).toBe(sequenceA[1]);
    expect(again.event.Records).toHaveLength(3);
    expect(again.response).toEqual({ batchItemFailures: [] });
    expect(stored).toEqual(reportsA.map((report) => report._id));
    expect((await storedIds(a.patient.UserID)).sort()).toEqual(reportsA.map((report) => report._id).sort());
    expect(await patientsRepository.get(a.patient.UserID)).toMatchObject({ ExchangeCount: 3 });
    expect(await patientsRepository.get(b.patient.UserID)).toMatchObject({ ExchangeCount: 2 });
    // The stream has nothing more to give.
    expect((await stream.deliver(handler)).event.Records).toEqual([]);
    dynamo().middlewareStack.remove('storeOrder');
  });

  it('keeps a record that is not a device message as a dead letter and goes on', async () => {
    const { patient, device } = await createPatientWithDevice();
    const report = exchangeReport(new Date(Date.now() - HOUR_MS));
    await stream.put(device.SerialNumber, Buffer.from('not json'));
    await put(device.SerialNumber, report);
    expect((await stream.deliver(handler)).response).toEqual({ batchItemFailures: [] });
    expect(await storedIds(patient.UserID)).toEqual([report._id]);
    const letters = await allItems((page) => deadLettersRepository.listForDay(new Date().toISOString().slice(0, 10), page));
    expect(letters.filter((letter) => letter.ClientId === device.SerialNumber)).toEqual([
      expect.objectContaining({ Reason: 'The stream record is not a device message of the topic rule', Payload: Buffer.from('not json').toString('base64') }),
    ]);
  });
});
