/**
 * Not spec texts: the mails the portal sends a user about their account (the escalation notices
 * are in on-call.ts). Each is written in the user's language (functions/services/user-language.ts).
 */
export const mails = {
  recoverySubject: 'PD Clinic Portal: your temporary password',
  recoveryText: (firstName: string, password: string) =>
    `Hello ${firstName},\n\nYour temporary password is: ${password}\n\n` +
    'Sign in with it within one hour; it works once, and you will be asked to choose a new password. ' +
    'Until then your current password keeps working. If you did not ask for this, ignore this mail.\n',
  accountSubject: 'PD Clinic Portal: your account',
  accountText: (firstName: string, role: string, password: string) =>
    `Hello ${firstName},\n\nAn account of the PD Clinic Portal was made for you (${role}).\n` +
    `Your temporary password is: ${password}\n\n` +
    'Sign in with your e-mail and this password; you will be asked to choose your own password.\n',
  emailChangedSubject: 'PD Clinic Portal: your sign-in address was changed',
  emailChangedText: (firstName: string, when: string, changedBy: string, newEmail: string) =>
    `Hello ${firstName},\n\nOn ${when} UTC an administrator (${changedBy}) ` +
    `changed the e-mail address you sign in with to ${newEmail}, and signed you out everywhere.\n\n` +
    'Sign in with the new address and your own password; until you do, no password recovery is sent to it. ' +
    'If you did not expect this change, do not sign in: contact your clinic or service provider at once.\n',
} as const;
