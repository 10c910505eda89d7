import { signInDelaySeconds, SIGN_IN_FREE_FAILURES } from '@functions/data/sessions-repository';
import { answerTwoFactor, signIn } from '@functions/services/sessions';
import { totpCode } from '@infra/local/totp';
import type { SignedIn } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { isAlive, messageOf, newUser, signedIn, signInCall, turnOnTotp } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

/** The local API gateway answers every request from 127.0.0.1: the account owner's usual place. A stranger elsewhere calls the service with their own address. */
const STRANGER = '203.0.113.66';
const wrong = 'Wrong!pass1';

/** What a sign-in from `source` observes: the status and message, or 200. */
async function attempt(email: string, password: string, source: string): Promise<{ status: number; message?: string }> {
  try {
    await signIn(email, password, source);
    return { status: 200 };
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { status: statusCode, message };
  }
}

/** A stopped clock for the code under test (Date.now), which the test moves on; Cognito keeps its own. */
function useClock() {
  const realNow = Date.now.bind(Date);
  let offsetMs = 0;
  beforeEach(() => {
    offsetMs = 0;
    const start = realNow();
    jest.spyOn(Date, 'now').mockImplementation(() => start + offsetMs);
  });
  afterEach(() => jest.restoreAllMocks());
  return { advance: (seconds: number) => (offsetMs += seconds * 1000) };
}

const clock = useClock();
const waitOf = (refused: { message?: string }) => Number(/try again in (\d+) seconds?$/.exec(refused.message ?? '')?.[1]);

describe('failed sign-ins slow down the source that makes them, not the account', () => {
  it("a stranger hammering an account from elsewhere does not stop the owner's right password", async () => {
    const { user, email } = await newUser('Doctor');
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await attempt(email, wrong, STRANGER)).status);
    expect(answers.slice(0, SIGN_IN_FREE_FAILURES)).toEqual(Array(SIGN_IN_FREE_FAILURES).fill(401));
    expect(answers.slice(SIGN_IN_FREE_FAILURES)).toEqual(Array(20 - SIGN_IN_FREE_FAILURES).fill(429));

    const owner = await signInCall(api, email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    expect((owner.body as SignedIn).profile.UserID).toBe(user.UserID);
    // The stranger still waits, even with the right password.
    expect((await attempt(email, TEST_PASSWORD, STRANGER)).status).toBe(429);
    expect(await isAlive(api, user.UserID, (owner.body as SignedIn).token)).toBe(true);
  });

  it("makes one source wait longer after each failure ('try again in N seconds'); the right password then signs in and resets it", async () => {
    const { email } = await newUser('Nurse');
    const source = '198.51.100.20';
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) expect((await attempt(email, wrong, source)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await attempt(email, wrong, source);
      expect(refused.status).toBe(429);
      waits.push(waitOf(refused));
      expect((await attempt(email, TEST_PASSWORD, source)).status).toBe(429); // even the right password waits
      clock.advance(waitOf(refused));
      if (round < 2) expect((await attempt(email, wrong, source)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    expect((await attempt(email, TEST_PASSWORD, source)).status).toBe(200);
    expect((await attempt(email, wrong, source)).status).toBe(401);
    expect((await attempt(email, wrong, source)).status).toBe(401);
  });

  it('caps the wait at 15 minutes and forgets the failures an hour after the last one', async () => {
    const { email } = await newUser('Doctor');
    const source = '198.51.100.30';
    for (let i = 0; i < 15; i++) {
      const answer = await attempt(email, wrong, source);
      if (answer.status === 429) clock.advance(waitOf(answer));
      else expect(answer.status).toBe(401);
    }
    expect(signInDelaySeconds(40)).toBe(15 * 60);
    const refused = await attempt(email, TEST_PASSWORD, source);
    expect(waitOf(refused)).toBeLessThanOrEqual(15 * 60);
    clock.advance(waitOf(refused));
    expect((await attempt(email, wrong, source)).status).toBe(401); // the wait is over; the count stays
    expect((await attempt(email, wrong, source)).status).toBe(429);
    clock.advance(60 * 60 + 1);
    expect((await attempt(email, wrong, source)).status).toBe(401);
    expect((await attempt(email, wrong, source)).status).toBe(401);
  });

  it('answers over the API with 429 and the wait in seconds', async () => {
    const { email } = await newUser('Doctor');
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) expect((await signInCall(api, email, wrong)).status).toBe(401);
    const refused = await signInCall(api, email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(messageOf(refused.body)).toEqual(['Too many failed sign-in attempts, please try again in 1 second']);
    clock.advance(1);
    expect((await signInCall(api, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts wrong 2FA codes like wrong passwords, so codes cannot be guessed sign-in after sign-in', async () => {
    const { user, email } = await newUser('Doctor');
    const secret = await turnOnTotp(api, user.UserID, (await signedIn(api, email)).token);
    const wrongCode = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const source = '198.51.100.40';
    const pending = await signIn(email, TEST_PASSWORD, source);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) {
      await expect(answerTwoFactor(pending.token, wrongCode, source)).rejects.toMatchObject({ statusCode: 400 });
    }
    // The right password does not wipe them: this source now waits before its next try.
    expect((await attempt(email, TEST_PASSWORD, source)).status).toBe(429);
    clock.advance(1);
    const again = await signIn(email, TEST_PASSWORD, source);
    await expect(answerTwoFactor(again.token, totpCode(secret), source)).resolves.toMatchObject({ status: 'pass' });
    expect((await attempt(email, wrong, source)).status).toBe(401);
  });
});
