import fs from 'node:fs';

/** What a write against a vanished or read-only data folder answers with (DynamoDB error shape). */
export const STORAGE_UNAVAILABLE_TYPE = 'StorageUnavailableException';

/**
 * Watches one data folder. LevelDB and s3rver keep writing into files whose folder was deleted
 * (or recreate it empty), so writes would be acknowledged and then lost at the next start.
 * Before each write we check the folder is still the one we opened and that we may write to it.
 */
export function dataDirGuard(dir: string): () => string | null {
  const opened = fs.statSync(dir);
  return () => {
    let now: fs.Stats;
    try {
      now = fs.statSync(dir);
    } catch {
      return `la cartella dei dati ${dir} non esiste più`;
    }
    if (!now.isDirectory() || now.ino !== opened.ino || now.dev !== opened.dev) return `la cartella dei dati ${dir} è stata sostituita`;
    try {
      fs.accessSync(dir, fs.constants.W_OK);
    } catch {
      return `la cartella dei dati ${dir} non è scrivibile`;
    }
    return null;
  };
}
