/**
 * npm run serve: publishes dist/ into the local R2 bucket and serves it through the edge worker in
 * workerd on http://localhost:8787.
 */
import { DEFAULT_OUT, option } from './args.ts';
import { localAlerts } from './lib/local-alerts.ts';
import { startLocalWorker } from './lib/local-worker.ts';
import { printTryUrls } from './lib/try-urls.ts';

const port = Number(option('port', '8787'));
const alerts = await localAlerts(`http://localhost:${port}`);
const worker = await startLocalWorker({ distDir: option('out', DEFAULT_OUT), port, bindings: alerts.bindings });
printTryUrls(worker.url);
