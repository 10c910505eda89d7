import type { Language } from '@shared/language';
import { mails } from '@shared/messages/mails';
import { mails as hebrewMails } from '@shared/messages/he/mails';
import { effectiveSettings } from '@shared/settings';
import { settingsRepository } from '../data/settings-repository';
import type { UserRecord } from '../data/users-repository';

/**
 * The language the portal shows a user: their own choice, else the DefaultLanguage in force for
 * them (their clinic's, else their provider's, else the platform's, else English).
 */
export async function languageOf(user: Pick<UserRecord, 'Language' | 'ClinicID' | 'ServiceProviderID'>): Promise<Language> {
  if (user.Language) return user.Language;
  const { ClinicID, ServiceProviderID } = user;
  const levels =
    ClinicID && ServiceProviderID
      ? await settingsRepository.getChain(ClinicID, ServiceProviderID)
      : {
          serviceProvider: ServiceProviderID ? await settingsRepository.getForServiceProvider(ServiceProviderID) : undefined,
          global: await settingsRepository.getGlobal(),
        };
  return effectiveSettings(levels.clinic, levels.serviceProvider, levels.global).DefaultLanguage;
}

const mailsIn = { en: mails, he: hebrewMails } satisfies Record<Language, typeof hebrewMails>;

/** The account mails' texts in the user's language. */
export async function mailsFor(user: Pick<UserRecord, 'Language' | 'ClinicID' | 'ServiceProviderID'>): Promise<typeof hebrewMails> {
  return mailsIn[await languageOf(user)];
}
