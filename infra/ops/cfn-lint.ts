import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';

/** One finding of `cfn-lint --format json`. */
export interface CfnLintFinding {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  /** null for a finding about the run itself (E0003: a file it could not read). */
  Location: { Path: Array<string | number> | null };
  Rule: { Id: string };
}

/**
 * The cfn-lint warnings the portal's templates may carry, each with why it is accepted and the
 * shape it must have: the same rule found anywhere else is a new finding.
 */
export const ACCEPTED_WARNINGS: Record<string, { reason: string; accepts: (finding: CfnLintFinding) => boolean }> = {
  W3005: {
    reason:
      "CDK writes a Lambda function's DependsOn on its own execution role (beside its default policy), which the function's Role GetAtt already implies; CloudFormation orders them the same either way.",
    accepts: (finding) =>
      finding.Location.Path?.[2] === 'DependsOn' &&
      /^'\w+ServiceRole[0-9A-F]{8}' dependency already enforced by a 'GetAtt' at 'Resources\/\w+\/Properties\/Role'$/.test(finding.Message),
  },
};

/**
 * Runs cfn-lint (on PATH; .ci/run checks it) over every template of a cloud assembly, nested stacks
 * included, in one call: its start-up (the resource specifications) is most of a small run.
 */
export async function lintTemplates(outdir: string): Promise<{ templates: string[]; findings: CfnLintFinding[] }> {
  const templates = readdirSync(outdir)
    .filter((file) => file.endsWith('.template.json'))
    .sort();
  // cfn-lint exits non-zero when it finds anything: the JSON list on stdout is the answer.
  const stdout = await promisify(execFile)('cfn-lint', ['--format', 'json', ...templates], { cwd: outdir, maxBuffer: 64 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (error: NodeJS.ErrnoException & { stdout?: string; stderr?: string }) => {
      if (error.code === 'ENOENT') throw new Error("cfn-lint is not on PATH (the machine's Python 3.11 has it; .ci/run checks for it)");
      if (!error.stdout?.trim()) throw new Error(`cfn-lint failed: ${error.stderr ?? error.message}`);
      return error.stdout;
    },
  );
  return { templates, findings: JSON.parse(stdout) as CfnLintFinding[] };
}

/** A finding as a line a reader can act on. */
export const describeFinding = (finding: CfnLintFinding) =>
  `${finding.Level} ${finding.Rule.Id} ${finding.Filename} ${finding.Location.Path?.join('/') ?? ''}: ${finding.Message}`;
