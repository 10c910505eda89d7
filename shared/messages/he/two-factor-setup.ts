import type { twoFactorSetup as english } from '../two-factor-setup';
import type { Translation } from '../translation';

export const twoFactorSetup: Translation<typeof english> = {
  title: 'אימות דו-שלבי',
  intro: 'יש לסרוק את קוד ה-QR באפליקציית אימות, או להקליד בה את המפתח הסודי, ואז להזין את הקוד הראשון שהיא מציגה.',
  qrCodeAlt: 'קוד QR לאפליקציית האימות',
  secret: 'מפתח סודי',
  turnOn: 'הפעלה',
  enabled: 'האימות הדו-שלבי פעיל: בכל כניסה יידרש קוד מאפליקציית האימות.',
  disabled: 'האימות הדו-שלבי כבוי.',
  required: 'התפקיד שלך מחייב כניסה באימות דו-שלבי. יש להפעיל אותו כדי להמשיך; סגירת החלון תנתק אותך מהמערכת.',
};
