import { auditRepository } from '@functions/data/audit-repository';
import { settingsRepository } from '@functions/data/settings-repository';
import { usersRepository } from '@functions/data/users-repository';
import { createUser } from '@functions/services/users';
import type { SessionProfile } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { randomUUID } from 'node:crypto';
import { createTestClinic, createTestProvider } from '@test/support/devices';
import { newUser, signedIn } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const profileOf = async (userId: string, token: string) =>
  ((await api.call('GET', `/users/${userId}/session`, { token })).body as { profile: SessionProfile }).profile;

describe("a user's language", () => {
  it('is kept in the user record, audited, and read back in the profile of the next sign-in', async () => {
    const { user, email } = await newUser('Nurse');
    const session = await signedIn(api, email);
    expect(session.profile.Language).toBe('en');

    const chosen = await api.call('POST', `/users/${user.UserID}/language`, { token: session.token, body: { Language: 'he' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ Language: 'he' });
    expect((await usersRepository.get(user.UserID))?.Language).toBe('he');
    expect(await profileOf(user.UserID, session.token)).toMatchObject({ Language: 'he' });
    expect((await signedIn(api, email)).profile.Language).toBe('he');

    const month = new Date().toISOString().slice(0, 7);
    const trail = await auditRepository.listPlatform(month, { userId: user.UserID });
    expect(trail.items.find((item) => item.Route === 'POST /users/{userId}/language')).toMatchObject({
      Action: 'write',
      Entity: 'User',
      EntityID: user.UserID,
      Changes: [{ field: 'Language', after: 'he' }],
    });
  });

  it('refuses a language the portal does not have, and another user', async () => {
    const { user, email } = await newUser('Doctor');
    const other = await newUser('Doctor');
    const session = await signedIn(api, email);
    const unknown = await api.call('POST', `/users/${user.UserID}/language`, { token: session.token, body: { Language: 'fr' } });
    expect(unknown.status).toBe(400);
    const foreign = await api.call('POST', `/users/${other.user.UserID}/language`, { token: session.token, body: { Language: 'he' } });
    expect(foreign.status).not.toBe(200);
    expect((await usersRepository.get(other.user.UserID))?.Language).toBeUndefined();
  });

  it("defaults to the clinic's DefaultLanguage, over its provider's and the platform's", async () => {
    const { ServiceProviderID } = await createTestProvider();
    const { ClinicID } = await createTestClinic(ServiceProviderID);
    const email = `doctor-${randomUUID().slice(0, 8)}@test.example`;
    await createUser({ FirstName: 'Dana', LastName: 'Doctor', Email: email, Role: 'Doctor', ClinicID, ServiceProviderID }, { password: TEST_PASSWORD });
    await settingsRepository.putForServiceProvider(ServiceProviderID, { DefaultLanguage: 'en' });
    const session = await signedIn(api, email);
    expect(session.profile.Language).toBe('en');
    await settingsRepository.putForClinic(ClinicID, { DefaultLanguage: 'he' });
    expect((await signedIn(api, email)).profile.Language).toBe('he');
  });
});
