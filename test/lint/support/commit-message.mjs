/**
 * The rule for commit messages (docs/commits.md): a subject of at most 72 characters that begins
 * with the area it changes (`ingest: keep the device order`), then, if there is more, a blank
 * line and the why. Used by the commit-msg hook that `npm ci` installs (.githooks) and by
 * commit-messages.test.ts over every commit since the rule began.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const SUBJECT_MAX = 72;
/** `ingest: …`, `test/infra: …`, `web, shared: …`. */
const AREA_PREFIX = /^[a-z0-9][a-z0-9/._-]*(?:, [a-z0-9][a-z0-9/._-]*)*: \S/;
/** Subjects git writes itself. */
const GIT_OWN = /^Merge (?:branch|remote-tracking branch|commit|tag) /;

/** What is wrong with a commit message, as lines a committer can act on; none when it is right. */
export function problemsOf(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const [subject = '', second] = lines;
  const problems = [];
  if (subject === '') return ['The message is empty.'];
  const length = [...subject].length;
  if (length > SUBJECT_MAX) problems.push(`The subject has ${length} characters; at most ${SUBJECT_MAX}. Put the details in the body.`);
  if (!GIT_OWN.test(subject) && !AREA_PREFIX.test(subject))
    problems.push("The subject begins with the area it changes and a colon, in lower case: 'ingest: keep the device order'.");
  if (second !== undefined && second !== '') problems.push('A blank line goes between the subject and the body.');
  return problems;
}

/** The messages of the commits in a git range (`base..HEAD`), oldest first; with `newest`, only that many. */
export function messagesIn(range, newest) {
  const limit = newest === undefined ? [] : ['-n', String(newest)];
  const log = execFileSync('git', ['log', ...limit, '--reverse', '--format=%h%x00%B%x01', range], { encoding: 'utf8' });
  return log
    .split('\x01')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\x00'))
    .map((entry) => {
      const [commit, message] = entry.split('\x00');
      return { commit, message };
    });
}

/** The commit-msg hook (.githooks/commit-msg): refuses the commit, saying why, when the message breaks the rule. */
export function checkMessageFile(file) {
  const problems = problemsOf(readFileSync(file, 'utf8'));
  if (problems.length === 0) return;
  console.error(`commit message refused (docs/commits.md):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
