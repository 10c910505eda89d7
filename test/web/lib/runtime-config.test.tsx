import { loadRuntimeConfig, runtimeConfig, setRuntimeConfig, type RuntimeConfig } from '@web/src/lib/runtime-config';

/**
 * The runtime config a load starts with: a first visit waits for /config.json; a returning one
 * starts with the copy the last load kept, and the network's copy takes its place when it changed.
 */
const config = (apiBase: string): RuntimeConfig => ({
  apiBase,
  frontendVersion: '1.1.33',
  backendVersion: '1.1.5',
  idleTimeoutMs: 900_000,
  humanVerification: { kind: 'local' },
});

/** /config.json answered when the test says so: `answer` with a body, or `fail`. */
function configServer() {
  let settle: { answer(body: string, status?: number): void; fail(): void } | undefined;
  const fetchMock = jest.fn(
    (input: string) =>
      new Promise<Response>((resolve, reject) => {
        expect(input).toBe('/config.json');
        settle = {
          answer: (body, status = 200) => resolve({ ok: status < 400, status, text: async () => body } as Response),
          fail: () => reject(new TypeError('Failed to fetch')),
        };
      }),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetchMock,
    answer: (body: string, status?: number) => settle!.answer(body, status),
    fail: () => settle!.fail(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  setRuntimeConfig(undefined);
  localStorage.clear();
});
afterAll(() => setRuntimeConfig(undefined));

describe('the runtime config', () => {
  it('waits for the network on a first visit, and keeps what it read for the next load', async () => {
    const server = configServer();
    let resolved = false;
    const loading = loadRuntimeConfig().then((value) => {
      resolved = true;
      return value;
    });
    await flush();
    expect(resolved).toBe(false);
    server.answer(JSON.stringify(config('/api/one')));
    expect(await loading).toEqual(config('/api/one'));
    expect(JSON.parse(localStorage.getItem('pd.runtimeConfig')!)).toEqual(config('/api/one'));
  });

  it('starts a returning visit with the kept copy, without waiting for the network', async () => {
    localStorage.setItem('pd.runtimeConfig', JSON.stringify(config('/api/kept')));
    const server = configServer();
    // The network has not answered; the config is there all the same.
    expect(await loadRuntimeConfig()).toEqual(config('/api/kept'));
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    server.answer(JSON.stringify(config('/api/kept')));
    await flush();
    expect(runtimeConfig()).toEqual(config('/api/kept'));
  });

  it('takes a deployment’s new config from the network in place of the kept one, and keeps it', async () => {
    localStorage.setItem('pd.runtimeConfig', JSON.stringify(config('/api/old')));
    const server = configServer();
    expect((await loadRuntimeConfig()).apiBase).toBe('/api/old');
    server.answer(JSON.stringify(config('/api/new')));
    await flush();
    expect(runtimeConfig().apiBase).toBe('/api/new');
    expect(JSON.parse(localStorage.getItem('pd.runtimeConfig')!).apiBase).toBe('/api/new');
  });

  it('keeps the kept copy when the network fails or answers something that is not a config', async () => {
    localStorage.setItem('pd.runtimeConfig', JSON.stringify(config('/api/kept')));
    const offline = configServer();
    await loadRuntimeConfig();
    offline.fail();
    await flush();
    expect(runtimeConfig().apiBase).toBe('/api/kept');

    setRuntimeConfig(undefined);
    const proxy = configServer();
    await loadRuntimeConfig();
    proxy.answer('<html>Gateway error</html>');
    await flush();
    expect(runtimeConfig().apiBase).toBe('/api/kept');
    expect(JSON.parse(localStorage.getItem('pd.runtimeConfig')!).apiBase).toBe('/api/kept');
  });

  it.each(['{"apiBase": "/api/cut', 'null', '{"frontendVersion": "1.1.33"}'])('waits for the network when the kept copy is no config: %s', async (copy) => {
    localStorage.setItem('pd.runtimeConfig', copy);
    const server = configServer();
    const loading = loadRuntimeConfig();
    server.answer(JSON.stringify(config('/api/fresh')));
    expect((await loading).apiBase).toBe('/api/fresh');
    expect(JSON.parse(localStorage.getItem('pd.runtimeConfig')!).apiBase).toBe('/api/fresh');
  });

  it('fails a first visit the network cannot answer, so the page says the portal could not start', async () => {
    const server = configServer();
    const loading = loadRuntimeConfig();
    server.answer('Not found', 404);
    await expect(loading).rejects.toThrow('config.json: 404');
  });
});
