import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account: it refuses any other access key id (it does not verify SigV4 signatures). */
export const LOCAL_S3_ACCESS_KEY = 'S3RVER';
export const LOCAL_S3_SECRET = 'S3RVER';

export interface LocalS3 {
  bucket: string;
  endpoint: string;
  /** The app's S3_* settings for this server. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined; cacheControl: string | undefined }>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API, objects and their metadata on disk) on
 * 127.0.0.1 and a free port, with one empty bucket; the tests read the bucket back through the
 * AWS SDK like any S3 client would.
 */
export async function startLocalS3(bucket = 'aaspaas-media'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_ACCESS_KEY, secretAccessKey: LOCAL_S3_SECRET },
  });
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: LOCAL_S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async object(key) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = Buffer.from(await got.Body!.transformToByteArray());
      return { bytes, contentType: got.ContentType, cacheControl: got.CacheControl };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
