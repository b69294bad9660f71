import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { parseArgs } from '../../../src/cli/args.ts';
import { evalSpec } from '../../../src/cli/agentEval.ts';
import { OUT_DIR_ENV, SHARD_COUNT_ENV, SHARD_INDEX_ENV } from '../../../src/cli/shardEnv.ts';
import { repoRoot } from '../cli/fixtures.ts';

const yamlDocs = (file: string): any[] =>
  parseAllDocuments(readFileSync(join(repoRoot, file), 'utf8')).map((d) => {
    expect(d.errors, file).toEqual([]);
    return d.toJS();
  });

const envOf = (container: any): Record<string, any> => Object.fromEntries((container.env ?? []).map((e: any) => [e.name, e.value ?? e.valueFrom]));

/** The eval flags a command line gives, parsed as the CLI parses them (an unknown or mistyped flag throws). */
function evalFlags(args: string[]) {
  expect(args[0]).toBe('eval');
  return parseArgs(evalSpec, args.slice(1));
}

describe('the Kubernetes Indexed Job', () => {
  const [claim, job] = yamlDocs('deploy/kubernetes/eval-indexed-job.yaml');
  const [merge] = yamlDocs('deploy/kubernetes/merge-job.yaml');

  it('runs one pod per shard, the shard count passed to the pods, the results on a shared volume', () => {
    expect(job).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job' });
    expect(job.spec.completionMode).toBe('Indexed');
    const [container] = job.spec.template.spec.containers;
    const env = envOf(container);
    expect(Number(env[SHARD_COUNT_ENV])).toBe(job.spec.completions);
    expect(job.spec.parallelism).toBeLessThanOrEqual(job.spec.completions);
    // Kubernetes sets the index itself; a pod that set it would run the same shard everywhere.
    expect(env[SHARD_INDEX_ENV]).toBeUndefined();
    expect(job.spec.template.spec.restartPolicy).toBe('Never');

    const flags = evalFlags(container.args);
    expect(flags.shard).toBeUndefined();
    expect(flags.out).toBeUndefined();
    expect(flags['out-dir']).toBeUndefined();
    expect(env.DIFFLAB_API_KEY).toMatchObject({ secretKeyRef: { key: expect.any(String) } });

    const mount = container.volumeMounts.find((m: any) => m.mountPath === env[OUT_DIR_ENV]);
    expect(mount).toBeTruthy();
    const volume = job.spec.template.spec.volumes.find((v: any) => v.name === mount.name);
    expect(claim).toMatchObject({ kind: 'PersistentVolumeClaim', metadata: { name: volume.persistentVolumeClaim.claimName } });
    // Pods of one Job may land on different nodes, all writing the one folder.
    expect(claim.spec.accessModes).toContain('ReadWriteMany');
  });

  it('has a merge step over the same volume', () => {
    expect(merge).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job' });
    const [container] = merge.spec.template.spec.containers;
    expect(container.image).toBe(job.spec.template.spec.containers[0].image);
    const mount = container.volumeMounts[0];
    const volume = merge.spec.template.spec.volumes.find((v: any) => v.name === mount.name);
    expect(volume.persistentVolumeClaim.claimName).toBe(claim.metadata.name);
    const outDir = envOf(job.spec.template.spec.containers[0])[OUT_DIR_ENV];
    expect(mount.mountPath).toBe(outDir);
    expect(container.command.join(' ')).toContain(`difflab merge ${outDir} --out`);
  });
});

describe('the GitHub Actions matrix workflow', () => {
  const workflow = parse(readFileSync(join(repoRoot, 'deploy/github-actions/difflab-eval.yml'), 'utf8'));

  it('gives each matrix job the index and count an Indexed Job would, and merges their files', () => {
    const count = Number(workflow.env[SHARD_COUNT_ENV]);
    const shard = workflow.jobs.shard;
    expect(shard.strategy.matrix.index).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(shard.env[SHARD_INDEX_ENV]).toBe('${{ matrix.index }}');
    const evalStep = shard.steps.find((s: any) => / eval /.test(s.run ?? ''));
    const flags = evalFlags(evalStep.run.replace(/^.*?difflab(\.mjs)? /, '').split(/\s+/));
    expect(flags.shard).toBeUndefined();
    expect(flags.out).toBeUndefined();
    const upload = shard.steps.find((s: any) => s.uses?.startsWith('actions/upload-artifact'));
    expect(upload.with.path.replace(/\/$/, '')).toBe(shard.env[OUT_DIR_ENV]);

    const merge = workflow.jobs.merge;
    expect(merge.needs).toBe('shard');
    const download = merge.steps.find((s: any) => s.uses?.startsWith('actions/download-artifact'));
    expect(download.with['merge-multiple']).toBe(true);
    expect(merge.steps.some((s: any) => (s.run ?? '').includes(`merge ${download.with.path} --out`))).toBe(true);
  });
});
