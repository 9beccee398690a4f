import type { Migration } from '../migration';
import { migration as m0001 } from './0001-catalog';
import { migration as m0002 } from './0002-estimate';
import { migration as m0003 } from './0003-plan';
import { migration as m0004 } from './0004-budget';
import { migration as m0005 } from './0005-budget-rollup';
import { migration as m0008 } from './0008-budget-sources';

/** Every migration, in order. `PRAGMA user_version` records the last one applied. */
// Branch i14 only: 0006 and 0007 belong to other issues' branches; these stand-ins keep the numbering whole until they merge.
const reserved = (version: number): Migration => ({ version, name: `reserved-${version}`, up: () => undefined });

export const migrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, reserved(6), reserved(7), m0008];
