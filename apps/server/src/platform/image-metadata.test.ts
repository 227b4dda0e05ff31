import { describe, expect, it } from 'vitest'
import { gpsLatitudeBytes, heicWithGps, jpegWithGps, pngOfSize, pngWithGps } from '../../test/image-fixtures'
import { AppError } from './errors'
import { detectFileType } from './file-types'
import { imageSize, maxImagePixels, maxImageSide, refuseOversizedImage, stripLocationMetadata } from './image-metadata'

function refusal(run: () => unknown): AppError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }
  throw new Error('expected a refusal')
}

describe('stripLocationMetadata', () => {
  it('drops a JPEG’s Exif (GPS), XMP and IPTC segments and keeps every other byte as it was', () => {
    const jpeg = jpegWithGps()
    expect(jpeg.bytes.includes(gpsLatitudeBytes)).toBe(true)
    const stripped = stripLocationMetadata(jpeg.bytes, 'image/jpeg')
    expect(stripped.equals(jpeg.kept)).toBe(true)
    expect(stripped.includes(gpsLatitudeBytes)).toBe(false)
    expect(stripped.includes(Buffer.from('GPSLatitude'))).toBe(false)
    expect(stripped.includes(Buffer.from('Photoshop'))).toBe(false)
    expect(detectFileType(stripped)).toBe('image/jpeg')
    // A JPEG without metadata is kept byte for byte.
    expect(stripLocationMetadata(jpeg.kept, 'image/jpeg').equals(jpeg.kept)).toBe(true)
  })

  it('drops a PNG’s eXIf, tEXt, iTXt and zTXt chunks; the header and image data stay', () => {
    const png = pngWithGps()
    expect(png.bytes.includes(gpsLatitudeBytes)).toBe(true)
    const stripped = stripLocationMetadata(png.bytes, 'image/png')
    expect(stripped.equals(png.kept)).toBe(true)
    expect(stripped.includes(gpsLatitudeBytes)).toBe(false)
    expect(stripped.includes(Buffer.from('Church St'))).toBe(false)
    // Anything hidden after IEND goes too.
    const trailing = Buffer.concat([png.kept, Buffer.from('51.5074N,-2.3597W')])
    expect(stripLocationMetadata(trailing, 'image/png').equals(png.kept)).toBe(true)
  })

  it('zeroes a HEIC file’s Exif item (found through iinf and iloc), keeping its length and the image item', () => {
    for (const inIdat of [false, true]) {
      const heic = heicWithGps({ inIdat })
      expect(detectFileType(heic.bytes)).toBe('image/heic')
      expect(heic.bytes.subarray(heic.exif.start, heic.exif.end).includes(gpsLatitudeBytes)).toBe(true)
      const stripped = stripLocationMetadata(heic.bytes, 'image/heic')
      expect(stripped.length).toBe(heic.bytes.length)
      expect(stripped.includes(gpsLatitudeBytes)).toBe(false)
      expect(stripped.subarray(heic.exif.start, heic.exif.end).every((byte) => byte === 0)).toBe(true)
      // Every byte outside the Exif item is unchanged: the boxes, offsets and image data.
      expect(stripped.subarray(0, heic.exif.start).equals(heic.bytes.subarray(0, heic.exif.start))).toBe(true)
      expect(stripped.subarray(heic.exif.end).equals(heic.bytes.subarray(heic.exif.end))).toBe(true)
      expect(stripped.subarray(heic.image.start, heic.image.end).equals(heic.bytes.subarray(heic.image.start, heic.image.end))).toBe(true)
      expect(detectFileType(stripped)).toBe('image/heic')
    }
    // The caller's buffer is not changed under it.
    const heic = heicWithGps()
    stripLocationMetadata(heic.bytes, 'image/heic')
    expect(heic.bytes.includes(gpsLatitudeBytes)).toBe(true)
  })

  it('keeps a PDF as it is', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</GPS (51.5074N)>>endobj\n%%EOF')
    expect(stripLocationMetadata(pdf, 'application/pdf').equals(pdf)).toBe(true)
  })

  it('refuses, as a 400 on the field, a file that claims a type but whose structure cannot be followed', () => {
    const jpeg = jpegWithGps().bytes
    const png = pngWithGps().bytes
    const heic = heicWithGps().bytes
    const broken = [
      { bytes: jpeg.subarray(0, 30), type: 'image/jpeg' as const },
      { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00]), type: 'image/jpeg' as const },
      { bytes: Buffer.concat([jpeg.subarray(0, 2), Buffer.from('not a segment')]), type: 'image/jpeg' as const },
      { bytes: png.subarray(0, 40), type: 'image/png' as const },
      { bytes: Buffer.concat([png.subarray(0, 8), Buffer.from([0xff, 0xff, 0xff, 0xff]), Buffer.from('IHDR'), Buffer.alloc(8)]), type: 'image/png' as const },
      { bytes: heic.subarray(0, 60), type: 'image/heic' as const },
      // ftyp only: no meta box to look in.
      { bytes: heic.subarray(0, 24), type: 'image/heic' as const },
    ]
    for (const { bytes, type } of broken) {
      const error = refusal(() => stripLocationMetadata(bytes, type, 'photo'))
      expect(error.code).toBe('invalid_request')
      expect(error.status).toBe(400)
      expect(error.details).toEqual({
        errors: { photo: expect.stringContaining('The image could not be read') },
        error_codes: { photo: { code: 'image_unreadable', params: {} } },
      })
    }
  })
})

