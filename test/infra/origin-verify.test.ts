import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { forgetCachedValues, isFromCloudFront } from '@functions/lib/origin-verify';

/** The public routes' authorizer: only requests carrying CloudFront's secret header pass. */
function secrets(values: Record<string, string | undefined>) {
  const calls: string[] = [];
  const client = {
    send: async (command: { input: { VersionStage: string } }) => {
      calls.push(command.input.VersionStage);
      const value = values[command.input.VersionStage];
      if (value === undefined) throw Object.assign(new Error('no such version'), { name: 'ResourceNotFoundException' });
      return { SecretString: value };
    },
  } as unknown as SecretsManagerClient;
  return { client, calls };
}

beforeEach(() => forgetCachedValues());

describe('the origin-verify authorizer', () => {
  it('lets through the current value, and the previous one during a rotation', async () => {
    const { client } = secrets({ AWSCURRENT: 'new-value', AWSPREVIOUS: 'old-value' });
    expect(await isFromCloudFront({ 'x-origin-verify': 'new-value' }, 'arn', client)).toBe(true);
    expect(await isFromCloudFront({ 'x-origin-verify': 'old-value' }, 'arn', client)).toBe(true);
  });

  it('refuses a missing, empty or wrong header', async () => {
    const { client } = secrets({ AWSCURRENT: 'the-value' });
    expect(await isFromCloudFront({}, 'arn', client)).toBe(false);
    expect(await isFromCloudFront(undefined, 'arn', client)).toBe(false);
    expect(await isFromCloudFront({ 'x-origin-verify': '' }, 'arn', client)).toBe(false);
    expect(await isFromCloudFront({ 'x-origin-verify': 'the-valuX' }, 'arn', client)).toBe(false);
    expect(await isFromCloudFront({ 'x-origin-verify': 'the-value-and-more' }, 'arn', client)).toBe(false);
  });

  it('reads the secret once per container within five minutes', async () => {
    const { client, calls } = secrets({ AWSCURRENT: 'the-value' });
    for (let i = 0; i < 3; i++) await isFromCloudFront({ 'x-origin-verify': 'the-value' }, 'arn', client);
    expect(calls.sort()).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
  });

  it('fails closed when Secrets Manager fails', async () => {
    const client = {
      send: async () => Promise.reject(Object.assign(new Error('denied'), { name: 'AccessDeniedException' })),
    } as unknown as SecretsManagerClient;
    await expect(isFromCloudFront({ 'x-origin-verify': 'x' }, 'arn', client)).rejects.toThrow('denied');
  });
});
