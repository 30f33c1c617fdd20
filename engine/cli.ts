/**
 * `npm run engine -- start|stop|status`: the local MongoDB-compatible engine, for a shell on it.
 * `start` stays in the foreground (Ctrl-C stops it); the wire adapter lives in this process.
 */
import { documentDbStatus, forceStopDocumentDb } from './documentdb/documentdb-engine.js';
import { resolveDatabase } from './resolve-database.js';

const log = (message: string) => console.error(message);

async function main(command: string | undefined): Promise<void> {
  switch (command) {
    case 'start': {
      const endpoint = await resolveDatabase({ log });
      log(`Serving ${endpoint.description}. Ctrl-C stops it.`);
      console.log(endpoint.uri);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await endpoint.stop();
      return;
    }
    case 'stop':
      log((await forceStopDocumentDb()) ? 'Stopped PostgreSQL + DocumentDB.' : 'PostgreSQL + DocumentDB was not running.');
      return;
    case 'status': {
      const { installed, pgPort } = await documentDbStatus();
      console.log(
        `DocumentDB engine: ${installed ? 'installed' : 'not built yet'}; PostgreSQL ${pgPort ? `running on 127.0.0.1:${pgPort}` : 'not running'}`,
      );
      return;
    }
    default:
      log('usage: npm run engine -- start|stop|status');
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: Error) => {
  log(error.message);
  process.exitCode = 1;
});
