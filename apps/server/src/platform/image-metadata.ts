import { fieldError } from '@crm/domain'
import type { StoredFileType } from './file-types'
import { refuseField } from './field-refusals'

/**
 * An image without the metadata that can say where it was taken (EXIF GPS, XMP, IPTC), so a
 * photo of a consent form does not tell where a child lives (issue 13). PDFs are kept as
 * they are. The bytes are otherwise unchanged: no re-encoding, no loss.
 *
 * - JPEG: the APP1 (Exif, XMP) and APP13 (IPTC) segments before the image data are dropped.
 * - PNG: the eXIf, tEXt, iTXt and zTXt chunks are dropped (and anything after IEND).
 * - HEIC: the Exif and XMP items' bytes are zeroed in place, so every offset of the file
 *   stays right and the file stays valid.
 *
 * A file whose structure cannot be followed is refused (400 on `field`): it is not stored
 * with its metadata unchecked. refuseOversizedImage, below, reads the same headers for the
 * image's size.
 */
export function stripLocationMetadata(bytes: Buffer, type: StoredFileType, field = 'file'): Buffer {
  return readOrRefuse(field, () => {
    if (type === 'image/jpeg') return stripJpeg(bytes)
    if (type === 'image/png') return stripPng(bytes)
    if (type === 'image/heic') return stripHeic(bytes)
    return bytes
  })
}

/**
 * The most pixels a stored image may have on a side, and in all. A phone's largest photos
 * fit (48 and 50 megapixel modes: 8064 × 6048, 8160 × 6144); an image bomb does not (a
 * 60000 × 60000 PNG of 48 KB that a browser would try to decode into 14 GB).
 */
export const maxImageSide = 10_000
export const maxImagePixels = 64_000_000

/**
 * Refuses (400 on `field`) an image whose header gives more pixels than maxImageSide a side
 * or maxImagePixels in all, or whose header cannot be read. Only the header is read: the
 * image is never decoded. PDFs are not images here and pass.
 */
export function refuseOversizedImage(bytes: Buffer, type: StoredFileType, field = 'file'): void {
  const size = readOrRefuse(field, () => imageSize(bytes, type))
  if (!size) return
  const { width, height } = size
  if (width <= maxImageSide && height <= maxImageSide && width * height <= maxImagePixels) return
  throw refuseField(field, fieldError('image_too_large', { width, height, side: maxImageSide, megapixels: maxImagePixels / 1_000_000 }))
}

/** An image's width and height in pixels, from its header; null for a PDF. */
export function imageSize(bytes: Buffer, type: StoredFileType): { width: number; height: number } | null {
  if (type === 'image/jpeg') return jpegSize(bytes)
  if (type === 'image/png') return pngSize(bytes)
  if (type === 'image/heic') return heicSize(bytes)
  return null
}

class MalformedImage extends Error {}

/** Runs a reading of an image's structure; a structure it cannot follow is a 400 on `field`. */
function readOrRefuse<T>(field: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof MalformedImage)) throw error
    throw refuseField(field, 'image_unreadable', { message: `The image could not be read (${error.message}); export it again as JPEG or PNG.` })
  }
}

function need(condition: boolean, message: string): asserts condition {
  if (!condition) throw new MalformedImage(message)
}

// JPEG markers without a length: TEM, RST0–7, SOI, EOI.
const standaloneMarkers = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9])
const droppedJpegMarkers = new Set([0xe1, 0xed])

/** One JPEG marker from `offset` (fill bytes included) to `end`; a standalone marker has no length. */
interface JpegSegment {
  offset: number
  markerAt: number
  marker: number
  end: number
}

/**
 * The segments of a JPEG up to its end (EOI) or the start of its image data (SOS), which are
 * the last segment yielded: what follows is entropy-coded data, not segments.
 */
function* jpegSegments(bytes: Buffer): Generator<JpegSegment> {
  need(bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8, 'no JPEG start')
  let offset = 2
  for (;;) {
    need(offset + 2 <= bytes.length, 'the JPEG ends before its image data')
    need(bytes[offset] === 0xff, 'a JPEG segment does not start with a marker')
    // Fill bytes: any number of 0xFF before a marker.
    let markerAt = offset + 1
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt += 1
    need(markerAt < bytes.length, 'the JPEG ends inside a marker')
    const marker = bytes[markerAt]!
    if (marker === 0xd9) return yield { offset, markerAt, marker, end: bytes.length }
    if (standaloneMarkers.has(marker)) {
      yield { offset, markerAt, marker, end: markerAt + 1 }
      offset = markerAt + 1
      continue
    }
    need(markerAt + 3 <= bytes.length, 'the JPEG ends inside a segment length')
    const length = bytes.readUInt16BE(markerAt + 1)
    need(length >= 2, 'a JPEG segment has a wrong length')
    const end = markerAt + 1 + length
    need(end <= bytes.length, 'a JPEG segment runs past the end of the file')
    if (marker === 0xda) return yield { offset, markerAt, marker, end }
    yield { offset, markerAt, marker, end }
    offset = end
  }
}

