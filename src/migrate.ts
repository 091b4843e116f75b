/** `npm run migration:run`: applies pending migrations (the core's and every regime's) to DATABASE_URL. */
import { migrateDatabase } from './app-schema';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must be set to run migrations');
  const applied = await migrateDatabase(url);
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'no pending migrations\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
