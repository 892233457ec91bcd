/**
 * Makes the suite archive in a process of its own (tests/setup/archive.ts starts it): the projects
 * that do not read the archive run meanwhile.
 */
import { suiteArchive } from './archive.ts';

await suiteArchive();
