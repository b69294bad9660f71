import { hashString } from './clock.ts';

/** Quotes an SQL identifier. Table and schema names come from seeds, so they are always quoted. */
export function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

/** A schema-name-safe form of a seed or service name. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '').slice(0, 40) || 'x';
}

export const META_SCHEMA = 'difflab_meta';
export const serviceSchema = (service: string) => `svc__${slug(service)}`;
// The hash keeps names apart that slug alike (`slack-bench` and `slack_bench`, `Acme` and `acme`).
export const templateSchema = (template: string, service: string) =>
  `t_${slug(template)}_${hashString(template).toString(36)}__${slug(service)}`;
export const envMetaSchema = (envId: string) => `env_${envId}`;
export const envServiceSchema = (envId: string, service: string) => `env_${envId}__${slug(service)}`;
