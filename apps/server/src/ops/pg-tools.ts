import { spawn } from 'node:child_process';

/**
 * A connection string for pg_dump and pg_restore without its password, which travels in PGPASSWORD instead:
 * command lines are visible to every user of the machine (ps), the environment is not.
 */
export function withoutPassword(databaseUrl: string): { url: string; env: Record<string, string> } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs one of PostgreSQL's client programs; rejects with its last lines of stderr when it fails. */
export function runPgTool(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  env: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${program} is not installed: install PostgreSQL's client programs (Debian: postgresql-client)`,
            )
          : err,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
