/**
 * Rules a workflow file must keep that the workflow linter does not check: the bucket's secrets
 * reach only the steps that talk to the bucket, third-party actions are pinned by commit and npm
 * by its exact version. Each rule answers the problems it finds (empty: none).
 */
import { parse } from 'yaml';

type Step = { name?: string; uses?: string; run?: string; env?: Record<string, string> };
type Job = { env?: Record<string, string>; uses?: string; steps?: Step[] };
type Workflow = { env?: Record<string, string>; jobs: Record<string, Job> };

const SECRET = /secrets\.|HAL_S3_/;
const read = (yaml: string) => parse(yaml) as Workflow;
const steps = (workflow: Workflow) =>
  Object.entries(workflow.jobs).flatMap(([job, j]) => (j.steps ?? []).map((step) => ({ job, step })));

/** A secret or a HAL_S3_ variable outside the `env:` of the steps named in `allowed`. */
export function secretProblems(yaml: string, allowed: readonly string[]): string[] {
  const workflow = read(yaml);
  const problems: string[] = [];
  if (SECRET.test(JSON.stringify(workflow.env ?? {})))
    problems.push('the workflow env holds a secret: every step would see it');
  for (const [name, job] of Object.entries(workflow.jobs)) {
    if (SECRET.test(JSON.stringify(job.env ?? {})))
      problems.push(`job ${name}: its env holds a secret: every step would see it`);
  }
  for (const { job, step } of steps(workflow)) {
    const label = `job ${job}, step ${step.name ?? step.uses ?? step.run}`;
    const { env, ...rest } = step;
    if (SECRET.test(JSON.stringify(rest))) problems.push(`${label}: a secret outside its env`);
    if (!allowed.includes(step.name ?? '') && SECRET.test(JSON.stringify(env ?? {})))
      problems.push(`${label}: does not talk to the bucket but gets a secret`);
  }
  return problems;
}

/** The names of the steps whose env names a HAL_S3_ variable. */
export function bucketSteps(yaml: string): string[] {
  return steps(read(yaml))
    .filter(({ step }) => Object.keys(step.env ?? {}).some((name) => name.startsWith('HAL_S3_')))
    .map(({ step }) => step.name ?? '');
}

/** Every third-party action as `owner/repo@<40 hex> # vX.Y.Z`; every `npm install -g npm@…` with an exact version. */
export function pinProblems(yaml: string): string[] {
  const workflow = read(yaml);
  const problems: string[] = [];
  // Line by line, so an action used twice is judged at each use, with the comment beside it.
  for (const [, action, rest] of yaml.matchAll(/^\s*(?:- )?uses:\s*(\S+)(.*)$/gm)) {
    if (action!.startsWith('./') || action!.startsWith('docker://')) continue;
    if (!/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(action!)) {
      problems.push(`${action}: not pinned by a full commit SHA`);
      continue;
    }
    if (!/^ # v\d+\.\d+\.\d+\s*$/.test(rest!))
      problems.push(`${action}: no "# vX.Y.Z" comment naming the version the commit is`);
  }
  for (const { step } of steps(workflow)) {
    for (const m of (step.run ?? '').matchAll(/npm (?:install|i) (?:-g|--global) npm@(\S+)/g)) {
      if (!/^\d+\.\d+\.\d+$/.test(m[1]!)) problems.push(`npm@${m[1]}: not an exact version`);
    }
  }
  return problems;
}
