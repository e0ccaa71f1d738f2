import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { createS3MediaStore, type S3Location } from '../src/lib/s3-media-store.ts';

/** s3rver's own account: it checks every request's signature against it. */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 API (s3rver, ADR 046) on a free loopback port, with one private bucket, its objects
 * in a temporary folder: what the media stores talk to in tests, as they would to AWS or MinIO.
 * Stopped and removed after the test file.
 */
export async function startS3Server(bucket = 'mawadda-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mawadda-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let running = true;
  const location: S3Location = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    prefix: `run-${crypto.randomUUID().slice(0, 8)}/`,
    region: 'us-east-1',
    ...ACCOUNT,
    forcePathStyle: true,
  };
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  afterAll(async () => {
    await stop();
    await fs.rm(directory, { recursive: true, force: true });
  });
  return {
    location,
    /** Every key in the bucket under this run's prefix, as the bucket's own listing gives them. */
    async keys(): Promise<string[]> {
      const keys: string[] = [];
      for await (const object of createS3MediaStore(location).list()) keys.push(object.key);
      return keys.sort();
    },
    /** The server goes away (its port refuses): a store that is down. */
    stop,
  };
}
