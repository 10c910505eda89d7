import { createHmac, randomBytes } from 'node:crypto';
import { requireHuman } from '@functions/lib/human-verification';
import { humanProof } from '@functions/lib/human-proof';
import { forgetCachedValues } from '@functions/lib/origin-verify';
import { forgetPendingTokenKey, pendingTokenKey } from '@functions/lib/signing-key';
import { issuePendingToken, openPendingToken } from '@functions/services/pending-steps';
import { handler as originVerify } from '@infra/aws/origin-verify/authorizer';
import * as messages from '@shared/messages';
import { useTestTable } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { createSecret, putSecretValue } from '@test/support/moto-aws';

useTestTable();
useMoto({ endpointsFor: ['SECRETS_MANAGER'] });
// The route Lambdas' configuration on AWS (infra/aws/api-stack.ts): reCAPTCHA, whose secret key is in Secrets Manager.
process.env.HUMAN_VERIFICATION = 'recaptcha';

/**
 * The three readers of Secrets Manager (functions/lib/signing-key.ts, human-verification.ts,
 * origin-verify.ts with its authorizer) through the SDK's client, pointed at moto, reading secrets
 * made there as the stacks make them and handed to them by ARN as the stacks hand them
 * (PENDING_TOKEN_KEY_ARN, RECAPTCHA_SECRET_ARN, ORIGIN_VERIFY_SECRET_ARN).
 */
const newKey = () => randomBytes(48).toString('base64url');

describe('the pending-token key', () => {
  beforeEach(() => forgetPendingTokenKey());
  afterAll(() => {
    delete process.env.PENDING_TOKEN_KEY_ARN;
    forgetPendingTokenKey();
  });

  it('is the value of the secret the ARN names: it signs the pending steps and the sign-in’s human proof', async () => {
    const key = newKey();
    process.env.PENDING_TOKEN_KEY_ARN = await createSecret('pd-portal-pending-token-key', key);
    expect(await pendingTokenKey()).toEqual(Buffer.from(key));

    const [expiresAt, mac] = (await humanProof('Someone@Test.example')).split('.');
    expect(mac).toBe(createHmac('sha256', key).update(`h1.someone@test.example.${expiresAt}`).digest('base64url'));
    const token = await issuePendingToken({ step: 'twoFactor', session: 'cognito-session', username: 'someone@test.example', userId: 'user-1' });
    await expect(openPendingToken(token, 'twoFactor')).resolves.toMatchObject({ userId: 'user-1' });
  });

  it('after a rotation, a new container signs with the new value and refuses what the old one signed', async () => {
    const arn = await createSecret('pd-portal-pending-token-key-rotated', newKey());
    process.env.PENDING_TOKEN_KEY_ARN = arn;
    const before = await issuePendingToken({ step: 'newPassword', session: 's', username: 'a@test.example', userId: 'user-2' });
    const rotated = newKey();
    await putSecretValue(arn, rotated);
    // A warm container keeps the key it read.
    await expect(openPendingToken(before, 'newPassword')).resolves.toMatchObject({ userId: 'user-2' });
    forgetPendingTokenKey();
    expect(await pendingTokenKey()).toEqual(Buffer.from(rotated));
    await expect(openPendingToken(before, 'newPassword')).rejects.toMatchObject({ statusCode: 401 });
    const after = await issuePendingToken({ step: 'newPassword', session: 's', username: 'a@test.example', userId: 'user-3' });
    await expect(openPendingToken(after, 'newPassword')).resolves.toMatchObject({ userId: 'user-3' });
  });

  it('is refused when the secret is too short to be a key', async () => {
    process.env.PENDING_TOKEN_KEY_ARN = await createSecret('pd-portal-pending-token-key-short', 'short');
    await expect(pendingTokenKey()).rejects.toThrow(/at least 32 bytes/);
  });
});

describe('the reCAPTCHA secret key', () => {
  /** Google's siteverify, which no test can reach: its answer is given, and what it was asked is kept. */
  function siteverify(answer: { success: boolean; 'error-codes'?: string[] }) {
    const asked: URLSearchParams[] = [];
    const original = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) !== 'https://www.google.com/recaptcha/api/siteverify') return original(input, init);
      asked.push(new URLSearchParams(init?.body as URLSearchParams));
      return Response.json(answer);
    });
    return { asked, restore: () => spy.mockRestore() };
  }

  it("is read from the secret the ARN names and sent to siteverify with the browser's token and address", async () => {
    const secretKey = newKey();
    process.env.RECAPTCHA_SECRET_ARN = await createSecret('pd-portal-recaptcha', secretKey);
    const google = siteverify({ success: true });
    try {
      await requireHuman('browser-token', '203.0.113.7');
      expect(google.asked.map((params) => Object.fromEntries(params))).toEqual([{ secret: secretKey, response: 'browser-token', remoteip: '203.0.113.7' }]);
    } finally {
      google.restore();
    }
    const expired = siteverify({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    try {
      await expect(requireHuman('old-token')).rejects.toMatchObject({ statusCode: 400, message: messages.session.captchaExpired });
      expect(Object.fromEntries(expired.asked[0]!)).toEqual({ secret: secretKey, response: 'old-token' });
    } finally {
      expired.restore();
    }
  });
});

describe("the origin-verify secret (CloudFront's header)", () => {
  const authorized = (value?: string) =>
    originVerify({ headers: value === undefined ? {} : { 'x-origin-verify': value } }).then((answer) => answer.isAuthorized);
  afterAll(() => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    forgetCachedValues();
  });

  it('lets through its current value, and after a rotation the previous one too, and nothing else', async () => {
    const [first, second, third] = [newKey(), newKey(), newKey()];
    const arn = await createSecret('pd-portal-origin-verify', first);
    process.env.ORIGIN_VERIFY_SECRET_ARN = arn;
    forgetCachedValues();
    // No previous version yet: only the current value passes.
    expect([await authorized(first), await authorized(second), await authorized(), await authorized('')]).toEqual([true, false, false, false]);

    await putSecretValue(arn, second);
    // Within five minutes a container answers from what it read; then it reads both versions again.
    expect(await authorized(second)).toBe(false);
    forgetCachedValues();
    expect([await authorized(second), await authorized(first)]).toEqual([true, true]);

    await putSecretValue(arn, third);
    forgetCachedValues();
    expect([await authorized(third), await authorized(second), await authorized(first)]).toEqual([true, true, false]);
  });
});
