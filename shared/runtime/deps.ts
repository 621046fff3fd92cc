import type { Clock } from '../ports/clock.js';
import type { PlatformMailer } from '../ports/platform-mail.js';
import type { TableAdmin, TableStore } from '../ports/table-store.js';
import type { Config } from './config.js';

/**
 * Everything a handler, worker or workflow task reaches outside its own code. Built once per process:
 * from the environment in Lambda (`awsDeps`), from local stand-ins in the embedded runtime.
 */
export interface Deps {
  config: Config;
  clock: Clock;
  /** The platform (control-plane) table. */
  platform: TableStore;
  /** A tenant's own data table. */
  tenantTable(tenantId: string): TableStore;
  tableAdmin: TableAdmin;
  mailer: PlatformMailer;
}

let installed: Deps | undefined;
let factory: (() => Promise<Deps>) | undefined;
let building: Promise<Deps> | undefined;

/** The local runtime and tests install their deps; Lambda builds from the environment on first use. */
export function installDeps(deps: Deps) {
  installed = deps;
}

export function setDepsFactory(f: () => Promise<Deps>) {
  factory = f;
}

export async function getDeps(): Promise<Deps> {
  if (installed) return installed;
  if (!factory) throw new Error('no deps installed and no factory set');
  building ??= factory().then((d) => (installed = d));
  return building;
}
