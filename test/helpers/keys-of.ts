import { KeyService } from '../../src/auth/key.service';
import type { TestServer } from './test-server';

/** A KeyService on the test server's database (cache off, like the server's). */
export function keysOf(s: TestServer): { keys: KeyService } {
  return { keys: new KeyService(s.testDb.db, 600, 0) };
}
