import { rmSync } from 'node:fs';
import path from 'node:path';

/** `npm run reset`: wipes the local data folder; the next start seeds demo data again. */
const dataDir = path.resolve(process.env.DATA_DIR ?? '.local');
rmSync(dataDir, { recursive: true, force: true });
console.log(`removed ${dataDir}`);