function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)]
  for (const { offset, marker, end } of jpegSegments(bytes)) {
    // The end, or the start of scan: the entropy-coded image data and the rest are kept byte for byte.
    if (marker === 0xd9 || marker === 0xda) kept.push(bytes.subarray(offset))
    else if (!droppedJpegMarkers.has(marker)) kept.push(bytes.subarray(offset, end))
  }
  return Buffer.concat(kept)
}

// Start of frame: SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
const frameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** The frame header's size (ITU T.81 §B.2.2), found by walking the segments before the image data. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (const { markerAt, marker, end } of jpegSegments(bytes)) {
    if (!frameMarkers.has(marker)) continue
    // Length, sample precision, then the number of lines and of samples per line.
    need(end - markerAt - 1 >= 8, 'the JPEG frame header is too short')
    const height = bytes.readUInt16BE(markerAt + 4)
    const width = bytes.readUInt16BE(markerAt + 6)
    // A height of 0 is given later (a DNL marker): no camera writes one, and it cannot be checked here.
    need(width > 0 && height > 0, 'the JPEG frame has no size')
    return { width, height }
  }
  throw new MalformedImage('the JPEG has no frame header')
}

/** The IHDR chunk's size: the first chunk of every PNG (PNG spec §5.6, §11.2.2). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  need(bytes.length >= 24 && bytes.readUInt32BE(8) === 13 && bytes.toString('latin1', 12, 16) === 'IHDR', 'the PNG does not start with its header')
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  need(width > 0 && height > 0, 'the PNG has no size')
  return { width, height }
}

/**
 * The widest width and the tallest height of the image sizes ('ispe') in the meta box's item
 * properties (ISO/IEC 23008-12 §6.5.3.1): every image item has one. A phone's photo is a grid
 * of tiles with a thumbnail, each sized, and the grid's own size is the largest.
 */
function heicSize(bytes: Buffer): { width: number; height: number } {
  const meta = boxesIn(bytes, 0, bytes.length).find((box) => box.type === 'meta')
  need(meta !== undefined, 'the HEIC file has no meta box')
  const iprp = boxesIn(bytes, meta.content + 4, meta.end).find((box) => box.type === 'iprp')
  const ipco = iprp && boxesIn(bytes, iprp.content, iprp.end).find((box) => box.type === 'ipco')
  need(ipco !== undefined, 'the HEIC file has no item properties')
  const size = { width: 0, height: 0 }
  for (const ispe of boxesIn(bytes, ipco.content, ipco.end)) {
    if (ispe.type !== 'ispe') continue
    // A full box: version and flags, then the width and the height.
    const reader = new Reader(bytes, ispe.content + 4, ispe.end)
    size.width = Math.max(size.width, reader.uint(4))
    size.height = Math.max(size.height, reader.uint(4))
  }
  need(size.width > 0 && size.height > 0, 'the HEIC file gives no image size')
  return size
}

const droppedPngChunks = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt'])

function stripPng(bytes: Buffer): Buffer {
  need(bytes.length >= 8, 'no PNG signature')
  const kept: Buffer[] = [bytes.subarray(0, 8)]
  let offset = 8
  let ended = false
  while (!ended) {
    need(offset + 12 <= bytes.length, 'the PNG ends before its IEND chunk')
    const length = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    need(/^[A-Za-z]{4}$/.test(type), 'a PNG chunk has a wrong type')
    const end = offset + 12 + length
    need(end <= bytes.length, 'a PNG chunk runs past the end of the file')
    if (!droppedPngChunks.has(type)) kept.push(bytes.subarray(offset, end))
    ended = type === 'IEND'
    offset = end
  }
  return Buffer.concat(kept)
}

interface Box {
  type: string
  /** Where the box starts, where its content starts and where it ends. */
  start: number
  content: number
  end: number
}

/** The boxes between `from` and `to` (ISO/IEC 14496-12 §4.2). */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = []
  let offset = from
  while (offset < to) {
    need(offset + 8 <= to, 'a HEIC box header runs past its parent')
    let size = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    let content = offset + 8
    if (size === 1) {
      need(offset + 16 <= to, 'a HEIC box header runs past its parent')
      const large = bytes.readBigUInt64BE(offset + 8)
      need(large <= BigInt(to - offset), 'a HEIC box runs past its parent')
      size = Number(large)
      content = offset + 16
    } else if (size === 0) {
      size = to - offset
    }
    need(size >= content - offset && offset + size <= to, 'a HEIC box runs past its parent')
    boxes.push({ type, start: offset, content, end: offset + size })
    offset += size
  }
  return boxes
}

