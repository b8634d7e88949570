// What a killed import leaves behind, cleared at the start of every import and
// by the server at start-up: its import_run row still 'running' (failed now,
// with DEAD_RUN_ERROR) and, on Postgres, its staging tables. Its data needs no
// repair: every chunk merged in one transaction, and running the import again
// loads the rest.
import type { SqlClient } from '../db/sql-client';
import { failDeadRuns } from './import-run';
import { dropOrphanStaging } from './staging';

export interface DeadImports { failedRuns: number[]; droppedStagingTables: number }

export async function recoverDeadImports(sql: SqlClient): Promise<DeadImports> {
  const failedRuns = await failDeadRuns(sql);
  const droppedStagingTables = await dropOrphanStaging(sql);
  return { failedRuns, droppedStagingTables };
}
