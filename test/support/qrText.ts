import jsQR from "jsqr"

/**
 * Decodes a QR code printed as text with half-block characters (each character is two modules stacked: █ both
 * light, ▀ light over dark, ▄ dark over light, space both dark, as a light-on-dark terminal shows them), the way
 * a phone's camera reads it off the screen: the modules become pixels and a real decoder reads them.
 */
export const decodeQrText = (lines: ReadonlyArray<string>): string | undefined => {
  const scale = 4
  const cells = lines.map((line) => [...line])
  const width = Math.max(...cells.map((row) => row.length)) * scale
  const height = cells.length * 2 * scale
  const pixels = new Uint8ClampedArray(width * height * 4)
  const light: Record<string, readonly [boolean, boolean]> = {
    "█": [true, true],
    "▀": [true, false],
    "▄": [false, true],
    " ": [false, false],
  }
  for (const [y, row] of cells.entries())
    for (const [x, char] of row.entries()) {
      const [top, bottom] = light[char] ?? [false, false]
      for (const [half, isLight] of [
        [0, top],
        [1, bottom],
      ] as const)
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const offset = (((y * 2 + half) * scale + dy) * width + x * scale + dx) * 4
            // Light modules print as the terminal's foreground: they are the QR code's light cells.
            pixels.fill(isLight ? 255 : 0, offset, offset + 3)
            pixels[offset + 3] = 255
          }
    }
  return jsQR(pixels, width, height, { inversionAttempts: "attemptBoth" })?.data
}