/** Reads fields of a box one after another, each checked to lie inside it. */
class Reader {
  constructor(
    private readonly bytes: Buffer,
    public offset: number,
    private readonly end: number,
  ) {}
  uint(size: number): number {
    if (size === 0) return 0
    need(this.offset + size <= this.end, 'a HEIC box is shorter than its fields')
    let value = 0
    for (let index = 0; index < size; index += 1) value = value * 256 + this.bytes[this.offset + index]!
    this.offset += size
    return value
  }
  fourcc(): string {
    need(this.offset + 4 <= this.end, 'a HEIC box is shorter than its fields')
    const value = this.bytes.toString('latin1', this.offset, this.offset + 4)
    this.offset += 4
    return value
  }
  cstring(): string {
    const zero = this.bytes.indexOf(0, this.offset)
    need(zero !== -1 && zero < this.end, 'a HEIC string is not terminated')
    const value = this.bytes.toString('utf8', this.offset, zero)
    this.offset = zero + 1
    return value
  }
}

/** The ids of the items that carry metadata: Exif, and XMP (a 'mime' item of RDF). */
function metadataItemIds(bytes: Buffer, iinf: Box): Set<number> {
  const header = new Reader(bytes, iinf.content, iinf.end)
  const version = header.uint(1)
  header.uint(3)
  header.uint(version === 0 ? 2 : 4)
  const ids = new Set<number>()
  for (const infe of boxesIn(bytes, header.offset, iinf.end)) {
    if (infe.type !== 'infe') continue
    const entry = new Reader(bytes, infe.content, infe.end)
    const entryVersion = entry.uint(1)
    entry.uint(3)
    // Versions 0 and 1 name no item type; HEIF files use 2 and 3.
    if (entryVersion < 2) continue
    const itemId = entry.uint(entryVersion === 2 ? 2 : 4)
    entry.uint(2)
    const itemType = entry.fourcc()
    if (itemType === 'Exif') ids.add(itemId)
    if (itemType === 'mime') {
      entry.cstring()
      if (entry.cstring().toLowerCase().includes('rdf+xml')) ids.add(itemId)
    }
  }
  return ids
}

interface Extent {
  method: number
  offset: number
  length: number
}

/** Where each wanted item's bytes are (ISO/IEC 14496-12 §8.11.3 'iloc'). */
function extentsOf(bytes: Buffer, iloc: Box, wanted: Set<number>): Extent[] {
  const reader = new Reader(bytes, iloc.content, iloc.end)
  const version = reader.uint(1)
  reader.uint(3)
  need(version <= 2, 'the HEIC item locations have an unknown version')
  const sizes = reader.uint(2)
  const offsetSize = sizes >> 12
  const lengthSize = (sizes >> 8) & 0xf
  const baseOffsetSize = (sizes >> 4) & 0xf
  const indexSize = version === 0 ? 0 : sizes & 0xf
  const itemCount = reader.uint(version < 2 ? 2 : 4)
  const extents: Extent[] = []
  for (let item = 0; item < itemCount; item += 1) {
    const itemId = reader.uint(version < 2 ? 2 : 4)
    const method = version === 0 ? 0 : reader.uint(2) & 0xf
    reader.uint(2)
    const baseOffset = reader.uint(baseOffsetSize)
    const extentCount = reader.uint(2)
    for (let extent = 0; extent < extentCount; extent += 1) {
      reader.uint(indexSize)
      const offset = reader.uint(offsetSize)
      const length = reader.uint(lengthSize)
      if (wanted.has(itemId)) extents.push({ method, offset: baseOffset + offset, length })
    }
  }
  return extents
}

function stripHeic(original: Buffer): Buffer {
  const top = boxesIn(original, 0, original.length)
  const meta = top.find((box) => box.type === 'meta')
  need(meta !== undefined, 'the HEIC file has no meta box')
  // meta is a full box: version and flags, then its children.
  const children = boxesIn(original, meta.content + 4, meta.end)
  const iinf = children.find((box) => box.type === 'iinf')
  const iloc = children.find((box) => box.type === 'iloc')
  need(iinf !== undefined && iloc !== undefined, 'the HEIC file has no item list')
  const wanted = metadataItemIds(original, iinf)
  if (wanted.size === 0) return original
  const idat = children.find((box) => box.type === 'idat')
  const bytes = Buffer.from(original)
  for (const extent of extentsOf(original, iloc, wanted)) {
    // 0: in the file; 1: in the meta box's idat; 2 (from another item) holds no bytes of its own.
    if (extent.method === 2) continue
    need(extent.method === 0 || idat !== undefined, 'a HEIC item is in a missing idat box')
    const base = extent.method === 0 ? 0 : idat!.content
    const limit = extent.method === 0 ? bytes.length : idat!.end
    const start = base + extent.offset
    // A length of 0 is "to the end" of the file or the idat box.
    const end = extent.length === 0 ? limit : start + extent.length
    need(start <= end && end <= limit, 'a HEIC item runs past the end of the file')
    bytes.fill(0, start, end)
  }
  return bytes
}
