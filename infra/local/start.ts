import path from 'node:path';
import { demoDeviceSecretsFile, ensureDemoDeviceSecrets } from './device-credentials';
import { DEMO_DEVICES, DEMO_SIMULATION_SEED, REPORTING_DEMO_DEVICES, seedDemoData } from './seed';
import { simulateDevices, type DeviceSimulation } from './simulate';
import { startLocalStack } from './stack';

/** `npm start`: the whole portal on this machine, with demo data on first start. Ctrl-C stops it all. */
async function main(): Promise<void> {
  // The Lambdas run Node 22; a machine on Node 20 still runs everything, so the SDK's notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.local');
  const stack = await startLocalStack({
    dataDir,
    port: Number(process.env.PORT ?? 3000),
    mqttPort: Number(process.env.MQTT_PORT ?? 1883),
    log: (line) => console.log(`[local] ${line}`),
  });

  let simulation: DeviceSimulation | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[local] ${signal}: stopping`);
    await simulation?.stop();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (stack.fresh) {
    console.log('[local] new data folder: seeding demo data (about a minute)');
    const historyDays = process.env.SEED_HISTORY_DAYS ? Number(process.env.SEED_HISTORY_DAYS) : undefined;
    await seedDemoData({ dataDir, historyDays, log: (line) => console.log(`[seed] ${line}`) });
  }

  // The demo devices' secrets (the twin of their certificates), kept in the data folder for the simulator.
  const secrets = ensureDemoDeviceSecrets(dataDir, DEMO_DEVICES);

  // The demo devices keep reporting, so the portal shows live data; SIMULATE=0 turns them off.
  if (process.env.SIMULATE !== '0' && !stopping) {
    simulation = await simulateDevices({
      brokerUrl: stack.mqttUrl,
      secrets,
      serialNumbers: [...REPORTING_DEMO_DEVICES],
      intervalMs: Number(process.env.SIMULATE_INTERVAL_MS ?? 60_000),
      seed: DEMO_SIMULATION_SEED,
      log: (line) => console.log(`[device] ${line}`),
    });
  }

  console.log(`[local] portal:     ${stack.url}`);
  console.log(`[local] MQTT:       ${stack.mqttUrl} (WebSocket ${stack.webSocketMqttUrl})`);
  console.log(`[local] data:       ${dataDir} (npm run reset wipes it)`);
  console.log(`[local] demo devices' MQTT secrets: ${demoDeviceSecretsFile(dataDir)}`);
  console.log(`[local] demo accounts: README.md and ${path.join(dataDir, 'demo-accounts.md')}; Ctrl-C stops everything`);
}

main().catch((error: unknown) => {
  console.error('[local] could not start:', error);
  process.exit(1);
});
