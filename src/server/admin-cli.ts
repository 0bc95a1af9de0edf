/**
 * npm run admin -- create EMAIL [--reset-password]
 * Creates or promotes an admin account on DATABASE_URL and prints a one-time password (admin-command.ts).
 */
import { adminCli } from './admin-command';

adminCli(process.argv.slice(2), { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('npm run admin failed:', error);
    process.exit(1);
  },
);
