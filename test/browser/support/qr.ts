import jsQR from "jsqr"
import type { Locator } from "playwright-core"

/**
 * What a phone's camera reads off the screen: `code` (a QR code on the page) photographed as it is drawn,
 * its pixels handed to a real decoder. The PNG is decoded in the page itself (its canvas), so the test needs
 * no image library of its own.
 */
export const decodeQrOnScreen = async (code: Locator): Promise<string | undefined> => {
  const png = await code.screenshot()
  const { width, height, pixels } = await code.page().evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement("canvas")
    canvas.width = image.width
    canvas.height = image.height
    const context2d = canvas.getContext("2d") as CanvasRenderingContext2D
    context2d.drawImage(image, 0, 0)
    const data = context2d.getImageData(0, 0, image.width, image.height).data
    return { width: image.width, height: image.height, pixels: Array.from(data) }
  }, png.toString("base64"))
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data
}
