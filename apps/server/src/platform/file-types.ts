// What a stored file is, told by its content: files.ts and image-metadata.ts both need it,
// and neither is the other's.

/** The kinds of file the product keeps, known by their content, never by their name. */
export const storedFileTypes = ['image/jpeg', 'image/png', 'image/heic', 'application/pdf'] as const
export type StoredFileType = (typeof storedFileTypes)[number]

const heifBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx'])

/** The type of a file from its first bytes (magic numbers), or null for any other content. */
export function detectFileType(bytes: Uint8Array): StoredFileType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte)
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'
  // ISO base media: a 'ftyp' box whose major or a compatible brand is HEIF with HEVC.
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 256)
    const brands = [ascii(8, 12)]
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(offset, offset + 4))
    if (brands.some((brand) => heifBrands.has(brand))) return 'image/heic'
  }
  return null
}
