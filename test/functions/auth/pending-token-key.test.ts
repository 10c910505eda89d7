import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { forgetPendingTokenKey } from '@functions/lib/signing-key';
import { issuePendingToken, openPendingToken } from '@functions/services/pending-steps';
import { useTestTable } from '@test/support/local-services';

useTestTable();

/** On AWS the key is a Secrets Manager secret named by PENDING_TOKEN_KEY_ARN; only that call is mocked. */
const secretsManager = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:pending-token-key';
const pending = { step: 'newPassword', session: 'cognito-session', username: 'a@test.example', userId: 'user-1' } as const;

beforeEach(() => {
  secretsManager.reset();
  forgetPendingTokenKey();
  process.env.PENDING_TOKEN_KEY_ARN = ARN;
});
afterAll(() => {
  delete process.env.PENDING_TOKEN_KEY_ARN;
  forgetPendingTokenKey();
  secretsManager.restore();
});

describe('the pending-token key from Secrets Manager', () => {
  it('signs with the secret named by the ARN, reads it once, and opens its own tokens', async () => {
    secretsManager.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: 'k'.repeat(64) });
    const token = await issuePendingToken(pending);
    await expect(openPendingToken(token, 'newPassword')).resolves.toMatchObject({ userId: 'user-1', username: 'a@test.example' });
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('refuses a token signed with another key (a rotated or foreign secret)', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'a'.repeat(64) });
    const token = await issuePendingToken(pending);
    forgetPendingTokenKey();
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'b'.repeat(64) });
    await expect(openPendingToken(token, 'newPassword')).rejects.toMatchObject({ statusCode: 401, message: 'authentication error' });
  });

  it('refuses to sign with a key too short to be a key, and retries a failed read', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'short' });
    await expect(issuePendingToken(pending)).rejects.toThrow(/at least 32 bytes/);
    secretsManager.reset();
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: 'c'.repeat(64) });
    await expect(issuePendingToken(pending)).rejects.toThrow('throttled');
    await expect(issuePendingToken(pending)).resolves.toMatch(/^p1\./);
  });

  it('never signs without a key', async () => {
    delete process.env.PENDING_TOKEN_KEY_ARN;
    const file = process.env.PENDING_TOKEN_KEY_FILE;
    delete process.env.PENDING_TOKEN_KEY_FILE;
    try {
      await expect(issuePendingToken(pending)).rejects.toThrow(/never unsigned/);
    } finally {
      process.env.PENDING_TOKEN_KEY_FILE = file;
    }
  });
});
