export const twoFactorSetup = {
  title: 'Two-factor authentication',
  intro: 'Scan the QR code with an authenticator app, or type the secret into it, then enter the first code it shows.',
  qrCodeAlt: 'QR code for the authenticator app',
  secret: 'Secret',
  turnOn: 'Turn on',
  enabled: 'Two-factor authentication is on: sign-in asks for a code from your authenticator app.',
  disabled: 'Two-factor authentication is off.',
  /** Shown to administrators who must use two-factor sign-in, before any screen (not a spec text). */
  required: 'Your role must use two-factor sign-in. Turn it on to continue; closing this signs you out.',
} as const;
