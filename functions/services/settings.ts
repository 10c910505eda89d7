import { effectiveSettings, type Settings } from '../../shared/settings';
import { settingsRepository } from '../data/settings-repository';

/** The settings in force for a clinic: each value from the clinic, else its provider, else global (spec section 3, Settings). */
export async function settingsForClinic(clinicId: string, serviceProviderId: string): Promise<Settings> {
  const [clinic, provider, global] = await Promise.all([
    settingsRepository.getForClinic(clinicId),
    settingsRepository.getForServiceProvider(serviceProviderId),
    settingsRepository.getGlobal(),
  ]);
  return effectiveSettings(clinic, provider, global);
}
