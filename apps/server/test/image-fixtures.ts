import { crc32, deflateSync } from 'node:zlib'

// Small but well-formed image files for the file store's tests, each with an Exif block
// that says where it was taken (GPS latitude 51° 30' 26" N), built byte by byte.

/** The GPS latitude's rationals (51/1, 30/1, 26/1) as an Exif block stores them. */
export const gpsLatitudeBytes = Buffer.from([0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 1])

/** A big-endian TIFF structure: IFD0 points to a GPS IFD holding GPSLatitudeRef and GPSLatitude. */
export function exifTiff(): Buffer {
  const header = Buffer.from('MM\u0000\u002a\u0000\u0000\u0000\u0008', 'latin1')
  // IFD0 at 8: one entry (GPSInfo → 26), next IFD 0.
  const ifd0 = Buffer.alloc(2 + 12 + 4)
  ifd0.writeUInt16BE(1, 0)
  ifd0.writeUInt16BE(0x8825, 2)
  ifd0.writeUInt16BE(4, 4)
  ifd0.writeUInt32BE(1, 6)
  ifd0.writeUInt32BE(26, 10)
  // GPS IFD at 26: GPSLatitudeRef 'N', GPSLatitude → 56 (3 rationals).
  const gps = Buffer.alloc(2 + 12 * 2 + 4)
  gps.writeUInt16BE(2, 0)
  gps.writeUInt16BE(0x0001, 2)
  gps.writeUInt16BE(2, 4)
  gps.writeUInt32BE(2, 6)
  gps.write('N\u0000', 10, 'latin1')
  gps.writeUInt16BE(0x0002, 14)
  gps.writeUInt16BE(5, 16)
  gps.writeUInt32BE(3, 18)
  gps.writeUInt32BE(26 + gps.length, 22)
  return Buffer.concat([header, ifd0, gps, gpsLatitudeBytes])
}

function segment(marker: number, content: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt16BE(0xff00 | marker, 0)
  head.writeUInt16BE(content.length + 2, 2)
  return Buffer.concat([head, content])
}

export interface BuiltJpeg {
  bytes: Buffer
  /** The segments that stay (JFIF, tables, frame) and the image data from the start of scan. */
  kept: Buffer
}

/** A baseline JPEG's structure: JFIF, Exif (GPS), XMP, IPTC, tables, frame, scan and its data; 1 × 1 unless sized. */
export function jpegWithGps(size: { width: number; height: number } = { width: 1, height: 1 }): BuiltJpeg {
  const soi = Buffer.from([0xff, 0xd8])
  const jfif = segment(0xe0, Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1'))
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), exifTiff()]))
  const xmp = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\u0000<x:xmpmeta><exif:GPSLatitude>51,30.4N</exif:GPSLatitude></x:xmpmeta>', 'latin1'))
  const iptc = segment(0xed, Buffer.from('Photoshop 3.0\u00008BIM\u0004\u0004\u0000\u0000\u0000\u0000\u0000\u0004Bath', 'latin1'))
  const dqt = segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]))
  const sof = segment(0xc0, Buffer.concat([Buffer.from([8]), u16(size.height), u16(size.width), Buffer.from([1, 1, 0x11, 0])]))
  const dht = segment(0xc4, Buffer.concat([Buffer.from([0]), Buffer.from([0, 1, ...Array<number>(14).fill(0)]), Buffer.from([0])]))
  const sos = segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0]))
  // Entropy-coded data, with a stuffed 0xFF00 and a restart marker, then the end.
  const data = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd9])
  return {
    bytes: Buffer.concat([soi, jfif, exif, xmp, iptc, dqt, sof, dht, sos, data]),
    kept: Buffer.concat([soi, jfif, dqt, sof, dht, sos, data]),
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

export interface BuiltPng {
  bytes: Buffer
  /** The file as it must be kept: the signature and the image's own chunks. */
  kept: Buffer
}

/** A 2×2 RGB PNG with an eXIf (GPS) chunk and text chunks that name a place. */
export function pngWithGps(): BuiltPng {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const header = Buffer.alloc(13)
  header.writeUInt32BE(2, 0)
  header.writeUInt32BE(2, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const ihdr = chunk('IHDR', header)
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255])
  const idat = chunk('IDAT', deflateSync(rows))
  const iend = chunk('IEND', Buffer.alloc(0))
  const exif = chunk('eXIf', exifTiff())
  const text = chunk('tEXt', Buffer.from('Location\u000012 Church St, Bath', 'latin1'))
  const itxt = chunk('iTXt', Buffer.from('XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<exif:GPSLatitude>51,30.4N</exif:GPSLatitude>', 'latin1'))
  const ztxt = chunk('zTXt', Buffer.concat([Buffer.from('Comment\u0000\u0000', 'latin1'), deflateSync(Buffer.from('taken at home'))]))
  return {
    bytes: Buffer.concat([signature, ihdr, exif, text, idat, itxt, ztxt, iend]),
    kept: Buffer.concat([signature, ihdr, idat, iend]),
  }
}

