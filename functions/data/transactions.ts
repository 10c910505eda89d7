/** A transaction ElectroDB reports as canceled, thrown as DynamoDB would (callers check the name and the reasons). */
export function throwIfCanceled(result: { canceled: boolean; data: ReadonlyArray<{ code: string }> }): void {
  if (!result.canceled) return;
  const error = new Error(`Transaction canceled: ${result.data.map((item) => item.code).join(', ')}`);
  error.name = 'TransactionCanceledException';
  throw Object.assign(error, { CancellationReasons: result.data.map((item) => ({ Code: item.code })) });
}
