import type { Readable } from 'node:stream';

/**
 * Where finished prepared files live until they expire, reachable by every node that serves downloads.
 *
 * Work in progress never enters the store: a preparation fetches and converts in a work dir of its own on this
 * node's TEMP_DIR (temp-store.ts), and only the finished file is handed over with `put`, which makes it appear
 * whole or not at all. Then any process pointing at the same store — another web node, a worker — finds it with
 * `stat` and serves it with `open` (whole, or the bytes a Range asks for), until the TTL sweep (`listExpired`,
 * `delete`) removes it.
 *
 * Implementations:
 * - a directory (file-store-dir.ts): `<TEMP_DIR>/.ready` on one node by default, FILE_STORE_DIR — a directory
 *   every node mounts (NFS, a shared volume) — in a deployment of several;
 * - an object store (S3 and the like) fits the same contract, not built: `put` uploads the local file (a
 *   multipart upload commits atomically) with the metadata as object metadata, `stat` is a HEAD, `open` a GET
 *   with `Range` (opened lazily; a deleted object must still serve a GET already begun), `listExpired` lists by
 *   prefix and reads the expiry, `keep` rewrites the expiry metadata (a copy onto itself), `delete` a DELETE — or a lifecycle rule does the sweeping.
 * Nothing outside the store sees a path, so callers do not change with the implementation.
 */
export interface StoredFile {
  /** What the file is prepared for (media id + itag). */
  key: string;
  size: number;
  /** ms since the epoch; after it the store no longer answers the file and the sweep removes it. */
  expiresAt: number;
}

export interface OpenedFile {
  /** The bytes of the file as opened (a later replacement or deletion does not change what this one reads). */
  size: number;
  /** The file, or bytes `start`..`end` inclusive; call once. */
  stream(range?: { start: number; end: number }): Readable;
  /** Lets go of the file without reading it. */
  close(): Promise<void>;
}

export interface FileStore {
  /** Where it is, for logs and health: a directory or a bucket. */
  readonly location: string;
  /** Takes a finished local file into the store under `key` (the local file is gone afterwards). */
  put(key: string, localFile: string, expiresAt: number): Promise<StoredFile>;
  /** The file under `key` while it lives, else undefined. */
  stat(key: string): Promise<StoredFile | undefined>;
  /** Opens the file under `key` for reading, or undefined when it is gone or expired. */
  open(key: string): Promise<OpenedFile | undefined>;
  /** Lengthens a live file's life to `until` (never shortens it); false when the file is gone. */
  keep(key: string, until: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys whose time has passed at `now` (the sweep deletes them). */
  listExpired(now: number): Promise<string[]>;
}
