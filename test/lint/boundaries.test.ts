import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The zones of docs/boundaries.md, each shown to fire on a made-up file that breaks it (through a
 * relative path, an alias, and the other import forms), and to stay quiet on files that keep them.
 */
interface Snippet {
  filePath: string;
  code: string;
  aliasesOnly?: boolean;
}
interface Message {
  ruleId: string | null;
  message: string;
  line: number;
}

const ZONE = 'boundaries/dependencies';

/** Lints every snippet in one ESLint process (loading typescript-eslint takes a couple of seconds). */
function lint(snippets: Snippet[]): Message[][] {
  const child = spawnSync(process.execPath, [path.join(__dirname, 'support', 'lint-snippets.mjs')], { input: JSON.stringify(snippets), encoding: 'utf8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as Message[][];
}

const violations: Array<[zone: string, filePath: string, code: string]> = [
  ['shared → functions', 'shared/alerts/new-rule.ts', "import { logger } from '../../functions/lib/logger';"],
  ['shared → web (alias)', 'shared/new-contract.ts', "import { call } from '@web/src/lib/api-client';"],
  ['shared → infra (alias)', 'shared/new-contract.ts', "import { tableName } from '@infra/aws/data-stack';"],
  ['web → functions', 'web/src/lib/new-helper.ts', "import { logger } from '../../../functions/lib/logger';"],
  ['web → functions (alias)', 'web/src/features/admin/new-page.tsx', "import type { ClinicRecord } from '@functions/data/clinics-repository';"],
  ['web → infra', 'web/src/app/new-provider.tsx', "import { buildPortal } from '@infra/aws/portal';"],
  ['handler → data', 'functions/handlers/auth/new-handler.ts', "import { usersRepository } from '../../data/users-repository';"],
  ['handler → data (alias)', 'functions/handlers/new-handler.ts', "import { usersRepository } from '@functions/data/users-repository';"],
  ['functions → infra', 'functions/services/new-service.ts', "import { startDynamoDbLocal } from '../../infra/local/dynamodb';"],
  ['functions → web (alias)', 'functions/lib/new-lib.ts', "import { paths } from '@web/src/lib/paths';"],
  ['feature → feature', 'web/src/features/admin/new-page.tsx', "import { Something } from '../clinical/screens';"],
  ['feature → feature (alias)', 'web/src/features/clinical/new-page.tsx', "import { Something } from '@web/src/features/admin/screens';"],
  ['feature → feature (export from)', 'web/src/features/session/index.ts', "export { Something } from '../admin/screens';"],
  ['feature → feature (dynamic import)', 'web/src/features/misc/new-page.tsx', "export const load = () => import('../session/screens');"],
  ['handler → data (require)', 'functions/handlers/new-handler.ts', "export const repository = require('../data/users-repository');"],
  ['lib → data', 'functions/lib/new-lib.ts', "import { usersRepository } from '../data/users-repository';"],
  ['lib → services (alias)', 'functions/lib/new-lib.ts', "import { sessionProfile } from '@functions/services/sessions';"],
  ['lib → endpoint', 'functions/lib/new-lib.ts', "import { endpoint } from '../endpoint/endpoint';"],
  ['lib → identity (alias)', 'functions/lib/new-lib.ts', "import { maySignIn } from '@functions/identity/may-sign-in';"],
  ['data → services', 'functions/data/new-repository.ts', "import { getPatient } from '../services/patients';"],
  ['data → audit trail (alias)', 'functions/data/new-repository.ts', "import { AuditTrail } from '@functions/audit/audit-trail';"],
  ['data → devices (dynamic import)', 'functions/data/entities/new-entity.ts', "export const load = () => import('../../devices/ingest');"],
];

const clean: Array<[what: string, filePath: string, code: string]> = [
  [
    'shared imports shared and packages',
    'shared/alerts/new-rule.ts',
    "import { z } from 'zod';\nimport { session } from '../messages/session';\nimport { routes } from '@shared/api/routes';",
  ],
  [
    'a handler imports services, lib and shared',
    'functions/handlers/auth/new-handler.ts',
    "import { sessionProfile } from '@functions/services/sessions';\nimport { endpoint } from '../sign-in';\nimport { routes } from '@shared/api/routes';",
  ],
  ['a service imports data', 'functions/services/new-service.ts', "import { usersRepository } from '../data/users-repository';"],
  [
    'lib imports lib, shared and packages',
    'functions/lib/new-lib.ts',
    "import { env } from './environment';\nimport { routes } from '@shared/api/routes';\nimport { z } from 'zod';",
  ],
  [
    'data imports data, lib and shared',
    'functions/data/new-repository.ts',
    "import { db } from './entities';\nimport { dynamo } from '../lib/aws-clients';\nimport { isoWeekOf } from '@shared/alerts';",
  ],
  [
    'the endpoint chain imports identity, data and lib',
    'functions/endpoint/new-step.ts',
    "import { maySignIn } from '../identity/may-sign-in';\nimport { usersRepository } from '@functions/data/users-repository';\nimport { logger } from '../lib/powertools';",
  ],
  [
    'a feature imports itself, components, lib and shared',
    'web/src/features/admin/new-page.tsx',
    "import { Other } from './other';\nimport { Frame } from '@web/src/components/frame';\nimport { call } from '@web/src/lib/api-client';\nimport { dialogs } from '@shared/messages/dialogs';",
  ],
  [
    'the app imports every feature',
    'web/src/app/new-router.tsx',
    "export const admin = () => import('../features/admin/screens');\nexport const clinical = () => import('@web/src/features/clinical/screens');",
  ],
  [
    'infra imports functions, shared and web',
    'infra/local/new-twin.ts',
    "import { handler } from '@functions/devices/ingest';\nimport { start } from '../local/stack';\nimport { buildWeb } from '@web/build';\nimport { routes } from '@shared/api/routes';",
  ],
  [
    'a test imports anything',
    'test/functions/new.test.ts',
    "import { usersRepository } from '@functions/data/users-repository';\nimport { buildPortal } from '@infra/aws/portal';",
  ],
];

const results = lint([
  ...violations.map(([, filePath, code]) => ({ filePath, code })),
  ...clean.map(([, filePath, code]) => ({ filePath, code })),
  {
    filePath: 'functions/handlers/auth/new-handler.ts',
    code: "import { x } from '../../services/sessions';\nimport { y } from '../sign-in';",
    aliasesOnly: true,
  },
  {
    filePath: 'functions/handlers/auth/new-handler.ts',
    code: "import { x } from '@functions/services/sessions';\nimport { y } from '../sign-in';",
    aliasesOnly: true,
  },
  { filePath: 'web/src/features/admin/new-page.tsx', code: "import * as messages from '@shared/messages';" },
  { filePath: 'shared/api/new-contract.ts', code: "import * as messages from '../messages';" },
  { filePath: 'functions/services/new-service.ts', code: "import * as messages from '@shared/messages';" },
  { filePath: 'web/src/features/admin/new-dialog.tsx', code: "import Modal from '@cloudscape-design/components/modal';" },
  { filePath: 'web/src/components/modal.tsx', code: "import CloudscapeModal from '@cloudscape-design/components/modal';" },
  { filePath: 'web/src/features/admin/new-dialog.tsx', code: "import Modal from '@web/src/components/modal';" },
]);

describe('lint zones', () => {
  it.each(violations.map((violation, index) => [...violation, results[index]!] as const))('%s fires in %s', (_zone, _filePath, _code, messages) => {
    expect(messages.map((message) => message.ruleId)).toContain(ZONE);
  });

  it.each(clean.map((file, index) => [...file, results[violations.length + index]!] as const))('%s: %s is clean', (_what, _filePath, _code, messages) => {
    // Unused imports aside (the snippets only import), nothing is reported, with ENFORCE_ALIASES on or off.
    expect(messages.filter((message) => message.ruleId !== '@typescript-eslint/no-unused-vars')).toEqual([]);
  });
});

describe('aliases instead of climbing (ENFORCE_ALIASES)', () => {
  const [climbing, aliased] = results.slice(violations.length + clean.length);

  it('reports an import that climbs two folders, not one that climbs one', () => {
    expect(climbing!.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line)).toEqual([1]);
  });

  it('accepts the alias form', () => {
    expect(aliased!.filter((message) => message.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});

describe('message areas in browser code', () => {
  const [webBarrel, sharedBarrel, functionsBarrel] = results.slice(violations.length + clean.length + 2);
  const restricted = (messages: Message[]) => messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line);

  it("refuses the messages barrel in web/ and shared/ (it puts every area into /login's chunk)", () => {
    expect(restricted(webBarrel!)).toEqual([1]);
    expect(restricted(sharedBarrel!)).toEqual([1]);
  });

  it('lets a Lambda read the barrel as a namespace', () => {
    expect(restricted(functionsBarrel!)).toEqual([]);
  });
});

describe('dialogs in browser code', () => {
  const [direct, wrapper, wrapped] = results.slice(violations.length + clean.length + 5);
  const restricted = (messages: Message[]) => messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.line);

  it("refuses Cloudscape's Modal outside its wrapper (a hidden one is built with every screen)", () => {
    expect(restricted(direct!)).toEqual([1]);
  });

  it('lets the wrapper, and screens through it, import it', () => {
    expect(restricted(wrapper!)).toEqual([]);
    expect(restricted(wrapped!)).toEqual([]);
  });
});
