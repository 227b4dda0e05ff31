import type * as S3 from '@aws-sdk/client-s3'
import type { FilesS3Config } from '../config'
import { checkedKey, type FileStore, type StoredName } from './file-store'

/**
 * Files as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), each under the
 * prefix and its key. Every process of a deployment reads the same bucket, so a file one
 * process took is there for the next request on another (issue 38 item 3).
 *
 * The SDK is loaded on the first call: a server without a bucket never loads it.
 */
export function s3FileStore(settings: FilesS3Config): FileStore {
  let loaded: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | undefined
  const connect = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.pathStyle,
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
        // Checksums only where the call needs them: many S3-compatible stores refuse the
        // SDK's newer default (CRC32 trailers on every upload).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })))
  const objectOf = (key: string) => `${settings.prefix}${checkedKey(key)}`

  return {
    async put(key, bytes) {
      const { client, sdk } = await connect()
      await client.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: objectOf(key), Body: bytes, ContentType: 'application/octet-stream' }))
    },
    async read(key) {
      const { client, sdk } = await connect()
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectOf(key) }))
        return Buffer.from(await answer.Body!.transformToByteArray())
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null
        throw error
      }
    },
    async remove(key) {
      const { client, sdk } = await connect()
      // Removing an object that is not there is no error in S3.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectOf(key) }))
    },
    async *list() {
      const { client, sdk } = await connect()
      let token: string | undefined
      do {
        const answer = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ...(token ? { ContinuationToken: token } : {}) }),
        )
        const page: StoredName[] = []
        for (const object of answer.Contents ?? []) {
          const name = object.Key?.slice(settings.prefix.length) ?? ''
          // An object in a "folder" below the prefix is not one of ours.
          if (name !== '' && !name.includes('/')) page.push({ name, writtenAt: object.LastModified ?? new Date() })
        }
        yield page
        token = answer.IsTruncated ? answer.NextContinuationToken : undefined
      } while (token)
    },
  }
}
