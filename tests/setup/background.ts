/**
 * Before each file of the system project: its process (and the builds, servers and workerds it
 * starts, which inherit it) runs at a lower priority. The system files run while the suite archive
 * is made and published, which every later project waits for: that chain goes first, the system
 * files take the cores it leaves.
 */
import { setPriority } from 'node:os';

const BACKGROUND = 10;

setPriority(BACKGROUND);
