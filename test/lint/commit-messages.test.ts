import { execFileSync } from 'node:child_process';
import { messagesIn, problemsOf, SUBJECT_MAX } from './support/commit-message.mjs';

/**
 * The commit message rule (docs/commits.md): the cases it refuses and accepts, and every commit
 * since the rule began (RULE_BASE, the last commit before it) held to it.
 */
const RULE_BASE = 'a6842655e69f08925ca1403462e45d414ce45b9e';

describe('a commit message', () => {
  it.each([
    ['ingest: keep the device order', []],
    ['ingest: keep the device order\n\nA redelivered message must not overtake.\n', []],
    ['test/infra, docs: lint the templates\n\nWhy.', []],
    ["Merge branch 'wt/load'", []],
    ['# a comment git strips\ndocs: say why\n', []],
  ])('%j is accepted', (message, problems) => {
    expect(problemsOf(message)).toEqual(problems);
  });

  it.each([
    ['', ['The message is empty.']],
    ['Keep the device order', ["The subject begins with the area it changes and a colon, in lower case: 'ingest: keep the device order'."]],
    ['ingest:keep the device order', ["The subject begins with the area it changes and a colon, in lower case: 'ingest: keep the device order'."]],
    ['ingest: keep the device order\nbecause', ['A blank line goes between the subject and the body.']],
    [`ingest: ${'x'.repeat(SUBJECT_MAX - 7)}`, [`The subject has ${SUBJECT_MAX + 1} characters; at most ${SUBJECT_MAX}. Put the details in the body.`]],
  ])('%j is refused, saying why', (message, problems) => {
    expect(problemsOf(message)).toEqual(problems);
  });

  it('counts characters, not bytes', () => {
    expect(problemsOf(`docs: ${'é'.repeat(SUBJECT_MAX - 6)}`)).toEqual([]);
  });
});

describe('the commits since the rule began', () => {
  const known = (() => {
    try {
      execFileSync('git', ['cat-file', '-e', `${RULE_BASE}^{commit}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // A shallow clone may lack the base: then the newest commit alone is held to the rule.
  it('each keep the rule', () => {
    const commits = known ? messagesIn(`${RULE_BASE}..HEAD`) : messagesIn('HEAD', 1);
    const broken = commits
      .map(({ commit, message }) => ({ commit, subject: message.split('\n')[0], problems: problemsOf(message) }))
      .filter(({ problems }) => problems.length > 0);
    expect(broken).toEqual([]);
  });
});
