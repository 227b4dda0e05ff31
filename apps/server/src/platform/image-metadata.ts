import type { StoredFileType } from './files'

/**
 * An image without the metadata that can say where it was taken (EXIF GPS, XMP), so a
 * photo of a consent form does not tell where a child lives (issue 13). PDFs are kept as
 * they are. The bytes are otherwise unchanged: no re-encoding, no loss.
 *
 * Being written in this session (issue 13, files part); until then images pass unchanged.
 */
export function stripLocationMetadata(bytes: Buffer, type: StoredFileType): Buffer {
  void type
  return bytes
}
