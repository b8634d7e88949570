import { ZodError } from 'zod';
import { configSchema, type Config } from './config.schema';

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  try {
    return { ...configSchema.parse(env), ...overrides };
  } catch (err) {
    if (err instanceof ZodError) {
      const problems = err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new ConfigError(`Invalid configuration: ${problems}`);
    }
    throw err;
  }
}
