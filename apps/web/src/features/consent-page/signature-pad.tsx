import { forwardRef, useImperativeHandle, useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Box, Button, Group, Input } from '@mantine/core'

export interface SignaturePadHandle {
  /** The drawing as a PNG, or null while nothing is drawn. */
  toPng(): Promise<Blob | null>
}

const height = 180

/**
 * A canvas to sign on with a finger, a pen or the mouse (pointer events), with Clear.
 * The pointer is captured while drawing, and touch-action: none keeps the page from
 * scrolling under a finger that signs.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { error?: string | undefined; onSigned: () => void }>(function SignaturePad(
  { error, onSigned },
  ref,
) {
  const { t } = useTranslation('consent-page')
  const canvas = useRef<HTMLCanvasElement>(null)
  const last = useRef<{ x: number; y: number } | null>(null)
  const [signed, setSigned] = useState(false)

  useImperativeHandle(ref, () => ({
    toPng: () =>
      new Promise((resolve) => {
        if (!signed || !canvas.current) return resolve(null)
        canvas.current.toBlob((blob) => resolve(blob), 'image/png')
      }),
  }))

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget
    const box = element.getBoundingClientRect()
    // The canvas's own pixels, whatever width CSS gives it.
    return {
      x: ((event.clientX - box.left) * element.width) / (box.width || element.width),
      y: ((event.clientY - box.top) * element.height) / (box.height || element.height),
    }
  }

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    last.current = pointOf(event)
  }

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return
    const context = event.currentTarget.getContext('2d')
    const point = pointOf(event)
    if (context) {
      context.lineWidth = 2.5
      context.lineCap = 'round'
      context.strokeStyle = '#111'
      context.beginPath()
      context.moveTo(last.current.x, last.current.y)
      context.lineTo(point.x, point.y)
      context.stroke()
    }
    last.current = point
    if (!signed) {
      setSigned(true)
      onSigned()
    }
  }

  const end = () => {
    last.current = null
  }

  const clear = () => {
    const element = canvas.current
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height)
    setSigned(false)
  }

  return (
    <Input.Wrapper id="signature-pad" label={t('parental.signatureLabel')} description={t('parental.signatureHint')} error={error} withAsterisk>
      <Box
        mt={4}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('parental.signatureLabel')}
          aria-describedby={error ? 'signature-pad-description signature-pad-error' : 'signature-pad-description'}
          width={600}
          height={height}
          style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          onPointerLeave={end}
        />
      </Box>
      <Group justify="flex-end" mt={4}>
        <Button variant="subtle" size="compact-sm" onClick={clear} disabled={!signed}>
          {t('parental.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  )
})