/**
 * A PNG that says it is `width` × `height` pixels (8-bit grey): a real header with its CRC,
 * and image data for its first row only (a decoder runs out; a header reader does not care).
 * 60000 × 60000 is an image bomb of a few hundred bytes.
 */
export function pngOfSize(width: number, height: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  const firstRow = Buffer.alloc(1 + width)
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(firstRow)), chunk('IEND', Buffer.alloc(0))])
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

function fullBox(type: string, version: number, ...content: Buffer[]): Buffer {
  return box(type, Buffer.from([version, 0, 0, 0]), ...content)
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(value)
  return bytes
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}

function infe(itemId: number, type: string, name = ''): Buffer {
  return fullBox('infe', 2, u16(itemId), u16(0), Buffer.from(type, 'latin1'), Buffer.from(`${name}\u0000`, 'latin1'))
}

export interface BuiltHeic {
  bytes: Buffer
  /** Where the Exif item's bytes are, and the image item's. */
  exif: { start: number; end: number }
  image: { start: number; end: number }
}

/**
 * A HEIF file's box structure: ftyp (heic), meta (hdlr, pitm, iinf with an 'hvc1' image
 * item and an 'Exif' item, iprp with the image's size, iloc) and mdat holding both items'
 * bytes. With `inIdat` the Exif item lives in the meta box's idat (construction method 1,
 * iloc version 1). The image is 2 × 2 unless `size` says otherwise.
 */
export function heicWithGps(options: { inIdat?: boolean; size?: { width: number; height: number } } = {}): BuiltHeic {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'))
  const hdlr = fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from('\u0000', 'latin1'))
  const pitm = fullBox('pitm', 0, u16(1))
  const iinf = fullBox('iinf', 0, u16(2), infe(1, 'hvc1'), infe(2, 'Exif'))
  const size = options.size ?? { width: 2, height: 2 }
  // The size property, associated with the image item (ipma: item 1, property 1, essential).
  const iprp = box('iprp', box('ipco', fullBox('ispe', 0, u32(size.width), u32(size.height))), fullBox('ipma', 0, u32(1), u16(1), Buffer.from([1, 0x81])))
  const imageData = Buffer.from([0, 0, 0, 8, 0x26, 0x01, 0xaf, 0x13, 0x71, 0x42, 0x99, 0x07])
  const exifData = Buffer.concat([u32(0), Buffer.from('Exif\u0000\u0000', 'latin1'), exifTiff()])
  // iloc sizes: offset 4, length 4, base offset 0, index 0.
  const iloc = (imageOffset: number, exifOffset: number) =>
    options.inIdat
      ? fullBox(
          'iloc',
          1,
          u16(0x4400),
          u16(2),
          u16(1),
          u16(0),
          u16(0),
          u16(1),
          u32(imageOffset),
          u32(imageData.length),
          u16(2),
          u16(1),
          u16(0),
          u16(1),
          u32(exifOffset),
          u32(exifData.length),
        )
      : fullBox(
          'iloc',
          0,
          u16(0x4400),
          u16(2),
          u16(1),
          u16(0),
          u16(1),
          u32(imageOffset),
          u32(imageData.length),
          u16(2),
          u16(0),
          u16(1),
          u32(exifOffset),
          u32(exifData.length),
        )
  const idat = options.inIdat ? box('idat', exifData) : Buffer.alloc(0)
  const metaOf = (imageOffset: number, exifOffset: number) => fullBox('meta', 0, hdlr, pitm, iinf, iprp, iloc(imageOffset, exifOffset), idat)
  // Offsets are fixed by the sizes, which do not depend on them: measure, then build.
  const metaLength = metaOf(0, 0).length
  const mdatStart = ftyp.length + metaLength
  const imageStart = mdatStart + 8
  const exifStart = options.inIdat ? 0 : imageStart + imageData.length
  const meta = metaOf(imageStart, exifStart)
  const mdat = box('mdat', imageData, options.inIdat ? Buffer.alloc(0) : exifData)
  const bytes = Buffer.concat([ftyp, meta, mdat])
  const exifAt = options.inIdat ? ftyp.length + meta.length - idat.length + 8 : exifStart
  return { bytes, exif: { start: exifAt, end: exifAt + exifData.length }, image: { start: imageStart, end: imageStart + imageData.length } }
}
