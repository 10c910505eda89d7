import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ACCEPTED_WARNINGS, describeFinding, lintTemplates, type CfnLintFinding } from './cfn-lint';

/**
 * `npm run predeploy`: what can be rehearsed of a deployment without an AWS account, in one
 * command (docs/deploy.md, "Rehearsal"): the synth of every stack with the web built, cfn-lint
 * over every template (nested ones too), the tests that run the AWS-only adapters against moto,
 * and the size of every asset that `cdk deploy` uploads against the limits AWS sets. Exits
 * non-zero when any step fails; the figures go to .local/predeploy/report.json.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, '.local', 'predeploy');
const CDK_OUT = path.join(OUT, 'cdk.out');

/** Lambda's limit on a function's code, unzipped (a zip of up to 50 MB may be uploaded directly). */
const LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024;
const LAMBDA_ZIPPED_LIMIT = 50 * 1024 * 1024;

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  summary: string;
}

const steps: Step[] = [];
async function step(name: string, run: () => { ok: boolean; summary: string } | Promise<{ ok: boolean; summary: string }>): Promise<boolean> {
  console.log(`\n[predeploy] ${name}`);
  const started = Date.now();
  const { ok, summary } = await run();
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  steps.push({ name, ok, seconds, summary });
  console.log(`[predeploy] ${ok ? 'ok' : 'FAILED'}: ${name}: ${summary} (${seconds} s)`);
  return ok;
}

function run(command: string, args: string[], options: { quiet?: boolean } = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: options.quiet ? 'pipe' : 'inherit', env: { ...process.env, CI: 'true' } });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '', error: result.error };
}

const templates = () =>
  readdirSync(CDK_OUT)
    .filter((name) => name.endsWith('.template.json'))
    .sort();

function synth() {
  const result = run('npx', ['cdk', 'synth', '--quiet', '--output', CDK_OUT]);
  return {
    ok: result.status === 0,
    summary: result.status === 0 ? `${templates().length} templates in ${path.relative(ROOT, CDK_OUT)}` : `cdk synth exited ${result.status}`,
  };
}

async function lint() {
  let result;
  try {
    result = await lintTemplates(CDK_OUT);
  } catch (error) {
    return { ok: false, summary: (error as Error).message };
  }
  const { templates: files, findings } = result;
  const accepted = (finding: CfnLintFinding) => finding.Level !== 'Error' && ACCEPTED_WARNINGS[finding.Rule.Id]?.accepts(finding) === true;
  const refused = findings.filter((finding) => !accepted(finding));
  for (const finding of refused) console.log(`  ${describeFinding(finding)}`);
  const byRule = new Map<string, number>();
  for (const finding of findings.filter(accepted)) byRule.set(finding.Rule.Id, (byRule.get(finding.Rule.Id) ?? 0) + 1);
  const warnings = [...byRule].map(([rule, count]) => `${rule} ×${count}`).join(', ');
  return {
    ok: refused.length === 0,
    summary: `${files.length} templates, ${refused.length} findings refused${warnings ? `, accepted warnings: ${warnings}` : ''}`,
  };
}

function emulatorTests() {
  const listed = run('grep', ['-rl', '--include=*.test.ts', 'useMoto(', 'test'], { quiet: true });
  // With the check that every call those adapters make is allowed by its Lambda's role.
  const files = [...listed.stdout.split('\n').filter(Boolean), 'test/infra/adapter-permissions.test.ts'].sort();
  if (files.length === 0) return { ok: false, summary: 'no emulator tests found' };
  const result = run('node', ['test/run.js', '--runTestsByPath', ...files], { quiet: true });
  const line = `${result.stdout}\n${result.stderr}`.split('\n').find((text) => /^\d+ passed, \d+ failed$/.test(text)) ?? 'no result line';
  if (result.status !== 0) console.log(result.stderr.split('\n').slice(-60).join('\n'));
  return { ok: result.status === 0, summary: `${files.length} files (moto, and the roles' permissions): ${line}` };
}

function sizeOf(dir: string): { bytes: number; gzipped: number } {
  let bytes = 0;
  let gzipped = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += statSync(file).size;
    gzipped += gzipSync(readFileSync(file)).length;
  }
  return { bytes, gzipped };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function assets() {
  const rows: Array<{ name: string; bytes: number; gzipped: number; packaging: string }> = [];
  for (const manifest of readdirSync(CDK_OUT).filter((name) => name.endsWith('.assets.json'))) {
    const { files } = JSON.parse(readFileSync(path.join(CDK_OUT, manifest), 'utf8')) as {
      files: Record<string, { displayName?: string; source: { path?: string; packaging?: string } }>;
    };
    for (const [hash, { displayName, source }] of Object.entries(files)) {
      if (!source.path || source.path.endsWith('.template.json')) continue;
      const where = path.join(CDK_OUT, source.path);
      const size = statSync(where).isDirectory() ? sizeOf(where) : { bytes: statSync(where).size, gzipped: statSync(where).size };
      rows.push({ name: `${manifest.replace('.assets.json', '')}/${displayName ?? hash.slice(0, 12)}`, ...size, packaging: source.packaging ?? 'file' });
    }
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  for (const row of rows.slice(0, 10)) console.log(`  ${row.name.padEnd(70)} ${kb(row.bytes).padStart(12)} ${kb(row.gzipped).padStart(12)} gzipped`);
  const functions = rows.filter((row) => /\/Code$/.test(row.name));
  const tooBig = functions.filter((row) => row.bytes > LAMBDA_UNZIPPED_LIMIT || row.gzipped > LAMBDA_ZIPPED_LIMIT);
  writeFileSync(path.join(OUT, 'assets.json'), JSON.stringify(rows, null, 2));
  const largest = functions[0];
  return {
    ok: tooBig.length === 0,
    summary: `${rows.length} assets, ${functions.length} Lambda code assets, largest ${largest ? `${largest.name} ${kb(largest.bytes)}` : 'none'}; ${tooBig.length} over Lambda's limits`,
  };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const synthesized = await step('synth every stack (web built)', synth);
  if (synthesized) {
    await step('cfn-lint over every template', lint);
    await step('asset sizes against Lambda limits', assets);
  }
  await step('AWS-only adapters against moto', emulatorTests);
  writeFileSync(path.join(OUT, 'report.json'), JSON.stringify({ at: new Date().toISOString(), steps }, null, 2));
  console.log('\n[predeploy] summary');
  for (const { name, ok, seconds, summary } of steps) console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name} (${seconds} s): ${summary}`);
  const failed = steps.filter((s) => !s.ok).length;
  console.log(failed === 0 ? '[predeploy] ready to deploy (what only AWS can check is in docs/deploy.md)' : `[predeploy] ${failed} step(s) failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
