import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import type { FilesS3Config } from '../src/config'

export interface TestS3Server {
  /** The settings a server takes (FILES_S3_*), with its own prefix. */
  settings: FilesS3Config
  close(): Promise<void>
}

/**
 * An S3-compatible server on this machine (s3rver: the S3 API over HTTP, signatures checked,
 * objects in a temporary folder), with one bucket.
 */
export async function startS3Server(prefix = 'crm/'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'crm-test-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: 'crm-files', configs: [] }] })
  const address = (await server.run()) as AddressInfo
  return {
    settings: {
      bucket: 'crm-files',
      prefix,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      // s3rver's one account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      pathStyle: true,
    },
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
