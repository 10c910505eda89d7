import { build } from 'esbuild';
import path from 'node:path';

/**
 * What a Lambda's bundle carries (docs/lambda-bundles.md), read from esbuild's metafile with
 * PortalFunction's options: a handler carries its own area's routes only, and loads only the AWS
 * SDK clients its services call (each costs milliseconds of cold start).
 */
const ROOT = path.resolve(__dirname, '..', '..');

async function bundleOf(entry: string): Promise<{ inputs: string[]; sdk: string[]; sdkAtLoad: string[] }> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'functions', `${entry}.ts`)],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    external: ['@aws-sdk/*'],
    write: false,
    outfile: 'index.js',
    metafile: true,
    logLevel: 'silent',
  });
  const metafile = result.metafile;
  const sdk = new Set<string>();
  const sdkAtLoad = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports.filter((each) => each.path.startsWith('@aws-sdk/'))) {
      sdk.add(imported.path);
      if (imported.kind !== 'dynamic-import') sdkAtLoad.add(imported.path);
    }
  }
  return { inputs: Object.keys(metafile.inputs), sdk: [...sdk].sort(), sdkAtLoad: [...sdkAtLoad].sort() };
}

const routeFiles = (inputs: string[]) => inputs.filter((input) => input.startsWith('shared/api/routes/')).sort();

it("bundles an exchange handler with the exchange routes only: no patient schemas, no Cognito's SDK", async () => {
  for (const entry of ['handlers/clinical/get-exchanges', 'handlers/clinical/add-exchange']) {
    const { inputs, sdk } = await bundleOf(entry);
    expect(routeFiles(inputs)).toEqual(['shared/api/routes/exchanges.ts', 'shared/api/routes/staff.ts']);
    expect(inputs).not.toContain('shared/api/patients.ts');
    expect(sdk).not.toContain('@aws-sdk/client-cognito-identity-provider');
    expect(sdk).toContain('@aws-sdk/client-dynamodb');
  }
});

it('bundles a patient handler with the clinical area, which joins the exchange routes', async () => {
  const { inputs } = await bundleOf('handlers/clinical/get-patient-profile');
  expect(routeFiles(inputs)).toEqual(['shared/api/routes/clinical.ts', 'shared/api/routes/exchanges.ts', 'shared/api/routes/staff.ts']);
});

it('bundles a session handler with the session routes only, and Cognito, which it calls', async () => {
  const { inputs, sdk } = await bundleOf('handlers/auth/sign-in');
  expect(routeFiles(inputs)).toEqual(['shared/api/routes/session.ts']);
  expect(sdk).toContain('@aws-sdk/client-cognito-identity-provider');
});

it('bundles the ingest Lambda without any route table or Cognito', async () => {
  const { inputs, sdk } = await bundleOf('devices/ingest-stream');
  expect(routeFiles(inputs)).toEqual([]);
  expect(sdk).not.toContain('@aws-sdk/client-cognito-identity-provider');
});

it('bundles the audit archiver with the S3 client alone: no data layer, no table client', async () => {
  const { inputs, sdk } = await bundleOf('audit/archive-stream');
  expect(sdk).toEqual(['@aws-sdk/client-s3']);
  expect(inputs.filter((input) => input.startsWith('functions/data/') || input.includes('node_modules/electrodb'))).toEqual([]);
});

it("loads IoT Core's control plane only when a device route registers or removes a device", async () => {
  for (const entry of ['handlers/devices/get-all-devices', 'handlers/devices/register-device']) {
    const { sdk, sdkAtLoad } = await bundleOf(entry);
    expect(sdk).toContain('@aws-sdk/client-iot');
    expect(sdkAtLoad).not.toContain('@aws-sdk/client-iot');
  }
});

it('loads S3 only when a provider or clinic route hands out a logo link', async () => {
  for (const entry of ['handlers/administration/update-service-provider-profile', 'handlers/administration/get-service-provider-logo-upload']) {
    const { sdk, sdkAtLoad } = await bundleOf(entry);
    expect(sdk).toContain('@aws-sdk/client-s3');
    expect(sdkAtLoad.filter((name) => name.includes('s3'))).toEqual([]);
  }
});
