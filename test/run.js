#!/usr/bin/env node
// Runs every jest test and closes with one line `N passed, N failed` from jest's own results,
// which is the line CI reads. Extra arguments go to jest (e.g. a path filter).
const { spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');

const resultsFile = path.resolve('.local', 'jest-results.json');
mkdirSync(path.dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });

const jest = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
});

let passed = 0;
let failed;
try {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  // A suite that failed to run (e.g. a syntax error) has no failed test but must count as a failure.
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} catch {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(jest.status === 0 && failed === 0 ? 0 : 1);
