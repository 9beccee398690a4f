import type { Migration } from '../migration';
import { migration as m0001 } from './0001-catalog';
import { migration as m0002 } from './0002-estimate';
import { migration as m0003 } from './0003-plan';
import { migration as m0004 } from './0004-budget';
import { migration as m0005 } from './0005-budget-rollup';
import { migration as m0006 } from './0006-import-staging';
import { migration as m0007 } from './0007-projects';
import { migration as m0008 } from './0008-budget-sources';
import { migration as m0009 } from './0009-offering-reliability';
import { migration as m0010 } from './0010-settings';
import { migration as m0011 } from './0011-budget-credits';
import { migration as m0012 } from './0012-storage-costs';
import { migration as m0013 } from './0013-data-rates';
import { migration as m0014 } from './0014-aws-service-names';
import { migration as m0015 } from './0015-one-budget';
import { migration as m0016 } from './0016-subscription-allowances';
import { migration as m0017 } from './0017-fx-origin';
import { migration as m0018 } from './0018-export-parts';
import { migration as m0019 } from './0019-milestone-dependencies';
import { migration as m0020 } from './0020-recorded-runs';
import { migration as m0021 } from './0021-source-filters';
import { migration as m0022 } from './0022-import-filters';

/** Every migration, in order. `PRAGMA user_version` records the last one applied. */
export const migrations: readonly Migration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
];
