import { existsSync, unlinkSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';

/*
 * How `npm run backup` reaches a running server on the embedded PGlite database (decision 042). PGlite is one
 * process's database: a second process opening DATA_DIR/pglite while the server writes would corrupt it. So the
 * server listens on a Unix socket in DATA_DIR, mode 0600, and answers `dump` with PGlite's dump of its data
 * directory, taken in the queue every statement runs in (db/pglite.ts), so between two transactions. Who may
 * connect is who may read DATA_DIR, the same people who could copy the database files: no token is needed.
 */

export const backupSocketName = 'backup.sock';
/** Unix socket paths are limited to about 107 bytes. */
const socketPathMax = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, backupSocketName);
}

type Reply = { ok: true; bytes: number } | { ok: false; error: string };

/** Sends one request and collects the whole answer; null when nothing listens (no server is running). */
function ask(dataDir: string, request: 'ping' | 'dump'): Promise<Buffer | null> {
  const file = backupSocketPath(dataDir);
  if (!existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(file);
    socket.once('connect', () => socket.end(`${request}\n`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      // A socket file left by a server that died: nobody answers.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
  });
}

function parse(answer: Buffer): { reply: Reply; body: Buffer } {
  const end = answer.indexOf(10);
  if (end < 0) throw new Error('the server answered the backup socket with nothing readable');
  return {
    reply: JSON.parse(answer.subarray(0, end).toString('utf8')) as Reply,
    body: answer.subarray(end + 1),
  };
}

/** True when a server runs on this data directory (its backup socket answers). */
export async function liveServerAnswers(dataDir: string): Promise<boolean> {
  return (await ask(dataDir, 'ping')) !== null;
}

/** The running server's dump of its PGlite data directory, or null when no server runs on `dataDir`. */
export async function fetchLiveDump(dataDir: string): Promise<Buffer | null> {
  const answer = await ask(dataDir, 'dump');
  if (answer === null) return null;
  const { reply, body } = parse(answer);
  if (!reply.ok) throw new Error(`the running server could not dump its database: ${reply.error}`);
  if (body.length !== reply.bytes)
    throw new Error(`the dump arrived cut: ${body.length} of ${reply.bytes} bytes`);
  return body;
}

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/backup.sock for the backup command. Refuses to start when another server already answers
 * there (two processes on one PGlite directory would corrupt it); a socket file nobody answers is removed.
 * Answers null when the path is too long for a Unix socket (the backup is then taken with the server stopped).
 */
export async function serveBackupSocket(
  dataDir: string,
  dump: () => Promise<Blob>,
  warn: (message: string) => void,
): Promise<BackupSocket | null> {
  const file = backupSocketPath(dataDir);
  if (Buffer.byteLength(file) > socketPathMax) {
    warn(`backup socket not opened: ${file} is too long for a Unix socket; stop the server to take a backup`);
    return null;
  }
  if (await liveServerAnswers(dataDir)) {
    throw new Error(`another Piazza server is running on ${dataDir} (its ${backupSocketName} answers)`);
  }
  if (existsSync(file)) unlinkSync(file);
  const answer = async (socket: Socket, request: string) => {
    if (request === 'ping') return void socket.end(`${JSON.stringify({ ok: true, bytes: 0 })}\n`);
    if (request !== 'dump')
      return void socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
    try {
      const bytes = Buffer.from(await (await dump()).arrayBuffer());
      socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
      socket.end(bytes);
    } catch (err) {
      socket.end(
        `${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`,
      );
    }
  };
  // Half open: the client ends its side after the request, and the answer still goes out on ours.
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    let request = '';
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => {
      request += c.toString('utf8');
      if (request.length > 16) socket.destroy();
    });
    socket.once('end', () => void answer(socket, request.trim()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if (existsSync(file)) unlinkSync(file);
      }),
  };
}
