import { handler } from '@functions/devices/ingest-stream';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { createPatientWithDevice, exchangeReport } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { batch, rawRecord, streamRecord } from '@test/support/kinesis';
import { useTestTable } from '@test/support/local-services';

useTestTable();
const requests = countDynamoRequests();

const HOUR = 60 * 60 * 1000;
const storedIds = async (patientId: string) =>
  (await allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000-01-01', to: '2100-01-01' }, page))).map((exchange) => exchange._id);

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
  it("takes each device's exchanges in order, with no race between one patient's exchanges", async () => {
    const [a, b] = [await createPatientWithDevice(), await createPatientWithDevice()];
    const start = Date.now() - 10 * HOUR;
    const reportsA = Array.from({ length: 6 }, (_, i) => exchangeReport(new Date(start + i * HOUR)));
    const reportsB = Array.from({ length: 3 }, (_, i) => exchangeReport(new Date(start + i * HOUR)));
    const records = [
      ...reportsA.slice(0, 3).map((report) => streamRecord(a.device.SerialNumber, report)),
      ...reportsB.map((report) => streamRecord(b.device.SerialNumber, report)),
      ...reportsA.slice(3).map((report) => streamRecord(a.device.SerialNumber, report)),
    ];
    requests.reset();
    expect(await handler(batch(records))).toEqual({ batchItemFailures: [] });
    const historyReads = requests.byCommand.QueryCommand;

    expect((await storedIds(a.patient.UserID)).sort()).toEqual(reportsA.map((report) => report._id).sort());
    expect((await storedIds(b.patient.UserID)).sort()).toEqual(reportsB.map((report) => report._id).sort());
    expect(await patientsRepository.get(a.patient.UserID)).toMatchObject({ ExchangeCount: 6, LastExchangeTime: new Date(start + 5 * HOUR).toISOString() });
    // One history read per device: each device's first exchange reads, the next ones go with what ingest kept
    // (engine-cache.ts), and none raced another of its patient, which would have made it read again. (Transactions
    // are not counted: one may lose a race for a shared counter shard with other test files and be resent.)
    expect(historyReads).toBe(2);
  });

  it("stops a device's records at one that fails, reports it, and takes it and the later ones when the stream gives them again", async () => {
    const [a, b] = [await createPatientWithDevice(), await createPatientWithDevice()];
    const start = Date.now() - 10 * HOUR;
    const reportsA = Array.from({ length: 3 }, (_, i) => exchangeReport(new Date(start + i * HOUR)));
    const reportB = exchangeReport(new Date(start));
    const recordsA = reportsA.map((report) => streamRecord(a.device.SerialNumber, report));
    const recordB = streamRecord(b.device.SerialNumber, reportB);

    const restore = failWhileStoring(reportsA[1]!._id);
    let response;
    try {
      response = await handler(batch([recordsA[0]!, recordB, recordsA[1]!, recordsA[2]!]));
    } finally {
      restore();
    }
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: recordsA[1]!.kinesis.sequenceNumber }] });
    // The device's order holds: its third exchange waits for its second.
    expect(await storedIds(a.patient.UserID)).toEqual([reportsA[0]!._id]);
    expect(await storedIds(b.patient.UserID)).toEqual([reportB._id]);

    // Lambda gives the shard again from the failed record: what was taken already changes nothing.
    expect(await handler(batch([recordB, recordsA[1]!, recordsA[2]!]))).toEqual({ batchItemFailures: [] });
    expect((await storedIds(a.patient.UserID)).sort()).toEqual(reportsA.map((report) => report._id).sort());
    expect(await patientsRepository.get(a.patient.UserID)).toMatchObject({ ExchangeCount: 3 });
    expect(await patientsRepository.get(b.patient.UserID)).toMatchObject({ ExchangeCount: 1 });
  });

  it('keeps a record that is not a device message as a dead letter and goes on', async () => {
    const { patient, device } = await createPatientWithDevice();
    const report = exchangeReport(new Date(Date.now() - HOUR));
    const junk = rawRecord(device.SerialNumber, Buffer.from('not json').toString('base64'));
    expect(await handler(batch([junk, streamRecord(device.SerialNumber, report)]))).toEqual({ batchItemFailures: [] });
    expect(await storedIds(patient.UserID)).toEqual([report._id]);
    const letters = await allItems((page) => deadLettersRepository.listForDay(new Date().toISOString().slice(0, 10), page));
    expect(letters.filter((letter) => letter.ClientId === device.SerialNumber)).toEqual([
      expect.objectContaining({ Reason: 'The stream record is not a device message of the topic rule' }),
    ]);
  });
});
