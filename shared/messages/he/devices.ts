import type { devices as english } from '../devices';
import type { Translation } from '../translation';

export const devices: Translation<typeof english> = {
  bloodMacNotValid: 'כתובת ה-BloodMAC אינה תקינה',
  scaleMacNotValid: 'כתובת ה-ScaleMAC אינה תקינה',
  noteTooLong: 'ההערה יכולה להכיל עד 1000 תווים',
  noteOrMacs: 'יש לשלוח את ההערה, או את BloodMAC ואת ScaleMAC',
  serviceProviderRequired: 'ספק שירות הוא שדה חובה',
  clinicNotOfProvider: 'המרפאה אינה שייכת לספק השירות',
  clinicRequired: 'מרפאה היא שדה חובה',
  alreadyAtClinic: 'המכשיר כבר נמצא במרפאה זו',
};
