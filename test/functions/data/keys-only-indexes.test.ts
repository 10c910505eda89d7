import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { takeExchange } from '@functions/devices/take-exchange';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { serviceProvidersRepository } from '@functions/data/service-providers-repository';
import { createTableInput, localDynamoClient } from '@infra/local/dynamodb';
import { tableDefinition } from '@shared/table';
import { createPatientWithDevice, exchangeReport } from '@test/support/devices';

/**
 * The lists against a table whose indexes project what shared/table.ts says (keys only), as the
 * deployed table will: every list still returns whole items.
 */
beforeAll(async () => {
  const tableName = `keys-only-${randomUUID()}`;
  const input = createTableInput(tableName);
  const client = localDynamoClient(Number(process.env.TEST_DYNAMODB_PORT));
  await client.send(
    new CreateTableCommand({
      ...input,
      GlobalSecondaryIndexes: input.GlobalSecondaryIndexes!.map((index) => ({
        ...index,
        Projection: { ProjectionType: tableDefinition.globalSecondaryIndexes.find((gsi) => gsi.indexName === index.IndexName)!.projection },
      })),
    }),
  );
  client.destroy();
  process.env.TABLE_NAME = tableName;
});

it('lists patients, devices, clinics, providers, a device’s exchanges and its dead letters as whole items', async () => {
  const { patient, device, clinic, provider } = await createPatientWithDevice();
  await takeExchange(device.SerialNumber, exchangeReport(new Date(Date.now() - 60_000), { MachineProblem: 'PANIC: pump' }), new Date());

  expect((await patientsRepository.listByClinic(clinic.ClinicID)).items).toMatchObject([
    { UserID: patient.UserID, ExchangeCount: 1, PatientAlertStatus: { statusValue: 3 } },
  ]);
  expect((await patientsRepository.listByDoctor('doctor-1')).items).toMatchObject([{ UserID: patient.UserID }]);
  expect(await allItems(patientsRepository.listAllIds)).toEqual([patient.UserID]);
  expect((await devicesRepository.listByClinic(clinic.ClinicID)).items).toMatchObject([
    { SerialNumber: device.SerialNumber, PatientID: patient.UserID, ExchangeCount: 1 },
  ]);
  expect(await allItems(devicesRepository.listAll)).toMatchObject([{ SerialNumber: device.SerialNumber }]);
  expect((await clinicsRepository.listByServiceProvider(provider.ServiceProviderID)).items).toMatchObject([
    { ClinicName: clinic.ClinicName, ClinicExchangeCounter: 1 },
  ]);
  expect(await allItems(clinicsRepository.listAll)).toMatchObject([{ ClinicID: clinic.ClinicID }]);
  expect((await serviceProvidersRepository.listAll()).items).toMatchObject([{ ServiceProviderName: provider.ServiceProviderName, SPExchangeCounter: 1 }]);
  expect((await exchangesRepository.listForDevice(device.DeviceID)).items).toMatchObject([{ SerialNumber: device.SerialNumber, DrainVolume: 2180 }]);
  const letter = { Topic: 'pd/devices/x/up/exchange', ClientId: device.SerialNumber, Payload: 'e30=', Reason: 'test', ReceivedAt: new Date().toISOString() };
  await deadLettersRepository.add(letter);
  expect((await deadLettersRepository.listForDevice(device.SerialNumber)).items).toMatchObject([letter]);
});