describe('imageSize', () => {
  it('reads the width and height from the header of a PNG, a JPEG and a HEIC file', () => {
    expect(imageSize(pngWithGps().bytes, 'image/png')).toEqual({ width: 2, height: 2 })
    expect(imageSize(pngOfSize(60_000, 40_000), 'image/png')).toEqual({ width: 60_000, height: 40_000 })
    expect(imageSize(jpegWithGps().bytes, 'image/jpeg')).toEqual({ width: 1, height: 1 })
    // The frame header comes after the Exif, XMP and IPTC segments and the tables.
    expect(imageSize(jpegWithGps({ width: 65_535, height: 300 }).bytes, 'image/jpeg')).toEqual({ width: 65_535, height: 300 })
    expect(imageSize(heicWithGps().bytes, 'image/heic')).toEqual({ width: 2, height: 2 })
    expect(imageSize(heicWithGps({ inIdat: true, size: { width: 8064, height: 6048 } }).bytes, 'image/heic')).toEqual({ width: 8064, height: 6048 })
    expect(imageSize(Buffer.from('%PDF-1.4\n%%EOF'), 'application/pdf')).toBeNull()
  })
})

describe('refuseOversizedImage', () => {
  it('passes a phone’s largest photo and refuses more than the bounds a side or in all, as a 400 on the field', () => {
    // A 48-megapixel photo of an iPhone, and the largest sizes allowed.
    expect(() => refuseOversizedImage(heicWithGps({ size: { width: 8064, height: 6048 } }).bytes, 'image/heic', 'file')).not.toThrow()
    expect(() => refuseOversizedImage(pngOfSize(maxImageSide, maxImagePixels / maxImageSide), 'image/png')).not.toThrow()
    const oversized = [
      { bytes: pngOfSize(60_000, 60_000), type: 'image/png' as const, size: '60000 × 60000' },
      { bytes: pngOfSize(maxImageSide + 1, 10), type: 'image/png' as const, size: `${maxImageSide + 1} × 10` },
      { bytes: jpegWithGps({ width: 10, height: 65_535 }).bytes, type: 'image/jpeg' as const, size: '10 × 65535' },
      { bytes: jpegWithGps({ width: 9000, height: 9000 }).bytes, type: 'image/jpeg' as const, size: '9000 × 9000' },
      { bytes: heicWithGps({ size: { width: 20_000, height: 20_000 } }).bytes, type: 'image/heic' as const, size: '20000 × 20000' },
    ]
    for (const { bytes, type, size } of oversized) {
      const error = refusal(() => refuseOversizedImage(bytes, type, 'photo'))
      expect(error.code).toBe('invalid_request')
      expect(error.details).toMatchObject({
        errors: { photo: expect.stringContaining(`The picture is too large (${size} pixels)`) },
        error_codes: { photo: { code: 'image_too_large' } },
      })
    }
  })

  it('refuses a header it cannot read: a PNG not starting with IHDR, a JPEG without a frame, a HEIC without sizes', () => {
    const png = pngWithGps().kept
    const jpeg = jpegWithGps().kept
    const withoutFrame = Buffer.concat([jpeg.subarray(0, 2), jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])))])
    const unsized = [
      { bytes: Buffer.concat([png.subarray(0, 8), png.subarray(33)]), type: 'image/png' as const },
      { bytes: withoutFrame, type: 'image/jpeg' as const },
      { bytes: jpegWithGps({ width: 5, height: 0 }).bytes, type: 'image/jpeg' as const },
      { bytes: heicWithGps({ size: { width: 0, height: 0 } }).bytes, type: 'image/heic' as const },
    ]
    for (const { bytes, type } of unsized) {
      const error = refusal(() => refuseOversizedImage(bytes, type, 'photo'))
      expect(error.details).toEqual({
        errors: { photo: expect.stringContaining('The image could not be read') },
        error_codes: { photo: { code: 'image_unreadable', params: {} } },
      })
    }
  })
})
