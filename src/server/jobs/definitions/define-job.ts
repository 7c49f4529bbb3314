import { z } from 'zod';

/**
 * One durable job: its queue name, the version of its payload, the payload's schema, and how a
 * payload written by an older version is brought up to this one. A payload is stored with its
 * version (`{ version, ...fields }`); one without a version was written before versions existed
 * and is version 1. A deploy that changes a payload raises the version and adds an upgrade, so
 * the jobs already queued still run.
 */
export type JobDefinition<T> = {
  readonly name: string;
  readonly version: number;
  readonly schema: z.ZodType<T>;
  /** The payload as stored: this version's fields and the version. */
  write(payload: T): T & { version: number };
  /** A stored payload of this or an older version, upgraded and checked; throws when unreadable. */
  read(stored: unknown): T;
};

/** Upgrades by the version they start from: `upgrades[1]` turns a version 1 payload into version 2. */
type Upgrades = Record<number, (payload: Record<string, unknown>) => Record<string, unknown>>;

export function defineJob<T extends Record<string, unknown>>(definition: {
  name: string;
  version: number;
  schema: z.ZodType<T>;
  upgrades?: Upgrades;
}): JobDefinition<T> {
  const { name, version, schema, upgrades = {} } = definition;
  const stored = z.looseObject({ version: z.number().int().min(1).optional() });
  return {
    name,
    version,
    schema,
    write: (payload) => ({ ...schema.parse(payload), version }),
    read(data) {
      const { version: from = 1, ...fields } = stored.parse(data);
      if (from > version) throw new Error(`${name} payload of version ${from} is newer than this server's ${version}`);
      let payload: Record<string, unknown> = fields;
      for (let step = from; step < version; step += 1) {
        const upgrade = upgrades[step];
        if (!upgrade) throw new Error(`${name} has no upgrade from version ${step}`);
        payload = upgrade(payload);
      }
      return schema.parse(payload);
    },
  };
}
