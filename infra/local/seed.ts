export async function seedDemoData(_options: { log: (line: string) => void }): Promise<void> {}
