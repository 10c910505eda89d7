export const dialogs = {
  errorTitle: 'Error',
  close: 'Close',
} as const;
